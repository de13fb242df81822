// SPDX-License-Identifier: Apache-2.0
// cpl_engine.v
// One crypto engine behind its coupling unit (cpl_unit), chosen by the ENGINE number.
`default_nettype none
`include "soc_memmap.vh"

// The unit's parameters follow from the engine number (docs/constants.md; engines/*/regs.toml):
//   AES      128-bit blocks, 256-bit key bus, IV; CFG.MODE: CFB/OFB/CTR/CMAC take a partial
//            last block, CMAC an empty message and outputs only the tag
//   PRINCE   64-bit blocks, 128-bit key, 64-bit IV (the CTR counter); CFG.MODE: ECB whole
//            blocks only, CTR (cpl_ctr64) a partial last block too
//   PRESENT  64-bit blocks, 128-bit key bus (80-bit keys in the top bits), as PRINCE
//   ChaCha   512-bit blocks, 256-bit key, IV (counter and nonce); any length (the unit pads
//            the last block, the output is cut to the message length by the reader)
//   SHA-3    64-bit words, no key, no IV; any length, empty messages too, output after the
//            last word; the last word's byte count comes from LAST_BYTES (dma: the job length);
//            an endless SHAKE output (CFG.XOF) only from the CPU, never on the DMA
// CAP[31:24] reports the build options: AES {SBOX, ARCH[1:0]}, PRINCE {FOLDED},
// PRESENT {RPC == 2, KEY128}.
module cpl_engine #(
  parameter integer ENGINE         = 1,
  parameter integer DMA_BITS       = 32,
  parameter integer AES_ARCH       = 0,  // aes_top ARCH: 0 rolled, 2 pipelined
  parameter integer AES_SBOX       = 0,  // aes_top SBOX: 0 table, 1 composite field
  parameter integer PRINCE_FOLDED  = 1,
  parameter integer PRESENT_KEY128 = 1,
  parameter integer PRESENT_RPC    = 1,
  parameter integer UNIT_BUFS      = 0   // cpl_unit IN_BUFS; 0: the engine's own (below)
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                req_i,
  input  wire                we_i,
  input  wire [11:0]         addr_i,
  input  wire [31:0]         wdata_i,
  output wire [31:0]         rdata_o,
  input  wire                cpi_req_i,
  input  wire [31:0]         cpi_insn_i,
  input  wire [31:0]         cpi_rs1_i,
  input  wire [31:0]         cpi_rs2_i,
  output wire                cpi_rsp_valid_o,
  output wire [31:0]         cpi_rsp_data_o,
  output wire                cpi_rsp_err_o,
  input  wire                dma_own_i,
  input  wire                dma_zeroize_i,  // the DMA's zeroize (abort, engine error)
  input  wire                dma_start_i,
  input  wire [31:0]         dma_cfg_i,
  input  wire                dma_keyw_valid_i,
  input  wire [DMA_BITS-1:0] dma_keyw_data_i,
  input  wire                dma_keyload_i,
  input  wire                dma_in_valid_i,
  output wire                dma_in_ready_o,
  input  wire [DMA_BITS-1:0] dma_in_data_i,
  input  wire                dma_in_last_i,
  input  wire [7:0]          dma_in_bytes_i,
  output wire                dma_out_valid_o,
  input  wire                dma_out_ready_i,
  output wire [DMA_BITS-1:0] dma_out_data_o,
  output wire                dma_out_last_o,
  output wire                partial_ok_o,
  output wire                empty_ok_o,
  output wire                noread_o,       // the job's input is ignored (ChaCha keystream)
  output wire                eng_busy_o,
  output wire                key_ready_o,
  output wire                err_o,
  output wire [3:0]          err_code_o,
  output wire [7:0]          key_bytes_o,    // key bytes the DMA reads for dma_cfg_i (0: none)
  output wire                irq_o
);
  // engine numbers, CFG fields and their values: coupling/regs/cpi.toml, engines/*/regs.toml
  localparam integer E_AES = `CV_ENGINE_AES, E_PRINCE = `CV_ENGINE_PRINCE;
  localparam integer E_PRESENT = `CV_ENGINE_PRESENT, E_CHACHA = `CV_ENGINE_CHACHA;
  localparam integer E_SHA3 = `CV_ENGINE_SHA3;
  // the mode values (a bit each) of the AES modes that take a partial last block, an empty
  // message, and give output only at the end (CMAC's tag)
  localparam [31:0]  A_CFB  = 32'd1 << `CV_AES_CFG_MODE_CFB128;
  localparam [31:0]  A_OFB  = 32'd1 << `CV_AES_CFG_MODE_OFB;
  localparam [31:0]  A_CTR  = 32'd1 << `CV_AES_CFG_MODE_CTR;
  localparam [31:0]  A_CMAC = 32'd1 << `CV_AES_CFG_MODE_CMAC;

  localparam integer BLOCK_BITS = (ENGINE == E_CHACHA) ? 512 : (ENGINE == E_AES) ? 128 : 64;
  localparam integer KEY_BITS   = (ENGINE == E_SHA3) ? 0 :
                                  (ENGINE == E_AES || ENGINE == E_CHACHA) ? 256 : 128;
  localparam integer IV_BITS    = (ENGINE == E_AES || ENGINE == E_CHACHA) ? 128 :
                                  (ENGINE == E_SHA3) ? 0 : 64;
  localparam integer CFG_BITS   = (ENGINE == E_SHA3) ? 32 :
                                  (ENGINE == E_PRINCE || ENGINE == E_PRESENT) ? 4 : 8;
  // the unit's "mode": AES MODE, ChaCha XOR, SHA-3 FUNC, PRINCE/PRESENT MODE (the same layout)
  localparam integer MODE_LSB   = (ENGINE == E_AES) ? `CV_AES_CFG_MODE_LSB :
                                  (ENGINE == E_CHACHA) ? `CV_CHACHA_CFG_XOR_LSB :
                                  (ENGINE == E_SHA3) ? `CV_SHA3_CFG_FUNC_LSB :
                                  `CV_PRINCE_CFG_MODE_LSB;
  localparam integer MODE_W     = (ENGINE == E_AES) ? `CV_AES_CFG_MODE_WIDTH :
                                  (ENGINE == E_SHA3) ? `CV_SHA3_CFG_FUNC_WIDTH :
                                  (ENGINE == E_CHACHA) ? `CV_CHACHA_CFG_XOR_WIDTH :
                                  `CV_PRINCE_CFG_MODE_WIDTH;
  localparam [31:0]  PARTIAL    = (ENGINE == E_AES) ? (A_CFB | A_OFB | A_CTR | A_CMAC) :
                                  (ENGINE == E_CHACHA) ? 32'b11 : (ENGINE == E_SHA3) ? 32'hFF :
                                  32'd1 << `CV_PRINCE_CFG_MODE_CTR;
  localparam [31:0]  EMPTY      = (ENGINE == E_AES) ? A_CMAC :
                                  (ENGINE == E_SHA3) ? 32'hFF : 32'h0;
  localparam [31:0]  OUTLAST    = (ENGINE == E_AES) ? A_CMAC :
                                  (ENGINE == E_SHA3) ? 32'hFF : 32'h0;
  // ChaCha's keystream mode ignores its input: the DMA then sends zero beats and reads nothing
  localparam [31:0]  NOREAD     = (ENGINE == E_CHACHA) ? 32'b01 : 32'h0;  // XOR = 0
  // The unit collects a block where it offers it (cpl_unit IN_BUFS = 1): the engines take a
  // block before the DMA could fill a second, so a second block register bought at most two
  // cycles a job (ChaCha20 XOR over the 32-bit DMA; the benchmark's DMA rows, measured). SHA-3
  // keeps two: during a permutation the DMA collects the next lane, one cycle per rate block
  // (SHA3-512 4 KiB 2,384 cycles, 2,440 with one).
  localparam integer IN_BUFS    = (UNIT_BUFS != 0) ? UNIT_BUFS : (ENGINE == E_SHA3) ? 2 : 1;
  localparam integer KB         = (KEY_BITS > 0) ? KEY_BITS : 32;
  localparam integer IVB        = (IV_BITS > 0) ? IV_BITS : 32;
  localparam [31:0]  ARCH32     = AES_ARCH;
  localparam [31:0]  SBOX32     = AES_SBOX;
  localparam [31:0]  FOLD32     = PRINCE_FOLDED;
  localparam [31:0]  K128_32    = PRESENT_KEY128;
  // CAP.ARCH: the datapath aes_top builds (any ARCH but pipelined builds rolled)
  localparam [1:0]   CAP_ARCH   = (ARCH32 == {30'd0, `CV_AES_CAP_ARCH_PIPELINED}) ?
                                  `CV_AES_CAP_ARCH_PIPELINED : `CV_AES_CAP_ARCH_ROLLED;
  localparam [7:0]   CAP_OPT    = (ENGINE == E_AES) ? {5'b0, SBOX32[0], CAP_ARCH} :
                                  (ENGINE == E_PRINCE) ? {7'b0, FOLD32[0]} :
                                  (ENGINE == E_PRESENT) ? {6'b0, PRESENT_RPC == 2, K128_32[0]} :
                                  8'h00;

  // Key bytes in memory for a DMA key load, from the key-size field of dma_cfg_i: AES 16/24/32;
  // PRINCE 16; PRESENT 16 (an 80-bit key is the first 10 of them); ChaCha 32 or 16; SHA-3 none.
  // A reserved size gives 0, which the DMA refuses.
  wire [1:0] aes_ksz = dma_cfg_i[`CV_AES_CFG_KSZ_MSB:`CV_AES_CFG_KSZ_LSB];
  wire [1:0] blk_ksz = dma_cfg_i[`CV_PRINCE_CFG_KSZ_MSB:`CV_PRINCE_CFG_KSZ_LSB];  // PRESENT's too
  assign key_bytes_o =
      (ENGINE == E_AES)     ? ((aes_ksz == 2'd3) ? 8'd0 : 8'd16 + {3'b0, aes_ksz, 3'b0}) :
      (ENGINE == E_PRINCE)  ? ((blk_ksz == `CV_PRINCE_CFG_KSZ_128) ? 8'd16 : 8'd0) :
      (ENGINE == E_PRESENT) ? ((blk_ksz[1] == 1'b0) ? 8'd16 : 8'd0) :
      (ENGINE == E_CHACHA)  ? (dma_cfg_i[`CV_CHACHA_CFG_K128_LSB] ? 8'd16 : 8'd32) : 8'd0;

  wire                  zeroize, start, key_valid, key_ready, iv_valid, in_valid, in_ready;
  wire                  in_last, out_valid, out_ready, out_last, busy, err;
  wire [CFG_BITS-1:0]   cfg;
  wire [KB-1:0]         key;
  wire [IVB-1:0]        iv, iv_back;
  wire [BLOCK_BITS-1:0] in_data, out_data;
  wire [3:0]            err_code;
  wire [7:0]            in_bytes;

  cpl_unit #(
    .ENGINE(ENGINE), .BLOCK_BITS(BLOCK_BITS), .KEY_BITS(KEY_BITS), .IV_BITS(IV_BITS),
    .CFG_BITS(CFG_BITS), .CAP_OPT(CAP_OPT), .DMA_BITS(DMA_BITS), .MODE_LSB(MODE_LSB),
    .MODE_W(MODE_W), .PARTIAL_MODES(PARTIAL), .EMPTY_MODES(EMPTY), .OUTLAST_MODES(OUTLAST),
    .NOREAD_MODES(NOREAD), .IN_BUFS(IN_BUFS),
    .ZERO_BUSY((ENGINE == 1) ? 1 : 0)
  ) u_unit (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .req_i(req_i), .we_i(we_i), .addr_i(addr_i), .wdata_i(wdata_i), .rdata_o(rdata_o),
    .cpi_req_i(cpi_req_i), .cpi_insn_i(cpi_insn_i), .cpi_rs1_i(cpi_rs1_i), .cpi_rs2_i(cpi_rs2_i),
    .cpi_rsp_valid_o(cpi_rsp_valid_o), .cpi_rsp_data_o(cpi_rsp_data_o),
    .cpi_rsp_err_o(cpi_rsp_err_o),
    .dma_own_i(dma_own_i), .dma_zeroize_i(dma_zeroize_i), .dma_start_i(dma_start_i),
    .dma_cfg_i(dma_cfg_i),
    .dma_keyw_valid_i(dma_keyw_valid_i), .dma_keyw_data_i(dma_keyw_data_i),
    .dma_keyload_i(dma_keyload_i), .dma_in_valid_i(dma_in_valid_i),
    .dma_in_ready_o(dma_in_ready_o), .dma_in_data_i(dma_in_data_i),
    .dma_in_last_i(dma_in_last_i), .dma_in_bytes_i(dma_in_bytes_i),
    .dma_out_valid_o(dma_out_valid_o), .dma_out_ready_i(dma_out_ready_i),
    .dma_out_data_o(dma_out_data_o), .dma_out_last_o(dma_out_last_o),
    .partial_ok_o(partial_ok_o), .empty_ok_o(empty_ok_o), .noread_o(noread_o),
    .eng_busy_o(eng_busy_o),
    .key_ready_o(key_ready_o), .err_o(err_o), .err_code_o(err_code_o), .irq_o(irq_o),
    .eng_zeroize_o(zeroize), .eng_cfg_o(cfg), .eng_start_o(start), .eng_key_o(key),
    .eng_key_valid_o(key_valid), .eng_key_ready_i(key_ready), .eng_iv_o(iv),
    .eng_iv_valid_o(iv_valid), .eng_iv_i(iv_back), .eng_in_valid_o(in_valid),
    .eng_in_ready_i(in_ready), .eng_in_data_o(in_data), .eng_in_last_o(in_last),
    .eng_in_bytes_o(in_bytes), .eng_out_valid_i(out_valid), .eng_out_ready_o(out_ready),
    .eng_out_data_i(out_data), .eng_out_last_i(out_last), .eng_busy_i(busy), .eng_err_i(err),
    .eng_err_code_i(err_code)
  );

  // Ports an engine does not have are left unused here (each branch says which).
  generate
    if (ENGINE == E_AES) begin : g_aes
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
