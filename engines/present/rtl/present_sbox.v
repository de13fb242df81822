// present_sbox.v
// The PRESENT 4-bit S-box, or its inverse (used by the S-layer and the key schedule).
`default_nettype none

module present_sbox #(
  parameter integer INV = 0
) (
  input  wire [3:0] x_i,
  output reg  [3:0] y_o
);
  always @* begin
    if (INV != 0) begin
      case (x_i)
        4'h0: y_o = 4'h5; 4'h1: y_o = 4'hE; 4'h2: y_o = 4'hF; 4'h3: y_o = 4'h8;
        4'h4: y_o = 4'hC; 4'h5: y_o = 4'h1; 4'h6: y_o = 4'h2; 4'h7: y_o = 4'hD;
        4'h8: y_o = 4'hB; 4'h9: y_o = 4'h4; 4'hA: y_o = 4'h6; 4'hB: y_o = 4'h3;
        4'hC: y_o = 4'h0; 4'hD: y_o = 4'h7; 4'hE: y_o = 4'h9; default: y_o = 4'hA;
      endcase
    end else begin
      case (x_i)
        4'h0: y_o = 4'hC; 4'h1: y_o = 4'h5; 4'h2: y_o = 4'h6; 4'h3: y_o = 4'hB;
        4'h4: y_o = 4'h9; 4'h5: y_o = 4'h0; 4'h6: y_o = 4'hA; 4'h7: y_o = 4'hD;
        4'h8: y_o = 4'h3; 4'h9: y_o = 4'hE; 4'hA: y_o = 4'hF; 4'hB: y_o = 4'h8;
        4'hC: y_o = 4'h4; 4'hD: y_o = 4'h7; 4'hE: y_o = 4'h1; default: y_o = 4'h2;
      endcase
    end
  end
endmodule

`default_nettype wire
