// SPDX-License-Identifier: Apache-2.0
// sha3_top.v
// SHA-3 engine: SHA3-224/256/384/512, SHAKE128/256; 64-bit streams, FIPS 202 padding in hardware.
`default_nettype none
`include "soc_memmap.vh"

// cfg_i is CFG (engines/sha3/regs.toml): FUNC (the function; 6, 7 are errors), XOF (SHAKE only:
// squeeze without end, until zeroize; OUTLEN must be 0), bits 15:4 reserved (must be 0), OUTLEN
// the output length in bytes for SHAKE without XOF (1 to 65535; 0 is an error), ignored for
// SHA3-*.
//
// Absorbing and squeezing both rotate the rate lanes by one lane per word: lane i takes lane i+1
// and the last rate lane takes lane 0 XOR the input word. After `rate` words every lane is back in
// place, so the permutation sees the standard layout, the input needs no lane decoder and the
// output is always lane 0 (no 21-way output multiplexer).
module sha3_top (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        zeroize_i,
  input  wire [31:0] cfg_i,
  input  wire        start_i,
  input  wire        in_valid_i,
  output wire        in_ready_o,
  input  wire [63:0] in_data_i,
  input  wire [3:0]  in_bytes_i,   // valid bytes of the last word (0..8), sampled with in_last_i
  input  wire        in_last_i,
  output wire        out_valid_o,
  input  wire        out_ready_i,
  output wire [63:0] out_data_o,
  output wire [3:0]  out_bytes_o,  // valid bytes of this word (1..8), the rest are zero
  output wire        out_last_o,
  output wire        busy_o,
  output wire        err_o,
  output wire [3:0]  err_code_o
);

  // STATUS.ERR_CODE values (meanings in engines/sha3/regs.toml)
  localparam [3:0] ERR_NONE = 4'd0;
  localparam [3:0] ERR_CFG = `CV_SHA3_STATUS_ERR_CODE_CFG;
  localparam [3:0] ERR_BUSY = `CV_SHA3_STATUS_ERR_CODE_BUSY;
  localparam [3:0] ERR_LEN = `CV_SHA3_STATUS_ERR_CODE_LEN;

  localparam [2:0] ST_IDLE = 3'd0;
  localparam [2:0] ST_ABSORB = 3'd1;  // taking input words
  localparam [2:0] ST_PAD = 3'd2;     // inserting padding words up to the end of the rate
  localparam [2:0] ST_PERM = 3'd3;    // 24 rounds
  localparam [2:0] ST_SQUEEZE = 3'd4; // output words

  function automatic [63:0] bswap64(input [63:0] w);
    integer k;
    for (k = 0; k < 8; k = k + 1) bswap64[8*k +: 8] = w[63-8*k -: 8];
  endfunction

  function automatic [63:0] round_const(input [4:0] r);
    case (r)
      5'd0: round_const = 64'h0000000000000001;
      5'd1: round_const = 64'h0000000000008082;
      5'd2: round_const = 64'h800000000000808A;
      5'd3: round_const = 64'h8000000080008000;
      5'd4: round_const = 64'h000000000000808B;
      5'd5: round_const = 64'h0000000080000001;
      5'd6: round_const = 64'h8000000080008081;
      5'd7: round_const = 64'h8000000000008009;
      5'd8: round_const = 64'h000000000000008A;
      5'd9: round_const = 64'h0000000000000088;
      5'd10: round_const = 64'h0000000080008009;
      5'd11: round_const = 64'h000000008000000A;
      5'd12: round_const = 64'h000000008000808B;
      5'd13: round_const = 64'h800000000000008B;
      5'd14: round_const = 64'h8000000000008089;
      5'd15: round_const = 64'h8000000000008003;
      5'd16: round_const = 64'h8000000000008002;
      5'd17: round_const = 64'h8000000000000080;
      5'd18: round_const = 64'h000000000000800A;
      5'd19: round_const = 64'h800000008000000A;
      5'd20: round_const = 64'h8000000080008081;
      5'd21: round_const = 64'h8000000000008080;
      5'd22: round_const = 64'h0000000080000001;
      5'd23: round_const = 64'h8000000080008008;
      default: round_const = 64'h0;
    endcase
  endfunction

  // ---------------------------------------------------------------------------------------------
  // Registers
  reg [2:0]    fsm_q, fsm_d;
  reg [4:0]    rate_q, rate_d;     // rate in 64-bit lanes: 18, 17, 13, 9, 21, 17
  reg          shake_q, shake_d;
  reg          xof_q, xof_d;       // SHAKE output without end: remain_q is not counted down
  reg [4:0]    pos_q, pos_d;       // lane position within the block
  reg [4:0]    rnd_q, rnd_d;
  reg [15:0]   remain_q, remain_d; // output bytes still to produce
  reg          fin_q, fin_d;       // the last input word has been taken
  reg          dom_q, dom_d;       // the domain byte (0x06 / 0x1F) is still to be inserted
  reg [1599:0] state_q;
  reg          err_q, err_d;
  reg [3:0]    err_code_q, err_code_d;
  // One-word input buffer: a word is taken into it and absorbed from it in a later cycle, so the
  // state's 1,600 clock enables and its clear come from flops, never from the producer's valid
  // (in a SoC that is a long path: the DMA's or the hub's accounting). It also takes the first
  // word of the next block while the permutation runs.
  reg          ib_v_q;
  reg [63:0]   ib_data_q;
  reg [3:0]    ib_bytes_q;
  reg          ib_last_q;

  // ---------------------------------------------------------------------------------------------
  // Datapath
  // The lane shift of absorbing and squeezing goes through the round datapath in bypass mode
  // (no separate multiplexer in front of the rate flops).
  wire [1599:0] round_w;
  reg  [1343:0] shift_w;  // rate lanes 0..20 (at most 21 lanes, SHAKE128)
  sha3_round u_round (
    .state_i(state_q),
    .rc_i(round_const(rnd_q)),
    .bypass_i(fsm_q != ST_PERM),
    .bypass_data_i(shift_w),
    .state_o(round_w)
  );

  wire       in_fire = in_valid_i && in_ready_o;
  wire       ib_use = ib_v_q && (fsm_q == ST_ABSORB);  // the buffered word is absorbed now
  wire       out_fire = out_valid_o && out_ready_i;
  wire       blk_end = (pos_q == rate_q - 5'd1);
  wire [7:0] dom_byte = shake_q ? 8'h1F : 8'h06;

  // The word XORed into the last rate lane on a shift: message bytes (masked on the last word),
  // the domain byte right after the message, the final 0x80 in byte 7 of the last rate lane.
  wire [31:0] nbytes = {28'd0, ib_bytes_q};
  wire [31:0] last_lane = {27'd0, rate_q - 5'd1};
  reg [63:0] word_w;
  always @* begin : absorb_word
    integer k;
    k = 0;  // the loop variable is assigned on every path, or synthesis infers a latch for it
    word_w = 64'd0;
    if (fsm_q == ST_ABSORB) begin
      word_w = bswap64(ib_data_q);
      if (ib_last_q) begin
        for (k = 0; k < 8; k = k + 1) begin
          if (k >= nbytes) word_w[8*k +: 8] = 8'h00;
          if (k == nbytes) word_w[8*k +: 8] = dom_byte;
        end
        if (ib_bytes_q < 4'd8 && blk_end) word_w[63] = 1'b1;
      end
    end else if (fsm_q == ST_PAD) begin
      if (dom_q) word_w[7:0] = dom_byte;
      if (blk_end) word_w[63] = 1'b1;
    end
  end

  // Lane rotation of the rate part: lane i takes lane i+1, the last rate lane takes lane 0 XOR
  // the word. Lanes outside the rate are not enabled during a shift (their value is don't-care).
  // Only lanes 8, 12, 16, 17 and 20 can be the last rate lane; naming them keeps the synthesiser
  // from building a lane-0 multiplexer into every lane (rate_q holds only the six legal values).
  localparam [24:0] WRAP_LANES = 25'h0131100;
  wire [63:0] lane0_w = state_q[63:0] ^ word_w;
  always @* begin : lane_shift
    integer i;
    for (i = 0; i < 21; i = i + 1) begin
      shift_w[64*i +: 64] = (WRAP_LANES[i] && i == last_lane) ? lane0_w
                                                              : state_q[64*(i+1) +: 64];
    end
  end

  // Per-lane write enables: every lane during the permutation, the rate lanes during a shift.
  // The lanes are written straight from the round output under a clock enable (FDRE CE pin).
  reg shift_en, perm_en;
  reg [24:0] lane_en;
  always @* begin : lane_enables
    integer i;
    for (i = 0; i < 25; i = i + 1) lane_en[i] = perm_en || (shift_en && i < {27'd0, rate_q});
  end

  // ---------------------------------------------------------------------------------------------
  // Control
  wire [2:0]  mode_i = cfg_i[`CV_SHA3_CFG_FUNC_MSB:`CV_SHA3_CFG_FUNC_LSB];
  wire        xof_i = cfg_i[`CV_SHA3_CFG_XOF_LSB];
  wire [15:0] olen_i = cfg_i[`CV_SHA3_CFG_OUTLEN_MSB:`CV_SHA3_CFG_OUTLEN_LSB];
  wire        cfg_ok = (mode_i <= `CV_SHA3_CFG_FUNC_SHAKE256) &&
                       (cfg_i[`CV_SHA3_CFG_OUTLEN_LSB-1:`CV_SHA3_CFG_XOF_LSB+1] == 12'd0) &&
                       (mode_i < `CV_SHA3_CFG_FUNC_SHAKE128 ? !xof_i :
                                                               (xof_i == (olen_i == 16'd0)));
  reg  [4:0] rate_i;
  reg [15:0] len_i;
  always @* begin : mode_decode
    case (mode_i)
      `CV_SHA3_CFG_FUNC_SHA3_224: begin rate_i = 5'd18; len_i = 16'd28; end
      `CV_SHA3_CFG_FUNC_SHA3_256: begin rate_i = 5'd17; len_i = 16'd32; end
      `CV_SHA3_CFG_FUNC_SHA3_384: begin rate_i = 5'd13; len_i = 16'd48; end
      `CV_SHA3_CFG_FUNC_SHA3_512: begin rate_i = 5'd9; len_i = 16'd64; end
      `CV_SHA3_CFG_FUNC_SHAKE128: begin rate_i = 5'd21; len_i = olen_i; end
      default: begin rate_i = 5'd17; len_i = olen_i; end  // SHAKE256
    endcase
  end

  reg state_clr;  // synchronous clear of the state (start, end of message, abort, zeroize)
  always @* begin : control
    fsm_d = fsm_q;
    rate_d = rate_q;
    shake_d = shake_q;
    xof_d = xof_q;
    pos_d = pos_q;
    rnd_d = rnd_q;
    remain_d = remain_q;
    fin_d = fin_q;
    dom_d = dom_q;
    shift_en = 1'b0;
    perm_en = 1'b0;
    err_d = err_q;
    err_code_d = err_code_q;
    state_clr = 1'b0;

    case (fsm_q)
      ST_IDLE: begin
        if (start_i) begin
          if (!cfg_ok) begin
            err_d = 1'b1;
            err_code_d = ERR_CFG;
          end else begin
            err_d = 1'b0;
            err_code_d = ERR_NONE;
            rate_d = rate_i;
            shake_d = mode_i[2];
            xof_d = xof_i;
            remain_d = xof_i ? 16'hFFFF : len_i;  // XOF: never below 8, so never the last word
            pos_d = 5'd0;
            fin_d = 1'b0;
            dom_d = 1'b0;
            state_clr = 1'b1;
            fsm_d = ST_ABSORB;
          end
        end
      end
      ST_ABSORB: begin
        if (ib_use) begin
          if (ib_last_q && ib_bytes_q > 4'd8) begin
            err_d = 1'b1;
            err_code_d = ERR_LEN;
            state_clr = 1'b1;
            fsm_d = ST_IDLE;
          end else begin
            shift_en = 1'b1;
            pos_d = pos_q + 5'd1;
            if (ib_last_q) begin
              fin_d = 1'b1;
              dom_d = (ib_bytes_q == 4'd8);
              fsm_d = ST_PAD;
            end
            if (blk_end) begin
              pos_d = 5'd0;
              fsm_d = ST_PERM;
            end
          end
        end
      end
      ST_PAD: begin
        shift_en = 1'b1;
        dom_d = 1'b0;
        pos_d = pos_q + 5'd1;
        if (blk_end) begin
          pos_d = 5'd0;
          fsm_d = ST_PERM;
        end
      end
      ST_PERM: begin
        perm_en = 1'b1;
        rnd_d = rnd_q + 5'd1;
        if (rnd_q == 5'd23) begin
          rnd_d = 5'd0;
          fsm_d = !fin_q ? ST_ABSORB : (dom_q ? ST_PAD : ST_SQUEEZE);
        end
      end
      ST_SQUEEZE: begin
        if (out_fire) begin
          if (remain_q <= 16'd8) begin
            remain_d = 16'd0;
            state_clr = 1'b1;
            fsm_d = ST_IDLE;
          end else begin
            if (!xof_q) remain_d = remain_q - 16'd8;
            shift_en = 1'b1;
            pos_d = pos_q + 5'd1;
            if (blk_end) begin
              pos_d = 5'd0;
              fsm_d = ST_PERM;
            end
          end
        end
      end
      default: fsm_d = ST_IDLE;
    endcase

    // a start while a message runs is ignored and flagged
    if (start_i && fsm_q != ST_IDLE) begin
      err_d = 1'b1;
      err_code_d = ERR_BUSY;
    end

    if (zeroize_i) begin
      fsm_d = ST_IDLE;
      pos_d = 5'd0;
      rnd_d = 5'd0;
      remain_d = 16'd0;
      fin_d = 1'b0;
      dom_d = 1'b0;
      err_d = 1'b0;
      err_code_d = ERR_NONE;
      state_clr = 1'b1;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      fsm_q <= ST_IDLE;
      rate_q <= 5'd9;
      shake_q <= 1'b0;
      xof_q <= 1'b0;
      pos_q <= 5'd0;
      rnd_q <= 5'd0;
      remain_q <= 16'd0;
      fin_q <= 1'b0;
      dom_q <= 1'b0;
      err_q <= 1'b0;
      err_code_q <= ERR_NONE;
    end else begin
      fsm_q <= fsm_d;
      rate_q <= rate_d;
      shake_q <= shake_d;
      xof_q <= xof_d;
      pos_q <= pos_d;
      rnd_q <= rnd_d;
      remain_q <= remain_d;
      fin_q <= fin_d;
      dom_q <= dom_d;
      err_q <= err_d;
      err_code_q <= err_code_d;
    end
  end

  // The input buffer: loaded by an accepted word, emptied when absorbed, dropped by a zeroize.
  always @(posedge clk_i) begin
    if (!rst_ni || zeroize_i) begin
      ib_v_q <= 1'b0;
    end else if (in_fire) begin
      ib_v_q <= 1'b1;
    end else if (ib_use) begin
      ib_v_q <= 1'b0;
    end
  end
  always @(posedge clk_i) begin
    if (in_fire) begin
      ib_data_q <= in_data_i;
      ib_bytes_q <= in_bytes_i;
      ib_last_q <= in_last_i;
    end
  end

  // The state has its own reset and per-lane enables: a clear is a synchronous reset of 1600 flops
  // (the FPGA's FDRE reset pin) and a hold is the clock enable, neither a multiplexer input.
  genvar gl;
  generate
    for (gl = 0; gl < 25; gl = gl + 1) begin : g_lane
      always @(posedge clk_i) begin
        if (!rst_ni || state_clr) state_q[64*gl +: 64] <= 64'd0;
        else if (lane_en[gl]) state_q[64*gl +: 64] <= round_w[64*gl +: 64];
      end
    end
  endgenerate

  // ---------------------------------------------------------------------------------------------
  // Outputs
  reg [63:0] out_w;
  always @* begin : out_mask
    integer k;
    out_w = bswap64(state_q[63:0]);
    for (k = 0; k < 8; k = k + 1) begin
      if (remain_q < 16'd8 && k >= remain_q) out_w[63-8*k -: 8] = 8'h00;
    end
  end

  // Ready from flops only: while absorbing (the buffered word, if any, leaves in this cycle) and
  // during a permutation with more message to come, until the buffer holds a word; never once
  // the message's last word is in the buffer.
  assign in_ready_o = !(ib_v_q && ib_last_q) &&
                      ((fsm_q == ST_ABSORB) || (fsm_q == ST_PERM && !fin_q && !ib_v_q));
  assign out_valid_o = (fsm_q == ST_SQUEEZE);
  assign out_data_o = out_w;
  assign out_bytes_o = (remain_q < 16'd8) ? remain_q[3:0] : 4'd8;
  assign out_last_o = (remain_q <= 16'd8);
  assign busy_o = (fsm_q != ST_IDLE);
  assign err_o = err_q;
  assign err_code_o = err_code_q;

endmodule

`default_nettype wire
