// SPDX-License-Identifier: Apache-2.0
// chacha_top.v
// ChaCha engine: 8/12/20 rounds, 128/256-bit keys, original and RFC 8439 layouts. Each round
// takes two cycles (half a quarter round per cycle) and two blocks share the round datapath.
`default_nettype none
`include "soc_memmap.vh"

// cfg_i is CFG (engines/chacha/regs.toml): ROUNDS (8, 12 or 20; else error), K128 (128-bit
// key), RFC (RFC 8439 layout: 32-bit counter, 96-bit nonce; else original: 64-bit counter,
// 64-bit nonce), XOR (out = keystream ^ in_data; else out = keystream and in_data is ignored).
//
// The round datapath is a two-stage loop: state_q -> first half of four quarter rounds ->
// mid_q -> second half -> state_q. Each register holds one block (a "slot"), so two blocks,
// consecutive counter values, advance together by half a round per cycle. The keystream is
// computed ahead: start_i launches the first block, the second follows R - 1 cycles later. A
// block leaves the loop into fin_q on the edge that ends its last round, and the same edge
// relaunches its slot with the counter two ahead. in_ready_o is high while fin_q holds a finished
// block; the input transfer produces the output on the next cycle. The loop waits only when a
// block finishes while fin_q is still occupied. The cycle counts depend only on the round count
// and the handshakes (R cycles per block in a stream).
module chacha_top (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         zeroize_i,
  input  wire [7:0]   cfg_i,
  input  wire         start_i,
  input  wire [255:0] key_i,
  input  wire         key_valid_i,
  output wire         key_ready_o,
  input  wire [127:0] iv_i,
  input  wire         iv_valid_i,
  output wire [127:0] iv_o,
  input  wire         in_valid_i,
  output wire         in_ready_o,
  input  wire [511:0] in_data_i,
  input  wire         in_last_i,
  output wire         out_valid_o,
  input  wire         out_ready_i,
  output wire [511:0] out_data_o,
  output wire         out_last_o,
  output wire         busy_o,
  output wire         err_o,
  output wire [3:0]   err_code_o
);

  // STATUS.ERR_CODE values (meanings in engines/chacha/regs.toml)
  localparam [3:0] ERR_NONE = 4'd0;
  localparam [3:0] ERR_CFG = `CV_CHACHA_STATUS_ERR_CODE_CFG;
  localparam [3:0] ERR_BUSY = `CV_CHACHA_STATUS_ERR_CODE_BUSY;
  localparam [3:0] ERR_NOKEY = `CV_CHACHA_STATUS_ERR_CODE_NOKEY;
  // CFG field positions
  localparam integer C_K128 = `CV_CHACHA_CFG_K128_LSB;
  localparam integer C_RFC  = `CV_CHACHA_CFG_RFC_LSB;
  localparam integer C_XOR  = `CV_CHACHA_CFG_XOR_LSB;

  // "expand 32-byte k" and "expand 16-byte k" as little-endian words.
  localparam [127:0] SIGMA = {32'h6b206574, 32'h79622d32, 32'h3320646e, 32'h61707865};
  localparam [127:0] TAU = {32'h6b206574, 32'h79622d36, 32'h3120646e, 32'h61707865};

  function automatic [31:0] bswap32(input [31:0] w);
    bswap32 = {w[7:0], w[15:8], w[23:16], w[31:24]};
  endfunction

  // ---------------------------------------------------------------------------------------------
  // Registers
  reg         run_q, run_d;           // a message is running
  reg [7:0]   cfg_q, cfg_d;
  reg [255:0] key_q, key_d;           // big-endian byte string as loaded
  reg         key_ok_q, key_ok_d;
  reg [127:0] iv_q, iv_d;             // words 12..15 of the next output block (word 12 in [31:0])
  reg [511:0] state_q;                // one slot at a round boundary; word i in [32*i +: 32]
  reg [511:0] mid_q;                  // the other slot, half-way through a round
  reg [511:0] fin_q;                  // a finished block waiting for its input transfer
  reg [5:0]   sc_q, sc_d;             // half rounds done on state_q's block (even)
  reg [5:0]   mc_q, mc_d;             // half rounds done on mid_q's block (odd)
  reg         sv_q, sv_d;             // state_q holds a block
  reg         mv_q, mv_d;             // mid_q holds a block
  reg         last_q, last_d;         // mid_q's block is in its last half round
  reg         fin_v_q, fin_v_d;       // fin_q holds a finished block
  reg         second_q, second_d;     // the next advance launches the message's second block
  reg [511:0] out_q;
  reg         out_valid_q, out_valid_d;
  reg         out_last_q, out_last_d;
  reg         err_q, err_d;
  reg [3:0]   err_code_q, err_code_d;

  // ---------------------------------------------------------------------------------------------
  // Initial state of a block: constants, key, counter and nonce (all from registers, except that a
  // start in IDLE uses cfg_i for the key size since cfg_q is loaded on the same edge).
  wire        key128 = run_q ? cfg_q[C_K128] : cfg_i[C_K128];
  wire        rfc = cfg_q[C_RFC];
  reg [511:0] init_w;

  always @* begin : init_state
    integer j;
    init_w[127:0] = key128 ? TAU : SIGMA;
    for (j = 0; j < 4; j = j + 1) begin
      init_w[128 + 32*j +: 32] = bswap32(key_q[255 - 32*j -: 32]);
      init_w[256 + 32*j +: 32] = key128 ? bswap32(key_q[255 - 32*j -: 32])
                                        : bswap32(key_q[127 - 32*j -: 32]);
    end
    init_w[511:384] = iv_q;
  end

  // Block counter + 1 and + 2: word 12 alone in RFC 8439 (wraps at 2^32), words 12/13 as one
  // 64-bit counter in the original layout. iv_q counts the output blocks; a block is launched
  // one (the second block of a message) or two (a relaunch, as its predecessor leaves the loop
  // with all earlier blocks taken, while the other slot holds the block in between) ahead of it. The carries into word 13 come out of the adders' carry chains.
  wire [32:0] ctr_lo1 = {1'b0, iv_q[31:0]} + 33'd1;
  wire [32:0] ctr_lo2 = {1'b0, iv_q[31:0]} + 33'd2;
  wire [31:0] ctr_hi1 = iv_q[63:32] + 32'd1;
  wire [63:0] ctr_p1 = {(ctr_lo1[32] && !rfc) ? ctr_hi1 : iv_q[63:32], ctr_lo1[31:0]};
  wire [63:0] ctr_p2 = {(ctr_lo2[32] && !rfc) ? ctr_hi1 : iv_q[63:32], ctr_lo2[31:0]};

  // ---------------------------------------------------------------------------------------------
  // Round datapath. The quarter rounds work on the columns of the stored state: the first halves
  // read state_q and write mid_q, the second halves read mid_q and write state_q. After a column
  // round the block is written back with rows 0, 2, 3 rotated by -1, +1, +2 words against row 1,
  // so that the diagonals become columns (stored column i holds a[i-1], b[i], c[i+1], d[i+2]);
  // after a diagonal round they are rotated back. An even round count leaves the state in normal
  // order, and the same quarter rounds serve both round kinds. Row 1 (b) never moves: its value,
  // the XOR after the second half's last adder, meets only the load multiplexer on its way to
  // state_q. Row 3 (d) moves by two words either way, a fixed wiring; rows 0 (a, after the first
  // adder) and 2 (c, out of the last adder) take the direction multiplexer.
  wire [511:0] h1_out;
  wire [511:0] h2_out;
  genvar gi;
  generate
    for (gi = 0; gi < 4; gi = gi + 1) begin : g_qr
      chacha_qr #(.HALF(0)) u_h1 (
        .a_i(state_q[32*gi +: 32]),
        .b_i(state_q[32*(4+gi) +: 32]),
        .c_i(state_q[32*(8+gi) +: 32]),
        .d_i(state_q[32*(12+gi) +: 32]),
        .a_o(h1_out[32*gi +: 32]),
        .b_o(h1_out[32*(4+gi) +: 32]),
        .c_o(h1_out[32*(8+gi) +: 32]),
        .d_o(h1_out[32*(12+gi) +: 32])
      );
      chacha_qr #(.HALF(1)) u_h2 (
        .a_i(mid_q[32*gi +: 32]),
        .b_i(mid_q[32*(4+gi) +: 32]),
        .c_i(mid_q[32*(8+gi) +: 32]),
        .d_i(mid_q[32*(12+gi) +: 32]),
        .a_o(h2_out[32*gi +: 32]),
        .b_o(h2_out[32*(4+gi) +: 32]),
        .c_o(h2_out[32*(8+gi) +: 32]),
        .d_o(h2_out[32*(12+gi) +: 32])
      );
    end
  endgenerate

  // mid_q's block is in round (mc_q - 1) / 2: a column round when bit 1 of mc_q is 0
  wire        col_round = !mc_q[1];
  reg [511:0] round_w;
  always @* begin : round_permute
    integer i;
    for (i = 0; i < 4; i = i + 1) begin
      round_w[32*(4+i) +: 32] = h2_out[32*(4+i) +: 32];
      round_w[32*(12+i) +: 32] = h2_out[32*(12+((i+2)%4)) +: 32];
      if (col_round) begin
        // column round done: store rotated (diagonal i - 1 becomes column i)
        round_w[32*i +: 32] = h2_out[32*((i+3)%4) +: 32];
        round_w[32*(8+i) +: 32] = h2_out[32*(8+((i+1)%4)) +: 32];
      end else begin
        // diagonal round done: back to normal order
        round_w[32*i +: 32] = h2_out[32*((i+1)%4) +: 32];
        round_w[32*(8+i) +: 32] = h2_out[32*(8+((i+3)%4)) +: 32];
      end
    end
  end

  // A block finishes with a diagonal round (R is even), so it leaves the loop in normal order:
  // the second half's result with the diagonal round's fixed back-rotation, no multiplexer.
  reg [511:0] final_w;
  always @* begin : final_order
    integer i;
    for (i = 0; i < 4; i = i + 1) begin
      final_w[32*i +: 32] = h2_out[32*((i+1)%4) +: 32];
      final_w[32*(4+i) +: 32] = h2_out[32*(4+i) +: 32];
      final_w[32*(8+i) +: 32] = h2_out[32*(8+((i+3)%4)) +: 32];
      final_w[32*(12+i) +: 32] = h2_out[32*(12+((i+2)%4)) +: 32];
    end
  end

  // Keystream = final state + initial state, serialised little-endian word by word.
  reg [511:0] ks_w;
  always @* begin : keystream
    integer i;
    for (i = 0; i < 16; i = i + 1) begin
      ks_w[511 - 32*i -: 32] = bswap32(fin_q[32*i +: 32] + init_w[32*i +: 32]);
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Control
  wire [4:0] c_rounds = cfg_i[`CV_CHACHA_CFG_ROUNDS_MSB:`CV_CHACHA_CFG_ROUNDS_LSB];
  wire [4:0] rounds   = cfg_q[`CV_CHACHA_CFG_ROUNDS_MSB:`CV_CHACHA_CFG_ROUNDS_LSB];
  wire rounds_ok = (c_rounds == `CV_CHACHA_CFG_ROUNDS_8) ||
                   (c_rounds == `CV_CHACHA_CFG_ROUNDS_12) ||
                   (c_rounds == `CV_CHACHA_CFG_ROUNDS_20);
  wire busy = run_q || out_valid_q;
  wire start_ok = start_i && !busy && rounds_ok && key_ok_q;
  // both slots advance by half a round unless a block would finish while fin_q is occupied
  wire adv = run_q && !(last_q && fin_v_q);
  wire leave = adv && last_q;      // mid_q's block finishes and moves to fin_q
  wire in_fire = in_valid_i && in_ready_o;
  wire fire_last = in_fire && in_last_i;
  // state_q takes a new block: the first at start, the second R - 1 cycles later (so that the
  // slots finish alternately R - 1 and R + 1 cycles apart rather than back to back), and the
  // block two counter values ahead each time one leaves the loop.
  wire launch = start_ok || (adv && second_q) || leave;
  wire [63:0] launch_ctr = !run_q ? iv_q[63:0] : last_q ? ctr_p2 : ctr_p1;
  wire clear = zeroize_i || fire_last;

  always @(posedge clk_i) begin
    if (!rst_ni || clear) begin
      state_q <= 512'd0;
    end else if (launch) begin
      state_q <= {iv_q[127:64], launch_ctr, init_w[383:0]};
    end else if (adv) begin
      state_q <= round_w;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni || clear) begin
      mid_q <= 512'd0;
    end else if (adv) begin
      mid_q <= h1_out;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni || clear) begin
      fin_q <= 512'd0;
    end else if (leave) begin
      fin_q <= final_w;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni || zeroize_i) begin
      out_q <= 512'd0;
    end else if (in_fire) begin
      out_q <= ks_w ^ (cfg_q[C_XOR] ? in_data_i : 512'd0);
    end
  end

  always @* begin : control
    run_d = run_q;
    cfg_d = cfg_q;
    key_d = key_q;
    key_ok_d = key_ok_q;
    iv_d = iv_q;
    sc_d = sc_q;
    mc_d = mc_q;
    sv_d = sv_q;
    mv_d = mv_q;
    last_d = last_q;
    fin_v_d = fin_v_q;
    second_d = 1'b0;
    out_valid_d = out_valid_q;
    out_last_d = out_last_q;
    err_d = err_q;
    err_code_d = err_code_q;

    if (out_valid_q && out_ready_i) out_valid_d = 1'b0;

    if (key_valid_i) begin
      if (busy) begin
        err_d = 1'b1;
        err_code_d = ERR_BUSY;
      end else begin
        key_d = key_i;
        key_ok_d = 1'b1;
      end
    end
    if (iv_valid_i) begin
      if (busy) begin
        err_d = 1'b1;
        err_code_d = ERR_BUSY;
      end else begin
        iv_d = {bswap32(iv_i[31:0]), bswap32(iv_i[63:32]), bswap32(iv_i[95:64]),
                bswap32(iv_i[127:96])};
      end
    end

    if (adv) begin
      // the blocks swap registers; last and second are decided one cycle ahead from the count of
      // the block that moves on
      mc_d = sc_q + 6'd1;
      mv_d = sv_q;
      last_d = sv_q && (sc_q == {rounds, 1'b0} - 6'd2);
      if (second_q || last_q) begin
        // a new block enters state_q (the message's second, or a relaunch)
        sc_d = 6'd0;
        sv_d = 1'b1;
      end else begin
        sc_d = mc_q + 6'd1;
        sv_d = mv_q;
        second_d = !sv_q && mv_q && (mc_q == {1'b0, rounds} - 6'd3);
      end
    end
    if (leave) fin_v_d = 1'b1;

    if (in_fire) begin
      out_valid_d = 1'b1;
      out_last_d = in_last_i;
      iv_d[63:0] = ctr_p1;
      fin_v_d = 1'b0;
      if (in_last_i) begin
        // the blocks computed ahead are not needed: all three are cleared
        run_d = 1'b0;
        sc_d = 6'd0;
        mc_d = 6'd0;
        sv_d = 1'b0;
        mv_d = 1'b0;
        last_d = 1'b0;
        second_d = 1'b0;
      end
    end

    if (start_i) begin
      if (busy) begin
        err_d = 1'b1;
        err_code_d = ERR_BUSY;
      end else if (!rounds_ok) begin
        err_d = 1'b1;
        err_code_d = ERR_CFG;
      end else if (!key_ok_q) begin
        err_d = 1'b1;
        err_code_d = ERR_NOKEY;
      end else begin
        err_d = 1'b0;
        err_code_d = ERR_NONE;
        cfg_d = cfg_i;
        run_d = 1'b1;
        sc_d = 6'd0;
        sv_d = 1'b1;
      end
    end

    if (zeroize_i) begin
      run_d = 1'b0;
      cfg_d = 8'd0;
      key_d = 256'd0;
      key_ok_d = 1'b0;
      iv_d = 128'd0;
      sc_d = 6'd0;
      mc_d = 6'd0;
      sv_d = 1'b0;
      mv_d = 1'b0;
      last_d = 1'b0;
      fin_v_d = 1'b0;
      second_d = 1'b0;
      out_valid_d = 1'b0;
      out_last_d = 1'b0;
      err_d = 1'b0;
      err_code_d = ERR_NONE;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      run_q <= 1'b0;
      cfg_q <= 8'd0;
      key_q <= 256'd0;
      key_ok_q <= 1'b0;
      iv_q <= 128'd0;
      sc_q <= 6'd0;
      mc_q <= 6'd0;
      sv_q <= 1'b0;
      mv_q <= 1'b0;
      last_q <= 1'b0;
      fin_v_q <= 1'b0;
      second_q <= 1'b0;
      out_valid_q <= 1'b0;
      out_last_q <= 1'b0;
      err_q <= 1'b0;
      err_code_q <= ERR_NONE;
    end else begin
      run_q <= run_d;
      cfg_q <= cfg_d;
      key_q <= key_d;
      key_ok_q <= key_ok_d;
      iv_q <= iv_d;
      sc_q <= sc_d;
      mc_q <= mc_d;
      sv_q <= sv_d;
      mv_q <= mv_d;
      last_q <= last_d;
      fin_v_q <= fin_v_d;
      second_q <= second_d;
      out_valid_q <= out_valid_d;
      out_last_q <= out_last_d;
      err_q <= err_d;
      err_code_q <= err_code_d;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs
  assign key_ready_o = key_ok_q;
  assign iv_o = {bswap32(iv_q[31:0]), bswap32(iv_q[63:32]), bswap32(iv_q[95:64]),
                 bswap32(iv_q[127:96])};
  assign in_ready_o = fin_v_q && (!out_valid_q || out_ready_i);
  assign out_valid_o = out_valid_q;
  assign out_data_o = out_q;
  assign out_last_o = out_last_q;
  assign busy_o = busy;
  assign err_o = err_q;
  assign err_code_o = err_code_q;

endmodule

`default_nettype wire
