// SPDX-License-Identifier: Apache-2.0
// prince_top.v
// PRINCE engine (64-bit block, 128-bit key) behind the common engine streaming interface.
`default_nettype none

// FOLDED = 1 (default): prince_fold, two rounds per cycle, 6 cycles latency, one block per 3
//   cycles, the smaller datapath.
// FOLDED = 0: prince_pipe, fully unrolled and cut into STAGES pipeline stages, STAGES cycles
//   latency, one block per cycle.
// prince_ctrl holds the key, the per-direction keys and the message/error state for both.
module prince_top #(
  parameter integer FOLDED = 1,
  parameter integer STAGES = 3  // only with FOLDED = 0
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
  wire clear = ~rst_ni | zeroize_i;
  wire open, start;
  wire [63:0] kc, kcb, kwin, kwout;
  wire in_fire = in_valid_i & in_ready_o;
  wire out_fire = out_valid_o & out_ready_i;

  prince_ctrl u_ctrl (
    .clk_i(clk_i), .rst_ni(rst_ni), .zeroize_i(zeroize_i), .cfg_i(cfg_i), .start_i(start_i),
    .key_i(key_i), .key_valid_i(key_valid_i), .key_ready_o(key_ready_o),
    .in_fire_i(in_fire), .in_last_i(in_last_i), .out_fire_i(out_fire), .out_last_i(out_last_o),
    .busy_o(busy_o), .open_o(open), .start_o(start), .err_o(err_o), .err_code_o(err_code_o),
    .kc_o(kc), .kcb_o(kcb), .kwin_o(kwin), .kwout_o(kwout));

  generate
    if (FOLDED != 0) begin : g_fold
      prince_fold u_dp (
        .clk_i(clk_i), .clear_i(clear), .start_i(start), .accept_i(busy_o & open),
        .in_valid_i(in_valid_i), .in_ready_o(in_ready_o), .in_data_i(in_data_i),
        .in_last_i(in_last_i), .out_valid_o(out_valid_o), .out_ready_i(out_ready_i),
        .out_data_o(out_data_o), .out_last_o(out_last_o),
        .kc_i(kc), .kcb_i(kcb), .kwin_i(kwin), .kwout_i(kwout));
    end else begin : g_pipe
      prince_pipe #(.STAGES(STAGES)) u_dp (
        .clk_i(clk_i), .clear_i(clear), .accept_i(busy_o & open),
        .in_valid_i(in_valid_i), .in_ready_o(in_ready_o), .in_data_i(in_data_i),
        .in_last_i(in_last_i), .out_valid_o(out_valid_o), .out_ready_i(out_ready_i),
        .out_data_o(out_data_o), .out_last_o(out_last_o),
        .kc_i(kc), .kwin_i(kwin), .kwout_i(kwout));
      /* verilator lint_off UNUSEDSIGNAL */
      wire unused = start ^ (^kcb);  // the pipeline needs no phase and adds kc before M'
      /* verilator lint_on UNUSEDSIGNAL */
    end
  endgenerate
endmodule

`default_nettype wire
