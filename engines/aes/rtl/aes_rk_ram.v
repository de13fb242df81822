// SPDX-License-Identifier: Apache-2.0
// aes_rk_ram.v
// Round-key store of the iterative datapaths: 16 x 128 bits of distributed (LUT) RAM.
`default_nettype none

// Address r holds round key r (words w[4r..4r+3]). One synchronous write port (from
// aes_key_exp: expansion and wipe), NRD asynchronous read ports (one per round key the
// datapath needs in a cycle). There is no reset: the RAM is cleared by the wipe that
// aes_key_exp runs after reset and zeroize. Yosys maps it to RAM32M/RAM64M on 7-series (the
// read ports replicate the array), to TRELLIS_DPR16X4 on ECP5.
module aes_rk_ram #(
  parameter integer NRD = 2
) (
  input  wire               clk_i,
  input  wire               we_i,
  input  wire [3:0]         wa_i,
  input  wire [127:0]       wd_i,
  input  wire [4*NRD-1:0]   ra_i,    // read port p: address in bits 4p+3:4p
  output wire [128*NRD-1:0] rd_o     // read port p: data in bits 128p+127:128p
);

  reg [127:0] mem [0:15];

  always @(posedge clk_i) begin
    if (we_i) mem[wa_i] <= wd_i;
  end

  genvar p;
  generate
    for (p = 0; p < NRD; p = p + 1) begin : g_rd
      assign rd_o[128*p +: 128] = mem[ra_i[4*p +: 4]];
    end
  endgenerate

endmodule

`default_nettype wire
