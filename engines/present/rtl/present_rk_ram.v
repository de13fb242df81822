// present_rk_ram.v
// Round-key store: K1..K32 (64 bits each) in 32 words of distributed (LUT) RAM.
`default_nettype none

// Word i holds K(i+1). One synchronous write port (the key set-up, and the wipe that follows
// reset and zeroize); NRD read ports, each registered in the caller's round-key flip-flops (the
// read data has no other load), so the store maps to LUT RAM on 7-series and ECP5 and to block
// RAM where there is no LUT RAM (iCE40). There is no reset: the engine's wipe clears it.
module present_rk_ram #(
  parameter integer NRD = 1
) (
  input  wire               clk_i,
  input  wire               we_i,
  input  wire [4:0]         wa_i,
  input  wire [63:0]        wd_i,
  input  wire [5*NRD-1:0]   ra_i,   // read port p: address in bits 5p+4:5p
  output wire [64*NRD-1:0]  rd_o    // read port p: data in bits 64p+63:64p
);
  reg [63:0] mem [0:31];

  always @(posedge clk_i) begin
    if (we_i) mem[wa_i] <= wd_i;
  end

  genvar p;
  generate
    for (p = 0; p < NRD; p = p + 1) begin : g_rd
      assign rd_o[64*p +: 64] = mem[ra_i[5*p +: 5]];
    end
  endgenerate
endmodule

`default_nettype wire
