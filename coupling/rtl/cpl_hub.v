// SPDX-License-Identifier: Apache-2.0
// cpl_hub.v
// The coupling hub: one register block, custom-instruction decoder and DMA word port for every
// engine of the SoC, with a thin per-engine slot (cpl_slot) for the state of each engine.
`default_nettype none
`include "soc_memmap.vh"

// Implements coupling/README.md ("cpl_hub") for the engines of the streaming interface
// (docs/ARCHITECTURE.md), engine e (1..5) at bit/slice e-1 of every vector. Each engine keeps
// its 4 KiB window (req_i[e-1]), its custom-instruction target (cpi_req_i[e-1]) and its DMA
// port strobes (dma_*_i[e-1]); the hub decodes the access once and acts for that engine.
//
// Shared (one copy): KEY staging (256 bits), IV staging (128), one input block (512: engine e
// uses its first BLOCK_BITS(e)), LAST_BYTES, the fill positions, the waiting custom
// instruction (RESULT, KLOADW), the registered read data, the DMA output beat counter and the
// read/answer multiplexers. Per engine (cpl_slot): CFG, IE/IS, the unit error, commands on their
// way to the engine, held key load and START, the key-expansion wait, msg/infl/ofin and the
// RESULT position.
//
// Ownership: the staging is *held* while it carries a key or IV that has not reached its engine
// (words written, or a KEYLOAD/IVLOAD accepted and not delivered), words of a block not yet
// complete (bdirty_q) or a block the engine has not taken; own_q names the engine it is held
// for. Key, IV, input, LAST_BYTES and command traffic (CTRL START/KEYLOAD/IVLOAD; cpi KEY,
// KLOAD, IV, IVLOAD, START, DATA, DATAL, LASTB) for another engine is refused with BUSY_OTHER
// and leaves the holder untouched; CFG, IE, IS and every read are always served. A ZEROIZE of an engine clears the
// staging only when that engine holds it (or nobody does). While the DMA owns any engine every
// engine's data and command writes get BUSY_DMA; a DMA job on engine e while another engine
// holds the staging is refused by cpl_dma (ENGINE) through other_o.
//
// One input block register: a block is offered to its engine from where it was collected, and
// DMA beats wait while it is offered. The engines take a block before the DMA could fill a
// second one, except SHA-3 on the 32-bit port, which cannot collect its next lane during a
// permutation: one cycle per rate block (coupling/README.md).
//
// Byte order: the staging holds memory-order words; the engines' buses are big-endian, so the
// staged vectors are byte-reversed onto them (word 0 in the most significant bits: an engine
// with a narrower key, IV or block takes the top bits of the shared bus).
//
// Timing: every input comes from flip-flops (crossbar, dispatcher, cpl_dma, the engines' state)
// and the CPU's commands reach the engine a cycle after the request (cpl_slot). The custom
// instruction's validity does not depend on its operands (an IVRD index out of range only
// changes the answer), so no operand compare is on the path into the staging, the RESULT
// consumption and the engines' out_ready.
module cpl_hub #(
  parameter [4:0]   ENGINES        = 5'b11111,  // bit e-1: engine e is attached
  parameter integer DMA_BITS       = 32,
  parameter integer AES_ARCH       = 0,
  parameter integer AES_SBOX       = 0,
  parameter integer AES_AEAD       = 0,     // 1: the AES engine is aead_top (GCM, CCM/CCM*)
  parameter integer CHACHA_AEAD    = 0,     // 1: the ChaCha engine is chachapoly_top
  parameter integer PRINCE_FOLDED  = 1,
  parameter integer PRESENT_KEY128 = 1,
  parameter integer PRESENT_RPC    = 1
) (
  input  wire                   clk_i,
  input  wire                   rst_ni,
  // SoC target port: one request line per engine window; read data registered
  input  wire [4:0]             req_i,
  input  wire                   we_i,
  /* verilator lint_off UNUSEDSIGNAL */  // byte offset of a word register; decoded bits only
  input  wire [11:0]            addr_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [31:0]            wdata_i,
  output wire [31:0]            rdata_o,
  // custom instructions from cpl_dispatch: one request line per target, answered per target
  input  wire [4:0]             cpi_req_i,
  /* verilator lint_off UNUSEDSIGNAL */  // opcode, target and registers: decoded by cpl_dispatch
  input  wire [31:0]            cpi_insn_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [31:0]            cpi_rs1_i,
  input  wire [31:0]            cpi_rs2_i,
  output wire [4:0]             cpi_rsp_valid_o,
  output wire [159:0]           cpi_rsp_data_o,
  output wire [4:0]             cpi_rsp_err_o,
  // DMA word port (cpl_dma), per engine
  input  wire [4:0]             dma_own_i,
  input  wire                   dma_any_i,     // |(dma_own_i & ENGINES), from a flop
  input  wire [4:0]             dma_zeroize_i,
  input  wire [4:0]             dma_start_i,
  input  wire [31:0]            dma_cfg_i,
  input  wire [4:0]             dma_keyw_valid_i,
  input  wire [DMA_BITS-1:0]    dma_keyw_data_i,
  input  wire [4:0]             dma_keyload_i,
  input  wire [4:0]             dma_in_valid_i,
  output wire [4:0]             dma_in_ready_o,
  input  wire [DMA_BITS-1:0]    dma_in_data_i,
  input  wire                   dma_in_last_i,
  input  wire [7:0]             dma_in_bytes_i,
  output wire [4:0]             dma_out_valid_o,
  input  wire [4:0]             dma_out_ready_i,
  output wire [5*DMA_BITS-1:0]  dma_out_data_o,
  output wire [4:0]             dma_out_last_o,
  output wire [4:0]             partial_ok_o,
  output wire [4:0]             empty_ok_o,
  output wire [4:0]             noread_o,
  output wire [4:0]             eng_busy_o,
  output wire [4:0]             key_ready_o,
  output wire [4:0]             err_o,
  output wire [19:0]            err_code_o,
  output wire [39:0]            key_bytes_o,
  output wire [4:0]             other_o,      // bit e-1: the staging is held for another engine
  output wire [4:0]             irq_o,
  // engines (streaming interface); shared buses big-endian, word 0 in the top bits
  output wire [4:0]             eng_zeroize_o,
  output wire [159:0]           eng_cfg_o,     // 32 bits per engine, its CFG_BITS low
  output wire [4:0]             eng_start_o,
  output wire [255:0]           eng_key_o,
  output wire [4:0]             eng_key_valid_o,
  input  wire [4:0]             eng_key_ready_i,
  output wire [127:0]           eng_iv_o,
  output wire [4:0]             eng_iv_valid_o,
  input  wire [639:0]           eng_iv_i,      // 128 bits per engine, its IV in the top bits
  output wire [4:0]             eng_in_valid_o,
  input  wire [4:0]             eng_in_ready_i,
  output wire [511:0]           eng_in_data_o,
  output wire                   eng_in_last_o,
  output wire [39:0]            eng_in_bytes_o,
  input  wire [4:0]             eng_out_valid_i,
  output wire [4:0]             eng_out_ready_o,
  input  wire [2559:0]          eng_out_data_i, // 512 bits per engine, its block in the low bits
  input  wire [4:0]             eng_out_last_i,
  input  wire [4:0]             eng_busy_i,
  input  wire [4:0]             eng_err_i,
  input  wire [19:0]            eng_err_code_i
);
  // ------------------------------------------------------------------ engines' parameters
  localparam integer E_AES = `CV_ENGINE_AES, E_PRINCE = `CV_ENGINE_PRINCE;
  localparam integer E_PRESENT = `CV_ENGINE_PRESENT, E_CHACHA = `CV_ENGINE_CHACHA;
  localparam integer E_SHA3 = `CV_ENGINE_SHA3;
  localparam [31:0]  A_CFB  = 32'd1 << `CV_AES_CFG_MODE_CFB128;
  localparam [31:0]  A_OFB  = 32'd1 << `CV_AES_CFG_MODE_OFB;
  localparam [31:0]  A_CTR  = 32'd1 << `CV_AES_CFG_MODE_CTR;
  localparam [31:0]  A_CMAC = 32'd1 << `CV_AES_CFG_MODE_CMAC;
  // GCM and CCM (aead_top only): phases closed by last blocks of any byte count, empty ones too
  localparam [31:0]  A_AEAD = (AES_AEAD != 0) ? ((32'd1 << `CV_AES_CFG_MODE_GCM) |
                                                 (32'd1 << `CV_AES_CFG_MODE_CCM)) : 32'h0;
  // ChaCha's mode is {AEAD, XOR} with chachapoly_top (CFG bits 8:7), XOR alone otherwise;
  // ChaCha20-Poly1305 (AEAD = 1; the engine refuses XOR = 0) has GCM's phase rules
  localparam integer C_MODE_W = (CHACHA_AEAD != 0) ? 2 : `CV_CHACHA_CFG_XOR_WIDTH;
  localparam [31:0]  C_AEAD = (CHACHA_AEAD != 0) ? 32'b1100 : 32'h0;

  function automatic integer blk_bits(input integer e);
    blk_bits = (e == E_CHACHA) ? 512 : (e == E_AES) ? 128 : 64;
  endfunction
  function automatic integer key_bits(input integer e);
    key_bits = (e == E_SHA3) ? 0 : (e == E_AES || e == E_CHACHA) ? 256 : 128;
  endfunction
  function automatic integer iv_bits(input integer e);
    iv_bits = (e == E_AES || e == E_CHACHA) ? 128 : (e == E_SHA3) ? 0 : 64;
  endfunction
  function automatic integer cfg_bits(input integer e);
    cfg_bits = (e == E_SHA3) ? 32 : (e == E_PRINCE || e == E_PRESENT) ? 4 :
               (e == E_AES && AES_AEAD != 0) ? 14 : (e == E_CHACHA && CHACHA_AEAD != 0) ? 10 : 8;
  endfunction
  function automatic integer mode_lsb(input integer e);
    mode_lsb = (e == E_AES) ? `CV_AES_CFG_MODE_LSB : (e == E_CHACHA) ? `CV_CHACHA_CFG_XOR_LSB :
               (e == E_SHA3) ? `CV_SHA3_CFG_FUNC_LSB : `CV_PRINCE_CFG_MODE_LSB;
  endfunction
  function automatic integer mode_w(input integer e);
    mode_w = (e == E_AES) ? `CV_AES_CFG_MODE_WIDTH : (e == E_SHA3) ? `CV_SHA3_CFG_FUNC_WIDTH :
             (e == E_CHACHA) ? C_MODE_W : `CV_PRINCE_CFG_MODE_WIDTH;
  endfunction
  function automatic [31:0] partial_m(input integer e);
    partial_m = (e == E_AES) ? (A_CFB | A_OFB | A_CTR | A_CMAC | A_AEAD) :
                (e == E_CHACHA) ? (32'b11 | C_AEAD) :
                (e == E_SHA3) ? 32'hFF : 32'd1 << `CV_PRINCE_CFG_MODE_CTR;
  endfunction
  function automatic [31:0] empty_m(input integer e);
    empty_m = (e == E_AES) ? (A_CMAC | A_AEAD) : (e == E_CHACHA) ? C_AEAD :
              (e == E_SHA3) ? 32'hFF : 32'h0;
  endfunction
  function automatic [31:0] outlast_m(input integer e);
    outlast_m = (e == E_AES) ? A_CMAC : (e == E_SHA3) ? 32'hFF : 32'h0;
  endfunction
  // ChaCha's keystream mode (XOR = 0) ignores its input
  function automatic [31:0] noread_m(input integer e);
    noread_m = (e == E_CHACHA) ? 32'b01 : 32'h0;
  endfunction
  localparam [31:0] ARCH32 = AES_ARCH, SBOX32 = AES_SBOX, FOLD32 = PRINCE_FOLDED;
  localparam [31:0] AEAD32 = AES_AEAD, CAEAD32 = CHACHA_AEAD;
  localparam [31:0] K128_32 = PRESENT_KEY128;
  // CAP.ARCH: the datapath aes_top builds (any ARCH but pipelined builds rolled)
  localparam [1:0]  CAP_ARCH = (ARCH32 == {30'd0, `CV_AES_CAP_ARCH_PIPELINED}) ?
                               `CV_AES_CAP_ARCH_PIPELINED : `CV_AES_CAP_ARCH_ROLLED;
  function automatic [7:0] cap_opt(input integer e);
    cap_opt = (e == E_AES) ? {4'b0, AEAD32 != 0, SBOX32[0], CAP_ARCH} :
              (e == E_PRINCE) ? {7'b0, FOLD32[0]} :
              (e == E_PRESENT) ? {6'b0, PRESENT_RPC == 2, K128_32[0]} :
              (e == E_CHACHA) ? {7'b0, CAEAD32 != 0} : 8'h00;
  endfunction

  // per-engine sizes as vectors indexed by engine-1 (constant: synthesis folds the selects)
  function automatic integer wpbi(input integer e);    // words per DMA beat
    wpbi = ((DMA_BITS < blk_bits(e)) ? DMA_BITS : blk_bits(e)) / 32;
  endfunction
  /* verilator lint_off UNUSEDSIGNAL */  // (the bits of t above the beat index)
  function automatic [4:0] beat_of(input [4:0] pos, input integer e);  // the beat of word pos
    reg [31:0] t;
    begin
      t = {27'h0, pos} / wpbi(e);
      beat_of = t[4:0];
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  /* verilator lint_off UNUSEDSIGNAL */  // (the bits of t above each size)
  function automatic [4:0] nw_of(input integer e);      // words per block
    reg [31:0] t;
    begin
      t = blk_bits(e) / 32;
      nw_of = t[4:0];
    end
  endfunction
  function automatic [3:0] kw_of(input integer e);      // key words (0: none)
    reg [31:0] t;
    begin
      t = key_bits(e) / 32;
      kw_of = t[3:0];
    end
  endfunction
  function automatic [2:0] ivw_of(input integer e);     // IV words (0: none)
    reg [31:0] t;
    begin
      t = iv_bits(e) / 32;
      ivw_of = t[2:0];
    end
  endfunction
  function automatic [4:0] wpb_of(input integer e);
    reg [31:0] t;
    begin
      t = wpbi(e);
      wpb_of = t[4:0];
    end
  endfunction
  function automatic integer nbt(input integer e);      // DMA beats per block
    nbt = blk_bits(e) / 32 / wpbi(e);
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  // Index masks: bit i set for i < n, and for i >= n. The hub tests a word, key or beat position
  // against the size of the engine it serves by one bit of a mask picked by the engine's
  // one-hot select, so no adder or comparator (a carry chain on ECP5) sits on the paths from
  // the MMIO decode or the instruction into the staging's position registers.
  function automatic [15:0] below(input integer n);
    integer i;
    begin
      below = 16'h0;
      for (i = 0; i < 16; i = i + 1) if (i < n) below[i] = 1'b1;
    end
  endfunction
  function automatic [15:0] from(input integer n);
    from = ~below(n);
  endfunction

  localparam integer KPB = DMA_BITS / 32;               // key words per DMA key beat

  // the unit's error codes and the custom-instruction operations (coupling/regs/)
  localparam [3:0] E_OVERRUN  = `CV_CPL_STATUS_ERR_CODE_OVERRUN;
  localparam [3:0] E_UNDERFLW = `CV_CPL_STATUS_ERR_CODE_UNDERFLOW;
  localparam [3:0] E_BUSY_DMA = `CV_CPL_STATUS_ERR_CODE_BUSY_DMA;
  localparam [3:0] E_OP       = `CV_CPL_STATUS_ERR_CODE_OP;
  localparam [3:0] E_OTHER    = `CV_CPL_STATUS_ERR_CODE_BUSY_OTHER;
  localparam [3:0] OP_CFG = `CV_CPI_OP_CFG, OP_KEY = `CV_CPI_OP_KEY, OP_KLOAD = `CV_CPI_OP_KLOAD;
  localparam [3:0] OP_IV = `CV_CPI_OP_IV, OP_IVLOAD = `CV_CPI_OP_IVLOAD, OP_IVRD = `CV_CPI_OP_IVRD;
  localparam [3:0] OP_START = `CV_CPI_OP_START, OP_DATA = `CV_CPI_OP_DATA;
  localparam [3:0] OP_DATAL = `CV_CPI_OP_DATAL, OP_RESULT = `CV_CPI_OP_RESULT;
  localparam [3:0] OP_STATUS = `CV_CPI_OP_STATUS, OP_ZERO = `CV_CPI_OP_ZERO;
  localparam [3:0] OP_LASTB = `CV_CPI_OP_LASTB;

  // ------------------------------------------------------------------ helpers
  function automatic [511:0] swap512(input [511:0] x);
    integer b;
    begin
      for (b = 0; b < 64; b = b + 1) swap512[511-8*b -: 8] = x[8*b +: 8];
    end
  endfunction
  function automatic [255:0] swap256(input [255:0] x);
    integer b;
    begin
      for (b = 0; b < 32; b = b + 1) swap256[255-8*b -: 8] = x[8*b +: 8];
    end
  endfunction
  function automatic [127:0] swap128(input [127:0] x);
    integer b;
    begin
      for (b = 0; b < 16; b = b + 1) swap128[127-8*b -: 8] = x[8*b +: 8];
    end
  endfunction
  function automatic in_arr(input [11:0] x, input [11:0] base, input integer count);
    in_arr = ({20'h0, x} >= {20'h0, base}) && ({20'h0, x} < {20'h0, base} + 4 * count);
  endfunction

  // ------------------------------------------------------------------ registers (shared)
  reg [255:0] key_q, key_d;
  reg [2:0]   kpos_q, kpos_d;
  reg         kdirty_q, kdirty_d;      // key staging held: words written or a KEYLOAD on its way
  reg [127:0] iv_q, iv_d;
  reg [1:0]   ivpos_q, ivpos_d;
  reg         ivdirty_q, ivdirty_d;    // IV staging held: words written or an IVLOAD on its way
  reg [511:0] acc_q, acc_d;            // the input block (memory-order words)
  // The key and IV buses to the engines: the staging a cycle later, as the slots' key and IV
  // loads (and STARTs, which ChaCha samples its IV on) reach the engines a cycle after they are
  // decided; flip-flops only, no logic, beside the engines' command flip-flops in the slots.
  reg [255:0] keyc_q;
  reg [127:0] ivc_q;
  reg [3:0]   pos_q, pos_d;
  reg         pend_q, pend_d, blast_q, blast_d;
  reg         bdirty_q, bdirty_d;      // words of a block collected, not yet complete
  reg [7:0]   bbytes_q, bbytes_d;
  reg [7:0]   lastb_q, lastb_d;
  reg         lbset_q, lbset_d;        // LAST_BYTES written (until then: a whole block)
  reg [4:0]   own_q, own_d;            // the engine the staging is held for (one-hot)
  reg [31:0]  rdata_q, rdata_d;
  reg         wres_q, wres_d, wkl_q, wkl_d, wklgo_q, wklgo_d;
  reg [4:0]   weng_q, weng_d;          // engine of the waiting instruction
  reg [3:0]   obeat_q, obeat_d;        // DMA output beat
  reg         oblast_q;                // obeat_q is the block's last beat

  // ------------------------------------------------------------------ decode
  wire        rd_req = (|(req_i & ENGINES)) && !we_i;
  wire        wr_req = (|(req_i & ENGINES)) && we_i;
  wire [11:0] a      = {addr_i[11:2], 2'b00};
  wire [3:0]  aidx16 = a[5:2];
  wire [2:0]  aidx8  = a[4:2];
  wire [1:0]  aidx4  = a[3:2];
  wire a_ctrl  = (a == `CV_CPL_CTRL_OFFSET);
  wire a_cfg   = (a == `CV_CPL_CFG_OFFSET);
  wire a_ie    = (a == `CV_CPL_IE_OFFSET);
  wire a_is    = (a == `CV_CPL_IS_OFFSET);
  wire a_lastb = (a == `CV_CPL_LAST_BYTES_OFFSET);
  wire a_key   = in_arr(a, `CV_CPL_KEY_OFFSET, `CV_CPL_KEY_COUNT);
  wire a_iv    = in_arr(a, `CV_CPL_IV_OFFSET, `CV_CPL_IV_COUNT);
  wire a_din   = in_arr(a, `CV_CPL_DIN_OFFSET, `CV_CPL_DIN_COUNT);
  wire a_dinl  = in_arr(a, `CV_CPL_DINL_OFFSET, `CV_CPL_DINL_COUNT);
  wire a_dout  = in_arr(a, `CV_CPL_DOUT_OFFSET, `CV_CPL_DOUT_COUNT);

  // the engine of this cycle's CPU access (MMIO and custom instructions never come together)
  wire [4:0] rq     = (req_i | cpi_req_i) & ENGINES;
  wire       hub_dma = dma_any_i;
  // sizes of the engine accessed by the CPU, and of the engine the DMA owns
  reg  [4:0] r_nw, d_wpb;
  reg  [3:0] r_kw;
  reg  [2:0] r_ivw;
  // position masks of the engine accessed by the CPU: a word index inside its block, its last
  // word, a DATA pair at that position ends the block (pos + 2 >= words), a key or IV word
  // index inside its key or IV, a key or IV pair that ends it; of the engine the DMA owns: a key
  // beat that ends the key, a DMA output beat that is the block's last
  reg [15:0] r_in_m, r_end_m, r_pend_m, r_kin_m, r_kend_m, r_ivin_m, r_ivend_m;
  reg [15:0] d_kend_m, d_oend_m;
  reg        r_key, r_iv;
  reg [15:0] d_cmpl_m;                 // bit p: a DMA beat at word p completes the block
  integer    ie, ip;
  always @* begin
    ie = 0; ip = 0;   // loop variables (assigned first: no latch)
    r_nw = 5'd0; d_wpb = 5'd0; r_kw = 4'd0;
    r_ivw = 3'd0; r_key = 1'b0; r_iv = 1'b0; d_cmpl_m = 16'h0;
    r_in_m = 16'h0; r_end_m = 16'h0; r_pend_m = 16'h0; r_kin_m = 16'h0; r_kend_m = 16'h0;
    r_ivin_m = 16'h0; r_ivend_m = 16'h0; d_kend_m = 16'h0; d_oend_m = 16'h0;
    for (ie = 1; ie <= 5; ie = ie + 1) begin
      if (rq[ie-1]) begin
        r_nw  = r_nw | nw_of(ie);
        r_kw  = r_kw | kw_of(ie);
        r_ivw = r_ivw | ivw_of(ie);
        r_key = r_key | (key_bits(ie) > 0);
        r_iv  = r_iv | (iv_bits(ie) > 0);
        r_in_m    = r_in_m | below(blk_bits(ie) / 32);
        r_end_m   = r_end_m | (below(blk_bits(ie) / 32) & from(blk_bits(ie) / 32 - 1));
        r_pend_m  = r_pend_m | from(blk_bits(ie) / 32 - 2);
        r_kin_m   = r_kin_m | below(key_bits(ie) / 32);
        r_kend_m  = r_kend_m | from(key_bits(ie) / 32 - 2);
        r_ivin_m  = r_ivin_m | below(iv_bits(ie) / 32);
        r_ivend_m = r_ivend_m | from(iv_bits(ie) / 32 - 2);
      end
      if (dma_own_i[ie-1] && ENGINES[ie-1]) begin
        d_wpb = d_wpb | wpb_of(ie);
        d_kend_m = d_kend_m | from(key_bits(ie) / 32 - KPB);
        d_oend_m = d_oend_m | (below(nbt(ie)) & from(nbt(ie) - 1));
        for (ip = 0; ip < 16; ip = ip + 1)
          if (ip + wpbi(ie) >= blk_bits(ie) / 32) d_cmpl_m[ip] = 1'b1;
      end
    end
  end

  // ownership: held while the staging carries something not yet delivered
  wire held  = kdirty_q || ivdirty_q || bdirty_q || pend_q;
  wire other = held && !(|(own_q & rq));

  // custom instruction fields: funct7[3:0] = insn[28:25], funct3 = insn[14:12]; validity from
  // the operation and the target alone (an IVRD index beyond the IV: c_ivrd_bad)
  wire [3:0] c_op = cpi_insn_i[28:25];
  wire [2:0] c_f3 = cpi_insn_i[14:12];
  wire       c_req = |(cpi_req_i & ENGINES);
  reg        c_legal;
  always @* begin
    case (c_op)
      OP_CFG:    c_legal = (c_f3 == `CV_CPI_F3_CFG);
      OP_START:  c_legal = (c_f3 == `CV_CPI_F3_START);
      OP_LASTB:  c_legal = (c_f3 == `CV_CPI_F3_LASTB);
      OP_KEY:    c_legal = r_key && (c_f3 == `CV_CPI_F3_KEY);
      OP_KLOAD:  c_legal = r_key && (c_f3 == `CV_CPI_F3_KLOAD || c_f3 == `CV_CPI_F3_KLOADW);
      OP_IV:     c_legal = r_iv && (c_f3 == `CV_CPI_F3_IV);
      OP_IVLOAD: c_legal = r_iv && (c_f3 == `CV_CPI_F3_IVLOAD);
      OP_IVRD:   c_legal = r_iv && (c_f3 == `CV_CPI_F3_IVRD);
      OP_DATA:   c_legal = (c_f3 == `CV_CPI_F3_DATA);
      OP_DATAL:  c_legal = (c_f3 == `CV_CPI_F3_DATAL);
      OP_RESULT: c_legal = (c_f3 == `CV_CPI_F3_RESULT);
      OP_STATUS: c_legal = (c_f3 == `CV_CPI_F3_STATUS);
      OP_ZERO:   c_legal = (c_f3 == `CV_CPI_F3_ZERO);
      default:   c_legal = 1'b0;
    endcase
  end
  wire c_ivrd_bad = c_req && c_legal && (c_op == OP_IVRD) &&
                    ((cpi_rs1_i[31:2] != 30'h0) || !r_ivin_m[{2'b00, cpi_rs1_i[1:0]}]);
  wire c_go   = c_req && c_legal;
  wire c_dmab = hub_dma && !(c_op == OP_IVRD || c_op == OP_STATUS || c_op == OP_ZERO ||
                             c_op == OP_LASTB);
  // operations that use the shared staging or command the engine
  wire c_own  = (c_op == OP_KEY || c_op == OP_KLOAD || c_op == OP_IV || c_op == OP_IVLOAD ||
                 c_op == OP_START || c_op == OP_DATA || c_op == OP_DATAL || c_op == OP_LASTB);
  wire c_oth  = !c_dmab && c_own && other;
  wire c_do   = c_go && !c_dmab && !c_oth;

  // ------------------------------------------------------------------ MMIO writes and commands
  wire m_cmds  = wr_req && a_ctrl && (wdata_i[`CV_CPL_CTRL_START_LSB] ||
                 wdata_i[`CV_CPL_CTRL_KEYLOAD_LSB] || wdata_i[`CV_CPL_CTRL_IVLOAD_LSB]);
  wire m_stage = wr_req && (a_key || a_iv || a_din || a_dinl || a_lastb);
  wire wr_ok   = wr_req && !hub_dma;
  // MMIO traffic refused: BUSY_DMA (data and commands while the DMA owns the hub; LAST_BYTES
  // is not the DMA's), BUSY_OTHER (staging or commands while another engine holds the staging)
  wire m_dmab  = hub_dma && (m_cmds || (wr_req && (a_cfg || a_key || a_iv || a_din || a_dinl)));
  wire m_oth   = !m_dmab && other && (m_cmds || m_stage);
  wire m_ok    = wr_req && !m_dmab && !m_oth;   // staging writes and commands go ahead
  wire m_zero  = wr_req && a_ctrl && wdata_i[`CV_CPL_CTRL_ZEROIZE_LSB];
  wire m_start = m_ok && a_ctrl && wdata_i[`CV_CPL_CTRL_START_LSB];
  wire m_kload = m_ok && a_ctrl && wdata_i[`CV_CPL_CTRL_KEYLOAD_LSB] && r_key;
  wire m_ivld  = m_ok && a_ctrl && wdata_i[`CV_CPL_CTRL_IVLOAD_LSB] && r_iv;
  wire c_start = m_start || (c_do && c_op == OP_START);
  wire c_ivld  = m_ivld || (c_do && c_op == OP_IVLOAD);
  wire c_kload = m_kload || (c_do && c_op == OP_KLOAD);
  wire zero_cpu = m_zero || (c_go && c_op == OP_ZERO);

  // ------------------------------------------------------------------ slots
  wire [159:0] s_status;
  wire [159:0] s_cfg;
  wire [14:0]  s_ie, s_is;
  wire [24:0]  s_rpos;
  wire [4:0]   s_ivfl;
  wire [4:0]   s_ov, s_due, s_ivld, s_klfire, s_kxend, s_posclr, s_stacc, s_zero;
  // The engine takes the offered block at its in_ready (take_e); the hub acts on it a cycle
  // later (tk_q: the block is cleared, the staging freed, the slot counts it), and offers
  // nothing in that cycle, so no path runs from an engine's handshake into the staging, the
  // DMA's beat handshake or the CPU's write decode. The pipelined AES, which takes a block per
  // cycle, acts at once (TAKE_NOW): a registered take would halve its rate.
  localparam integer AES_PIPE = (CAP_ARCH == `CV_AES_CAP_ARCH_PIPELINED) ? 1 : 0;
  localparam integer TAKE_NOW = AES_PIPE;
  reg  [4:0]   tk_q;
  wire         offer  = pend_q && (TAKE_NOW != 0 || !(|tk_q));
  wire [4:0]   take_e = {5{offer}} & own_q & eng_in_ready_i & ENGINES;
  wire [4:0]   take   = (TAKE_NOW != 0) ? take_e : tk_q;

  // RESULT and KLOADW: given now (cpi_req_i) or waiting (weng_q)
  wire [4:0] wsel   = (wres_q || wkl_q) ? weng_q : cpi_req_i;
  wire       wres   = wres_q || (c_do && c_op == OP_RESULT);
  wire       w_ov   = |(s_ov & wsel);
  wire       w_due  = |(s_due & wsel);
  // Two word selects, each steered by flip-flops alone: DOUT reads take their word by the MMIO
  // address (dout_word, into the read data); RESULT and the DMA's output beats share the
  // other (bsel: the engine the DMA owns, else the waiting instruction's engine or the one
  // instruction of this cycle; the word or beat at the slot's RESULT position or the DMA's beat
  // counter), so neither the MMIO decode nor the instruction's decode is on the path of a
  // RESULT's word or the DMA's write data, and a DOUT read never delays a RESULT. A waiting
  // RESULT whose word is there is answered a cycle later while the DMA owns the hub (the
  // select is the DMA's then); a RESULT given while the DMA owns the hub is refused.
  wire       r_blk  = wres_q && hub_dma;
  wire       r_ans  = wres && (w_ov ? !r_blk : !w_due);
  wire       r_ok   = r_ans && w_ov && !hub_dma;
  wire [4:0] bsel   = hub_dma ? dma_own_i : wsel;
  wire       kl_ans = wkl_q && wklgo_q && (|(s_kxend & weng_q));

  // DMA output side
  wire [4:0] dov     = dma_own_i & s_ov & ENGINES;
  wire       d_ofire = |(dov & dma_out_ready_i);

  // DOUT reads (outside a DMA job: during one every window's DOUT reads 0)
  wire       m_dout     = rd_req && a_dout && !hub_dma && r_in_m[aidx16];
  wire       m_ov       = |(s_ov & req_i);
  wire       m_dout_ok  = m_dout && m_ov;
  wire       m_dout_bad = m_dout && !m_ov;
  wire       m_consume  = m_dout_ok && r_end_m[aidx16];

  // the hub's error flag of this cycle, for the engine of the access or the waiting answer
  reg  [3:0] fcode;
  reg        fl_rq, fl_w;
  always @* begin
    fcode = 4'd0;
    fl_rq = 1'b0;
    fl_w  = 1'b0;
    if (m_dout_bad)               begin fl_rq = 1'b1; fcode = E_UNDERFLW; end
    if (m_dmab)                   begin fl_rq = 1'b1; fcode = E_BUSY_DMA; end
    if (m_oth)                    begin fl_rq = 1'b1; fcode = E_OTHER;    end
    if (c_ivrd_bad)               begin fl_rq = 1'b1; fcode = E_OP;       end
    if (c_go && c_dmab)           begin fl_rq = 1'b1; fcode = E_BUSY_DMA; end
    if (c_go && c_oth)            begin fl_rq = 1'b1; fcode = E_OTHER;    end
    if (ovr)                      begin fl_rq = 1'b1; fcode = E_OVERRUN;  end
    if (r_ans && !w_ov)           fl_w = 1'b1;   // UNDERFLOW, for the waiting RESULT's engine
  end
  wire [4:0] flagv = ({5{fl_rq}} & rq) | ({5{fl_w}} & wsel);

  genvar g;
  generate
    for (g = 1; g <= 5; g = g + 1) begin : g_slot
      if (ENGINES[g-1]) begin : g_on
        localparam integer CB = cfg_bits(g);
        wire [CB-1:0] cfg, ecfg;
        cpl_slot #(
          .BLOCK_BITS(blk_bits(g)), .KEY_BITS(key_bits(g)), .CFG_BITS(CB),
          .MODE_LSB(mode_lsb(g)), .MODE_W(mode_w(g)), .PARTIAL_MODES(partial_m(g)),
          .EMPTY_MODES(empty_m(g)), .OUTLAST_MODES(outlast_m(g)), .NOREAD_MODES(noread_m(g)),
          .AEAD_MODES((g == E_AES) ? A_AEAD : (g == E_CHACHA) ? C_AEAD : 32'h0),
          .AEAD_CHACHA((g == E_CHACHA) ? 1 : 0),
          .ZERO_BUSY((g == E_AES) ? 1 : 0),
          .DMA_DRAIN_NOW((g == E_AES) ? AES_PIPE : (g == E_PRINCE || g == E_PRESENT) ? 1 : 0)
        ) u_slot (
          .clk_i(clk_i), .rst_ni(rst_ni),
          .cfg_we_i((wr_ok && req_i[g-1] && a_cfg) ||
                    (cpi_req_i[g-1] && c_do && (c_op == OP_CFG || c_op == OP_START))),
          .cfg_wd_i(cpi_req_i[g-1] ? cpi_rs1_i[CB-1:0] : wdata_i[CB-1:0]),
          .ie_we_i(wr_req && req_i[g-1] && a_ie),
          .is_w1c_i(wr_req && req_i[g-1] && a_is),
          .wd3_i(wdata_i[2:0]),
          .cmd_i({c_start, c_ivld, c_kload} & {3{rq[g-1]}}),
          .zero_cpu_i(zero_cpu && rq[g-1]),
          .flag_i(flagv[g-1]), .flag_code_i((fl_w && wsel[g-1]) ? E_UNDERFLW : fcode),
          .hub_dma_i(hub_dma),
          .in_ready_i(!pend_q && (!held || own_q[g-1])),
          .pend_i(pend_q && own_q[g-1]), .take_i(take[g-1]), .blast_i(blast_q),
          .bzero_i(bbytes_q == 8'd0),
          .dout_cons_i(m_consume && req_i[g-1]),
          .r_adv_i(r_ans && w_ov && wsel[g-1]), .r_ok_i(r_ok && wsel[g-1]),
          .d_cons_i(dov[g-1] && dma_out_ready_i[g-1] && oblast_q),
          .wklgo_i(wklgo_q && weng_q[g-1]),
          .dma_own_i(dma_own_i[g-1]), .dma_zeroize_i(dma_zeroize_i[g-1]),
          .dma_start_i(dma_start_i[g-1]), .dma_cfg_i(dma_cfg_i),
          .dma_keyload_i(dma_keyload_i[g-1]),
          .status_o(s_status[32*(g-1) +: 32]), .cfg_o(cfg), .ie_o(s_ie[3*(g-1) +: 3]),
          .is_o(s_is[3*(g-1) +: 3]), .ov_o(s_ov[g-1]), .due_o(s_due[g-1]),
          .rpos_o(s_rpos[5*(g-1) +: 5]), .ivld_o(s_ivld[g-1]), .ivfl_o(s_ivfl[g-1]),
          .kl_fire_o(s_klfire[g-1]),
          .kx_end_o(s_kxend[g-1]), .pos_clr_o(s_posclr[g-1]), .start_acc_o(s_stacc[g-1]),
          .zero_o(s_zero[g-1]),
          .partial_ok_o(partial_ok_o[g-1]), .empty_ok_o(empty_ok_o[g-1]),
          .noread_o(noread_o[g-1]), .busy_o(eng_busy_o[g-1]),
          .key_ready_o(key_ready_o[g-1]), .err_o(err_o[g-1]),
          .err_code_o(err_code_o[4*(g-1) +: 4]), .irq_o(irq_o[g-1]),
          .eng_zeroize_o(eng_zeroize_o[g-1]), .eng_cfg_o(ecfg), .eng_start_o(eng_start_o[g-1]),
          .eng_key_valid_o(eng_key_valid_o[g-1]), .eng_iv_valid_o(eng_iv_valid_o[g-1]),
          .eng_out_ready_o(eng_out_ready_o[g-1]),
          .eng_key_ready_i(eng_key_ready_i[g-1]), .eng_out_valid_i(eng_out_valid_i[g-1]),
          .eng_busy_i(eng_busy_i[g-1]), .eng_err_i(eng_err_i[g-1]),
          .eng_err_code_i(eng_err_code_i[4*(g-1) +: 4])
        );
        assign s_cfg[32*(g-1) +: 32]     = {{(32-CB){1'b0}}, cfg};
        assign eng_cfg_o[32*(g-1) +: 32] = {{(32-CB){1'b0}}, ecfg};
      end else begin : g_off
        // not built: its inputs are ignored and its outputs are zero
        wire unused = ^{dma_zeroize_i[g-1], dma_start_i[g-1], dma_keyload_i[g-1], flagv[g-1],
                        eng_key_ready_i[g-1], eng_out_valid_i[g-1], eng_busy_i[g-1],
                        eng_err_i[g-1], eng_err_code_i[4*(g-1) +: 4]};
        assign s_status[32*(g-1) +: 32]  = 32'h0;
        assign s_cfg[32*(g-1) +: 32]     = 32'h0;
        assign s_ie[3*(g-1) +: 3]        = 3'h0;
        assign s_is[3*(g-1) +: 3]        = 3'h0;
        assign s_rpos[5*(g-1) +: 5]      = 5'h0;
        assign s_ov[g-1]                 = 1'b0;
        assign s_due[g-1]                = 1'b0;
        assign s_ivld[g-1]               = 1'b0;
        assign s_ivfl[g-1]               = 1'b0;
        assign s_klfire[g-1]             = 1'b0;
        assign s_kxend[g-1]              = 1'b0;
        assign s_posclr[g-1]             = 1'b0;
        assign s_stacc[g-1]              = 1'b0;
        assign s_zero[g-1]               = 1'b0;
        assign partial_ok_o[g-1]         = 1'b0;
        assign empty_ok_o[g-1]           = 1'b0;
        assign noread_o[g-1]             = 1'b0;
        assign eng_busy_o[g-1]           = 1'b0;
        assign key_ready_o[g-1]          = 1'b0;
        assign err_o[g-1]                = 1'b0;
        assign err_code_o[4*(g-1) +: 4]  = 4'h0;
        assign irq_o[g-1]                = 1'b0;
        assign eng_zeroize_o[g-1]        = 1'b0;
        assign eng_cfg_o[32*(g-1) +: 32] = 32'h0;
        assign eng_start_o[g-1]          = 1'b0;
        assign eng_key_valid_o[g-1]      = 1'b0;
        assign eng_iv_valid_o[g-1]       = 1'b0;
        assign eng_out_ready_o[g-1]      = 1'b0;
      end
    end
  endgenerate

  // ------------------------------------------------------------------ input staging
  wire eng_take = |take;
  wire pend_now = pend_q && !eng_take;
  wire m_din    = wr_ok && !m_oth && (a_din || a_dinl) && r_in_m[aidx16];
  wire c_data   = c_do && (c_op == OP_DATA || c_op == OP_DATAL);
  wire d_beat   = |(dma_own_i & dma_in_valid_i & ENGINES);
  wire d_room   = !pend_now;
  wire d_fire   = d_beat && d_room;
  assign dma_in_ready_o = dma_own_i & ENGINES & {5{d_room}};

  reg [127:0] din128;                 // the DMA beat, zero-extended
  always @* begin
    din128 = 128'h0;
    din128[DMA_BITS-1:0] = dma_in_data_i;
  end
  reg [15:0]  wen;
  reg         wen_any;                 // |wen, from the access alone (not from the 16 enables)
  reg [511:0] wdat;
  reg         cmpl, clast, ovr;
  reg [7:0]   cbytes;
  integer ic;
  always @* begin
    ic     = 0;
    wen     = 16'h0;
    wen_any = 1'b0;
    wdat    = acc_q;
    cmpl   = 1'b0;
    clast  = 1'b0;
    cbytes = lbset_q ? lastb_q : {1'b0, r_nw, 2'b00};
    ovr    = 1'b0;
    if (m_din) begin
      if (pend_now) begin
        ovr = 1'b1;
      end else begin
        for (ic = 0; ic < 16; ic = ic + 1) if (ic == {28'h0, aidx16}) wen[ic] = 1'b1;
        wen_any = 1'b1;
        cmpl  = r_end_m[aidx16];
        clast = a_dinl;
      end
    end else if (c_data) begin
      if (pend_now) begin
        ovr = 1'b1;
      end else begin
        // DATA fills a word pair at an even pos_q (DATA moves it by 2; DMA beats end their block
        // or are cleared by the zeroize of a failed job): one operand source per word
        for (ic = 0; ic < 16; ic = ic + 1) if ((ic >> 1) == ({28'h0, pos_q} >> 1)) wen[ic] = 1'b1;
        wen_any = 1'b1;
        cmpl  = r_pend_m[pos_q] || (c_op == OP_DATAL);
        clast = (c_op == OP_DATAL);
      end
    end else if (d_fire) begin
      for (ic = 0; ic < 16; ic = ic + 1)
        if (ic >= {28'h0, pos_q} && ic < {28'h0, pos_q} + {27'h0, d_wpb}) wen[ic] = 1'b1;
      wen_any = 1'b1;
      cmpl   = d_cmpl_m[pos_q];
      clast  = dma_in_last_i;
      cbytes = dma_in_bytes_i;
    end
    // a word's value depends on its source and place in a pair or beat, the index only enables
    for (ic = 0; ic < 16; ic = ic + 1)
      if (wen[ic])
        wdat[32*ic +: 32] = m_din ? wdata_i :
                            c_data ? (ic[0] ? cpi_rs2_i : cpi_rs1_i) :
                            (DMA_BITS == 32) ? din128[31:0] :
                            d_wpb[2] ? din128[32*(ic % 4) +: 32] : din128[32*(ic % 2) +: 32];
  end

  // key and IV words written this cycle (one source per cycle)
  wire k_mmio = m_ok && !hub_dma && a_key && r_kin_m[{1'b0, aidx8}];
  wire k_cpi  = c_do && c_op == OP_KEY;
  wire k_dma  = |(dma_own_i & dma_keyw_valid_i & ENGINES);
  wire v_mmio = m_ok && !hub_dma && a_iv && r_ivin_m[{2'b00, aidx4}];
  wire v_cpi  = c_do && c_op == OP_IV;
  reg [7:0]   kwen;
  reg [255:0] kdat;
  reg [3:0]   ivwen;
  reg [127:0] ivdat;
  integer ik;
  always @* begin
    ik    = 0;
    kwen  = 8'h0;
    kdat  = 256'h0;
    ivwen = 4'h0;
    ivdat = 128'h0;
    for (ik = 0; ik < 8; ik = ik + 1) begin
      kwen[ik] = (k_mmio && ik == {29'h0, aidx8}) ||
                 (k_cpi && (ik >> 1) == ({29'h0, kpos_q} >> 1)) ||
                 (k_dma && ik >= {29'h0, kpos_q} && ik < {29'h0, kpos_q} + KPB);
      kdat[32*ik +: 32] = k_dma ? dma_keyw_data_i[32*(ik % KPB) +: 32] :
                          k_cpi ? (ik[0] ? cpi_rs2_i : cpi_rs1_i) : wdata_i;
    end
    for (ik = 0; ik < 4; ik = ik + 1) begin
      ivwen[ik] = (v_mmio && ik == {30'h0, aidx4}) ||
                  (v_cpi && (ik >> 1) == ({30'h0, ivpos_q} >> 1));
      ivdat[32*ik +: 32] = v_cpi ? (ik[0] ? cpi_rs2_i : cpi_rs1_i) : wdata_i;
    end
  end

  // ------------------------------------------------------------------ output side
  // per engine: the output block in memory order, the words DOUT/DMA and RESULT read, the IV
  // (an IV register read and an IVRD never come in one cycle: one CPU access per cycle, so they
  // share one word select, indexed by the address or by rs1)
  wire [1:0]          iv_idx = c_req ? cpi_rs1_i[1:0] : aidx4;
  reg  [31:0]         dout_word, iv_word, res_word;
  reg  [4:0]          bix;
  reg  [DMA_BITS-1:0] dout_beat;
  reg  [511:0]        om;
  reg  [127:0]        eiv;
  reg  [DMA_BITS-1:0] bt;
  integer io;
  always @* begin
    io        = 0;
    dout_word = 32'h0;
    res_word  = 32'h0;
    bix       = 5'h0;
    iv_word   = 32'h0;
    dout_beat = {DMA_BITS{1'b0}};
    om  = 512'h0;
    eiv = 128'h0;
    bt  = {DMA_BITS{1'b0}};
    for (io = 1; io <= 5; io = io + 1) begin
      if (ENGINES[io-1]) begin
        // the block's bytes reversed within its own width (memory order, word 0 low)
        om  = swap512(eng_out_data_i[512*(io-1) +: 512] << (512 - blk_bits(io)));
        eiv = s_ivld[io-1] ? iv_q : s_ivfl[io-1] ? ivc_q : swap128(eng_iv_i[128*(io-1) +: 128]);
        if (req_i[io-1])
          dout_word = om[32*({28'h0, aidx16} % (blk_bits(io) / 32)) +: 32];
        if (rq[io-1] && iv_bits(io) > 0)
          iv_word = eiv[32*({30'h0, iv_idx} % (iv_bits(io) / 32)) +: 32];
        if (bsel[io-1]) begin
          // the DMA's beat obeat_q, or the beat holding the RESULT position's word; a 64-bit
          // block on the 128-bit port: the block low, zeros above
          bix = hub_dma ? {1'b0, obeat_q} : beat_of(s_rpos[5*(io-1) +: 5], io);
          bt = om[32 * wpbi(io) * ({27'h0, bix} % (blk_bits(io) / 32 / wpbi(io))) +: DMA_BITS];
          dout_beat = bt & ~({DMA_BITS{1'b1}} << (32 * wpbi(io)));
          res_word  = bt[32 * ({27'h0, s_rpos[5*(io-1) +: 5]} % wpbi(io)) +: 32];
        end
      end
    end
  end

  // STATUS of the engine accessed, of the waiting instruction's engine
  reg [31:0] r_status, w_status, r_cfg;
  reg [2:0]  r_ie, r_is;
  reg [7:0]  r_cap, r_id;
  integer ir;
  always @* begin
    ir = 0;
    r_status = 32'h0; w_status = 32'h0; r_cfg = 32'h0; r_ie = 3'h0; r_is = 3'h0;
    r_cap = 8'h0; r_id = 8'h0;
    for (ir = 1; ir <= 5; ir = ir + 1) begin
      if (rq[ir-1]) begin
        r_status = r_status | s_status[32*(ir-1) +: 32];
        r_cfg    = r_cfg | s_cfg[32*(ir-1) +: 32];
        r_ie     = r_ie | s_ie[3*(ir-1) +: 3];
        r_is     = r_is | s_is[3*(ir-1) +: 3];
        r_cap    = r_cap | cap_opt(ir);
        r_id     = r_id | ir[7:0];
      end
      if (weng_q[ir-1]) w_status = w_status | s_status[32*(ir-1) +: 32];
    end
  end
  reg [31:0] cap_word;
  always @* begin
    cap_word = {r_cap, 8'h0, 8'h0, 8'h0};
    cap_word[`CV_CPL_CAP_BLOCK_BYTES_MSB:`CV_CPL_CAP_BLOCK_BYTES_LSB] = {1'b0, r_nw, 2'b00};
    cap_word[`CV_CPL_CAP_KEY_BYTES_MSB:`CV_CPL_CAP_KEY_BYTES_LSB]     = {2'b00, r_kw, 2'b00};
    cap_word[`CV_CPL_CAP_IV_BYTES_MSB:`CV_CPL_CAP_IV_BYTES_LSB]       = {3'b000, r_ivw, 2'b00};
  end
  wire [31:0] id_word = {`CV_CPL_ID_MAGIC_CIPHER_V, r_id, `CV_CPL_ID_VERSION_V1_0};

  // ------------------------------------------------------------------ next state
  reg rsp_d, rerr_d;
  reg [31:0] rdat_d;
  integer    jn;
  always @* begin
    jn        = 0;
    key_d     = key_q;
    kpos_d    = kpos_q;
    kdirty_d  = kdirty_q;
    iv_d      = iv_q;
    ivpos_d   = ivpos_q;
    ivdirty_d = ivdirty_q;
    acc_d     = acc_q;
    pos_d     = pos_q;
    pend_d    = pend_q;
    bdirty_d  = bdirty_q;
    blast_d   = blast_q;
    bbytes_d  = bbytes_q;
    lastb_d   = lastb_q;
    lbset_d   = lbset_q;
    own_d     = own_q;
    rdata_d   = 32'h0;
    wres_d    = wres_q;
    wkl_d     = wkl_q;
    wklgo_d   = wklgo_q;
    weng_d    = weng_q;
    obeat_d   = obeat_q;
    rsp_d     = 1'b0;
    rerr_d    = 1'b0;
    rdat_d    = 32'h0;

    // ---- MMIO reads (registered)
    if (rd_req) begin
      if (a == `CV_CPL_ID_OFFSET)          rdata_d = id_word;
      else if (a == `CV_CPL_CAP_OFFSET)    rdata_d = cap_word;
      else if (a_cfg)                      rdata_d = r_cfg;
      else if (a == `CV_CPL_STATUS_OFFSET) rdata_d = r_status;
      else if (a_ie)                       rdata_d = {29'h0, r_ie};
      else if (a_is)                       rdata_d = {29'h0, r_is};
      else if (a_lastb)                    rdata_d = {24'h0, lbset_q ? lastb_q :
                                                             {1'b0, r_nw, 2'b00}};
      else if (a_iv)                       rdata_d = iv_word;
      else if (m_dout_ok)                  rdata_d = dout_word;
    end

    // ---- LAST_BYTES (MMIO, LASTB)
    if ((wr_req && a_lastb && !m_oth) || (c_do && c_op == OP_LASTB)) begin
      lastb_d = c_req ? cpi_rs1_i[7:0] : wdata_i[7:0];
      lbset_d = 1'b1;
    end

    // ---- RESULT / KLOADW answers and waits
    if (r_ans) wres_d = 1'b0;
    if (wkl_q) begin
      if (|(s_klfire & weng_q)) wklgo_d = 1'b1;
      if (kl_ans) begin
        wkl_d   = 1'b0;
        wklgo_d = 1'b0;
      end
    end
    if (c_req) begin
      rsp_d  = 1'b1;
      rerr_d = !c_legal || c_ivrd_bad;
      if (c_go && (c_dmab || c_oth) && c_op == OP_KLOAD) rdat_d = r_status;
      if (c_do) begin
        case (c_op)
          OP_IVRD:   rdat_d = iv_word;
          OP_STATUS: rdat_d = r_status;
          OP_KLOAD: begin
            if (c_f3[2]) begin
              rsp_d   = 1'b0;        // KLOADW: answered when the key is ready
              wkl_d   = 1'b1;
              wklgo_d = 1'b0;
              weng_d  = cpi_req_i;
            end
          end
          OP_RESULT: begin
            rsp_d  = 1'b0;           // answered now (r_ans) or when a word comes
            wres_d = !r_ans;
            weng_d = cpi_req_i;
          end
          default: ;
        endcase
      end
    end

    // ---- key and IV staging
    for (jn = 0; jn < 8; jn = jn + 1) if (kwen[jn]) key_d[32*jn +: 32] = kdat[32*jn +: 32];
    for (jn = 0; jn < 4; jn = jn + 1) if (ivwen[jn]) iv_d[32*jn +: 32] = ivdat[32*jn +: 32];
    if (k_cpi) kpos_d = r_kend_m[{1'b0, kpos_q}] ? 3'd0 : kpos_q + 3'd2;
    if (k_dma) kpos_d = d_kend_m[{1'b0, kpos_q}] ? 3'd0 : kpos_q + KPB[2:0];
    if (v_cpi) ivpos_d = r_ivend_m[{2'b00, ivpos_q}] ? 2'd0 : ivpos_q + 2'd2;
    if (k_mmio || k_cpi || c_kload) begin kdirty_d = 1'b1; own_d = rq; end
    if (k_dma) begin kdirty_d = 1'b1; own_d = dma_own_i & ENGINES; end
    if (v_mmio || v_cpi || c_ivld) begin ivdirty_d = 1'b1; own_d = rq; end
    if (|s_klfire) begin
      key_d    = 256'h0;
      kpos_d   = 3'd0;
      kdirty_d = 1'b0;
    end
    if (|s_ivld) ivdirty_d = 1'b0;

    // ---- input block (one register: the engine takes the block where it was collected; the
    // words it leaves are cleared, except those a write in the same cycle starts the next with)
    for (jn = 0; jn < 16; jn = jn + 1) begin
      if (wen[jn]) acc_d[32*jn +: 32] = wdat[32*jn +: 32];
      if (eng_take && !wen[jn]) acc_d[32*jn +: 32] = 32'h0;
    end
    if (eng_take) pend_d = 1'b0;
    if (wen_any) begin
      bdirty_d = 1'b1;
      pos_d = c_data ? pos_q + 4'd2 : d_fire ? pos_q + d_wpb[3:0] : pos_q;
      own_d = d_fire ? (dma_own_i & ENGINES) : rq;
    end
    if (cmpl) begin
      blast_d  = clast;
      bbytes_d = cbytes;
      pos_d    = 4'd0;
      pend_d   = 1'b1;
      bdirty_d = 1'b0;
    end
    // a new message of the holder drops its partly collected block
    if ((|(s_posclr & own_q)) && !wen_any) pos_d = 4'd0;

    if (d_ofire) obeat_d = oblast_q ? 4'd0 : obeat_q + 4'd1;
    if (|(s_stacc & (hub_dma ? dma_own_i : ENGINES))) obeat_d = 4'd0;

    // ---- zeroize: the engine's slot always; the staging when it holds it (or nobody does)
    if (|(s_zero & (held ? own_q : ENGINES))) begin
      key_d     = 256'h0;
      kpos_d    = 3'd0;
      kdirty_d  = 1'b0;
      iv_d      = 128'h0;
      ivpos_d   = 2'd0;
      ivdirty_d = 1'b0;
      acc_d     = 512'h0;
      pos_d     = 4'd0;
      pend_d    = 1'b0;
      bdirty_d  = 1'b0;
      blast_d   = 1'b0;
    end
    if (|(s_zero & (hub_dma ? dma_own_i : ENGINES))) obeat_d = 4'd0;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      keyc_q <= 256'h0;
      ivc_q  <= 128'h0;
    end else begin
      keyc_q <= key_q;
      ivc_q  <= iv_q;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      key_q     <= 256'h0;
      kpos_q    <= 3'd0;
      kdirty_q  <= 1'b0;
      iv_q      <= 128'h0;
      ivpos_q   <= 2'd0;
      ivdirty_q <= 1'b0;
      acc_q     <= 512'h0;
      pos_q     <= 4'd0;
      pend_q    <= 1'b0;
      tk_q      <= 5'h0;
      bdirty_q  <= 1'b0;
      blast_q   <= 1'b0;
      bbytes_q  <= 8'd0;
      lastb_q   <= 8'd0;
      lbset_q   <= 1'b0;
      own_q     <= 5'h0;
      rdata_q   <= 32'h0;
      wres_q    <= 1'b0;
      wkl_q     <= 1'b0;
      wklgo_q   <= 1'b0;
      weng_q    <= 5'h0;
      obeat_q   <= 4'd0;
      oblast_q  <= 1'b0;
    end else begin
      key_q     <= key_d;
      kpos_q    <= kpos_d;
      kdirty_q  <= kdirty_d;
      iv_q      <= iv_d;
      ivpos_q   <= ivpos_d;
      ivdirty_q <= ivdirty_d;
      acc_q     <= acc_d;
      pos_q     <= pos_d;
      pend_q    <= pend_d;
      tk_q      <= (TAKE_NOW != 0) ? 5'h0 : take_e;
      bdirty_q  <= bdirty_d;
      blast_q   <= blast_d;
      bbytes_q  <= bbytes_d;
      lastb_q   <= lastb_d;
      lbset_q   <= lbset_d;
      own_q     <= own_d;
      rdata_q   <= rdata_d;
      wres_q    <= wres_d;
      wkl_q     <= wkl_d;
      wklgo_q   <= wklgo_d;
      weng_q    <= weng_d;
      obeat_q   <= obeat_d;
      oblast_q  <= d_oend_m[obeat_d];
    end
  end

  // ------------------------------------------------------------------ outputs
  assign rdata_o = rdata_q;

  // The answer to a custom instruction with a result (funct3 xd: RESULT, STATUS, IVRD, KLOADW)
  // is decided in the cycle the instruction comes (or, for a waiting RESULT or KLOADW, in the
  // cycle its word or key is there) and given from flops in the next cycle, zero when there is
  // none: cpl_dispatch passes it to the core as it is, so no path runs from the hub's decode
  // into the dispatcher or the core. An instruction without a result is answered by the
  // dispatcher alone (its errors are the engine's ERR flags), so the hub does not answer it.
  wire        a_valid = (rsp_d && c_req && c_f3[2]) || r_ans || kl_ans;
  wire [31:0] a_data  = rsp_d ? rdat_d : r_ans ? (w_ov ? res_word : 32'h0) :
                        kl_ans ? w_status : 32'h0;
  wire        a_err   = rsp_d ? rerr_d : (r_ans && !w_ov);
  wire [4:0]  a_eng   = rsp_d ? cpi_req_i : wsel;
  reg  [4:0]  ans_q, aerr_q;
  reg  [31:0] adat_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ans_q  <= 5'h0;
      aerr_q <= 5'h0;
      adat_q <= 32'h0;
    end else begin
      ans_q  <= {5{a_valid}} & a_eng;
      aerr_q <= {5{a_valid && a_err}} & a_eng;
      adat_q <= a_valid ? a_data : 32'h0;
    end
  end
  assign cpi_rsp_valid_o = ans_q;
  assign cpi_rsp_data_o  = {5{adat_q}};
  assign cpi_rsp_err_o   = aerr_q;

  assign dma_out_valid_o = dov;
  assign dma_out_data_o  = {5{dout_beat}};
  assign dma_out_last_o  = eng_out_last_i & {5{oblast_q}};
  assign other_o         = {5{held}} & ~own_q & ENGINES;

  assign eng_key_o      = swap256(keyc_q);
  assign eng_iv_o       = swap128(ivc_q);
  assign eng_in_valid_o = {5{offer}} & own_q & ENGINES;
  assign eng_in_data_o  = swap512(acc_q);
  assign eng_in_last_o  = blast_q;
  generate
    for (g = 1; g <= 5; g = g + 1) begin : g_bytes
      localparam integer BBI = blk_bits(g) / 8;
      localparam [7:0]   BB8 = BBI[7:0];
      assign eng_in_bytes_o[8*(g-1) +: 8] = blast_q ? bbytes_q : BB8;
    end
  endgenerate

  // Key bytes in memory for a DMA key load, from the key-size field of dma_cfg_i: AES 16/24/32;
  // PRINCE 16; PRESENT 16 (an 80-bit key is the first 10); ChaCha 32 or 16; SHA-3 none. A
  // reserved size gives 0, which the DMA refuses.
  wire [1:0] aes_ksz = dma_cfg_i[`CV_AES_CFG_KSZ_MSB:`CV_AES_CFG_KSZ_LSB];
  wire [1:0] blk_ksz = dma_cfg_i[`CV_PRINCE_CFG_KSZ_MSB:`CV_PRINCE_CFG_KSZ_LSB];
  assign key_bytes_o[7:0]   = ENGINES[0] ? ((aes_ksz == 2'd3) ? 8'd0 :
                                            8'd16 + {3'b0, aes_ksz, 3'b0}) : 8'd0;
  assign key_bytes_o[15:8]  = (ENGINES[1] && blk_ksz == `CV_PRINCE_CFG_KSZ_128) ? 8'd16 : 8'd0;
  assign key_bytes_o[23:16] = (ENGINES[2] && blk_ksz[1] == 1'b0) ? 8'd16 : 8'd0;
  assign key_bytes_o[31:24] = ENGINES[3] ? (dma_cfg_i[`CV_CHACHA_CFG_K128_LSB] ? 8'd16 : 8'd32) :
                                           8'd0;
  assign key_bytes_o[39:32] = 8'd0;
endmodule

`default_nettype wire
