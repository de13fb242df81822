// SPDX-License-Identifier: Apache-2.0
// cpl_dispatch.v
// Routes the core's custom instructions to the engine units and the DMA (docs/constants.md).
`default_nettype none
`include "soc_memmap.vh"

// Registered on both sides: the core's request is taken into flip-flops and forwarded to its
// target in the next cycle, and the core sees every answer from flip-flops of this module. So no
// path runs from the core through the dispatcher into a unit or the DMA, nor from a unit's or
// the DMA's state through the dispatcher into the core's stall logic: each crosses one module
// boundary and ends in a register (coupling/README.md, "Timing").
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
// DSTAT, DWAIT, DRUNW, DKEYW) is answered with its target's answer, registered here: an engine
// unit answers in the cycle it is given the instruction (or when its wait ends), the DMA a cycle
// later, so such an instruction takes two cycles from acceptance to answer (three on the DMA)
// plus its wait.
//
// One instruction is outstanding at a time: a request is accepted when none is, or in the cycle
// the outstanding one is answered without err (the core offers the next request while the
// outstanding one waits and withdraws it on an err: core/README.md, "The custom-instruction
// port"). The acceptance depends on flip-flops only (and the DMA's ready, a flip-flop of cpl_dma).
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
  reg [2:0]  wti_q;              // ... else this unit index
  reg        fv_q;               // a forwarded request this cycle (held for the DMA)
  reg        fdma_q;             // ... to the DMA
  reg [4:0]  fsel_q;             // ... else to these units (one-hot)
  reg [31:0] finsn_q, frs1_q, frs2_q;
  reg        rv_q, re_q;         // the answer to the core
  reg [31:0] rd_q;

  wire fhold = fv_q && fdma_q && !dma_req_ready_i;   // the DMA has not taken its request yet
  wire free  = (!out_q || (rv_q && !re_q)) && !fhold;
  assign req_ready_o = free;
  wire take  = req_valid_i && free;

  // the waited-for target's answer (its request has gone out: a unit answers at the earliest
  // in the cycle it is given the request)
  wire t_rv = wdma_q ? dma_rsp_valid_i : unit_rsp_valid_i[wti_q];
  wire t_re = wdma_q ? dma_rsp_err_i : unit_rsp_err_i[wti_q];
  wire [31:0] t_rd = wdma_q ? dma_rsp_data_i : unit_rsp_data_i[32*wti_q +: 32];
  wire got = wt_q && !(fv_q && fdma_q) && t_rv;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      out_q  <= 1'b0;
      wt_q   <= 1'b0;
      wdma_q <= 1'b0;
      wti_q  <= 3'd0;
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
      if (rv_q) out_q <= 1'b0;
      if (fv_q && !fhold) fv_q <= 1'b0;
      if (got) begin
        wt_q <= 1'b0;
        rv_q <= 1'b1;
        re_q <= t_re;
        rd_q <= t_rd;
      end
      if (take) begin
        out_q  <= 1'b1;
        fv_q   <= legal;
        fdma_q <= t_dma;
        fsel_q <= (legal && t_eng) ? (5'd1 << ti) : 5'd0;
        wt_q   <= legal && xd;
        wdma_q <= t_dma;
        wti_q  <= ti;
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

  assign rsp_valid_o = rv_q;
  assign rsp_data_o  = rd_q;
  assign rsp_err_o   = re_q;
endmodule

`default_nettype wire
