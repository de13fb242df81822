// SPDX-License-Identifier: Apache-2.0
// core_tb_top.v
// Core testbench top: unified memory with random wait states, test coprocessor, IRQ register, RVFI log.
`default_nettype none
`timescale 1ns/1ps

// Plusargs: +hex=FILE (32-bit words from MEM_BASE), +trace=FILE (one line per retirement),
// +tohost=HEX (a store there ends the run: 1 = pass), +max_cycles=N, +stall=1 (random gnt and
// rvalid delays on both ports, random coprocessor latency), +seed=N, +cpi_lat=N (fixed latency),
// +imem_lat=2 (the fetch port's answers pass one more register, as in the SoC),
// +cpi_err=1 (the coprocessor answers every instruction with err, as Spike traps them).
// Memory-mapped bench registers: 0xF000_0010 drives {irq_external, irq_software, irq_timer};
// a write of N to 0xF000_0014 sets irq_timer N cycles later.
// Addresses outside the memory and 0xF000_0000..0xF7FF_FFFF answer with a bus error.
module core_tb_top #(
  parameter [31:0] MEM_BASE  = 32'h8000_0000,
  parameter integer MEM_WORDS = 65536,
  parameter integer RVC       = 0,     // the core's C extension
  parameter integer ZK        = 0      // the core's scalar-crypto extensions
) (
`ifdef VERILATOR
  input wire clk   // driven by core_tb_main.cpp
`endif
);
`ifndef VERILATOR
  reg clk = 1'b0;
  always #5 clk = ~clk;
`endif
  reg rst_n = 1'b0;

  reg [31:0] mem [0:MEM_WORDS-1];
  reg [1023:0] hexfile, tracefile;
  integer    tf, i;
  reg [31:0] tohost;
  integer    max_cycles, stall, seed, cpi_lat, cpi_err_all, imem_lat;
  reg [31:0] lfsr;
  integer    cycles;
  integer    n_st_gnt = 0, n_st_ret = 0, n_ld_gnt = 0, n_ld_ret = 0, n_cpi_acc = 0, n_cpi_ret = 0;
  reg [31:0] irq_countdown;

  wire        imem_req, dmem_req, dmem_we, cpi_req_valid;
  wire [31:0] imem_addr, dmem_addr, dmem_wdata, cpi_insn, cpi_rs1, cpi_rs2;
  wire [3:0]  dmem_be;
  reg         imem_gnt, dmem_gnt, cpi_ready;
  reg         imem_rvalid0, dmem_rvalid, cpi_rsp_valid;
  reg  [31:0] imem_rdata0, dmem_rdata, cpi_rsp_data;
  reg         imem_err0, dmem_err, cpi_rsp_err;
  // the fetch answer at the port: the model's (imem_lat 1) or registered once more (2)
  reg         imem_rvalid1, imem_err1;
  reg  [31:0] imem_rdata1;
  wire        imem_rvalid = (imem_lat >= 2) ? imem_rvalid1 : imem_rvalid0;
  wire [31:0] imem_rdata  = (imem_lat >= 2) ? imem_rdata1 : imem_rdata0;
  wire        imem_err    = (imem_lat >= 2) ? imem_err1 : imem_err0;
  always @(posedge clk) begin
    imem_rvalid1 <= imem_rvalid0 && rst_n;
    imem_rdata1  <= imem_rdata0;
    imem_err1    <= imem_err0;
  end
  reg  [2:0]  irq_q;

  wire        rvfi_valid, rvfi_trap, rvfi_halt, rvfi_intr;
  wire [63:0] rvfi_order;
  wire [31:0] rvfi_insn, rvfi_rs1_rdata, rvfi_rs2_rdata, rvfi_rd_wdata, rvfi_pc_rdata;
  wire [31:0] rvfi_pc_wdata, rvfi_mem_addr, rvfi_mem_rdata, rvfi_mem_wdata;
  wire [4:0]  rvfi_rs1_addr, rvfi_rs2_addr, rvfi_rd_addr;
  wire [3:0]  rvfi_mem_rmask, rvfi_mem_wmask;
  wire [1:0]  rvfi_mode, rvfi_ixl;

  core_top #(.BOOT_ADDR(MEM_BASE), .RVC(RVC), .ZK(ZK)) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .imem_req_o(imem_req), .imem_gnt_i(imem_gnt), .imem_addr_o(imem_addr),
    .imem_rvalid_i(imem_rvalid), .imem_rdata_i(imem_rdata), .imem_err_i(imem_err),
    .dmem_req_o(dmem_req), .dmem_pend_o(), .dmem_gnt_i(dmem_gnt), .dmem_addr_o(dmem_addr), .dmem_we_o(dmem_we),
    .dmem_be_o(dmem_be), .dmem_wdata_o(dmem_wdata), .dmem_rvalid_i(dmem_rvalid),
    .dmem_rdata_i(dmem_rdata), .dmem_err_i(dmem_err),
    .cpi_req_valid_o(cpi_req_valid), .cpi_req_ready_i(cpi_ready), .cpi_req_insn_o(cpi_insn),
    .cpi_req_rs1_o(cpi_rs1), .cpi_req_rs2_o(cpi_rs2), .cpi_rsp_valid_i(cpi_rsp_valid),
    .cpi_rsp_data_i(cpi_rsp_data), .cpi_rsp_err_i(cpi_rsp_err),
    .irq_timer_i(irq_q[0]), .irq_software_i(irq_q[1]), .irq_external_i(irq_q[2]),
    .rvfi_valid, .rvfi_order, .rvfi_insn, .rvfi_trap, .rvfi_halt, .rvfi_intr, .rvfi_mode,
    .rvfi_ixl, .rvfi_rs1_addr, .rvfi_rs2_addr, .rvfi_rs1_rdata, .rvfi_rs2_rdata, .rvfi_rd_addr,
    .rvfi_rd_wdata, .rvfi_pc_rdata, .rvfi_pc_wdata, .rvfi_mem_addr, .rvfi_mem_rmask,
    .rvfi_mem_wmask, .rvfi_mem_rdata, .rvfi_mem_wdata
  );

  function in_mem(input [31:0] a);
    in_mem = (a >= MEM_BASE) && (a - MEM_BASE < MEM_WORDS * 4);
  endfunction

  // Response queues (in order, one response per grant); 4 entries each.
  reg [31:0] iq_data [0:3];
  reg        iq_err  [0:3];
  integer    iq_n;
  reg [31:0] dq_data [0:3];
  reg        dq_err  [0:3];
  integer    dq_n;
  integer    cpi_cnt;       // cycles to the coprocessor response (0: idle)
  reg [31:0] cpi_res;
  reg        cpi_err_r;

  function [31:0] rnd(input integer dummy);
    begin
      lfsr = {lfsr[30:0], lfsr[31] ^ lfsr[21] ^ lfsr[1] ^ lfsr[0]};
      rnd  = lfsr;
    end
  endfunction

  // Grants are decided before the clock edge from the current requests.
  always @(negedge clk) begin
    imem_gnt  = rst_n && imem_req && (iq_n < 3) && (stall == 0 || rnd(0) % 4 != 0);
    dmem_gnt  = rst_n && dmem_req && (dq_n < 3) && (stall == 0 || rnd(0) % 3 != 0);
    // (never in the cycle of an err answer: the core withdraws its next offer on that trap)
    cpi_ready = (cpi_cnt == 0) && !(cpi_rsp_valid && cpi_rsp_err) &&
                (stall == 0 || rnd(0) % 3 != 0);
  end

  // Handshake rules: an offered, not yet accepted request stays offered and unchanged (a
  // coprocessor request may be withdrawn after a cycle whose coprocessor answer was err).
  reg        ip_req, dp_req, cp_req, cp_err;
  reg [31:0] ip_addr, dp_addr, dp_wdata, cp_insn;
  reg        dp_we;
  initial begin ip_req = 0; dp_req = 0; cp_req = 0; cp_err = 0; end
  always @(posedge clk) begin
    if (rst_n) begin
      if (ip_req && !(imem_req && imem_addr == ip_addr)) begin
        $display("PROTOCOL: fetch request withdrawn or changed before grant"); $finish;
      end
      if (dp_req && !(dmem_req && dmem_addr == dp_addr && dmem_we == dp_we &&
                      (!dmem_we || dmem_wdata == dp_wdata))) begin
        $display("PROTOCOL: data request withdrawn or changed before grant"); $finish;
      end
      if (cp_req && !cp_err && !(cpi_req_valid && cpi_insn == cp_insn)) begin
        $display("PROTOCOL: coprocessor request withdrawn or changed before ready"); $finish;
      end
    end
    ip_req <= imem_req && !imem_gnt;  ip_addr <= imem_addr;
    dp_req <= dmem_req && !dmem_gnt;  dp_addr <= dmem_addr;  dp_we <= dmem_we;
    dp_wdata <= dmem_wdata;
    cp_req <= cpi_req_valid && !cpi_ready;  cp_insn <= cpi_insn;
    cp_err <= cpi_rsp_valid && cpi_rsp_err;
  end

  reg [31:0] a, w, dmask;
  reg        go;
  integer    k;
  always @(posedge clk) begin
    cycles = cycles + 1;
    if (cycles == 3) rst_n <= 1'b1;
    if (cycles > max_cycles) begin
      $display("TIMEOUT after %0d cycles", cycles);
      $finish;
    end
    // fetch port
    if (imem_gnt) begin
      iq_data[iq_n] = in_mem(imem_addr) ? mem[(imem_addr - MEM_BASE) >> 2] : 32'h0;
      iq_err[iq_n]  = !in_mem(imem_addr);
      iq_n = iq_n + 1;
    end
    go = (stall == 0) || (rnd(0) % 3 != 0);
    imem_rvalid0 <= 1'b0;
    if (iq_n > 0 && go) begin
      imem_rvalid0 <= 1'b1;
      imem_rdata0  <= iq_data[0];
      imem_err0    <= iq_err[0];
      for (k = 0; k < 3; k = k + 1) begin iq_data[k] = iq_data[k+1]; iq_err[k] = iq_err[k+1]; end
      iq_n = iq_n - 1;
    end
    // data port
    if (dmem_gnt) begin
      a = dmem_addr;
      dmask = {{8{dmem_be[3]}}, {8{dmem_be[2]}}, {8{dmem_be[1]}}, {8{dmem_be[0]}}};
      dq_err[dq_n]  = 1'b0;
      dq_data[dq_n] = 32'h0;
      if (in_mem(a)) begin
        w = mem[(a - MEM_BASE) >> 2];
        if (dmem_we) mem[(a - MEM_BASE) >> 2] = (w & ~dmask) | (dmem_wdata & dmask);
        else dq_data[dq_n] = w;
      end else if (a == 32'hF000_0014) begin
        if (dmem_we) irq_countdown = dmem_wdata;
      end else if (a == 32'hF000_0010) begin
        if (dmem_we) irq_q <= dmem_wdata[2:0];
        else dq_data[dq_n] = {29'd0, irq_q};
      end else if (a[31:28] == 4'hF && a[27] == 1'b1) begin
        dq_data[dq_n] = 32'h0;   // 0xF8000000..: reads zero, writes ignored (no error)
      end else begin
        dq_err[dq_n] = 1'b1;
      end
      dq_n = dq_n + 1;
    end
    go = (stall == 0) || (rnd(0) % 3 != 0);
    dmem_rvalid <= 1'b0;
    if (dq_n > 0 && go) begin
      dmem_rvalid <= 1'b1;
      dmem_rdata  <= dq_data[0];
      dmem_err    <= dq_err[0];
      for (k = 0; k < 3; k = k + 1) begin dq_data[k] = dq_data[k+1]; dq_err[k] = dq_err[k+1]; end
      dq_n = dq_n - 1;
    end
    // countdown timer: raises irq_timer when it reaches 1
    if (irq_countdown != 0) begin
      if (irq_countdown == 1) irq_q[0] <= 1'b1;
      irq_countdown = irq_countdown - 1;
    end
    // test coprocessor: rd = rs1 + rs2 + funct7, error when funct7[6] is set
    cpi_rsp_valid <= 1'b0;
    if (cpi_cnt > 0) begin
      cpi_cnt = cpi_cnt - 1;
      if (cpi_cnt == 0) begin
        cpi_rsp_valid <= 1'b1;
        cpi_rsp_data  <= cpi_res;
        cpi_rsp_err   <= cpi_err_r;
      end
    end
    if (cpi_req_valid && cpi_ready) begin
      cpi_res   = cpi_rs1 + cpi_rs2 + {25'd0, cpi_insn[31:25]};
      cpi_err_r = cpi_insn[31] || (cpi_err_all != 0);
      // latency 1: the response is visible on the cycle after acceptance
      cpi_cnt   = ((stall != 0) ? 1 + (rnd(0) % 5) : cpi_lat) - 1;
      if (cpi_cnt == 0) begin
        cpi_rsp_valid <= 1'b1;
        cpi_rsp_data  <= cpi_res;
        cpi_rsp_err   <= cpi_err_r;
      end
    end
    // Precise side effects: every granted load/store and every accepted coprocessor request
    // belongs to an instruction that retires (possibly with its own access fault or err).
    if (dmem_gnt && dmem_we)  n_st_gnt = n_st_gnt + 1;
    if (dmem_gnt && !dmem_we) n_ld_gnt = n_ld_gnt + 1;
    if (cpi_req_valid && cpi_ready) n_cpi_acc = n_cpi_acc + 1;
    if (rvfi_valid && rvfi_mem_wmask != 4'd0) n_st_ret = n_st_ret + 1;
    if (rvfi_valid && rvfi_mem_rmask != 4'd0) n_ld_ret = n_ld_ret + 1;
    if (rvfi_valid && (rvfi_insn[6:0] == 7'h0b || rvfi_insn[6:0] == 7'h2b))
      n_cpi_ret = n_cpi_ret + 1;
    // RVFI log and the end-of-test store
    if (rvfi_valid) begin
      if (tf != 0)
        $fwrite(tf, "%08x %08x %0d %0d %08x %08x %01x %08x %0d %0d\n", rvfi_pc_rdata, rvfi_insn,
                rvfi_trap, rvfi_rd_addr, rvfi_rd_wdata, rvfi_mem_addr, rvfi_mem_wmask,
                rvfi_mem_wdata, rvfi_intr, cycles);
      if (!rvfi_trap && rvfi_mem_wmask != 4'd0 && rvfi_mem_addr == tohost) begin
        if (n_st_gnt != n_st_ret || n_ld_gnt != n_ld_ret || n_cpi_acc != n_cpi_ret)
          $display("PROTOCOL: granted/retired stores %0d/%0d loads %0d/%0d cpi %0d/%0d",
                   n_st_gnt, n_st_ret, n_ld_gnt, n_ld_ret, n_cpi_acc, n_cpi_ret);
        else
          $display("TOHOST %08x cycles %0d instret %0d", rvfi_mem_wdata, cycles, rvfi_order + 1);
        if (tf != 0) $fclose(tf);
        $finish;
      end
    end
  end

  initial begin
    iq_n = 0; dq_n = 0; cpi_cnt = 0; cycles = 0; irq_q = 3'd0; irq_countdown = 0;
    imem_rvalid0 = 0; dmem_rvalid = 0; cpi_rsp_valid = 0; imem_err0 = 0; dmem_err = 0;
    cpi_rsp_err = 0; imem_rdata0 = 0; dmem_rdata = 0; cpi_rsp_data = 0;
    imem_rvalid1 = 0; imem_rdata1 = 0; imem_err1 = 0;
    imem_gnt = 0; dmem_gnt = 0; cpi_ready = 0;
    for (i = 0; i < MEM_WORDS; i = i + 1) mem[i] = 32'h0;
    if (!$value$plusargs("max_cycles=%d", max_cycles)) max_cycles = 1000000;
    if (!$value$plusargs("stall=%d", stall)) stall = 0;
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    if (!$value$plusargs("cpi_lat=%d", cpi_lat)) cpi_lat = 1;
    if (!$value$plusargs("imem_lat=%d", imem_lat)) imem_lat = 1;
    if (!$value$plusargs("cpi_err=%d", cpi_err_all)) cpi_err_all = 0;
    if (!$value$plusargs("tohost=%h", tohost)) tohost = 32'h8000_1000;
    lfsr = 32'h1234_5678 ^ seed;
    if ($value$plusargs("hex=%s", hexfile)) $readmemh(hexfile, mem);
    else begin $display("no +hex= given"); $finish; end
    tf = 0;
    if ($value$plusargs("trace=%s", tracefile)) tf = $fopen(tracefile, "w");
  end
endmodule

`default_nettype wire
