// SPDX-License-Identifier: Apache-2.0
// present_sbox.v
// The PRESENT 4-bit S-box, or its inverse (used by the S-layer and the key schedule).
`default_nettype none

// Each output bit is an OR of the table's one-bits selected by an input compare, a plain logic
// function that maps to one 4-input LUT per bit. Not a case statement in a process (yosys infers
// a ROM from it, and merges a register that feeds the ROM's address into a synchronous read
// port) and not a 16-way part-select (the ECP5 flow maps that to its hard multiplexers before
// the LUT mapper sees it). Table: entry v in bits 4v+3:4v.
module present_sbox #(
  parameter integer INV = 0
) (
  input  wire [3:0] x_i,
  output wire [3:0] y_o
);
  localparam [63:0] FWD = 64'h21748FE3DA09B65C;  // S:    0 -> C, 1 -> 5, ..., F -> 2
  localparam [63:0] BWD = 64'hA970364BD21C8FE5;  // S^-1: 0 -> 5, 1 -> E, ..., F -> A
  localparam [63:0] T = (INV != 0) ? BWD : FWD;

  function automatic [3:0] lookup(input [3:0] x);
    integer v;
    begin
      lookup = 4'd0;
      for (v = 0; v < 16; v = v + 1) begin
        lookup = lookup | ({4{x == v[3:0]}} & T[4*v +: 4]);
      end
    end
  endfunction

  assign y_o = lookup(x_i);
endmodule

`default_nettype wire
