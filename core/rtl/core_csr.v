// SPDX-License-Identifier: Apache-2.0
// core_csr.v
// Machine-mode CSR file, trap entry/return state, counters and interrupt selection.
`default_nettype none

// A CSR instruction reads in MEM (the pipeline holds it there until WB is empty, so nothing
// older can still change a CSR) and writes in WB, where the read value arrives registered as
// csr_old_i for csrrs/csrrc. Counters keep counting meanwhile: csrrs/csrrc on mcycle[h] use
// the value of the cycle before. Interrupts are selected from the registered enables; the
// core holds MEM while a CSR write is in WB, so a write's new enables apply to the very next
// instruction.

module core_csr #(
  parameter [31:0] HART_ID = 32'd0,
  parameter integer RVC    = 0
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  // CSR read (MEM stage)
  input  wire [11:0] csr_raddr_i,
  output reg  [31:0] csr_rdata_o,
  // CSR instruction retiring in WB (address already checked by the decoder)
  input  wire        csr_en_i,
  input  wire [11:0] csr_addr_i,
  input  wire [1:0]  csr_op_i,      // funct3[1:0]: 1 write, 2 set, 3 clear
  input  wire        csr_write_i,
  input  wire [31:0] csr_wdata_i,
  input  wire [31:0] csr_old_i,     // the value this instruction read in MEM
  // trap entry and return
  input  wire        trap_i,
  input  wire        trap_intr_i,
  input  wire [4:0]  trap_cause_i,
  input  wire [31:0] trap_pc_i,
  input  wire [31:0] trap_tval_i,
  input  wire        mret_i,
  output wire [31:0] trap_vector_o,
  output wire [31:0] mepc_o,
  input  wire        retire_i,      // an instruction retires (minstret)
  // interrupts
  input  wire        irq_timer_i,
  input  wire        irq_software_i,
  input  wire        irq_external_i,
  output wire        irq_take_o,    // an enabled interrupt is pending
  output reg  [4:0]  irq_cause_o
);
  // MXL=1, I, M (and C)
  localparam [31:0] MISA = (RVC != 0) ? 32'h4000_1104 : 32'h4000_1100;
  // mepc's writable low bits: bit 1 with C (2-byte aligned instructions), none without
  localparam [1:0]  EPCM = (RVC != 0) ? 2'b10 : 2'b00;

  reg        mie_q, mie_d;            // mstatus.MIE
  reg        mpie_q, mpie_d;          // mstatus.MPIE
  reg [2:0]  ie_q, ie_d;              // mie.{MEIE, MTIE, MSIE}
  reg [31:0] mtvec_q, mtvec_d;        // bit 1 always 0, bit 0 = vectored mode
  reg [31:0] mscratch_q, mscratch_d;
  reg [31:0] mepc_q, mepc_d;
  // mcause is WLRL: it holds the interrupt bit and a 5-bit code (every cause this core raises;
  // bits 30:5 read 0 whatever was written).
  reg [5:0]  mcause_q, mcause_d;     // {interrupt, code}
  reg [31:0] mtval_q, mtval_d;
  reg [63:0] mcycle_q, mcycle_d;
  reg [63:0] minstret_q, minstret_d;

  // The interrupt lines are sampled into flip-flops: mip and the decision to take an interrupt
  // see them one cycle late, so the sources' logic (the timer's 64-bit compare) is not in the
  // same cycle as the core's request and trap logic (in the SoC that would be one path across
  // the timer, the core and the bus).
  reg  [2:0]  irq_q;    // {external, software, timer}
  always @(posedge clk_i) begin
    if (!rst_ni) irq_q <= 3'b000;
    else         irq_q <= {irq_external_i, irq_software_i, irq_timer_i};
  end
  wire [31:0] mip     = {20'd0, irq_q[2], 3'd0, irq_q[0], 3'd0, irq_q[1], 3'd0};
  wire [31:0] mie_reg = {20'd0, ie_q[2], 3'd0, ie_q[1], 3'd0, ie_q[0], 3'd0};
  wire [31:0] mstatus = {19'd0, 2'b11, 3'd0, mpie_q, 3'd0, mie_q, 3'd0};  // MPP fixed to M

  // The read selects by address bits alone: the decoder refuses every address that is not
  // implemented (illegal instruction), so each group needs only the bits that tell its own
  // members apart, and the read is three levels of 4:1 and 2:1 multiplexers on address bits
  // instead of a compare of the 12-bit address per register:
  //   [11] = 0: 0x30x (mstatus 300, misa 301, mie 304, mtvec 305) or, [6] = 1, 0x34x
  //             (mscratch 340, mepc 341, mcause 342, mtval 343, mip 344);
  //   [11] = 1: the counters (B00/C00 mcycle, B02/C02 minstret, +0x80 the high halves) or,
  //             [4] = 1, 0xF11-0xF14 (mvendorid, marchid, mimpid read 0; mhartid F14).
  /* verilator lint_off UNUSEDSIGNAL */  // bits 10:8, 5 and 3 tell no implemented CSRs apart
  wire [11:0] ra = csr_raddr_i;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [63:0] rd_ctr = ra[1] ? minstret_q : mcycle_q;
  (* keep *) wire [31:0] rd_cnt;  // a net of its own: ABC split the 4:1 into two LUT5 without it
  assign rd_cnt = ra[7] ? rd_ctr[63:32] : rd_ctr[31:0];
  wire [31:0] rd_f1x = ra[2] ? HART_ID : 32'd0;
  reg  [31:0] rd_34x;
  always @* begin
    case (ra[1:0])
      2'd0:    rd_34x = mscratch_q;
      2'd1:    rd_34x = mepc_q;
      2'd2:    rd_34x = {mcause_q[5], 26'd0, mcause_q[4:0]};
      default: rd_34x = mtval_q;
    endcase
    if (ra[2]) rd_34x = mip;
  end
  wire [31:0] rd_30x = ra[2] ? (ra[0] ? mtvec_q : mie_reg) : (ra[0] ? MISA : mstatus);
  always @* begin
    if (ra[11]) csr_rdata_o = ra[4] ? rd_f1x : rd_cnt;
    else        csr_rdata_o = ra[6] ? rd_34x : rd_30x;
  end

  reg [31:0] wval;
  always @* begin
    case (csr_op_i)
      2'd2:    wval = csr_old_i | csr_wdata_i;
      2'd3:    wval = csr_old_i & ~csr_wdata_i;
      default: wval = csr_wdata_i;
    endcase
  end
  wire we = csr_en_i && csr_write_i;

  // Counters: a CSR write of either half takes precedence over the increment of that cycle (the
  // other half keeps its value). The write is selected in front of the adder, the increment
  // forced to 0 on a write, so each bit is one LUT feeding the carry chain instead of an adder
  // bit and a write multiplexer behind it.
  wire wr_cyc_lo = we && csr_addr_i == 12'hB00;
  wire wr_cyc_hi = we && csr_addr_i == 12'hB80;
  wire wr_ret_lo = we && csr_addr_i == 12'hB02;
  wire wr_ret_hi = we && csr_addr_i == 12'hB82;
  wire cyc_inc = !(wr_cyc_lo || wr_cyc_hi);
  wire ret_inc = retire_i && !(wr_ret_lo || wr_ret_hi);
  // The low half's carry out is 1 only when it increments from all ones (a write stops the
  // increment), so it is taken from the flops beside the low half's chain rather than from its
  // end: two 32-bit chains side by side instead of one of 64 bits.
  wire        cyc_c32 = cyc_inc && (&mcycle_q[31:0]);
  wire [31:0] cyc_lo = (wr_cyc_lo ? wval : mcycle_q[31:0]) + {31'd0, cyc_inc};
  wire [31:0] cyc_hi = (wr_cyc_hi ? wval : mcycle_q[63:32]) + {31'd0, cyc_c32};
  // retire_i is late (it waits for a load's or a coprocessor's answer), so it does not enter
  // the carry chain: the incremented count is computed from the flops and selected after.
  wire [63:0] ret_plus  = minstret_q + 64'd1;
  wire [63:0] ret_write = {wr_ret_hi ? wval : minstret_q[63:32],
                           wr_ret_lo ? wval : minstret_q[31:0]};
  wire [63:0] mcycle_next   = {cyc_hi, cyc_lo};
  wire [63:0] minstret_next = ret_inc ? ret_plus : ret_write;

  always @* begin
    mie_d      = mie_q;
    mpie_d     = mpie_q;
    ie_d       = ie_q;
    mtvec_d    = mtvec_q;
    mscratch_d = mscratch_q;
    mepc_d     = mepc_q;
    mcause_d   = mcause_q;
    mtval_d    = mtval_q;
    mcycle_d   = mcycle_next;
    minstret_d = minstret_next;
    if (we) begin
      case (csr_addr_i)
        12'h300: begin mie_d = wval[3]; mpie_d = wval[7]; end
        12'h304: ie_d = {wval[11], wval[7], wval[3]};
        12'h305: mtvec_d = {wval[31:2], 1'b0, wval[0]};
        12'h340: mscratch_d = wval;
        12'h341: mepc_d = {wval[31:2], wval[1:0] & EPCM};
        12'h342: mcause_d = {wval[31], wval[4:0]};
        12'h343: mtval_d = wval;
        default: ;
      endcase
    end
    if (trap_i) begin
      mepc_d   = trap_pc_i;
      mcause_d = {trap_intr_i, trap_cause_i};
      mtval_d  = trap_tval_i;
      mpie_d   = mie_q;
      mie_d    = 1'b0;
    end else if (mret_i) begin
      mie_d  = mpie_q;
      mpie_d = 1'b1;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      mie_q      <= 1'b0;
      mpie_q     <= 1'b0;
      ie_q       <= 3'd0;
      mtvec_q    <= 32'd0;
      mscratch_q <= 32'd0;
      mepc_q     <= 32'd0;
      mcause_q   <= 6'd0;
      mtval_q    <= 32'd0;
      mcycle_q   <= 64'd0;
      minstret_q <= 64'd0;
    end else begin
      mie_q      <= mie_d;
      mpie_q     <= mpie_d;
      ie_q       <= ie_d;
      mtvec_q    <= mtvec_d;
      mscratch_q <= mscratch_d;
      mepc_q     <= mepc_d;
      mcause_q   <= mcause_d;
      mtval_q    <= mtval_d;
      mcycle_q   <= mcycle_d;
      minstret_q <= minstret_d;
    end
  end

  // Priority MEI > MSI > MTI (privileged spec order).
  wire [1:0] pend = irq_q[2:1] & {ie_q[2], ie_q[0]};   // {MEI, MSI}: the cause's selects
  // irq_take_o starts the core's stall chain (an interrupted instruction in MEM makes no
  // request), so it is a flop of its own: the same function of the next values of mie_q, ie_q
  // and irq_q, computed a cycle early: on every cycle it is mie_q && (irq_q & enables) != 0.
  reg  take_q;
  wire [2:0] pend_d = {irq_external_i, irq_software_i, irq_timer_i} &
                      {ie_d[2], ie_d[0], ie_d[1]};
  always @(posedge clk_i) begin
    if (!rst_ni) take_q <= 1'b0;
    else         take_q <= mie_d && (pend_d != 3'd0);
  end
  assign irq_take_o = take_q;
  always @* begin
    if (pend[1])      irq_cause_o = 5'd11;
    else if (pend[0]) irq_cause_o = 5'd3;
    else              irq_cause_o = 5'd7;
  end

  wire vec_mode = mtvec_q[0] && trap_intr_i;
  assign trap_vector_o = {mtvec_q[31:2], 2'b00} +
                         (vec_mode ? {25'd0, trap_cause_i, 2'b00} : 32'd0);
  assign mepc_o = mepc_q;
endmodule

`default_nettype wire
