// soc_cpi_default.v
// Default coprocessor: accepts every custom instruction and answers it with err.
`default_nettype none

// Stands in for the coupling wrappers until they land; the core turns each err response into an
// illegal-instruction trap, which is what an unimplemented custom opcode must do.
module soc_cpi_default (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        req_valid_i,
  output wire        req_ready_o,
  /* verilator lint_off UNUSEDSIGNAL */  // no operation is implemented, so operands are unused
  input  wire [31:0] req_insn_i,
  input  wire [31:0] req_rs1_i,
  input  wire [31:0] req_rs2_i,
  /* verilator lint_on UNUSEDSIGNAL */
  output wire        rsp_valid_o,
  output wire [31:0] rsp_data_o,
  output wire        rsp_err_o
);
  reg rsp_valid_q, rsp_valid_d;

  always @* rsp_valid_d = req_valid_i;

  always @(posedge clk_i) begin
    if (!rst_ni) rsp_valid_q <= 1'b0;
    else         rsp_valid_q <= rsp_valid_d;
  end

  assign req_ready_o = 1'b1;
  assign rsp_valid_o = rsp_valid_q;
  assign rsp_data_o  = 32'h0;
  assign rsp_err_o   = 1'b1;
endmodule

`default_nettype wire
