// present_engine.v
// PRESENT-80/128 engine: one round per cycle behind the common engine streaming interface.
`default_nettype none

// Datapath (all registers on the left, one round per clock):
//
//   in_data_i --> st_q --+--> x = st_q ^ rk_q[top 64] --+--> S, P        (encrypt) --> st_q
//                        |                              +--> P^-1, S^-1  (decrypt) --> st_q
//                        |                              +--> out_data_o (after the last round)
//   mkey_q / dk_q -----> rk_q --> present_keystep (forward or backward) --> rk_q
//
// Encryption: st = P(S(st ^ K_i)) for i = 1..31, output st ^ K32.
// Decryption: st = S^-1(P^-1(st ^ K_j)) for j = 32..2, output st ^ K1.
// Both are "XOR the round key, then a layer" for 31 cycles and a final XOR, so the output is the
// same x that feeds the next round. Decryption starts from the key register after 31 forward
// steps (K32's register, dk_q); it is computed once when the key is loaded, for the key size
// cfg_i names at that moment (cfg_i[1], as AES takes its key size), so every block, either
// direction, takes exactly 31 cycles from acceptance to out_valid_o and the next block can be
// accepted on the cycle its predecessor is read out. A message must use the loaded key's size:
// one that names the other size is refused with ERR_NOKEY (no key of that size is loaded).
module present_engine #(
  parameter integer KEY128 = 1,  // 1: 80- and 128-bit keys; 0: 80-bit keys only (smaller)
  parameter integer RPC = 1      // rounds (and key steps) per cycle: 1 or 2
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
  localparam [3:0] ERR_NONE = 4'd0;
  localparam [3:0] ERR_CFG = 4'd1;    // reserved cfg bits, or a key size not built in
  localparam [3:0] ERR_BUSY = 4'd2;   // start_i or key_valid_i during a message
  localparam [3:0] ERR_NOKEY = 4'd3;  // start_i without a ready key
  localparam [4:0] LAST_RND = 5'd31;
  localparam [4:0] RPC5 = RPC[4:0];

  // ---------------------------------------------------------------- registers
  reg [KW-1:0] mkey_q;      // the loaded key (K1's register)
  reg [KW-1:0] dk_q;        // K32's register (an 80-bit key's in the top 80 bits)
  reg [KW-1:0] rk_q, rk_d;  // working key register
  reg [63:0] st_q, st_d;
  reg [4:0] rnd_q, rnd_d;   // round (or key precomputation step) 1..31
  reg kstart_q, kstart_d;   // next cycle: copy mkey_q to rk_q and start precomputing
  reg kbusy_q, kbusy_d;     // precomputing the decryption start key
  reg k128_q;               // the loaded key is 128 bits (cfg_i[1] at key_valid_i)
  reg kok_q, kok_d;         // key ready
  reg dec_q, dec_d;         // message direction
  reg busy_q, busy_d;
  reg open_q, open_d;       // the message still accepts input
  reg run_q, run_d;         // a block is being enciphered
  reg outv_q, outv_d;       // out_data_o holds a result
  reg last_q, last_d;       // the block in flight is the message's last
  reg err_q, err_d;
  reg [3:0] err_code_q, err_code_d;

  // The wide registers are cleared through the flop's synchronous reset and loaded through its
  // enable, so reset and zeroize cost no LUTs in front of them.
  wire clear = ~rst_ni | zeroize_i;

  // ---------------------------------------------------------------- datapath
  wire [63:0] x = st_q ^ rk_q[KW-1 -: 64];
  wire [63:0] x_s, enc_y, x_pi, dec_y;
  present_slayer #(.INV(0)) u_s (.x_i(x), .y_o(x_s));
  present_player #(.INV(0)) u_p (.x_i(x_s), .y_o(enc_y));
  present_player #(.INV(1)) u_pi (.x_i(x), .y_o(x_pi));
  present_slayer #(.INV(1)) u_si (.x_i(x_pi), .y_o(dec_y));

  // Decryption steps the schedule back from K32 with round counters 31..1, i.e. 32 - rnd.
  wire ks_inv = run_q & dec_q;
  wire [4:0] ks_rc = ks_inv ? (5'd0 - rnd_q) : rnd_q;
  wire [KW-1:0] ks_out;
  present_keystep #(.KEY128(KEY128), .KW(KW)) u_ks (
    .k_i(rk_q), .rc_i(ks_rc), .inv_i(ks_inv), .k128_i(k128_q), .k_o(ks_out));
  wire [63:0] ya = dec_q ? dec_y : enc_y;

  // Next state and key register of a round step. With RPC = 2 a second round follows in the
  // same cycle, except in the last step (round 31 is odd), which does one round only.
  wire [63:0] st_step;
  wire [KW-1:0] rk_step;
  generate
    if (RPC == 2) begin : g_rpc2
      wire [63:0] x2 = ya ^ ks_out[KW-1 -: 64];
      wire [63:0] x2_s, enc_y2, x2_pi, dec_y2;
      present_slayer #(.INV(0)) u_s2 (.x_i(x2), .y_o(x2_s));
      present_player #(.INV(0)) u_p2 (.x_i(x2_s), .y_o(enc_y2));
      present_player #(.INV(1)) u_pi2 (.x_i(x2), .y_o(x2_pi));
      present_slayer #(.INV(1)) u_si2 (.x_i(x2_pi), .y_o(dec_y2));
      wire [4:0] rnd2 = rnd_q + 5'd1;
      wire [4:0] ks2_rc = ks_inv ? (5'd0 - rnd2) : rnd2;
      wire [KW-1:0] ks2_out;
      present_keystep #(.KEY128(KEY128), .KW(KW)) u_ks2 (
        .k_i(ks_out), .rc_i(ks2_rc), .inv_i(ks_inv), .k128_i(k128_q), .k_o(ks2_out));
      wire single = rnd_q == LAST_RND;
      assign st_step = single ? ya : (dec_q ? dec_y2 : enc_y2);
      assign rk_step = single ? ks_out : ks2_out;
    end else begin : g_rpc1
      assign st_step = ya;
      assign rk_step = ks_out;
    end
  endgenerate

  // ---------------------------------------------------------------- control
  wire cfg_bad = cfg_i[3] | cfg_i[2] | (cfg_i[1] & (KEY128 == 0));
  wire key_load = key_valid_i & ~busy_q;
  assign in_ready_o = busy_q & open_q & ~run_q & (~outv_q | out_ready_i);
  wire in_fire = in_valid_i & in_ready_o;
  wire out_fire = outv_q & out_ready_i;
  wire step_last = rnd_q == LAST_RND;

  generate
    if (KEY128 == 0) begin : g_k80
      /* verilator lint_off UNUSEDSIGNAL */
      wire unused_key = ^key_i[47:0];  // an 80-bit key is the top 80 bits of the key bus
      /* verilator lint_on UNUSEDSIGNAL */
    end
  endgenerate

  always @* begin
    rk_d = rk_step;
    st_d = st_step;
    rnd_d = rnd_q + RPC5;
    kstart_d = key_load;
    kbusy_d = kbusy_q;
    kok_d = kok_q;
    run_d = run_q;
    if (key_load) begin
      kok_d = 1'b0;
      kbusy_d = 1'b0;
    end
    if (kstart_q) begin
      // Start precomputing K32 with the loaded key's schedule.
      rk_d = mkey_q;
      rnd_d = 5'd1;
      kbusy_d = 1'b1;
    end
    if (kbusy_q && step_last) begin
      kbusy_d = 1'b0;
      kok_d = ~key_load;
    end
    if (run_q && step_last) begin
      run_d = 1'b0;
    end
    if (in_fire) begin
      st_d = in_data_i;
      rk_d = dec_q ? dk_q : mkey_q;
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
      end else if (!kok_q || key_valid_i || (cfg_i[1] != k128_q)) begin
        err_d = 1'b1;
        err_code_d = ERR_NOKEY;
      end else begin
        err_d = 1'b0;
        err_code_d = ERR_NONE;
        busy_d = 1'b1;
        open_d = 1'b1;
        dec_d = cfg_i[0];
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
  wire rk_en = in_fire | run_q | kstart_q | kbusy_q;

  always @(posedge clk_i) begin
    if (clear) begin
      mkey_q <= {KW{1'b0}};
    end else if (key_load) begin
      mkey_q <= key_i[127 -: KW];
    end
  end

  always @(posedge clk_i) begin
    if (clear) begin
      k128_q <= 1'b0;
    end else if (key_load) begin
      k128_q <= cfg_i[1] && (KEY128 != 0);
    end
  end

  always @(posedge clk_i) begin
    if (clear) begin
      dk_q <= {KW{1'b0}};
    end else if (kbusy_q && step_last) begin
      dk_q <= ks_out;
    end
  end

  always @(posedge clk_i) begin
    if (clear) begin
      rk_q <= {KW{1'b0}};
    end else if (rk_en) begin
      rk_q <= rk_d;
    end
  end

  always @(posedge clk_i) begin
    if (clear) begin
      st_q <= 64'd0;
    end else if (st_en) begin
      st_q <= st_d;
    end
  end

  always @(posedge clk_i) begin
    if (clear) begin
      rnd_q <= 5'd0;
      kstart_q <= 1'b0;
      kbusy_q <= 1'b0;
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
      rnd_q <= rnd_d;
      kstart_q <= kstart_d;
      kbusy_q <= kbusy_d;
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
