// SPDX-License-Identifier: Apache-2.0
// chachapoly_top.v
// ChaCha20-Poly1305 (RFC 8439) engine: an unchanged chacha_top and poly1305_top behind the
// common streaming interface. CFG.AEAD = 0 passes everything straight through to chacha_top.
`default_nettype none
`include "soc_memmap.vh"

// An AEAD message (engines/chachapoly/README.md) is one ChaCha20 message of chacha_top: block
// 0 (counter 0, input zero) gives the Poly1305 one-time key, blocks 1.. the payload's keystream;
// an empty payload phase is sent to chacha_top as a last block whose output is dropped. The
// AAD blocks, the ciphertext (encryption: the output, taken from chacha_top's output register a
// cycle after the transfer; decryption: the input) and the received tag pass through one 64-byte
// buffer, mb_q, zero-padded to its valid bytes; Poly1305 takes it 16 bytes at a time, then the
// length block. Each 64-byte block needs four Poly1305 blocks (5 cycles each) against
// chacha_top's 20 cycles per block, so the buffer is free again when the next keystream block
// is: a payload block is taken only while the buffer is free (or frees in this cycle).
module chachapoly_top (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         zeroize_i,
  input  wire [9:0]   cfg_i,
  input  wire         start_i,
  input  wire [255:0] key_i,
  input  wire         key_valid_i,
  output wire         key_ready_o,
  input  wire [127:0] iv_i,
  input  wire         iv_valid_i,
  output wire [127:0] iv_o,
  input  wire         in_valid_i,
  output wire         in_ready_o,
  input  wire [511:0] in_data_i,
  input  wire         in_last_i,
  input  wire [7:0]   in_bytes_i,     // AEAD: valid bytes of a phase's last block (0..64)
  output wire         out_valid_o,
  input  wire         out_ready_i,
  output wire [511:0] out_data_o,
  output wire         out_last_o,
  output wire         busy_o,
  output wire         err_o,
  output wire [3:0]   err_code_o
);

  localparam [3:0] ERR_NONE  = 4'd0;
  localparam [3:0] ERR_CFG   = `CV_CHACHA_STATUS_ERR_CODE_CFG;
  localparam [3:0] ERR_BUSY  = `CV_CHACHA_STATUS_ERR_CODE_BUSY;
  localparam [3:0] ERR_NOKEY = `CV_CHACHA_STATUS_ERR_CODE_NOKEY;
  localparam [3:0] ERR_LEN   = `CV_CHACHA_STATUS_ERR_CODE_LEN;
  localparam [3:0] ERR_AUTH  = `CV_CHACHA_STATUS_ERR_CODE_AUTH;
  localparam integer C_AEAD = `CV_CHACHA_CFG_AEAD_LSB;
  localparam integer C_DEC  = `CV_CHACHA_CFG_DEC_LSB;
  // the only chacha_top configuration of an AEAD message: ChaCha20, 256-bit key, RFC 8439, XOR
  localparam [7:0] CFG_C20 = ({3'd0, `CV_CHACHA_CFG_ROUNDS_20} << `CV_CHACHA_CFG_ROUNDS_LSB) |
                             (8'd1 << `CV_CHACHA_CFG_RFC_LSB) | (8'd1 << `CV_CHACHA_CFG_XOR_LSB);
  localparam [7:0] CFG_CHK = (8'd31 << `CV_CHACHA_CFG_ROUNDS_LSB) |
                             (8'd1 << `CV_CHACHA_CFG_K128_LSB) |
                             (8'd1 << `CV_CHACHA_CFG_RFC_LSB) | (8'd1 << `CV_CHACHA_CFG_XOR_LSB);
  // phases of an AEAD message
  localparam [1:0] PH_AAD = 2'd0, PH_PAY = 2'd1, PH_TAG = 2'd2, PH_END = 2'd3;

  // 64-bit little-endian serialisation of a count (byte 0 in the top bits)
  function automatic [63:0] le64(input [63:0] v);
    integer i;
    for (i = 0; i < 8; i = i + 1) le64[63 - 8*i -: 8] = v[8*i +: 8];
  endfunction
  // byte enables of a block with n valid bytes, byte 0 in bit 63
  function automatic [63:0] thermo(input [6:0] n);
    integer i;
    for (i = 0; i < 64; i = i + 1) thermo[63 - i] = (i < n);
  endfunction
  function automatic [511:0] bytes_mask(input [63:0] m);
    integer i;
    for (i = 0; i < 64; i = i + 1) bytes_mask[511 - 8*i -: 8] = {8{m[63 - i]}};
  endfunction

  // ---------------------------------------------------------------------------------------------
  // Registers
  reg         am_q, am_d;         // an AEAD message runs
  reg         dec_q, dec_d;
  reg         cst_q;              // chacha_top's start, the cycle after the AEAD start
  reg [1:0]   ph_q, ph_d;
  reg         kblk_q, kblk_d;     // block 0 not yet transferred to chacha_top
  reg         oint_q, oint_d;     // chacha_top's next output is the engine's own (block 0, dummy)
  reg         kout_q, kout_d;     // ... and it is block 0: the one-time key
  reg         pkw_q, pkw_d;       // the key is in poly1305_top, r^2 on its way: start when ready
  reg         prun_q, prun_d;     // poly1305_top's message runs
  reg [511:0] mb_q, mb_d;         // AAD / ciphertext block, zero-padded; or the received tag
  reg [2:0]   mbn_q, mbn_d;       // 16-byte blocks of mb_q still to MAC
  reg [1:0]   mbp_q, mbp_d;       // the next of them
  reg         ofr_q, ofr_d;       // encryption: chacha_top's output goes into mb_q now
  reg [2:0]   onc_q, onc_d;       // ... with this many 16-byte blocks
  reg [63:0]  omask_q, omask_d;   // valid bytes of chacha_top's output (all in plain ChaCha)
  reg [63:0]  alen_q, alen_d;     // AAD bytes
  reg [63:0]  clen_q, clen_d;     // ciphertext bytes
  reg         lsent_q, lsent_d;   // the length block went to poly1305_top
  reg         lerr_q, lerr_d;     // LEN in this message: no tag
  reg         fv_q, fv_d;         // the final block (tag or verdict) is offered
  reg [127:0] fo_q, fo_d;
  reg         aerr_q, aerr_d;
  reg [3:0]   acode_q, acode_d;

  // ---------------------------------------------------------------------------------------------
  // chacha_top and poly1305_top
  wire         c_key_ready, c_in_ready, c_out_valid, c_out_last, c_busy, c_err;
  wire [127:0] c_iv_o;
  wire [511:0] c_out_data;
  wire [3:0]   c_code;
  wire         p_key_ready, p_in_ready, p_out_valid;
  wire [127:0] p_out_data;
  /* verilator lint_off UNUSEDSIGNAL */  // the sequence never provokes them
  wire         p_out_last, p_busy, p_err;
  wire [3:0]   p_code;
  /* verilator lint_on UNUSEDSIGNAL */

  wire cfg_aead = cfg_i[C_AEAD];
  wire busy = c_busy || am_q;
  // requests passed to chacha_top (plain ChaCha, no AEAD message running)
  wire pass_start = start_i && !am_q && !cfg_aead;
  wire pass_key = key_valid_i && !am_q;
  wire pass_iv = iv_valid_i && !am_q;
  wire cfg_ok = (cfg_i[7:0] & CFG_CHK) == CFG_C20;
  wire ast = start_i && cfg_aead && !busy && cfg_ok && c_key_ready;   // AEAD start accepted
  // ChaCha20 block 0 has counter 0: the IV's nonce (a load in the start cycle wins), counter 0
  wire [95:0]  nonce = iv_valid_i ? iv_i[95:0] : c_iv_o[95:0];
  wire [127:0] c_iv = ast ? {32'h0, nonce} : iv_i;

  // the valid bytes of the offered block: 64, or a phase's last block's count (more: LEN)
  wire        len_bad = in_last_i && (in_bytes_i > 8'd64);
  wire [6:0]  nb = (!in_last_i || len_bad) ? 7'd64 : in_bytes_i[6:0];
  wire [2:0]  nchunk = (nb == 7'd64) ? 3'd4 : {1'b0, nb[5:4]} + {2'b0, nb[3:0] != 4'd0};
  wire [63:0] m_in = thermo(nb);

  // mb_q is free for a new block: empty, or its last 16 bytes go to Poly1305 now
  wire p_len = prun_q && ph_q[1] && mbn_q == 3'd0 && !ofr_q && !lsent_q;
  wire p_in_valid = prun_q && (mbn_q != 3'd0 || p_len);
  wire p_fire = p_in_valid && p_in_ready;
  wire mb_ok = !ofr_q && (mbn_q == 3'd0 || (mbn_q == 3'd1 && p_fire));
  wire pay = ph_q == PH_PAY && !kblk_q;
  reg  a_in_ready;
  always @* begin
    case (ph_q)
      PH_AAD:  a_in_ready = mb_ok;
      PH_PAY:  a_in_ready = pay && mb_ok && c_in_ready;
      PH_TAG:  a_in_ready = mb_ok;
      default: a_in_ready = 1'b0;
    endcase
  end
  wire a_fire = am_q && in_valid_i && a_in_ready;

  wire         c_start = pass_start || cst_q;
  wire [7:0]   c_cfg = cst_q ? CFG_C20 : cfg_i[7:0];
  wire         c_in_valid = am_q ? (kblk_q || (pay && in_valid_i && mb_ok)) : in_valid_i;
  wire [511:0] c_in_data = kblk_q ? 512'd0 : in_data_i;
  wire         c_in_last = in_last_i && !kblk_q;
  wire         c_out_ready = (am_q && oint_q) || out_ready_i;
  wire         c_fire = c_in_valid && c_in_ready;
  wire         c_ext = c_out_valid && !(am_q && oint_q);   // chacha_top's output is offered

  chacha_top u_chacha (
    .clk_i(clk_i), .rst_ni(rst_ni), .zeroize_i(zeroize_i), .cfg_i(c_cfg), .start_i(c_start),
    .key_i(key_i), .key_valid_i(pass_key), .key_ready_o(c_key_ready), .iv_i(c_iv),
    .iv_valid_i(pass_iv || ast), .iv_o(c_iv_o), .in_valid_i(c_in_valid),
    .in_ready_o(c_in_ready), .in_data_i(c_in_data), .in_last_i(c_in_last),
    .out_valid_o(c_out_valid), .out_ready_i(c_out_ready), .out_data_o(c_out_data),
    .out_last_o(c_out_last), .busy_o(c_busy), .err_o(c_err), .err_code_o(c_code)
  );

  // Poly1305 is fed mb_q's 16-byte blocks in order, then le64(AAD bytes) || le64(CT bytes)
  wire [127:0] p_in_data = (mbn_q != 3'd0) ? mb_q[511 - 128*mbp_q -: 128]
                                           : {le64(alen_q), le64(clen_q)};
  wire p_key_valid = am_q && kout_q && c_out_valid;
  wire p_start = pkw_q && p_key_ready;
  // the final block waits until chacha_top's last output has been taken
  wire p_out_ready = am_q && ph_q == PH_END && !c_ext && !fv_q;
  wire p_out_fire = p_out_valid && p_out_ready;

  poly1305_top u_poly (
    .clk_i(clk_i), .rst_ni(rst_ni), .zeroize_i(zeroize_i), .start_i(p_start),
    .key_i(c_out_data[511:256]), .key_valid_i(p_key_valid), .key_ready_o(p_key_ready),
    .in_valid_i(p_in_valid), .in_ready_o(p_in_ready), .in_data_i(p_in_data),
    .in_bytes_i(5'b10000), .in_last_i(mbn_q == 3'd0), .out_valid_o(p_out_valid),
    .out_ready_i(p_out_ready), .out_data_o(p_out_data), .out_last_o(p_out_last),
    .busy_o(p_busy), .err_o(p_err), .err_code_o(p_code)
  );

  // ---------------------------------------------------------------------------------------------
  // Control
  wire [511:0] out_w = (c_out_data & bytes_mask(omask_q)) | {fo_q, 384'd0};
  wire tag_bad = p_out_data != mb_q[511:384];

  always @* begin : control
    am_d = am_q;
    dec_d = dec_q;
    ph_d = ph_q;
    kblk_d = kblk_q;
    oint_d = oint_q;
    kout_d = kout_q;
    pkw_d = pkw_q;
    prun_d = prun_q;
    mb_d = mb_q;
    mbn_d = mbn_q;
    mbp_d = mbp_q;
    ofr_d = 1'b0;
    onc_d = onc_q;
    omask_d = omask_q;
    alen_d = alen_q;
    clen_d = clen_q;
    lsent_d = lsent_q;
    lerr_d = lerr_q;
    fv_d = fv_q;
    fo_d = fo_q;
    aerr_d = aerr_q;
    acode_d = acode_q;

    // chacha_top decides what it is passed: a start, or a write while it is busy, replaces the
    // engine's own error with chacha_top's verdict
    if (pass_start || ((pass_key || pass_iv) && c_busy)) aerr_d = 1'b0;
    if (pass_start) omask_d = {64{1'b1}};

    // chacha_top's outputs that stay inside: block 0 loads Poly1305's key
    if (am_q && oint_q && c_out_valid) begin
      oint_d = 1'b0;
      kout_d = 1'b0;
      if (kout_q) pkw_d = 1'b1;
    end
    if (p_start) begin
      pkw_d = 1'b0;
      prun_d = 1'b1;
    end
    if (p_fire) begin
      if (mbn_q != 3'd0) begin
        mbn_d = mbn_q - 3'd1;
        mbp_d = mbp_q + 2'd1;
      end else begin
        lsent_d = 1'b1;
      end
    end
    if (ofr_q) begin
      mb_d = out_w;
      mbn_d = onc_q;
      mbp_d = 2'd0;
    end

    if (am_q && c_fire) begin
      oint_d = kblk_q || nb == 7'd0;
      kout_d = kblk_q;
      kblk_d = 1'b0;
      omask_d = kblk_q ? 64'd0 : m_in;
    end
    if (a_fire) begin
      if (len_bad) begin
        lerr_d = 1'b1;
        aerr_d = 1'b1;
        acode_d = ERR_LEN;
      end
      case (ph_q)
        PH_AAD: begin
          mb_d = in_data_i & bytes_mask(m_in);
          mbn_d = nchunk;
          mbp_d = 2'd0;
          alen_d = alen_q + {57'd0, nb};
          if (in_last_i) ph_d = PH_PAY;
        end
        PH_PAY: begin
          clen_d = clen_q + {57'd0, nb};
          if (dec_q) begin
            mb_d = in_data_i & bytes_mask(m_in);
            mbn_d = nchunk;
            mbp_d = 2'd0;
          end else begin
            ofr_d = 1'b1;
            onc_d = nchunk;
          end
          if (in_last_i) ph_d = dec_q ? PH_TAG : PH_END;
        end
        default: begin  // the received tag
          mb_d = in_data_i & bytes_mask(m_in);
          mbn_d = 3'd0;
          if (in_last_i) ph_d = PH_END;
        end
      endcase
    end

    // the tag, or the decryption's all-zero verdict (LEN: no tag)
    if (p_out_fire) begin
      fv_d = 1'b1;
      fo_d = (dec_q || lerr_q) ? 128'd0 : p_out_data;
      omask_d = 64'd0;
      prun_d = 1'b0;
      if (dec_q && !lerr_q && tag_bad) begin
        aerr_d = 1'b1;
        acode_d = ERR_AUTH;
      end
    end
    if (fv_q && out_ready_i) begin
      fv_d = 1'b0;
      fo_d = 128'd0;
      am_d = 1'b0;
    end

    // requests the engine answers itself: those of an AEAD message, those during one
    if (start_i && (cfg_aead || am_q)) begin
      if (busy) begin
        aerr_d = 1'b1;
        acode_d = ERR_BUSY;
      end else if (!cfg_ok) begin
        aerr_d = 1'b1;
        acode_d = ERR_CFG;
      end else if (!c_key_ready) begin
        aerr_d = 1'b1;
        acode_d = ERR_NOKEY;
      end
    end
    if ((key_valid_i || iv_valid_i) && am_q) begin
      aerr_d = 1'b1;
      acode_d = ERR_BUSY;
    end
    if (ast) begin
      am_d = 1'b1;
      dec_d = cfg_i[C_DEC];
      ph_d = PH_AAD;
      kblk_d = 1'b1;
      oint_d = 1'b0;
      kout_d = 1'b0;
      pkw_d = 1'b0;
      prun_d = 1'b0;
      mbn_d = 3'd0;
      mbp_d = 2'd0;
      omask_d = 64'd0;
      alen_d = 64'd0;
      clen_d = 64'd0;
      lsent_d = 1'b0;
      lerr_d = 1'b0;
      fv_d = 1'b0;
      fo_d = 128'd0;
      aerr_d = 1'b0;
      acode_d = ERR_NONE;
    end

    if (zeroize_i) begin
      am_d = 1'b0;
      dec_d = 1'b0;
      ph_d = PH_AAD;
      kblk_d = 1'b0;
      oint_d = 1'b0;
      kout_d = 1'b0;
      pkw_d = 1'b0;
      prun_d = 1'b0;
      mb_d = 512'd0;
      mbn_d = 3'd0;
      mbp_d = 2'd0;
      ofr_d = 1'b0;
      onc_d = 3'd0;
      omask_d = {64{1'b1}};
      alen_d = 64'd0;
      clen_d = 64'd0;
      lsent_d = 1'b0;
      lerr_d = 1'b0;
      fv_d = 1'b0;
      fo_d = 128'd0;
      aerr_d = 1'b0;
      acode_d = ERR_NONE;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      am_q <= 1'b0;
      dec_q <= 1'b0;
      cst_q <= 1'b0;
      ph_q <= PH_AAD;
      kblk_q <= 1'b0;
      oint_q <= 1'b0;
      kout_q <= 1'b0;
      pkw_q <= 1'b0;
      prun_q <= 1'b0;
      mb_q <= 512'd0;
      mbn_q <= 3'd0;
      mbp_q <= 2'd0;
      ofr_q <= 1'b0;
      onc_q <= 3'd0;
      omask_q <= {64{1'b1}};
      alen_q <= 64'd0;
      clen_q <= 64'd0;
      lsent_q <= 1'b0;
      lerr_q <= 1'b0;
      fv_q <= 1'b0;
      fo_q <= 128'd0;
      aerr_q <= 1'b0;
      acode_q <= ERR_NONE;
    end else begin
      am_q <= am_d;
      dec_q <= dec_d;
      cst_q <= ast && !zeroize_i;
      ph_q <= ph_d;
      kblk_q <= kblk_d;
      oint_q <= oint_d;
      kout_q <= kout_d;
      pkw_q <= pkw_d;
      prun_q <= prun_d;
      mb_q <= mb_d;
      mbn_q <= mbn_d;
      mbp_q <= mbp_d;
      ofr_q <= ofr_d;
      onc_q <= onc_d;
      omask_q <= omask_d;
      alen_q <= alen_d;
      clen_q <= clen_d;
      lsent_q <= lsent_d;
      lerr_q <= lerr_d;
      fv_q <= fv_d;
      fo_q <= fo_d;
      aerr_q <= aerr_d;
      acode_q <= acode_d;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs: chacha_top's, except while an AEAD message runs (and its errors until the next
  // start); chacha_top's stale error is hidden in the cycle before its start clears it
  assign key_ready_o = c_key_ready;
  assign iv_o = c_iv_o;
  assign in_ready_o = am_q ? a_in_ready : c_in_ready;
  assign out_valid_o = am_q ? (c_ext || fv_q) : c_out_valid;
  assign out_data_o = out_w;
  assign out_last_o = am_q ? fv_q : c_out_last;
  assign busy_o = busy;
  assign err_o = aerr_q || (c_err && !cst_q);
  assign err_code_o = aerr_q ? acode_q : cst_q ? ERR_NONE : c_code;

endmodule

`default_nettype wire
