// SPDX-License-Identifier: Apache-2.0
// fv_fetch.v: formal properties of core/rtl/core_fetch.v (the fetch and its instruction buffer).
// The instruction memory is abstract: it grants whenever the solver likes and answers the
// granted requests in order, one or more cycles later. ID is abstract too: it takes the head and
// redirects whenever the solver likes, within what core_top does (no take in a redirect's cycle,
// aligned targets), and the branch target buffer is written with anything at any time (its
// contents are only predictions).
// RVC = 0: the word at an address is that address with its two low bits set (and a bus error
// that is a function of it), so an instruction word says where it was fetched from, and the
// words at 0x6C and 0xEC are jal instructions (to themselves), which the fetch predicts as they
// arrive. Asserted, for every such sequence:
//   - the head instruction is the word at the head's pc (so no instruction is lost, repeated
//     or reordered, and no wrong-path response is taken, through any redirect or prediction,
//     the fetch's own included);
//   - the head's error flag is the one its fetch got;
//   - at most three requests are outstanding.
// RVC = 1 (the C extension): the memory is any 64 bytes the solver chooses (anyconst, repeated
// over the address space), with any bus error per word, so it holds every mix of compressed and
// 32-bit instructions, 32-bit instructions straddling words, and compressed and 32-bit jumps and
// branches (which the fetch predicts) to either half of a word. Targets are 2-byte aligned, and
// a head the fetch cannot complete (refetch_o) that ID takes is followed by a redirect, as in
// core_top. Asserted, whenever ID could take the head (valid, no redirect) and it is not a
// refetch:
//   - the head instruction is the one at the head's pc: the expansion of the parcel there if it
//     is compressed ({16'h0, parcel} if that is illegal), else the parcel and the one after it,
//     across a word boundary too; raw_o is the instruction as fetched;
//   - pc4_o is the pc plus its length, imm_o its J or B immediate, and the pre-decoded bits
//     (bp_o, lui_o, apc_o) those of the instruction;
//   - its error flag is its word's, or either word's when it straddles two;
//   - a refetch head is a 32-bit instruction in a word's upper half;
//   - at most three requests are outstanding.
`default_nettype none
module fv_fetch #(
  parameter integer RVC = 0
) (
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
  input wire [31:2] btb_tgt_i,
  input wire        btb_e_i,        // (C) ignored without C
  input wire        btb_tgt1_i
);
  wire        imem_req, valid, err, pt, pt1, refetch, bp, lui, apc;
  wire [31:0] imem_addr, insn, pc, pc4, raw;
  wire [31:2] ptgt;
  wire [20:1] imm;

  // ---- the memory: the granted addresses in order (the fetch keeps at most three in flight,
  // asserted below; a fourth would overwrite the third)
  reg  [31:0] m0_q, m1_q, m2_q;
  reg  [2:0]  mn_q;
  wire        rvalid = mem_answer_i && (mn_q != 3'd0);
  wire [31:0] rdata;
  wire        rerr;
  wire        grant  = imem_req && imem_gnt_i;

  core_fetch #(.BOOT_ADDR(32'h0000_0000), .RVC(RVC)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .imem_req_o(imem_req), .imem_gnt_i(imem_gnt_i), .imem_addr_o(imem_addr),
    .imem_rvalid_i(rvalid), .imem_rdata_i(rdata), .imem_err_i(rerr),
    .redirect_i(redirect_i), .redirect_pc_i(redirect_pc_i), .consume_i(consume_i),
    .btb_we_i(btb_we_i), .btb_pc_i(btb_pc_i), .btb_taken_i(btb_taken_i), .btb_tgt_i(btb_tgt_i),
    .btb_e_i(btb_e_i && RVC != 0), .btb_tgt1_i(btb_tgt1_i && RVC != 0),
    .valid_o(valid), .insn_o(insn), .err_o(err), .pc_o(pc), .pc4_o(pc4), .raw_o(raw),
    .bp_o(bp), .lui_o(lui), .apc_o(apc), .pt_o(pt), .ptgt_o(ptgt), .ptgt1_o(pt1),
    .refetch_o(refetch), .imm_o(imm)
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
  always @(posedge clk_i) if (f_past && rst_ni) assert (mn_q <= 3'd3);

  // (for the covers) instructions taken since the last response or redirect; the head taken
  // last cycle was predicted taken, to ptgt_q
  reg [1:0]  taken_q;
  reg        pt_q;
  reg [31:1] ptgt_q;
  always @(posedge clk_i) begin
    if (!rst_ni || rvalid || redirect_i) taken_q <= 2'd0;
    else if (consume_i && taken_q != 2'd3) taken_q <= taken_q + 2'd1;
    pt_q   <= rst_ni && consume_i && pt;
    ptgt_q <= {ptgt, pt1};
  end

  generate
    if (RVC == 0) begin : g_rv32
      assign rdata = {m0_q[31:2], 2'b11};
      assign rerr  = ^m0_q[6:2];  // an error on some addresses: which, the address says
      /* verilator lint_off UNUSEDSIGNAL */
      wire unused = ^{pc4, raw, bp, lui, apc, pt1, refetch, imm, btb_e_i, btb_tgt1_i};
      /* verilator lint_on UNUSEDSIGNAL */

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
      end

      // Not vacuous: three instructions taken with no response between them (the buffer was
      // full and emptied through its head), a head predicted taken followed by its target (the
      // buffer's prediction or the fetch's own), a head with a bus error taken, a jal taken.
      always @(posedge clk_i) if (f_past && rst_ni) begin
        cover (consume_i && taken_q == 2'd2);
        cover (pt_q && valid && pc[31:2] == ptgt_q[31:2] && pc != 32'd0 && consume_i);
        cover (consume_i && err);
        cover (consume_i && insn[6:0] == 7'b1101111 && pt);
      end
    end else begin : g_rvc
      // the memory: 16 words the solver chooses, and a bus error per word
      (* anyconst *) reg [511:0] f_mem;
      (* anyconst *) reg [15:0]   f_err;
      assign rdata = f_mem[{m0_q[5:2], 5'd0} +: 32];
      assign rerr  = f_err[m0_q[5:2]];

      // the instruction at the head's pc, by the specification
      wire [31:0] pc2  = pc + 32'd2;
      wire [15:0] p0   = f_mem[{pc[5:1], 4'd0} +: 16];
      wire [15:0] p1   = f_mem[{pc2[5:1], 4'd0} +: 16];
      wire        cmp  = p0[1:0] != 2'b11;
      wire [31:0] cx;
      wire        cill;
      core_rvc u_ref (.insn_i(p0), .insn_o(cx), .illegal_o(cill));
      wire [31:0] r_raw  = cmp ? {16'd0, p0} : {p1, p0};
      wire [31:0] r_insn = !cmp ? r_raw : cill ? {16'd0, p0} : cx;
      wire [6:0]  r_op   = r_insn[6:0];
      wire        r_err  = f_err[pc[5:2]] || (!cmp && pc[1] && f_err[pc2[5:2]]);
      wire [20:1] r_imm  = r_insn[3] ? {r_insn[31], r_insn[19:12], r_insn[20], r_insn[30:21]} :
                           {{8{r_insn[31]}}, r_insn[31], r_insn[7], r_insn[30:25], r_insn[11:8]};
      wire        r_bp   = r_op == 7'b1101111 || (r_op == 7'b1100011 && r_insn[31]);
      wire        r_lui  = r_op == 7'b0110111;
      wire        r_apc  = r_op == 7'b0010111 || r_op == 7'b1101111 || r_insn == 32'h0010_0073;

      // ID as core_top drives it: no take in a redirect's cycle, 2-byte aligned targets, and a
      // redirect after taking a head the fetch could not complete
      reg f_rf_q;
      always @(posedge clk_i) f_rf_q <= rst_ni && consume_i && refetch;
      always @* begin
        if (consume_i) assume (valid && !redirect_i);
        if (f_rf_q) assume (redirect_i);
        assume (redirect_pc_i[0] == 1'b0 && redirect_pc_i[31:8] == 24'd0);
        assume (btb_tgt_i[31:8] == 24'd0);
      end

      wire live = f_past && rst_ni && valid && !redirect_i;
      always @(posedge clk_i) if (live) begin
        if (refetch) assert (pc[1] && !cmp);
        if (!refetch) begin
          assert (insn == r_insn);
          assert (raw == r_raw);
          assert (err == r_err);
          assert (pc4 == pc + (cmp ? 32'd2 : 32'd4));
          assert (imm == r_imm);
          assert (bp == r_bp && lui == r_lui && apc == r_apc);
        end
      end

      // Not vacuous: a 32-bit instruction straddling two words taken; a compressed jump or
      // branch predicted taken, then its target taken in the upper half of a word; a head the
      // fetch could not complete taken (and refetched); a straddling instruction with a bus
      // error on its second word taken; three instructions taken with no response between them.
      always @(posedge clk_i) if (f_past && rst_ni) begin
        cover (consume_i && !refetch && pc[1] && !cmp);
        cover (consume_i && pt && cmp);
        cover (pt_q && valid && !redirect_i && pc[31:1] == ptgt_q && pc[1] && consume_i);
        cover (consume_i && refetch);
        cover (consume_i && !refetch && pc[1] && !cmp && !f_err[pc[5:2]] && err);
        cover (consume_i && taken_q == 2'd2);
      end
    end
  endgenerate
endmodule
`default_nettype wire
