// SPDX-License-Identifier: Apache-2.0
// cpl_dispatch.v
// Routes the core's custom instructions to the engine units and the DMA (docs/constants.md).
`default_nettype none
`include "soc_memmap.vh"

// Registered on both sides: the core's request is taken into flip-flops and forwarded to its
// target in the next cycle, and every answer the core sees comes from flip-flops: the
// dispatcher's own (its answers, the DMA's answers registered here) or the engine units' (the
// hub registers its answers and drives zero while it gives none), ORed into the port. So no path
// runs from the core through the dispatcher into a unit or the DMA, nor from a unit's or the
// DMA's decode through the dispatcher into the core's stall logic: each crosses a module
// boundary from a register (coupling/README.md, "Timing").
//
// Legality is decided here, from the instruction alone, for every target: custom-0, a target
// that is built (1-5 an engine in ENGINES, 7 the DMA), an operation of the target's table with
// its funct3 (coupling/regs/cpi.toml), and no key or IV operation for an engine without one
// (KEYLESS, IVLESS). An illegal instruction is answered with err in the next cycle and never
// reaches a target.
//
// A legal instruction without a result (funct3 xd = 0) cannot fail at its target: it is
// answered (good) in the next cycle, while its target acts on it. So such instructions run back
// to back at one per cycle. An instruction with a result (xd = 1: STATUS, RESULT, IVRD, KLOADW,
// DSTAT, DWAIT, DRUNW, DKEYW) is answered with its target's answer: an engine unit decides it
// in the cycle it is given the instruction (or when its wait ends) and gives it from its flops
// in the next cycle, which the core sees as it is; the DMA answers from its flops a cycle after
// taking the instruction and the answer is registered here once more (the DMA's answer and its
// request handshake stay off the core's path). So such an instruction takes two cycles from
// acceptance to answer (three on the DMA) plus its wait.
//
// One instruction is outstanding at a time: a request is accepted when none is, or in the cycle
// the outstanding one is answered without err (the core offers the next request while the
// outstanding one waits and withdraws it on an err: core/README.md, "The custom-instruction
// port"). The acceptance depends on flip-flops only (this module's, a unit's answer registers
// and the DMA's ready, a flip-flop of cpl_dma).
module cpl_dispatch #(
  parameter [4:0] ENGINES = 5'b00001,   // bit n-1: engine number n is attached
  parameter [4:0] KEYLESS = 5'b10000,   // bit n-1: engine n takes no key (KEY, KLOAD illegal)
  parameter [4:0] IVLESS  = 5'b10000,   // bit n-1: engine n has no IV (IV, IVLOAD, IVRD illegal)
  parameter integer HAS_DMA = 0         // 1: target 7 (cpl_dma) is attached
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  // core coprocessor port
  input  wire         req_valid_i,
  output wire         req_ready_o,
  input  wire [31:0]  req_insn_i,
  input  wire [31:0]  req_rs1_i,
  input  wire [31:0]  req_rs2_i,
  output wire         rsp_valid_o,
  output wire [31:0]  rsp_data_o,
  output wire         rsp_err_o,
  // engine units: a request strobe each (one cycle), shared instruction and operands
  output wire [4:0]   unit_req_o,
  output wire [31:0]  unit_insn_o,
  output wire [31:0]  unit_rs1_o,
  output wire [31:0]  unit_rs2_o,
  input  wire [4:0]   unit_rsp_valid_i,
  input  wire [159:0] unit_rsp_data_i,   // 32 bits per unit, unit n-1 at [32(n-1) +: 32]
  input  wire [4:0]   unit_rsp_err_i,
  // DMA target (cpl_dma): the request is held until dma_req_ready_i
  output wire         dma_req_valid_o,
  input  wire         dma_req_ready_i,
  output wire [31:0]  dma_req_insn_o,
  output wire [31:0]  dma_req_rs1_o,
  output wire [31:0]  dma_req_rs2_o,
  input  wire         dma_rsp_valid_i,
  input  wire [31:0]  dma_rsp_data_i,
  input  wire         dma_rsp_err_i
);
  // coupling/regs/cpi.toml
  localparam [6:0] OPC_CUSTOM0 = `CV_CPI_OPCODE;
  localparam [2:0] T_DMA = `CV_CPI_TARGET_DMA;

  // ------------------------------------------------------------------ legality
  wire [2:0] tgt  = req_insn_i[31:29];      // funct7[6:4]
  wire [3:0] op   = req_insn_i[28:25];      // funct7[3:0]
  wire [2:0] f3   = req_insn_i[14:12];      // {xd, xs1, xs2}
  wire [2:0] ti   = tgt - 3'd1;
  wire       opc0 = (req_insn_i[6:0] == OPC_CUSTOM0);
  wire       t_eng = (tgt >= 3'd1) && (tgt <= 3'd5) && ENGINES[ti];
  wire       t_dma = (tgt == T_DMA) && (HAS_DMA != 0);
  wire       has_key = !KEYLESS[ti];
  wire       has_iv  = !IVLESS[ti];

  reg eng_ok;
  always @* begin
    case (op)
      `CV_CPI_OP_CFG:    eng_ok = (f3 == `CV_CPI_F3_CFG);
      `CV_CPI_OP_START:  eng_ok = (f3 == `CV_CPI_F3_START);
      `CV_CPI_OP_LASTB:  eng_ok = (f3 == `CV_CPI_F3_LASTB);
      `CV_CPI_OP_KEY:    eng_ok = has_key && (f3 == `CV_CPI_F3_KEY);
      `CV_CPI_OP_KLOAD:  eng_ok = has_key && (f3 == `CV_CPI_F3_KLOAD || f3 == `CV_CPI_F3_KLOADW);
      `CV_CPI_OP_IV:     eng_ok = has_iv && (f3 == `CV_CPI_F3_IV);
      `CV_CPI_OP_IVLOAD: eng_ok = has_iv && (f3 == `CV_CPI_F3_IVLOAD);
      `CV_CPI_OP_IVRD:   eng_ok = has_iv && (f3 == `CV_CPI_F3_IVRD);
      `CV_CPI_OP_DATA:   eng_ok = (f3 == `CV_CPI_F3_DATA);
      `CV_CPI_OP_DATAL:  eng_ok = (f3 == `CV_CPI_F3_DATAL);
      `CV_CPI_OP_RESULT: eng_ok = (f3 == `CV_CPI_F3_RESULT);
      `CV_CPI_OP_STATUS: eng_ok = (f3 == `CV_CPI_F3_STATUS);
      `CV_CPI_OP_ZERO:   eng_ok = (f3 == `CV_CPI_F3_ZERO);
      default:           eng_ok = 1'b0;
    endcase
  end
  reg dma_ok;
  always @* begin
    case (op)
      `CV_CPI_OP_DSEL:  dma_ok = (f3 == `CV_CPI_F3_DSEL);
      `CV_CPI_OP_DADDR: dma_ok = (f3 == `CV_CPI_F3_DADDR);
      `CV_CPI_OP_DRUN:  dma_ok = (f3 == `CV_CPI_F3_DRUN || f3 == `CV_CPI_F3_DRUNW);
      `CV_CPI_OP_DKEY:  dma_ok = (f3 == `CV_CPI_F3_DKEY || f3 == `CV_CPI_F3_DKEYW);
      `CV_CPI_OP_DWAIT: dma_ok = (f3 == `CV_CPI_F3_DWAIT);
      `CV_CPI_OP_DSTAT: dma_ok = (f3 == `CV_CPI_F3_DSTAT);
      default:          dma_ok = 1'b0;
    endcase
  end
  wire legal = opc0 && ((t_eng && eng_ok) || (t_dma && dma_ok));
  wire xd    = f3[2];

  // ------------------------------------------------------------------ state
  reg        out_q;              // an accepted instruction is not answered yet
  reg        wt_q;               // ... and waits for its target's answer
  reg        wdma_q;             // ... that target is the DMA
  reg        fv_q;               // a forwarded request this cycle (held for the DMA)
  reg        fdma_q;             // ... to the DMA
  reg [4:0]  fsel_q;             // ... else to these units (one-hot)
  reg [31:0] finsn_q, frs1_q, frs2_q;
  reg        rv_q, re_q;         // the dispatcher's answer (its own, or the DMA's registered)
  reg [31:0] rd_q;

  // An engine unit answers only an instruction with a result that it was given, from its flops
  // and with zero data and err while it gives no answer: its answer goes to the core as it is.
  wire        u_rv = |unit_rsp_valid_i;
  wire        u_re = |unit_rsp_err_i;
  reg  [31:0] u_rd;
  integer     k;
  always @* begin
    u_rd = 32'h0;
    for (k = 0; k < 5; k = k + 1) u_rd = u_rd | unit_rsp_data_i[32*k +: 32];
  end
  // the DMA's answer to the instruction waiting for it (its request has gone out: the DMA
  // answers at the earliest in the cycle after it takes the request), registered here
  wire d_got = wt_q && wdma_q && !(fv_q && fdma_q) && dma_rsp_valid_i;

  wire fhold = fv_q && fdma_q && !dma_req_ready_i;   // the DMA has not taken its request yet
  wire ans   = rv_q || u_rv;                          // the core is answered in this cycle
  wire free  = (!out_q || (ans && !(re_q || u_re))) && !fhold;
  assign req_ready_o = free;
  wire take  = req_valid_i && free;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      out_q  <= 1'b0;
      wt_q   <= 1'b0;
      wdma_q <= 1'b0;
      fv_q   <= 1'b0;
      fdma_q <= 1'b0;
      fsel_q <= 5'd0;
      rv_q   <= 1'b0;
      re_q   <= 1'b0;
      rd_q   <= 32'h0;
    end else begin
      rv_q <= 1'b0;
      re_q <= 1'b0;
      rd_q <= 32'h0;
      if (ans) out_q <= 1'b0;
      if (fv_q && !fhold) fv_q <= 1'b0;
      if (u_rv) wt_q <= 1'b0;
      if (d_got) begin
        wt_q <= 1'b0;
        rv_q <= 1'b1;
        re_q <= dma_rsp_err_i;
        rd_q <= dma_rsp_data_i;
      end
      if (take) begin
        out_q  <= 1'b1;
        fv_q   <= legal;
        fdma_q <= t_dma;
        fsel_q <= (legal && t_eng) ? (5'd1 << ti) : 5'd0;
        wt_q   <= legal && xd;
        wdma_q <= t_dma;
        if (!legal || !xd) begin
          rv_q <= 1'b1;
          re_q <= !legal;
        end
      end
    end
  end

  // the forwarded instruction and operands load only on acceptance
  always @(posedge clk_i) begin
    if (take) begin
      finsn_q <= req_insn_i;
      frs1_q  <= req_rs1_i;
      frs2_q  <= req_rs2_i;
    end
  end

  assign unit_req_o  = fv_q ? fsel_q : 5'd0;
  assign unit_insn_o = finsn_q;
  assign unit_rs1_o  = frs1_q;
  assign unit_rs2_o  = frs2_q;

  assign dma_req_valid_o = fv_q && fdma_q;
  assign dma_req_insn_o  = finsn_q;
  assign dma_req_rs1_o   = frs1_q;
  assign dma_req_rs2_o   = frs2_q;

  assign rsp_valid_o = ans;
  assign rsp_data_o  = rd_q | u_rd;
  assign rsp_err_o   = re_q || u_re;
endmodule

`default_nettype wire
