// SPDX-License-Identifier: Apache-2.0
// prince_pipe.v
// PRINCE unrolled datapath: the 11 round units cut into STAGES pipeline stages.
`default_nettype none

// The round units (5 forward, the middle, 5 backward) are chained combinationally; unit u sits
// in stage floor(u * STAGES / 11) and every stage ends in a register, the last one being the
// output register:
//
//   in_data_i ^ kwin -> F1 F2 .. | reg | .. M .. | reg | .. B10 ^ kwout -> | out reg | -> out_data_o
//
// The whole pipeline advances together when the output register is empty or being read, so a
// block takes exactly STAGES cycles from acceptance to out_valid_o and one block is accepted per
// cycle.
module prince_pipe #(
  parameter integer STAGES = 3  // 1..11
) (
  input  wire        clk_i,
  input  wire        clear_i,     // synchronous clear (reset or zeroize)
  input  wire        accept_i,    // the message accepts input
  input  wire        in_valid_i,
  output wire        in_ready_o,
  input  wire [63:0] in_data_i,
  input  wire        in_last_i,
  output wire        out_valid_o,
  input  wire        out_ready_i,
  output wire [63:0] out_data_o,
  output wire        out_last_o,
  input  wire [63:0] kc_i,
  input  wire [63:0] kwin_i,
  input  wire [63:0] kwout_i
);
  localparam integer NU = 11;
  // Round constants RC1..RC10, RC1 in the low 64 bits.
  localparam [639:0] RCS = {
    64'hD3B5A399CA0C2399, 64'h64A51195E0E3610D, 64'hC882D32F25323C54, 64'h85840851F1AC43AA,
    64'h7EF84F78FD955CB1, 64'hBE5466CF34E90C6C, 64'h452821E638D01377, 64'h082EFA98EC4E6C89,
    64'hA4093822299F31D0, 64'h13198A2E03707344};

  reg [64*STAGES-1:0] pd_q, pd_d;  // stage data
  reg [STAGES-1:0] pv_q, pv_d;     // stage valid
  reg [STAGES-1:0] pl_q, pl_d;     // stage last

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
      if (u == 0) begin : g_first
        assign u_in[64*u +: 64] = in_data_i ^ kwin_i;
      end else if (ST != ST_PREV) begin : g_reg
        assign u_in[64*u +: 64] = pd_q[64*ST_PREV +: 64];
      end else begin : g_chain
        assign u_in[64*u +: 64] = u_out[64*(u-1) +: 64];
      end
      prince_round #(.KIND(KIND), .RC(RC)) u_round (
        .x_i(u_in[64*u +: 64]), .k_i(kc_i), .y_o(u_out[64*u +: 64]));
      if (u == NU - 1) begin : g_last
        assign sd[64*ST +: 64] = u_out[64*u +: 64] ^ kwout_i;
      end else if (ST_NEXT != ST) begin : g_end
        assign sd[64*ST +: 64] = u_out[64*u +: 64];
      end
    end
  endgenerate

  wire adv = ~pv_q[STAGES-1] | out_ready_i;  // the pipeline moves this cycle
  assign in_ready_o = accept_i & adv;
  wire in_fire = in_valid_i & in_ready_o;

  generate
    if (STAGES > 1) begin : g_shift
      always @* begin
        pv_d = {pv_q[STAGES-2:0], in_fire};
        pl_d = {pl_q[STAGES-2:0], in_last_i};
        pd_d = sd;
      end
    end else begin : g_single
      always @* begin
        pv_d = in_fire;
        pl_d = in_last_i;
        pd_d = sd;
      end
    end
  endgenerate

  always @(posedge clk_i) begin
    if (clear_i) begin
      pd_q <= {64*STAGES{1'b0}};
      pv_q <= {STAGES{1'b0}};
      pl_q <= {STAGES{1'b0}};
    end else if (adv) begin
      pd_q <= pd_d;
      pv_q <= pv_d;
      pl_q <= pl_d;
    end
  end

  assign out_valid_o = pv_q[STAGES-1];
  assign out_data_o = pd_q[64*(STAGES-1) +: 64];
  assign out_last_o = pl_q[STAGES-1];
endmodule

`default_nettype wire
