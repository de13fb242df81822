// SPDX-License-Identifier: Apache-2.0
// soc_ram.v
// Dual-port synchronous RAM: port A 32 bits, port B B_BITS (32 or 128) bits, both read/write.
`default_nettype none

// Both ports answer one cycle after a request (read data registered, writes take effect at the
// edge). The storage is B_BITS/32 banks of 32-bit words: word w lives in bank w % LANES, row
// w / LANES. A port-B access reads or writes one row of every bank (B_BITS/32 consecutive words,
// aligned); a port-A access one bank, whose registered read word a 4:1 multiplexer selects. So
// every bank is a plain 32-bit true dual-port memory, which synthesis maps to block RAM: one
// array with a 32-bit and a 128-bit port was not (yosys 0.70 built the 64 KiB data memory of
// the 128-bit SoC from flip-flops, and ABC9 then ran out of memory). When both ports write one
// word in the same cycle, port B wins (the DMA owner must not race the CPU on a word it also
// writes).
//
// Port A has a second user: a B_BITS-wide row write (c_*, the DMA's write queue) in a cycle
// without a port-A request. It goes through each bank's port-A address, enables and data, so a
// bank still has one port per side. The user guarantees that c_req_i and a_req_i are never high
// together (the SoC keeps the DMA off port A in every cycle the core's MEM stage holds a load or
// store, from flops), and c_req_i selects the bank's address and data: the select then
// comes from the DMA's flops, and the core's request, which its stall logic decides late in the
// cycle, reaches only the write and read enables.
module soc_ram #(
  parameter integer BYTES        = 65536,
  parameter integer B_BITS       = 32,
  parameter        INIT_PLUSARG = "mem",   // $readmemh(<file>) when +<INIT_PLUSARG>=<file> is given
  parameter        INIT_FILE    = "",      // image loaded at configuration (B_BITS = 32 only)
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
  output wire [31:0]           a_rdata_o,
  // port B
  input  wire                  b_req_i,
  input  wire                  b_we_i,
  input  wire [BW-1:0]         b_addr_i,     // B_BITS-word index = row of every bank
  input  wire [B_BITS/8-1:0]   b_be_i,
  input  wire [B_BITS-1:0]     b_wdata_i,
  output wire [B_BITS-1:0]     b_rdata_o,
  // row write through port A (only without a port-A request)
  input  wire                  c_req_i,
  input  wire [BW-1:0]         c_addr_i,
  input  wire [B_BITS/8-1:0]   c_be_i,
  input  wire [B_BITS-1:0]     c_wdata_i
);
  localparam integer WORDS = BYTES / 4;
  localparam integer LANES = B_BITS / 32;
  localparam integer ROWS  = WORDS / LANES;
  localparam integer LB    = AW - BW;        // bank-select bits of a port-A address (0 or 2)

  wire [32*LANES-1:0] a_rd;     // each bank's registered port-A read word
  wire [BW-1:0]       a_row = a_addr_i[AW-1:LB];
  wire [LANES-1:0]    a_hit;    // the bank a port-A request goes to

  genvar g;
  generate
    if (LB == 0) begin : g_one
      assign a_hit     = a_req_i;
      assign a_rdata_o = a_rd;
    end else begin : g_sel
      // the bank of the last port-A read, registered for the read multiplexer
      reg [LB-1:0] a_bank_q;
      always @(posedge clk_i) begin
        if (a_req_i && !a_we_i) a_bank_q <= a_addr_i[LB-1:0];
      end
      for (g = 0; g < LANES; g = g + 1) begin : g_hit
        assign a_hit[g] = a_req_i && (a_addr_i[LB-1:0] == g);
      end
      assign a_rdata_o = a_rd[32*a_bank_q +: 32];
    end
  endgenerate

  generate
    for (g = 0; g < LANES; g = g + 1) begin : g_bank
      // no_rw_check: a read of a word that the other port writes in the same cycle may return
      // old or new data (the block RAM's behaviour; simulation returns the old word). Without
      // it, yosys 0.70 maps no true dual-port memory with both ports on one clock to ECP5
      // DP16KD and falls back to flip-flops. Nothing relies on that case: the DMA owner does
      // not race the CPU on a word it also writes.
      (* no_rw_check *)
      reg [31:0] mem_q [0:ROWS-1];
      reg [31:0] a_rd_q;
      reg [31:0] b_rd_q;

      // Simulation image loading (Yosys defines SYNTHESIS; an FPGA flow would use an init
      // file): the image is in 32-bit words, word w going to bank w % LANES.
`ifndef SYNTHESIS
      reg [8*256-1:0] init_file;
      reg [31:0]      image_q [0:WORDS-1];
      integer         r;
      initial begin
        if ($value$plusargs({INIT_PLUSARG, "=%s"}, init_file)) begin
          for (r = 0; r < WORDS; r = r + 1) image_q[r] = 32'h0;
          $readmemh(init_file, image_q);
          for (r = 0; r < ROWS; r = r + 1) mem_q[r] = image_q[r * LANES + g];
        end
      end
`endif

      // The image a synthesized memory starts with (an FPGA bitstream's program and data):
      // INIT_FILE in $readmemh form, 32-bit words from word 0, for a memory of one bank.
      if (INIT_FILE != "") begin : g_init
        if (LANES != 1) begin : g_init_needs_b_bits_32
          soc_ram_init_file_needs_b_bits_32 u_unsupported ();  // no such module: stops elaboration
        end
        initial $readmemh(INIT_FILE, mem_q);
      end

      // separate loop variables per always block (one shared integer would have two drivers)
      integer ia;
      integer ib;
      // the bank's port A: the CPU's access, else the row write (one address, one set of
      // enables, so that synthesis still sees one read/write port)
      wire [BW-1:0] pa_row = c_req_i ? c_addr_i : a_row;
      wire [3:0]    pa_we  = c_req_i ? c_be_i[4*g +: 4] : (a_hit[g] && a_we_i) ? a_be_i : 4'b0000;
      wire [31:0]   pa_wd  = c_req_i ? c_wdata_i[32*g +: 32] : a_wdata_i;
      always @(posedge clk_i) begin
        for (ia = 0; ia < 4; ia = ia + 1) begin
          if (pa_we[ia]) mem_q[pa_row][8*ia +: 8] <= pa_wd[8*ia +: 8];
        end
        if (a_hit[g] && !a_we_i) a_rd_q <= mem_q[pa_row];
      end

      // Lane g of a port-B word is bank g's word of that row. Data on the bus are little-endian
      // like the core's view of memory: lane 0 sits in bits 31:0.
      always @(posedge clk_i) begin
        if (b_req_i) begin
          if (b_we_i) begin
            for (ib = 0; ib < 4; ib = ib + 1) begin
              if (b_be_i[4*g + ib]) mem_q[b_addr_i][8*ib +: 8] <= b_wdata_i[32*g + 8*ib +: 8];
            end
          end else begin
            b_rd_q <= mem_q[b_addr_i];
          end
        end
      end

      assign a_rd[32*g +: 32]      = a_rd_q;
      assign b_rdata_o[32*g +: 32] = b_rd_q;
    end
  endgenerate
endmodule

`default_nettype wire
