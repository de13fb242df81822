// SPDX-License-Identifier: Apache-2.0
// adv_top.v
// Bench top of the adversarial campaigns (adversarial/tests/adv_tb.py): the SoC's coupling
// without the core: cpl_dispatch, cpl_dma and all five engines behind the coupling hub (cpl_hub,
// each engine on its slice through cpl_eng), wired like soc_top. Data memory port B and the DMA's write-queue port A (A_WRITE = 1, as
// in the SoC; the bench decides at random which cycles the CPU leaves port A free) are modelled by
// the bench (the port names follow coupling/tests/cpl_dma_aes_top.v, so
// coupling/tests/cpl_dma_tb.py's Bench drives them).
`default_nettype none

module adv_top #(
  parameter integer DMA_BITS = 32,
  parameter integer AES_ARCH = 0,
  parameter [4:0]   ENGINES  = 5'b11111,  // bit e-1: engine e is attached (the others read 0)
  parameter integer AES_AEAD = 0,         // 1: the AES engine is aead_top (GCM, CCM/CCM*)
  parameter integer CHACHA_AEAD = 0,      // 1: the ChaCha engine is chachapoly_top
  parameter integer MAW      = $clog2(65536 / (DMA_BITS / 8))
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  // the dma window
  input  wire                  req_i,
  input  wire                  we_i,
  input  wire [11:0]           addr_i,
  input  wire [31:0]           wdata_i,
  output wire [31:0]           rdata_o,
  // the engine windows: usel_i = engine number (1..5), held during an access and its answer
  input  wire [2:0]            usel_i,
  input  wire                  ureq_i,
  input  wire                  uwe_i,
  input  wire [11:0]           uaddr_i,
  input  wire [31:0]           uwdata_i,
  output wire [31:0]           urdata_o,
  // the core's coprocessor port
  input  wire                  cpi_req_valid_i,
  output wire                  cpi_req_ready_o,
  input  wire [31:0]           cpi_req_insn_i,
  input  wire [31:0]           cpi_req_rs1_i,
  input  wire [31:0]           cpi_req_rs2_i,
  output wire                  cpi_rsp_valid_o,
  output wire [31:0]           cpi_rsp_data_o,
  output wire                  cpi_rsp_err_o,
  // data memory port B
  output wire                  mem_req_o,
  output wire                  mem_we_o,
  output wire [MAW-1:0]        mem_addr_o,
  output wire [DMA_BITS/8-1:0] mem_be_o,
  output wire [DMA_BITS-1:0]   mem_wdata_o,
  input  wire [DMA_BITS-1:0]   mem_rdata_i,
  // dmem port A: the DMA's write queue, in cycles the bench says the CPU leaves it free
  input  wire                  a_free_i,
  output wire                  a_req_o,
  output wire [MAW-1:0]        a_addr_o,
  output wire [DMA_BITS/8-1:0] a_be_o,
  output wire [DMA_BITS-1:0]   a_wdata_o,
  // interrupts and the units' state (bit e-1: engine e)
  output wire                  irq_o,
  output wire [4:0]            uirq_o,
  output wire [4:0]            busy_o,
  output wire [4:0]            key_ready_o,
  output wire [4:0]            own_o,
  output wire [4:0]            out_valid_o   // the engines' out_valid (constant-time traces)
);
  wire [4:0]   unit_req, unit_rsp_valid, unit_rsp_err;
  wire [31:0]  unit_insn, unit_rs1, unit_rs2;
  wire [159:0] unit_rsp_data;
  wire         cdma_req_valid, cdma_req_ready, cdma_rsp_valid, cdma_rsp_err;
  wire [31:0]  cdma_req_insn, cdma_req_rs1, cdma_req_rs2, cdma_rsp_data;

  cpl_dispatch #(.ENGINES(ENGINES), .HAS_DMA(1)) u_cpi (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .req_valid_i(cpi_req_valid_i), .req_ready_o(cpi_req_ready_o), .req_insn_i(cpi_req_insn_i),
    .req_rs1_i(cpi_req_rs1_i), .req_rs2_i(cpi_req_rs2_i), .rsp_valid_o(cpi_rsp_valid_o),
    .rsp_data_o(cpi_rsp_data_o), .rsp_err_o(cpi_rsp_err_o),
    .unit_req_o(unit_req), .unit_insn_o(unit_insn), .unit_rs1_o(unit_rs1),
    .unit_rs2_o(unit_rs2), .unit_rsp_valid_i(unit_rsp_valid), .unit_rsp_data_i(unit_rsp_data),
    .unit_rsp_err_i(unit_rsp_err),
    .dma_req_valid_o(cdma_req_valid), .dma_req_ready_i(cdma_req_ready),
    .dma_req_insn_o(cdma_req_insn), .dma_req_rs1_o(cdma_req_rs1), .dma_req_rs2_o(cdma_req_rs2),
    .dma_rsp_valid_i(cdma_rsp_valid), .dma_rsp_data_i(cdma_rsp_data),
    .dma_rsp_err_i(cdma_rsp_err)
  );

  // read data of the engine windows comes one cycle after the request, like every SoC target
  reg [2:0] usel_q;
  always @(posedge clk_i) begin
    if (!rst_ni) usel_q <= 3'd0;
    else if (ureq_i) usel_q <= usel_i;
  end

  wire [159:0]          eng_rdata;
  wire [4:0]            eng_in_ready, eng_out_valid, eng_out_last, eng_partial_ok;
  wire [4:0]            eng_empty_ok, eng_noread, eng_err;
  wire [5*DMA_BITS-1:0] eng_out_data;
  wire [19:0]           eng_err_code;
  wire [39:0]           eng_key_bytes;
  wire                  dw_any;
  wire [4:0]            dw_own, dw_zero, dw_start, dw_keyw_valid, dw_keyload, dw_in_valid;
  wire [4:0]            dw_out_ready;
  wire [31:0]           dw_cfg;
  wire [DMA_BITS-1:0]   dw_keyw_data, dw_in_data;
  wire                  dw_in_last;
  wire [7:0]            dw_in_bytes;

  // the hub's engine buses
  wire [4:0]    hub_other;
  wire [31:0]   hub_rdata;
  wire [4:0]    e_zero, e_start, e_kvalid, e_krdy, e_ivvalid, e_invalid, e_inrdy;
  wire [4:0]    e_ordy, e_olast, e_busy, e_err;
  wire [159:0]  e_cfg;
  wire [255:0]  e_key;
  wire [127:0]  e_iv;
  wire [639:0]  e_ivback;
  wire [511:0]  e_indata;
  wire          e_inlast;
  wire [39:0]   e_inbytes;
  wire [2559:0] e_odata;
  wire [19:0]   e_ecode;
  assign eng_rdata = {5{hub_rdata}};

  cpl_hub #(.ENGINES(ENGINES), .DMA_BITS(DMA_BITS), .AES_ARCH(AES_ARCH), .AES_SBOX(0),
            .AES_AEAD(AES_AEAD), .CHACHA_AEAD(CHACHA_AEAD)) u_hub (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .req_i({ureq_i && usel_i == 3'd5, ureq_i && usel_i == 3'd4, ureq_i && usel_i == 3'd3,
            ureq_i && usel_i == 3'd2, ureq_i && usel_i == 3'd1}),
    .we_i(uwe_i), .addr_i(uaddr_i), .wdata_i(uwdata_i), .rdata_o(hub_rdata),
    .cpi_req_i(unit_req), .cpi_insn_i(unit_insn), .cpi_rs1_i(unit_rs1), .cpi_rs2_i(unit_rs2),
    .cpi_rsp_valid_o(unit_rsp_valid), .cpi_rsp_data_o(unit_rsp_data),
    .cpi_rsp_err_o(unit_rsp_err),
    .dma_own_i(dw_own), .dma_any_i(dw_any), .dma_zeroize_i(dw_zero), .dma_start_i(dw_start), .dma_cfg_i(dw_cfg),
    .dma_keyw_valid_i(dw_keyw_valid), .dma_keyw_data_i(dw_keyw_data),
    .dma_keyload_i(dw_keyload), .dma_in_valid_i(dw_in_valid), .dma_in_ready_o(eng_in_ready),
    .dma_in_data_i(dw_in_data), .dma_in_last_i(dw_in_last), .dma_in_bytes_i(dw_in_bytes),
    .dma_out_valid_o(eng_out_valid), .dma_out_ready_i(dw_out_ready),
    .dma_out_data_o(eng_out_data), .dma_out_last_o(eng_out_last),
    .partial_ok_o(eng_partial_ok), .empty_ok_o(eng_empty_ok), .noread_o(eng_noread),
    .eng_busy_o(busy_o), .key_ready_o(key_ready_o), .err_o(eng_err),
    .err_code_o(eng_err_code), .key_bytes_o(eng_key_bytes), .other_o(hub_other),
    .irq_o(uirq_o),
    .eng_zeroize_o(e_zero), .eng_cfg_o(e_cfg), .eng_start_o(e_start), .eng_key_o(e_key),
    .eng_key_valid_o(e_kvalid), .eng_key_ready_i(e_krdy), .eng_iv_o(e_iv),
    .eng_iv_valid_o(e_ivvalid), .eng_iv_i(e_ivback), .eng_in_valid_o(e_invalid),
    .eng_in_ready_i(e_inrdy), .eng_in_data_o(e_indata), .eng_in_last_o(e_inlast),
    .eng_in_bytes_o(e_inbytes), .eng_out_valid_i(out_valid_o), .eng_out_ready_o(e_ordy),
    .eng_out_data_i(e_odata), .eng_out_last_i(e_olast), .eng_busy_i(e_busy),
    .eng_err_i(e_err), .eng_err_code_i(e_ecode)
  );

  genvar e;
  generate
    for (e = 1; e <= 5; e = e + 1) begin : g_eng
      if (ENGINES[e-1]) begin : g_on
        cpl_eng #(.ENGINE(e), .AES_ARCH(AES_ARCH), .AES_SBOX(0), .AES_AEAD(AES_AEAD),
                  .CHACHA_AEAD(CHACHA_AEAD)) u_eng (
          .clk_i(clk_i), .rst_ni(rst_ni), .dma_own_i(dw_own[e-1]), .zeroize_i(e_zero[e-1]),
          .cfg_i(e_cfg[32*(e-1) +: 32]), .start_i(e_start[e-1]), .key_i(e_key),
          .key_valid_i(e_kvalid[e-1]), .key_ready_o(e_krdy[e-1]), .iv_i(e_iv),
          .iv_valid_i(e_ivvalid[e-1]), .iv_o(e_ivback[128*(e-1) +: 128]),
          .in_valid_i(e_invalid[e-1]), .in_ready_o(e_inrdy[e-1]), .in_data_i(e_indata),
          .in_last_i(e_inlast), .in_bytes_i(e_inbytes[8*(e-1) +: 8]),
          .out_valid_o(out_valid_o[e-1]), .out_ready_i(e_ordy[e-1]),
          .out_data_o(e_odata[512*(e-1) +: 512]), .out_last_o(e_olast[e-1]),
          .busy_o(e_busy[e-1]), .err_o(e_err[e-1]), .err_code_o(e_ecode[4*(e-1) +: 4])
        );
      end else begin : g_off
        assign e_krdy[e-1] = 1'b0;
        assign e_ivback[128*(e-1) +: 128] = 128'h0;
        assign e_inrdy[e-1] = 1'b0;
        assign out_valid_o[e-1] = 1'b0;
        assign e_odata[512*(e-1) +: 512] = 512'h0;
        assign e_olast[e-1] = 1'b0;
        assign e_busy[e-1] = 1'b0;
        assign e_err[e-1] = 1'b0;
        assign e_ecode[4*(e-1) +: 4] = 4'h0;
        // the hub's strobes and buses for an engine that is not attached go nowhere
        /* verilator lint_off UNUSEDSIGNAL */
        wire unused_off = |{e_zero[e-1], e_start[e-1], e_kvalid[e-1], e_ivvalid[e-1],
                            e_invalid[e-1], e_ordy[e-1], e_cfg[32*(e-1) +: 32],
                            e_inbytes[8*(e-1) +: 8]};
        /* verilator lint_on UNUSEDSIGNAL */
      end
    end
  endgenerate

  reg [31:0] urdata;
  always @* begin
    case (usel_q)
      3'd1:    urdata = eng_rdata[31:0];
      3'd2:    urdata = eng_rdata[63:32];
      3'd3:    urdata = eng_rdata[95:64];
      3'd4:    urdata = eng_rdata[127:96];
      3'd5:    urdata = eng_rdata[159:128];
      default: urdata = 32'h0;
    endcase
  end
  assign urdata_o = urdata;
  assign own_o    = dw_own;

  cpl_dma #(.DMA_BITS(DMA_BITS), .DMEM_BYTES(65536), .ENGINES({26'h0, ENGINES, 1'b0}),
           .A_WRITE(1), .CONT_JOBS((AES_AEAD != 0 || CHACHA_AEAD != 0) ? 1 : 0)) u_dma (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .req_i(req_i), .we_i(we_i), .addr_i(addr_i), .wdata_i(wdata_i), .rdata_o(rdata_o),
    .cpi_req_valid_i(cdma_req_valid), .cpi_req_ready_o(cdma_req_ready),
    .cpi_req_insn_i(cdma_req_insn), .cpi_req_rs1_i(cdma_req_rs1), .cpi_req_rs2_i(cdma_req_rs2),
    .cpi_rsp_valid_o(cdma_rsp_valid), .cpi_rsp_data_o(cdma_rsp_data),
    .cpi_rsp_err_o(cdma_rsp_err),
    .mem_req_o(mem_req_o), .mem_we_o(mem_we_o), .mem_addr_o(mem_addr_o), .mem_be_o(mem_be_o),
    .mem_wdata_o(mem_wdata_o), .mem_rdata_i(mem_rdata_i),
    .mem_rgnt_i(1'b1), .mem_wgnt_i(1'b1), .mem_rvalid_i(1'b0), .mem_err_i(1'b0),
    .mem_idle_i(1'b1),
    .a_free_i(a_free_i), .a_req_o(a_req_o), .a_addr_o(a_addr_o), .a_be_o(a_be_o),
    .a_wdata_o(a_wdata_o),
    .dma_own_o(dw_own), .dma_any_o(dw_any), .dma_zeroize_o(dw_zero), .dma_start_o(dw_start), .dma_cfg_o(dw_cfg),
    .dma_keyw_valid_o(dw_keyw_valid), .dma_keyw_data_o(dw_keyw_data),
    .dma_keyload_o(dw_keyload), .dma_in_valid_o(dw_in_valid), .dma_in_ready_i(eng_in_ready),
    .dma_in_data_o(dw_in_data), .dma_in_last_o(dw_in_last), .dma_in_bytes_o(dw_in_bytes),
    .dma_out_valid_i(eng_out_valid), .dma_out_ready_o(dw_out_ready),
    .dma_out_data_i(eng_out_data), .dma_out_last_i(eng_out_last),
    .partial_ok_i(eng_partial_ok), .empty_ok_i(eng_empty_ok), .noread_i(eng_noread),
    .eng_busy_i(busy_o),
    .key_ready_i(key_ready_o), .err_i(eng_err), .err_code_i(eng_err_code),
    .key_bytes_i(eng_key_bytes), .hub_other_i(hub_other), .irq_o(irq_o)
  );
endmodule

`default_nettype wire
