// SPDX-License-Identifier: Apache-2.0
// fv_dispatch.v: formal properties of coupling/rtl/cpl_dispatch.v (the coprocessor port).
// The core side is assumed to follow the port's rule (a request, once offered, is held with the
// same instruction and operands until ready, or withdrawn after a cycle that answered err: the
// core's trap). The targets answer as cpl_hub and cpl_dma do: the hub answers only an
// instruction with a result (funct3 xd = 1), from its flops, from the cycle after it is given
// it, and drives zero data and err while it does not answer; the DMA answers an instruction
// without a result one cycle after taking it and one with a result from then on; an instruction
// with a result is answered within TMAX cycles; a target answers only what it was given. Under
// that, asserted for every input sequence:
//   - legality: an illegal request (custom-1, target 0/6, an operation or funct3 outside the
//     target's table, a key or IV operation of an engine without one) reaches no target and is
//     answered with err in the next cycle;
//   - forwarding: a target is requested only in the cycle after a legal request was accepted,
//     exactly its target, with its instruction and operands (the DMA's held until ready);
//   - answers: a legal request without a result is answered (good) in the next cycle; one with a
//     result is answered in the cycle of its unit's answer, or in the cycle after the DMA's,
//     with its data and err; there is no answer without an outstanding request and one answer
//     per request;
//   - one outstanding: a request is accepted only when none is outstanding or in the cycle that
//     answers it without err;
//   - bounded liveness: every accepted request is answered within TMAX + 3 cycles.
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

  // engine 5 (SHA-3) has no key and no IV
  cpl_dispatch #(.ENGINES(5'b11111), .KEYLESS(5'b10000), .IVLESS(5'b10000), .HAS_DMA(1)) dut (
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

  // ---- decode, as documented (coupling/README.md, coupling/regs/cpi.toml)
  wire [2:0] tgt  = req_insn_i[31:29];
  wire [3:0] op   = req_insn_i[28:25];
  wire [2:0] f3   = req_insn_i[14:12];
  wire       opc0 = req_insn_i[6:0] == `CV_CPI_OPCODE;
  wire       eng  = tgt >= 3'd1 && tgt <= 3'd5;
  wire       nokey = tgt == 3'd5;
  reg        e_ok, d_ok;
  always @* begin
    case ({op, f3})
      {`CV_CPI_OP_CFG, `CV_CPI_F3_CFG}, {`CV_CPI_OP_START, `CV_CPI_F3_START},
      {`CV_CPI_OP_LASTB, `CV_CPI_F3_LASTB}, {`CV_CPI_OP_DATA, `CV_CPI_F3_DATA},
      {`CV_CPI_OP_DATAL, `CV_CPI_F3_DATAL}, {`CV_CPI_OP_RESULT, `CV_CPI_F3_RESULT},
      {`CV_CPI_OP_STATUS, `CV_CPI_F3_STATUS}, {`CV_CPI_OP_ZERO, `CV_CPI_F3_ZERO}:
        e_ok = 1'b1;
      {`CV_CPI_OP_KEY, `CV_CPI_F3_KEY}, {`CV_CPI_OP_KLOAD, `CV_CPI_F3_KLOAD},
      {`CV_CPI_OP_KLOADW, `CV_CPI_F3_KLOADW}, {`CV_CPI_OP_IV, `CV_CPI_F3_IV},
      {`CV_CPI_OP_IVLOAD, `CV_CPI_F3_IVLOAD}, {`CV_CPI_OP_IVRD, `CV_CPI_F3_IVRD}:
        e_ok = !nokey;
      default: e_ok = 1'b0;
    endcase
    case ({op, f3})
      {`CV_CPI_OP_DSEL, `CV_CPI_F3_DSEL}, {`CV_CPI_OP_DADDR, `CV_CPI_F3_DADDR},
      {`CV_CPI_OP_DRUN, `CV_CPI_F3_DRUN}, {`CV_CPI_OP_DRUNW, `CV_CPI_F3_DRUNW},
      {`CV_CPI_OP_DKEY, `CV_CPI_F3_DKEY}, {`CV_CPI_OP_DKEYW, `CV_CPI_F3_DKEYW},
      {`CV_CPI_OP_DWAIT, `CV_CPI_F3_DWAIT}, {`CV_CPI_OP_DSTAT, `CV_CPI_F3_DSTAT}:
        d_ok = 1'b1;
      default: d_ok = 1'b0;
    endcase
  end
  wire legal = opc0 && ((eng && e_ok) || (tgt == `CV_CPI_TARGET_DMA && d_ok));
  wire xd    = f3[2];
  wire take  = req_valid_i && req_ready;
  wire dma_fire = dma_req_valid && dma_req_ready_i;

  // ---- shadow state
  reg        p_take = 1'b0, p_legal = 1'b0, p_xd = 1'b0;   // the previous cycle's acceptance
  reg [2:0]  p_tgt = 3'd0;
  reg [31:0] p_insn = 32'h0, p_rs1 = 32'h0, p_rs2 = 32'h0;
  reg        d_hold = 1'b0;        // the DMA request is offered and not taken yet
  reg [4:0]  u_out = 5'h0;         // unit n-1 holds an unanswered instruction with a result
  reg        d_out = 1'b0;         // the DMA holds an instruction with a result, taken
  reg        d_now = 1'b0;         // the DMA took an instruction without a result last cycle
  reg        c_out = 1'b0;         // the core has an unanswered request
  reg        c_wt = 1'b0;          // ... with a result, legal: it waits for its target
  reg        a_v = 1'b0, a_e = 1'b0;   // the waited DMA answered last cycle, with ...
  reg [31:0] a_d = 32'h0;
  reg [7:0]  c_age = 8'h0, t_age = 8'h0;

  wire [4:0] u_ans = unit_rsp_valid_i & u_out;
  wire       d_ans = dma_rsp_valid_i && d_out;
  reg  [31:0] u_dat;
  reg         u_err;
  integer k;
  always @* begin
    u_dat = 32'h0;
    u_err = 1'b0;
    for (k = 0; k < 5; k = k + 1)
      if (u_ans[k]) begin
        u_dat = unit_rsp_data_i[32*k +: 32];
        u_err = unit_rsp_err_i[k];
      end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      p_take <= 1'b0;
      d_hold <= 1'b0;
      u_out  <= 5'h0;
      d_out  <= 1'b0;
      d_now  <= 1'b0;
      c_out  <= 1'b0;
      c_wt   <= 1'b0;
      a_v    <= 1'b0;
      c_age  <= 8'h0;
      t_age  <= 8'h0;
    end else begin
      p_take  <= take;
      p_legal <= legal;
      p_xd    <= xd;
      p_tgt   <= tgt;
      p_insn  <= req_insn_i;
      p_rs1   <= req_rs1_i;
      p_rs2   <= req_rs2_i;
      d_hold  <= dma_req_valid && !dma_req_ready_i;
      u_out   <= (u_out | (unit_req & {5{unit_insn[14]}})) & ~unit_rsp_valid_i;
      d_out   <= (d_out && !dma_rsp_valid_i) || (dma_fire && dma_insn[14]);
      d_now   <= dma_fire && !dma_insn[14];
      a_v     <= d_ans;
      a_e     <= dma_rsp_err_i;
      a_d     <= dma_rsp_data_i;
      // (a unit's answer and the next request's acceptance may share a cycle)
      if ((u_ans != 5'h0) || d_ans) c_wt <= 1'b0;
      if (take) begin
        c_out <= 1'b1;
        c_wt  <= legal && xd;
      end else if (rsp_valid) begin
        c_out <= 1'b0;
      end
      c_age <= take ? 8'h0 : (c_out && !rsp_valid) ? c_age + 8'h1 : 8'h0;
      t_age <= (unit_req != 5'h0 || dma_fire) ? 8'h0 :
               (u_out != 5'h0 || d_out) ? t_age + 8'h1 : 8'h0;
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
    // a unit answers an instruction with a result from the cycle after it is given it; nothing
    // else; its data and err are zero while it does not answer
    assume ((unit_rsp_valid_i & ~u_out) == 5'h0);
    for (k = 0; k < 5; k = k + 1)
      if (!unit_rsp_valid_i[k]) assume (unit_rsp_data_i[32*k +: 32] == 32'h0 &&
                                        !unit_rsp_err_i[k]);
    // the DMA answers one without a result in the cycle after it took it, one with a result
    // later; nothing else
    assume (!dma_rsp_valid_i || d_out || d_now);
    if (d_now) assume (dma_rsp_valid_i);
    // the DMA is ready unless it holds an instruction with a result (cpl_dma: !pend_q)
    if (!d_out) assume (dma_req_ready_i);
    // ... within TMAX cycles
    if (t_age >= TMAX) assume (u_ans != 5'h0 || d_ans);
    if (!rst_ni) assume (unit_rsp_valid_i == 5'h0 && !dma_rsp_valid_i);
  end

  // ---- properties
  reg [3:0] n_out, n_req;
  always @* begin
    n_out = 4'd0;
    n_req = 4'd0;
    for (k = 0; k < 5; k = k + 1) begin
      n_out = n_out + {3'd0, u_out[k]};
      n_req = n_req + {3'd0, unit_req[k]};
    end
    n_out = n_out + {3'd0, d_out};
    n_req = n_req + {3'd0, dma_req_valid};
  end

  always @* if (f_past && rst_ni) begin
    // at most one target holds an instruction with a result, and only for the core's
    assert (n_out <= 4'd1);
    if (n_out != 4'd0) assert (c_out && c_wt);
    // forwarding: the cycle after a legal acceptance (or while the DMA holds it), its target
    assert (n_req <= 4'd1);
    if (!d_hold) begin
      if (p_take && p_legal) begin
        assert (n_req == 4'd1);
        if (p_tgt == 3'd7) assert (dma_req_valid);
        else assert (unit_req == (5'h1 << (p_tgt - 3'd1)));
        if (unit_req != 5'h0)
          assert (unit_insn == p_insn && unit_rs1 == p_rs1 && unit_rs2 == p_rs2);
        if (dma_req_valid)
          assert (dma_insn == p_insn && dma_rs1 == p_rs1 && dma_rs2 == p_rs2);
      end else begin
        assert (n_req == 4'd0);
      end
    end
    // answers
    if (p_take) begin
      if (!p_legal) assert (rsp_valid && rsp_err);
      else if (!p_xd) assert (rsp_valid && !rsp_err);
      else assert (!rsp_valid);
    end
    if (u_ans != 5'h0) assert (rsp_valid && rsp_data == u_dat && rsp_err == u_err);
    if (a_v) assert (rsp_valid && rsp_data == a_d && rsp_err == a_e);
    if (rsp_valid) assert (c_out && (p_take || a_v || u_ans != 5'h0));
    // one outstanding
    if (take) assert (!c_out || (rsp_valid && !rsp_err));
    if (!c_out) assert (req_ready);
    if (c_out && !rsp_valid) assert (!req_ready);
    // an outstanding request is answered now, or waits for its target: given it in this cycle
    // or holding it since it was given, accepted a cycle before that
    if (c_out && !c_wt) assert (rsp_valid);
    if (c_wt) assert (c_out && (p_take || n_out == 4'd1));
    if (n_out != 4'd0) assert (c_age == t_age + 8'd1);
    // bounded liveness
    assert (c_age <= TMAX + 3);
  end

  // the DMA request is held until ready
  always @(posedge clk_i) if (f_past && rst_ni && $past(rst_ni)) begin
    if ($past(dma_req_valid && !dma_req_ready_i)) begin
      assert (dma_req_valid);
      assert (dma_insn == $past(dma_insn) && dma_rs1 == $past(dma_rs1) &&
              dma_rs2 == $past(dma_rs2));
    end
  end

  // reachability: back-to-back requests, a waiting one, an illegal one
  always @(posedge clk_i) if (f_past && rst_ni) begin
    cover (take && rsp_valid && !rsp_err);
    cover (c_age == TMAX && rsp_valid);       // a target that waits
    cover (c_out && rsp_err && p_take && !p_legal);
    cover (u_ans != 5'h0 && rsp_valid && p_take == 1'b0);
  end
endmodule
`default_nettype wire
