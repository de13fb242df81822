// SPDX-License-Identifier: Apache-2.0
// chacha_top.v
// ChaCha engine: 8/12/20 rounds, 128/256-bit keys, original and RFC 8439 layouts, one round/cycle.
`default_nettype none
`include "soc_memmap.vh"

// cfg_i is CFG (engines/chacha/regs.toml): ROUNDS (8, 12 or 20; else error), K128 (128-bit
// key), RFC (RFC 8439 layout: 32-bit counter, 96-bit nonce; else original: 64-bit counter,
// 64-bit nonce), XOR (out = keystream ^ in_data; else out = keystream and in_data is ignored).
//
// The keystream block is computed ahead: start_i (and every accepted input block) launches the
// rounds for the next counter value, and in_ready_o rises once that block is ready. An input
// transfer then produces its output on the next cycle, so the cycle count per block depends only
// on the round count (R + 1 cycles per block in a stream).
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

  localparam [1:0] ST_IDLE = 2'd0;
  localparam [1:0] ST_ROUND = 2'd1;
  localparam [1:0] ST_WAIT = 2'd2;    // keystream block ready, waiting for an input block

  // "expand 32-byte k" and "expand 16-byte k" as little-endian words.
  localparam [127:0] SIGMA = {32'h6b206574, 32'h79622d32, 32'h3320646e, 32'h61707865};
  localparam [127:0] TAU = {32'h6b206574, 32'h79622d36, 32'h3120646e, 32'h61707865};

  function automatic [31:0] bswap32(input [31:0] w);
    bswap32 = {w[7:0], w[15:8], w[23:16], w[31:24]};
  endfunction

  // ---------------------------------------------------------------------------------------------
  // Registers
  reg [1:0]   fsm_q, fsm_d;
  reg [4:0]   rnd_q, rnd_d;
  reg [7:0]   cfg_q, cfg_d;
  reg [255:0] key_q, key_d;           // big-endian byte string as loaded
  reg         key_ok_q, key_ok_d;
  reg [127:0] iv_q, iv_d;             // state words 12..15, word 12 in [31:0]
  reg [511:0] state_q, state_d;       // word i in [32*i +: 32]
  reg [511:0] out_q, out_d;
  reg         out_valid_q, out_valid_d;
  reg         out_last_q, out_last_d;
  reg         err_q, err_d;
  reg [3:0]   err_code_q, err_code_d;

  // ---------------------------------------------------------------------------------------------
  // Initial state of a block: constants, key, counter and nonce (all from registers, except that a
  // start in IDLE uses cfg_i for the key size since cfg_q is loaded on the same edge).
  wire        key128 = (fsm_q == ST_IDLE) ? cfg_i[C_K128] : cfg_q[C_K128];
  wire        rfc = cfg_q[C_RFC];
  reg [511:0] init_w;
  reg [127:0] iv_inc;
  wire        in_fire = in_valid_i && in_ready_o;

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

  // Block counter + 1: word 12 alone in RFC 8439 (wraps at 2^32), words 12/13 as one 64-bit
  // counter in the original layout.
  always @* begin : counter_inc
    iv_inc = iv_q;
    iv_inc[31:0] = iv_q[31:0] + 32'd1;
    if (!rfc && (iv_q[31:0] == 32'hffffffff)) iv_inc[63:32] = iv_q[63:32] + 32'd1;
  end

  // ---------------------------------------------------------------------------------------------
  // Round datapath. Four quarter rounds work on the columns of the stored state. After a column
  // round the state is written back with rows 1..3 rotated left by 1..3 words, so that the
  // diagonals become columns; after a diagonal round it is rotated back. An even round count
  // leaves the state in normal order, and the same four quarter rounds serve both round kinds.
  wire [511:0] qr_out;
  genvar gi;
  generate
    for (gi = 0; gi < 4; gi = gi + 1) begin : g_qr
      chacha_qr u_qr (
        .a_i(state_q[32*gi +: 32]),
        .b_i(state_q[32*(4+gi) +: 32]),
        .c_i(state_q[32*(8+gi) +: 32]),
        .d_i(state_q[32*(12+gi) +: 32]),
        .a_o(qr_out[32*gi +: 32]),
        .b_o(qr_out[32*(4+gi) +: 32]),
        .c_o(qr_out[32*(8+gi) +: 32]),
        .d_o(qr_out[32*(12+gi) +: 32])
      );
    end
  endgenerate

  reg [511:0] round_w;
  always @* begin : round_permute
    integer i;
    round_w[127:0] = qr_out[127:0];
    for (i = 0; i < 4; i = i + 1) begin
      if (!rnd_q[0]) begin
        // column round done: store rotated (diagonal i becomes column i)
        round_w[32*(4+i) +: 32] = qr_out[32*(4+((i+1)%4)) +: 32];
        round_w[32*(8+i) +: 32] = qr_out[32*(8+((i+2)%4)) +: 32];
        round_w[32*(12+i) +: 32] = qr_out[32*(12+((i+3)%4)) +: 32];
      end else begin
        // diagonal round done: back to normal order
        round_w[32*(4+i) +: 32] = qr_out[32*(4+((i+3)%4)) +: 32];
        round_w[32*(8+i) +: 32] = qr_out[32*(8+((i+2)%4)) +: 32];
        round_w[32*(12+i) +: 32] = qr_out[32*(12+((i+1)%4)) +: 32];
      end
    end
  end

  // Keystream = final state + initial state, serialised little-endian word by word.
  reg [511:0] ks_w;
  always @* begin : keystream
    integer i;
    for (i = 0; i < 16; i = i + 1) begin
      ks_w[511 - 32*i -: 32] = bswap32(state_q[32*i +: 32] + init_w[32*i +: 32]);
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Control
  wire [4:0] c_rounds = cfg_i[`CV_CHACHA_CFG_ROUNDS_MSB:`CV_CHACHA_CFG_ROUNDS_LSB];
  wire [4:0] rounds   = cfg_q[`CV_CHACHA_CFG_ROUNDS_MSB:`CV_CHACHA_CFG_ROUNDS_LSB];
  wire rounds_ok = (c_rounds == `CV_CHACHA_CFG_ROUNDS_8) ||
                   (c_rounds == `CV_CHACHA_CFG_ROUNDS_12) ||
                   (c_rounds == `CV_CHACHA_CFG_ROUNDS_20);
  wire busy = (fsm_q != ST_IDLE) || out_valid_q;

  always @* begin : control
    fsm_d = fsm_q;
    rnd_d = rnd_q;
    cfg_d = cfg_q;
    key_d = key_q;
    key_ok_d = key_ok_q;
    iv_d = iv_q;
    state_d = state_q;
    out_d = out_q;
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

    case (fsm_q)
      ST_ROUND: begin
        state_d = round_w;
        rnd_d = rnd_q + 5'd1;
        if (rnd_q == rounds - 5'd1) fsm_d = ST_WAIT;
      end
      ST_WAIT: begin
        if (in_fire) begin
          out_d = ks_w ^ (cfg_q[C_XOR] ? in_data_i : 512'd0);
          out_valid_d = 1'b1;
          out_last_d = in_last_i;
          iv_d = iv_inc;
          rnd_d = 5'd0;
          if (in_last_i) begin
            fsm_d = ST_IDLE;
            state_d = 512'd0;
          end else begin
            // launch the next block at once; init_w still holds this block's counter, so the
            // next block's counter words are patched in from iv_inc
            fsm_d = ST_ROUND;
            state_d = {iv_inc, init_w[383:0]};
          end
        end
      end
      default: begin  // ST_IDLE
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
            rnd_d = 5'd0;
            state_d = init_w;
            fsm_d = ST_ROUND;
          end
        end
      end
    endcase

    // a start while a message runs is ignored and flagged (IDLE handles the other cases)
    if (start_i && fsm_q != ST_IDLE) begin
      err_d = 1'b1;
      err_code_d = ERR_BUSY;
    end

    if (zeroize_i) begin
      fsm_d = ST_IDLE;
      rnd_d = 5'd0;
      cfg_d = 8'd0;
      key_d = 256'd0;
      key_ok_d = 1'b0;
      iv_d = 128'd0;
      state_d = 512'd0;
      out_d = 512'd0;
      out_valid_d = 1'b0;
      out_last_d = 1'b0;
      err_d = 1'b0;
      err_code_d = ERR_NONE;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      fsm_q <= ST_IDLE;
      rnd_q <= 5'd0;
      cfg_q <= 8'd0;
      key_q <= 256'd0;
      key_ok_q <= 1'b0;
      iv_q <= 128'd0;
      state_q <= 512'd0;
      out_q <= 512'd0;
      out_valid_q <= 1'b0;
      out_last_q <= 1'b0;
      err_q <= 1'b0;
      err_code_q <= ERR_NONE;
    end else begin
      fsm_q <= fsm_d;
      rnd_q <= rnd_d;
      cfg_q <= cfg_d;
      key_q <= key_d;
      key_ok_q <= key_ok_d;
      iv_q <= iv_d;
      state_q <= state_d;
      out_q <= out_d;
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
  assign in_ready_o = (fsm_q == ST_WAIT) && (!out_valid_q || out_ready_i);
  assign out_valid_o = out_valid_q;
  assign out_data_o = out_q;
  assign out_last_o = out_last_q;
  assign busy_o = busy;
  assign err_o = err_q;
  assign err_code_o = err_code_q;

endmodule

`default_nettype wire
