// SPDX-License-Identifier: Apache-2.0
// fv_ctr64.v: formal properties of coupling/rtl/cpl_ctr64.v (CTR mode of the 64-bit engines).
// The engine is abstract: an in-order queue of QD blocks that outputs each block it took
// unchanged (a cipher that is the identity: what is checked is which counter and which data
// meet, not the cipher), taking and giving blocks whenever the solver likes; it is busy from a
// START taken while idle until it has given the last block of the message, and, idle, holds
// nothing. The unit side offers blocks freely. The data and counter are W = 8 bits wide here
// (the module's width parameter; the logic is the same at every width, and at 64 bits the
// solver needs minutes per step). Asserted, for every such sequence:
//   - in CTR the engine never holds more than DEPTH blocks (the FIFO's size);
//   - in CTR the engine is given the counter, one more for each block of a message (the IV
//     loaded while idle for the first), and the k-th output of the message is the k-th counter
//     XOR the k-th data block, for a k the solver picks;
//   - outside CTR the data pass through unchanged both ways;
//   - the counter reads back as the next block's counter.
`default_nettype none
module fv_ctr64 #(parameter integer DEPTH = 3, parameter integer W = 8) (
  input wire        clk_i,
  input wire        rst_ni,
  input wire        zeroize_i,
  input wire        start_i,
  input wire        ctr_i,
  input wire [W-1:0] iv_i,
  input wire        iv_valid_i,
  input wire        in_valid_i,
  input wire [W-1:0] in_data_i,
  input wire        in_last_i,
  input wire        eng_take_i,   // the abstract engine may take a block this cycle
  input wire        eng_give_i,   // and may offer one
  input wire        out_ready_i
);
  // ---- the abstract engine: a ring of QD blocks (2-bit pointers)
  localparam integer QD = 4;
  reg  [W-1:0]      q_q [0:3];
  reg  [1:0]       qh_q, qt_q;
  reg  [2:0]       qn_q;
  reg              busy_q, open_q, lastin_q;
  wire             eng_in_ready = busy_q && open_q && eng_take_i && (qn_q < QD);
  wire             eng_in_valid, in_ready;
  wire [W-1:0]      eng_in_data, out_data, iv_o;
  wire             eng_out_valid = busy_q && (qn_q != 3'd0) && eng_give_i;
  wire [W-1:0]      eng_out_data = q_q[qh_q];
  wire             e_in  = eng_in_valid && eng_in_ready;
  wire             e_out = eng_out_valid && out_ready_i;
  wire             e_last_out = e_out && (qn_q == 3'd1) && lastin_q;
  wire             clear = !rst_ni || zeroize_i;

  cpl_ctr64 #(.DEPTH(DEPTH), .W(W)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .zeroize_i(zeroize_i), .start_i(start_i), .ctr_i(ctr_i),
    .eng_busy_i(busy_q), .iv_i(iv_i), .iv_valid_i(iv_valid_i), .iv_o(iv_o),
    .in_valid_i(in_valid_i), .in_ready_o(in_ready), .in_data_i(in_data_i),
    .out_data_o(out_data), .eng_in_valid_o(eng_in_valid), .eng_in_ready_i(eng_in_ready),
    .eng_in_data_o(eng_in_data), .eng_out_valid_i(eng_out_valid),
    .eng_out_ready_i(out_ready_i), .eng_out_data_i(eng_out_data)
  );

  always @(posedge clk_i) begin
    if (clear) begin
      qh_q <= 0; qt_q <= 0; qn_q <= 0; busy_q <= 0; open_q <= 0; lastin_q <= 0;
    end else begin
      if (start_i && !busy_q) begin
        busy_q <= 1'b1; open_q <= 1'b1; lastin_q <= 1'b0;
      end
      if (e_in && in_last_i) begin
        open_q <= 1'b0; lastin_q <= 1'b1;
      end
      if (e_last_out) busy_q <= 1'b0;
      if (e_in) begin
        q_q[qt_q] <= eng_in_data;
        qt_q <= qt_q + 2'd1;
      end
      if (e_out) qh_q <= qh_q + 2'd1;
      qn_q <= qn_q + {2'b0, e_in} - {2'b0, e_out};
    end
  end

  reg f_past = 1'b0;
  always @(posedge clk_i) f_past <= 1'b1;
  always @* if (!f_past) assume (!rst_ni);
  // the hub holds an offered block (valid and data) until taken, as cpl_hub does
  reg        pv_q = 1'b0;
  reg [W-1:0] pd_q;
  reg        pl_q;
  always @(posedge clk_i) begin
    pv_q <= rst_ni && !zeroize_i && in_valid_i && !in_ready;
    pd_q <= in_data_i;
    pl_q <= in_last_i;
  end
  always @* if (pv_q) assume (in_valid_i && in_data_i == pd_q && in_last_i == pl_q);

  // ---- the message's count of blocks in and out, the counter at the first, a chosen k-th
  (* anyconst *) reg [1:0] k;
  reg [3:0]  nin_q, nout_q;
  reg [W-1:0] ck_q, pk_q;
  reg        havek_q;
  reg        ctrmsg_q;
  always @(posedge clk_i) begin
    if (clear || !busy_q) begin
      nin_q <= 0; nout_q <= 0; havek_q <= 0;
      if (clear) ctrmsg_q <= 0;
      else if (start_i) ctrmsg_q <= ctr_i;
    end else begin
      if (e_in) begin
        nin_q <= nin_q + 4'd1;
        if (nin_q == {2'b0, k}) begin ck_q <= eng_in_data; pk_q <= in_data_i; havek_q <= 1'b1; end
      end
      if (e_out) nout_q <= nout_q + 4'd1;
    end
  end
  // the counter runs on across messages: c0 is the counter at the message's first block
  reg [W-1:0] cstart_q;
  always @(posedge clk_i) if (start_i && !busy_q) cstart_q <= iv_valid_i ? iv_i : iv_o;

  always @(posedge clk_i) if (f_past && rst_ni && !zeroize_i) begin
    if (ctrmsg_q && busy_q) begin
      assert (nin_q - nout_q <= DEPTH);
      if (e_in) assert (eng_in_data == cstart_q + nin_q);
      if (e_out && nout_q == {2'b0, k} && havek_q) assert (out_data == (ck_q ^ pk_q));
      if (e_out && nout_q == {2'b0, k}) assert (havek_q);
      assert (iv_o == cstart_q + nin_q);
    end
    if (!ctrmsg_q && busy_q) begin
      if (e_in) assert (eng_in_data == in_data_i);
      if (e_out) assert (out_data == eng_out_data);
    end
  end
  always @* if (rst_ni && !zeroize_i && busy_q) assume (nin_q < 4'd6);

  // not vacuous: a CTR message gives its fourth block, with the FIFO full on the way
  always @(posedge clk_i) if (f_past && rst_ni) begin
    cover (ctrmsg_q && e_out && nout_q == 4'd3);
    cover (ctrmsg_q && busy_q && nin_q - nout_q == DEPTH);
  end
endmodule
`default_nettype wire
