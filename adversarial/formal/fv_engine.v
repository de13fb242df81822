// SPDX-License-Identifier: Apache-2.0
// fv_engine.v: bounded liveness of an engine's control (engines/*/rtl top modules, the streaming
// interface of docs/ARCHITECTURE.md). A scripted, well-behaved driver: reset; wait until the
// engine is idle (the AES key-store wipe); load a key (symbolic) with the configuration (a
// symbolic constant: any value, valid or not); START; offer one last block (symbolic data, any
// SHA-3 byte count) until taken; wait for the first output (or BUSY falling without one: a CMAC
// segment that is not the final one); take every output (out_ready high) until BUSY falls.
// Asserted, whatever the configuration, key and data: no wait of the script lasts W cycles or
// more (a wait ends with its handshake, with err_o for a refused configuration or key size, and
// while the output streams, e.g. a long SHAKE output, every next word comes within W cycles).
// Covered: the end of the script reached with an output and no error.
// One engine per run: define ENG_AES, ENG_PRINCE, ENG_PRESENT, ENG_CHACHA or ENG_SHA3.
`default_nettype none
module fv_engine #(parameter integer W = 40) (
  input wire         clk_i,
  input wire [31:0]  cfg_any,
  input wire [255:0] key_any,
  input wire [511:0] data_any,
  input wire [3:0]   bytes_any
);
  reg f_past = 1'b0;
  always @(posedge clk_i) f_past <= 1'b1;
  wire rst_ni = f_past;   // reset in the first cycle

  // the configuration is one value for the whole run
  always @(posedge clk_i) if (f_past) assume (cfg_any == $past(cfg_any));

  localparam [2:0] P_IDLE = 3'd0, P_KEY = 3'd1, P_START = 3'd2, P_IN = 3'd3, P_OUT = 3'd4,
                   P_DONE = 3'd5, P_END = 3'd6;
  reg  [2:0] phase = P_IDLE;
  reg  [7:0] waited = 8'd0;   // cycles in the current wait
  reg        saw_out = 1'b0, saw_err = 1'b0;
  wire       key_ready, in_ready, out_valid, busy, err;
  wire       key_valid = phase == P_IDLE && !busy && rst_ni;
  wire       start     = phase == P_START;
  wire       in_valid  = phase == P_IN;

`ifdef ENG_AES
  localparam integer HAS_KEY = 1;
  aes_top #(.ARCH(0), .SBOX(0)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .zeroize_i(1'b0), .cfg_i(cfg_any[7:0]), .start_i(start),
    .key_i(key_any), .key_valid_i(key_valid), .key_ready_o(key_ready), .iv_i(data_any[511:384]),
    .iv_valid_i(1'b0), .iv_o(), .in_valid_i(in_valid), .in_ready_o(in_ready),
    .in_data_i(data_any[127:0]), .in_last_i(1'b1), .out_valid_o(out_valid), .out_ready_i(1'b1),
    .out_data_o(), .out_last_o(), .busy_o(busy), .err_o(err), .err_code_o());
`elsif ENG_PRINCE
  localparam integer HAS_KEY = 1;
  prince_top #(.FOLDED(1)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .zeroize_i(1'b0), .cfg_i(cfg_any[3:0]), .start_i(start),
    .key_i(key_any[127:0]), .key_valid_i(key_valid), .key_ready_o(key_ready),
    .in_valid_i(in_valid), .in_ready_o(in_ready), .in_data_i(data_any[63:0]), .in_last_i(1'b1),
    .out_valid_o(out_valid), .out_ready_i(1'b1), .out_data_o(), .out_last_o(), .busy_o(busy),
    .err_o(err), .err_code_o());
`elsif ENG_PRESENT
  localparam integer HAS_KEY = 1;
  present_top #(.KEY128(1), .RPC(1)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .zeroize_i(1'b0), .cfg_i(cfg_any[3:0]), .start_i(start),
    .key_i(key_any[127:0]), .key_valid_i(key_valid), .key_ready_o(key_ready),
    .in_valid_i(in_valid), .in_ready_o(in_ready), .in_data_i(data_any[63:0]), .in_last_i(1'b1),
    .out_valid_o(out_valid), .out_ready_i(1'b1), .out_data_o(), .out_last_o(), .busy_o(busy),
    .err_o(err), .err_code_o());
`elsif ENG_CHACHA
  localparam integer HAS_KEY = 1;
  chacha_top dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .zeroize_i(1'b0), .cfg_i(cfg_any[7:0]), .start_i(start),
    .key_i(key_any), .key_valid_i(key_valid), .key_ready_o(key_ready), .iv_i(data_any[511:384]),
    .iv_valid_i(1'b0), .iv_o(), .in_valid_i(in_valid), .in_ready_o(in_ready),
    .in_data_i(data_any), .in_last_i(1'b1), .out_valid_o(out_valid), .out_ready_i(1'b1),
    .out_data_o(), .out_last_o(), .busy_o(busy), .err_o(err), .err_code_o());
`elsif ENG_SHA3
  localparam integer HAS_KEY = 0;   // no key: the script skips the key load
  assign key_ready = 1'b1;
  sha3_top dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .zeroize_i(1'b0), .cfg_i(cfg_any), .start_i(start),
    .in_valid_i(in_valid), .in_ready_o(in_ready), .in_data_i(data_any[63:0]),
    .in_bytes_i(bytes_any), .in_last_i(1'b1), .out_valid_o(out_valid), .out_ready_i(1'b1),
    .out_data_o(), .out_bytes_o(), .out_last_o(), .busy_o(busy), .err_o(err), .err_code_o());
`endif

  always @(posedge clk_i) begin
    if (rst_ni) begin
      waited <= (phase == P_END || out_valid) ? 8'd0 : (waited == 8'hFF) ? waited : waited + 8'd1;
      if (out_valid) saw_out <= 1'b1;
      if (err) saw_err <= 1'b1;
      case (phase)
        P_IDLE:  if (!busy) begin
                   phase  <= HAS_KEY ? P_KEY : P_START;
                   waited <= 8'd0;
                 end
        P_KEY:   if (err) phase <= P_END;
                 else if (key_ready) begin
                   phase  <= P_START;
                   waited <= 8'd0;
                 end
        P_START: phase <= P_IN;
        P_IN:    if (err) phase <= P_END;
                 else if (in_ready) begin
                   phase  <= P_OUT;
                   waited <= 8'd0;
                 end
        P_OUT:   if (err || !busy) phase <= P_END;
                 else if (out_valid) phase <= P_DONE;
        P_DONE:  if (!busy) phase <= P_END;
        default: ;
      endcase
    end
  end

  always @* if (f_past) assert (waited < W);
  always @(posedge clk_i) cover (phase == P_END && saw_out && !saw_err);
endmodule
`default_nettype wire
