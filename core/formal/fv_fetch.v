// SPDX-License-Identifier: Apache-2.0
// fv_fetch.v: formal properties of core/rtl/core_fetch.v (the fetch and its instruction buffer).
// The instruction memory is abstract: it grants whenever the solver likes and answers the
// granted requests in order, one or more cycles later, with the word at the request's address
// equal to that address with its two low bits set (and a bus error that is a function of it),
// so an instruction word says where it was fetched from, and the words at 0x6C and 0xEC are
// jal instructions (to themselves), which the fetch predicts as they arrive. ID is abstract too: it takes the head and redirects whenever
// the solver likes, within what core_top does (no take in a redirect's cycle, word-aligned
// targets), and the branch target buffer is written with anything at any time (its contents
// are only predictions). Asserted, for every such sequence:
//   - the head instruction is the word at the head's pc (so no instruction is lost, repeated
//     or reordered, and no wrong-path response is taken, through any redirect or prediction,
//     the fetch's own included);
//   - the head's error flag is the one its fetch got;
//   - at most three requests are outstanding.
`default_nettype none
module fv_fetch (
  input wire        clk_i,
  input wire        rst_ni,
  input wire        imem_gnt_i,
  input wire        mem_answer_i,   // the memory answers its oldest request this cycle
  input wire        redirect_i,
  input wire [31:0] redirect_pc_i,
  input wire        consume_i,
  input wire        btb_we_i,
  input wire [15:2] btb_pc_i,
  input wire        btb_taken_i,
  input wire [31:2] btb_tgt_i
);
  wire        imem_req, valid, err, pt;
  wire [31:0] imem_addr, insn, pc;
  wire [31:2] ptgt;

  // ---- the memory: the granted addresses in order (the fetch keeps at most three in flight,
  // asserted below; a fourth would overwrite the third)
  reg  [31:0] m0_q, m1_q, m2_q;
  reg  [2:0]  mn_q;
  wire        rvalid = mem_answer_i && (mn_q != 3'd0);
  wire [31:0] rdata  = {m0_q[31:2], 2'b11};
  wire        rerr   = ^m0_q[6:2];  // an error on some addresses: which, the address says
  wire        grant  = imem_req && imem_gnt_i;

  core_fetch #(.BOOT_ADDR(32'h0000_0000)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .imem_req_o(imem_req), .imem_gnt_i(imem_gnt_i), .imem_addr_o(imem_addr),
    .imem_rvalid_i(rvalid), .imem_rdata_i(rdata), .imem_err_i(rerr),
    .redirect_i(redirect_i), .redirect_pc_i(redirect_pc_i), .consume_i(consume_i),
    .btb_we_i(btb_we_i), .btb_pc_i(btb_pc_i), .btb_taken_i(btb_taken_i), .btb_tgt_i(btb_tgt_i),
    .btb_e_i(1'b0), .btb_tgt1_i(1'b0),
    .valid_o(valid), .insn_o(insn), .err_o(err), .pc_o(pc), .pt_o(pt), .ptgt_o(ptgt)
  );

  // (written as a shift on each answer and a write behind the entries that stay)
  wire [2:0] mpos = mn_q - {2'd0, rvalid};
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      mn_q <= 3'd0;
    end else begin
      if (rvalid) begin m0_q <= m1_q; m1_q <= m2_q; end
      if (grant) case (mpos)
        3'd0:    m0_q <= imem_addr;
        3'd1:    m1_q <= imem_addr;
        default: m2_q <= imem_addr;
      endcase
      mn_q <= mn_q + {2'd0, grant} - {2'd0, rvalid};
    end
  end

  reg f_past = 1'b0;
  always @(posedge clk_i) f_past <= 1'b1;
  always @* if (!f_past) assume (!rst_ni);

  // ID as core_top drives it: the redirect register blocks the take (id_take), targets
  // aligned; a 256-byte space keeps the solver fast (the logic is the same for any address)
  always @* begin
    if (consume_i) assume (valid && !redirect_i);
    assume (redirect_pc_i[1:0] == 2'b00 && redirect_pc_i[31:8] == 24'd0);
    assume (btb_tgt_i[31:8] == 24'd0);
  end

  always @(posedge clk_i) if (f_past && rst_ni) begin
    if (valid) assert (insn == {pc[31:2], 2'b11});
    if (valid) assert (err == ^pc[6:2]);
    assert (mn_q <= 3'd3);
  end

  // Not vacuous: three instructions taken with no response between them (the buffer was
  // full and emptied through its head), a head predicted taken followed by its target (the
  // buffer's prediction or the fetch's own), a head with a bus error taken, a jal taken.
  reg [1:0]  taken_q;   // instructions taken since the last response or redirect
  reg        pt_q;      // the head taken last cycle was predicted taken, to ptgt_q
  reg [31:2] ptgt_q;
  always @(posedge clk_i) begin
    if (!rst_ni || rvalid || redirect_i) taken_q <= 2'd0;
    else if (consume_i && taken_q != 2'd3) taken_q <= taken_q + 2'd1;
    pt_q   <= rst_ni && consume_i && pt;
    ptgt_q <= ptgt;
  end
  always @(posedge clk_i) if (f_past && rst_ni) begin
    cover (consume_i && taken_q == 2'd2);
    cover (pt_q && valid && pc[31:2] == ptgt_q && pc != 32'd0 && consume_i);
    cover (consume_i && err);
    cover (consume_i && insn[6:0] == 7'b1101111 && pt);
  end
endmodule
`default_nettype wire
