// SPDX-License-Identifier: Apache-2.0
// core_div.v
// RV32M divider (DIV, DIVU, REM, REMU): iterative restoring division, one quotient bit per cycle.
`default_nettype none

module core_div (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        kill_i,   // the EX instruction is flushed: abort
  input  wire        req_i,    // EX holds a division with valid operands (starts when idle)
  input  wire        ack_i,    // EX hands the result on: return to idle
  input  wire [1:0]  op_i,     // funct3[1:0]: 0 div, 1 divu, 2 rem, 3 remu
  input  wire [31:0] a_i,
  input  wire [31:0] b_i,
  output wire        done_o,   // result_o is valid (held until ack_i)
  output wire [31:0] result_o
);
  localparam [1:0] S_IDLE = 2'd0, S_BUSY = 2'd1, S_DONE = 2'd2;

  reg [1:0]  state_q, state_d;
  reg [31:0] quot_q, quot_d;     // dividend shifting out, quotient shifting in
  reg [31:0] rem_q, rem_d;       // partial remainder
  reg [31:0] dvs_q, dvs_d;       // the divisor as given
  reg        dneg_q, dneg_d;     // it is negative (signed operation): add it instead of subtracting
  reg [4:0]  cnt_q, cnt_d;
  reg        neg_q, neg_d;       // negate the result (quotient or remainder) at the end
  reg        miss_q, miss_d;     // a step did not fit (see the last step)
  reg        rem_sel_q, rem_sel_d;
  reg [31:0] res_q, res_d;

  wire        signed_op = ~op_i[0];
  wire [31:0] a_abs     = (signed_op && a_i[31]) ? -a_i : a_i;

  // One restoring step: shift the next dividend bit into the remainder, subtract |divisor| if it
  // fits. A negative divisor is added as it is (its value is -|divisor|), so the divisor needs
  // no negator: the choice is an XOR in each adder bit's LUT. 34 bits: shifted < 2^33.
  wire [32:0] shifted = {rem_q, quot_q[31]};
  // (bit 32 is not looked at: a difference that fits is below |divisor| <= 2^32 - 1)
  /* verilator lint_off UNUSEDSIGNAL */
  wire [33:0] diff    = {1'b0, shifted} +
                        (dneg_q ? {2'b11, dvs_q} : ~{2'b00, dvs_q}) + {33'd0, !dneg_q};
  /* verilator lint_on UNUSEDSIGNAL */
  wire        fits    = ~diff[33];
  // Last step: the unsigned quotient or remainder, one negator for both.
  wire [31:0] fin_abs = rem_sel_q ? (fits ? diff[31:0] : shifted[31:0]) : {quot_q[30:0], fits};

  always @* begin
    state_d   = state_q;
    quot_d    = quot_q;
    rem_d     = rem_q;
    dvs_d     = dvs_q;
    dneg_d    = dneg_q;
    cnt_d     = cnt_q;
    neg_d     = neg_q;
    miss_d    = miss_q;
    rem_sel_d = rem_sel_q;
    res_d     = res_q;
    case (state_q)
      S_IDLE: if (req_i) begin
        // Every division takes the same 32 steps. The two special cases of RISC-V come out of
        // them: by zero, every step fits (the quotient all ones, the remainder the dividend; a
        // signed quotient is then not negated: -1, see the last step), and INT_MIN / -1 gives
        // |INT_MIN| = 2^31, which is INT_MIN again, with remainder 0.
        rem_sel_d = op_i[1];
        quot_d    = a_abs;
        rem_d     = 32'd0;
        dvs_d     = b_i;
        dneg_d    = signed_op && b_i[31];
        cnt_d     = 5'd31;
        // the quotient is negative when the signs differ, the remainder takes the dividend's
        neg_d     = signed_op && (op_i[1] ? a_i[31] : a_i[31] ^ b_i[31]);
        miss_d    = 1'b0;
        state_d   = S_BUSY;
      end
      S_BUSY: begin
        rem_d  = fits ? diff[31:0] : shifted[31:0];
        quot_d = {quot_q[30:0], fits};
        miss_d = miss_q | ~fits;
        cnt_d  = cnt_q - 5'd1;
        if (cnt_q == 5'd0) begin
          // A signed quotient is at most 2^31 in magnitude, so its 32 steps all fit only when
          // the divisor is 0: that quotient (all ones, -1) is not negated. No comparator on
          // the divisor is needed for it.
          res_d   = (neg_q && (rem_sel_q || miss_q || !fits)) ? -fin_abs : fin_abs;
          state_d = S_DONE;
        end
      end
      S_DONE: if (ack_i) state_d = S_IDLE;
      default: state_d = S_IDLE;
    endcase
    if (kill_i) state_d = S_IDLE;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) state_q <= S_IDLE;
    else         state_q <= state_d;
  end

  always @(posedge clk_i) begin
    quot_q    <= quot_d;
    rem_q     <= rem_d;
    dvs_q     <= dvs_d;
    dneg_q    <= dneg_d;
    cnt_q     <= cnt_d;
    neg_q     <= neg_d;
    miss_q    <= miss_d;
    rem_sel_q <= rem_sel_d;
    res_q     <= res_d;
  end

  assign done_o   = (state_q == S_DONE);
  assign result_o = res_q;
endmodule

`default_nettype wire
