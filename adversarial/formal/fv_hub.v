// SPDX-License-Identifier: Apache-2.0
// fv_hub.v: formal properties of coupling/rtl/cpl_hub.v's shared input staging and its ownership
// rule, with two engines of different block sizes (AES 128 bits, PRINCE 64 bits; hub.sby also
// runs all five). Every input is free within the SoC's structure: one CPU access per cycle (an
// engine window request or a custom instruction for one target: the crossbar and the dispatcher
// deliver them in program order, one at a time), the DMA owning at most one engine and strobing
// only that one, and writing the staging only when no other engine holds it (cpl_dma's check of
// other_o); the engines' answers (in_ready, busy, out_valid, ...) are free. Asserted:
//   - a block offered to an engine (in_valid) stays offered with the same data, last flag and
//     byte count until that engine takes it or is zeroized (the DMA's zeroize acts in its cycle,
//     the CPU's reaches the engine a cycle after the request): no write of a later block, of
//     this engine or another, through any source, reaches a block in flight, and a zeroize of
//     another engine leaves it alone;
//   - a block is offered to one engine at a time;
//   - STATUS.IN_READY reads low in every window while a block is offered;
//   - error answers: an input write (DIN) for an engine while a block is offered to another
//     engine flags BUSY_OTHER on the writer, and while the DMA owns the hub BUSY_DMA, in the
//     next cycle (err_o/err_code_o, what STATUS shows).
// Covered: a block of each engine offered, one waiting three cycles, and a BUSY_OTHER refusal.
`default_nettype none
`include "soc_memmap.vh"
module fv_hub #(
  parameter [4:0] ENGINES = 5'b00011
) (
  input wire          clk_i,
  input wire          rst_ni,
  input wire [4:0]    req_i,
  input wire          we_i,
  input wire [11:0]   addr_i,
  input wire [31:0]   wdata_i,
  input wire [4:0]    cpi_req_i,
  input wire [31:0]   cpi_insn_i,
  input wire [31:0]   cpi_rs1_i,
  input wire [31:0]   cpi_rs2_i,
  input wire [4:0]    dma_own_i,
  input wire [4:0]    dma_zeroize_i,
  input wire [4:0]    dma_start_i,
  input wire [31:0]   dma_cfg_i,
  input wire [4:0]    dma_keyw_valid_i,
  input wire [31:0]   dma_keyw_data_i,
  input wire [4:0]    dma_keyload_i,
  input wire [4:0]    dma_in_valid_i,
  input wire [31:0]   dma_in_data_i,
  input wire          dma_in_last_i,
  input wire [7:0]    dma_in_bytes_i,
  input wire [4:0]    dma_out_ready_i,
  input wire [4:0]    eng_key_ready_i,
  input wire [639:0]  eng_iv_i,
  input wire [4:0]    eng_in_ready_i,
  input wire [4:0]    eng_out_valid_i,
  input wire [2559:0] eng_out_data_i,
  input wire [4:0]    eng_out_last_i,
  input wire [4:0]    eng_busy_i,
  input wire [4:0]    eng_err_i,
  input wire [19:0]   eng_err_code_i
);
  wire [4:0]   in_valid, zeroize, err;
  wire [511:0] in_data;
  wire         in_last;
  wire [39:0]  in_bytes;
  wire [19:0]  err_code;
  wire [31:0]  rdata;
  wire [4:0]   rsp_valid, rsp_err;
  wire [159:0] rsp_data;

  cpl_hub #(.ENGINES(ENGINES), .DMA_BITS(32)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .req_i(req_i), .we_i(we_i), .addr_i(addr_i), .wdata_i(wdata_i), .rdata_o(rdata),
    .cpi_req_i(cpi_req_i), .cpi_insn_i(cpi_insn_i), .cpi_rs1_i(cpi_rs1_i),
    .cpi_rs2_i(cpi_rs2_i), .cpi_rsp_valid_o(rsp_valid), .cpi_rsp_data_o(rsp_data), .cpi_rsp_err_o(rsp_err),
    .dma_own_i(dma_own_i), .dma_any_i(|(dma_own_i & ENGINES)), .dma_zeroize_i(dma_zeroize_i), .dma_start_i(dma_start_i),
    .dma_cfg_i(dma_cfg_i), .dma_keyw_valid_i(dma_keyw_valid_i),
    .dma_keyw_data_i(dma_keyw_data_i), .dma_keyload_i(dma_keyload_i),
    .dma_in_valid_i(dma_in_valid_i), .dma_in_ready_o(), .dma_in_data_i(dma_in_data_i),
    .dma_in_last_i(dma_in_last_i), .dma_in_bytes_i(dma_in_bytes_i),
    .dma_out_valid_o(), .dma_out_ready_i(dma_out_ready_i), .dma_out_data_o(),
    .dma_out_last_o(), .partial_ok_o(), .empty_ok_o(), .noread_o(), .eng_busy_o(),
    .key_ready_o(), .err_o(err), .err_code_o(err_code), .key_bytes_o(), .other_o(other),
    .irq_o(),
    .eng_zeroize_o(zeroize), .eng_cfg_o(), .eng_start_o(), .eng_key_o(), .eng_key_valid_o(),
    .eng_key_ready_i(eng_key_ready_i), .eng_iv_o(), .eng_iv_valid_o(), .eng_iv_i(eng_iv_i),
    .eng_in_valid_o(in_valid), .eng_in_ready_i(eng_in_ready_i), .eng_in_data_o(in_data),
    .eng_in_last_o(in_last), .eng_in_bytes_o(in_bytes),
    .eng_out_valid_i(eng_out_valid_i), .eng_out_ready_o(), .eng_out_data_i(eng_out_data_i),
    .eng_out_last_i(eng_out_last_i), .eng_busy_i(eng_busy_i), .eng_err_i(eng_err_i),
    .eng_err_code_i(eng_err_code_i)
  );

  reg f_past = 1'b0;
  always @(posedge clk_i) f_past <= 1'b1;
  always @* if (!f_past) assume (!rst_ni);

  // the SoC's structure: one CPU access per cycle, for one engine; the DMA owns at most one
  // engine and strobes only the one it owns
  function automatic onehot0(input [4:0] v);
    onehot0 = ((v & (v - 5'd1)) == 5'd0);
  endfunction
  // (an engine not built is never addressed: the crossbar and the dispatcher answer its
  // window and target themselves), and cpl_dma starts a job or key load only after checking that
  // no other engine holds the staging (other_o), so its strobes that write the staging come
  // only then
  // One instruction is in flight (cpl_dispatch) and the core waits for its answer: while a
  // RESULT or KLOADW waits, no other CPU access comes (the answer, given from the hub's flops,
  // ends the wait in the cycle it is given).
  wire [4:0] other;
  wire       w_new = (|cpi_req_i) && (cpi_insn_i[28:25] == `CV_CPI_OP_RESULT ||
                                      cpi_insn_i[28:25] == `CV_CPI_OP_KLOAD);
  reg        cwait_q;
  wire       cwait = cwait_q && !(|rsp_valid);
  always @(posedge clk_i) cwait_q <= rst_ni && (cwait || w_new);
  always @* begin
    assume (onehot0(req_i) && onehot0(cpi_req_i) && !(|req_i && |cpi_req_i));
    assume (!(cwait && (|req_i || |cpi_req_i)));
    assume (((req_i | cpi_req_i | dma_own_i) & ~ENGINES) == 5'd0);
    assume (onehot0(dma_own_i));
    assume (((dma_zeroize_i | dma_start_i | dma_keyw_valid_i | dma_keyload_i |
              dma_in_valid_i | dma_out_ready_i) & ~dma_own_i) == 5'd0);
    assume (((dma_start_i | dma_keyw_valid_i | dma_keyload_i | dma_in_valid_i) & other) == 5'd0);
  end

  // the previous cycle's offer, per engine (no $past: one register per quantity)
  reg  [4:0]   held_q;
  reg  [511:0] hdata_q;
  reg          hlast_q;
  reg  [39:0]  hbytes_q;
  always @(posedge clk_i) begin
    held_q   <= {5{rst_ni}} & in_valid & ~eng_in_ready_i & ~zeroize;
    hdata_q  <= in_data;
    hlast_q  <= in_last;
    hbytes_q <= in_bytes;
  end
  integer e;
  always @* if (f_past && rst_ni) begin
    assert (onehot0(in_valid));
    for (e = 0; e < 5; e = e + 1)
      if (held_q[e] && !zeroize[e]) begin
        assert (in_valid[e]);
        assert (in_data == hdata_q);
        assert (in_last == hlast_q);
        assert (in_bytes[8*e +: 8] == hbytes_q[8*e +: 8]);
      end
  end

  // answers to custom instructions (cpl_dispatch passes them to the core as they are): only to
  // an instruction with a result (funct3 xd) given in the previous cycle or waiting, for its
  // engine alone, and zero data and err whenever there is none
  reg xreq_q;
  always @(posedge clk_i) xreq_q <= rst_ni && (|cpi_req_i) && cpi_insn_i[14];
  always @* if (f_past && rst_ni) begin
    assert (onehot0(rsp_valid));
    if (|rsp_valid) assert (xreq_q || cwait_q);
    assert ((rsp_err & ~rsp_valid) == 5'h0);
    if (!(|rsp_valid)) assert (rsp_data == 160'h0);
  end

  // STATUS (offset 0x010) of any window, read a cycle after its request: IN_READY (bit 2) low
  // while a block is offered
  reg st_rd_q, offered_q;
  always @(posedge clk_i) begin
    st_rd_q   <= rst_ni && (|req_i) && !we_i && addr_i[11:2] == 10'd4;
    offered_q <= |in_valid;
  end
  always @* if (f_past && rst_ni && st_rd_q && offered_q) assert (!rdata[2]);

  // error answers: a DIN write (offset 0x080) of window e refused
  wire       din_wr = (|req_i) && we_i && addr_i[11:2] == 10'h20;
  reg  [4:0] oth_q, dmab_q;
  always @(posedge clk_i) begin
    oth_q  <= (rst_ni && din_wr && !(|dma_own_i) && |(in_valid & ~req_i)) ?
              (req_i & ENGINES & ~dma_zeroize_i) : 5'd0;
    dmab_q <= (rst_ni && din_wr && |dma_own_i) ? (req_i & ENGINES & ~dma_zeroize_i) : 5'd0;
  end
  always @* if (f_past && rst_ni) begin
    for (e = 0; e < 5; e = e + 1) begin
      if (oth_q[e]) assert (err[e] && err_code[4*e +: 4] == `CV_CPL_STATUS_ERR_CODE_BUSY_OTHER);
      if (dmab_q[e]) assert (err[e] && err_code[4*e +: 4] == `CV_CPL_STATUS_ERR_CODE_BUSY_DMA);
    end
  end

  reg [2:0] wait_q;
  always @(posedge clk_i) wait_q <= (rst_ni && |held_q) ? wait_q + 3'd1 : 3'd0;
  always @(posedge clk_i) if (f_past && rst_ni) begin
    cover (in_valid[0] && !in_last);
    cover (in_valid[1] && in_last);
    cover (wait_q == 3'd3);
    cover (|oth_q);
  end
endmodule
`default_nettype wire
