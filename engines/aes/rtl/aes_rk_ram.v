// SPDX-License-Identifier: Apache-2.0
// aes_rk_ram.v
// Round-key store of the iterative datapaths: 16 x 128 bits of distributed (LUT) RAM.
`default_nettype none

// Address r holds round key r (words w[4r..4r+3]). One synchronous write port (from
// aes_key_exp: expansion and wipe), one asynchronous read port (the round key of the round in
// the datapath). There is no reset: the RAM is cleared by the wipe that aes_key_exp runs after
// reset and zeroize. Yosys maps it to RAM32M/RAM64M on 7-series, to TRELLIS_DPR16X4 on ECP5.
module aes_rk_ram (
  input  wire         clk_i,
  input  wire         we_i,
  input  wire [3:0]   wa_i,
  input  wire [127:0] wd_i,
  input  wire [3:0]   ra_i,
  output wire [127:0] rd_o
);

  reg [127:0] mem [0:15];

  always @(posedge clk_i) begin
    if (we_i) mem[wa_i] <= wd_i;
  end

  assign rd_o = mem[ra_i];

endmodule

`default_nettype wire
