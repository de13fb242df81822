// SPDX-License-Identifier: Apache-2.0
// ip_kat_tb.v
// Self-checking testbench of a bus wrapper: one known answer of the engine through the bus.
`default_nettype none
`include "soc_memmap.vh"

// The FuseSoC `sim` targets' testbench (plain Verilog, no cocotb, so any simulator FuseSoC drives
// can run it). ENGINE selects the engine, BUS the wrapper (0 Wishbone, 1 AXI4-Lite). The vector:
// AES-128 FIPS-197 C.1, PRINCE and PRESENT-128 with zero key and block (their papers), ChaCha20
// TC1 (zero key and nonce, first 16 keystream bytes), SHA3-256 of the empty message. Words are in
// memory order (byte 0 in bits 7:0). Ends with one line: "ip_kat_tb: ... PASS" or "... FAIL".
module ip_kat_tb #(
  parameter integer ENGINE = 1,
  parameter integer BUS    = 0
);
  reg clk = 1'b0;
  reg rst = 1'b1;
  always #5 clk = !clk;

  // ---- the bus wrapper under test
  reg         cyc = 1'b0, stb = 1'b0, we = 1'b0;
  reg  [11:0] addr = 12'h0;
  reg  [31:0] wdata = 32'h0;
  reg         awvalid = 1'b0, wvalid = 1'b0, arvalid = 1'b0;
  wire        awready, wready, bvalid, arready, rvalid, stall, ack, err, irq;
  wire [1:0]  bresp, rresp;
  wire [31:0] rdata;

  generate
    if (BUS == 0) begin : g_wb
      ip_wb_engine #(.ENGINE(ENGINE)) u_dut (
        .clk_i(clk), .rst_ni(!rst), .wb_cyc_i(cyc), .wb_stb_i(stb), .wb_we_i(we),
        .wb_adr_i(addr[11:2]), .wb_dat_i(wdata), .wb_sel_i(4'hF), .wb_stall_o(stall),
        .wb_ack_o(ack), .wb_err_o(err), .wb_dat_o(rdata), .irq_o(irq)
      );
      assign {awready, wready, bvalid, arready, rvalid, bresp, rresp} = 9'h0;
    end else begin : g_axil
      ip_axil_engine #(.ENGINE(ENGINE)) u_dut (
        .clk_i(clk), .rst_ni(!rst),
        .s_axil_awaddr_i(addr), .s_axil_awvalid_i(awvalid), .s_axil_awready_o(awready),
        .s_axil_wdata_i(wdata), .s_axil_wstrb_i(4'hF), .s_axil_wvalid_i(wvalid),
        .s_axil_wready_o(wready), .s_axil_bresp_o(bresp), .s_axil_bvalid_o(bvalid),
        .s_axil_bready_i(1'b1), .s_axil_araddr_i(addr), .s_axil_arvalid_i(arvalid),
        .s_axil_arready_o(arready), .s_axil_rdata_o(rdata), .s_axil_rresp_o(rresp),
        .s_axil_rvalid_o(rvalid), .s_axil_rready_i(1'b1), .irq_o(irq)
      );
      assign {stall, ack, err} = 3'h0;
    end
  endgenerate

  integer fails = 0;

  // one word access; the answer must be OKAY / ACK
  task access(input wr, input [11:0] a, input [31:0] d, output [31:0] q);
    reg taken;
    begin
      @(negedge clk);
      addr = a; wdata = d; we = wr;
      if (BUS == 0) begin
        cyc = 1'b1; stb = 1'b1;
        @(negedge clk);                       // never stalls: taken at the edge between
        cyc = 1'b0; stb = 1'b0;
        if (!ack) fails = fails + 1;
      end else begin
        awvalid = wr; wvalid = wr; arvalid = !wr;
        taken = 1'b0;
        while (!taken) begin
          @(posedge clk);
          taken = wr ? awready : arready;
        end
        @(negedge clk);
        awvalid = 1'b0; wvalid = 1'b0; arvalid = 1'b0;
        if (wr ? !(bvalid && bresp == 2'b00) : !(rvalid && rresp == 2'b00)) fails = fails + 1;
      end
      q = rdata;
    end
  endtask

  reg [31:0] q;
  task wr(input [11:0] a, input [31:0] d);
    access(1'b1, a, d, q);
  endtask

  task poll(input integer bit_lsb, input [31:0] want);
    integer n;
    begin
      n = 0;
      access(1'b0, `CV_CPL_STATUS_OFFSET, 32'h0, q);
      while (((q >> bit_lsb) & 32'h1) != want && n < 1000) begin
        access(1'b0, `CV_CPL_STATUS_OFFSET, 32'h0, q);
        n = n + 1;
      end
      if (n == 1000) fails = fails + 1;
    end
  endtask

  // ---- the engine's vector
  localparam integer NW   = (ENGINE == `CV_ENGINE_AES) ? 4 : (ENGINE == `CV_ENGINE_CHACHA) ? 16 : 2;
  localparam integer NOUT = (ENGINE == `CV_ENGINE_SHA3) ? 8 : (ENGINE == `CV_ENGINE_CHACHA) ? 4 : NW;
  localparam [31:0] CFG =
    (ENGINE == `CV_ENGINE_AES)     ? ((`CV_AES_CFG_KSZ_128 << `CV_AES_CFG_KSZ_LSB) |
                                      (`CV_AES_CFG_MODE_ECB << `CV_AES_CFG_MODE_LSB)) :
    (ENGINE == `CV_ENGINE_PRESENT) ? (`CV_PRESENT_CFG_KSZ_128 << `CV_PRESENT_CFG_KSZ_LSB) :
    (ENGINE == `CV_ENGINE_CHACHA)  ? ((`CV_CHACHA_CFG_ROUNDS_20 << `CV_CHACHA_CFG_ROUNDS_LSB) |
                                      (1 << `CV_CHACHA_CFG_XOR_LSB)) :
    (ENGINE == `CV_ENGINE_SHA3)    ? (`CV_SHA3_CFG_FUNC_SHA3_256 << `CV_SHA3_CFG_FUNC_LSB) : 0;

  function [31:0] key_word(input integer i);
    key_word = (ENGINE == `CV_ENGINE_AES && i < 4) ? {8'd4 * i[7:0] + 8'd3, 8'd4 * i[7:0] + 8'd2,
                                                     8'd4 * i[7:0] + 8'd1, 8'd4 * i[7:0]} : 32'h0;
  endfunction

  function [31:0] in_word(input integer i);   // AES: bytes 00 11 22 .. ff
    in_word = (ENGINE == `CV_ENGINE_AES) ? {8'h11 * (8'd4 * i[7:0] + 8'd3), 8'h11 * (8'd4 * i[7:0] + 8'd2),
                                            8'h11 * (8'd4 * i[7:0] + 8'd1), 8'h11 * (8'd4 * i[7:0])}
                                         : 32'h0;
  endfunction

  function [31:0] out_word(input integer i);
    case (ENGINE)
      `CV_ENGINE_AES:     out_word = i == 0 ? 32'hd8e0c469 : i == 1 ? 32'h30047b6a :
                                     i == 2 ? 32'h80b7cdd8 : 32'h5ac5b470;
      `CV_ENGINE_PRINCE:  out_word = i == 0 ? 32'haa658681 : 32'hdadf020d;
      `CV_ENGINE_PRESENT: out_word = i == 0 ? 32'h2a70db96 : 32'haf00692e;
      `CV_ENGINE_CHACHA:  out_word = i == 0 ? 32'hade0b876 : i == 1 ? 32'h903df1a0 :
                                     i == 2 ? 32'he56a5d40 : 32'h28bd8653;
      default:            out_word = i == 0 ? 32'hf8c6ffa7 : i == 1 ? 32'h66d71ebf :
                                     i == 2 ? 32'h5647c151 : i == 3 ? 32'h62d661a0 :
                                     i == 4 ? 32'h4dff80f5 : i == 5 ? 32'hfa493be4 :
                                     i == 6 ? 32'h4b0ad882 : 32'h4a43f880;
    endcase
  endfunction

  integer i, o;
  initial begin
    repeat (3) @(posedge clk);
    rst = 1'b0;
    access(1'b0, `CV_CPL_ID_OFFSET, 32'h0, q);
    if (q[`CV_CPL_ID_MAGIC_MSB:`CV_CPL_ID_MAGIC_LSB] != `CV_CPL_ID_MAGIC_CIPHER_V ||
        q[`CV_CPL_ID_ENGINE_MSB:`CV_CPL_ID_ENGINE_LSB] != ENGINE) fails = fails + 1;
    wr(`CV_CPL_CTRL_OFFSET, 1 << `CV_CPL_CTRL_ZEROIZE_LSB);
    poll(`CV_CPL_STATUS_BUSY_LSB, 0);
    if (ENGINE != `CV_ENGINE_SHA3) begin
      for (i = 0; i < `CV_CPL_KEY_COUNT; i = i + 1) wr(`CV_CPL_KEY_OFFSET + 4 * i, key_word(i));
      wr(`CV_CPL_CFG_OFFSET, CFG);
      wr(`CV_CPL_CTRL_OFFSET, 1 << `CV_CPL_CTRL_KEYLOAD_LSB);
      poll(`CV_CPL_STATUS_KEY_READY_LSB, 1);
      poll(`CV_CPL_STATUS_BUSY_LSB, 0);
    end else begin
      wr(`CV_CPL_LAST_BYTES_OFFSET, 0);       // the empty message
    end
    wr(`CV_CPL_CFG_OFFSET, CFG);
    wr(`CV_CPL_CTRL_OFFSET, (1 << `CV_CPL_CTRL_START_LSB) |
       (ENGINE != `CV_ENGINE_SHA3 ? 1 << `CV_CPL_CTRL_IVLOAD_LSB : 0));
    for (i = 0; i < NW; i = i + 1)
      wr((i == NW - 1 ? `CV_CPL_DINL_OFFSET : `CV_CPL_DIN_OFFSET) + 4 * i, in_word(i));
    for (o = 0; o < NOUT; o = o + NW) begin
      poll(`CV_CPL_STATUS_OUT_VALID_LSB, 1);
      for (i = 0; i < NW; i = i + 1) begin
        access(1'b0, `CV_CPL_DOUT_OFFSET + 4 * i, 32'h0, q);
        if (o + i < NOUT && q != out_word(o + i)) begin
          $display("ip_kat_tb: word %0d = %h, want %h", o + i, q, out_word(o + i));
          fails = fails + 1;
        end
      end
    end
    $display("ip_kat_tb: ENGINE %0d BUS %0d: %s", ENGINE, BUS, fails == 0 ? "PASS" : "FAIL");
    $finish;
  end

  wire unused = ^{irq, stall, err, wready, bvalid, bresp, rvalid, rresp, awready, arready, ack};
endmodule

`default_nettype wire
