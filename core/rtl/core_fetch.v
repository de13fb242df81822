// core_fetch.v
// Instruction fetch: OBI requests, a 2-entry buffer, and discarding of wrong-path responses.
`default_nettype none

// The response of the fetch port *is* the IF/ID register: the ID stage decodes either the
// buffer head or, when the buffer is empty, imem_rdata_i directly. A redirect (predicted branch
// in ID, mispredict in EX, trap/mret in WB) sends the new address on the same cycle, so a taken
// branch resolved in EX costs one bubble and a predicted one in ID costs none.
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
  input  wire        redirect_i,     // drop everything younger than a consumed head, refetch
  input  wire [31:0] redirect_pc_i,
  input  wire        consume_i,      // ID takes the head instruction this cycle
  output wire        valid_o,        // a head instruction is available
  output wire [31:0] insn_o,
  output wire        err_o,          // the fetch of the head instruction got a bus error
  output wire [31:0] pc_o
);
  reg [31:0] fpc_q, fpc_d;          // address of the next request
  reg [31:0] hpc_q, hpc_d;          // pc of the head instruction
  reg [1:0]  out_q, out_d;          // granted requests without response (incl. discarded)
  reg [1:0]  disc_q, disc_d;        // how many of those responses to drop
  reg [1:0]  cnt_q, cnt_d;          // buffer fill
  reg [31:0] b0_insn_q, b0_insn_d, b1_insn_q, b1_insn_d;
  reg        b0_err_q, b0_err_d, b1_err_q, b1_err_d;

  wire resp_live = imem_rvalid_i && (disc_q == 2'd0);
  wire [1:0] rv  = {1'b0, imem_rvalid_i};

  assign valid_o = (cnt_q != 2'd0) || resp_live;
  assign insn_o  = (cnt_q != 2'd0) ? b0_insn_q : imem_rdata_i;
  assign err_o   = (cnt_q != 2'd0) ? b0_err_q : imem_err_i;
  assign pc_o    = hpc_q;

  // Buffer entries plus requests in flight never exceed 2; after a redirect the buffer is
  // empty, so only the in-flight count limits the new request. A request that was offered and
  // not granted is offered again unchanged (OBI); if a redirect came meanwhile it is "stale":
  // once granted, its response is dropped like any other wrong-path response.
  reg        run_q;                 // no request in the first cycle after reset
  reg        pend_q, pend_d;        // last cycle's request was not granted
  reg [31:0] paddr_q, paddr_d;
  reg        stale_q, stale_d;
  wire [31:0] new_pc = redirect_i ? redirect_pc_i : fpc_q;
  wire        new_ok = redirect_i ? (out_q != 2'd2) : ({1'b0, cnt_q} + {1'b0, out_q} < 3'd2);
  assign imem_req_o  = run_q && (pend_q || new_ok);
  wire [31:0] req_pc = pend_q ? paddr_q : new_pc;
  assign imem_addr_o = {req_pc[31:2], 2'b00};
  wire granted       = imem_req_o && imem_gnt_i;
  wire stale_grant   = granted && pend_q && (stale_q || redirect_i);
  wire [31:0] req_next = {req_pc[31:2], 2'b00} + 32'd4;

  always @* begin
    fpc_d     = fpc_q;
    hpc_d     = hpc_q;
    out_d     = out_q - rv + {1'b0, granted};
    disc_d    = (disc_q != 2'd0 && imem_rvalid_i) ? disc_q - 2'd1 : disc_q;
    cnt_d     = cnt_q;
    b0_insn_d = b0_insn_q;
    b1_insn_d = b1_insn_q;
    b0_err_d  = b0_err_q;
    b1_err_d  = b1_err_q;
    pend_d    = imem_req_o && !imem_gnt_i;
    paddr_d   = req_pc;
    stale_d   = pend_d && pend_q && (stale_q || redirect_i);
    if (pend_q) begin
      if (redirect_i)                fpc_d = redirect_pc_i;
      else if (granted && !stale_q)  fpc_d = req_next;
    end else begin
      if (granted)                   fpc_d = req_next;
      else if (redirect_i)           fpc_d = redirect_pc_i;
    end
    if (redirect_i) begin
      hpc_d  = redirect_pc_i;
      disc_d = out_q - rv;
      cnt_d  = 2'd0;
    end else begin
      if (consume_i) hpc_d = hpc_q + 32'd4;
      // pop the head
      if (consume_i && cnt_q != 2'd0) begin
        b0_insn_d = b1_insn_q;
        b0_err_d  = b1_err_q;
        cnt_d     = cnt_q - 2'd1;
      end
      // push a live response unless it is consumed straight through
      if (resp_live && !(consume_i && cnt_q == 2'd0)) begin
        if (cnt_d == 2'd0) begin
          b0_insn_d = imem_rdata_i;
          b0_err_d  = imem_err_i;
        end else begin
          b1_insn_d = imem_rdata_i;
          b1_err_d  = imem_err_i;
        end
        cnt_d = cnt_d + 2'd1;
      end
    end
    if (stale_grant) disc_d = disc_d + 2'd1;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      fpc_q  <= BOOT_ADDR;
      hpc_q  <= BOOT_ADDR;
      out_q  <= 2'd0;
      disc_q <= 2'd0;
      cnt_q  <= 2'd0;
      run_q  <= 1'b0;
      pend_q <= 1'b0;
      stale_q <= 1'b0;
    end else begin
      run_q  <= 1'b1;
      pend_q <= pend_d;
      stale_q <= stale_d;
      fpc_q  <= fpc_d;
      hpc_q  <= hpc_d;
      out_q  <= out_d;
      disc_q <= disc_d;
      cnt_q  <= cnt_d;
    end
  end

  always @(posedge clk_i) begin
    b0_insn_q <= b0_insn_d;
    b1_insn_q <= b1_insn_d;
    b0_err_q  <= b0_err_d;
    b1_err_q  <= b1_err_d;
    paddr_q   <= paddr_d;
  end
endmodule

`default_nettype wire
