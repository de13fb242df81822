// SPDX-License-Identifier: Apache-2.0
// soc_top.v
// Cipher-V SoC: core, program and data memories, interconnect, peripherals, coprocessor port.
`default_nettype none
`include "soc_memmap.vh"

module soc_top #(
  parameter integer IMEM_BYTES      = 65536,  // program memory size (power of two)
  parameter integer DMEM_BYTES      = 65536,  // data memory size (power of two)
  parameter integer DMA_BITS        = 32,     // width of dmem port B (32 or 128)
  parameter integer UART_DIV        = 4,      // UART bit period after reset, in cycles
  parameter integer UART_FIFO_DEPTH = 16,
  parameter         IMEM_INIT       = "",     // program memory image at configuration (FPGA)
  parameter         DMEM_INIT       = "",     // data memory image at configuration (FPGA)
  parameter integer AES_ARCH        = 0,      // AES datapath: 0 rolled, 2 pipelined
  parameter integer AES_SBOX        = 0,      // AES S-boxes: 0 table (smaller on LUT6), 1 composite
  parameter integer AES_AEAD        = 0,      // 1: AES engine aead_top (+ GCM, CCM/CCM*), 0 aes_top
  parameter integer CHACHA_AEAD     = 0,      // 1: ChaCha engine chachapoly_top (+ ChaCha20-Poly1305)
  parameter integer RVC             = 0,      // 1: the core is RV32IMC (core_top RVC)
  parameter integer ZK              = 0,      // 1: the core adds Zbkb/c/x, Zkne/d, Zknh (core_top ZK)
  parameter [4:0]   ENGINES         = 5'b11111  // bit e-1: engine number e built
                                                // (numbers: docs/constants.md)
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  // UART line
  output wire        uart_tx_o,
  input  wire        uart_rx_i,
  output wire [15:0] uart_div_o,        // current bit period, for the simulation line agent
  // simulation control
  output wire        sim_exit_valid_o,  // one-cycle pulse: firmware wrote its exit code
  output wire [31:0] sim_exit_code_o,
  output wire        sim_putc_valid_o,
  output wire [7:0]  sim_putc_char_o,
  output wire        retire_o           // one pulse per retired instruction (RVFI valid)
);
  localparam integer IMEM_AW = $clog2(IMEM_BYTES / 4);
  localparam integer DMEM_AW = $clog2(DMEM_BYTES / 4);
  localparam integer DMA_AW  = $clog2(DMEM_BYTES / (DMA_BITS / 8));

  // ------------------------------------------------------------------ core
  wire        instr_req, instr_rvalid, instr_err;
  wire [31:0] instr_addr, instr_rdata, instr_rdata_ram;
  wire        data_req, data_pend, data_gnt, data_we, data_rvalid, data_err;
  wire [3:0]  data_be;
  wire [31:0] data_addr, data_wdata, data_rdata;
  wire        cpi_req_valid, cpi_req_ready, cpi_rsp_valid, cpi_rsp_err;
  wire [31:0] cpi_req_insn, cpi_req_rs1, cpi_req_rs2, cpi_rsp_data;
  wire        irq_timer, irq_software, irq_external;

  // RVFI outputs other than valid are for the core's own verification (lockstep, formal).
  /* verilator lint_off UNUSEDSIGNAL */
  wire [63:0] rvfi_order;
  wire [31:0] rvfi_insn, rvfi_rs1_rdata, rvfi_rs2_rdata, rvfi_rd_wdata, rvfi_pc_rdata;
  wire [31:0] rvfi_pc_wdata, rvfi_mem_addr, rvfi_mem_rdata, rvfi_mem_wdata;
  wire        rvfi_trap, rvfi_halt, rvfi_intr;
  wire [1:0]  rvfi_mode, rvfi_ixl;
  wire [4:0]  rvfi_rs1_addr, rvfi_rs2_addr, rvfi_rd_addr;
  wire [3:0]  rvfi_mem_rmask, rvfi_mem_wmask;
  /* verilator lint_on UNUSEDSIGNAL */

  core_top #(.RVC(RVC), .ZK(ZK)) u_core (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .imem_req_o      (instr_req),
    .imem_gnt_i      (1'b1),
    .imem_addr_o     (instr_addr),
    .imem_rvalid_i   (instr_rvalid),
    .imem_rdata_i    (instr_rdata),
    .imem_err_i      (instr_err),
    .dmem_req_o      (data_req),
    .dmem_pend_o     (data_pend),
    .dmem_gnt_i      (data_gnt),
    .dmem_addr_o     (data_addr),
    .dmem_we_o       (data_we),
    .dmem_be_o       (data_be),
    .dmem_wdata_o    (data_wdata),
    .dmem_rvalid_i   (data_rvalid),
    .dmem_rdata_i    (data_rdata),
    .dmem_err_i      (data_err),
    .cpi_req_valid_o (cpi_req_valid),
    .cpi_req_ready_i (cpi_req_ready),
    .cpi_req_insn_o  (cpi_req_insn),
    .cpi_req_rs1_o   (cpi_req_rs1),
    .cpi_req_rs2_o   (cpi_req_rs2),
    .cpi_rsp_valid_i (cpi_rsp_valid),
    .cpi_rsp_data_i  (cpi_rsp_data),
    .cpi_rsp_err_i   (cpi_rsp_err),
    .irq_timer_i     (irq_timer),
    .irq_software_i  (irq_software),
    .irq_external_i  (irq_external),
    .rvfi_valid      (retire_o),
    .rvfi_order      (rvfi_order),
    .rvfi_insn       (rvfi_insn),
    .rvfi_trap       (rvfi_trap),
    .rvfi_halt       (rvfi_halt),
    .rvfi_intr       (rvfi_intr),
    .rvfi_mode       (rvfi_mode),
    .rvfi_ixl        (rvfi_ixl),
    .rvfi_rs1_addr   (rvfi_rs1_addr),
    .rvfi_rs2_addr   (rvfi_rs2_addr),
    .rvfi_rs1_rdata  (rvfi_rs1_rdata),
    .rvfi_rs2_rdata  (rvfi_rs2_rdata),
    .rvfi_rd_addr    (rvfi_rd_addr),
    .rvfi_rd_wdata   (rvfi_rd_wdata),
    .rvfi_pc_rdata   (rvfi_pc_rdata),
    .rvfi_pc_wdata   (rvfi_pc_wdata),
    .rvfi_mem_addr   (rvfi_mem_addr),
    .rvfi_mem_rmask  (rvfi_mem_rmask),
    .rvfi_mem_wmask  (rvfi_mem_wmask),
    .rvfi_mem_rdata  (rvfi_mem_rdata),
    .rvfi_mem_wdata  (rvfi_mem_wdata)
  );

  // ------------------------------------------------------------------ coprocessor port
  // cpl_dispatch checks opcode and target and forwards each custom instruction to the coupling
  // hub on its engine's request line (coupling/README.md); the hub decodes the operation.
  wire [4:0]   unit_req;
  wire [4:0]   unit_rsp_valid, unit_rsp_err;
  wire [31:0]  unit_insn, unit_rs1, unit_rs2;
  wire [159:0] unit_rsp_data;
  // DMA target (7) of the dispatcher: cpl_dma (below).
  wire         cdma_req_valid, cdma_req_ready, cdma_rsp_valid, cdma_rsp_err;
  wire [31:0]  cdma_req_insn, cdma_req_rs1, cdma_req_rs2, cdma_rsp_data;

  cpl_dispatch #(.ENGINES(ENGINES[4:0]), .HAS_DMA(1)) u_cpi (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .req_valid_i      (cpi_req_valid),
    .req_ready_o      (cpi_req_ready),
    .req_insn_i       (cpi_req_insn),
    .req_rs1_i        (cpi_req_rs1),
    .req_rs2_i        (cpi_req_rs2),
    .rsp_valid_o      (cpi_rsp_valid),
    .rsp_data_o       (cpi_rsp_data),
    .rsp_err_o        (cpi_rsp_err),
    .unit_req_o       (unit_req),
    .unit_insn_o      (unit_insn),
    .unit_rs1_o       (unit_rs1),
    .unit_rs2_o       (unit_rs2),
    .unit_rsp_valid_i (unit_rsp_valid),
    .unit_rsp_data_i  (unit_rsp_data),
    .unit_rsp_err_i   (unit_rsp_err),
    .dma_req_valid_o  (cdma_req_valid),
    .dma_req_ready_i  (cdma_req_ready),
    .dma_req_insn_o   (cdma_req_insn),
    .dma_req_rs1_o    (cdma_req_rs1),
    .dma_req_rs2_o    (cdma_req_rs2),
    .dma_rsp_valid_i  (cdma_rsp_valid),
    .dma_rsp_data_i   (cdma_rsp_data),
    .dma_rsp_err_i    (cdma_rsp_err)
  );

  // ------------------------------------------------------------------ instruction fetch
  // The fetch port reaches imem port A only; a fetch outside imem answers with err (instruction
  // access fault). The RAM answers on the next cycle and its answer passes one more register
  // before the core (a fetch answers two cycles after its request, which the core's fetch
  // keeps up with: core/README.md), so the block RAM's output ends at a flop. Grant is constant.
  // The RAM reads on every request: an address outside imem only sets err, so the range compare
  // is not in front of the RAM's enable.
  reg        instr_rvalid_q, instr_rvalid_d, instr_err_q, instr_err_d;
  reg        instr_rvalid_q2, instr_err_q2;
  reg [31:0] instr_rdata_q2;
  wire instr_in_imem = (instr_addr - `CV_IMEM_BASE) < IMEM_BYTES;

  always @* begin
    instr_rvalid_d = instr_req;
    instr_err_d    = instr_req && !instr_in_imem;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      instr_rvalid_q  <= 1'b0;
      instr_err_q     <= 1'b0;
      instr_rvalid_q2 <= 1'b0;
      instr_err_q2    <= 1'b0;
    end else begin
      instr_rvalid_q  <= instr_rvalid_d;
      instr_err_q     <= instr_err_d;
      instr_rvalid_q2 <= instr_rvalid_q;
      instr_err_q2    <= instr_err_q;
    end
  end
  always @(posedge clk_i) instr_rdata_q2 <= instr_rdata_ram;
  assign instr_rvalid = instr_rvalid_q2;
  assign instr_err    = instr_err_q2;
  assign instr_rdata  = instr_rdata_q2;

  // ------------------------------------------------------------------ interconnect
  /* verilator lint_off UNUSEDSIGNAL */  // upper address bits were decoded by the crossbar
  wire [31:0] t_addr;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [31:0] t_wdata;
  wire        t_we;
  wire [3:0]  t_be;
  wire        imem_b_req, dmem_a_req, simctrl_req, uart_req, timer_req, intc_req, acc_req;
  wire [31:0] imem_b_rdata, dmem_a_rdata, simctrl_rdata, uart_rdata, timer_rdata, intc_rdata;
  wire [31:0] acc_rdata;
  wire [11:0] acc_addr;
  wire [31:0] acc_wdata;
  wire        acc_we;
  wire [5:0]  acc_sel;

  soc_xbar #(.IMEM_BYTES(IMEM_BYTES), .DMEM_BYTES(DMEM_BYTES),
             .ACC_PRESENT({1'b1, ENGINES[4:0]})) u_xbar (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .req_i           (data_req),
    .gnt_o           (data_gnt),
    .addr_i          (data_addr),
    .we_i            (data_we),
    .be_i            (data_be),
    .wdata_i         (data_wdata),
    .rvalid_o        (data_rvalid),
    .rdata_o         (data_rdata),
    .err_o           (data_err),
    .t_addr_o        (t_addr),
    .t_we_o          (t_we),
    .t_be_o          (t_be),
    .t_wdata_o       (t_wdata),
    .imem_req_o      (imem_b_req),
    .imem_rdata_i    (imem_b_rdata),
    .dmem_req_o      (dmem_a_req),
    .dmem_rdata_i    (dmem_a_rdata),
    .simctrl_req_o   (simctrl_req),
    .simctrl_rdata_i (simctrl_rdata),
    .uart_req_o      (uart_req),
    .uart_rdata_i    (uart_rdata),
    .timer_req_o     (timer_req),
    .timer_rdata_i   (timer_rdata),
    .intc_req_o      (intc_req),
    .intc_rdata_i    (intc_rdata),
    .acc_req_o       (acc_req),
    .acc_sel_o       (acc_sel),
    .acc_addr_o      (acc_addr),
    .acc_we_o        (acc_we),
    .acc_wdata_o     (acc_wdata),
    .acc_rdata_i     (acc_rdata)
  );

  // ------------------------------------------------------------------ memories
  // Regions are aligned to their size (tools/memmap.py checks it), so the word index inside a
  // memory is simply the address bits above the byte offset; the crossbar has decoded the rest.
  wire [IMEM_AW-1:0] imem_widx = t_addr[IMEM_AW+1:2];
  wire [DMEM_AW-1:0] dmem_widx = t_addr[DMEM_AW+1:2];

  soc_ram #(.BYTES(IMEM_BYTES), .B_BITS(32), .INIT_PLUSARG("imem"),
           .INIT_FILE(IMEM_INIT)) u_imem (
    .clk_i     (clk_i),
    .a_req_i   (instr_req),
    .a_we_i    (1'b0),
    .a_addr_i  (instr_addr[IMEM_AW+1:2]),
    .a_be_i    (4'h0),
    .a_wdata_i (32'h0),
    .a_rdata_o (instr_rdata_ram),
    .b_req_i   (imem_b_req),
    .b_we_i    (t_we),
    .b_addr_i  (imem_widx),
    .b_be_i    (t_be),
    .b_wdata_i (t_wdata),
    .b_rdata_o (imem_b_rdata),
    .c_req_i   (1'b0),
    .c_addr_i  ({IMEM_AW{1'b0}}),
    .c_be_i    (4'h0),
    .c_wdata_i (32'h0)
  );

  // Data memory port B: the DMA's port (cpl_dma, below). Address is in DMA_BITS-wide words from
  // the start of dmem; data lane 0 (bits 31:0) is the lowest-addressed word.
  wire                  dma_req, dma_we;
  wire [DMA_AW-1:0]     dma_addr;
  wire [DMA_BITS/8-1:0] dma_be;
  wire [DMA_BITS-1:0]   dma_wdata, dma_rdata;
  // the DMA's write queue on port A, in cycles whose MEM stage holds no load or store (the core's
  // dmem_pend_o, from its flops: any load or store, whatever its target, so that neither the
  // core's stall logic nor the address decode runs into the memory's enables)
  wire                  dma_a_req;
  wire [DMA_AW-1:0]     dma_a_addr;
  wire [DMA_BITS/8-1:0] dma_a_be;
  wire [DMA_BITS-1:0]   dma_a_wdata;

  soc_ram #(.BYTES(DMEM_BYTES), .B_BITS(DMA_BITS), .INIT_PLUSARG("dmem"),
           .INIT_FILE(DMEM_INIT)) u_dmem (
    .clk_i     (clk_i),
    .a_req_i   (dmem_a_req),
    .a_we_i    (t_we),
    .a_addr_i  (dmem_widx),
    .a_be_i    (t_be),
    .a_wdata_i (t_wdata),
    .a_rdata_o (dmem_a_rdata),
    .b_req_i   (dma_req),
    .b_we_i    (dma_we),
    .b_addr_i  (dma_addr),
    .b_be_i    (dma_be),
    .b_wdata_i (dma_wdata),
    .b_rdata_o (dma_rdata),
    .c_req_i   (dma_a_req),
    .c_addr_i  (dma_a_addr),
    .c_be_i    (dma_a_be),
    .c_wdata_i (dma_a_wdata)
  );

  // ------------------------------------------------------------------ peripherals
  wire irq_uart;
  soc_simctrl u_simctrl (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .req_i        (simctrl_req),
    .we_i         (t_we),
    .addr_i       (t_addr[`CV_SIMCTRL_AW-1:0]),
    .wdata_i      (t_wdata),
    .rdata_o      (simctrl_rdata),
    .exit_valid_o (sim_exit_valid_o),
    .exit_code_o  (sim_exit_code_o),
    .putc_valid_o (sim_putc_valid_o),
    .putc_char_o  (sim_putc_char_o)
  );

  soc_uart #(.FIFO_DEPTH(UART_FIFO_DEPTH), .DIV_RESET(UART_DIV)) u_uart (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .req_i   (uart_req),
    .we_i    (t_we),
    .addr_i  (t_addr[`CV_UART_AW-1:0]),
    .wdata_i (t_wdata),
    .rdata_o (uart_rdata),
    .tx_o    (uart_tx_o),
    .rx_i    (uart_rx_i),
    .div_o   (uart_div_o),
    .irq_o   (irq_uart)
  );

  soc_timer u_timer (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .req_i          (timer_req),
    .we_i           (t_we),
    .addr_i         (t_addr[`CV_TIMER_AW-1:0]),
    .wdata_i        (t_wdata),
    .rdata_o        (timer_rdata),
    .irq_timer_o    (irq_timer),
    .irq_software_o (irq_software)
  );

  // Interrupt lines, numbered as in soc/regs/intc.toml; lines of engines not attached are idle.
  wire [7:0] irq_lines;
  wire       dma_irq;
  wire [4:0] eng_irq;  // engine e's unit: bit e-1
  assign irq_lines[`CV_IRQ_UART]    = irq_uart;
  assign irq_lines[`CV_IRQ_AES]     = eng_irq[0];
  assign irq_lines[`CV_IRQ_PRINCE]  = eng_irq[1];
  assign irq_lines[`CV_IRQ_PRESENT] = eng_irq[2];
  assign irq_lines[`CV_IRQ_CHACHA]  = eng_irq[3];
  assign irq_lines[`CV_IRQ_SHA3]    = eng_irq[4];
  assign irq_lines[`CV_IRQ_DMA]     = dma_irq;
  assign irq_lines[7]               = 1'b0;

  soc_intc #(.N(8)) u_intc (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .req_i          (intc_req),
    .we_i           (t_we),
    .addr_i         (t_addr[`CV_INTC_AW-1:0]),
    .wdata_i        (t_wdata),
    .rdata_o        (intc_rdata),
    .irq_i          (irq_lines),
    .irq_external_o (irq_external)
  );

  // ------------------------------------------------------------------ accelerator windows
  // The crossbar's registered accelerator request (acc_*: a cycle after the core's request, in
  // program order with the custom instructions from cpl_dispatch). acc_sel is one-hot in the
  // order aes, prince, present, chacha, sha3, dma; a window whose block is not attached is
  // answered with a bus error (access fault) by the crossbar. Like every target, read data comes
  // one cycle after the (registered) request.
  reg  [5:0] acc_rsel_q, acc_rsel_d;
  always @* acc_rsel_d = acc_req ? acc_sel : 6'h0;
  always @(posedge clk_i) begin
    if (!rst_ni) acc_rsel_q <= 6'h0;
    else         acc_rsel_q <= acc_rsel_d;
  end

  // ---- Engines 1..5 (AES, PRINCE, PRESENT, ChaCha, SHA-3) behind one coupling hub (cpl_hub:
  // the register block, instruction decoder and DMA port of every engine window, with a slot of
  // per-engine state each) and each engine on its slice of the hub's buses (cpl_eng). Slice/bit
  // e-1 of the vectors below is engine e.
  wire [159:0]          eng_rdata;
  wire [31:0]           hub_rdata;
  wire [4:0]            eng_in_ready, eng_out_valid, eng_out_last, eng_partial_ok;
  wire [4:0]            eng_empty_ok, eng_noread, eng_busy, eng_key_ready, eng_err;
  wire [4:0]            hub_other;
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
  wire [4:0]            e_zero, e_start, e_kvalid, e_krdy, e_ivvalid, e_invalid, e_inrdy;
  wire [4:0]            e_ov, e_ordy, e_olast, e_busy, e_err;
  wire [159:0]          e_cfg;
  wire [255:0]          e_key;
  wire [127:0]          e_iv;
  wire [639:0]          e_ivback;
  wire [511:0]          e_indata;
  wire                  e_inlast;
  wire [39:0]           e_inbytes;
  wire [2559:0]         e_odata;
  wire [19:0]           e_ecode;

  // (the read data is registered in the hub, for whichever window was read: acc_rsel_q below)
  assign eng_rdata = {5{hub_rdata}};

  cpl_hub #(.ENGINES(ENGINES), .DMA_BITS(DMA_BITS), .AES_ARCH(AES_ARCH),
            .AES_SBOX(AES_SBOX), .AES_AEAD(AES_AEAD),
            .CHACHA_AEAD(CHACHA_AEAD)) u_hub (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .req_i            ({5{acc_req}} & acc_sel[4:0]),
    .we_i             (acc_we),
    .addr_i           (acc_addr),
    .wdata_i          (acc_wdata),
    .rdata_o          (hub_rdata),
    .cpi_req_i        (unit_req),
    .cpi_insn_i       (unit_insn),
    .cpi_rs1_i        (unit_rs1),
    .cpi_rs2_i        (unit_rs2),
    .cpi_rsp_valid_o  (unit_rsp_valid),
    .cpi_rsp_data_o   (unit_rsp_data),
    .cpi_rsp_err_o    (unit_rsp_err),
    .dma_own_i        (dw_own),
    .dma_any_i        (dw_any),
    .dma_zeroize_i    (dw_zero),
    .dma_start_i      (dw_start),
    .dma_cfg_i        (dw_cfg),
    .dma_keyw_valid_i (dw_keyw_valid),
    .dma_keyw_data_i  (dw_keyw_data),
    .dma_keyload_i    (dw_keyload),
    .dma_in_valid_i   (dw_in_valid),
    .dma_in_ready_o   (eng_in_ready),
    .dma_in_data_i    (dw_in_data),
    .dma_in_last_i    (dw_in_last),
    .dma_in_bytes_i   (dw_in_bytes),
    .dma_out_valid_o  (eng_out_valid),
    .dma_out_ready_i  (dw_out_ready),
    .dma_out_data_o   (eng_out_data),
    .dma_out_last_o   (eng_out_last),
    .partial_ok_o     (eng_partial_ok),
    .empty_ok_o       (eng_empty_ok),
    .noread_o         (eng_noread),
    .eng_busy_o       (eng_busy),
    .key_ready_o      (eng_key_ready),
    .err_o            (eng_err),
    .err_code_o       (eng_err_code),
    .key_bytes_o      (eng_key_bytes),
    .other_o          (hub_other),
    .irq_o            (eng_irq),
    .eng_zeroize_o    (e_zero),
    .eng_cfg_o        (e_cfg),
    .eng_start_o      (e_start),
    .eng_key_o        (e_key),
    .eng_key_valid_o  (e_kvalid),
    .eng_key_ready_i  (e_krdy),
    .eng_iv_o         (e_iv),
    .eng_iv_valid_o   (e_ivvalid),
    .eng_iv_i         (e_ivback),
    .eng_in_valid_o   (e_invalid),
    .eng_in_ready_i   (e_inrdy),
    .eng_in_data_o    (e_indata),
    .eng_in_last_o    (e_inlast),
    .eng_in_bytes_o   (e_inbytes),
    .eng_out_valid_i  (e_ov),
    .eng_out_ready_o  (e_ordy),
    .eng_out_data_i   (e_odata),
    .eng_out_last_i   (e_olast),
    .eng_busy_i       (e_busy),
    .eng_err_i        (e_err),
    .eng_err_code_i   (e_ecode)
  );

  genvar e;
  generate
    for (e = 1; e <= 5; e = e + 1) begin : g_eng
      if (ENGINES[e-1]) begin : g_on
        cpl_eng #(.ENGINE(e), .AES_ARCH(AES_ARCH), .AES_SBOX(AES_SBOX),
                  .AES_AEAD(AES_AEAD), .CHACHA_AEAD(CHACHA_AEAD)) u_eng (
          .clk_i       (clk_i),
          .rst_ni      (rst_ni),
          .dma_own_i   (dw_own[e-1]),
          .zeroize_i   (e_zero[e-1]),
          .cfg_i       (e_cfg[32*(e-1) +: 32]),
          .start_i     (e_start[e-1]),
          .key_i       (e_key),
          .key_valid_i (e_kvalid[e-1]),
          .key_ready_o (e_krdy[e-1]),
          .iv_i        (e_iv),
          .iv_valid_i  (e_ivvalid[e-1]),
          .iv_o        (e_ivback[128*(e-1) +: 128]),
          .in_valid_i  (e_invalid[e-1]),
          .in_ready_o  (e_inrdy[e-1]),
          .in_data_i   (e_indata),
          .in_last_i   (e_inlast),
          .in_bytes_i  (e_inbytes[8*(e-1) +: 8]),
          .out_valid_o (e_ov[e-1]),
          .out_ready_i (e_ordy[e-1]),
          .out_data_o  (e_odata[512*(e-1) +: 512]),
          .out_last_o  (e_olast[e-1]),
          .busy_o      (e_busy[e-1]),
          .err_o       (e_err[e-1]),
          .err_code_o  (e_ecode[4*(e-1) +: 4])
        );
      end else begin : g_off
        // not built: the window answers bus error, the dispatcher treats the target as illegal,
        // and the hub ignores the engine's inputs
        wire unused = ^{e_zero[e-1], e_cfg[32*(e-1) +: 32], e_start[e-1], e_kvalid[e-1],
                        e_ivvalid[e-1], e_invalid[e-1], e_ordy[e-1], e_inbytes[8*(e-1) +: 8]};
        assign e_krdy[e-1]                  = 1'b0;
        assign e_ivback[128*(e-1) +: 128]   = 128'h0;
        assign e_inrdy[e-1]                 = 1'b0;
        assign e_ov[e-1]                    = 1'b0;
        assign e_odata[512*(e-1) +: 512]    = 512'h0;
        assign e_olast[e-1]                 = 1'b0;
        assign e_busy[e-1]                  = 1'b0;
        assign e_err[e-1]                   = 1'b0;
        assign e_ecode[4*(e-1) +: 4]        = 4'h0;
      end
    end
  endgenerate

  // ---- DMA (cpl_dma): the `dma` window (acc_sel[5]), the dispatcher's target 7, dmem port B,
  // the units' DMA word ports (engine 1 = AES attached) and interrupt line CV_IRQ_DMA.
  wire [31:0] dma_win_rdata;

  cpl_dma #(.DMA_BITS(DMA_BITS), .DMEM_BYTES(DMEM_BYTES), .ENGINES({26'd0, ENGINES, 1'b0}),
            .A_WRITE(1), .CONT_JOBS((AES_AEAD != 0 || CHACHA_AEAD != 0) ? 1 : 0)) u_dma (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .req_i            (acc_req && acc_sel[5]),
    .we_i             (acc_we),
    .addr_i           (acc_addr[`CV_DMA_AW-1:0]),
    .wdata_i          (acc_wdata),
    .rdata_o          (dma_win_rdata),
    .cpi_req_valid_i  (cdma_req_valid),
    .cpi_req_ready_o  (cdma_req_ready),
    .cpi_req_insn_i   (cdma_req_insn),
    .cpi_req_rs1_i    (cdma_req_rs1),
    .cpi_req_rs2_i    (cdma_req_rs2),
    .cpi_rsp_valid_o  (cdma_rsp_valid),
    .cpi_rsp_data_o   (cdma_rsp_data),
    .cpi_rsp_err_o    (cdma_rsp_err),
    .mem_req_o        (dma_req),
    .mem_we_o         (dma_we),
    .mem_addr_o       (dma_addr),
    .mem_be_o         (dma_be),
    .mem_wdata_o      (dma_wdata),
    .mem_rdata_i      (dma_rdata),
    .a_free_i         (!data_pend),
    .a_req_o          (dma_a_req),
    .a_addr_o         (dma_a_addr),
    .a_be_o           (dma_a_be),
    .a_wdata_o        (dma_a_wdata),
    .dma_own_o        (dw_own),
    .dma_any_o        (dw_any),
    .dma_zeroize_o    (dw_zero),
    .dma_start_o      (dw_start),
    .dma_cfg_o        (dw_cfg),
    .dma_keyw_valid_o (dw_keyw_valid),
    .dma_keyw_data_o  (dw_keyw_data),
    .dma_keyload_o    (dw_keyload),
    .dma_in_valid_o   (dw_in_valid),
    .dma_in_ready_i   (eng_in_ready),
    .dma_in_data_o    (dw_in_data),
    .dma_in_last_o    (dw_in_last),
    .dma_in_bytes_o   (dw_in_bytes),
    .dma_out_valid_i  (eng_out_valid),
    .dma_out_ready_o  (dw_out_ready),
    .dma_out_data_i   (eng_out_data),
    .dma_out_last_i   (eng_out_last),
    .partial_ok_i     (eng_partial_ok),
    .empty_ok_i       (eng_empty_ok),
    .noread_i         (eng_noread),
    .eng_busy_i       (eng_busy),
    .key_ready_i      (eng_key_ready),
    .err_i            (eng_err),
    .err_code_i       (eng_err_code),
    .key_bytes_i      (eng_key_bytes),
    .hub_other_i      (hub_other),
    .irq_o            (dma_irq)
  );

  // one-hot select: the OR of the gated read data of every window
  reg [31:0] acc_rdata_r;
  integer w;
  always @* begin
    acc_rdata_r = acc_rsel_q[5] ? dma_win_rdata : 32'h0;
    for (w = 0; w < 5; w = w + 1)
      if (acc_rsel_q[w]) acc_rdata_r = acc_rdata_r | eng_rdata[32*w +: 32];
  end
  assign acc_rdata = acc_rdata_r;
endmodule

`default_nettype wire
