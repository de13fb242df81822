// SPDX-License-Identifier: Apache-2.0
// aes_rk_regs.v
// Round-key store of the pipelined datapath: 15 x 128 flip-flops, every round key at once.
`default_nettype none

// Written through the same port as aes_rk_ram (address r = round key r, from aes_key_exp);
// reset and clr_i (zeroize) clear it in one cycle (the wipe that follows writes zeros again).
module aes_rk_regs (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          clr_i,
  input  wire          we_i,
  input  wire [3:0]    wa_i,
  input  wire [127:0]  wd_i,
  output wire [1919:0] rk_o      // round key r in bits 1919-128r -: 128
);

  reg [127:0] rk_q [0:14];

  integer r;
  always @(posedge clk_i) begin
    if (!rst_ni || clr_i) begin
      for (r = 0; r < 15; r = r + 1) rk_q[r] <= 128'h0;
    end else begin
      for (r = 0; r < 15; r = r + 1) begin
        if (we_i && wa_i == r[3:0]) rk_q[r] <= wd_i;
      end
    end
  end

  genvar g;
  generate
    for (g = 0; g < 15; g = g + 1) begin : g_out
      assign rk_o[1919-128*g -: 128] = rk_q[g];
    end
  endgenerate

endmodule

`default_nettype wire
