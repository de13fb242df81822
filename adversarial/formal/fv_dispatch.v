// SPDX-License-Identifier: Apache-2.0
// fv_dispatch.v: formal properties of coupling/rtl/cpl_dispatch.v (the coprocessor port).
// The core side is assumed to follow the port's rule (a request, once offered, is held with the
// same instruction and operands until ready, or withdrawn after a cycle that answered err: the
// core's trap); the targets are free except that each answers only a request it was given and
// within TMAX cycles. Asserted, for every input sequence:
//   - one in flight: at most one target holds an unanswered request;
//   - no dropped or duplicated request: an accepted legal request reaches exactly its target in
//     the cycle it is accepted, an illegal one (custom-1, target 0/6) none; a target is only
//     requested when the core's request is accepted;
//   - responses only for requests: rsp_valid only while a core request is outstanding, exactly
//     once per request, carrying the answering target's data/err; an illegal request gets err on
//     the next cycle;
//   - no request is taken in the cycle that answers the outstanding one with err;
//   - the DMA request is held (valid, instruction, operands) until ready;
//   - bounded liveness: every accepted request is answered within TMAX + 1 cycles of acceptance.
`default_nettype none
`include "soc_memmap.vh"
module fv_dispatch #(parameter integer TMAX = 3) (
  input wire        clk_i,
  input wire        rst_ni,
  input wire        req_valid_i,
  input wire [31:0] req_insn_i,
  input wire [31:0] req_rs1_i,
  input wire [31:0] req_rs2_i,
  input wire [4:0]  unit_rsp_valid_i,
  input wire [159:0] unit_rsp_data_i,
  input wire [4:0]  unit_rsp_err_i,
  input wire        dma_req_ready_i,
  input wire        dma_rsp_valid_i,
  input wire [31:0] dma_rsp_data_i,
  input wire        dma_rsp_err_i
);
  wire        req_ready, rsp_valid, rsp_err, dma_req_valid;
  wire [31:0] rsp_data, unit_insn, unit_rs1, unit_rs2, dma_insn, dma_rs1, dma_rs2;
  wire [4:0]  unit_req;

  cpl_dispatch #(.ENGINES(5'b11111), .HAS_DMA(1)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .req_valid_i(req_valid_i), .req_ready_o(req_ready), .req_insn_i(req_insn_i),
    .req_rs1_i(req_rs1_i), .req_rs2_i(req_rs2_i),
    .rsp_valid_o(rsp_valid), .rsp_data_o(rsp_data), .rsp_err_o(rsp_err),
    .unit_req_o(unit_req), .unit_insn_o(unit_insn), .unit_rs1_o(unit_rs1), .unit_rs2_o(unit_rs2),
    .unit_rsp_valid_i(unit_rsp_valid_i), .unit_rsp_data_i(unit_rsp_data_i),
    .unit_rsp_err_i(unit_rsp_err_i),
    .dma_req_valid_o(dma_req_valid), .dma_req_ready_i(dma_req_ready_i),
    .dma_req_insn_o(dma_insn), .dma_req_rs1_o(dma_rs1), .dma_req_rs2_o(dma_rs2),
    .dma_rsp_valid_i(dma_rsp_valid_i), .dma_rsp_data_i(dma_rsp_data_i),
    .dma_rsp_err_i(dma_rsp_err_i)
  );

  reg f_past = 1'b0;
  always @(posedge clk_i) f_past <= 1'b1;
  always @* if (!f_past) assume (!rst_ni);

  // ---- decode, as documented (coupling/README.md)
  wire [2:0] tgt   = req_insn_i[31:29];
  wire       opc0  = req_insn_i[6:0] == `CV_CPI_OPCODE;
  wire       legal = opc0 && ((tgt >= 3'd1 && tgt <= 3'd5) || tgt == `CV_CPI_TARGET_DMA);
  wire       take  = req_valid_i && req_ready;
  wire       dma_fire = dma_req_valid && dma_req_ready_i;

  // ---- shadow state: outstanding requests per target and at the core
  reg [4:0] u_out;     // unit n-1 holds an unanswered request
  reg       d_out;     // the DMA holds one
  reg       c_out;     // the core has an unanswered request
  reg       c_ill;     // ... which was illegal
  reg [7:0] c_age, t_age;
  wire [4:0] u_ans = unit_rsp_valid_i & u_out;
  wire       d_ans = dma_rsp_valid_i && d_out;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      u_out <= 5'h0;
      d_out <= 1'b0;
      c_out <= 1'b0;
      c_ill <= 1'b0;
      c_age <= 8'h0;
      t_age <= 8'h0;
    end else begin
      u_out <= (u_out & ~unit_rsp_valid_i) | unit_req;
      d_out <= (d_out && !dma_rsp_valid_i) || dma_fire;
      if (take) begin
        c_out <= 1'b1;
        c_ill <= !legal;
      end else if (rsp_valid) begin
        c_out <= 1'b0;
      end
      c_age <= take ? 8'h0 : (c_out && !rsp_valid) ? c_age + 8'h1 : 8'h0;
      t_age <= (unit_req != 5'h0 || dma_fire) ? 8'h0 :
               ((u_out & ~unit_rsp_valid_i) != 5'h0 || (d_out && !dma_rsp_valid_i)) ?
               t_age + 8'h1 : 8'h0;
    end
  end

  // ---- environment
  always @(posedge clk_i) if (f_past && rst_ni && $past(rst_ni)) begin
    // the core holds an offered request until it is taken
    if ($past(req_valid_i && !req_ready && !(rsp_valid && rsp_err))) begin
      assume (req_valid_i);
      assume (req_insn_i == $past(req_insn_i));
      assume (req_rs1_i == $past(req_rs1_i));
      assume (req_rs2_i == $past(req_rs2_i));
    end
  end
  always @* begin
    // targets answer only their own outstanding request (never in the cycle it is given) ...
    assume ((unit_rsp_valid_i & ~u_out) == 5'h0);
    assume (!dma_rsp_valid_i || d_out);
    // ... within TMAX cycles
    if (t_age >= TMAX) assume (u_ans != 5'h0 || d_ans);
    if (!rst_ni) assume (unit_rsp_valid_i == 5'h0 && !dma_rsp_valid_i);
  end

  // ---- properties
  integer k;
  reg [3:0] n_out, n_req;
  always @* begin
    n_out = 4'd0;
    n_req = 4'd0;
    for (k = 0; k < 5; k = k + 1) begin
      n_out = n_out + {3'd0, u_out[k]};
      n_req = n_req + {3'd0, unit_req[k]};
    end
    n_out = n_out + {3'd0, d_out};
    n_req = n_req + {3'd0, dma_fire};
  end

  always @* if (f_past && rst_ni) begin
    // one in flight
    assert (n_out <= 4'd1);
    assert (n_out == {3'd0, c_out && !c_ill});
    // forwarding: a target request only with an accepted legal request, exactly to its target
    assert (n_req <= 4'd1);
    if (unit_req != 5'h0 || dma_fire) assert (take && legal);
    if (take && legal) begin
      assert (n_req == 4'd1);
      if (tgt == 3'd7) assert (dma_fire);
      else assert (unit_req == (5'h1 << (tgt - 3'd1)));
    end
    if (dma_req_valid) assert (req_valid_i && legal && tgt == 3'd7);
    assert (unit_insn == req_insn_i && unit_rs1 == req_rs1_i && unit_rs2 == req_rs2_i);
    assert (dma_insn == req_insn_i && dma_rs1 == req_rs1_i && dma_rs2 == req_rs2_i);
    // responses only for requests, with the answering target's data
    if (rsp_valid) assert (c_out);
    if (c_out && c_ill) assert (rsp_valid && rsp_err);
    if (u_ans != 5'h0 || d_ans) assert (rsp_valid);
    for (k = 0; k < 5; k = k + 1)
      if (u_ans[k])
        assert (rsp_data == unit_rsp_data_i[32*k +: 32] && rsp_err == unit_rsp_err_i[k]);
    if (d_ans) assert (rsp_data == dma_rsp_data_i && rsp_err == dma_rsp_err_i);
    if (rsp_valid && !c_ill) assert (u_ans != 5'h0 || d_ans);
    // a new request is taken only when nothing is outstanding or in the cycle it is answered
    if (take) assert (!c_out || (rsp_valid && !rsp_err));
    // bounded liveness
    assert (c_age <= TMAX);
  end

  // the DMA request is held until ready (given the core holds its request)
  always @(posedge clk_i) if (f_past && rst_ni && $past(rst_ni)) begin
    if ($past(dma_req_valid && !dma_req_ready_i)) begin
      assert (dma_req_valid);
      assert (dma_insn == $past(dma_insn) && dma_rs1 == $past(dma_rs1) &&
              dma_rs2 == $past(dma_rs2));
    end
  end

  // reachability: back-to-back requests, a waiting one, an illegal one
  always @(posedge clk_i) if (f_past && rst_ni) begin
    cover (take && rsp_valid && !c_ill);
    cover (c_age == TMAX && rsp_valid);
    cover (c_out && c_ill && rsp_err);
  end
endmodule
`default_nettype wire
