// prince_engine.v
// PRINCE engine: unrolled, STAGES-deep pipeline behind the common engine streaming interface.
`default_nettype none

// Datapath: the 11 round units (5 forward, the middle, 5 backward) are chained combinationally
// and cut into STAGES pipeline stages; every stage ends in a register, the last one is the output
// register. Unit u sits in stage floor(u * STAGES / 11).
//
//   in_data_i -> [^kwin] F1 F2 .. | reg | .. M .. | reg | .. B10 [^kwout] -> | out reg | -> out_data_o
//
// Decryption is encryption with k0 and k0' swapped and k1 ^ alpha (alpha-reflection), so the
// direction only changes three key registers loaded at start_i: kwin = kin ^ kc, kc, and
// kwout = kout ^ kc ^ RC11. The whole pipeline advances together when the output register is empty
// or being read, so a block takes exactly STAGES cycles from acceptance to out_valid_o and the
// engine accepts one block per cycle.
module prince_engine #(
  parameter integer STAGES = 3  // pipeline registers from input to output, 1..11
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
  localparam [63:0] ALPHA = 64'hC0AC29B7C97C50DD;
  localparam [63:0] RC11 = 64'hC0AC29B7C97C50DD;
  localparam [3:0] ERR_NONE = 4'd0;
  localparam [3:0] ERR_CFG = 4'd1;    // reserved cfg bits set
  localparam [3:0] ERR_BUSY = 4'd2;   // start_i or key_valid_i during a message
  localparam [3:0] ERR_NOKEY = 4'd3;  // start_i without a loaded key
  localparam integer NU = 11;         // round units

  // Round constants RC1..RC10, RC1 in the low 64 bits.
  localparam [639:0] RCS = {
    64'hD3B5A399CA0C2399, 64'h64A51195E0E3610D, 64'hC882D32F25323C54, 64'h85840851F1AC43AA,
    64'h7EF84F78FD955CB1, 64'hBE5466CF34E90C6C, 64'h452821E638D01377, 64'h082EFA98EC4E6C89,
    64'hA4093822299F31D0, 64'h13198A2E03707344};

  // ---------------------------------------------------------------- registers
  reg [127:0] key_q, key_d;
  reg key_ok_q, key_ok_d;
  reg [63:0] kc_q, kc_d, kwin_q, kwin_d, kwout_q, kwout_d;
  reg busy_q, busy_d;
  reg open_q, open_d;  // the message still accepts input (in_last_i not seen)
  reg err_q, err_d;
  reg [3:0] err_code_q, err_code_d;
  reg [64*STAGES-1:0] pd_q, pd_d;  // stage data
  reg [STAGES-1:0] pv_q, pv_d;     // stage valid
  reg [STAGES-1:0] pl_q, pl_d;     // stage last

  // ---------------------------------------------------------------- datapath
  wire [64*STAGES-1:0] sd;  // stage results (register inputs)
  // split_var: the units chain through these vectors, which is not a real loop.
  wire [64*NU-1:0] u_in /* verilator split_var */;
  wire [64*NU-1:0] u_out /* verilator split_var */;

  genvar u;
  generate
    for (u = 0; u < NU; u = u + 1) begin : g_unit
      localparam integer ST = (u * STAGES) / NU;
      localparam integer ST_PREV = ((u - 1) * STAGES) / NU;
      localparam integer ST_NEXT = ((u + 1) * STAGES) / NU;
      localparam integer KIND = (u < 5) ? 0 : (u == 5) ? 1 : 2;
      localparam integer RI = (u < 5) ? u : (u > 5) ? u - 1 : 0;  // index into RCS
      localparam [63:0] RC = (u == 5) ? 64'h0 : RCS[64*RI +: 64];
      wire [63:0] x;
      if (u == 0) begin : g_first
        assign x = in_data_i ^ kwin_q;
      end else if (ST != ST_PREV) begin : g_reg
        assign x = pd_q[64*ST_PREV +: 64];
      end else begin : g_chain
        assign x = u_out[64*(u-1) +: 64];
      end
      assign u_in[64*u +: 64] = x;
      prince_round #(.KIND(KIND), .RC(RC)) u_round (
        .x_i(u_in[64*u +: 64]), .k_i(kc_q), .y_o(u_out[64*u +: 64]));
      if (u == NU - 1) begin : g_last
        assign sd[64*ST +: 64] = u_out[64*u +: 64] ^ kwout_q;
      end else if (ST_NEXT != ST) begin : g_end
        assign sd[64*ST +: 64] = u_out[64*u +: 64];
      end
    end
  endgenerate

  // ---------------------------------------------------------------- control
  wire adv = ~pv_q[STAGES-1] | out_ready_i;  // the pipeline moves this cycle
  assign in_ready_o = busy_q & open_q & adv;
  wire in_fire = in_valid_i & in_ready_o;
  wire out_fire = pv_q[STAGES-1] & out_ready_i;
  wire cfg_bad = |cfg_i[3:1];
  wire dec = cfg_i[0];

  wire [63:0] k0 = key_q[127:64];
  wire [63:0] k1 = key_q[63:0];
  wire [63:0] k0p = {k0[0], k0[63:1]} ^ {63'd0, k0[63]};

  // Key, message and error state.
  always @* begin
    key_d = key_q;
    key_ok_d = key_ok_q;
    kc_d = kc_q;
    kwin_d = kwin_q;
    kwout_d = kwout_q;
    busy_d = busy_q;
    open_d = open_q;
    err_d = err_q;
    err_code_d = err_code_q;
    if (key_valid_i) begin
      if (busy_q) begin
        err_d = 1'b1;
        err_code_d = ERR_BUSY;
      end else begin
        key_d = key_i;
        key_ok_d = 1'b1;
      end
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
        kc_d = dec ? (k1 ^ ALPHA) : k1;
        kwin_d = (dec ? k0p : k0) ^ kc_d;
        kwout_d = (dec ? k0 : k0p) ^ kc_d ^ RC11;
      end
    end
    if (in_fire && in_last_i) begin
      open_d = 1'b0;
    end
    if (out_fire && pl_q[STAGES-1]) begin
      busy_d = 1'b0;
    end
    if (zeroize_i) begin
      key_d = 128'd0;
      key_ok_d = 1'b0;
      kc_d = 64'd0;
      kwin_d = 64'd0;
      kwout_d = 64'd0;
      busy_d = 1'b0;
      open_d = 1'b0;
      err_d = 1'b0;
      err_code_d = ERR_NONE;
    end
  end

  // Pipeline: all stages shift together on adv.
  generate
    if (STAGES > 1) begin : g_shift
      always @* begin
        pv_d = {pv_q[STAGES-2:0], in_fire};
        pl_d = {pl_q[STAGES-2:0], in_last_i};
        pd_d = sd;
        if (zeroize_i) begin
          pv_d = {STAGES{1'b0}};
          pl_d = {STAGES{1'b0}};
          pd_d = {64*STAGES{1'b0}};
        end
      end
    end else begin : g_single
      always @* begin
        pv_d = in_fire;
        pl_d = in_last_i;
        pd_d = sd;
        if (zeroize_i) begin
          pv_d = 1'b0;
          pl_d = 1'b0;
          pd_d = 64'd0;
        end
      end
    end
  endgenerate

  wire pipe_en = adv | zeroize_i;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      key_q <= 128'd0;
      key_ok_q <= 1'b0;
      kc_q <= 64'd0;
      kwin_q <= 64'd0;
      kwout_q <= 64'd0;
      busy_q <= 1'b0;
      open_q <= 1'b0;
      err_q <= 1'b0;
      err_code_q <= ERR_NONE;
    end else begin
      key_q <= key_d;
      key_ok_q <= key_ok_d;
      kc_q <= kc_d;
      kwin_q <= kwin_d;
      kwout_q <= kwout_d;
      busy_q <= busy_d;
      open_q <= open_d;
      err_q <= err_d;
      err_code_q <= err_code_d;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      pd_q <= {64*STAGES{1'b0}};
      pv_q <= {STAGES{1'b0}};
      pl_q <= {STAGES{1'b0}};
    end else if (pipe_en) begin
      pd_q <= pd_d;
      pv_q <= pv_d;
      pl_q <= pl_d;
    end
  end

  assign key_ready_o = key_ok_q;
  assign out_valid_o = pv_q[STAGES-1];
  assign out_data_o = pd_q[64*(STAGES-1) +: 64];
  assign out_last_o = pl_q[STAGES-1];
  assign busy_o = busy_q;
  assign err_o = err_q;
  assign err_code_o = err_code_q;
endmodule

`default_nettype wire
