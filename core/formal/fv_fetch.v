// SPDX-License-Identifier: Apache-2.0
// fv_fetch.v: formal properties of core/rtl/core_fetch.v (the fetch and its instruction buffer).
// The instruction memory is abstract: it grants whenever the solver likes and answers the
// granted requests in order, one or more cycles later, with the word at the request's address
// equal to that address (and a bus error that is a function of it), so an instruction word
// says where it was fetched from. ID is abstract too: it takes the head, redirects and predicts
// whenever the solver likes, within what core_top does (no take or prediction in a redirect's
// cycle, one prediction per head, word-aligned targets). Asserted, for every such sequence:
//   - the head instruction is the word at the head's pc (so no instruction is lost, repeated
//     or reordered, and no wrong-path response is taken, through any redirect or prediction);
//   - the head's error flag is the one its fetch got;
//   - at most two requests are outstanding.
`default_nettype none
module fv_fetch (
  input wire        clk_i,
  input wire        rst_ni,
  input wire        imem_gnt_i,
  input wire        mem_answer_i,   // the memory answers its oldest request this cycle
  input wire        redirect_i,
  input wire        predict_i,
  input wire [31:0] redirect_pc_i,
  input wire        consume_i
);
  wire        imem_req, valid, predicted, err;
  wire [31:0] imem_addr, insn, pc;

  // ---- the memory: the granted addresses in order (the fetch keeps at most two in flight,
  // asserted below; a third would overwrite the second)
  reg  [31:0] m0_q, m1_q;
  reg  [1:0]  mn_q;
  wire        rvalid = mem_answer_i && (mn_q != 2'd0);
  wire [31:0] rdata  = m0_q;
  wire        rerr   = ^rdata[6:2];  // an error on some addresses: which, the address says
  wire        grant  = imem_req && imem_gnt_i;

  core_fetch #(.BOOT_ADDR(32'h0000_0000)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .imem_req_o(imem_req), .imem_gnt_i(imem_gnt_i), .imem_addr_o(imem_addr),
    .imem_rvalid_i(rvalid), .imem_rdata_i(rdata), .imem_err_i(rerr),
    .redirect_i(redirect_i), .predict_i(predict_i), .redirect_pc_i(redirect_pc_i),
    .consume_i(consume_i), .predicted_o(predicted), .valid_o(valid), .insn_o(insn),
    .err_o(err), .pc_o(pc)
  );

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      mn_q <= 2'd0;
    end else begin
      case ({rvalid, grant})
        2'b01: if (mn_q == 2'd0) m0_q <= imem_addr; else m1_q <= imem_addr;
        2'b10: m0_q <= m1_q;
        2'b11: if (mn_q == 2'd1) m0_q <= imem_addr; else begin m0_q <= m1_q; m1_q <= imem_addr; end
        default: ;
      endcase
      mn_q <= mn_q + {1'b0, grant} - {1'b0, rvalid};
    end
  end

  reg f_past = 1'b0;
  always @(posedge clk_i) f_past <= 1'b1;
  always @* if (!f_past) assume (!rst_ni);

  // A predicted head, when taken, comes with its target again (core_top: ID's target adder
  // still looks at the same head).
  reg [31:0] f_tgt_q;
  always @(posedge clk_i) if (predict_i) f_tgt_q <= redirect_pc_i;

  // ID as core_top drives it: the redirect register blocks the take and the prediction
  // (id_take, id_redirect), a prediction only for a head not yet predicted, targets aligned,
  // a taken predicted head with its target
  always @* begin
    if (consume_i && predicted) assume (redirect_pc_i == f_tgt_q);
    if (consume_i) assume (valid && !redirect_i);
    if (predict_i) assume (valid && !predicted && !redirect_i);
    // aligned; a 256-byte space keeps the solver fast (the logic is the same for any address)
    assume (redirect_pc_i[1:0] == 2'b00 && redirect_pc_i[31:8] == 24'd0);
  end

  always @(posedge clk_i) if (f_past && rst_ni) begin
    if (valid) assert (insn == pc);
    if (valid) assert (err == ^pc[6:2]);
    assert (mn_q != 2'd3);
  end

  // Not vacuous: three instructions taken with no response between them (the buffer was full
  // and its ring emptied into the head), a prediction keeping its head whose next head is the
  // target, a head with a bus error taken.
  reg [1:0] taken_q;   // instructions taken since the last response, redirect or prediction
  reg       pred_kept_q;
  always @(posedge clk_i) begin
    if (!rst_ni || rvalid || redirect_i || predict_i) taken_q <= 2'd0;
    else if (consume_i && taken_q != 2'd3) taken_q <= taken_q + 2'd1;
    if (!rst_ni) pred_kept_q <= 1'b0;
    else if (predict_i && !consume_i) pred_kept_q <= 1'b1;
  end
  always @(posedge clk_i) if (f_past && rst_ni) begin
    cover (consume_i && taken_q == 2'd2);
    cover (pred_kept_q && valid && !predicted && pc != 32'd0 && consume_i);
    cover (consume_i && err);
  end
endmodule
`default_nettype wire
