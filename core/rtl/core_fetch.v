// SPDX-License-Identifier: Apache-2.0
// core_fetch.v
// Instruction fetch: OBI requests with a branch target buffer, a 4-entry instruction buffer (the
// IF/ID register: a head and a 3-entry ring), and discarding of wrong-path responses.
`default_nettype none

// The request address comes from flops through one multiplexer: the pending request (offered
// again until granted), the registered redirect of core_top (EX mispredict, WB trap or mret,
// ID's correction of a prediction), the fetch's own prediction (lf_pc_q, below), or nxt_q, the
// address decided on the grant of the previous request. That decision is the branch target buffer's: a request whose address hits in it is
// followed by the stored target, any other by its address + 4, so a taken jump the buffer knows
// costs no cycle, whatever the memory's latency. Every response is written into the buffer
// first; ID decodes the head, a flop, so no combinational path runs from imem_rdata_i into
// decode. Up to three requests are in flight and entries plus requests in flight never exceed
// four, so with a two-cycle memory one request per cycle keeps going without looking at ID's
// consume signal. Each request's prediction (hit, target) travels with it to its buffer entry:
// ID checks it against the instruction (pt_o, ptgt_o) and core_top corrects it through the
// registered redirect. A jal or backward branch that the buffer did not predict is caught
// earlier, as its response arrives: its target (the request's pc + the immediate) is written
// into its entry as the prediction and into lf_q / lf_pc_q, which the next cycle requests,
// dropping what was requested after it; ID then finds the prediction right.
//
// With RVC = 1 (C extension) the buffer still holds aligned words, and the head's pc carries
// bit 1: the instruction at the head starts in the head word's lower or upper half. A parcel
// whose low bits are not 11 is compressed and is expanded by core_rvc into its 32-bit form (an
// illegal parcel becomes {16'h0, parcel}, which the decoder refuses and which WB reports as
// mtval). Both halves of a word are expanded and pre-decoded as it enters the buffer (g_rvc
// below), so ID's instruction is a choice of flops; a 32-bit instruction that starts in the
// upper half takes its upper half from the next word, so it is presented once that word is in
// the buffer. ID's take pops the head word unless the instruction was a compressed one in the
// lower half.
// Prediction with C: the branch target buffer is indexed by the word that holds a jump's last
// parcel and keeps which half that is (e) and a 2-byte aligned target. A hit on a request
// (only one for a word's start: a word entered at its upper half gets no prediction) means the
// fetch went on at the target after the jump's parcel, so the prediction travels with the word
// and applies to the head instruction that ends in that word at half e (or after it: a stale
// entry, which ID then corrects). An instruction that applies it moves the head to the target,
// popping two words when a 32-bit jump straddled into the predicted word. A 32-bit instruction
// that starts in the upper half of a word whose fetch went elsewhere cannot be completed:
// refetch_o tells ID to take it as nothing and redirect to its pc (that request starts at the
// upper half, so it is not predicted again). A word's bits do not tell where its instructions
// start, so for its own prediction of a response the fetch follows the instruction boundaries
// from word to word (g_rvc); a 32-bit jump in a word's upper half is left to ID.
module core_fetch #(
  parameter [31:0] BOOT_ADDR = 32'h0000_0000,
  parameter integer RVC      = 0
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  output wire        imem_req_o,
  input  wire        imem_gnt_i,
  output wire [31:0] imem_addr_o,
  input  wire        imem_rvalid_i,
  input  wire [31:0] imem_rdata_i,
  input  wire        imem_err_i,
  input  wire        redirect_i,     // drop everything (a consumed head too), fetch redirect_pc_i
  input  wire [31:0] redirect_pc_i,  // (both flops in core_top)
  input  wire        consume_i,      // ID takes the head instruction this cycle
  // branch target buffer update (registered in core_top): the jump or branch at btb_pc_i went
  // to btb_tgt_i (btb_taken_i) or fell through (the entry is cleared)
  input  wire        btb_we_i,
  input  wire [15:2] btb_pc_i,       // index pc[5:2], tag pc[15:6]
  input  wire        btb_e_i,        // (C) pc[1] of the jump's last parcel
  input  wire        btb_taken_i,
  input  wire [31:2] btb_tgt_i,
  input  wire        btb_tgt1_i,     // (C) the target's bit 1
  output wire        valid_o,        // a head instruction is available
  output wire [31:0] insn_o,
  output wire [31:0] insn0_o,        // (C) the instructions that start in the head word's lower
  output wire [31:0] insn1_o,        // and upper half (insn_o is one of them, by pc_o[1])
  output wire        err_o,          // the fetch of the head instruction got a bus error
  output wire [31:0] pc_o,
  output wire [31:0] pc4_o,          // pc_o + the instruction's length (2 or 4)
  output wire [31:0] raw_o,          // the instruction as fetched ({16'h0, parcel} if compressed)
  output wire        bp_o,           // the head is a jal or a backward branch (static taken)
  output wire        lui_o,          // the head is a lui (its operand a is zero)
  output wire        apc_o,          // the head is an auipc, jal or ebreak (operand a is the pc)
  output wire        pt_o,           // the fetch went on after the head at ptgt_o, not pc + 4
  output wire [31:2] ptgt_o,
  output wire        ptgt1_o,        // (C) bit 1 of ptgt_o's address
  output wire        refetch_o,      // (C) the head is no instruction: redirect to pc_o
  output wire [20:1] imm_o           // (C) the head's J immediate if insn_o[3], else its B
);
  localparam integer TW = 10;        // BTB tag: pc[15:6] (with the index pc[5:2], btb_pc_i)
  localparam integer NQ = (RVC != 0) ? 4 : 3;   // ring entries behind the head
  localparam [2:0]   CAP = (RVC != 0) ? 3'd5 : 3'd4;   // places: entries + requests in flight

  // (C) the J (i[3] = 1) or B immediate of an instruction, bits 20:1, as ID adds it to the pc
  // (the opcode's other bits and rd's low bits are no part of either)
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic [20:1] jb_imm(input [31:0] i);
    jb_imm = i[3] ? {i[31], i[19:12], i[20], i[30:21]} :
                    {{8{i[31]}}, i[31], i[7], i[30:25], i[11:8]};
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // ---- branch target buffer: 16 entries, direct-mapped by pc[5:2]; a tag of the pc bits above
  // the index. A wrong hit (another pc with the same bits, or stale contents) is only a wrong
  // prediction, which ID or EX corrects, so the tag need not be the whole pc.
  reg  [15:0]   btb_v_q;
  reg  [TW-1:0] btb_tag_q [0:15];
  reg  [29:0]   btb_tgt_q [0:15];

  // ---- requests
  reg         run_q;                 // no request in the first cycle after reset
  reg         pend_q, pend_d;        // last cycle's request was not granted
  reg  [31:0] paddr_q, paddr_d;
  reg         stale_q, stale_d;      // the pending request is on a wrong path
  reg  [31:0] nxt_q, nxt_d;          // the next request's address (no redirect, none pending)
  reg  [1:0]  out_q, out_d;          // granted requests without response (incl. discarded)
  reg  [1:0]  disc_q, disc_d;        // how many of those responses to drop
  reg  [2:0]  cnt_q, cnt_d;          // buffer fill (0..4)
  reg  [31:0] hpc_q, hpc_d;          // pc of the head instruction

  reg         lf_q;                  // a response was a jal / backward branch not predicted:
  reg  [31:0] lf_pc_q;               // fetch its target, drop what was requested after it
  wire [31:0] req_pc = pend_q ? paddr_q : redirect_i ? redirect_pc_i : lf_q ? lf_pc_q : nxt_q;
  // (C) the request is for the word after the previous request's (nxt_q is its address + 4)
  reg         nseq_q, pseq_q;
  wire        req_seq = pend_q ? pseq_q : !redirect_i && !lf_q && nseq_q;
  assign imem_addr_o = {req_pc[31:2], 2'b00};
  // After a redirect the buffer is emptied, so only the in-flight count limits the request.
  wire [2:0]  fill   = cnt_q + {1'b0, out_q};   // at most CAP
  // With C the ring has a fourth entry (CAP = 5): a 32-bit instruction in a word's upper half
  // needs the word behind the head as well, and at one word per cycle four places would keep
  // the buffer at one word ahead of ID.
  wire        new_ok = (out_q != 2'd3) && (redirect_i || fill < CAP);
  assign imem_req_o  = run_q && (pend_q || new_ok);
  wire        granted = imem_req_o && imem_gnt_i;
  // a pending request is offered again whatever else happens (imem_req_o = run_q)
  wire        stale_grant = pend_q && run_q && imem_gnt_i && (stale_q || redirect_i || lf_q);
  wire        live_grant  = granted && !stale_grant;

  wire [3:0]    bidx = req_pc[5:2];
  wire          bhit = btb_v_q[bidx] && btb_tag_q[bidx] == req_pc[TW+5:6] &&
                       (RVC == 0 || !req_pc[1]);
  wire [29:0]   btgt = btb_tgt_q[bidx];
  wire          bt1, be;               // (C) the target's bit 1, the jump's end half
  generate
    if (RVC != 0) begin : g_btb_c
      reg [15:0] t1_q, e_q;
      always @(posedge clk_i) begin
        if (btb_we_i) begin
          t1_q[btb_pc_i[5:2]] <= btb_tgt1_i;
          e_q[btb_pc_i[5:2]]  <= btb_e_i;
        end
      end
      assign bt1 = t1_q[bidx];
      assign be  = e_q[bidx];
    end else begin : g_btb
      assign bt1 = 1'b0;
      assign be  = 1'b0;
      /* verilator lint_off UNUSEDSIGNAL */
      wire unused = btb_tgt1_i ^ btb_e_i;
      /* verilator lint_on UNUSEDSIGNAL */
    end
  endgenerate

  // ---- the predictions of the requests in flight, oldest first (pushed on every grant,
  // popped on every response, live or discarded)
  reg  [2:0]  ip_pt_q, ip_t1_q, ip_e_q;
  reg  [2:0]  ip_h_q, ip_sq_q;       // (C) the request's pc[1]; it follows the one before it
  reg  [29:0] ip_tgt_q [0:2];
  reg  [29:0] ip_pc_q  [0:2];
  wire [1:0]  rv    = {1'b0, imem_rvalid_i};
  wire [1:0]  ipos  = out_q - rv;     // where this cycle's grant goes

  always @(posedge clk_i) begin
    if (imem_rvalid_i) begin
      ip_pt_q[1:0] <= ip_pt_q[2:1];
      ip_t1_q[1:0] <= ip_t1_q[2:1];
      ip_e_q[1:0]  <= ip_e_q[2:1];
      ip_h_q[1:0]  <= ip_h_q[2:1];
      ip_sq_q[1:0] <= ip_sq_q[2:1];
      ip_tgt_q[0]  <= ip_tgt_q[1];
      ip_tgt_q[1]  <= ip_tgt_q[2];
      ip_pc_q[0]   <= ip_pc_q[1];
      ip_pc_q[1]   <= ip_pc_q[2];
    end
    if (granted) begin
      ip_pt_q[ipos] <= bhit;
      ip_t1_q[ipos] <= bt1;
      ip_e_q[ipos]  <= be;
      ip_h_q[ipos]  <= req_pc[1];
      ip_sq_q[ipos] <= req_seq;
      ip_tgt_q[ipos] <= btgt;
      ip_pc_q[ipos]  <= req_pc[31:2];
    end
  end

  // ---- the buffer: the head (b0) is a flop of its own, so decode starts at a flop; the three
  // entries behind it are a ring that a response is written into where it stays, so only the
  // head has a multiplexer in front (hold, a ring entry, the response) and ID's take steers
  // nothing else but the pointers. Each entry keeps three bits decoded from the response as it
  // is written (pd: {apc, lui, bp}), so ID's prediction check and the choice of EX's operand a
  // start at flops rather than behind ID's decoder; they look at the opcode only (and ebreak's
  // whole word): an illegal instruction traps whatever its operand a or prediction was. Each
  // entry also keeps its request's prediction (pt, tgt).
  // {insn, err, pd, pt, e, tgt[31:1]} (e and tgt[1] are 0 without C)
  localparam integer W = 32 + 1 + 3 + 1 + 1 + 31;
  reg [W-1:0] b0_q;
  reg [W-1:0] q_q [0:NQ-1];
  reg [1:0]   qrp_q, qrp_d;          // ring entry next in line behind the head
  wire [6:0] resp_op = imem_rdata_i[6:0];
  wire [2:0] resp_pd = {resp_op == 7'b0010111 || resp_op == 7'b1101111 ||   // auipc, jal
                        imem_rdata_i == 32'h0010_0073,                      // ebreak
                        resp_op == 7'b0110111,                              // lui
                        resp_op == 7'b1101111 ||                            // jal
                        (resp_op == 7'b1100011 && imem_rdata_i[31])};       // backward branch

  // (in lf_q's cycle every response is to a request after the jump's)
  wire resp_live = imem_rvalid_i && (disc_q == 2'd0) && !lf_q;
  // the head comes from the ring entry ntk - 1 behind it, or from the response when the take
  // empties the buffer
  // The words a take of the head instruction moves out of the buffer (ntk, 0..2) are decided
  // by flops alone, and ID's take (consume_i) is the last select in front of the head's and the
  // pointers' flops: the ring's read address and the choice of what a take loads do not wait
  // for ID's decode and hazard check.
  wire [1:0] ntk;
  // qrp_q + 1 and + 2, modulo NQ
  wire [1:0] qrp1 = (NQ == 3 && qrp_q == 2'd2) ? 2'd0 : qrp_q + 2'd1;
  wire [1:0] qrp2 = (NQ == 3 && qrp_q == 2'd0) ? 2'd2 : (NQ == 3) ? qrp_q - 2'd1 :
                    qrp_q + 2'd2;
  wire [1:0] qsel = (ntk == 2'd2) ? qrp1 : qrp_q;
  // (qrp_adv: where a take that pops ntk words leaves the ring's read pointer)
  wire [2:0] rpop = (cnt_q > {1'b0, ntk}) ? {1'b0, ntk} : cnt_q - 3'd1;
  wire [1:0] qrp_adv = (rpop == 3'd2) ? qrp2 : (rpop == 3'd1) ? qrp1 : qrp_q;
  // a take loads the head from the ring (hr_t) or from the response (hs_t); without a take the
  // response goes to the head only when the buffer is empty (hs_n)
  wire hr_t = !redirect_i && ntk != 2'd0 && cnt_q > {1'b0, ntk};
  wire hs_t = !redirect_i && resp_live && (cnt_q == {1'b0, ntk});
  wire hs_n = !redirect_i && resp_live && (cnt_q == 3'd0);
  wire head_from_ring = consume_i && hr_t;
  wire head_from_resp = consume_i ? hs_t : hs_n;
  // With C the ring is wide (each word's pre-decode) and its write enable reaches many cells,
  // so it does not wait for ID's take: a response that goes to the head is also written into
  // the ring, at its first free place, where it is never read.
  wire q_wr           = !redirect_i && resp_live && (RVC != 0 || !head_from_resp);

  // the ring holds cnt_q - 1, and the head's take moves qrp_q on by one and the count down by
  // one, so the place a response is written (qwp) does not depend on the take
  wire [2:0] qwp_s    = {1'b0, qrp_q} + cnt_q - 3'd1;          // 0..NQ+1 (cnt_q is 1..NQ)
  wire [1:0] qwp      = (NQ == 4) ? qwp_s[1:0] :
                        (qwp_s >= 3'd3) ? qwp_s[1:0] - 2'd3 : qwp_s[1:0];

  // the response's own jump target: its request's pc + the J or B immediate
  wire [31:0] r_imm_j = {{11{imem_rdata_i[31]}}, imem_rdata_i[31], imem_rdata_i[19:12],
                         imem_rdata_i[20], imem_rdata_i[30:21], 1'b0};
  wire [31:0] r_imm_b = {{19{imem_rdata_i[31]}}, imem_rdata_i[31], imem_rdata_i[7],
                         imem_rdata_i[30:25], imem_rdata_i[11:8], 1'b0};
  wire [31:0] r_tgt   = {ip_pc_q[0], 2'b00} + (imem_rdata_i[3] ? r_imm_j : r_imm_b);
  // (C) the same for the first jal or backward branch that starts in the response, where the
  // fetch knows where its instructions start (g_rvc): c_e, the half it ends in
  wire        c_fix, c_e;
  wire [31:1] c_tgt;
  wire        r_fix   = (RVC == 0) ? resp_pd[0] && !ip_pt_q[0] : c_fix;   // static, not predicted
  wire [31:1] r_tgt1  = (RVC == 0) ? {r_tgt[31:2], 1'b0} : c_tgt;
  wire [W-1:0] resp_e = {imem_rdata_i, imem_err_i, resp_pd, ip_pt_q[0] || r_fix,
                         (RVC != 0 && r_fix) ? c_e : ip_e_q[0],
                         r_fix ? r_tgt1 : {ip_tgt_q[0], ip_t1_q[0]}};
  wire         h_pt;                 // the head instruction's prediction applies
  wire [30:0]  h_tgt;                // its target [31:1]
  wire [31:0] hpc4;
  generate
    if (RVC != 0) begin : g_rvc
      // Each word is pre-decoded as it is written into the buffer, for an instruction that
      // starts at either half: the lower half's instruction (x0: the expansion of a compressed
      // parcel, else the word) and the upper half's (x1: the expansion of a compressed parcel,
      // else the half itself, which the first ring entry's lower half completes), whether each
      // half is compressed, and the prediction bits (pd) of each. The head instruction is then
      // a selection of flops by the head pc's bit 1 and the upper half's length, so ID's decode,
      // its target adder and its prediction check start at flops, as without C.
      // {x0, x1, c0, c1, pd0, pd1, br1, eb1, z0} (pd: {apc, lui, bp}; br1, eb1: the upper half
      // starts a 32-bit branch, the lower half of ebreak; z0: the lower half is ebreak's upper)
      localparam integer XW = 32 + 32 + 2 + 3 + 3 + 3;
      wire [XW-1:0] resp_x;
      reg  [XW-1:0] x0_q;              // the head word's
      reg  [XW-1:0] xq_q [0:NQ-1];     // the ring's
      wire [15:0] rlo = imem_rdata_i[15:0];
      wire [15:0] rhi = imem_rdata_i[31:16];
      wire        rc0 = rlo[1:0] != 2'b11;
      wire        rc1 = rhi[1:0] != 2'b11;
      wire [31:0] cx0, cx1;
      wire        cill0, cill1;
      core_rvc u_rvc0 (.insn_i(rlo), .insn_o(cx0), .illegal_o(cill0));
      core_rvc u_rvc1 (.insn_i(rhi), .insn_o(cx1), .illegal_o(cill1));
      wire [31:0] rx0 = !rc0 ? imem_rdata_i : cill0 ? {16'd0, rlo} : cx0;
      wire [31:0] rx1 = (rc1 && !cill1) ? cx1 : {16'd0, rhi};
      wire [6:0]  rop0 = rx0[6:0];
      wire [6:0]  rop1 = rx1[6:0];
      wire [2:0]  rpd0 = {rop0 == 7'b0010111 || rop0 == 7'b1101111 || rx0 == 32'h0010_0073,
                         rop0 == 7'b0110111,
                         rop0 == 7'b1101111 || (rop0 == 7'b1100011 && rx0[31])};
      wire [2:0]  rpd1 = {rop1 == 7'b0010111 || rop1 == 7'b1101111 || rx1 == 32'h0010_0073,
                         rop1 == 7'b0110111,
                         rop1 == 7'b1101111 || (rop1 == 7'b1100011 && rx1[31])};
      assign resp_x = {rx0, rx1, rc0, rc1, rpd0, rpd1, !rc1 && rop1 == 7'b1100011,
                       rhi == 16'h0073, rlo == 16'h0010};
      // and the immediates ID's target adder takes: the lower half's (im0) and, when the upper
      // half is compressed, the upper half's (im1, else 0)
      wire [40:1] resp_im = {jb_imm(resp_x[XW-1:XW-32]),
                             resp_x[9] ? jb_imm(resp_x[XW-33:XW-64]) : 20'd0};
      reg  [40:1] im0_q;
      reg  [40:1] imq_q [0:NQ-1];
      // Where the response's instructions start: at its request's pc[1], unless the request is
      // for the word after the previous response's, whose last instruction may go on into this
      // one (seq_q). A jal or backward branch that starts here and is not predicted is predicted
      // by the fetch (c_fix), unless it is a 32-bit one in the upper half (its immediate is in
      // the next word); an error here only costs ID's correction.
      reg         seq_q;
      wire        st  = ip_sq_q[0] ? seq_q : ip_h_q[0];
      wire        j0  = !st && rpd0[0];
      wire        j1  = !j0 && (st || rc0) && rc1 && rpd1[0];
      wire [20:1] jim = j1 ? resp_im[20:1] : resp_im[40:21];
      assign c_fix = !ip_pt_q[0] && (j0 || j1);
      assign c_e   = j1 || !rc0;
      assign c_tgt = {ip_pc_q[0], j1} + {{11{jim[20]}}, jim};
      always @(posedge clk_i) begin
        if (resp_live) seq_q <= (st || rc0) && !rc1;
      end
      // (each head flop: its value after a take, then after none, chosen by consume_i)
      wire [XW-1:0] x0_t  = hr_t ? xq_q[qsel] : hs_t ? resp_x : x0_q;
      wire [40:1]   im0_t = hr_t ? imq_q[qsel] : hs_t ? resp_im : im0_q;
      always @(posedge clk_i) begin
        x0_q  <= consume_i ? x0_t : hs_n ? resp_x : x0_q;
        if (q_wr) xq_q[qwp] <= resp_x;
        im0_q <= consume_i ? im0_t : hs_n ? resp_im : im0_q;
        if (q_wr) imq_q[qwp] <= resp_im;
      end
      // A 32-bit instruction that starts in a word's upper half ends in the lower half of the
      // word after it. That half is written beside the word it completes (s: {lo, lo is
      // ebreak's upper half}) when the next word arrives, so the head instruction needs no read
      // of the ring; it is 0 until then and when the upper half is compressed, so that ID's
      // instruction is an OR with x1. The word before a response is the last one in the buffer: the head when the
      // buffer holds one word, else the ring's entry before qwp (NQ = 4); it is the head after
      // this cycle's take when the take leaves one word (cnt_q - ntk = 1).
      // The instruction's immediate (ims) is written with it. s: {lo, lo is ebreak's upper half,
      // ims}.
      reg  [36:0] s0_q;                // the head word's
      reg  [36:0] sq_q [0:NQ-1];       // the ring's
      wire [1:0]  qlast = qwp - 2'd1;
      wire [XW-1:0] xql = xq_q[qlast];
      wire        nc1   = (cnt_q == 3'd1) ? x0_q[9] : xql[9];
      // the word's upper half (x1[15:0] when it is not compressed)
      wire [15:0] nhi   = (cnt_q == 3'd1) ? x0_q[XW-49:XW-64] : xql[XW-49:XW-64];
      /* verilator lint_off UNUSEDSIGNAL */
      wire        unused_x = ^{xql[XW-1:XW-48], xql[XW-65:10], xql[8:0]};
      /* verilator lint_on UNUSEDSIGNAL */
      wire [36:0] resp_s = nc1 ? 37'd0 :
                           {imem_rdata_i[15:0], resp_x[0], jb_imm({imem_rdata_i[15:0], nhi})};
      wire        s_wr  = !redirect_i && resp_live;
      wire [36:0] s0_t = (s_wr && cnt_q - {1'b0, ntk} == 3'd1) ? resp_s :
                         hr_t ? sq_q[qsel] : hs_t ? 37'd0 : s0_q;
      wire [36:0] s0_n = (s_wr && cnt_q == 3'd1) ? resp_s : hs_n ? 37'd0 : s0_q;
      always @(posedge clk_i) begin
        s0_q <= consume_i ? s0_t : s0_n;
        if (s_wr && cnt_q >= 3'd2) sq_q[qlast] <= resp_s;
        if (q_wr)                  sq_q[qwp]   <= 37'd0;
      end
      wire [31:0] hw    = b0_q[W-1:W-32];
      wire [W-1:0] q1   = q_q[qrp_q];
      wire        q1err = q1[36];
      wire [15:0] slo   = s0_q[36:21];
      wire        sz0   = s0_q[20];
      // the opcode bits decoded on the way in assume an instruction at the word's start: the
      // pre-decoded fields replace them
      /* verilator lint_off UNUSEDSIGNAL */
      wire        unused = ^{q1[W-1:37], q1[35:33], b0_q[35:33], x0_q[0]};
      /* verilator lint_on UNUSEDSIGNAL */
      wire [31:0] x0    = x0_q[XW-1:XW-32];
      wire [31:0] x1    = x0_q[XW-33:XW-64];
      wire        c0    = x0_q[10];
      wire        c1    = x0_q[9];
      wire [2:0]  pd0   = x0_q[8:6];
      wire [2:0]  pd1   = x0_q[5:3];
      wire        br1   = x0_q[2];
      wire        eb1   = x0_q[1];
      wire        h     = hpc_q[1];
      wire        cmp   = h ? c1 : c0;
      wire        need2 = h && !c1;
      wire        b_pt  = b0_q[32];
      wire        b_e   = b0_q[31];
      wire        q_pt  = q1[32];
      wire        q_e   = q1[31];
      // the head word's fetch went elsewhere, but the instruction goes on into the next word
      wire        refetch = need2 && b_pt;
      // the end word's prediction applies if its jump ends where this instruction ends or
      // before (only a 32-bit instruction in a word predicted at its lower half)
      wire        apply = need2 ? (q_pt && !q_e) : (b_pt && (!b_e || !(cmp && !h)));
      wire [15:0] lo    = h ? hw[31:16] : hw[15:0];
      assign raw_o     = cmp ? {16'd0, lo} : need2 ? {slo, lo} : hw;
      // (x1's upper half is 0 when it starts a 32-bit instruction, slo when it does not)
      assign insn0_o   = x0;
      assign insn1_o   = {x1[31:16] | slo, x1[15:0]};
      assign insn_o    = !h ? insn0_o : insn1_o;
      assign valid_o   = (cnt_q != 3'd0) && (!need2 || refetch || cnt_q >= 3'd2);
      assign err_o     = b0_q[36] || (need2 && !refetch && q1err);
      assign bp_o      = h ? pd1[0] || (br1 && slo[15]) : pd0[0];
      assign lui_o     = h ? pd1[1] : pd0[1];
      assign apc_o     = h ? pd1[2] || (eb1 && sz0) : pd0[2];
      assign refetch_o = refetch;
      assign imm_o     = h ? im0_q[20:1] | s0_q[19:0] : im0_q[40:21];
      assign h_pt      = apply && !refetch;
      assign h_tgt     = need2 ? q1[30:0] : b0_q[30:0];
      assign ntk       = (cmp && !h) ? {1'b0, apply} :
                         (need2 && !refetch) ? 2'd1 + {1'b0, apply} : 2'd1;
      assign hpc4      = hpc_q + (cmp ? 32'd2 : 32'd4);
    end else begin : g_rv32
      assign valid_o = (cnt_q != 3'd0);
      assign insn_o  = b0_q[W-1:W-32];
      assign insn0_o = b0_q[W-1:W-32];
      assign insn1_o = b0_q[W-1:W-32];
      assign raw_o   = b0_q[W-1:W-32];
      assign err_o   = b0_q[36];
      assign bp_o    = b0_q[33];
      assign lui_o   = b0_q[34];
      assign apc_o   = b0_q[35];
      assign refetch_o = 1'b0;
      assign imm_o   = 20'd0;          // ID takes the immediate from insn_o
      assign c_fix   = 1'b0;
      assign c_e     = 1'b0;
      assign c_tgt   = 31'd0;
      assign h_pt    = b0_q[32];
      assign h_tgt   = b0_q[30:0];
      assign ntk     = 2'd1;
      assign hpc4    = hpc_q + 32'd4;
      /* verilator lint_off UNUSEDSIGNAL */
      wire unused = ^{b0_q[31], ip_h_q[0], ip_sq_q[0]};   // e, and the C tracker's inputs
      /* verilator lint_on UNUSEDSIGNAL */
    end
  endgenerate
  assign pt_o    = h_pt;
  assign ptgt_o  = h_tgt[30:1];
  assign ptgt1_o = h_tgt[0];
  assign pc_o    = hpc_q;
  assign pc4_o   = hpc4;

  always @* begin
    pend_d  = imem_req_o && !imem_gnt_i;
    paddr_d = req_pc;
    stale_d = pend_d && pend_q && (stale_q || redirect_i || lf_q);
    out_d   = out_q - rv + {1'b0, granted};
    disc_d  = (disc_q != 2'd0 && imem_rvalid_i) ? disc_q - 2'd1 : disc_q;
    // the address after a live grant is the prediction's; a redirect not granted this cycle
    // (or behind a stale pending request) is requested next
    nxt_d   = nxt_q;
    // (with C the target keeps its bit 1: a word entered at its upper half is not predicted)
    if (live_grant)      nxt_d = bhit ? {btgt, bt1, 1'b0} : {req_pc[31:2], 2'b00} + 32'd4;
    else if (redirect_i) nxt_d = {redirect_pc_i[31:2], (RVC != 0) && redirect_pc_i[1], 1'b0};
    else if (lf_q)       nxt_d = {lf_pc_q[31:2], (RVC != 0) && lf_pc_q[1], 1'b0};
    hpc_d   = hpc_q;
    cnt_d   = cnt_q;
    qrp_d   = qrp_q;
    // a take makes the ring give up ntk entries, or all it holds (cnt_q - 1) when that is fewer
    if (consume_i && ntk != 2'd0 && !redirect_i) qrp_d = qrp_adv;
    if (redirect_i) begin
      disc_d = out_q - rv;
      hpc_d  = redirect_pc_i;
      cnt_d  = 3'd0;
    end else begin
      if (consume_i) hpc_d = h_pt ? {h_tgt, 1'b0} : hpc4;
      cnt_d = (consume_i ? cnt_q - {1'b0, ntk} : cnt_q) + {2'd0, resp_live};
      if (lf_q) disc_d = out_q - rv;
    end
    if (stale_grant) disc_d = disc_d + 2'd1;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      run_q   <= 1'b0;
      pend_q  <= 1'b0;
      stale_q <= 1'b0;
      nxt_q   <= BOOT_ADDR;
      nseq_q  <= 1'b0;
      out_q   <= 2'd0;
      disc_q  <= 2'd0;
      cnt_q   <= 3'd0;
      hpc_q   <= BOOT_ADDR;
      qrp_q   <= 2'd0;
      lf_q    <= 1'b0;
      btb_v_q <= 16'd0;
    end else begin
      run_q   <= 1'b1;
      pend_q  <= pend_d;
      stale_q <= stale_d;
      nxt_q   <= nxt_d;
      out_q   <= out_d;
      disc_q  <= disc_d;
      cnt_q   <= cnt_d;
      hpc_q   <= hpc_d;
      qrp_q   <= qrp_d;
      lf_q    <= resp_live && !redirect_i && r_fix;
      nseq_q  <= live_grant ? !bhit : !(redirect_i || lf_q) && nseq_q;
      if (btb_we_i) btb_v_q[btb_pc_i[5:2]] <= btb_taken_i;
    end
  end
  always @(posedge clk_i) begin
    paddr_q <= paddr_d;
    lf_pc_q <= (RVC == 0) ? r_tgt : {c_tgt, 1'b0};
    pseq_q  <= req_seq;
    if (btb_we_i) begin
      btb_tag_q[btb_pc_i[5:2]] <= btb_pc_i[TW+5:6];
      btb_tgt_q[btb_pc_i[5:2]] <= btb_tgt_i;
    end
  end

  // The head is loaded from the ring when ID takes it and the ring holds the next instruction,
  // from the response when the buffer is (or becomes) empty; any other live response goes into
  // the ring behind what it holds (below).
  wire [W-1:0] b0_t = hr_t ? q_q[qsel] : hs_t ? resp_e : b0_q;
  always @(posedge clk_i) begin
    if (RVC != 0)            b0_q <= consume_i ? b0_t : hs_n ? resp_e : b0_q;
    else if (head_from_ring) b0_q <= q_q[qsel];
    else if (head_from_resp) b0_q <= resp_e;
    if (q_wr) q_q[qwp] <= resp_e;
  end
endmodule

`default_nettype wire
