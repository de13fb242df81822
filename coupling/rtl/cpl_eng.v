// SPDX-License-Identifier: Apache-2.0
// cpl_eng.v
// One crypto engine, chosen by its number, on its slice of the coupling hub's engine buses.
`default_nettype none
`include "soc_memmap.vh"

// The hub (cpl_hub) drives the shared key, IV and input buses big-endian with word 0 in the top
// bits, so an engine with a narrower key, IV or block takes the top bits; it reads each engine's
// output block from the low bits of a 512-bit slice and its IV from the top of a 128-bit one.
// PRINCE and PRESENT get CTR mode from cpl_ctr64 in front of them (coupling/README.md).
module cpl_eng #(
  parameter integer ENGINE         = 1,
  parameter integer AES_ARCH       = 0,  // aes_top ARCH: 0 rolled, 2 pipelined
  parameter integer AES_SBOX       = 0,  // aes_top SBOX: 0 table, 1 composite field
  parameter integer AES_AEAD       = 0,  // 1: the AES engine is aead_top (GCM, CCM/CCM*)
  parameter integer CHACHA_AEAD    = 0,  // 1: the ChaCha engine is chachapoly_top
  parameter integer PRINCE_FOLDED  = 1,
  parameter integer PRESENT_KEY128 = 1,
  parameter integer PRESENT_RPC    = 1
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  /* verilator lint_off UNUSEDSIGNAL */  // each engine uses its own bits of the shared buses
  input  wire         dma_own_i,      // the DMA owns this engine (SHA-3: no XOF on the DMA)
  input  wire         zeroize_i,
  input  wire [31:0]  cfg_i,
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
  input  wire [7:0]   in_bytes_i,
  /* verilator lint_on UNUSEDSIGNAL */
  output wire         out_valid_o,
  input  wire         out_ready_i,
  output wire [511:0] out_data_o,
  output wire         out_last_o,
  output wire         busy_o,
  output wire         err_o,
  output wire [3:0]   err_code_o
);
  localparam integer E_AES = `CV_ENGINE_AES, E_PRINCE = `CV_ENGINE_PRINCE;
  localparam integer E_PRESENT = `CV_ENGINE_PRESENT, E_CHACHA = `CV_ENGINE_CHACHA;
  localparam integer E_SHA3 = `CV_ENGINE_SHA3;
  localparam integer BLOCK_BITS = (ENGINE == E_CHACHA) ? 512 : (ENGINE == E_AES) ? 128 : 64;
  localparam integer KEY_BITS   = (ENGINE == E_SHA3) ? 0 :
                                  (ENGINE == E_AES || ENGINE == E_CHACHA) ? 256 : 128;
  localparam integer IV_BITS    = (ENGINE == E_AES || ENGINE == E_CHACHA) ? 128 :
                                  (ENGINE == E_SHA3) ? 0 : 64;
  localparam integer CFG_BITS   = (ENGINE == E_SHA3) ? 32 :
                                  (ENGINE == E_PRINCE || ENGINE == E_PRESENT) ? 4 :
                                  (ENGINE == E_AES && AES_AEAD != 0) ? 14 :
                                  (ENGINE == E_CHACHA && CHACHA_AEAD != 0) ? 10 : 8;
  localparam integer KB         = (KEY_BITS > 0) ? KEY_BITS : 32;
  localparam integer IVB        = (IV_BITS > 0) ? IV_BITS : 32;

  wire                  zeroize = zeroize_i, start = start_i, key_valid = key_valid_i;
  wire                  iv_valid = iv_valid_i, in_valid = in_valid_i, in_last = in_last_i;
  wire [CFG_BITS-1:0]   cfg = cfg_i[CFG_BITS-1:0];
  wire [KB-1:0]         key = key_i[255 -: KB];
  wire [IVB-1:0]        iv = iv_i[127 -: IVB];
  wire [BLOCK_BITS-1:0] in_data = in_data_i[511 -: BLOCK_BITS];
  wire [7:0]            in_bytes = in_bytes_i;
  wire                  key_ready, in_ready, out_valid, out_last, busy, err;
  wire                  out_ready = out_ready_i;
  wire [IVB-1:0]        iv_back;
  wire [BLOCK_BITS-1:0] out_data;
  wire [3:0]            err_code;

  assign key_ready_o = key_ready;
  reg [127:0] iv_w;
  reg [511:0] out_w;
  always @* begin
    iv_w  = 128'h0;
    iv_w[127 -: IVB] = iv_back;
    out_w = 512'h0;
    out_w[BLOCK_BITS-1:0] = out_data;
  end
  assign iv_o        = iv_w;
  assign in_ready_o  = in_ready;
  assign out_valid_o = out_valid;
  assign out_data_o  = out_w;
  assign out_last_o  = out_last;
  assign busy_o      = busy;
  assign err_o       = err;
  assign err_code_o  = err_code;

  // Ports an engine does not have are left unused here (each branch says which).
  generate
    if (ENGINE == E_AES && AES_AEAD != 0) begin : g_aead
      // GCM/CCM take each phase's last block with its valid bytes; a count above 16 must stay
      // an error (LEN) for the engine, not wrap to a small count. DIGIT keeps GHASH at the AES
      // block rate: 8 cycles per block against Nr on rolled, 2 on pipelined.
      wire [4:0] last_bytes = (in_bytes > 8'd31) ? 5'd31 : in_bytes[4:0];
      localparam [31:0]  ARCH32 = AES_ARCH;
      localparam integer DIGIT = (ARCH32 == {30'd0, `CV_AES_CAP_ARCH_PIPELINED}) ? 64 : 16;
      aead_top #(.ARCH(AES_ARCH), .SBOX(AES_SBOX), .DIGIT(DIGIT)) u_eng (
        .clk_i(clk_i), .rst_ni(rst_ni), .zeroize_i(zeroize), .cfg_i(cfg), .start_i(start),
        .key_i(key), .key_valid_i(key_valid), .key_ready_o(key_ready), .iv_i(iv),
        .iv_valid_i(iv_valid), .iv_o(iv_back), .in_valid_i(in_valid), .in_ready_o(in_ready),
        .in_data_i(in_data), .in_last_i(in_last), .in_bytes_i(last_bytes),
        .out_valid_o(out_valid), .out_ready_i(out_ready), .out_data_o(out_data),
        .out_last_o(out_last), .busy_o(busy), .err_o(err), .err_code_o(err_code)
      );
    end else if (ENGINE == E_AES) begin : g_aes
      wire unused = ^in_bytes;  // AES takes whole blocks: the feeder pads
      aes_top #(.ARCH(AES_ARCH), .SBOX(AES_SBOX)) u_eng (
        .clk_i(clk_i), .rst_ni(rst_ni), .zeroize_i(zeroize), .cfg_i(cfg), .start_i(start),
        .key_i(key), .key_valid_i(key_valid), .key_ready_o(key_ready), .iv_i(iv),
        .iv_valid_i(iv_valid), .iv_o(iv_back), .in_valid_i(in_valid), .in_ready_o(in_ready),
        .in_data_i(in_data), .in_last_i(in_last), .out_valid_o(out_valid),
        .out_ready_i(out_ready), .out_data_o(out_data), .out_last_o(out_last), .busy_o(busy),
        .err_o(err), .err_code_o(err_code)
      );
    end else if (ENGINE == E_PRINCE || ENGINE == E_PRESENT) begin : g_blk64
      // CFG.MODE (bit 3) = 1 is CTR, done by cpl_ctr64 in front of the engine: the engine then
      // enciphers counters, so it is given an encryption (DEC and MODE cleared; CTR decryption
      // is the same operation). The IV is the counter.
      localparam [3:0] M_MODE = 4'd1 << `CV_PRINCE_CFG_MODE_LSB;   // PRESENT's layout is the same
      localparam [3:0] M_DEC  = 4'd1 << `CV_PRINCE_CFG_DEC_LSB;
      wire        ctr = cfg[`CV_PRINCE_CFG_MODE_LSB];
      wire [3:0]  ecfg = cfg & ~(M_MODE | (ctr ? M_DEC : 4'd0));
      wire        e_in_valid, e_in_ready;
      wire [63:0] e_in_data, e_out_data;
      wire unused = ^in_bytes;  // whole blocks; a partial CTR block: the DMA pads and cuts
      cpl_ctr64 #(.DEPTH((ENGINE == E_PRINCE) ? ((PRINCE_FOLDED == 0) ? 4 : 3) : 2)) u_ctr (
        .clk_i(clk_i), .rst_ni(rst_ni), .zeroize_i(zeroize), .start_i(start), .ctr_i(ctr),
        .eng_busy_i(busy), .iv_i(iv), .iv_valid_i(iv_valid), .iv_o(iv_back),
        .in_valid_i(in_valid), .in_ready_o(in_ready), .in_data_i(in_data),
        .out_data_o(out_data), .eng_in_valid_o(e_in_valid), .eng_in_ready_i(e_in_ready),
        .eng_in_data_o(e_in_data), .eng_out_valid_i(out_valid), .eng_out_ready_i(out_ready),
        .eng_out_data_i(e_out_data)
      );
      if (ENGINE == E_PRINCE) begin : g_prince
        prince_top #(.FOLDED(PRINCE_FOLDED)) u_eng (
          .clk_i(clk_i), .rst_ni(rst_ni), .zeroize_i(zeroize), .cfg_i(ecfg), .start_i(start),
          .key_i(key), .key_valid_i(key_valid), .key_ready_o(key_ready),
          .in_valid_i(e_in_valid), .in_ready_o(e_in_ready), .in_data_i(e_in_data),
          .in_last_i(in_last), .out_valid_o(out_valid), .out_ready_i(out_ready),
          .out_data_o(e_out_data), .out_last_o(out_last), .busy_o(busy), .err_o(err),
          .err_code_o(err_code)
        );
      end else begin : g_present
        present_top #(.KEY128(PRESENT_KEY128), .RPC(PRESENT_RPC)) u_eng (
          .clk_i(clk_i), .rst_ni(rst_ni), .zeroize_i(zeroize), .cfg_i(ecfg), .start_i(start),
          .key_i(key), .key_valid_i(key_valid), .key_ready_o(key_ready),
          .in_valid_i(e_in_valid), .in_ready_o(e_in_ready), .in_data_i(e_in_data),
          .in_last_i(in_last), .out_valid_o(out_valid), .out_ready_i(out_ready),
          .out_data_o(e_out_data), .out_last_o(out_last), .busy_o(busy), .err_o(err),
          .err_code_o(err_code)
        );
      end
    end else if (ENGINE == E_CHACHA && CHACHA_AEAD != 0) begin : g_chachapoly
      // ChaCha20-Poly1305 takes each phase's last block with its valid bytes (above 64: LEN)
      chachapoly_top u_eng (
        .clk_i(clk_i), .rst_ni(rst_ni), .zeroize_i(zeroize), .cfg_i(cfg), .start_i(start),
        .key_i(key), .key_valid_i(key_valid), .key_ready_o(key_ready), .iv_i(iv),
        .iv_valid_i(iv_valid), .iv_o(iv_back), .in_valid_i(in_valid), .in_ready_o(in_ready),
        .in_data_i(in_data), .in_last_i(in_last), .in_bytes_i(in_bytes),
        .out_valid_o(out_valid), .out_ready_i(out_ready), .out_data_o(out_data),
        .out_last_o(out_last), .busy_o(busy), .err_o(err), .err_code_o(err_code)
      );
    end else if (ENGINE == E_CHACHA) begin : g_chacha
      wire unused = ^in_bytes;  // the last block is padded; the reader cuts the output
      chacha_top u_eng (
        .clk_i(clk_i), .rst_ni(rst_ni), .zeroize_i(zeroize), .cfg_i(cfg), .start_i(start),
        .key_i(key), .key_valid_i(key_valid), .key_ready_o(key_ready), .iv_i(iv),
        .iv_valid_i(iv_valid), .iv_o(iv_back), .in_valid_i(in_valid), .in_ready_o(in_ready),
        .in_data_i(in_data), .in_last_i(in_last), .out_valid_o(out_valid),
        .out_ready_i(out_ready), .out_data_o(out_data), .out_last_o(out_last), .busy_o(busy),
        .err_o(err), .err_code_o(err_code)
      );
    end else begin : g_sha3
      // No key and no IV: the key schedule is "ready" so KEYLOAD never waits; the output
      // word's byte count is implied by the configured length (the rest of the word is zero).
      wire [3:0] out_bytes;
      wire unused = ^{key, key_valid, iv, iv_valid, out_bytes};
      // LAST_BYTES above 15 must stay an error (LEN) for the engine, not wrap to a small count
      wire [3:0] last_bytes = (in_bytes > 8'd15) ? 4'hF : in_bytes[3:0];
      // A DMA job ends with the engine's last output word, which an XOF (cfg[3]) never gives:
      // while the DMA owns the unit the XOF bit is cleared, which leaves SHAKE with OUTLEN 0, a
      // configuration the engine refuses (CFG), so the DMA ends the job with ENGINE at once.
      wire [31:0] eng_cfg = dma_own_i ? (cfg & ~(32'd1 << `CV_SHA3_CFG_XOF_LSB)) : cfg;
      assign key_ready = 1'b1;
      assign iv_back   = {IVB{1'b0}};
      sha3_top u_eng (
        .clk_i(clk_i), .rst_ni(rst_ni), .zeroize_i(zeroize), .cfg_i(eng_cfg), .start_i(start),
        .in_valid_i(in_valid), .in_ready_o(in_ready), .in_data_i(in_data),
        .in_bytes_i(last_bytes), .in_last_i(in_last), .out_valid_o(out_valid),
        .out_ready_i(out_ready), .out_data_o(out_data), .out_bytes_o(out_bytes),
        .out_last_o(out_last), .busy_o(busy), .err_o(err), .err_code_o(err_code)
      );
    end
  endgenerate
endmodule

`default_nettype wire
