// soc_ram.v
// Dual-port synchronous RAM: port A 32 bits, port B B_BITS (32 or 128) bits, both read/write.
`default_nettype none

// Both ports answer one cycle after a request (read data registered, writes take effect at the
// edge). The array is held as 32-bit words so both widths index the same storage; a B_BITS-wide
// access covers B_BITS/32 consecutive words, aligned. When both ports write one word in the same
// cycle, port B wins (the DMA owner must not race the CPU on a word it also writes).
module soc_ram #(
  parameter integer BYTES        = 65536,
  parameter integer B_BITS       = 32,
  parameter        INIT_PLUSARG = "mem",   // $readmemh(<file>) when +<INIT_PLUSARG>=<file> is given
  parameter integer AW           = $clog2(BYTES / 4),            // port A word address width
  parameter integer BW           = $clog2(BYTES / (B_BITS / 8))  // port B word address width
) (
  input  wire                  clk_i,
  // port A
  input  wire                  a_req_i,
  input  wire                  a_we_i,
  input  wire [AW-1:0]         a_addr_i,     // 32-bit word index
  input  wire [3:0]            a_be_i,
  input  wire [31:0]           a_wdata_i,
  output reg  [31:0]           a_rdata_o,
  // port B
  input  wire                  b_req_i,
  input  wire                  b_we_i,
  input  wire [BW-1:0]         b_addr_i,     // B_BITS-word index
  input  wire [B_BITS/8-1:0]   b_be_i,
  input  wire [B_BITS-1:0]     b_wdata_i,
  output reg  [B_BITS-1:0]     b_rdata_o
);
  localparam integer WORDS = BYTES / 4;
  localparam integer LANES = B_BITS / 32;

  // no_rw_check: a read of a word that the other port writes in the same cycle may return old
  // or new data (the block RAM's behaviour; simulation returns the old word). Without it,
  // yosys 0.70 maps no true dual-port memory with both ports on one clock to ECP5 DP16KD and
  // falls back to flip-flops (512 Kbit). Nothing relies on that case: the DMA owner does not
  // race the CPU on a word it also writes.
  (* no_rw_check *)
  reg [31:0] mem_q [0:WORDS-1];

  // Simulation image loading (Yosys defines SYNTHESIS; an FPGA flow would use an init file).
`ifndef SYNTHESIS
  reg [8*256-1:0] init_file;
  initial begin
    if ($value$plusargs({INIT_PLUSARG, "=%s"}, init_file)) begin
      $readmemh(init_file, mem_q);
    end
  end
`endif

  // Separate loop variables per always block (one shared integer would have two drivers).
  integer ia;
  integer ib;
  integer l;

  always @(posedge clk_i) begin
    if (a_req_i) begin
      if (a_we_i) begin
        for (ia = 0; ia < 4; ia = ia + 1) begin
          if (a_be_i[ia]) mem_q[a_addr_i][8*ia +: 8] <= a_wdata_i[8*ia +: 8];
        end
      end else begin
        a_rdata_o <= mem_q[a_addr_i];
      end
    end
  end

  // Lane l of a port-B word is the 32-bit word at index b_addr_i*LANES + l. Data on the bus are
  // little-endian like the core's view of memory: lane 0 sits in bits 31:0.
  always @(posedge clk_i) begin
    if (b_req_i) begin
      for (l = 0; l < LANES; l = l + 1) begin
        if (b_we_i) begin
          for (ib = 0; ib < 4; ib = ib + 1) begin
            if (b_be_i[4*l + ib]) begin
              mem_q[b_addr_i * LANES + l][8*ib +: 8] <= b_wdata_i[32*l + 8*ib +: 8];
            end
          end
        end else begin
          b_rdata_o[32*l +: 32] <= mem_q[b_addr_i * LANES + l];
        end
      end
    end
  end
endmodule

`default_nettype wire
