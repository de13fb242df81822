// SPDX-License-Identifier: Apache-2.0
// core_fetch.v
// Instruction fetch: OBI requests, a 3-entry instruction buffer (the IF/ID register), and
// discarding of wrong-path responses.
`default_nettype none

// Every response is written into the buffer first; ID decodes the buffer head, a flop, so no
// combinational path runs from imem_rdata_i into decode. In steady state one request is in
// flight and one instruction waits in the buffer; three entries let the fetch keep one request
// per cycle going without looking at ID's consume signal. A redirect (predicted branch in ID,
// or the registered redirect of an EX mispredict or a WB trap/mret) sends its address at once.
// A prediction does not wait for ID to take the branch: it drops what follows the head and
// remembers the target as the pc after the head.
// The next sequential address is (last request) + 4 from flops, so the only adder in front of
// imem_addr_o is ID's branch-target adder, in parallel.
module core_fetch #(
  parameter [31:0] BOOT_ADDR = 32'h0000_0000
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  output wire        imem_req_o,
  input  wire        imem_gnt_i,
  output wire [31:0] imem_addr_o,
  input  wire        imem_rvalid_i,
  input  wire [31:0] imem_rdata_i,
  input  wire        imem_err_i,
  input  wire        redirect_i,     // drop everything (a consumed head too), refetch
  input  wire        predict_i,      // the head is a predicted-taken jump: drop what follows it
  input  wire [31:0] redirect_pc_i,  // target of either; and of a predicted head that
                                     // consume_i takes (ID's target adder still has it)
  input  wire        consume_i,      // ID takes the head instruction this cycle
  output wire        predicted_o,    // the head's prediction was already sent (not again)
  output wire        valid_o,        // a head instruction is available
  output wire [31:0] insn_o,
  output wire        err_o,          // the fetch of the head instruction got a bus error
  output wire [31:0] pc_o,
  output wire [31:0] pc4_o,          // pc_o + 4 (the head's own advance adds it anyway)
  output wire        bp_o,           // the head is a jal or a backward branch (predicted taken)
  output wire        lui_o,          // the head is a lui (its operand a is zero)
  output wire        apc_o           // the head is an auipc, jal or ebreak (operand a is the pc)
);
  reg [31:0] fpc_q, fpc_d;          // base of the next sequential request
  reg        inc_q, inc_d;          // the next sequential request is fpc_q + 4 (else fpc_q)
  reg [31:0] hpc_q, hpc_d;          // pc of the head instruction
  reg        jmp_q, jmp_d;          // the head was predicted taken: the next pc is its target
  reg [1:0]  out_q, out_d;          // granted requests without response (incl. discarded)
  reg [1:0]  disc_q, disc_d;        // how many of those responses to drop
  reg [1:0]  cnt_q, cnt_d;          // buffer fill (0..3)
  // The head (b0) is a flop of its own, so decode starts at a flop. The two entries behind it
  // are a ring that a response is written into where it stays: only the head has a multiplexer
  // in front (hold, either ring entry, the response), one LUT6 a bit.
  // Each entry also keeps three bits decoded from the response as it is written (pd: {apc, lui,
  // bp}, the outputs of the same names), so ID's redirect and the choice of EX's operand a start
  // at flops rather than behind ID's decoder. They look at the opcode only (and ebreak's whole
  // word): an illegal instruction traps whatever its operand a or prediction was.
  reg [31:0] b0_insn_q;
  reg        b0_err_q;
  reg [2:0]  b0_pd_q;
  reg [31:0] q0_insn_q, q1_insn_q;
  reg        q0_err_q, q1_err_q;
  reg [2:0]  q0_pd_q, q1_pd_q;
  wire [6:0] resp_op = imem_rdata_i[6:0];
  wire [2:0] resp_pd = {resp_op == 7'b0010111 || resp_op == 7'b1101111 ||   // auipc, jal
                        imem_rdata_i == 32'h0010_0073,                      // ebreak
                        resp_op == 7'b0110111,                              // lui
                        resp_op == 7'b1101111 ||                            // jal
                        (resp_op == 7'b1100011 && imem_rdata_i[31])};       // backward branch
  reg        qrp_q, qrp_d;          // ring entry that is next in line behind the head

  wire resp_live = imem_rvalid_i && (disc_q == 2'd0);
  wire [1:0] rv  = {1'b0, imem_rvalid_i};

  assign valid_o = (cnt_q != 2'd0);
  assign insn_o  = b0_insn_q;
  assign err_o   = b0_err_q;
  assign bp_o    = b0_pd_q[0];
  assign lui_o   = b0_pd_q[1];
  assign apc_o   = b0_pd_q[2];
  assign pc_o    = hpc_q;
  wire [31:0] hpc4 = hpc_q + 32'd4;
  assign pc4_o   = hpc4;
  assign predicted_o = jmp_q;

  // Buffer entries plus requests in flight never exceed 3, and at most 2 requests are in
  // flight; after a redirect the buffer is empty, so only the in-flight count limits the new
  // request. A request that was offered and not granted is offered again unchanged (OBI); if
  // a redirect came meanwhile it is "stale": once granted, its response is dropped like any
  // other wrong-path response.
  reg        run_q;                 // no request in the first cycle after reset
  reg        pend_q, pend_d;        // last cycle's request was not granted
  reg [31:0] paddr_q, paddr_d;
  reg        stale_q, stale_d;
  wire [31:0] seq_pc = fpc_q + {29'd0, inc_q, 2'b00};
  wire        flush  = redirect_i || predict_i;
  wire [31:0] new_pc = flush ? redirect_pc_i : seq_pc;
  wire        room   = ({1'b0, cnt_q} + {1'b0, out_q} < 3'd3);
  // A redirect or prediction empties the buffer (but for the head), so it may request even
  // when the buffer is full (as it is after any stall: the fetch keeps it topped up).
  wire        new_ok = (out_q != 2'd2) && (room || flush);
  assign imem_req_o  = run_q && (pend_q || new_ok);
  wire [31:0] req_pc = pend_q ? paddr_q : new_pc;
  assign imem_addr_o = {req_pc[31:2], 2'b00};
  wire granted       = imem_req_o && imem_gnt_i;
  // a pending request is offered again whatever else happens (imem_req_o = run_q)
  wire stale_grant   = pend_q && run_q && imem_gnt_i && (stale_q || flush);

  always @* begin
    fpc_d     = fpc_q;
    inc_d     = inc_q;
    hpc_d     = hpc_q;
    out_d     = out_q - rv + {1'b0, granted};
    disc_d    = (disc_q != 2'd0 && imem_rvalid_i) ? disc_q - 2'd1 : disc_q;
    cnt_d     = cnt_q;
    qrp_d     = qrp_q;
    pend_d    = imem_req_o && !imem_gnt_i;
    paddr_d   = req_pc;
    stale_d   = pend_d && pend_q && (stale_q || flush);
    jmp_d     = jmp_q;
    // Next sequential address: after the grant of a live request, that request + 4; after a
    // redirect without a grant of it, the redirect target itself.
    if (pend_q) begin
      if (flush) begin
        fpc_d = {redirect_pc_i[31:2], 2'b00};
        inc_d = 1'b0;
      end else if (granted && !stale_q) begin
        fpc_d = {req_pc[31:2], 2'b00};
        inc_d = 1'b1;
      end
    end else begin
      if (granted) begin
        fpc_d = {req_pc[31:2], 2'b00};
        inc_d = 1'b1;
      end else if (flush) begin
        fpc_d = {redirect_pc_i[31:2], 2'b00};
        inc_d = 1'b0;
      end
    end
    if (flush) begin
      disc_d = out_q - rv;
      if (predict_i && !redirect_i && !consume_i) begin
        // keep the head; it continues at the target once consumed
        cnt_d = 2'd1;
        jmp_d = 1'b1;
      end else begin
        hpc_d = redirect_pc_i;
        cnt_d = 2'd0;
        jmp_d = 1'b0;
      end
    end else begin
      if (consume_i) begin
        hpc_d     = jmp_q ? redirect_pc_i : hpc4;
        jmp_d     = 1'b0;
        if (cnt_q[1]) qrp_d = ~qrp_q;  // the ring held the next instruction
      end
      cnt_d = cnt_q - {1'b0, consume_i};
      if (resp_live) cnt_d = cnt_d + 2'd1;
    end
    if (stale_grant) disc_d = disc_d + 2'd1;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      fpc_q   <= BOOT_ADDR;
      inc_q   <= 1'b0;
      hpc_q   <= BOOT_ADDR;
      jmp_q   <= 1'b0;
      out_q   <= 2'd0;
      disc_q  <= 2'd0;
      cnt_q   <= 2'd0;
      run_q   <= 1'b0;
      pend_q  <= 1'b0;
      stale_q <= 1'b0;
      qrp_q   <= 1'b0;
    end else begin
      run_q   <= 1'b1;
      pend_q  <= pend_d;
      stale_q <= stale_d;
      fpc_q   <= fpc_d;
      inc_q   <= inc_d;
      hpc_q   <= hpc_d;
      jmp_q   <= jmp_d;
      out_q   <= out_d;
      disc_q  <= disc_d;
      cnt_q   <= cnt_d;
      qrp_q   <= qrp_d;
    end
  end

  // The head is loaded from the ring when ID takes it and the ring holds the next
  // instruction, from the response when the buffer is (or becomes) empty; any other live
  // response goes into the ring, behind what it holds: the ring holds cnt_q - 1 (the head's
  // take this cycle moves qrp_q on by one and the count down by one, so the place is the same).
  wire head_from_ring = !flush && consume_i && cnt_q[1];
  wire head_from_resp = !flush && resp_live && (cnt_q == {1'b0, consume_i});
  wire q_wr           = !flush && resp_live && !head_from_resp;
  wire qwp            = qrp_q ^ (cnt_q == 2'd2);  // cnt_q is 1 or 2: full, no response comes
  always @(posedge clk_i) begin
    if (head_from_ring || head_from_resp) begin
      b0_insn_q <= head_from_ring ? (qrp_q ? q1_insn_q : q0_insn_q) : imem_rdata_i;
      b0_err_q  <= head_from_ring ? (qrp_q ? q1_err_q : q0_err_q) : imem_err_i;
      b0_pd_q   <= head_from_ring ? (qrp_q ? q1_pd_q : q0_pd_q) : resp_pd;
    end
    if (q_wr && !qwp) begin
      q0_insn_q <= imem_rdata_i;
      q0_err_q  <= imem_err_i;
      q0_pd_q   <= resp_pd;
    end
    if (q_wr && qwp) begin
      q1_insn_q <= imem_rdata_i;
      q1_err_q  <= imem_err_i;
      q1_pd_q   <= resp_pd;
    end
    paddr_q   <= paddr_d;
  end
endmodule

`default_nettype wire
