// SPDX-License-Identifier: Apache-2.0
// aead_top.v
// AES engine with AES-GCM and AES-CCM / CCM*: aes_top and ghash_top behind one streaming
// interface. The AES modes pass straight through to aes_top; GCM and CCM run a sequencer that
// drives aes_top in ECB as a block cipher and ghash_top as GCM's authenticator.
`default_nettype none
`include "soc_memmap.vh"

// cfg_i (CFG_BITS = 14): bits 7:0 are aes_top's CFG (KSZ, MODE, DEC, KIND); MODE GCM and CCM
// select the AEAD, which also reads TLEN (tag bytes) and IVB (GCM: IV given as blocks). Field
// positions, values and error codes come from the generated `CV_AES_* defines
// (engines/aes/regs.toml).
//
// An AEAD message is a sequence of phases, each a run of input blocks closed by in_last_i:
//   GCM: [IV (IVB = 1)], AAD, payload, [tag (decryption)]
//   CCM: AAD (the feeder's length-prefixed AAD), payload, [tag (decryption with TLEN > 0)]
// Every block but a phase's last is whole; the last carries in_bytes_i valid bytes (0..16, 0
// for an empty phase). Each non-empty payload block gives one output block (its valid bytes,
// the rest zero); the message ends with one block with out_last_o: the tag (encryption,
// TLEN bytes, the rest zero) or the verdict (decryption: all zero; a wrong tag sets AUTH).
//
// aes_top runs one ECB message per AEAD message (plus one for H = E(0) after each key load):
// every block the sequencer issues is recorded in a queue (kind, payload data, valid bytes) and
// the results come back in order. The last ECB block is always E(J0) (GCM) or E(A0) (CCM), the
// mask of the tag, issued when the payload phase has ended, so the ECB message's end is known
// when its last block is issued. Datapath schedules (Nr rounds per block on rolled):
//   GCM:     one counter block per payload block; GHASH takes each ciphertext when its
//            keystream returns, in parallel with the next block's rounds (DIGIT bits per cycle).
//   CCM enc: MAC(X ^ P_i) then CTR(A_i); the MAC of the next block finds X ready, since X left
//            the datapath while CTR ran: two AES per block, back to back.
//   CCM dec: CTR(A_i), then MAC(X ^ C_i ^ KS_i) issued in the cycle the keystream is taken from
//            aes_top's output register (one cycle after it left the datapath).
// CCM's payload block is read (for its MAC) one issue before it is taken (with its CTR): the
// feeder holds in_valid_i and the block until in_ready_o, as the handshake requires.
module aead_top #(
  parameter integer ARCH  = 0,   // aes_top ARCH: 0 rolled, 2 pipelined
  parameter integer SBOX  = 1,   // aes_top SBOX: 0 table, 1 composite field
  parameter integer DIGIT = 16   // ghash_top DIGIT: 128 / DIGIT cycles per GHASH block
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         zeroize_i,
  input  wire [13:0]  cfg_i,
  input  wire         start_i,
  input  wire [255:0] key_i,
  input  wire         key_valid_i,
  output wire         key_ready_o,
  input  wire [127:0] iv_i,
  input  wire         iv_valid_i,
  output wire [127:0] iv_o,
  input  wire         in_valid_i,
  output wire         in_ready_o,
  input  wire [127:0] in_data_i,
  input  wire         in_last_i,
  input  wire [4:0]   in_bytes_i,   // valid bytes of a phase's last block (0..16), with in_last_i
  output wire         out_valid_o,
  input  wire         out_ready_i,
  output wire [127:0] out_data_o,
  output wire         out_last_o,
  output wire         busy_o,
  output wire         err_o,
  output wire [3:0]   err_code_o
);

  localparam [1:0]  ARCH_PIPELINED = `CV_AES_CAP_ARCH_PIPELINED;
  localparam [31:0] ARCH32 = ARCH;
  localparam integer PIPE = (ARCH32 == {30'd0, ARCH_PIPELINED}) ? 1 : 0;
  // queue of issued blocks: the rolled datapath holds one block and aes_top's output register
  // another; the pipelined one up to Nr stages and the output register
  localparam integer QD = (PIPE != 0) ? 16 : 2;
  localparam integer QA = (PIPE != 0) ? 4 : 1;

  localparam [2:0] MODE_ECB = `CV_AES_CFG_MODE_ECB;
  localparam [2:0] MODE_GCM = `CV_AES_CFG_MODE_GCM;
  localparam [2:0] MODE_CCM = `CV_AES_CFG_MODE_CCM;
  localparam [1:0] KSZ_RSVD = 2'd3;

  localparam [3:0] ERR_NONE       = 4'd0;
  localparam [3:0] ERR_KEY_SIZE   = `CV_AES_STATUS_ERR_CODE_KEY_SIZE;
  localparam [3:0] ERR_START_BUSY = `CV_AES_STATUS_ERR_CODE_START_BUSY;
  localparam [3:0] ERR_WRITE_BUSY = `CV_AES_STATUS_ERR_CODE_WRITE_BUSY;
  localparam [3:0] ERR_NO_KEY     = `CV_AES_STATUS_ERR_CODE_NO_KEY;
  localparam [3:0] ERR_PARAM      = `CV_AES_STATUS_ERR_CODE_PARAM;
  localparam [3:0] ERR_LEN        = `CV_AES_STATUS_ERR_CODE_LEN;
  localparam [3:0] ERR_AUTH       = `CV_AES_STATUS_ERR_CODE_AUTH;

  // sequencer states
  localparam [4:0] S_IDLE = 5'd0;
  localparam [4:0] S_HS   = 5'd1;   // start the ECB message of H = E(0)
  localparam [4:0] S_HI   = 5'd2;   // issue the zero block
  localparam [4:0] S_HW   = 5'd3;   // H into ghash_top, aes_top idle again
  localparam [4:0] S_MS   = 5'd4;   // start the message's ECB run (and GHASH)
  localparam [4:0] S_B0   = 5'd5;   // CCM: issue MAC(B0)
  localparam [4:0] S_IV   = 5'd6;   // GCM, IVB: IV blocks into GHASH
  localparam [4:0] S_IVL  = 5'd7;   // GCM, IVB: the IV's length block
  localparam [4:0] S_IVW  = 5'd8;   // GCM, IVB: J0 from GHASH
  localparam [4:0] S_IVS  = 5'd9;   // GCM, IVB: start the message's GHASH
  localparam [4:0] S_AAD  = 5'd10;
  localparam [4:0] S_PT   = 5'd11;
  localparam [4:0] S_FIN  = 5'd12;  // issue E(J0) / E(A0), the ECB message's last block
  localparam [4:0] S_FW   = 5'd13;  // every issued block back
  localparam [4:0] S_FL   = 5'd14;  // GCM: the length block into GHASH
  localparam [4:0] S_FS   = 5'd15;  // GCM: S from GHASH
  localparam [4:0] S_TG   = 5'd16;  // tag out, or the received tag compared
  localparam [4:0] S_OUT  = 5'd17;  // the final block taken

  // queue entry kinds
  localparam [1:0] K_H   = 2'd0;    // H = E(0): into ghash_top
  localparam [1:0] K_KS  = 2'd1;    // keystream: XOR the payload block
  localparam [1:0] K_MAC = 2'd2;    // CCM's CBC-MAC value X
  localparam [1:0] K_FIN = 2'd3;    // E(J0) / E(A0)

  function automatic [127:0] bmask(input [4:0] n);   // the first n bytes of a block
    begin
      bmask = ~({128{1'b1}} >> {n, 3'b000});
    end
  endfunction

  // ---------------------------------------------------------------- registers
  reg [4:0]   st_q, st_d;
  reg         chk_q, chk_d;         // aes_top was started last cycle: its verdict is in err_o
  reg         gcm_q, gcm_d;
  reg         dec_q, dec_d;
  reg         ivb_q, ivb_d;
  reg         mac_q, mac_d;         // CCM with a tag (CCM* with TLEN 0 computes no MAC)
  reg [1:0]   ksz_q, ksz_d;
  reg [4:0]   tlen_q, tlen_d;
  reg [2:0]   lp_q, lp_d;           // CCM: L - 1 (counter field bytes - 1)
  reg [127:0] ctr_q, ctr_d;         // the next counter block (GCM: also J0's upper 96 bits)
  reg [31:0]  j0lo_q, j0lo_d;       // GCM: J0's lower 32 bits
  reg [127:0] x_q, x_d;             // CCM: the CBC-MAC value
  reg         xv_q, xv_d;           // x_q holds the latest MAC block's result
  reg         macd_q, macd_d;       // CCM enc: the offered payload block's MAC has been issued
  reg         ksp_q, ksp_d;         // CCM dec: a keystream is out whose MAC is not yet issued
  reg [127:0] m0_q, m0_d;           // E(J0) / E(A0), then the tag (^ S or ^ X)
  reg [63:0]  alen_q, alen_d;       // GCM: AAD bits
  reg [63:0]  plen_q, plen_d;       // GCM: payload bits (IV bits in the IV phase)
  reg         bad_q, bad_d;         // a LEN error in this message: no tag leaves
  reg         ov_q, ov_d;
  reg [127:0] od_q, od_d;
  reg         ol_q, ol_d;
  reg         err_q, err_d;
  reg [3:0]   ecode_q, ecode_d;
  // queue of issued blocks
  reg [134:0]  qmem [0:QD-1];         // {kind, bytes, data}; data words only, no reset needed
  reg [QA-1:0] qw_q, qr_q;
  reg [QA:0]   qn_q;

  // st_q != S_IDLE and "the queue's head is a keystream entry", as flip-flops: both gate
  // aes_top's out_ready, which reaches its issue decision
  reg          run_q;
  wire         run = run_q;
  reg          hks_q;               // the head entry is

  // ---------------------------------------------------------------- aes_top
  reg          a_start;
  reg  [7:0]   a_cfg;
  reg          a_iv_valid;
  reg          a_in_valid;
  wire [127:0] a_in_data;
  reg          a_in_last;
  reg          a_out_ready;
  wire         a_key_ready, a_in_ready, a_out_valid, a_out_last, a_busy, a_err;
  wire [127:0] a_iv, a_out_data;
  wire [3:0]   a_ecode;

  aes_top #(.ARCH(ARCH), .SBOX(SBOX)) u_aes (
    .clk_i(clk_i), .rst_ni(rst_ni), .zeroize_i(zeroize_i), .cfg_i(a_cfg), .start_i(a_start),
    .key_i(key_i), .key_valid_i(key_valid_i && !run), .key_ready_o(a_key_ready),
    .iv_i(iv_i), .iv_valid_i(a_iv_valid), .iv_o(a_iv), .in_valid_i(a_in_valid),
    .in_ready_o(a_in_ready), .in_data_i(a_in_data), .in_last_i(a_in_last),
    .out_valid_o(a_out_valid), .out_ready_i(a_out_ready), .out_data_o(a_out_data),
    .out_last_o(a_out_last), .busy_o(a_busy), .err_o(a_err), .err_code_o(a_ecode)
  );

  // ---------------------------------------------------------------- ghash_top
  // H lives only in ghash_top (write-only); it is computed at the first GCM start after each
  // key load, so a key load (or an aborted message) clears it with ghash_top's zeroize.
  reg          g_zero, g_start, g_key_valid, g_in_valid, g_in_last, g_out_ready;
  reg  [127:0] g_in_data;
  wire         g_key_ready, g_in_ready, g_out_valid;
  wire [127:0] g_out_data;
  wire         g_busy, g_err, g_out_last;
  wire [3:0]   g_ecode;

  ghash_top #(.DIGIT(DIGIT)) u_gh (
    .clk_i(clk_i), .rst_ni(rst_ni), .zeroize_i(g_zero), .cfg_i(1'b0), .start_i(g_start),
    .key_i(a_out_data), .key_valid_i(g_key_valid), .key_ready_o(g_key_ready),
    .iv_i(128'h0), .iv_valid_i(1'b0), .in_valid_i(g_in_valid), .in_ready_o(g_in_ready),
    .in_data_i(g_in_data), .in_last_i(g_in_last), .out_valid_o(g_out_valid),
    .out_ready_i(g_out_ready), .out_data_o(g_out_data), .out_last_o(g_out_last),
    .busy_o(g_busy), .err_o(g_err), .err_code_o(g_ecode)
  );

  // ---------------------------------------------------------------- start checks
  wire [2:0] c_mode = cfg_i[`CV_AES_CFG_MODE_MSB:`CV_AES_CFG_MODE_LSB];
  wire [1:0] c_ksz  = cfg_i[`CV_AES_CFG_KSZ_MSB:`CV_AES_CFG_KSZ_LSB];
  wire [4:0] c_tlen = cfg_i[`CV_AES_CFG_TLEN_MSB:`CV_AES_CFG_TLEN_LSB];
  wire       c_aead = (c_mode == MODE_GCM) || (c_mode == MODE_CCM);
  wire       c_gcm  = (c_mode == MODE_GCM);
  // B0's flags as the message will see them (an IV load in the start cycle counts)
  // CCM B0 flags: reserved bit 7, Adata bit 6, M' = (t - 2) / 2 (0: CCM*, no tag), L' = L - 1
  wire [7:0] b0f    = iv_valid_i ? iv_i[127:120] : a_iv[127:120];
  wire [2:0] c_mp   = b0f[5:3];
  wire [2:0] c_lp   = b0f[2:0];
  wire gcm_tl_ok = (c_tlen == 5'd4) || (c_tlen == 5'd8) || (c_tlen >= 5'd12 && c_tlen <= 5'd16);
  wire ccm_tl_ok = (c_tlen == 5'd0) ? (c_mp == 3'd0) :
                   (!c_tlen[0] && c_tlen >= 5'd4 && c_tlen <= 5'd16 &&
                    ({1'b0, c_mp, 1'b0} == c_tlen - 5'd2));
  wire param_ok = c_gcm ? gcm_tl_ok : (ccm_tl_ok && !b0f[7] && (c_lp != 3'd0));
  wire c_busy   = run || (a_busy && a_key_ready);   // a running AES message (not the wipe)

  // CCM counter field mask (the last L bytes)
  wire [63:0] qm   = ~({64{1'b1}} << {{1'b0, lp_q} + 4'd1, 3'b000});

  // ---------------------------------------------------------------- input block
  wire [4:0]   in_b   = (in_bytes_i > 5'd16) ? 5'd16 : in_bytes_i;
  wire [4:0]   eb     = in_last_i ? in_b : 5'd16;       // valid bytes of the offered block
  wire         in_ne  = (eb != 5'd0);

  // ---------------------------------------------------------------- queue head
  // the head entry, registered (a first-word-fall-through read of qmem): the keystream's
  // payload and byte count reach the output and CCM's MAC input from flip-flops
  reg  [134:0] qh;
  wire [1:0]   hk    = qh[134:133];
  wire [4:0]   hb    = qh[132:128];
  wire [127:0] hd    = qh[127:0];
  wire         q_full = (qn_q == QD[QA:0]);
  wire         od_free = !ov_q || out_ready_i;
  wire         ccm_dm = !gcm_q && mac_q && dec_q;        // CCM decryption with a MAC
  // a result is taken: keystream needs the output register, GCM's GHASH, CCM-dec's MAC issue
  // (the datapath is then empty: ksp_q keeps every other block back, see below)
  wire pop = run && a_out_valid &&
             (!hks_q || (od_free && (gcm_q ? g_in_ready : 1'b1) && (ccm_dm ? xv_q : 1'b1)));
  // a block may be offered to aes_top (its valid never waits for its ready, which depends on
  // its output side: aes_top's issue decision stays a function of registers and ports)
  wire a_can = !q_full && !chk_q;

  // Counter blocks. ctr_q is loaded as inc(base) at the message's start (base J0 from the IV
  // register, or A_0 from B0), after the IV phase (base J0 from GHASH, or the captured 96-bit
  // IV || 1), and after each counter block issued (base ctr_q): GCM inc32, CCM the counter
  // field (a valid length never carries out of the low 64 bits). The final block is ctr_q with
  // J0's low word (GCM) or the counter field cleared (A_0).
  reg  [1:0]   cb_sel;               // base: 0 ctr_q, 1 GHASH (J0), 2 IV register (GCM / CCM)
  reg  [127:0] cb;
  always @* begin
    case (cb_sel)
      2'd1:    cb = g_out_data;
      2'd2:    cb = gcm_q ? {a_iv[127:32], 32'd1} : {5'd0, lp_q, a_iv[119:64], a_iv[63:0] & ~qm};
      default: cb = ctr_q;
    endcase
  end
  wire [127:0] ctr_inc = {cb[127:64], gcm_q ? {cb[63:32], cb[31:0] + 32'd1} : (cb[63:0] + 64'd1)};

  // aes_top's input block: the passed-through input (AES modes), a counter block, or
  // X ^ d for CCM's MAC blocks and the H block (X = 0 then), d one of: the offered input block
  // (zero padded), the recovered plaintext (CCM decryption), B0, or zero.
  reg          ai_ctr, ai_fin, md_in, md_ks, md_iv;
  wire [127:0] m_e    = bmask(eb) | {128{!run}};   // the passed-through block is not masked
  wire [127:0] m_h    = bmask(hb);
  wire [127:0] ks_r   = (a_out_data ^ hd) & m_h;   // the payload block's output
  wire [127:0] mdat   = ({128{md_in}} & in_data_i & m_e) | ({128{md_ks}} & ks_r) |
                        ({128{md_iv}} & a_iv);
  wire [63:0]  ctr_lo = !ai_fin ? ctr_q[63:0] :
                        gcm_q ? {ctr_q[63:32], j0lo_q} : (ctr_q[63:0] & ~qm);
  assign a_in_data = ai_ctr ? {ctr_q[127:64], ctr_lo} : (({128{run}} & x_q) ^ mdat);

  // GHASH's input: an IV / AAD block, a ciphertext block (GCM encryption: the output; decryption:
  // the input, kept in the queue), or the length block (AAD bits, payload bits; for the IV's
  // length block the IV bits are counted in plen_q and alen_q is 0)
  reg  [1:0]   gi_sel;
  always @* begin
    case (gi_sel)
      2'd1:    g_in_data = dec_q ? (hd & m_h) : ks_r;
      2'd2:    g_in_data = {alen_q, plen_q};
      default: g_in_data = in_data_i & bmask(eb);
    endcase
  end

  // the tag: m0_q = E(J0) ^ S (GCM) or E(A0) ^ X (CCM) once both are known
  wire [127:0] tmask = bmask(tlen_q);

  // ---------------------------------------------------------------- sequencer
  reg          in_rdy;
  reg          q_push;
  reg  [1:0]   q_kind;
  reg          fin_tag;              // the final block goes out now
  reg          pmac;                 // CCM dec: MAC(X ^ P) issued with the keystream taken

  always @* begin
    st_d = st_q; chk_d = 1'b0; gcm_d = gcm_q; dec_d = dec_q; ivb_d = ivb_q; mac_d = mac_q;
    ksz_d = ksz_q; tlen_d = tlen_q; lp_d = lp_q; ctr_d = ctr_q; j0lo_d = j0lo_q; x_d = x_q;
    xv_d = xv_q; macd_d = macd_q; ksp_d = ksp_q; m0_d = m0_q; alen_d = alen_q; plen_d = plen_q;
    bad_d = bad_q; ov_d = ov_q; od_d = od_q; ol_d = ol_q; err_d = err_q; ecode_d = ecode_q;

    // aes_top: the AES modes pass through while no AEAD message runs
    a_start     = start_i && !run && !c_aead;
    a_cfg       = run ? {2'b00, 1'b0, MODE_ECB, ksz_q} : cfg_i[7:0];
    a_iv_valid  = iv_valid_i && !run;
    a_in_valid  = run ? 1'b0 : in_valid_i;
    a_in_last   = run ? 1'b0 : in_last_i;
    a_out_ready = run ? pop : out_ready_i;
    ai_ctr = 1'b0; ai_fin = 1'b0; md_in = !run; md_ks = 1'b0; md_iv = 1'b0;
    cb_sel = 2'd0;
    gi_sel = 2'd0;
    in_rdy  = 1'b0;
    q_push  = 1'b0;
    q_kind  = K_MAC;
    fin_tag = 1'b0;
    pmac    = 1'b0;

    g_zero = zeroize_i || (key_valid_i && !run);
    g_start = 1'b0; g_key_valid = 1'b0; g_in_valid = 1'b0; g_in_last = 1'b0;
    g_out_ready = 1'b0;

    if (ov_q && out_ready_i) ov_d = 1'b0;

    // ---- results back from aes_top, in issue order
    if (pop) begin
      case (hk)
        K_H:   g_key_valid = 1'b1;
        K_MAC: begin x_d = a_out_data; xv_d = 1'b1; end
        K_FIN: m0_d = a_out_data;
        default: begin   // K_KS
          ov_d = 1'b1;
          od_d = ks_r;
          ol_d = 1'b0;
          if (gcm_q) begin
            g_in_valid = 1'b1;
            gi_sel     = 2'd1;
          end
          if (ccm_dm) begin   // MAC of the plaintext just recovered (issued below)
            pmac       = 1'b1;
            q_push     = 1'b1;
            xv_d       = 1'b0;
            ksp_d      = 1'b0;
          end
        end
      endcase
    end

    case (st_q)
      S_HS: begin a_start = 1'b1; chk_d = 1'b1; st_d = S_HI; end
      S_HI: if (chk_q && a_err) st_d = S_IDLE;
            else begin              // E(0): X is 0 from the start
              a_in_valid = a_can; a_in_last = 1'b1;
              q_kind = K_H;
              if (a_can && a_in_ready) begin
                q_push = 1'b1;
                st_d = S_HW;
              end
            end
      S_HW: if (g_key_ready && !a_busy) st_d = S_MS;
      S_MS: begin
        a_start = 1'b1; chk_d = 1'b1;
        g_start = gcm_q;
        if (!ivb_q) begin   // J0 from the IV register, or A_0 from B0: the first counter
          cb_sel = 2'd2;
          ctr_d  = ctr_inc;
          j0lo_d = 32'd1;
        end
        st_d = gcm_q ? (ivb_q ? S_IV : S_AAD) : (mac_q ? S_B0 : S_AAD);
      end
      S_B0: begin              // MAC(B0): X is 0 from the start
        a_in_valid = a_can; md_iv = 1'b1;
        if (a_can && a_in_ready) begin
          q_push = 1'b1;
          xv_d = 1'b0;
          st_d = S_AAD;
        end
      end
      S_IV: begin
        in_rdy = g_in_ready && !chk_q;
        if (in_valid_i && in_rdy) begin
          g_in_valid = in_ne;
          plen_d = plen_q + {56'd0, eb, 3'b000};
          // a 96-bit IV sent as blocks: J0 = IV || 0^31 || 1 (used if it is all the IV)
          if (plen_q == 64'd0) ctr_d = {in_data_i[127:32], 32'd1};
          if (in_last_i) st_d = S_IVL;
        end
      end
      S_IVL: if (g_in_ready) begin
        g_in_valid = 1'b1; g_in_last = 1'b1; gi_sel = 2'd2;
        st_d = S_IVW;
      end
      S_IVW: if (g_out_valid) begin
        g_out_ready = 1'b1;
        cb_sel = (plen_q == 64'd96) ? 2'd0 : 2'd1;
        ctr_d  = ctr_inc;
        j0lo_d = cb[31:0];
        plen_d = 64'd0;
        st_d = S_IVS;
      end
      S_IVS: begin g_start = 1'b1; st_d = S_AAD; end
      S_AAD: begin
        if (gcm_q) in_rdy = g_in_ready && !chk_q;
        else if (mac_q) begin
          in_rdy = xv_q && a_can && a_in_ready;
          a_in_valid = in_valid_i && xv_q && a_can && in_ne;
          md_in = 1'b1;
        end
        else in_rdy = !chk_q;
        if (in_valid_i && in_rdy) begin
          if (gcm_q) begin
            g_in_valid = in_ne;
            alen_d = alen_q + {56'd0, eb, 3'b000};
          end else if (mac_q && in_ne) begin
            q_push = 1'b1;
            xv_d = 1'b0;
          end
          if (in_last_i) st_d = S_PT;
        end
      end
      S_PT: begin
        if (!gcm_q && mac_q && !dec_q) begin
          // CCM enc: first MAC(X ^ P) on the offered block, then take it with its CTR
          in_rdy = macd_q && a_can && a_in_ready;
          if (in_valid_i && !macd_q && xv_q && a_can) begin
            a_in_valid = in_ne; md_in = 1'b1;
            if (!in_ne || a_in_ready) macd_d = 1'b1;
            if (in_ne && a_in_ready) begin
              q_push = 1'b1;
              xv_d = 1'b0;
            end
          end
          if (macd_q) begin
            a_in_valid = in_valid_i && a_can && in_ne; ai_ctr = 1'b1;
          end
        end else begin
          in_rdy = a_can && !ksp_q && a_in_ready;
          a_in_valid = in_valid_i && a_can && !ksp_q && in_ne; ai_ctr = 1'b1;
        end
        if (in_valid_i && in_rdy) begin
          macd_d = 1'b0;
          plen_d = plen_q + {56'd0, eb, 3'b000};
          if (in_ne) begin
            q_push = 1'b1; q_kind = K_KS;
            ctr_d = ctr_inc;
            if (ccm_dm) ksp_d = 1'b1;
          end
          if (in_last_i) st_d = S_FIN;
        end
      end
      S_FIN: begin
        a_in_valid = a_can && !ksp_q;
        ai_ctr = 1'b1; ai_fin = 1'b1; a_in_last = 1'b1;
        q_kind = K_FIN;
        if (a_in_valid && a_in_ready) begin
          q_push = 1'b1;
          st_d = S_FW;
        end
      end
      S_FW: if (qn_q == {(QA+1){1'b0}}) begin
        if (gcm_q) st_d = S_FL;
        else begin
          m0_d = m0_q ^ x_q;
          st_d = S_TG;
        end
      end
      S_FL: if (g_in_ready) begin
        g_in_valid = 1'b1; g_in_last = 1'b1; gi_sel = 2'd2;
        st_d = S_FS;
      end
      S_FS: if (g_out_valid) begin
        g_out_ready = 1'b1;
        m0_d = m0_q ^ g_out_data;
        st_d = S_TG;
      end
      S_TG: begin
        if (dec_q && tlen_q != 5'd0) begin
          in_rdy = od_free;
          fin_tag = in_valid_i && in_rdy;
          // the received tag is the block's valid bytes, zero-padded like every last block:
          // a truncated tag never matches on bytes the bus carries past in_bytes_i
          if (fin_tag && (bad_q || ((((in_data_i & bmask(eb)) ^ m0_q) & tmask) != 128'h0)))
          begin
            err_d = 1'b1;
            ecode_d = bad_q ? ERR_LEN : ERR_AUTH;
          end
        end else begin
          fin_tag = od_free;
        end
        if (fin_tag) begin
          ov_d = 1'b1;
          od_d = {128{!dec_q && !bad_q}} & m0_q & tmask;
          ol_d = 1'b1;
          st_d = S_OUT;
        end
      end
      S_OUT: if (ov_q && out_ready_i) st_d = S_IDLE;
      default: ;
    endcase

    // CCM decryption's MAC block goes with the keystream it needs, into the empty datapath.
    // While ksp_q is set it is the only block that may issue, so the data selects follow
    // ksp_q (a register) and only the valid follows the result's handshake.
    if (ccm_dm && ksp_q) begin
      a_in_valid = pmac; a_in_last = 1'b0; q_kind = K_MAC;
      ai_ctr = 1'b0; ai_fin = 1'b0; md_in = 1'b0; md_ks = 1'b1; md_iv = 1'b0;
    end

    // an accepted block of a phase's last with more than 16 valid bytes: flagged, taken as 16
    if (run && in_valid_i && in_rdy && in_last_i && in_bytes_i > 5'd16) begin
      bad_d = 1'b1;
      err_d = 1'b1;
      ecode_d = ERR_LEN;
    end

    // aes_top refused the sequencer's start (key size mismatch with the loaded key): the
    // message ends at once with aes_top's error showing; GHASH (perhaps started) is cleared
    if (chk_q && a_err) begin
      st_d = S_IDLE;
      g_zero = 1'b1;
    end

    // ---- host writes
    if (key_valid_i && run) begin
      err_d = 1'b1;
      ecode_d = ERR_WRITE_BUSY;
    end
    if (iv_valid_i && run) begin
      err_d = 1'b1;
      ecode_d = ERR_WRITE_BUSY;
    end
    if (start_i) begin
      if (!c_aead && !run) begin
        err_d = 1'b0;                      // aes_top answers for the AES modes
        ecode_d = ERR_NONE;
      end else begin
        err_d = 1'b1;
        if (c_busy)                               ecode_d = ERR_START_BUSY;
        else if (c_ksz == KSZ_RSVD)               ecode_d = ERR_KEY_SIZE;
        else if (!param_ok)                       ecode_d = ERR_PARAM;
        else if (!a_key_ready || key_valid_i)     ecode_d = ERR_NO_KEY;
        else begin
          err_d = 1'b0;
          ecode_d = ERR_NONE;
          gcm_d  = c_gcm;
          dec_d  = cfg_i[`CV_AES_CFG_DEC_LSB];
          ivb_d  = c_gcm && cfg_i[`CV_AES_CFG_IVB_LSB];
          mac_d  = !c_gcm && (c_tlen != 5'd0);
          ksz_d  = c_ksz;
          tlen_d = c_tlen;
          lp_d   = c_lp;
          x_d    = 128'h0;
          xv_d   = 1'b1;
          macd_d = 1'b0;
          ksp_d  = 1'b0;
          alen_d = 64'd0;
          plen_d = 64'd0;
          bad_d  = 1'b0;
          st_d   = (c_gcm && !g_key_ready) ? S_HS : S_MS;
        end
      end
    end
  end

  // ---------------------------------------------------------------- queue
  always @(posedge clk_i) begin
    if (q_push) qmem[qw_q] <= {q_kind, eb, in_data_i};   // bytes, data: keystream entries only
  end

  // the next head: the entry after a popped one, or the entry pushed into an empty queue
  wire [QA-1:0] qr_n = qr_q + {{(QA-1){1'b0}}, pop};
  wire [134:0]  qh_d  = (q_push && qw_q == qr_n) ? {q_kind, eb, in_data_i} : qmem[qr_n];

  always @(posedge clk_i) begin
    if (!rst_ni || zeroize_i) begin
      qw_q <= {QA{1'b0}};
      qr_q <= {QA{1'b0}};
      qn_q <= {(QA+1){1'b0}};
      qh <= 135'h0;
      hks_q <= 1'b0;
      run_q <= 1'b0;
    end else begin
      qh <= qh_d;
      hks_q <= (qh_d[134:133] == K_KS);
      run_q <= (st_d != S_IDLE);
      if (q_push) qw_q <= qw_q + {{(QA-1){1'b0}}, 1'b1};
      if (pop)    qr_q <= qr_q + {{(QA-1){1'b0}}, 1'b1};
      if (q_push && !pop) qn_q <= qn_q + {{QA{1'b0}}, 1'b1};
      else if (pop && !q_push) qn_q <= qn_q - {{QA{1'b0}}, 1'b1};
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni || zeroize_i) begin
      st_q <= S_IDLE; chk_q <= 1'b0; gcm_q <= 1'b0; dec_q <= 1'b0; ivb_q <= 1'b0;
      mac_q <= 1'b0; ksz_q <= 2'd0; tlen_q <= 5'd0; lp_q <= 3'd0; ctr_q <= 128'h0;
      j0lo_q <= 32'h0; x_q <= 128'h0; xv_q <= 1'b0; macd_q <= 1'b0; ksp_q <= 1'b0;
      m0_q <= 128'h0; alen_q <= 64'h0; plen_q <= 64'h0; bad_q <= 1'b0; ov_q <= 1'b0;
      od_q <= 128'h0; ol_q <= 1'b0; err_q <= 1'b0; ecode_q <= ERR_NONE;
    end else begin
      st_q <= st_d; chk_q <= chk_d; gcm_q <= gcm_d; dec_q <= dec_d; ivb_q <= ivb_d;
      mac_q <= mac_d; ksz_q <= ksz_d; tlen_q <= tlen_d; lp_q <= lp_d; ctr_q <= ctr_d;
      j0lo_q <= j0lo_d; x_q <= x_d; xv_q <= xv_d; macd_q <= macd_d; ksp_q <= ksp_d;
      m0_q <= m0_d; alen_q <= alen_d; plen_q <= plen_d; bad_q <= bad_d; ov_q <= ov_d;
      od_q <= od_d; ol_q <= ol_d; err_q <= err_d; ecode_q <= ecode_d;
    end
  end

  // ---------------------------------------------------------------- outputs
  assign key_ready_o = a_key_ready;
  assign iv_o        = a_iv;
  assign in_ready_o  = run ? in_rdy : a_in_ready;
  assign out_valid_o = run ? ov_q : a_out_valid;
  assign out_data_o  = run ? od_q : a_out_data;
  assign out_last_o  = run ? ol_q : a_out_last;
  assign busy_o      = run || a_busy;
  // aes_top's error shows unless the sequencer is about to restart it (its verdict on that
  // start shows the cycle after)
  wire a_err_vis = a_err && (st_q != S_HS) && (st_q != S_MS);
  assign err_o       = err_q || a_err_vis;
  assign err_code_o  = err_q ? ecode_q : a_err_vis ? a_ecode : ERR_NONE;

  // ghash_top's errors cannot arise (the sequencer starts it and loads H only while it is
  // idle); its out_last and aes_top's are implied by the sequencer's states; B0's Adata flag
  // is the feeder's (it formats the AAD)
  wire unused = g_busy ^ g_err ^ (^g_ecode) ^ g_out_last ^ a_out_last ^ b0f[6];

endmodule

`default_nettype wire
