// SPDX-License-Identifier: Apache-2.0
// cpl_ctr64.v
// Counter mode for a 64-bit block engine (PRINCE, PRESENT), between its cpl_unit and the engine.
`default_nettype none

// In a CTR message (ctr_i at the message's start) the engine enciphers the counter, not the
// data: each block the unit offers goes to the engine as the counter value, the block itself
// waits in a small FIFO, and the engine's output leaves XORed with it; the counter then steps
// by one (big-endian 64-bit, wrapping at 2^64, as the drivers' software CTR). In any other
// message every signal passes through unchanged.
//
// - The counter is the unit's IV: loaded by IVLOAD (iv_valid_i) while the engine is idle, read
//   back by IVRD as the next block's counter, kept across messages, so a message split in
//   several goes on where the last ended.
// - DEPTH blocks may be inside the engine at once (accepted, output not yet taken). A full
//   FIFO holds the input back, so the depth only sets the throughput, never the result. The
//   folded PRINCE holds three (two in its 6-cycle datapath, one in its output register; with
//   two entries its 24-byte DMA job took 25 cycles against ECB's 22), PRESENT two, the
//   pipelined PRINCE its three stages plus its output register.
// - While the engine is idle no block can be inside it, so the FIFO is emptied then: a message
//   the engine ended early (an error) leaves nothing behind for the next one. Zeroize and reset
//   clear the counter and the held data.
// - Constant time: the same cycles whatever the counter and the data.
module cpl_ctr64 #(
  parameter integer DEPTH = 2,
  parameter integer W     = 64  // block and counter bits (the formal check runs narrower)
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         zeroize_i,
  input  wire         start_i,          // a message starts (the engine takes it when idle)
  input  wire         ctr_i,            // that message is CTR (the unit's CFG.MODE)
  input  wire         eng_busy_i,       // a message is in the engine
  input  wire [W-1:0] iv_i,
  input  wire         iv_valid_i,
  output wire [W-1:0] iv_o,             // the next block's counter
  // unit side
  input  wire         in_valid_i,
  output wire         in_ready_o,
  input  wire [W-1:0] in_data_i,
  output wire [W-1:0] out_data_o,
  // engine side (valid and last pass beside this module)
  output wire         eng_in_valid_o,
  input  wire         eng_in_ready_i,
  output wire [W-1:0] eng_in_data_o,
  input  wire         eng_out_valid_i,
  input  wire         eng_out_ready_i,
  input  wire [W-1:0] eng_out_data_i
);
  // The read pointer doubles as the output's XOR select: 0..DEPTH-1 name a FIFO entry, DEPTH
  // (set while idle outside CTR) names none, so each output bit is one function of the engine's
  // bit, the entries' bits and the pointer (one LUT6 up to DEPTH 3), with no separate mode gate.
  localparam integer PW = $clog2(DEPTH + 1);
  localparam [31:0]  DEPTH32 = DEPTH;
  localparam [PW-1:0] NONE = DEPTH32[PW-1:0];
  localparam [PW-1:0] LASTP = DEPTH32[PW-1:0] - 1'b1;

  reg [W-1:0]        ctr_q, ctr_d;
  reg                mode_q, mode_d;
  reg [W*DEPTH-1:0]  held_q;
  reg [PW-1:0]       wp_q, wp_d, rp_q, rp_d;
  reg [PW-1:0]       cnt_q, cnt_d;
  reg [W-1:0]        head;
  integer            i;

  wire clear   = !rst_ni || zeroize_i;
  wire full    = mode_q && (cnt_q == NONE);
  wire in_fire = in_valid_i && !full && eng_in_ready_i;
  wire push    = mode_q && in_fire;
  wire pop     = mode_q && eng_out_valid_i && eng_out_ready_i;
  // An IVLOAD (idle) and a block (busy) never come together: the counter's next value is one
  // adder on either source, so the load needs no multiplexer of its own after the adder.
  wire iv_ld   = iv_valid_i && !eng_busy_i;
  wire [W-1:0] ctr_next = (iv_ld ? iv_i : ctr_q) + {{(W - 1){1'b0}}, push};

  always @* begin
    head = {W{1'b0}};
    for (i = 0; i < DEPTH; i = i + 1)
      if (rp_q == i[PW-1:0]) head = held_q[W*i +: W];
  end

  assign in_ready_o     = eng_in_ready_i && !full;
  assign eng_in_valid_o = in_valid_i && !full;
  assign eng_in_data_o  = mode_q ? ctr_q : in_data_i;
  assign out_data_o     = eng_out_data_i ^ head;
  assign iv_o           = ctr_q;

  function automatic [PW-1:0] step(input [PW-1:0] p);
    step = (p == LASTP) ? {PW{1'b0}} : p + 1'b1;
  endfunction

  always @* begin
    ctr_d  = (iv_ld || push) ? ctr_next : ctr_q;
    mode_d = (start_i && !eng_busy_i) ? ctr_i : mode_q;
    wp_d   = wp_q;
    rp_d   = rp_q;
    cnt_d  = cnt_q;
    if (!eng_busy_i) begin
      wp_d  = {PW{1'b0}};
      rp_d  = mode_d ? {PW{1'b0}} : NONE;
      cnt_d = {PW{1'b0}};
    end else begin
      if (push) wp_d = step(wp_q);
      if (pop) rp_d = step(rp_q);
      cnt_d = cnt_q + {{(PW - 1){1'b0}}, push} - {{(PW - 1){1'b0}}, pop};
    end
  end

  always @(posedge clk_i) begin
    if (clear) begin
      ctr_q  <= {W{1'b0}};
      mode_q <= 1'b0;
      wp_q   <= {PW{1'b0}};
      rp_q   <= NONE;
      cnt_q  <= {PW{1'b0}};
    end else begin
      ctr_q  <= ctr_d;
      mode_q <= mode_d;
      wp_q   <= wp_d;
      rp_q   <= rp_d;
      cnt_q  <= cnt_d;
    end
  end
  // each entry loads through its flops' enable
  genvar g;
  generate
    for (g = 0; g < DEPTH; g = g + 1) begin : g_held
      localparam [31:0] G32 = g;
      always @(posedge clk_i) begin
        if (clear) held_q[W*g +: W] <= {W{1'b0}};
        else if (push && wp_q == G32[PW-1:0]) held_q[W*g +: W] <= in_data_i;
      end
    end
  endgenerate
endmodule

`default_nettype wire
