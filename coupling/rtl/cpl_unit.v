// SPDX-License-Identifier: Apache-2.0
// cpl_unit.v
// One engine's coupling unit: MMIO register block, custom-instruction decoder, DMA word port.
`default_nettype none
`include "soc_memmap.vh"

// Implements the cpl_unit section of coupling/README.md for any engine of the streaming
// interface (docs/ARCHITECTURE.md). All data, key and IV words on the bus side are memory-order
// words; the engine buses are big-endian, so a whole staged vector is byte-reversed onto them.
//
// Input path: words 0..NW-2 of a block collect in acc_q (from DIN writes, DATA operands or DMA
// beats); the write of the final word moves the completed block into blk_q and marks it pending,
// and blk_q is offered to the engine (in_valid) from the next cycle on. So a new block can be
// collected while the previous one is offered: the DMA sustains one beat per cycle. A block that
// ends before its final word (a DATAL of a short last block) is written into acc_q like any word
// and moved a cycle later (late_q), so only the final words' lanes of blk_q ever take a word
// straight from a write. With IN_BUFS = 1 (every engine but SHA-3, cpl_engine) there is no
// blk_q: the completed block is offered from acc_q, and no word is written until the engine
// takes it.
// dma_in_ready_o depends combinationally on the engine's in_ready (AES: on out_ready, so on
// dma_out_ready_i): cpl_dma must not make dma_out_ready_i depend on dma_in_ready_o.
//
// Output path: DOUT reads, RESULT and the DMA output beats read the engine's output register
// directly; a RESULT or DMA beat of a block's final word drives out_ready in the same cycle, a
// DOUT read of it in the next (cons_q).
//
// Commands: the CPU's START/KEYLOAD/IVLOAD (MMIO write or accepted instruction) reach the engine
// in the cycle after the request, the DMA's in the cycle of its strobe; the CPU's ZEROIZE clears
// the unit in the request cycle and the engine in the next (see defr_q and zcpu_q below).
module cpl_unit #(
  parameter integer ENGINE        = 1,      // engine number (ID.ENGINE, cpi target)
  parameter integer BLOCK_BITS    = 128,    // 64, 128 or 512
  parameter integer KEY_BITS      = 256,    // 0: the engine takes no key
  parameter integer IV_BITS       = 128,    // 0: no IV
  parameter integer CFG_BITS      = 8,      // <= 32
  parameter [7:0]   CAP_OPT       = 8'h00,  // CAP[31:24], engine-specific build options
  parameter integer DMA_BITS      = 32,     // DMA word port width: 32 or 128
  parameter integer MODE_LSB      = 0,      // position of the mode field in the cfg word
  parameter integer MODE_W        = 1,      // its width (<= 5)
  parameter [31:0]  PARTIAL_MODES = 32'h0,  // bit m: mode m takes a partial last block
  parameter [31:0]  EMPTY_MODES   = 32'h0,  // bit m: mode m takes an empty message
  parameter [31:0]  OUTLAST_MODES = 32'h0,  // bit m: mode m outputs only after the last block
  parameter [31:0]  NOREAD_MODES  = 32'h0,  // bit m: mode m ignores its input data
  parameter integer KLOAD_WAIT    = 63,     // KLOADW answers at the latest this long after load
  // 2: a block is collected in acc_q while the previous one is offered from blk_q, so the DMA
  // sends beats while the engine has not taken a block yet; 1: the block is offered from acc_q
  // where it was collected, and the DMA waits until the engine takes it
  parameter integer IN_BUFS       = 2,
  // 1: the engine is busy right after a zeroize (AES: its key-store wipe), so STATUS shows BUSY
  // in the cycle the CPU's zeroize reaches it (zcpu_q), as it will in the next
  parameter integer ZERO_BUSY     = 0
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  // SoC target port (4 KiB window): read data registered, one cycle after the request
  input  wire                    req_i,
  input  wire                    we_i,
  /* verilator lint_off UNUSEDSIGNAL */  // byte offset of a word register; decoded bits only
  input  wire [11:0]             addr_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [31:0]             wdata_i,
  output wire [31:0]             rdata_o,
  // custom instructions from cpl_dispatch (forwarded from its flip-flops): one in flight; the
  // answer (cpi_rsp_*) is combinational, in the cycle given or when a wait ends, and registered
  // by cpl_dispatch
  input  wire                    cpi_req_i,
  /* verilator lint_off UNUSEDSIGNAL */  // opcode, target and registers: decoded by cpl_dispatch
  input  wire [31:0]             cpi_insn_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [31:0]             cpi_rs1_i,
  input  wire [31:0]             cpi_rs2_i,
  output wire                    cpi_rsp_valid_o,
  output wire [31:0]             cpi_rsp_data_o,
  output wire                    cpi_rsp_err_o,
  // DMA word port (coupling/README.md), memory-order lanes
  input  wire                    dma_own_i,
  input  wire                    dma_zeroize_i,  // the DMA's zeroize (job abort, engine error)
  input  wire                    dma_start_i,
  /* verilator lint_off UNUSEDSIGNAL */  // the engine uses CFG_BITS of the word
  input  wire [31:0]             dma_cfg_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire                    dma_keyw_valid_i,
  input  wire [DMA_BITS-1:0]     dma_keyw_data_i,
  input  wire                    dma_keyload_i,
  input  wire                    dma_in_valid_i,
  output wire                    dma_in_ready_o,
  input  wire [DMA_BITS-1:0]     dma_in_data_i,
  input  wire                    dma_in_last_i,
  input  wire [7:0]              dma_in_bytes_i,
  output wire                    dma_out_valid_o,
  input  wire                    dma_out_ready_i,
  output wire [DMA_BITS-1:0]     dma_out_data_o,
  output wire                    dma_out_last_o,
  output wire                    partial_ok_o,
  output wire                    empty_ok_o,
  output wire                    noread_o,       // the DMA may send zeros without reading
  output wire                    eng_busy_o,
  output wire                    key_ready_o,
  output wire                    err_o,
  output wire [3:0]              err_code_o,
  output wire                    irq_o,
  // engine streaming interface
  output wire                    eng_zeroize_o,
  output wire [CFG_BITS-1:0]     eng_cfg_o,
  output wire                    eng_start_o,
  output wire [((KEY_BITS > 0) ? KEY_BITS : 32)-1:0] eng_key_o,
  output wire                    eng_key_valid_o,
  input  wire                    eng_key_ready_i,
  output wire [((IV_BITS > 0) ? IV_BITS : 32)-1:0]   eng_iv_o,
  output wire                    eng_iv_valid_o,
  input  wire [((IV_BITS > 0) ? IV_BITS : 32)-1:0]   eng_iv_i,
  output wire                    eng_in_valid_o,
  input  wire                    eng_in_ready_i,
  output wire [BLOCK_BITS-1:0]   eng_in_data_o,
  output wire                    eng_in_last_o,
  output wire [7:0]              eng_in_bytes_o,
  input  wire                    eng_out_valid_i,
  output wire                    eng_out_ready_o,
  input  wire [BLOCK_BITS-1:0]   eng_out_data_i,
  input  wire                    eng_out_last_i,
  input  wire                    eng_busy_i,
  input  wire                    eng_err_i,
  input  wire [3:0]              eng_err_code_i
);
  // ------------------------------------------------------------------ sizes
  localparam integer NW   = BLOCK_BITS / 32;                        // words per block
  localparam integer KB   = (KEY_BITS > 0) ? KEY_BITS : 32;         // never a 0-bit vector
  localparam integer IVB  = (IV_BITS > 0) ? IV_BITS : 32;
  localparam integer KW   = KB / 32;
  localparam integer IVW  = IVB / 32;
  localparam integer BW   = (DMA_BITS < BLOCK_BITS) ? DMA_BITS : BLOCK_BITS;  // DMA beat bits
  localparam integer WPB  = BW / 32;                                // words per DMA beat
  localparam integer NBT  = NW / WPB;                               // DMA beats per block
  localparam integer NWB  = $clog2(NW);                             // word index bits (NW >= 2)
  localparam integer IVWB = (IVW > 1) ? $clog2(IVW) : 1;            // IV word index bits
  localparam integer NBB  = (NBT > 1) ? $clog2(NBT) : 1;            // beat index bits
  localparam integer FL   = (WPB > 2) ? WPB : 2;                    // final lanes: DATA pair, beat
  localparam [BLOCK_BITS-1:0] FINAL_M = ~({BLOCK_BITS{1'b1}} >> (32 * FL));  // their bits
  localparam integer KBW  = (DMA_BITS < KB) ? DMA_BITS : KB;        // DMA key beat bits
  localparam integer KPB  = KBW / 32;
  localparam integer BLOCK_BYTES = BLOCK_BITS / 8;
  localparam [31:0]  BB32 = BLOCK_BYTES;
  localparam [31:0]  EN32 = ENGINE;
  localparam [31:0]  KB32 = KEY_BITS / 8;
  localparam [31:0]  IB32 = IV_BITS / 8;
  localparam [31:0]  MM32 = (1 << MODE_W) - 1;
  localparam [7:0]   BB8  = BB32[7:0];
  localparam         ONEBUF = (IN_BUFS == 1);                       // the block offered from acc_q
  // bit p: a DMA beat at word p completes the block (p + WPB >= NW)
  function automatic [31:0] cmpl_mask(input integer words, input integer per_beat);
    integer p;
    begin
      cmpl_mask = 32'h0;
      for (p = 0; p < 32; p = p + 1) cmpl_mask[p] = (p + per_beat >= words);
    end
  endfunction
  localparam [31:0]  D_CMPL_M = cmpl_mask(NW, WPB);

  // the unit's STATUS.ERR_CODE values and the custom-instruction operations with their required
  // funct3 = {xd, xs1, xs2}: coupling/regs/engine.toml and cpi.toml, through soc_memmap.vh
  localparam [3:0] E_OVERRUN  = `CV_CPL_STATUS_ERR_CODE_OVERRUN;
  localparam [3:0] E_UNDERFLW = `CV_CPL_STATUS_ERR_CODE_UNDERFLOW;
  localparam [3:0] E_BUSY_DMA = `CV_CPL_STATUS_ERR_CODE_BUSY_DMA;
  localparam [3:0] E_OP       = `CV_CPL_STATUS_ERR_CODE_OP;

  localparam [3:0] OP_CFG = `CV_CPI_OP_CFG, OP_KEY = `CV_CPI_OP_KEY, OP_KLOAD = `CV_CPI_OP_KLOAD;
  localparam [3:0] OP_IV = `CV_CPI_OP_IV, OP_IVLOAD = `CV_CPI_OP_IVLOAD, OP_IVRD = `CV_CPI_OP_IVRD;
  localparam [3:0] OP_START = `CV_CPI_OP_START, OP_DATA = `CV_CPI_OP_DATA;
  localparam [3:0] OP_DATAL = `CV_CPI_OP_DATAL, OP_RESULT = `CV_CPI_OP_RESULT;
  localparam [3:0] OP_STATUS = `CV_CPI_OP_STATUS, OP_ZERO = `CV_CPI_OP_ZERO;
  localparam [3:0] OP_LASTB = `CV_CPI_OP_LASTB;

  // ------------------------------------------------------------------ helpers
  // memory-order vector (byte 0 in bits 7:0) <-> engine big-endian bus (byte 0 in the MSBs)
  function automatic [BLOCK_BITS-1:0] swap_blk(input [BLOCK_BITS-1:0] x);
    integer b;
    begin
      for (b = 0; b < BLOCK_BITS / 8; b = b + 1) swap_blk[BLOCK_BITS-1-8*b -: 8] = x[8*b +: 8];
    end
  endfunction
  function automatic [KB-1:0] swap_key(input [KB-1:0] x);
    integer b;
    begin
      for (b = 0; b < KB / 8; b = b + 1) swap_key[KB-1-8*b -: 8] = x[8*b +: 8];
    end
  endfunction
  function automatic [IVB-1:0] swap_iv(input [IVB-1:0] x);
    integer b;
    begin
      for (b = 0; b < IVB / 8; b = b + 1) swap_iv[IVB-1-8*b -: 8] = x[8*b +: 8];
    end
  endfunction
  function automatic in_arr(input [11:0] x, input [11:0] base, input integer count);
    in_arr = ({20'h0, x} >= {20'h0, base}) && ({20'h0, x} < {20'h0, base} + 4 * count);
  endfunction
  function automatic mode_in(input [31:0] mask, input [CFG_BITS-1:0] cfg);
    integer k;
    begin
      mode_in = 1'b0;
      for (k = 0; k < 32; k = k + 1)
        if (((({{(32-CFG_BITS){1'b0}}, cfg}) >> MODE_LSB) & MM32) == k) mode_in = mask[k];
    end
  endfunction

  // ------------------------------------------------------------------ registers
  reg [CFG_BITS-1:0]   cfg_q, cfg_d;
  reg [2:0]            ie_q, ie_d, is_q, is_d;
  reg [7:0]            lastb_q, lastb_d;
  reg [KB-1:0]         key_q, key_d;
  reg [4:0]            kpos_q, kpos_d;
  reg [IVB-1:0]        iv_q, iv_d;
  reg [1:0]            ivpos_q, ivpos_d;
  reg [BLOCK_BITS-1:0] acc_q, acc_d, blk_q, blk_d;
  reg [4:0]            pos_q, pos_d;
  reg                  pend_q, pend_d, blast_q, blast_d;
  reg                  late_q, late_d;              // acc_q holds a short block: move it now
  reg [7:0]            bbytes_q, bbytes_d;
  reg                  msg_q, msg_d;
  reg [CFG_BITS-1:0]   mcfg_q, mcfg_d;              // cfg of the running message
  reg                  klh_q, klh_d;                // key load held
  reg [CFG_BITS-1:0]   klcfg_q, klcfg_d;
  reg [2:0]            defr_q, defr_d;              // the CPU's {start, ivload, keyload}
  reg                  kexp_q, kexp_d;              // key delivered, schedule not ready yet
  reg                  zdma_q;                      // zeroized while the DMA owns the engine
  reg                  zcpu_q;                      // the CPU's zeroize reaches the engine
  reg                  sth_q, sth_d;                // START held until the key/IV is in
  reg [CFG_BITS-1:0]   sthcfg_q, sthcfg_d;
  reg [5:0]            infl_q, infl_d;              // blocks in the engine with output to come
  // The last block of a message whose output comes at its end (OUTLAST modes: SHA-3, CMAC) is
  // in the engine: output is due until the engine goes idle, however many words it gives (a
  // SHAKE output streams words, and a permutation, long after infl_q has counted its block out)
  reg                  ofin_q, ofin_d;
  reg [4:0]            rpos_q, rpos_d;              // RESULT word position
  reg [4:0]            obeat_q, obeat_d;            // DMA output beat
  reg                  uerr_q, uerr_d, usel_q, usel_d;
  reg [3:0]            ucode_q, ucode_d;
  reg                  eerr_q, erra_q, busy_st_q, outv_q;
  reg [31:0]           rdata_q, rdata_d;
  // the answer to a custom instruction, in the cycle it is given (cpl_dispatch registers it)
  reg                  rsp_d, rerr_d;
  reg [31:0]           rdat_d;
  reg                  wres_q, wres_d, wkl_q, wkl_d, wklgo_q, wklgo_d;
  reg                  cons_q;                      // DOUT consumed the output block: out_ready
  reg [6:0]            klcnt_q, klcnt_d;
  // klcnt_q >= KLOAD_WAIT, kept beside the counter: kx_end is on the START path into the engine
  // (st_go -> the engine's start logic), where a 7-bit compare would be a carry chain
  reg                  klge_q, klge_d;
  // The START decision (st_go) drives the engine's start and configuration inputs, and through
  // them its start logic, in the same cycle; so its registered terms are merged a cycle ahead:
  // stw_q = klh_q || zcpu_q, kxw_q = kexp_q && !klge_q (a delivered key still expanding, short
  // of the bound), and the decision takes two fewer inputs
  reg                  stw_q, kxw_q;
  // obeat_q == NBT - 1, kept beside the beat counter: the DMA's last output beat drives the
  // engine's out_ready (AES, ChaCha: and through it in_ready, the staging block's take and clear)
  reg                  oblast_q;

  // ------------------------------------------------------------------ decode
  wire        rd_req = req_i && !we_i;
  wire        wr_req = req_i && we_i;
  wire [11:0] a      = {addr_i[11:2], 2'b00};
  wire [3:0]  aidx16 = a[5:2];
  wire [2:0]  aidx8  = a[4:2];
  wire [1:0]  aidx4  = a[3:2];
  // 32-bit views of the small indices, for comparisons with loop variables and sizes
  wire [31:0] ai16 = {28'h0, aidx16};
  wire [31:0] ai8  = {29'h0, aidx8};
  wire [31:0] ai4  = {30'h0, aidx4};
  wire [31:0] posw = {27'h0, pos_q};
  wire [31:0] kpw  = {27'h0, kpos_q};
  wire [31:0] ivpw = {30'h0, ivpos_q};
  wire [31:0] rpw  = {27'h0, rpos_q};
  wire [31:0] obw  = {27'h0, obeat_d};   // (the next beat: oblast_q)
  wire [31:0] klc1 = {25'h0, klcnt_q + 7'd1};   // (7 bits: the counter's own wrap)

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

  // custom instruction fields: funct7[3:0] = insn[28:25], funct3 = insn[14:12]
  wire [3:0] c_op = cpi_insn_i[28:25];
  wire [2:0] c_f3 = cpi_insn_i[14:12];
  reg        c_legal;
  always @* begin
    case (c_op)
      OP_CFG:    c_legal = (c_f3 == `CV_CPI_F3_CFG);
      OP_START:  c_legal = (c_f3 == `CV_CPI_F3_START);
      OP_LASTB:  c_legal = (c_f3 == `CV_CPI_F3_LASTB);
      OP_KEY:    c_legal = (KEY_BITS > 0) && (c_f3 == `CV_CPI_F3_KEY);
      OP_KLOAD:  c_legal = (KEY_BITS > 0) && (c_f3 == `CV_CPI_F3_KLOAD ||
                                              c_f3 == `CV_CPI_F3_KLOADW);
      OP_IV:     c_legal = (IV_BITS > 0) && (c_f3 == `CV_CPI_F3_IV);
      OP_IVLOAD: c_legal = (IV_BITS > 0) && (c_f3 == `CV_CPI_F3_IVLOAD);
      OP_IVRD:   c_legal = (IV_BITS > 0) && (c_f3 == `CV_CPI_F3_IVRD) && (cpi_rs1_i < IVW);
      OP_DATA:   c_legal = (c_f3 == `CV_CPI_F3_DATA);
      OP_DATAL:  c_legal = (c_f3 == `CV_CPI_F3_DATAL);
      OP_RESULT: c_legal = (c_f3 == `CV_CPI_F3_RESULT);
      OP_STATUS: c_legal = (c_f3 == `CV_CPI_F3_STATUS);
      OP_ZERO:   c_legal = (c_f3 == `CV_CPI_F3_ZERO);
      default:   c_legal = 1'b0;
    endcase
  end
  wire c_go   = cpi_req_i && c_legal;
  // data/control operations refused while the DMA owns the engine (reads and ZERO still work)
  wire c_dmab = dma_own_i && !(c_op == OP_IVRD || c_op == OP_STATUS || c_op == OP_ZERO ||
                               c_op == OP_LASTB);
  wire c_do   = c_go && !c_dmab;
  wire c_ivrd_bad = cpi_req_i && (c_op == OP_IVRD) && (IV_BITS > 0) &&
                    (c_f3 == `CV_CPI_F3_IVRD) && !(cpi_rs1_i < IVW);

  // ------------------------------------------------------------------ engine-facing commands
  wire wr_ok   = wr_req && !dma_own_i;
  wire m_zero  = wr_req && a_ctrl && wdata_i[`CV_CPL_CTRL_ZEROIZE_LSB];
  wire m_cmds  = wr_req && a_ctrl && (wdata_i[`CV_CPL_CTRL_START_LSB] ||
                 wdata_i[`CV_CPL_CTRL_KEYLOAD_LSB] || wdata_i[`CV_CPL_CTRL_IVLOAD_LSB]);
  wire m_start = wr_ok && a_ctrl && wdata_i[`CV_CPL_CTRL_START_LSB];
  wire m_kload = wr_ok && a_ctrl && wdata_i[`CV_CPL_CTRL_KEYLOAD_LSB] && (KEY_BITS > 0);
  wire m_ivld  = wr_ok && a_ctrl && wdata_i[`CV_CPL_CTRL_IVLOAD_LSB] && (IV_BITS > 0);

  // the DMA's zeroize has its own input, so a CPU access to the window in the same cycle still
  // happens (sharing the register port, such an access would be dropped: regfuzz.md)
  wire zero_cpu = m_zero || (c_go && c_op == OP_ZERO);
  wire zero_now = zero_cpu || dma_zeroize_i;
  // The unit clears its own registers in the request cycle (zero_now); the CPU's zeroize reaches
  // the engine one cycle later (zcpu_q), like its other commands, so that the core's request
  // path (the answer of the previous instruction, the stall, the next request) does not run on
  // into every engine register's reset, the SoC's critical path. The DMA's zeroize comes from a
  // flip-flop and acts at once. In the cycle the engine is being zeroized the unit shows it as
  // already done: the engine's output, key-ready and error are hidden, its busy is the one it
  // will show (ZERO_BUSY), and a START or key load waits (ZEROIZE wins inside the engine and
  // would drop them).
  wire e_busy = eng_busy_i || zcpu_q;
  wire v_busy = zcpu_q ? (ZERO_BUSY != 0) : eng_busy_i;
  wire e_krdy = eng_key_ready_i && !zcpu_q;
  wire e_err  = eng_err_i && !zcpu_q;
  wire e_ov   = eng_out_valid_i && !zcpu_q;
  // The CPU's START, KEYLOAD and IVLOAD (CTRL bits, instructions) reach the engine one cycle
  // after the request (defr_q), the DMA's at once (its strobes are flip-flops). So nothing of the
  // core's request path (operand forwarding, the crossbar's decode) is in the same cycle as the
  // engine's reaction to a command (AES: start -> round-key read -> round -> state), the chain
  // that bounded the SoC's Fmax (synth/README.md). Commands given together with ZEROIZE apply
  // after it (a START or key load waits out zcpu_q: every engine ignores start/key/IV with
  // zeroize_i); a deferred command that finds the DMA owning the unit is refused (BUSY_DMA).
  wire c_start   = m_start || (c_do && c_op == OP_START);
  wire c_ivld    = m_ivld || (c_do && c_op == OP_IVLOAD);
  wire c_kload   = m_kload || (c_do && c_op == OP_KLOAD);
  wire defr_drop = (defr_q != 3'b000) && dma_own_i;
  // (a DMA start right after a zeroize of the unit the DMA owns, in the DMA's CHECK cycle, is
  // dropped: the DMA then sees the zeroize as ABORTED, as one during the job, not as a start
  // the key-less engine refused)
  wire st_new    = (dma_start_i && !zdma_q) || (defr_q[2] && !dma_own_i);
  wire ivld_req  = defr_q[1] && !dma_own_i;
  wire kl_new    = (dma_keyload_i && KEY_BITS > 0) || (defr_q[0] && !dma_own_i);
  // a key load waits while the engine is busy with something other than a message (AES wipes
  // its key store after reset/zeroize); during a message it goes through and the engine
  // rejects it (WRITE_BUSY), so a KLOADW never waits for a message to end
  wire kl_block  = e_busy && !msg_q;
  wire kl_fire   = (kl_new || klh_q) && !kl_block;
  // the end of a delivered key load: schedule ready, an error rose, or the bound
  wire kx_end    = e_krdy || (e_err && !eerr_q) || klge_q;
  // CTRL applies KEYLOAD, IVLOAD, START in that order: a START (MMIO, cpi or DMA) waits while a
  // key load is held or expanding, and for one cycle after an IV load (engines may sample the
  // IV on the start edge); it is shown as BUSY meanwhile, and the data that follow wait in the
  // staging block (no engine takes input before its start)
  // (kexp_q && !kx_end, from kxw_q; zcpu_q is in stw_q, so the engine's key-ready and error
  // need not be masked with it here)
  wire kx_wait   = kxw_q && !eng_key_ready_i && !(eng_err_i && !eerr_q);
  wire st_wait   = kl_new || ivld_req || stw_q || kx_wait;
  wire st_go     = (st_new || sth_q) && !st_wait;

  wire [CFG_BITS-1:0] c_rs1_cfg = cpi_rs1_i[CFG_BITS-1:0];
  wire [CFG_BITS-1:0] kl_cfg_new = dma_keyload_i ? dma_cfg_i[CFG_BITS-1:0] : cfg_q;
  // (a cpi START wrote its configuration into cfg_q the cycle before it acts)
  wire [CFG_BITS-1:0] st_cfg_new = dma_start_i ? dma_cfg_i[CFG_BITS-1:0] : cfg_q;
  reg  [CFG_BITS-1:0] ecfg;
  always @* begin
    if (st_go)                                   ecfg = st_new ? st_cfg_new : sthcfg_q;
    else if (dma_keyload_i)                      ecfg = dma_cfg_i[CFG_BITS-1:0];
    else if (klh_q && !kl_new)                   ecfg = klcfg_q;
    else                                         ecfg = cfg_q;
  end

  assign eng_zeroize_o   = zcpu_q || dma_zeroize_i;
  assign eng_cfg_o       = ecfg;
  assign eng_start_o     = st_go;
  wire   start_acc       = eng_start_o && !e_busy;
  assign eng_key_valid_o = kl_fire;
  assign eng_key_o       = swap_key(key_q);
  assign eng_iv_valid_o  = ivld_req;
  assign eng_iv_o        = swap_iv(iv_q);

  // ------------------------------------------------------------------ input staging
  wire eng_take = pend_q && eng_in_ready_i;
  // the staged block stays for another cycle, or a short block takes blk_q in this one
  wire pend_now = (pend_q && !eng_take) || late_q;

  // words written this cycle: MMIO DIN/DINL (one), DATA/DATAL (two at pos), DMA beat (WPB)
  wire m_din   = wr_req && (a_din || a_dinl) && ({28'h0, aidx16} < NW);
  wire c_data  = c_do && (c_op == OP_DATA || c_op == OP_DATAL);
  wire d_beat  = dma_own_i && dma_in_valid_i;
  // cpl_dma sends whole blocks (a short message's last block padded), so a block ends with the
  // beat at its final word, also the job's last beat (dma_in_last_i only marks it last).
  // d_cmpl starts dma_in_ready_o and the beat's write enables: as a table of pos_q (one LUT
  // level) rather than an adder and compare (a carry chain in front of every staged word's
  // load and clear)
  wire d_cmpl  = D_CMPL_M[pos_q];
  // (one buffer: no beat lands in a block that is offered)
  wire d_room  = !late_q && ((!d_cmpl && !ONEBUF) || !pend_now);
  wire d_fire  = d_beat && d_room;
  assign dma_in_ready_o = dma_own_i && d_room;

  reg [NW-1:0]         wen;      // word write enables into the block being collected
  reg [BLOCK_BITS-1:0] wdat;
  reg                  cmpl, clast, m_ovr, c_ovr;
  reg [7:0]            cbytes;
  integer ic, i;       // loop variables, one per block (assigned first: no latch)
  always @* begin
    ic = 0;
    wen    = {NW{1'b0}};
    wdat   = acc_q;
    cmpl   = 1'b0;
    clast  = 1'b0;
    cbytes = lastb_q;
    m_ovr  = 1'b0;
    c_ovr  = 1'b0;
    if (m_din && !dma_own_i) begin
      if (pend_now) begin
        m_ovr = 1'b1;
      end else begin
        for (ic = 0; ic < NW; ic = ic + 1) begin
          if (ic == ai16) wen[ic] = 1'b1;
        end
        cmpl  = ({28'h0, aidx16} == NW - 1);
        clast = a_dinl;
      end
    end else if (c_data) begin
      if (pend_now) begin
        c_ovr = 1'b1;
      end else begin
        // DATA fills a word pair: rs1 the even word, rs2 the odd one. pos_q is even here (DATA
        // moves it by 2; DMA beats, which move it by 1 on the 32-bit port, end their block with
        // the job's last beat or are cleared by the zeroize of every failed or aborted job, and
        // the DMA owns the unit meanwhile), so each word has one instruction operand as its
        // source instead of both (with KEY and IV below: a quarter of the ChaCha unit's LUTs)
        for (ic = 0; ic < NW; ic = ic + 1) begin
          if ((ic >> 1) == (posw >> 1)) wen[ic] = 1'b1;
        end
        // DATAL ends the block (a short last block keeps zeros in the rest, and moves into
        // blk_q a cycle later: late_q)
        cmpl  = (posw + 1 >= NW - 1) || (c_op == OP_DATAL);
        clast = (c_op == OP_DATAL);
      end
    end else if (d_fire) begin
      for (ic = 0; ic < NW; ic = ic + 1) begin
        if (ic >= posw && ic < posw + WPB) wen[ic] = 1'b1;
      end
      cmpl   = d_cmpl;
      clast  = dma_in_last_i;
      cbytes = dma_in_bytes_i;
    end
    // A written word's value depends on its source and its place in a pair or beat, not on its
    // index, which only enables it: so all words share a few source multiplexers and each
    // staged bit loads through its flip-flop's enable
    for (ic = 0; ic < NW; ic = ic + 1)
      if (wen[ic])
        wdat[32*ic +: 32] = (m_din && !dma_own_i) ? wdata_i :
                            c_data ? (ic[0] ? cpi_rs2_i : cpi_rs1_i) :
                            dma_in_data_i[32*(ic % WPB) +: 32];
  end

  // Key and IV words written this cycle, as wen/wdat for the block: an enable per word and its
  // new value, applied in one place, so the staging registers load through their flip-flops'
  // enables (writes spread over the MMIO, instruction and DMA branches of the next-state block
  // make yosys build a multiplexer in front of every bit). The three sources never write in one
  // cycle: MMIO and instruction writes are refused while the DMA owns the unit, and the core
  // issues one of them at a time.
  reg [KW-1:0]  kwen;
  reg [KB-1:0]  kdat;
  reg [IVW-1:0] ivwen;
  reg [IVB-1:0] ivdat;
  // As for the block: a word's value depends only on the source and the word's place in a pair
  // or DMA beat, so the few source multiplexers are shared by all words; the index only enables.
  // (A condition on the index in each source would be a select of every word's own
  // multiplexer: a LUT per staged bit.)
  wire k_mmio = wr_ok && a_key;
  wire k_cpi  = c_do && c_op == OP_KEY;
  wire k_dma  = dma_own_i && dma_keyw_valid_i;
  wire v_mmio = wr_ok && a_iv;
  wire v_cpi  = c_do && c_op == OP_IV;
  integer ik;
  always @* begin
    ik    = 0;
    kwen  = {KW{1'b0}};
    kdat  = {KB{1'b0}};
    ivwen = {IVW{1'b0}};
    ivdat = {IVB{1'b0}};
    for (ik = 0; ik < KW; ik = ik + 1) begin
      // pairs as for DATA: kpos_q/ivpos_q are even here (KEY/IV move them by 2, DMA key beats
      // by 1 or 4 through keys of 4, 6 or 8 words, a failed key load zeroizes)
      kwen[ik] = (k_mmio && ik == ai8) || (k_cpi && (ik >> 1) == (kpw >> 1)) ||
                 (k_dma && ik >= kpw && ik < kpw + KPB);
      kdat[32*ik +: 32] = k_dma ? dma_keyw_data_i[32*(ik % KPB) +: 32] :
                          k_cpi ? (ik[0] ? cpi_rs2_i : cpi_rs1_i) : wdata_i;
    end
    for (ik = 0; ik < IVW; ik = ik + 1) begin
      ivwen[ik] = (v_mmio && ik == ai4) || (v_cpi && (ik >> 1) == (ivpw >> 1));
      ivdat[32*ik +: 32] = v_cpi ? (ik[0] ? cpi_rs2_i : cpi_rs1_i) : wdata_i;
    end
  end

  // ------------------------------------------------------------------ output side
  wire [3:0] dout_idx = aidx16;
  // the engine's output block and IV in memory order
  wire [BLOCK_BITS-1:0] omem = swap_blk(eng_out_data_i);
  // (in the cycle an IV load reaches the engine, the IV being loaded)
  wire [IVB-1:0]        eiv  = ivld_req ? iv_q : swap_iv(eng_iv_i);
  // Word selects of the output block as indexed part-selects, which synthesis maps as
  // multiplexer trees; written as a loop of index compares they become AND-OR chains of about 9
  // LUTs per bit. An index beyond the block is a don't-care for every
  // reader: DOUT checks its index against NW first, RESULT's and the DMA's counters stay below.
  // On the 32-bit port a DMA beat is one word, and DOUT reads only while the DMA does not own
  // the unit, so the two share one select (the DMA's data is a don't-care while not owning).
  // RESULT keeps its own: the cycle a waiting RESULT is answered, the core's next instruction
  // may already read DOUT (its request leaves MEM as the RESULT leaves WB).
  wire [NBB-1:0] beat_sel = obeat_q[NBB-1:0];
  wire [NWB-1:0] dout_sel = (BW == 32 && dma_own_i) ? obeat_q[NWB-1:0] : dout_idx[NWB-1:0];
  wire [NWB-1:0] res_sel  = rpos_q[NWB-1:0];
  wire [31:0]    dout_word = omem[32*dout_sel +: 32];
  wire [31:0]    res_word  = omem[32*res_sel +: 32];
  // (the IV words too: an IVRD index beyond the IV is refused before its word is used, and an
  // IV_BITS = 0 unit reads none)
  wire [IVWB-1:0] ivrd_sel  = (IVW > 1) ? cpi_rs1_i[IVWB-1:0] : {IVWB{1'b0}};
  wire [IVWB-1:0] iv_sel    = (IVW > 1) ? aidx4[IVWB-1:0] : {IVWB{1'b0}};
  wire [31:0]     ivrd_word = eiv[32*ivrd_sel +: 32];
  wire [31:0]     iv_word   = eiv[32*iv_sel +: 32];
  // A DOUT read of a block's final word consumes the block in the next cycle (cons_q drives
  // out_ready), so the core's request does not reach into the engine (AES: out_ready ->
  // in_ready -> this unit's staging) in its own cycle; meanwhile the block counts as gone for
  // every reader (ov: STATUS.OUT_VALID, DOUT, RESULT, the DMA).
  wire ov      = e_ov && !cons_q;
  wire m_dout  = rd_req && a_dout && !dma_own_i;
  wire m_dout_ok  = m_dout && ov && ({28'h0, dout_idx} < NW);
  wire m_dout_bad = m_dout && !ov && ({28'h0, dout_idx} < NW);
  wire m_consume  = m_dout_ok && ({28'h0, dout_idx} == NW - 1);

  wire produces = !mode_in(OUTLAST_MODES, sth_q ? sthcfg_q : mcfg_q) || blast_q;
  wire due = ov ||
             ((e_busy || sth_q) && (((pend_q || late_q) && produces) || infl_q != 6'd0 || ofin_q));
  // RESULT answers in the cycle it is given when a word is there (or none is due), else when
  // one comes (wres_q)
  wire wres   = wres_q || (c_do && c_op == OP_RESULT);
  wire r_ans  = wres && (ov || !due);
  wire r_ok   = wres && ov && !dma_own_i;
  wire r_cons = r_ok && (rpw == NW - 1);

  wire d_obeat_last = oblast_q;
  assign dma_out_valid_o = dma_own_i && ov;
  wire d_ofire = dma_out_valid_o && dma_out_ready_i;
  wire d_cons  = d_ofire && d_obeat_last;
  reg [DMA_BITS-1:0] dout_beat;  // beat obeat_q of the block (a 64-bit block on the 128-bit port:
  always @* begin                 // the block in the low half, zeros above)
    dout_beat = {DMA_BITS{1'b0}};
    if (BW == 32) dout_beat[31:0] = dout_word;
    else          dout_beat[BW-1:0] = omem[BW*beat_sel +: BW];
  end
  assign dma_out_data_o = dout_beat;
  assign dma_out_last_o  = eng_out_last_i && d_obeat_last;
  assign eng_out_ready_o = cons_q || r_cons || d_cons;

  assign eng_in_valid_o = pend_q;
  assign eng_in_data_o  = swap_blk(ONEBUF ? acc_q : blk_q);
  assign eng_in_last_o  = blast_q;
  assign eng_in_bytes_o = blast_q ? bbytes_q : BB8;

  // ------------------------------------------------------------------ status
  wire        st_busy = v_busy || klh_q || sth_q;
  // STATUS.BUSY also covers a CPU command on its way to the engine (defr_q), and a START on its
  // way hides the error it will clear or replace: a poll issued right after a command never sees
  // the state from before it
  wire        st_busy_rd = st_busy || (defr_q != 3'b000);
  wire        st_err  = uerr_q || e_err;
  wire        st_err_rd  = st_err && !defr_q[2];
  wire [3:0]  st_code = (uerr_q && (usel_q || !e_err)) ? ucode_q :
                        e_err ? eng_err_code_i : 4'd0;
  wire [3:0]  st_code_rd = defr_q[2] ? 4'd0 : st_code;
  wire [31:0] status;
  assign status[`CV_CPL_STATUS_BUSY_LSB]      = st_busy_rd;
  assign status[`CV_CPL_STATUS_KEY_READY_LSB] = e_krdy && !defr_q[0] && (KEY_BITS > 0);
  assign status[`CV_CPL_STATUS_IN_READY_LSB]  = !pend_q && !late_q;
  assign status[`CV_CPL_STATUS_OUT_VALID_LSB] = ov;
  assign status[`CV_CPL_STATUS_ERR_LSB]       = st_err_rd;
  assign status[`CV_CPL_STATUS_DMA_LSB]       = dma_own_i;
  assign status[7:6]                          = 2'b00;
  assign status[`CV_CPL_STATUS_ERR_CODE_MSB:`CV_CPL_STATUS_ERR_CODE_LSB] = st_code_rd;
  assign status[31:12]                        = 20'h0;

  wire [31:0] id_word  = {`CV_CPL_ID_MAGIC_CIPHER_V, EN32[7:0], `CV_CPL_ID_VERSION_V1_0};
  wire [31:0] cap_word = {CAP_OPT, IB32[7:0], KB32[7:0], BB8};

  // KLOADW answers with STATUS once the delivered key is ready, an error rose, or at the bound
  wire kl_ans = wkl_q && wklgo_q && kx_end;

  // ------------------------------------------------------------------ next state
  reg [3:0] flag_code;
  reg       flag;
  always @* begin
    i = 0;
    cfg_d    = cfg_q;
    ie_d     = ie_q;
    is_d     = is_q;
    lastb_d  = lastb_q;
    key_d    = key_q;
    kpos_d   = kpos_q;
    iv_d     = iv_q;
    ivpos_d  = ivpos_q;
    acc_d    = acc_q;
    blk_d    = blk_q;
    pos_d    = pos_q;
    pend_d   = pend_q;
    late_d   = 1'b0;
    blast_d  = blast_q;
    bbytes_d = bbytes_q;
    msg_d    = msg_q;
    mcfg_d   = mcfg_q;
    klh_d    = klh_q;
    klcfg_d  = klcfg_q;
    defr_d   = {c_start, c_ivld, c_kload};   // the CPU's commands act in the next cycle
    kexp_d   = kexp_q && !kx_end;
    sth_d    = (st_new || sth_q) && st_wait;
    sthcfg_d = st_new ? st_cfg_new : sthcfg_q;
    infl_d   = infl_q;
    ofin_d   = ofin_q;
    rpos_d   = rpos_q;
    obeat_d  = obeat_q;
    uerr_d   = uerr_q;
    ucode_d  = ucode_q;
    usel_d   = usel_q;
    rdata_d  = 32'h0;
    rsp_d    = 1'b0;
    rerr_d   = 1'b0;
    rdat_d   = 32'h0;
    wres_d   = wres_q;
    wkl_d    = wkl_q;
    wklgo_d  = wklgo_q;
    klcnt_d  = klcnt_q;
    klge_d   = klge_q;
    flag      = 1'b0;
    flag_code = 4'd0;

    // ---- MMIO reads (registered)
    if (rd_req) begin
      if (a == `CV_CPL_ID_OFFSET)          rdata_d = id_word;
      else if (a == `CV_CPL_CAP_OFFSET)    rdata_d = cap_word;
      else if (a_cfg)                      rdata_d = {{(32-CFG_BITS){1'b0}}, cfg_q};
      else if (a == `CV_CPL_STATUS_OFFSET) rdata_d = status;
      else if (a_ie)                       rdata_d = {29'h0, ie_q};
      else if (a_is)                       rdata_d = {29'h0, is_q};
      else if (a_lastb)                    rdata_d = {24'h0, lastb_q};
      else if (a_iv && IV_BITS > 0)        rdata_d = iv_word;
      else if (m_dout_ok)                  rdata_d = dout_word;
    end
    if (m_dout_bad) begin
      flag = 1'b1; flag_code = E_UNDERFLW;
    end
    if (m_consume) rpos_d = 5'd0;

    // ---- MMIO writes
    if (wr_req) begin
      if (a_ie) ie_d = wdata_i[2:0];
      if (a_lastb) lastb_d = wdata_i[7:0];
      if (dma_own_i) begin
        if ((a_ctrl && m_cmds) || a_cfg || a_key || a_iv || a_din || a_dinl) begin
          flag = 1'b1; flag_code = E_BUSY_DMA;
        end
      end else begin
        if (a_cfg) cfg_d = wdata_i[CFG_BITS-1:0];
      end
    end
    if (m_ovr || c_ovr) begin
      flag = 1'b1; flag_code = E_OVERRUN;
    end

    // RESULT (given now or waiting) and a waiting KLOADW answer combinationally (cpi_rsp_*);
    // the wait ends here
    if (r_ans) begin
      wres_d = 1'b0;
      if (!ov) begin
        flag = 1'b1; flag_code = E_UNDERFLW;
      end else begin
        rpos_d = r_cons ? 5'd0 : rpos_q + 5'd1;
      end
    end
    if (kl_fire) begin
      klcnt_d = 7'd0;
      klge_d  = (0 >= KLOAD_WAIT);
    end else if (kexp_q || wklgo_q) begin
      klcnt_d = klcnt_q + 7'd1;
      klge_d  = (klc1 >= KLOAD_WAIT);
    end
    if (wkl_q) begin
      if (kl_fire) wklgo_d = 1'b1;
      if (kl_ans) begin
        wkl_d   = 1'b0;
        wklgo_d = 1'b0;
      end
    end

    // ---- custom instructions
    if (cpi_req_i) begin
      rsp_d  = 1'b1;
      rerr_d = !c_legal;
      if (c_ivrd_bad) begin
        flag = 1'b1; flag_code = E_OP;
      end
      if (c_go && c_dmab) begin
        flag = 1'b1; flag_code = E_BUSY_DMA;
        if (c_op == OP_KLOAD) rdat_d = status;
      end
      if (c_do) begin
        case (c_op)
          OP_CFG:   cfg_d = c_rs1_cfg;
          OP_START: cfg_d = c_rs1_cfg;
          OP_LASTB: lastb_d = cpi_rs1_i[7:0];
          OP_KEY: begin
            kpos_d = ({27'h0, kpos_q} + 2 >= KW) ? 5'd0 : kpos_q + 5'd2;
          end
          OP_IV: begin
            ivpos_d = ({30'h0, ivpos_q} + 2 >= IVW) ? 2'd0 : ivpos_q + 2'd2;
          end
          OP_IVRD:   rdat_d = ivrd_word;
          OP_STATUS: rdat_d = status;
          OP_KLOAD: begin
            if (c_f3[2]) begin
              rsp_d   = 1'b0;   // KLOADW: answered when the key is ready
              wkl_d   = 1'b1;
              wklgo_d = kl_fire;  // delivered now, or later when held
            end
          end
          OP_RESULT: begin
            rsp_d  = 1'b0;      // answered now (r_ans) when a word is there or none is due,
            wres_d = !r_ans;    // else when one comes
          end
          default: ;
        endcase
      end
    end

    // ---- a CPU command that would act while the DMA owns the unit is refused
    if (defr_drop) begin
      flag = 1'b1; flag_code = E_BUSY_DMA;
    end

    // ---- key staging from the DMA
    for (i = 0; i < KW; i = i + 1) if (kwen[i]) key_d[32*i +: 32] = kdat[32*i +: 32];
    for (i = 0; i < IVW; i = i + 1) if (ivwen[i]) iv_d[32*i +: 32] = ivdat[32*i +: 32];
    if (dma_own_i && dma_keyw_valid_i) begin
      kpos_d = ({27'h0, kpos_q} + KPB >= KW) ? 5'd0 : kpos_q + KPB[4:0];
    end

    // ---- key load: delivered, or held until the engine can take it
    if (kl_new && !kl_fire) begin
      klh_d   = 1'b1;
      klcfg_d = kl_cfg_new;
    end
    if (kl_fire) begin
      klh_d  = 1'b0;
      kexp_d = 1'b1;
      key_d  = {KB{1'b0}};
      kpos_d = 5'd0;
    end

    // ---- input block collection
    // A write that completes a block at its final word (DIN/DINL at NW-1, the DATA pair at
    // NW-2, a DMA beat at NW-WPB) fills only the top FL lanes; the rest of the block is acc_q.
    // A block completed earlier (DATAL of a short block) goes into acc_q first and moves whole
    // (late_q) in the next cycle, when no write can land (pend_now refused it): so the lanes
    // below the top FL load blk_q from acc_q alone (if any word could complete a block, every
    // bit of blk_q would need a multiplexer in front).
    // One buffer: the block the engine takes leaves zeros behind it (as the move into blk_q does
    // with two), except in the words a write in the same cycle starts the next block with. As a
    // clear of each unwritten word it is the flip-flops' reset; as a clear of the whole block
    // before the writes, yosys builds a multiplexer per bit.
    for (i = 0; i < NW; i = i + 1) begin
      if (wen[i]) acc_d[32*i +: 32] = wdat[32*i +: 32];
      if (ONEBUF && eng_take && !wen[i]) acc_d[32*i +: 32] = 32'h0;
    end
    if (eng_take) pend_d = 1'b0;
    if (|wen) pos_d = c_data ? pos_q + 5'd2 : d_fire ? pos_q + WPB[4:0] : pos_q;
    if (late_q) begin
      blk_d  = acc_q;
      pend_d = 1'b1;
      acc_d  = {BLOCK_BITS{1'b0}};
    end
    if (cmpl) begin
      blast_d  = clast;
      bbytes_d = cbytes;
      pos_d    = 5'd0;
    end
    // (two conditions, not one nested in the other: so written, yosys keeps blk_q's load as the
    // flip-flops' enable; nested, it builds a multiplexer per bit)
    if (cmpl && wen[NW-1] && !ONEBUF) begin
      blk_d  = (wdat & FINAL_M) | (acc_q & ~FINAL_M);
      pend_d = 1'b1;
      acc_d  = {BLOCK_BITS{1'b0}};
    end
    if (cmpl && !wen[NW-1] && !ONEBUF) late_d = 1'b1;
    if (cmpl && ONEBUF) pend_d = 1'b1;   // offered from where it was collected

    // ---- message and output accounting (only for a START the engine takes: every engine
    //      ignores start_i while busy, so a refused START_BUSY leaves the running message's
    //      in-flight count, RESULT position and configuration alone)
    // a new message drops a partly collected block (not the beats collected while its START
    // was held; a first DMA beat may come with the start pulse)
    if (st_new && !(|wen) && (start_acc || (sth_d && !e_busy))) pos_d = 5'd0;
    if (start_acc) begin
      msg_d   = 1'b1;
      mcfg_d  = ecfg;
      infl_d  = 6'd0;
      ofin_d  = 1'b0;
      rpos_d  = 5'd0;
      obeat_d = 5'd0;
      uerr_d  = 1'b0;
    end else begin
      msg_d = msg_q && e_busy;
      if (!e_busy) infl_d = 6'd0;
      else infl_d = infl_q + {5'd0, eng_take && produces} -
                    {5'd0, e_ov && eng_out_ready_o && infl_q != 6'd0};
      ofin_d = e_busy && (ofin_q || (eng_take && blast_q && mode_in(OUTLAST_MODES, mcfg_q)));
    end
    if (d_ofire) obeat_d = d_obeat_last ? 5'd0 : obeat_q + 5'd1;

    // ---- errors (the unit's own, then which error is the latest)
    if (flag) begin
      uerr_d  = 1'b1;
      ucode_d = flag_code;
      usel_d  = 1'b1;
    end else if (e_err && !eerr_q) begin
      usel_d = 1'b0;
    end

    // ---- interrupt status: set on events, write 1 to clear
    if (wr_req && a_is) is_d = is_q & ~wdata_i[2:0];
    // DONE: a started message ended (not the key-store wipe, not a refused START)
    if (msg_q && busy_st_q && !e_busy && !eng_start_o) is_d[`CV_CPL_IS_DONE_LSB] = 1'b1;
    if (!erra_q && st_err)            is_d[`CV_CPL_IS_ERR_LSB]  = 1'b1;
    if (!outv_q && ov)                is_d[`CV_CPL_IS_OUT_LSB]  = 1'b1;

    // ---- zeroize clears every staging register, waits and the unit's error
    if (zero_now) begin
      key_d    = {KB{1'b0}};
      kpos_d   = 5'd0;
      iv_d     = {IVB{1'b0}};
      ivpos_d  = 2'd0;
      acc_d    = {BLOCK_BITS{1'b0}};
      blk_d    = {BLOCK_BITS{1'b0}};
      pos_d    = 5'd0;
      pend_d   = 1'b0;
      late_d   = 1'b0;
      blast_d  = 1'b0;
      msg_d    = 1'b0;
      klh_d    = 1'b0;
      kexp_d   = 1'b0;
      sth_d    = 1'b0;
      infl_d   = 6'd0;
      ofin_d   = 1'b0;
      rpos_d   = 5'd0;
      obeat_d  = 5'd0;
      uerr_d   = 1'b0;
      ucode_d  = 4'd0;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cfg_q     <= {CFG_BITS{1'b0}};
      ie_q      <= 3'b000;
      is_q      <= 3'b000;
      lastb_q   <= BB8;
      key_q     <= {KB{1'b0}};
      kpos_q    <= 5'd0;
      iv_q      <= {IVB{1'b0}};
      ivpos_q   <= 2'd0;
      acc_q     <= {BLOCK_BITS{1'b0}};
      blk_q     <= {BLOCK_BITS{1'b0}};
      pos_q     <= 5'd0;
      pend_q    <= 1'b0;
      late_q    <= 1'b0;
      blast_q   <= 1'b0;
      bbytes_q  <= 8'd0;
      msg_q     <= 1'b0;
      mcfg_q    <= {CFG_BITS{1'b0}};
      klh_q     <= 1'b0;
      klcfg_q   <= {CFG_BITS{1'b0}};
      defr_q    <= 3'b000;
      kexp_q    <= 1'b0;
      zdma_q    <= 1'b0;
      zcpu_q    <= 1'b0;
      cons_q    <= 1'b0;
      sth_q     <= 1'b0;
      sthcfg_q  <= {CFG_BITS{1'b0}};
      infl_q    <= 6'd0;
      ofin_q    <= 1'b0;
      rpos_q    <= 5'd0;
      obeat_q   <= 5'd0;
      uerr_q    <= 1'b0;
      ucode_q   <= 4'd0;
      usel_q    <= 1'b0;
      eerr_q    <= 1'b0;
      erra_q    <= 1'b0;
      busy_st_q <= 1'b0;
      outv_q    <= 1'b0;
      rdata_q   <= 32'h0;
      wres_q    <= 1'b0;
      wkl_q     <= 1'b0;
      wklgo_q   <= 1'b0;
      klcnt_q   <= 7'd0;
      klge_q    <= (0 >= KLOAD_WAIT);
      stw_q     <= 1'b0;
      kxw_q     <= 1'b0;
      oblast_q  <= (NBT == 1);
    end else begin
      cfg_q     <= cfg_d;
      ie_q      <= ie_d;
      is_q      <= is_d;
      lastb_q   <= lastb_d;
      key_q     <= key_d;
      kpos_q    <= kpos_d;
      iv_q      <= iv_d;
      ivpos_q   <= ivpos_d;
      acc_q     <= acc_d;
      blk_q     <= blk_d;
      pos_q     <= pos_d;
      pend_q    <= pend_d;
      late_q    <= late_d;
      blast_q   <= blast_d;
      bbytes_q  <= bbytes_d;
      msg_q     <= msg_d;
      mcfg_q    <= mcfg_d;
      klh_q     <= klh_d;
      klcfg_q   <= klcfg_d;
      defr_q    <= defr_d;
      kexp_q    <= kexp_d;
      zdma_q    <= zero_now && dma_own_i;
      zcpu_q    <= zero_cpu;
      cons_q    <= m_consume && !zero_now;
      sth_q     <= sth_d;
      sthcfg_q  <= sthcfg_d;
      infl_q    <= infl_d;
      ofin_q    <= ofin_d;
      rpos_q    <= rpos_d;
      obeat_q   <= obeat_d;
      uerr_q    <= uerr_d;
      ucode_q   <= ucode_d;
      usel_q    <= usel_d;
      eerr_q    <= e_err;
      erra_q    <= st_err;
      busy_st_q <= st_busy;
      outv_q    <= ov;
      rdata_q   <= rdata_d;
      wres_q    <= wres_d;
      wkl_q     <= wkl_d;
      wklgo_q   <= wklgo_d;
      klcnt_q   <= klcnt_d;
      klge_q    <= klge_d;
      stw_q     <= klh_d || zero_cpu;
      kxw_q     <= kexp_d && !klge_d;
      oblast_q  <= (obw == NBT - 1);
    end
  end

  // ------------------------------------------------------------------ outputs
  assign rdata_o = rdata_q;

  assign cpi_rsp_valid_o = rsp_d || r_ans || kl_ans;
  assign cpi_rsp_err_o   = rsp_d ? rerr_d : (r_ans && !ov);
  assign cpi_rsp_data_o  = rsp_d ? rdat_d : r_ans ? (ov ? res_word : 32'h0) :
                           kl_ans ? status : 32'h0;

  assign partial_ok_o = mode_in(PARTIAL_MODES, dma_cfg_i[CFG_BITS-1:0]);
  assign empty_ok_o   = mode_in(EMPTY_MODES, dma_cfg_i[CFG_BITS-1:0]);
  assign noread_o     = mode_in(NOREAD_MODES, dma_cfg_i[CFG_BITS-1:0]);
  // a zeroize during a DMA job shows busy to the DMA for a cycle, so one that blocks the job's
  // start (or comes before the engine showed busy) ends it ABORTED like any later one
  assign eng_busy_o   = st_busy || zdma_q;
  assign key_ready_o  = e_krdy && (KEY_BITS > 0);   // as STATUS.KEY_READY
  assign err_o        = st_err;
  assign err_code_o   = st_code;
  assign irq_o        = |(is_q & ie_q);
endmodule

`default_nettype wire
