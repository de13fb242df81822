// SPDX-License-Identifier: Apache-2.0
// prince_ctrl.v
// PRINCE engine control shared by both datapaths: key, direction keys, message and error state.
`default_nettype none
`include "soc_memmap.vh"

// Holds the loaded key and, from start_i, the keys the datapath needs for the message direction
// (alpha-reflection: decryption = encryption with k0 <-> k0' and k1 ^ alpha):
//   kc    = k1 (^ alpha)               the core round key
//   kwin  = kin ^ kc                   input whitening with the first key addition folded in
//   kwout = kout ^ kc ^ RC11           output whitening with the last key addition folded in
//   kcb   = M'(SR^-1(kc))              kc moved through the backward rounds' linear layer, so a
//                                      backward round adds its key after M' (see prince_folded)
// The wide registers are cleared through the flop's synchronous reset (reset or zeroize) and
// loaded through its enable, so neither costs LUTs in front of them.
module prince_ctrl (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         zeroize_i,
  input  wire [3:0]   cfg_i,
  input  wire         start_i,
  input  wire [127:0] key_i,
  input  wire         key_valid_i,
  output wire         key_ready_o,
  input  wire         in_fire_i,   // an input block is accepted this cycle
  input  wire         in_last_i,
  input  wire         out_fire_i,  // an output block is taken this cycle
  input  wire         out_last_i,
  output wire         busy_o,
  output wire         open_o,      // the message still accepts input
  output wire         start_o,     // a message starts this cycle
  output wire         err_o,
  output wire [3:0]   err_code_o,
  output wire [63:0]  kc_o,
  output wire [63:0]  kcb_o,
  output wire [63:0]  kwin_o,
  output wire [63:0]  kwout_o
);
  localparam [63:0] ALPHA = 64'hC0AC29B7C97C50DD;
  localparam [63:0] RC11 = 64'hC0AC29B7C97C50DD;
  // STATUS.ERR_CODE values (meanings in engines/prince/regs.toml)
  localparam [3:0] ERR_NONE = 4'd0;
  localparam [3:0] ERR_CFG = `CV_PRINCE_STATUS_ERR_CODE_CFG;
  localparam [3:0] ERR_BUSY = `CV_PRINCE_STATUS_ERR_CODE_BUSY;
  localparam [3:0] ERR_NOKEY = `CV_PRINCE_STATUS_ERR_CODE_NOKEY;

  reg [127:0] key_q;
  reg key_ok_q, key_ok_d;
  reg [63:0] kc_q, kc_d, kcb_q, kcb_d, kwin_q, kwin_d, kwout_q, kwout_d;
  reg busy_q, busy_d;
  reg open_q, open_d;
  reg err_q, err_d;
  reg [3:0] err_code_q, err_code_d;

  wire clear = ~rst_ni | zeroize_i;
  // cfg_i is CFG (engines/prince/regs.toml): DEC; KSZ must be 128 (0); MODE (CTR) is the
  // coupling's and reaches the engine cleared, so it is reserved here
  wire cfg_bad = (cfg_i[`CV_PRINCE_CFG_KSZ_MSB:`CV_PRINCE_CFG_KSZ_LSB] != `CV_PRINCE_CFG_KSZ_128) |
                 cfg_i[`CV_PRINCE_CFG_MODE_LSB];
  wire dec = cfg_i[`CV_PRINCE_CFG_DEC_LSB];
  wire key_load = key_valid_i & ~busy_q;
  wire start_ok = start_i & ~busy_q & ~cfg_bad & key_ok_q & ~key_valid_i;

  wire [63:0] k0 = key_q[127:64];
  wire [63:0] k1 = key_q[63:0];
  wire [63:0] k0p = {k0[0], k0[63:1]} ^ {63'd0, k0[63]};
  wire [63:0] kc_sr, kc_l;
  prince_shiftrows #(.INV(1)) u_sr (.x_i(kc_d), .y_o(kc_sr));
  prince_mprime u_m (.x_i(kc_sr), .y_o(kc_l));

  always @* begin
    kc_d = dec ? (k1 ^ ALPHA) : k1;
    kcb_d = kc_l;
    kwin_d = (dec ? k0p : k0) ^ kc_d;
    kwout_d = (dec ? k0 : k0p) ^ kc_d ^ RC11;
  end

  always @* begin
    key_ok_d = key_ok_q | key_load;
    busy_d = busy_q;
    open_d = open_q;
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
      end else if (!key_ok_q || key_valid_i) begin
        err_d = 1'b1;
        err_code_d = ERR_NOKEY;
      end else begin
        err_d = 1'b0;
        err_code_d = ERR_NONE;
        busy_d = 1'b1;
        open_d = 1'b1;
      end
    end
    if (in_fire_i && in_last_i) begin
      open_d = 1'b0;
    end
    if (out_fire_i && out_last_i) begin
      busy_d = 1'b0;
    end
  end

  always @(posedge clk_i) begin
    if (clear) begin
      key_q <= 128'd0;
    end else if (key_load) begin
      key_q <= key_i;
    end
  end

  always @(posedge clk_i) begin
    if (clear) begin
      kc_q <= 64'd0;
      kcb_q <= 64'd0;
      kwin_q <= 64'd0;
      kwout_q <= 64'd0;
    end else if (start_ok) begin
      kc_q <= kc_d;
      kcb_q <= kcb_d;
      kwin_q <= kwin_d;
      kwout_q <= kwout_d;
    end
  end

  always @(posedge clk_i) begin
    if (clear) begin
      key_ok_q <= 1'b0;
      busy_q <= 1'b0;
      open_q <= 1'b0;
      err_q <= 1'b0;
      err_code_q <= ERR_NONE;
    end else begin
      key_ok_q <= key_ok_d;
      busy_q <= busy_d;
      open_q <= open_d;
      err_q <= err_d;
      err_code_q <= err_code_d;
    end
  end

  assign key_ready_o = key_ok_q;
  assign busy_o = busy_q;
  assign open_o = open_q;
  assign start_o = start_ok;
  assign err_o = err_q;
  assign err_code_o = err_code_q;
  assign kc_o = kc_q;
  assign kcb_o = kcb_q;
  assign kwin_o = kwin_q;
  assign kwout_o = kwout_q;
endmodule

`default_nettype wire
