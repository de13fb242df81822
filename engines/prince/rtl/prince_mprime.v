// prince_mprime.v
// PRINCE M' layer, the involution diag(M^0, M^1, M^1, M^0) on the four 16-bit columns.
`default_nettype none

// Block (r, c) of M^0 is the 4x4 identity with diagonal element (r + c) mod 4 cleared (counted
// from the nibble's most significant bit); M^1 clears element (r + c + 1) mod 4. So output bit b
// of row-nibble r is the XOR of bit b of the three column-nibbles c whose cleared element is not
// b. Pure wiring plus 3-input XORs; the loops only enumerate those terms.
module prince_mprime (
  input  wire [63:0] x_i,
  output reg  [63:0] y_o
);
  integer j, r, b, c, sh;
  always @* begin
    y_o = 64'd0;
    for (j = 0; j < 4; j = j + 1) begin
      sh = (j == 1 || j == 2) ? 1 : 0;
      for (r = 0; r < 4; r = r + 1) begin
        for (b = 0; b < 4; b = b + 1) begin
          for (c = 0; c < 4; c = c + 1) begin
            if (((r + c + sh) % 4) != b) begin
              y_o[63 - 16*j - 4*r - b] = y_o[63 - 16*j - 4*r - b] ^ x_i[63 - 16*j - 4*c - b];
            end
          end
        end
      end
    end
  end
endmodule

`default_nettype wire
