// SPDX-License-Identifier: Apache-2.0
// cpl_dma_aes_top.v
// Bench top: cpl_dma with the real AES unit (cpl_engine ENGINE 1); dmem port B and the DMA's
// write-queue port A (A_WRITE = 1, as in the SoC) to the bench.
`default_nettype none

// The bench models the memory (port B) in Python; the DMA window, the AES window and the DMA's
// cpi port are driven directly. key_bytes for the DMA come from the unit (the AES key-size field).
module cpl_dma_aes_top #(
  parameter integer DMA_BITS = 32,
  parameter integer ARCH     = 0,
  parameter integer AEAD     = 0,   // 1: aead_top, the DMA's continuation and message jobs
  parameter integer MAW      = $clog2(65536 / (DMA_BITS / 8))
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  input  wire                  req_i,
  input  wire                  we_i,
  input  wire [11:0]           addr_i,
  input  wire [31:0]           wdata_i,
  output wire [31:0]           rdata_o,
  input  wire                  ureq_i,
  input  wire                  uwe_i,
  input  wire [11:0]           uaddr_i,
  input  wire [31:0]           uwdata_i,
  output wire [31:0]           urdata_o,
  input  wire                  cpi_req_valid_i,
  output wire                  cpi_req_ready_o,
  input  wire [31:0]           cpi_req_insn_i,
  input  wire [31:0]           cpi_req_rs1_i,
  input  wire [31:0]           cpi_req_rs2_i,
  output wire                  cpi_rsp_valid_o,
  output wire [31:0]           cpi_rsp_data_o,
  output wire                  cpi_rsp_err_o,
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
  output wire                  irq_o,
  output wire                  uirq_o
);
  wire [4:0]          own, zero, start, kwv, kld, inv, ordy;
  wire [31:0]         cfg;
  wire [DMA_BITS-1:0] kwd, ind;
  wire                inl;
  wire [7:0]          inb;
  wire                u_inr, u_ov, u_ol, u_pok, u_eok, u_nord, u_busy, u_krdy, u_err;
  wire [3:0]          u_code;
  wire [DMA_BITS-1:0] u_od;
  wire [7:0]          kbytes;
  wire                ucpi_rsp_valid, ucpi_rsp_err;
  wire [31:0]         ucpi_rsp_data;

  cpl_dma #(.DMA_BITS(DMA_BITS), .DMEM_BYTES(65536), .ENGINES(2), .A_WRITE(1),
            .CONT_JOBS(AEAD)) u_dma (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .req_i(req_i), .we_i(we_i), .addr_i(addr_i), .wdata_i(wdata_i), .rdata_o(rdata_o),
    .cpi_req_valid_i(cpi_req_valid_i), .cpi_req_ready_o(cpi_req_ready_o),
    .cpi_req_insn_i(cpi_req_insn_i), .cpi_req_rs1_i(cpi_req_rs1_i),
    .cpi_req_rs2_i(cpi_req_rs2_i), .cpi_rsp_valid_o(cpi_rsp_valid_o),
    .cpi_rsp_data_o(cpi_rsp_data_o), .cpi_rsp_err_o(cpi_rsp_err_o),
    .mem_req_o(mem_req_o), .mem_we_o(mem_we_o), .mem_addr_o(mem_addr_o), .mem_be_o(mem_be_o),
    .mem_wdata_o(mem_wdata_o), .mem_rdata_i(mem_rdata_i),
    .mem_rgnt_i(1'b1), .mem_wgnt_i(1'b1), .mem_rvalid_i(1'b0), .mem_err_i(1'b0),
    .mem_idle_i(1'b1),
    .a_free_i(a_free_i), .a_req_o(a_req_o), .a_addr_o(a_addr_o), .a_be_o(a_be_o),
    .a_wdata_o(a_wdata_o),
    .dma_own_o(own), .dma_any_o(), .dma_zeroize_o(zero), .dma_start_o(start), .dma_cfg_o(cfg),
    .dma_keyw_valid_o(kwv), .dma_keyw_data_o(kwd), .dma_keyload_o(kld),
    .dma_in_valid_o(inv), .dma_in_ready_i({4'b0, u_inr}), .dma_in_data_o(ind),
    .dma_in_last_o(inl), .dma_in_bytes_o(inb),
    .dma_out_valid_i({4'b0, u_ov}), .dma_out_ready_o(ordy),
    .dma_out_data_i({{(4*DMA_BITS){1'b0}}, u_od}), .dma_out_last_i({4'b0, u_ol}),
    .partial_ok_i({4'b0, u_pok}), .empty_ok_i({4'b0, u_eok}), .noread_i({4'b0, u_nord}),
    .eng_busy_i({4'b0, u_busy}),
    .key_ready_i({4'b0, u_krdy}), .err_i({4'b0, u_err}), .err_code_i({16'b0, u_code}),
    .key_bytes_i({32'b0, kbytes}), .hub_other_i(5'h0), .irq_o(irq_o)
  );

  cpl_engine #(.ENGINE(1), .AES_ARCH(ARCH), .AES_SBOX(1), .AES_AEAD(AEAD),
               .DMA_BITS(DMA_BITS)) u_aes (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .req_i(ureq_i), .we_i(uwe_i), .addr_i(uaddr_i), .wdata_i(uwdata_i), .rdata_o(urdata_o),
    .cpi_req_i(1'b0), .cpi_insn_i(32'h0), .cpi_rs1_i(32'h0), .cpi_rs2_i(32'h0),
    .cpi_rsp_valid_o(ucpi_rsp_valid), .cpi_rsp_data_o(ucpi_rsp_data),
    .cpi_rsp_err_o(ucpi_rsp_err),
    .dma_own_i(own[0]), .dma_zeroize_i(zero[0]), .dma_start_i(start[0]), .dma_cfg_i(cfg),
    .dma_keyw_valid_i(kwv[0]), .dma_keyw_data_i(kwd), .dma_keyload_i(kld[0]),
    .dma_in_valid_i(inv[0]), .dma_in_ready_o(u_inr), .dma_in_data_i(ind),
    .dma_in_last_i(inl), .dma_in_bytes_i(inb),
    .dma_out_valid_o(u_ov), .dma_out_ready_i(ordy[0]), .dma_out_data_o(u_od),
    .dma_out_last_o(u_ol), .partial_ok_o(u_pok), .empty_ok_o(u_eok), .noread_o(u_nord),
    .eng_busy_o(u_busy),
    .key_ready_o(u_krdy), .err_o(u_err), .err_code_o(u_code), .key_bytes_o(kbytes),
    .irq_o(uirq_o)
  );

  // strobes of engines 2..5 (not attached) and the unit's unused cpi answer
  wire unused = &{1'b0, own[4:1], zero[4:1], start[4:1], kwv[4:1], kld[4:1], inv[4:1], ordy[4:1],
                  ucpi_rsp_valid, ucpi_rsp_err, ucpi_rsp_data};
endmodule

`default_nettype wire
