// SPDX-License-Identifier: Apache-2.0
// cpl_dispatch.v
// Routes the core's custom instructions to the engine units and the DMA (docs/constants.md).
`default_nettype none
`include "soc_memmap.vh"

// One instruction in flight: a request is accepted when nothing is outstanding or in the cycle
// the outstanding one is answered without err, so single-cycle operations run back to back at
// one per cycle. The core offers the next request while the outstanding one waits (the offer
// does not depend on the answer: core/README.md, "The custom-instruction port") and withdraws it
// when the answer is err (a trap), so it is never taken in that cycle.
// Illegal instructions (custom-1, target 0/6, a target not built, a DMA target that is absent)
// are answered with err on the next cycle; funct3 and the operation are checked by the target.
// Responses are passed through combinationally (they come from the target's registers or its
// engine's output register), so a waiting operation answers in the cycle its condition holds.
module cpl_dispatch #(
  parameter [4:0] ENGINES = 5'b00001,   // bit n-1: engine number n is attached
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
  // engine units: a request strobe each, shared instruction and operands
  output wire [4:0]   unit_req_o,
  output wire [31:0]  unit_insn_o,
  output wire [31:0]  unit_rs1_o,
  output wire [31:0]  unit_rs2_o,
  input  wire [4:0]   unit_rsp_valid_i,
  input  wire [159:0] unit_rsp_data_i,   // 32 bits per unit, unit n-1 at [32(n-1) +: 32]
  input  wire [4:0]   unit_rsp_err_i,
  // DMA target (cpl_dma)
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

  wire [2:0] tgt   = req_insn_i[31:29];     // funct7[6:4]
  wire       opc0  = (req_insn_i[6:0] == OPC_CUSTOM0);
  wire       t_eng = (tgt >= 3'd1) && (tgt <= 3'd5) && ENGINES[tgt - 3'd1];
  wire       t_dma = (tgt == T_DMA) && (HAS_DMA != 0);
  wire       legal = opc0 && (t_eng || t_dma);

  reg        busy_q, busy_d;     // a request is outstanding
  reg        ill_q, ill_d;       // ... and it is illegal: answered with err now
  reg [2:0]  tq_q, tq_d;         // its target

  wire [2:0] ti = tq_q - 3'd1;    // unit index of the outstanding request
  reg        cur_v, cur_e;
  reg [31:0] cur_d;
  always @* begin
    cur_v = 1'b0;
    cur_e = 1'b0;
    cur_d = 32'h0;
    if (busy_q) begin
      if (ill_q) begin
        cur_v = 1'b1;
        cur_e = 1'b1;
      end else if (tq_q == T_DMA) begin
        cur_v = dma_rsp_valid_i;
        cur_e = dma_rsp_err_i;
        cur_d = dma_rsp_data_i;
      end else begin
        cur_v = unit_rsp_valid_i[ti];
        cur_e = unit_rsp_err_i[ti];
        cur_d = unit_rsp_data_i[32*ti +: 32];
      end
    end
  end

  wire free  = !busy_q || (cur_v && !cur_e);
  assign req_ready_o = free && (!(legal && t_dma) || dma_req_ready_i);
  wire take  = req_valid_i && req_ready_o;

  always @* begin
    busy_d = busy_q;
    ill_d  = ill_q;
    tq_d   = tq_q;
    if (cur_v) busy_d = 1'b0;
    if (take) begin
      busy_d = 1'b1;
      ill_d  = !legal;
      tq_d   = tgt;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      ill_q  <= 1'b0;
      tq_q   <= 3'd0;
    end else begin
      busy_q <= busy_d;
      ill_q  <= ill_d;
      tq_q   <= tq_d;
    end
  end

  genvar n;
  generate
    for (n = 1; n <= 5; n = n + 1) begin : g_req
      assign unit_req_o[n-1] = take && legal && (tgt == n);
    end
  endgenerate
  assign unit_insn_o = req_insn_i;
  assign unit_rs1_o  = req_rs1_i;
  assign unit_rs2_o  = req_rs2_i;

  assign dma_req_valid_o = req_valid_i && free && legal && t_dma;
  assign dma_req_insn_o  = req_insn_i;
  assign dma_req_rs1_o   = req_rs1_i;
  assign dma_req_rs2_o   = req_rs2_i;

  assign rsp_valid_o = cur_v;
  assign rsp_data_o  = cur_d;
  assign rsp_err_o   = cur_e;
endmodule

`default_nettype wire
