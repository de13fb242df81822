// SPDX-License-Identifier: Apache-2.0
// present_top.v
// PRESENT-80/128 engine: one round per cycle behind the common engine streaming interface.
`default_nettype none
`include "soc_memmap.vh"

// Datapath (all registers on the left, one round per clock):
//
//   in_data_i --> st_q --+--> x = st_q ^ rk_q --+--> S, P        (encrypt) --> st_q
//                        |                      +--> P^-1, S^-1  (decrypt) --> st_q
//                        |                      +--> out_data_o (after the last round)
//   key_i --> kreg_q --> present_keystep --> kreg_q        (key set-up, 32 cycles)
//                  \--> rk_mem: K1..K32 --> rk_q (the next round's key, read ahead)
//
// Encryption: st = P(S(st ^ K_i)) for i = 1..31, output st ^ K32.
// Decryption: st = S^-1(P^-1(st ^ K_j)) for j = 32..2, output st ^ K1.
// Both are "XOR the round key, then a layer" for 31 cycles and a final XOR, so the output is the
// same x that feeds the next round. The key set-up runs the loaded key's schedule forward once
// and writes every round key into a 32-word LUT RAM; a block reads them in order (encrypt) or
// in reverse (decrypt) one cycle ahead into rk_q, so the rounds need no key-schedule logic, no
// copy of the loaded key and no backward step. The key size comes with the key (CFG.KSZ at
// key_valid_i, as AES takes its key size); a message naming the other size is refused with
// ERR_NOKEY. Every block, either direction, takes the same time: counted from the cycle of the
// input transfer to the first cycle with out_valid_o high, 32 cycles (the transfer cycle and 31
// round steps; RPC = 2: 17, with 16 steps). The next block can be accepted in the cycle its
// predecessor is read out, so blocks whose output is read at once are 32 (17) cycles apart.
//
// The LUT RAM has no reset: after reset and zeroize the engine writes zeros over all 32 words
// (the wipe, 32 cycles, from kreg_q, which the clear zeroed). A key load during the wipe ends it
// and starts the set-up, which overwrites every word just the same; a start meanwhile finds no
// key (ERR_NOKEY), as during a set-up.
module present_top #(
  parameter integer KEY128 = 1,  // 1: 80- and 128-bit keys; 0: 80-bit keys only (smaller)
  parameter integer RPC = 1      // rounds per cycle: 1 or 2 (the set-up: one store word a cycle)
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         zeroize_i,
  input  wire [3:0]   cfg_i,
  input  wire         start_i,
  input  wire [127:0] key_i,
  input  wire         key_valid_i,
  output wire         key_ready_o,
  input  wire         in_valid_i,
  output wire         in_ready_o,
  input  wire [63:0]  in_data_i,
  input  wire         in_last_i,
  output wire         out_valid_o,
  input  wire         out_ready_i,
  output wire [63:0]  out_data_o,
  output wire         out_last_o,
  output wire         busy_o,
  output wire         err_o,
  output wire [3:0]   err_code_o
);
  localparam integer KW = (KEY128 != 0) ? 128 : 80;
  // STATUS.ERR_CODE values (meanings in engines/present/regs.toml)
  localparam [3:0] ERR_NONE = 4'd0;
  localparam [3:0] ERR_CFG = `CV_PRESENT_STATUS_ERR_CODE_CFG;
  localparam [3:0] ERR_BUSY = `CV_PRESENT_STATUS_ERR_CODE_BUSY;
  localparam [3:0] ERR_NOKEY = `CV_PRESENT_STATUS_ERR_CODE_NOKEY;
  // cfg_i is CFG (engines/present/regs.toml): KSZ 80 is 0 and 128 is 1, so KSZ's low bit says
  // 128 bits and its high bit is reserved; MODE (CTR) is the coupling's and reaches the engine
  // cleared, so it is reserved here
  localparam integer C_DEC  = `CV_PRESENT_CFG_DEC_LSB;
  localparam integer C_K128 = `CV_PRESENT_CFG_KSZ_LSB;
  localparam integer C_KHI  = `CV_PRESENT_CFG_KSZ_MSB;
  localparam integer C_MODE = `CV_PRESENT_CFG_MODE_LSB;
  localparam [4:0] LAST_RND = 5'd31;
  localparam [4:0] LAST_WORD = 5'd31;
  localparam [4:0] RPC5 = RPC[4:0];

  // ---------------------------------------------------------------- registers
  reg [KW-1:0] kreg_q;       // key schedule register (set-up only; zero during the wipe)
  reg [4:0] kcnt_q;          // round-key store word being written (set-up or wipe)
  reg kset_q, kset_d;        // key set-up: writing K(kcnt+1), stepping kreg_q
  reg wipe_q, wipe_d;        // wipe: writing zeros over the store
  reg k128_q;                // the loaded key is 128 bits (KSZ at key_valid_i)
  reg kok_q, kok_d;          // key ready
  reg [64*RPC-1:0] rk_q;     // this step's round key(s), read from the store one cycle ahead
  reg [63:0] st_q, st_d;
  reg [4:0] rnd_q, rnd_d;    // round 1..31
  reg dec_q, dec_d;          // message direction
  reg busy_q, busy_d;
  reg open_q, open_d;        // the message still accepts input
  reg run_q, run_d;          // a block is being enciphered
  reg outv_q, outv_d;        // out_data_o holds a result
  reg last_q, last_d;        // the block in flight is the message's last
  reg err_q, err_d;
  reg [3:0] err_code_q, err_code_d;

  // The wide registers are cleared through the flop's synchronous reset and loaded through its
  // enable, so reset and zeroize cost no LUTs in front of them.
  wire clear = ~rst_ni | zeroize_i;

  // ---------------------------------------------------------------- control signals
  wire cfg_bad = cfg_i[C_MODE] | cfg_i[C_KHI] | (cfg_i[C_K128] & (KEY128 == 0));
  wire key_load = key_valid_i & ~busy_q;
  assign in_ready_o = busy_q & open_q & ~run_q & (~outv_q | out_ready_i);
  wire in_fire = in_valid_i & in_ready_o;
  wire out_fire = outv_q & out_ready_i;
  wire step_last = rnd_q == LAST_RND;
  wire kword_last = kcnt_q == LAST_WORD;
  wire store_we = kset_q | wipe_q;  // the set-up or the wipe writes word kcnt_q

  // ---------------------------------------------------------------- key set-up and store
  wire [KW-1:0] ks_out;
  present_keystep #(.KEY128(KEY128), .KW(KW)) u_ks (
    .k_i(kreg_q), .rc_i(kcnt_q + 5'd1), .k128_i(k128_q), .k_o(ks_out));

  // Read addresses for the next step: word w holds K(w+1); decryption reads the mirror word
  // (31 - w = ~w). A new block starts at K1 (and K2); a step of round r reads K(r+RPC) (and
  // K(r+RPC+1)), except that the last step reads K32 for the output XOR.
  wire [4:0] rd_mirror = {5{dec_q}};
  wire [4:0] ra0 = rd_mirror ^ (in_fire ? 5'd0 : (step_last ? LAST_WORD : rnd_q + RPC5 - 5'd1));

  // The store: word w holds K(w+1); one synchronous write port (set-up and wipe), RPC
  // asynchronous read ports, each registered in rk_q (the read data has no other load), so it
  // maps to LUT RAM on 7-series (RAM32M) and ECP5 (TRELLIS_DPR16X4) and to block RAM where there
  // is none (iCE40). No reset: the wipe clears it.
  reg [63:0] rk_mem [0:31];
  always @(posedge clk_i) begin
    if (store_we) rk_mem[kcnt_q] <= kreg_q[KW-1 -: 64];
  end
  wire [64*RPC-1:0] rk_rd;
  generate
    if (RPC == 2) begin : g_rd2
      wire [4:0] ra1 = rd_mirror ^ (in_fire ? 5'd1 : rnd_q + 5'd2);
      assign rk_rd = {rk_mem[ra1], rk_mem[ra0]};
    end else begin : g_rd1
      assign rk_rd = rk_mem[ra0];
    end
  endgenerate

  // ---------------------------------------------------------------- datapath
  wire [63:0] x = st_q ^ rk_q[63:0];
  wire [63:0] x_s, enc_y, x_pi, dec_y;
  present_slayer #(.INV(0)) u_s (.x_i(x), .y_o(x_s));
  present_player #(.INV(0)) u_p (.x_i(x_s), .y_o(enc_y));
  present_player #(.INV(1)) u_pi (.x_i(x), .y_o(x_pi));
  present_slayer #(.INV(1)) u_si (.x_i(x_pi), .y_o(dec_y));
  wire [63:0] ya = dec_q ? dec_y : enc_y;

  // Next state of a round step. With RPC = 2 a second round follows in the same cycle, except
  // in the last step (round 31 is odd), which does one round only.
  wire [63:0] st_step;
  generate
    if (RPC == 2) begin : g_rpc2
      wire [63:0] x2 = ya ^ rk_q[127:64];
      wire [63:0] x2_s, enc_y2, x2_pi, dec_y2;
      present_slayer #(.INV(0)) u_s2 (.x_i(x2), .y_o(x2_s));
      present_player #(.INV(0)) u_p2 (.x_i(x2_s), .y_o(enc_y2));
      present_player #(.INV(1)) u_pi2 (.x_i(x2), .y_o(x2_pi));
      present_slayer #(.INV(1)) u_si2 (.x_i(x2_pi), .y_o(dec_y2));
      assign st_step = step_last ? ya : (dec_q ? dec_y2 : enc_y2);
    end else begin : g_rpc1
      assign st_step = ya;
    end
  endgenerate

  // ---------------------------------------------------------------- control
  generate
    if (KEY128 == 0) begin : g_k80
      /* verilator lint_off UNUSEDSIGNAL */
      wire unused_key = ^key_i[47:0];  // an 80-bit key is the top 80 bits of the key bus
      /* verilator lint_on UNUSEDSIGNAL */
    end
  endgenerate

  always @* begin
    st_d = st_step;
    rnd_d = rnd_q + RPC5;
    kset_d = kset_q;
    wipe_d = wipe_q;
    kok_d = kok_q;
    run_d = run_q;
    if (store_we && kword_last) begin
      kset_d = 1'b0;
      wipe_d = 1'b0;
      kok_d = kset_q;
    end
    if (key_load) begin  // (also during the wipe: the set-up overwrites every word)
      kset_d = 1'b1;
      wipe_d = 1'b0;
      kok_d = 1'b0;
    end
    if (run_q && step_last) begin
      run_d = 1'b0;
    end
    if (in_fire) begin
      st_d = in_data_i;
      rnd_d = 5'd1;
      run_d = 1'b1;
    end
  end

  // Message and error state.
  always @* begin
    dec_d = dec_q;
    busy_d = busy_q;
    open_d = open_q;
    outv_d = outv_q;
    last_d = last_q;
    err_d = err_q;
    err_code_d = err_code_q;
    if (key_valid_i && busy_q) begin
      err_d = 1'b1;
      err_code_d = ERR_BUSY;
    end
    if (start_i) begin
      if (busy_q) begin
        err_d = 1'b1;
        err_code_d = ERR_BUSY;
      end else if (cfg_bad) begin
        err_d = 1'b1;
        err_code_d = ERR_CFG;
      end else if (!kok_q || key_valid_i || (cfg_i[C_K128] != k128_q)) begin
        err_d = 1'b1;
        err_code_d = ERR_NOKEY;
      end else begin
        err_d = 1'b0;
        err_code_d = ERR_NONE;
        busy_d = 1'b1;
        open_d = 1'b1;
        dec_d = cfg_i[C_DEC];
      end
    end
    if (out_fire) begin
      outv_d = 1'b0;
      if (last_q) begin
        busy_d = 1'b0;
      end
    end
    if (run_q && step_last) begin
      outv_d = 1'b1;
    end
    if (in_fire) begin
      last_d = in_last_i;
      if (in_last_i) begin
        open_d = 1'b0;
      end
    end
  end

  wire st_en = in_fire | run_q;

  always @(posedge clk_i) begin
    if (clear) begin
      kreg_q <= {KW{1'b0}};
    end else if (key_load) begin
      kreg_q <= key_i[127 -: KW];
    end else if (kset_q) begin
      kreg_q <= ks_out;
    end
  end

  always @(posedge clk_i) begin
    if (clear) begin
      k128_q <= 1'b0;
    end else if (key_load) begin
      k128_q <= cfg_i[C_K128] && (KEY128 != 0);
    end
  end

  always @(posedge clk_i) begin
    if (clear || key_load) begin
      kcnt_q <= 5'd0;
    end else if (store_we) begin
      kcnt_q <= kcnt_q + 5'd1;
    end
  end

  always @(posedge clk_i) begin
    if (clear) begin
      rk_q <= {64*RPC{1'b0}};
    end else if (st_en) begin
      rk_q <= rk_rd;
    end
  end

  always @(posedge clk_i) begin
    if (clear) begin
      st_q <= 64'd0;
    end else if (st_en) begin
      st_q <= st_d;
    end
  end

  // The round counter moves only with the state (st_en): idle, it holds, and so do the store's
  // read address and everything behind it.
  always @(posedge clk_i) begin
    if (clear) begin
      rnd_q <= 5'd0;
    end else if (st_en) begin
      rnd_q <= rnd_d;
    end
  end

  always @(posedge clk_i) begin
    if (clear) begin
      kset_q <= 1'b0;
      wipe_q <= 1'b1;  // the store is wiped after every reset and zeroize
      kok_q <= 1'b0;
      dec_q <= 1'b0;
      busy_q <= 1'b0;
      open_q <= 1'b0;
      run_q <= 1'b0;
      outv_q <= 1'b0;
      last_q <= 1'b0;
      err_q <= 1'b0;
      err_code_q <= ERR_NONE;
    end else begin
      kset_q <= kset_d;
      wipe_q <= wipe_d;
      kok_q <= kok_d;
      dec_q <= dec_d;
      busy_q <= busy_d;
      open_q <= open_d;
      run_q <= run_d;
      outv_q <= outv_d;
      last_q <= last_d;
      err_q <= err_d;
      err_code_q <= err_code_d;
    end
  end

  assign key_ready_o = kok_q;
  assign out_valid_o = outv_q;
  assign out_data_o = x;  // meaningful only with out_valid_o (st_q and rk_q hold until read)
  assign out_last_o = last_q;
  assign busy_o = busy_q;
  assign err_o = err_q;
  assign err_code_o = err_code_q;
endmodule

`default_nettype wire
