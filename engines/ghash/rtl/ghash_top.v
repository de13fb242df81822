// SPDX-License-Identifier: Apache-2.0
// ghash_top.v
// GHASH engine for GCM: Y <- (Y ^ X) * H in GF(2^128), digit-serial, DIGIT bits per cycle.
`default_nettype none

// Bit order (SP 800-38D): bit 0 of a block is the most significant bit of byte 0 and is the
// coefficient of x^0. On the bus byte 0 is in [127:120], so bus bit 127 is x^0 and bus bit 0 is
// x^127. Inside the engine every value is held bit-reversed ("polynomial order": bit i is the
// coefficient of x^i), which turns the multiplication into plain shifts towards the MSB; the
// reversal is wiring at the ports.
//
// Multiplication, MSB digit first (Horner): the multiplicand A = Y ^ X is taken into a_q; then
// NSTEP = 128 / DIGIT steps each do  Z <- Z * x^DIGIT + d(x) * H  mod P  with d the top DIGIT
// coefficients of a_q, and shift a_q up by DIGIT. After the last step Z = A * H mod P, the new Y.
// P = x^128 + x^7 + x^2 + x + 1.
//
// Timing: a block is accepted while no step is pending or during the last step of the previous
// block (whose result is folded into the new A on the same edge), so a stream takes exactly NSTEP
// cycles per block, whatever the data (constant time).
//
// cfg_i[0], sampled by start_i: 1 continues from the current Y (as left by the previous message
// or loaded through iv_i), 0 starts from Y = 0.
module ghash_top #(
  parameter integer DIGIT = 16  // bits of A per cycle: 1, 2, 4, 8, 16, 32, 64 or 128
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         zeroize_i,    // clears H, Y and all state; H must be loaded again
  input  wire [0:0]   cfg_i,
  input  wire         start_i,
  input  wire [127:0] key_i,        // H (write-only: no path reads it back)
  input  wire         key_valid_i,
  output wire         key_ready_o,  // an H is loaded
  input  wire [127:0] iv_i,         // Y, to continue a GHASH suspended by ending a message
  input  wire         iv_valid_i,
  input  wire         in_valid_i,
  output wire         in_ready_o,
  input  wire [127:0] in_data_i,
  input  wire         in_last_i,
  output wire         out_valid_o,  // Y after the last block of the message
  input  wire         out_ready_i,
  output wire [127:0] out_data_o,   // zero unless out_valid_o
  output wire         out_last_o,
  output wire         busy_o,
  output wire         err_o,
  output wire [3:0]   err_code_o
);

  localparam integer NSTEP = 128 / DIGIT;
  localparam integer CW = (NSTEP > 1) ? $clog2(NSTEP + 1) : 1;

  // the same codes as the other engines for the same causes
  localparam [3:0] ERR_NONE = 4'd0;
  localparam [3:0] ERR_BUSY = 4'd2;   // start, H or Y write while a message is in progress
  localparam [3:0] ERR_NOKEY = 4'd3;  // start without an H loaded since reset or zeroize

  // ---------------------------------------------------------------------------------------------
  // Registers
  reg [127:0]  h_q, h_d;              // H, polynomial order
  reg          key_ok_q, key_ok_d;
  reg [127:0]  y_q, y_d;              // Y between blocks, the Horner sum Z during a block
  reg [127:0]  a_q, a_d;              // multiplicand, top digit first
  reg [CW-1:0] cnt_q, cnt_d;          // steps left in the current block
  reg          run_q, run_d;          // a message is accepting blocks or finishing one
  reg          lastin_q, lastin_d;    // the message's last block has been accepted
  reg          out_valid_q, out_valid_d;
  reg          err_q, err_d;
  reg [3:0]    err_code_q, err_code_d;

  // ---------------------------------------------------------------------------------------------
  // Bus <-> polynomial order
  wire [127:0] x_poly, h_poly, iv_poly, y_bus;
  genvar gi;
  generate
    for (gi = 0; gi < 128; gi = gi + 1) begin : g_rev
      assign x_poly[gi] = in_data_i[127 - gi];
      assign h_poly[gi] = key_i[127 - gi];
      assign iv_poly[gi] = iv_i[127 - gi];
      assign y_bus[gi] = y_q[127 - gi];
    end
  endgenerate

  // ---------------------------------------------------------------------------------------------
  // One Horner step. All products are formed 256 bits wide; for DIGIT < 128 the upper bits are
  // constant zero and synthesis drops them.
  wire [DIGIT-1:0] dig = a_q[127 -: DIGIT];
  wire [255:0]     h_ext = {128'd0, h_q};

  // d(x) * H as a chain of DIGIT masked copies of H shifted by j (carry-less product)
  wire [256*(DIGIT+1)-1:0] pp /* verilator split_var */;  // a chain, not a loop
  assign pp[255:0] = 256'd0;
  generate
    for (gi = 0; gi < DIGIT; gi = gi + 1) begin : g_pp
      assign pp[256*(gi+1) +: 256] = pp[256*gi +: 256] ^ ({256{dig[gi]}} & (h_ext << gi));
    end
  endgenerate

  // c = Z * x^DIGIT + d(x) * H, degree < 128 + DIGIT; reduced with x^128 = x^7 + x^2 + x + 1.
  // The first fold leaves degree < DIGIT + 7, so a second fold is needed only for DIGIT > 121.
  wire [255:0] c_w = ({128'd0, y_q} << DIGIT) ^ pp[256*DIGIT +: 256];
  wire [255:0] hi1 = {128'd0, c_w[255:128]};
  wire [255:0] f1 = hi1 ^ (hi1 << 1) ^ (hi1 << 2) ^ (hi1 << 7);
  wire [255:0] hi2 = {128'd0, f1[255:128]};
  /* verilator lint_off UNUSEDSIGNAL */
  // f2's upper half is zero by construction (hi2 has at most 7 bits)
  wire [255:0] f2 = hi2 ^ (hi2 << 1) ^ (hi2 << 2) ^ (hi2 << 7);
  /* verilator lint_on UNUSEDSIGNAL */
  wire [127:0] z_step = c_w[127:0] ^ f1[127:0] ^ f2[127:0];

  // ---------------------------------------------------------------------------------------------
  // Control
  wire busy = run_q || out_valid_q;
  wire stepping = (cnt_q != {CW{1'b0}});
  wire last_step = (cnt_q == {{(CW-1){1'b0}}, 1'b1});
  // in_ready = run_q && !lastin_q && (no step pending, or the last one), kept in a register
  // computed from the next state, so that a consumer's handshake sees a flip-flop
  reg  rdy_q;
  wire in_ready = rdy_q;
  wire rdy_d = run_d && !lastin_d && ((cnt_d == {CW{1'b0}}) || (cnt_d == {{(CW-1){1'b0}}, 1'b1}));
  wire in_fire = in_valid_i && in_ready;

  always @* begin : control
    h_d = h_q;
    key_ok_d = key_ok_q;
    y_d = y_q;
    a_d = a_q;
    cnt_d = cnt_q;
    run_d = run_q;
    lastin_d = lastin_q;
    out_valid_d = out_valid_q;
    err_d = err_q;
    err_code_d = err_code_q;

    if (out_valid_q && out_ready_i) out_valid_d = 1'b0;

    if (key_valid_i) begin
      if (busy) begin
        err_d = 1'b1;
        err_code_d = ERR_BUSY;
      end else begin
        h_d = h_poly;
        key_ok_d = 1'b1;
      end
    end
    if (iv_valid_i) begin
      if (busy) begin
        err_d = 1'b1;
        err_code_d = ERR_BUSY;
      end else begin
        y_d = iv_poly;
      end
    end

    if (stepping) begin
      y_d = z_step;
      a_d = a_q << DIGIT;
      cnt_d = cnt_q - {{(CW-1){1'b0}}, 1'b1};
      if (last_step && lastin_q) begin
        run_d = 1'b0;
        out_valid_d = 1'b1;
      end
    end

    if (in_fire) begin
      // the previous block's Y is z_step when its last step runs now, else y_q
      a_d = x_poly ^ (stepping ? z_step : y_q);
      y_d = 128'd0;
      cnt_d = NSTEP[CW-1:0];
      lastin_d = in_last_i;
    end

    if (start_i) begin
      if (busy) begin
        err_d = 1'b1;
        err_code_d = ERR_BUSY;
      end else if (!key_ok_q) begin
        err_d = 1'b1;
        err_code_d = ERR_NOKEY;
      end else begin
        err_d = 1'b0;
        err_code_d = ERR_NONE;
        run_d = 1'b1;
        lastin_d = 1'b0;
        if (!cfg_i[0]) y_d = 128'd0;
      end
    end

    if (zeroize_i) begin
      h_d = 128'd0;
      key_ok_d = 1'b0;
      y_d = 128'd0;
      a_d = 128'd0;
      cnt_d = {CW{1'b0}};
      run_d = 1'b0;
      lastin_d = 1'b0;
      out_valid_d = 1'b0;
      err_d = 1'b0;
      err_code_d = ERR_NONE;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      h_q <= 128'd0;
      key_ok_q <= 1'b0;
      y_q <= 128'd0;
      a_q <= 128'd0;
      cnt_q <= {CW{1'b0}};
      run_q <= 1'b0;
      lastin_q <= 1'b0;
      out_valid_q <= 1'b0;
      rdy_q <= 1'b0;
      err_q <= 1'b0;
      err_code_q <= ERR_NONE;
    end else begin
      h_q <= h_d;
      key_ok_q <= key_ok_d;
      y_q <= y_d;
      a_q <= a_d;
      cnt_q <= cnt_d;
      run_q <= run_d;
      lastin_q <= lastin_d;
      out_valid_q <= out_valid_d;
      rdy_q <= rdy_d;
      err_q <= err_d;
      err_code_q <= err_code_d;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs. Y is gated by out_valid_o: between blocks y_q holds partial products of H, which
  // must not reach a consumer that samples the bus without looking at valid.
  assign key_ready_o = key_ok_q;
  assign in_ready_o = in_ready;
  assign out_valid_o = out_valid_q;
  assign out_data_o = y_bus & {128{out_valid_q}};
  assign out_last_o = out_valid_q;
  assign busy_o = busy;
  assign err_o = err_q;
  assign err_code_o = err_code_q;

endmodule

`default_nettype wire
