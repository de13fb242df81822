// SPDX-License-Identifier: Apache-2.0
// sha3_chi_lane.v
// One Keccak lane of chi with theta folded in: 64 six-input functions, one LUT6 each.
`default_nettype none

// Bit z of chi's output lane is b0 ^ (~b1 & b2), where each b is a rho/pi-placed state bit XOR
// its theta term D: six inputs. Flattened into the round, yosys/ABC computes each state-XOR-D
// once (it feeds three chi outputs) and chi on top: two LUTs per state bit. The 7-series
// synthesis (synth/run.py, XILINX_KEEP) keeps this module as a hierarchy, so the mapper sees only
// the six-input function per bit and builds one LUT6 (engines/sha3/README.md, "How it works").
// On 4-input LUTs the shared XOR is the better mapping, and there it is flattened.
module sha3_chi_lane (
  input  wire [63:0] a0_i,  // the lane placed at this position by rho and pi
  input  wire [63:0] d0_i,  // its theta term, rotated with it
  input  wire [63:0] a1_i,  // the next lane of the row (x + 1)
  input  wire [63:0] d1_i,
  input  wire [63:0] a2_i,  // the lane after that (x + 2)
  input  wire [63:0] d2_i,
  output wire [63:0] lane_o
);

  assign lane_o = (a0_i ^ d0_i) ^ (~(a1_i ^ d1_i) & (a2_i ^ d2_i));

endmodule

`default_nettype wire
