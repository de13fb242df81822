// SPDX-License-Identifier: Apache-2.0
// core_top.v
// Cipher-V RV32IM[C] + Zicsr core: 5-stage in-order pipeline, machine mode, coprocessor port, RVFI.
`default_nettype none

// Stages: IF (request) -> ID (decode the fetch response, read registers, predict) -> EX (ALU,
// branch resolution, address, divider) -> MEM (data request, coprocessor offer, multiplier,
// interrupt sampling) -> WB (data/coprocessor response, CSR access, traps, register write).
// See core/README.md for the hazard, forwarding and trap rules.
module core_top #(
  parameter [31:0] BOOT_ADDR = 32'h0000_0000,
  parameter [31:0] HART_ID   = 32'd0,
  // RVFI = 0 ties the trace port to zero, so synthesis drops the trace-only registers.
  parameter integer RVFI     = 1,
  // RVC = 1 adds the C extension (compressed instructions, 2-byte aligned jump targets)
  parameter integer RVC      = 0,
  // ZK = 1 adds the scalar cryptography extensions Zbkb, Zbkc, Zbkx, Zkne, Zknd, Zknh (core_zk)
  parameter integer ZK       = 0
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  // instruction fetch port (OBI subset)
  output wire        imem_req_o,
  input  wire        imem_gnt_i,
  output wire [31:0] imem_addr_o,
  input  wire        imem_rvalid_i,
  input  wire [31:0] imem_rdata_i,
  input  wire        imem_err_i,
  // data port (OBI subset)
  output wire        dmem_req_o,
  // MEM holds a load or store, from flops alone: dmem_req_o is high only in cycles with it
  // (an arbiter beside the core decides a shared port from it without the stall logic)
  output wire        dmem_pend_o,
  input  wire        dmem_gnt_i,
  output wire [31:0] dmem_addr_o,
  output wire        dmem_we_o,
  output wire [3:0]  dmem_be_o,
  output wire [31:0] dmem_wdata_o,
  input  wire        dmem_rvalid_i,
  input  wire [31:0] dmem_rdata_i,
  input  wire        dmem_err_i,
  // coprocessor port (custom-0/custom-1)
  output wire        cpi_req_valid_o,
  input  wire        cpi_req_ready_i,
  output wire [31:0] cpi_req_insn_o,
  output wire [31:0] cpi_req_rs1_o,
  output wire [31:0] cpi_req_rs2_o,
  input  wire        cpi_rsp_valid_i,
  input  wire [31:0] cpi_rsp_data_i,
  input  wire        cpi_rsp_err_i,
  // interrupts (level)
  input  wire        irq_timer_i,
  input  wire        irq_software_i,
  input  wire        irq_external_i,
  // RVFI trace (riscv-formal names)
  output wire        rvfi_valid,
  output wire [63:0] rvfi_order,
  output wire [31:0] rvfi_insn,
  output wire        rvfi_trap,
  output wire        rvfi_halt,
  output wire        rvfi_intr,
  output wire [1:0]  rvfi_mode,
  output wire [1:0]  rvfi_ixl,
  output wire [4:0]  rvfi_rs1_addr,
  output wire [4:0]  rvfi_rs2_addr,
  output wire [31:0] rvfi_rs1_rdata,
  output wire [31:0] rvfi_rs2_rdata,
  output wire [4:0]  rvfi_rd_addr,
  output wire [31:0] rvfi_rd_wdata,
  output wire [31:0] rvfi_pc_rdata,
  output wire [31:0] rvfi_pc_wdata,
  output wire [31:0] rvfi_mem_addr,
  output wire [3:0]  rvfi_mem_rmask,
  output wire [3:0]  rvfi_mem_wmask,
  output wire [31:0] rvfi_mem_rdata,
  output wire [31:0] rvfi_mem_wdata
);
  // Control bits carried down the pipeline.
  localparam integer C_RD_WE = 0, C_LOAD = 1, C_STORE = 2, C_BRANCH = 3, C_JAL = 4,
                     C_JALR = 5, C_MUL = 6, C_DIV = 7, C_CSR = 8, C_CSR_WRITE = 9, C_MRET = 10,
                     C_CPI = 11, C_LATE = 12, C_USES_RS1 = 13, C_USES_RS2 = 14, C_ZK = 15,
                     NCTL = 16;

  localparam [4:0] EXC_IMISALIGN = 5'd0, EXC_IFAULT = 5'd1, EXC_ILLEGAL = 5'd2,
                   EXC_BREAK = 5'd3, EXC_LMISALIGN = 5'd4, EXC_LFAULT = 5'd5,
                   EXC_SMISALIGN = 5'd6, EXC_SFAULT = 5'd7, EXC_ECALL = 5'd11;

  // ------------------------------------------------------------------ forward declarations
  wire        wb_redirect;
  wire [31:0] wb_redirect_pc;
  wire        ex_redirect;
  wire [31:0] ex_redirect_pc;
  wire        ex_go;
  wire        mem_go;
  wire        wb_go;
  wire        wb_trap;
  wire        rf_we;
  // Late write (LW): WB's register write happens one cycle later, from flops (see below).
  reg         lw_we_q, lw_ld_q;
  reg  [4:0]  lw_rd_q;
  reg  [2:0]  lw_f3_q;
  reg  [1:0]  lw_off_q;
  reg  [31:0] lw_ldraw_q, lw_res_q;
  wire [31:0] lw_wdata;

  // ------------------------------------------------------------------ IF
  wire        if_valid, if_err;
  wire [31:0] if_insn, if_pc, if_pc4, if_raw;
  wire [31:0] if_insn0, if_insn1;    // (C) the head word's lower and upper half instruction
  wire        id_take;
  wire [31:0] id_target;
  // Redirects from EX (mispredict), WB (trap, mret) and ID (a prediction corrected) reach the
  // fetch one cycle later, from a register: no combinational path from ID/EX/WB into the fetch
  // address. In that cycle ID takes nothing (its head is on the wrong path).
  reg         redir_q;
  reg  [31:0] redir_pc_q;
  wire        if_bp, if_lui, if_apc, if_pt;
  wire [31:2] if_ptgt;
  wire        if_ptgt1, if_refetch;
  wire [20:1] if_imm;               // (C) the J or B immediate, pre-decoded by the fetch
  // branch target buffer update, from EX's resolution, registered
  reg         btb_we_q, btb_taken_q;
  reg  [15:2] btb_pc_q;
  reg  [31:2] btb_tgt_q;
  reg         btb_e_q, btb_tgt1_q;   // (C) the jump's end half, the target's bit 1

  core_fetch #(.BOOT_ADDR(BOOT_ADDR), .RVC(RVC)) u_fetch (
    .clk_i, .rst_ni,
    .imem_req_o, .imem_gnt_i, .imem_addr_o, .imem_rvalid_i, .imem_rdata_i, .imem_err_i,
    .redirect_i(redir_q), .redirect_pc_i(redir_pc_q), .consume_i(id_take),
    .btb_we_i(btb_we_q), .btb_pc_i(btb_pc_q), .btb_taken_i(btb_taken_q), .btb_tgt_i(btb_tgt_q),
    .btb_e_i(btb_e_q), .btb_tgt1_i(btb_tgt1_q),
    .valid_o(if_valid), .insn_o(if_insn), .insn0_o(if_insn0), .insn1_o(if_insn1),
    .err_o(if_err), .pc_o(if_pc), .pc4_o(if_pc4),
    .raw_o(if_raw),
    .bp_o(if_bp), .lui_o(if_lui), .apc_o(if_apc), .pt_o(if_pt), .ptgt_o(if_ptgt),
    .ptgt1_o(if_ptgt1), .refetch_o(if_refetch), .imm_o(if_imm)
  );

  // ------------------------------------------------------------------ ID
  wire        dec_illegal, dec_uses_rs1, dec_uses_rs2, dec_rd_we, dec_load, dec_store;
  wire        dec_branch, dec_jal, dec_jalr, dec_mul, dec_div, dec_csr, dec_csr_write;
  wire        dec_mret, dec_ecall, dec_ebreak, dec_cpi, dec_late, dec_zk;
  // the scalar-crypto decode: core_zk's match on ID's instruction (its datapath is unused here)
  wire        id_zk;
  generate
    if (ZK != 0) begin : g_zk_id
      /* verilator lint_off UNUSEDSIGNAL */
      wire [31:0] unused_rd;
      /* verilator lint_on UNUSEDSIGNAL */
      core_zk u_zk_dec (.insn_i(if_insn), .rs1_i(32'd0), .rs2_i(32'd0), .rd_o(unused_rd),
                        .match_o(id_zk));
    end else begin : g_no_zk_id
      assign id_zk = 1'b0;
    end
  endgenerate
  wire [3:0]  dec_alu_op;
  wire [1:0]  dec_b_sel;
  wire [31:0] dec_imm;

  core_decoder u_dec (
    .insn_i(if_insn), .zk_i(id_zk), .is_zk_o(dec_zk), .illegal_o(dec_illegal),
    .uses_rs1_o(dec_uses_rs1),
    .uses_rs2_o(dec_uses_rs2), .rd_we_o(dec_rd_we), .alu_op_o(dec_alu_op),
    .b_sel_o(dec_b_sel), .imm_o(dec_imm), .is_load_o(dec_load), .is_store_o(dec_store),
    .is_branch_o(dec_branch), .is_jal_o(dec_jal), .is_jalr_o(dec_jalr), .is_mul_o(dec_mul),
    .is_div_o(dec_div), .is_csr_o(dec_csr), .csr_write_o(dec_csr_write), .is_mret_o(dec_mret),
    .is_ecall_o(dec_ecall), .is_ebreak_o(dec_ebreak), .is_cpi_o(dec_cpi), .late_o(dec_late)
  );

  // lui reads as x0 (its rs1 field is immediate bits): its operand a is then the register
  // file's zero, and the rs1 slot needs no zero of its own (see ex_rs1v_d).
  wire        id_lui = if_lui;   // decoded by the fetch
  wire [4:0]  id_rs1 = id_lui ? 5'd0 : if_insn[19:15];
  wire [4:0]  id_rs2 = if_insn[24:20];
  wire [4:0]  id_rd  = if_insn[11:7];
  wire [31:0] id_rs1v, id_rs2v;

  core_regfile u_rf (
    .clk_i, .rst_ni, .raddr_a_i(if_insn[19:15]), .zero_a_i(id_lui), .rdata_a_o(id_rs1v),
    .raddr_b_i(id_rs2), .rdata_b_o(id_rs2v), .we_i(lw_we_q), .waddr_i(lw_rd_q),
    .wdata_i(lw_wdata)
  );

  wire id_exc = if_err | dec_illegal | dec_ecall | dec_ebreak;
  // one-hot ALU result select {and, or, xor, slt/sltu, sll, srl/sra, add/sub}, registered into
  // EX; none for jal/jalr (link: ex_pc4_q, the pc + 4 the fetch computed) and div (its result)
  reg [6:0] id_alu_sel;
  always @* begin
    if (dec_jal || dec_jalr || dec_div) id_alu_sel = 7'b0000000;
    else case (dec_alu_op)
      4'd2:       id_alu_sel = 7'b0000100;   // sll
      4'd6, 4'd7: id_alu_sel = 7'b0000010;   // srl, sra
      4'd3, 4'd4: id_alu_sel = 7'b0001000;   // slt, sltu
      4'd5:       id_alu_sel = 7'b0010000;   // xor
      4'd8:       id_alu_sel = 7'b0100000;   // or
      4'd9:       id_alu_sel = 7'b1000000;   // and
      default:    id_alu_sel = 7'b0000001;   // add, sub
    endcase
  end
  // mtval is not carried down the pipeline: WB derives it from the cause (see trap_tval).
  reg [4:0]  id_cause;
  always @* begin
    if (if_err)           id_cause = EXC_IFAULT;
    else if (dec_illegal) id_cause = EXC_ILLEGAL;
    else if (dec_ebreak)  id_cause = EXC_BREAK;
    else                  id_cause = EXC_ECALL;
  end

  wire [NCTL-1:0] id_ctl;
  assign id_ctl[C_RD_WE]     = dec_rd_we & (id_rd != 5'd0);
  assign id_ctl[C_LOAD]      = dec_load;
  assign id_ctl[C_STORE]     = dec_store;
  assign id_ctl[C_BRANCH]    = dec_branch;
  assign id_ctl[C_JAL]       = dec_jal;
  assign id_ctl[C_JALR]      = dec_jalr;
  assign id_ctl[C_MUL]       = dec_mul;
  assign id_ctl[C_DIV]       = dec_div;
  assign id_ctl[C_CSR]       = dec_csr;
  assign id_ctl[C_CSR_WRITE] = dec_csr_write;
  assign id_ctl[C_MRET]      = dec_mret;
  assign id_ctl[C_CPI]       = dec_cpi;
  assign id_ctl[C_LATE]      = dec_late;
  assign id_ctl[C_USES_RS1]  = dec_uses_rs1;
  assign id_ctl[C_USES_RS2]  = dec_uses_rs2;
  assign id_ctl[C_ZK]        = dec_zk;

  // EX pipeline register
  // The instruction that enters EX on the cycle of an EX mispredict is killed on the next cycle
  // (ex_kill_q), so the branch compare does not decide the EX valid flop in the same cycle.
  reg             ex_vreg_q, ex_valid_d, ex_kill_q;
  wire            ex_valid_q = ex_vreg_q & ~ex_kill_q;
  reg [31:0]      ex_pc_q, ex_pc_d, ex_pc4_q, ex_pc4_d, ex_insn_q, ex_insn_d, ex_opb_q, ex_opb_d;
  // the instruction as fetched (the compressed parcel), for RVFI only
  reg [31:0]      ex_raw_q, ex_raw_d, mem_raw_q, mem_raw_d, wb_raw_q, wb_raw_d;
  reg [31:0]      ex_tgt_q, ex_tgt_d;  // jal/branch target, from ID's prediction adder
  reg [31:0]      ex_rs1v_q, ex_rs1v_d, ex_rs2v_q, ex_rs2v_d;
  reg [4:0]       ex_rs1_q, ex_rs1_d, ex_rs2_q, ex_rs2_d, ex_rd_q, ex_rd_d, ex_cause_q, ex_cause_d;
  reg [NCTL-1:0]  ex_ctl_q, ex_ctl_d;
  reg [2:0]       ex_alu_op_q, ex_alu_op_d;   // {unsigned compare, sra, sub}
  reg [6:0]       ex_alu_sel_q, ex_alu_sel_d;
  reg             ex_pred_q, ex_pred_d, ex_exc_q, ex_exc_d, ex_redir_done_q, ex_redir_done_d;

  // Load-use style hazard: the instruction in EX produces its result only after WB.
  // A load's data and a coprocessor's answer arrive at the end of WB into the late-write flops
  // and are usable from there (LW) one cycle later: a consumer that computes with the value
  // waits while its producer is in EX, MEM (hazard_mem, below) or WB (hazard_wb); one that only
  // passes it on waits only while the producer is in EX, and takes it from LW in EX or in MEM,
  // wherever it is when the producer gets there (f1_q/f2_q, w1_q/w2_q, m1_q/m2_q).
  wire hazard_mem, hazard_wb;
  wire hazard_id = (ex_valid_q && ex_ctl_q[C_LATE] && ex_ctl_q[C_RD_WE] &&
                    ((dec_uses_rs1 && id_rs1 == ex_rd_q) || (dec_uses_rs2 && id_rs2 == ex_rd_q))) ||
                   hazard_mem || hazard_wb;
  wire hazard;
  wire id_go  = ex_go && !hazard;
  // id_take pops the fetch buffer. An EX or WB redirect on this cycle does not stop the pop
  // (the registered redirect clears the buffer next cycle); it only keeps the instruction out
  // of EX (see ex_valid_d), so no path runs from branch resolution into the fetch.
  assign id_take = if_valid && id_go && !redir_q;

  // Prediction. The fetch follows its branch target buffer (if_pt: it went on at if_ptgt
  // after this instruction). ID checks that against the instruction: jal is taken, a branch is
  // taken if the buffer says so with the right target or, statically, if it jumps backward;
  // nothing else is. Where the fetch went elsewhere (no hit for a taken jump, a hit with a wrong
  // target, a hit on any other instruction), the instruction that ID takes writes the
  // correction into the redirect register (id_fix), so ID's target adder and its compare end at
  // a flop, not at the fetch address. Only the opcode and the sign bit are looked at (not the
  // illegal-instruction checks): an illegal or faulting instruction predicted taken traps in WB
  // anyway, and EX never acts on the prediction of an instruction with an exception.
  wire [31:0] id_imm_j = {{11{if_insn[31]}}, if_insn[31], if_insn[19:12], if_insn[20],
                          if_insn[30:21], 1'b0};
  wire [31:0] id_imm_b = {{19{if_insn[31]}}, if_insn[31], if_insn[7], if_insn[30:25],
                          if_insn[11:8], 1'b0};
  // (with C the fetch has selected the immediate as each word entered its buffer)
  assign id_target   = if_pc + ((RVC != 0) ? {{11{if_imm[20]}}, if_imm, 1'b0} :
                                 if_insn[3] ? id_imm_j : id_imm_b);
  wire id_is_jal = if_insn[6:0] == 7'b1101111;
  wire id_is_br  = if_insn[6:0] == 7'b1100011;
  // (C) id_tok compares without the adder's carry chain: pc + imm equals the prediction
  // exactly when, at every bit, the carry the sum needs there (a ^ b ^ target) is the carry
  // the bit below produces with its own needed carry, and none enters the lowest bit.
  wire [31:1] tk_a = if_pc[31:1];
  wire [31:1] tk_b = {{11{if_imm[20]}}, if_imm};
  wire [31:1] tk_c = {if_ptgt, if_ptgt1};
  wire [31:1] tk_k = tk_a ^ tk_b ^ tk_c;
  wire [30:1] tk_g = (tk_a[30:1] & tk_b[30:1]) | ((tk_a[30:1] ^ tk_b[30:1]) & ~tk_c[30:1]);
  wire id_tok    = (RVC == 0) ? if_ptgt == id_target[31:2] :
                                !tk_k[1] && tk_k[31:2] == tk_g[30:1];
  wire id_pred   = id_is_jal || (id_is_br && ((if_pt && id_tok) || if_bp));
  // (C) a head the fetch could not complete (if_refetch) is taken as nothing and fetched again
  wire id_fix    = if_refetch || (if_pt ? !(id_pred && id_tok) : id_pred);
  // Where ID corrects the fetch, its prediction is the static one (a branch predicted with the
  // right target is no correction), so the correction's address does not wait for id_tok.
  wire id_spred  = id_is_jal || (id_is_br && if_bp);
  wire [31:0] id_fix_pc = if_refetch ? if_pc : ((RVC != 0) ? id_spred : id_pred) ? id_target :
                          if_pc4;

  // ------------------------------------------------------------------ EX
  reg             mem_valid_q;
  reg [NCTL-1:0]  mem_ctl_q;
  reg [4:0]       mem_rd_q;
  reg [31:0]      mem_res_q;
  reg             wb_valid_q;
  reg [NCTL-1:0]  wb_ctl_q;
  reg [4:0]       wb_rd_q;

  // Forwarding happens when an instruction enters EX, into its operand registers: the result
  // of the instruction leaving EX (ex_res; a late one there is a hazard, so it is final), of
  // the one leaving MEM for WB (mem_fwd: ALU result, product or CSR value) or of the one in WB
  // (wb_res_q, a flop, when it is not a load or custom instruction), else the register file,
  // which reads the late write (LW) through. So EX's operands are flops, and the ALU, the
  // branch compare and the redirect decision behind them start at a flop, not behind a
  // forwarding multiplexer. Data that arrives in WB itself (a load's data, a coprocessor's
  // answer) goes into flops (lw_ldraw_q, lw_res_q) and nowhere else in that cycle, so the data
  // port's answer ends at a flop: a consumer that computes with it waits in ID while the
  // producer is in EX, MEM or WB and reads it through the register file when it is in LW. A
  // consumer that only passes it on (a store's data, a custom instruction's operands, taken from
  // MEM's registers) enters EX while the producer is in MEM or WB and takes it from LW, never
  // into the ALU or the DSPs: in EX (f1_q/f2_q select lw_wdata into rs1f/rs2f, on their way to
  // MEM's registers or into EX's own while EX holds) when the producer reaches LW while the
  // consumer is in EX (w1_q/w2_q: it is in WB, the consumer waits for it there), else in MEM
  // (m1_q/m2_q select lw_wdata for the request and into MEM's registers): a consumer leaves EX
  // only when WB moves, so a producer in WB then is in LW on the consumer's first MEM cycle.
  wire [31:0] mem_fwd;      // the MEM instruction's result as WB will take it
  reg         f1_q, f1_d, f2_q, f2_d;   // EX: the operand's producer is in LW (take lw_wdata)
  reg         w1_q, w1_d, w2_q, w2_d;   // EX: the operand's producer is in WB
  reg         m1_q, m1_d, m2_q, m2_d;   // MEM: the operand's producer is in LW
  wire        id_pass1 = dec_cpi;                // rs1 only goes to the coprocessor port
  wire        id_pass2 = dec_store || dec_cpi;   // rs2 only goes to MEM's data registers
  wire        mem_late = mem_ctl_q[C_LOAD] | mem_ctl_q[C_CPI];
  wire        wb_late  = wb_ctl_q[C_LOAD] | wb_ctl_q[C_CPI];
  // rs1 is compared as the instruction's field (flops); lui, whose field is immediate bits,
  // is kept out by a select of its own, beside the compare rather than in front of it.
  // (C: the compares of both halves' instructions, below, chosen by the head pc's bit 1)
  wire [1:0] c_fm1, c_fw1, c_fb1, c_fm2, c_fw2, c_fb2;
  wire id_h    = (RVC != 0) && if_pc[1];
  wire id_fm1r = (RVC != 0) ? c_fm1[id_h] :
                 ex_valid_q && ex_ctl_q[C_RD_WE] && ex_rd_q == if_insn[19:15];
  wire id_fw1r = (RVC != 0) ? c_fw1[id_h] :
                 mem_valid_q && mem_ctl_q[C_RD_WE] && mem_rd_q == if_insn[19:15];
  wire id_fb1r = (RVC != 0) ? c_fb1[id_h] :
                 wb_valid_q && wb_ctl_q[C_RD_WE] && wb_rd_q == if_insn[19:15];
  wire id_fw1  = id_fw1r && !id_lui;
  wire id_fb1  = id_fb1r && !id_lui;
  wire id_fm2  = (RVC != 0) ? c_fm2[id_h] : ex_valid_q && ex_ctl_q[C_RD_WE] && ex_rd_q == id_rs2;
  wire id_fw2  = (RVC != 0) ? c_fw2[id_h] :
                 mem_valid_q && mem_ctl_q[C_RD_WE] && mem_rd_q == id_rs2;
  wire id_fb2  = (RVC != 0) ? c_fb2[id_h] : wb_valid_q && wb_ctl_q[C_RD_WE] && wb_rd_q == id_rs2;
  // (a result in EX for the same register is newer: it is forwarded, the one in MEM is not;
  // likewise MEM's before WB's)
  wire id_fl1 = id_fw1 && !id_fm1r && mem_late;   // rs1 would be MEM's late result
  wire id_fl2 = id_fw2 && !id_fm2 && mem_late;
  wire id_fq1 = id_fb1 && !id_fm1r && !id_fw1r && wb_late;   // rs1 would be WB's late result
  wire id_fq2 = id_fb2 && !id_fm2 && !id_fw2 && wb_late;
  assign hazard_mem = mem_valid_q && ((dec_uses_rs1 && id_fl1 && !id_pass1) ||
                                      (dec_uses_rs2 && id_fl2 && !id_pass2));
  assign hazard_wb  = (dec_uses_rs1 && id_fq1 && !id_pass1) ||
                      (dec_uses_rs2 && id_fq2 && !id_pass2);
  // (C) ID's instruction starts in the head word's lower or upper half (if_pc[1]), a select
  // in front of its decode. The hazard goes into the take, which steers the fetch buffer, so it
  // is computed for both halves' instructions (if_insn0, if_insn1: flops) and chosen by
  // if_pc[1] last, the same function of them as hazard_id; the forwarding selects take the
  // same compares (c_*). Only the register fields and the
  // decoder's uses and pass-on bits are looked at (a lui uses no rs1, so its field needs no
  // zero; they do not depend on the scalar-crypto match).
  generate
    if (RVC != 0) begin : g_hz
      wire [1:0] hz;
      genvar k;
      for (k = 0; k < 2; k = k + 1) begin : g_half
        wire [31:0] ci = (k == 0) ? if_insn0 : if_insn1;
        wire        u1, u2, cpi, st;
        /* verilator lint_off UNUSEDSIGNAL */
        wire        n_ill, n_zk, n_we, n_ld, n_br, n_jal, n_jalr, n_mul, n_div, n_csr, n_csrw;
        wire        n_mret, n_ecall, n_ebreak, n_late;
        wire [3:0]  n_alu;
        wire [1:0]  n_bsel;
        wire [31:0] n_imm;
        /* verilator lint_on UNUSEDSIGNAL */
        core_decoder u_hdec (
          .insn_i(ci), .zk_i(1'b0), .is_zk_o(n_zk), .illegal_o(n_ill), .uses_rs1_o(u1),
          .uses_rs2_o(u2), .rd_we_o(n_we), .alu_op_o(n_alu), .b_sel_o(n_bsel), .imm_o(n_imm),
          .is_load_o(n_ld), .is_store_o(st), .is_branch_o(n_br), .is_jal_o(n_jal),
          .is_jalr_o(n_jalr), .is_mul_o(n_mul), .is_div_o(n_div), .is_csr_o(n_csr),
          .csr_write_o(n_csrw), .is_mret_o(n_mret), .is_ecall_o(n_ecall),
          .is_ebreak_o(n_ebreak), .is_cpi_o(cpi), .late_o(n_late)
        );
        wire [4:0] r1  = ci[19:15];
        wire [4:0] r2  = ci[24:20];
        wire       fm1 = ex_valid_q && ex_ctl_q[C_RD_WE] && ex_rd_q == r1;
        wire       fw1 = mem_valid_q && mem_ctl_q[C_RD_WE] && mem_rd_q == r1;
        wire       fb1 = wb_valid_q && wb_ctl_q[C_RD_WE] && wb_rd_q == r1;
        wire       fm2 = ex_valid_q && ex_ctl_q[C_RD_WE] && ex_rd_q == r2;
        wire       fw2 = mem_valid_q && mem_ctl_q[C_RD_WE] && mem_rd_q == r2;
        wire       fb2 = wb_valid_q && wb_ctl_q[C_RD_WE] && wb_rd_q == r2;
        assign c_fm1[k] = fm1;
        assign c_fw1[k] = fw1;
        assign c_fb1[k] = fb1;
        assign c_fm2[k] = fm2;
        assign c_fw2[k] = fw2;
        assign c_fb2[k] = fb2;
        assign hz[k] = (ex_ctl_q[C_LATE] && ((u1 && fm1) || (u2 && fm2))) ||
                       (mem_valid_q && mem_late && ((u1 && !cpi && fw1 && !fm1) ||
                                                    (u2 && !st && !cpi && fw2 && !fm2))) ||
                       (wb_late && ((u1 && !cpi && fb1 && !fm1 && !fw1) ||
                                    (u2 && !st && !cpi && fb2 && !fm2 && !fw2)));
      end
      assign hazard = if_pc[1] ? hz[1] : hz[0];
      /* verilator lint_off UNUSEDSIGNAL */
      wire unused_hz = hazard_id;
      /* verilator lint_on UNUSEDSIGNAL */
    end else begin : g_hz_rv32
      assign hazard = hazard_id;
      assign {c_fm1, c_fw1, c_fb1, c_fm2, c_fw2, c_fb2} = 12'd0;
      /* verilator lint_off UNUSEDSIGNAL */
      wire unused_hz = ^{if_insn0, if_insn1};
      /* verilator lint_on UNUSEDSIGNAL */
    end
  endgenerate
  // rs1 slot holds the pc for auipc (jal ignores it), else rs1 (lui: x0, see id_rs1)
  // A fetch fault or ebreak puts its pc into the rs1 slot instead: it is the mtval they trap
  // with, and so mtval comes from three slots, not four (see trap_tval).
  // auipc and jal (whose link does not use it), or a trap's pc: decoded by the fetch (if_apc), so
  // this select of EX's operand a starts at flops.
  wire id_a_pc  = if_apc || if_err;
  wire [31:0] rs1f = f1_q ? lw_wdata : ex_rs1v_q;   // for MEM's registers only
  wire [31:0] rs2f = f2_q ? lw_wdata : ex_rs2v_q;

  // Operand a is rs1f: for auipc (and a trap's mtval) ID puts the pc into the rs1 slot, lui
  // reads x0 (neither forwards). Operand b is the immediate or rs2f. jal/jalr take their
  // link value pc + 4 from ex_pc4_q (the fetch's head incrementer, carried from ID); jalr adds
  // rs1 + imm in the ALU for its target.
  wire [31:0] alu_a = ex_rs1v_q;
  wire [31:0] alu_b = ex_opb_q;
  wire [31:0] alu_res;
  wire alu_eq, alu_lt;
  wire [31:0] alu_sum;
  core_alu u_alu (.sub_i(ex_alu_op_q[0]), .sra_i(ex_alu_op_q[1]), .sltu_i(ex_alu_op_q[2]),
                  .sel_i(ex_alu_sel_q), .a_i(alu_a), .b_i(alu_b),
                  .result_o(alu_res), .sum_o(alu_sum),
                  .eq_o(alu_eq), .lt_o(alu_lt));

  // Branches compare rs1 with rs2 in the ALU (decoded as ALU_SUB with rs1/rs2 operands; ID
  // sets the ALU's unsigned flag for bltu/bgeu, so alu_lt is the compare funct3[1] asks for).
  // funct3[2] picks eq or lt, funct3[0] inverts it.
  wire [2:0] ex_f3   = ex_insn_q[14:12];
  wire       br_raw  = ex_f3[2] ? alu_lt : alu_eq;
  wire       br_cond = br_raw ^ ex_f3[0];
  wire        ex_taken  = ex_ctl_q[C_JAL] | ex_ctl_q[C_JALR] | (ex_ctl_q[C_BRANCH] & br_cond);
  wire [31:0] ex_target = ex_ctl_q[C_JALR] ? (alu_sum & 32'hffff_fffe) : ex_tgt_q;
  wire [31:0] ex_npc    = ex_taken ? ex_target : ex_pc4_q;
  // A jal or branch target's bit 1 is known from ID's adder; only jalr's comes from the ALU.
  // With C every target is aligned (bit 0 is 0): ma_jr / ma_tgt are 0.
  wire        ma_jr  = (RVC == 0) && alu_sum[1];
  wire        ma_tgt = (RVC == 0) && ex_tgt_q[1];
  wire        ex_misfetch = (ex_ctl_q[C_JALR] & ma_jr) |
                            ((ex_ctl_q[C_JAL] | (ex_ctl_q[C_BRANCH] & br_cond)) & ma_tgt);
  wire        ex_ls       = ex_ctl_q[C_LOAD] | ex_ctl_q[C_STORE];
  wire        ex_misal    = ex_ls && ((ex_f3[1:0] == 2'd1 && alu_sum[0]) ||
                                      (ex_f3[1:0] == 2'd2 && alu_sum[1:0] != 2'd0));
  wire        ex_exc_all  = ex_exc_q | ex_misfetch | ex_misal;
  reg [4:0]   ex_cause;
  always @* begin
    if (ex_exc_q)         ex_cause = ex_cause_q;
    else if (ex_misfetch) ex_cause = EXC_IMISALIGN;
    else                  ex_cause = ex_ctl_q[C_LOAD] ? EXC_LMISALIGN : EXC_SMISALIGN;
  end

  // Mispredict: redirect once (the branch may then wait in EX behind a stalled MEM). Only when
  // WB is not waiting: an operand forwarded from a WB load is valid only once its data arrived.
  // Written so that the compare is the last select: a jalr redirects unless its target is
  // misaligned; a branch redirects when its condition holds and it was not predicted (and its
  // target is aligned: else it traps), or when it fails and it was predicted. jal is always
  // predicted and nothing else is taken. Everything but br_raw comes from flops, alu_sum[1]
  // (the chain's second bit) and WB's state, so after the carry chain and the equality tree
  // there is one select (the two redirect values for br_raw = 1 and 0 are ready before it).
  wire ex_rv   = ex_valid_q && !ex_exc_q && !ex_redir_done_q && wb_go && !wb_redirect;
  wire ex_jr   = ex_ctl_q[C_JALR] && !ma_jr;
  wire ex_br_t = ex_ctl_q[C_BRANCH] && !ma_tgt && !ex_pred_q;  // redirect if it holds
  wire ex_br_n = ex_ctl_q[C_BRANCH] && ex_pred_q;                    // redirect if it fails
  wire ex_rd1  = ex_rv && (ex_jr || (ex_f3[0] ? ex_br_n : ex_br_t));  // br_raw = 1
  wire ex_rd0  = ex_rv && (ex_jr || (ex_f3[0] ? ex_br_t : ex_br_n));  // br_raw = 0
  assign ex_redirect    = br_raw ? ex_rd1 : ex_rd0;
  // The redirect target does not wait for the compare: a mispredicted branch goes to pc + 4
  // if it was predicted taken, else to its target; jal is always predicted, jalr never.
  // So only the one-bit decision (ex_redirect) has the branch compare in its cone.
  assign ex_redirect_pc = ex_ctl_q[C_JALR] ? {alu_sum[31:1], 1'b0} :
                          ex_pred_q ? ex_pc4_q : ex_tgt_q;

  always @(posedge clk_i) begin
    if (!rst_ni) redir_q <= 1'b0;
    else         redir_q <= wb_redirect | ex_redirect | (id_take && id_fix);
  end
  // the oldest first: WB, then EX (an EX redirect kills what ID takes, ex_kill_q), then ID
  always @(posedge clk_i) redir_pc_q <= wb_redirect ? wb_redirect_pc :
                                        ex_redirect ? ex_redirect_pc : id_fix_pc;

  // The branch target buffer learns each jal and branch as EX resolves it: a taken one with an
  // aligned target is entered, a fall-through clears its entry. Registered, so the compare
  // ends at a flop; a wrong-path instruction's entry is only a prediction, checked like any.
  // the buffer is indexed by the jump's last parcel: pc + 2 for a 32-bit one with C
  wire [15:1] ex_end = (RVC != 0) ? ex_pc4_q[15:1] - 15'd1 : ex_pc_q[15:1];
  always @(posedge clk_i) begin
    if (!rst_ni) btb_we_q <= 1'b0;
    else         btb_we_q <= ex_valid_q && !ex_exc_q && (ex_ctl_q[C_JAL] || ex_ctl_q[C_BRANCH]);
    btb_pc_q    <= ex_end[15:2];
    btb_e_q     <= (RVC != 0) && ex_end[1];
    btb_tgt_q   <= ex_tgt_q[31:2];
    btb_tgt1_q  <= (RVC != 0) && ex_tgt_q[1];
    btb_taken_q <= (ex_ctl_q[C_JAL] || br_cond) && !ma_tgt;
  end

  // Divider: starts only when WB is not stalled, so forwarded operands are valid.
  wire        div_done;
  wire [31:0] div_res;
  core_div u_div (
    .clk_i, .rst_ni, .kill_i(wb_redirect),
    .req_i(ex_valid_q && ex_ctl_q[C_DIV] && wb_go && !wb_redirect), .ack_i(ex_go),
    .op_i(ex_f3[1:0]), .a_i(ex_rs1v_q), .b_i(ex_rs2v_q), .done_o(div_done), .result_o(div_res)
  );
  wire ex_done = !ex_ctl_q[C_DIV] || div_done;
  assign ex_go = mem_go && (!ex_valid_q || ex_done);

  // Scalar crypto: core_zk computes from EX's operand flops and its result goes into MEM's
  // result register (not into ex_res: the instruction is late, as a multiply is, so nothing
  // forwards from it in EX and the unit stays off the forwarding path). One cycle for every
  // instruction and operand value (Zkt).
  wire [31:0] zk_res;
  generate
    if (ZK != 0) begin : g_zk
      /* verilator lint_off UNUSEDSIGNAL */
      wire unused_match;
      /* verilator lint_on UNUSEDSIGNAL */
      core_zk u_zk (.insn_i(ex_insn_q), .rs1_i(ex_rs1v_q), .rs2_i(ex_rs2v_q), .rd_o(zk_res),
                    .match_o(unused_match));
    end else begin : g_no_zk
      assign zk_res = 32'd0;
    end
  endgenerate

  // jal/jalr/div have an all-zero ALU result select, so their results are simply ORed in.
  wire [31:0] ex_res = alu_res | ({32{ex_ctl_q[C_JAL] | ex_ctl_q[C_JALR]}} & ex_pc4_q) |
                       ({32{ex_ctl_q[C_DIV]}} & div_res);
  // ex_res, the latest of the three, is the last select (the ALU's path has one level here)
  wire [31:0] id_rs2o = id_fw2 ? mem_fwd : id_fb2 ? wb_res_q : id_rs2v;
  wire [31:0] id_rs2f = id_fm2 ? ex_res : id_rs2o;
  wire [31:0] id_rs1o = id_a_pc ? if_pc : (id_lui || !(id_fw1r || id_fb1r)) ? id_rs1v :
                        id_fw1r ? mem_fwd : wb_res_q;
  // Operand a for MEM/WB: uimm for csrr*i, rs1 otherwise (rs1 field holds uimm); a jump or
  // branch carries its target instead, which WB uses as mtval of a misaligned target.
  wire [31:0] ex_opa = (ex_ctl_q[C_JAL] | ex_ctl_q[C_JALR] | ex_ctl_q[C_BRANCH]) ? ex_target :
                       (ex_ctl_q[C_CSR] && ex_f3[2]) ? {27'd0, ex_rs1_q} : rs1f;

  always @* begin
    ex_valid_d      = ex_valid_q;
    ex_pc_d         = ex_pc_q;
    ex_pc4_d        = ex_pc4_q;
    ex_insn_d       = ex_insn_q;
    ex_raw_d        = ex_raw_q;
    ex_rs1v_d       = rs1f;       // while EX holds, WB's late data arrives (f1_q, f2_q)
    ex_rs2v_d       = rs2f;
    f1_d            = w1_q && wb_go;   // the producer leaves WB for LW
    f2_d            = w2_q && wb_go;   // (a value in LW is taken into ex_rs*v_q: one cycle)
    w1_d            = w1_q && !wb_go;
    w2_d            = w2_q && !wb_go;
    ex_opb_d        = ex_opb_q;
    ex_tgt_d        = ex_tgt_q;

    ex_rs1_d        = ex_rs1_q;
    ex_rs2_d        = ex_rs2_q;
    ex_rd_d         = ex_rd_q;
    ex_cause_d      = ex_cause_q;
    ex_ctl_d        = ex_ctl_q;
    ex_alu_op_d     = ex_alu_op_q;
    ex_alu_sel_d    = ex_alu_sel_q;
    ex_pred_d       = ex_pred_q;
    ex_exc_d        = ex_exc_q;
    ex_redir_done_d = ex_redir_done_q | ex_redirect;
    if (wb_redirect) begin
      ex_valid_d = 1'b0;
    end else if (ex_go) begin
      ex_valid_d      = id_take && !if_refetch;
      ex_pc_d         = if_pc;
      ex_pc4_d        = if_pc4;
      ex_insn_d       = if_insn;
      ex_raw_d        = if_raw;
      // operand b: the immediate, or rs2 forwarded like rs1 (rs2 goes on in ex_rs2v_q too,
      // for a store's data, the multiplier and the divider)
      ex_opb_d        = (dec_b_sel != 2'd0) ? dec_imm : id_rs2f;
      ex_tgt_d        = id_target;
      ex_rs1v_d       = (id_fm1r && !id_lui && !id_a_pc) ? ex_res : id_rs1o;
      ex_rs2v_d       = id_rs2f;
      f1_d            = id_fq1 && id_pass1;   // WB moves on this cycle (ex_go): LW next
      f2_d            = id_fq2 && id_pass2;
      w1_d            = mem_valid_q && id_fl1 && id_pass1;   // and MEM moves into WB
      w2_d            = mem_valid_q && id_fl2 && id_pass2;
      ex_rs1_d        = id_rs1;
      ex_rs2_d        = id_rs2;
      ex_rd_d         = id_rd;
      ex_ctl_d        = id_exc ? {NCTL{1'b0}} : id_ctl;
      ex_alu_op_d     = {dec_alu_op == 4'd4 || (dec_branch && if_insn[13]), dec_alu_op == 4'd7,
                         dec_alu_op != 4'd0};
      ex_alu_sel_d    = id_alu_sel;
      ex_pred_d       = id_pred;
      ex_exc_d        = id_exc;
      ex_cause_d      = id_cause;
      ex_redir_done_d = 1'b0;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ex_vreg_q <= 1'b0;
      ex_kill_q <= 1'b0;
    end else begin
      ex_vreg_q <= ex_valid_d;
      ex_kill_q <= ex_redirect && ex_go;
    end
  end
  always @(posedge clk_i) begin
    ex_pc_q         <= ex_pc_d;
    ex_pc4_q        <= ex_pc4_d;
    ex_insn_q       <= ex_insn_d;
    ex_raw_q        <= ex_raw_d;
    ex_opb_q        <= ex_opb_d;
    f1_q            <= f1_d;
    f2_q            <= f2_d;
    w1_q            <= w1_d;
    w2_q            <= w2_d;
    ex_tgt_q        <= ex_tgt_d;
    ex_rs1v_q       <= ex_rs1v_d;
    ex_rs2v_q       <= ex_rs2v_d;
    ex_rs1_q        <= ex_rs1_d;
    ex_rs2_q        <= ex_rs2_d;
    ex_rd_q         <= ex_rd_d;
    ex_cause_q      <= ex_cause_d;
    ex_ctl_q        <= ex_ctl_d;
    ex_alu_op_q     <= ex_alu_op_d;
    ex_alu_sel_q    <= ex_alu_sel_d;
    ex_pred_q       <= ex_pred_d;
    ex_exc_q        <= ex_exc_d;
    ex_redir_done_q <= ex_redir_done_d;
  end

  // ------------------------------------------------------------------ MEM
  reg             mem_valid_d;
  reg [NCTL-1:0]  mem_ctl_d;
  reg [4:0]       mem_rd_d, mem_cause_q, mem_cause_d, mem_rs1_q, mem_rs1_d, mem_rs2_q, mem_rs2_d;
  reg [31:0]      mem_res_d, mem_pc_q, mem_pc_d, mem_insn_q, mem_insn_d, mem_opa_q, mem_opa_d;
  reg [31:0]      mem_rs1v_q, mem_rs1v_d, mem_rs2v_q, mem_rs2v_d;
  reg [31:0]      mem_npc_q, mem_npc_d;
  reg             mem_exc_q, mem_exc_d;

  wire        irq_take;
  wire [4:0]  irq_cause;
  wire        wb_flush_younger;   // WB traps or returns: nothing younger may act
  wire [31:0] csr_rdata;          // CSR read in MEM (the address in mem_insn_q)
  // Interrupts are taken on the instruction in MEM, before it has any side effect. irq_take
  // already accounts for a CSR write or trap retiring in WB this cycle. Once MEM has offered
  // a request that is not yet granted it keeps offering it (OBI), and the interrupt waits.
  // MEM waits while WB holds a CSR write (so interrupts are sampled with the new enables, and
  // nothing acts before the write), and a CSR instruction waits in MEM until WB is empty: it
  // reads its CSR in MEM, where no older instruction can still change it (see core_csr).
  reg  mem_offered_q, mem_offered_d;
  wire wb_csrw   = wb_valid_q && wb_ctl_q[C_CSR_WRITE];
  wire mem_block = wb_csrw || (wb_valid_q && mem_ctl_q[C_CSR]);
  wire mem_intr  = irq_take && mem_valid_q && !mem_offered_q && !wb_csrw;
  // An exception found in EX (misaligned target or address) does not clear the control bits
  // on their way into MEM (that would put the branch compare in front of every MEM flop);
  // instead mem_exc_q stops the access here and clears them into WB. Only branches, jumps,
  // loads and stores take EX exceptions, so the access is all there is to stop.
  wire mem_ls    = (mem_ctl_q[C_LOAD] | mem_ctl_q[C_STORE]) & ~mem_exc_q;
  wire mem_act   = mem_valid_q && !mem_intr && !wb_flush_younger && wb_go && !wb_csrw;
  // A passed-on operand whose producer is in LW on this cycle comes from lw_wdata (m1_q, m2_q).
  wire [31:0] mem_opa  = m1_q ? lw_wdata : mem_opa_q;
  wire [31:0] mem_rs1v = m1_q ? lw_wdata : mem_rs1v_q;
  wire [31:0] mem_rs2v = m2_q ? lw_wdata : mem_rs2v_q;
  wire [1:0] mem_size = mem_insn_q[13:12];
  wire [1:0] mem_off  = mem_res_q[1:0];
  reg  [3:0] mem_be;
  reg  [31:0] mem_wdata;
  always @* begin
    case (mem_size)
      2'd0:    begin mem_be = 4'b0001 << mem_off; mem_wdata = {4{mem_rs2v[7:0]}}; end
      2'd1:    begin mem_be = mem_off[1] ? 4'b1100 : 4'b0011;
                     mem_wdata = {2{mem_rs2v[15:0]}}; end
      default: begin mem_be = 4'b1111; mem_wdata = mem_rs2v; end
    endcase
  end

  assign dmem_req_o      = mem_act && mem_ls;
  assign dmem_pend_o     = mem_valid_q && mem_ls;
  assign dmem_addr_o     = mem_res_q;
  assign dmem_we_o       = mem_ctl_q[C_STORE];
  assign dmem_be_o       = mem_be;
  assign dmem_wdata_o    = mem_wdata;
  wire mem_cpi_ok;  // MEM may offer its coprocessor request (below, after WB's signals)
  assign cpi_req_valid_o = mem_cpi_ok && mem_ctl_q[C_CPI];
  assign cpi_req_insn_o  = mem_insn_q;
  assign cpi_req_rs1_o   = mem_opa;
  assign cpi_req_rs2_o   = mem_rs2v;

  wire mem_needs_hs = mem_valid_q && (mem_ls || mem_ctl_q[C_CPI]) && !mem_intr;
  // The handshake needs only the grant (ready): whenever the rest of mem_go holds (WB moves, no
  // interrupt, no CSR block) the request is offered, but on a cycle where WB traps or returns,
  // and then every stage is flushed whatever mem_go says. So the stall chain (MEM -> EX -> ID ->
  // fetch) does not also run through the request logic.
  wire mem_hs_ok = mem_ls ? dmem_gnt_i : cpi_req_ready_i;
  wire mem_done  = !mem_block && (!mem_ctl_q[C_MUL] || mul_ph_q) && (!mem_needs_hs || mem_hs_ok);
  assign mem_go   = wb_go && (!mem_valid_q || mem_done);
  always @* begin
    mem_offered_d = mem_offered_q;
    if (ex_go || mem_go || wb_redirect) mem_offered_d = 1'b0;
    else if (dmem_req_o || cpi_req_valid_o) mem_offered_d = 1'b1;
  end
  always @(posedge clk_i) begin
    if (!rst_ni) mem_offered_q <= 1'b0;
    else         mem_offered_q <= mem_offered_d;
  end

  // Multiply: the product of MEM's operands is registered every cycle; a multiply stays in MEM
  // for two cycles and hands the registered product's word to WB on the second.
  wire [31:0] mul_res;
  // The multiplier's DSPs take EX's operands (flops); see core_mul.
  wire mul_as = (ex_f3[1:0] == 2'd1 || ex_f3[1:0] == 2'd2) && ex_rs1v_q[31];
  wire mul_bs = (ex_f3[1:0] == 2'd1) && ex_rs2v_q[31];
  core_mul u_mul (.clk_i, .en_i(ex_go), .op_i(mem_insn_q[13:12]), .a_i(ex_rs1v_q), .b_i(ex_rs2v_q),
                  .a_sign_i(mul_as), .b_sign_i(mul_bs), .result_o(mul_res));
  assign mem_fwd = mem_ctl_q[C_MUL] ? mul_res : mem_ctl_q[C_CSR] ? csr_rdata : mem_res_q;
  reg mul_ph_q;   // the product of the multiply in MEM is registered
  always @(posedge clk_i) begin
    if (!rst_ni || mem_go || wb_redirect) mul_ph_q <= 1'b0;
    else if (mem_valid_q && mem_ctl_q[C_MUL]) mul_ph_q <= 1'b1;
  end

  always @* begin
    mem_valid_d = mem_valid_q;
    mem_ctl_d   = mem_ctl_q;
    mem_rd_d    = mem_rd_q;
    mem_cause_d = mem_cause_q;
    mem_rs1_d   = mem_rs1_q;
    mem_rs2_d   = mem_rs2_q;
    mem_res_d   = mem_res_q;
    mem_pc_d    = mem_pc_q;
    mem_insn_d  = mem_insn_q;
    mem_raw_d   = mem_raw_q;
    mem_opa_d   = mem_opa;       // a value taken from LW is kept while MEM holds
    mem_rs1v_d  = mem_rs1v;
    mem_rs2v_d  = mem_rs2v;
    m1_d        = 1'b0;
    m2_d        = 1'b0;
    mem_npc_d   = mem_npc_q;
    mem_exc_d   = mem_exc_q;
    if (wb_redirect) begin
      mem_valid_d = 1'b0;
    end else if (ex_go) begin
      mem_valid_d = ex_valid_q;
      mem_ctl_d   = ex_ctl_q;
      mem_rd_d    = ex_rd_q;
      mem_cause_d = ex_cause;
      mem_rs1_d   = ex_ctl_q[C_USES_RS1] ? ex_rs1_q : 5'd0;
      mem_rs2_d   = ex_ctl_q[C_USES_RS2] ? ex_rs2_q : 5'd0;
      mem_res_d   = ex_ctl_q[C_ZK] ? zk_res : ex_res;
      mem_pc_d    = ex_pc_q;
      mem_insn_d  = ex_insn_q;
      mem_raw_d   = ex_raw_q;
      mem_opa_d   = ex_opa;
      mem_rs1v_d  = ex_ctl_q[C_USES_RS1] ? rs1f : 32'd0;
      mem_rs2v_d  = ex_ctl_q[C_USES_RS2] ? rs2f : 32'd0;
      m1_d        = w1_q;   // ex_go: WB moves too, the producer is in LW next cycle
      m2_d        = w2_q;
      mem_npc_d   = ex_npc;
      mem_exc_d   = ex_exc_all;
    end else if (mem_go) begin
      mem_valid_d = 1'b0;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) mem_valid_q <= 1'b0;
    else         mem_valid_q <= mem_valid_d;
  end
  always @(posedge clk_i) begin
    mem_ctl_q   <= mem_ctl_d;
    mem_rd_q    <= mem_rd_d;
    mem_cause_q <= mem_cause_d;
    mem_rs1_q   <= mem_rs1_d;
    mem_rs2_q   <= mem_rs2_d;
    mem_res_q   <= mem_res_d;
    mem_pc_q    <= mem_pc_d;
    mem_insn_q  <= mem_insn_d;
    mem_raw_q   <= mem_raw_d;
    mem_opa_q   <= mem_opa_d;
    mem_rs1v_q  <= mem_rs1v_d;
    mem_rs2v_q  <= mem_rs2v_d;
    m1_q        <= m1_d;
    m2_q        <= m2_d;
    mem_npc_q   <= mem_npc_d;
    mem_exc_q   <= mem_exc_d;
  end

  // ------------------------------------------------------------------ WB
  reg             wb_valid_d;
  reg [NCTL-1:0]  wb_ctl_d;
  reg [4:0]       wb_rd_d, wb_cause_q, wb_cause_d, wb_rs1_q, wb_rs1_d, wb_rs2_q, wb_rs2_d;
  reg [31:0]      wb_res_q, wb_res_d, wb_pc_q, wb_pc_d, wb_insn_q, wb_insn_d, wb_opa_q, wb_opa_d;
  reg [31:0]      wb_rs1v_q, wb_rs1v_d, wb_rs2v_q, wb_rs2v_d;
  reg [31:0]      wb_npc_q, wb_npc_d, wb_wdat_q, wb_wdat_d;
  reg [3:0]       wb_be_q, wb_be_d;
  reg             wb_exc_q, wb_exc_d, wb_intr_q, wb_intr_d;
  reg [2:0]       wb_tsel_q, wb_tsel_d;   // mtval source: {insn, result, operand a}

  // mtval's source for the instruction entering WB (none for an interrupt or ecall)
  wire       mem_xc   = mem_exc_q && !mem_intr;
  wire [2:0] mem_tsel = {mem_xc ? mem_cause_q == EXC_ILLEGAL : mem_ctl_q[C_CPI] && !mem_intr,
                         mem_xc ? mem_cause_q[4:2] == 3'b001 : mem_ls && !mem_intr,
                         mem_xc && (mem_cause_q == EXC_IMISALIGN || mem_cause_q == EXC_IFAULT ||
                                    mem_cause_q == EXC_BREAK)};

  wire wb_ls   = wb_ctl_q[C_LOAD] | wb_ctl_q[C_STORE];
  wire wb_wait = wb_valid_q && (wb_ls || wb_ctl_q[C_CPI]);
  wire wb_done = !wb_wait || (wb_ls ? dmem_rvalid_i : cpi_rsp_valid_i);
  assign wb_go = !wb_valid_q || wb_done;

  wire wb_lerr = wb_valid_q && wb_ls && dmem_rvalid_i && dmem_err_i;

  // A coprocessor request does not wait for a coprocessor instruction in WB to be answered: it
  // is offered meanwhile, and the coprocessor (cpl_dispatch) takes it only in a cycle with no
  // instruction of its outstanding, or in the one that answers it without err. So the answer
  // does not run through WB's trap and stall logic back out into the next request (in the SoC
  // that would be one path: unit answer -> dispatcher -> core -> next request -> another unit).
  // Every other condition of mem_act holds: on a trap of the WB instruction the offer is
  // withdrawn. Written without wb_go and wb_flush_younger, which contain the answer: a
  // coprocessor instruction in WB carries no exception, interrupt or mret, and only a load or
  // store waits otherwise (with the answer in the cone, timing analysis sees the path through
  // it even where the answer cannot change the result).
  wire wb_lsgo = !wb_valid_q || !wb_ls || dmem_rvalid_i;
  wire wb_ncfl = wb_valid_q && (wb_exc_q || wb_lerr || wb_intr_q || wb_ctl_q[C_MRET]);
  assign mem_cpi_ok = mem_valid_q && !mem_intr && !wb_csrw && wb_lsgo && !wb_ncfl;
  wire wb_cerr = wb_valid_q && wb_ctl_q[C_CPI] && cpi_rsp_valid_i && cpi_rsp_err_i;
  wire wb_exc  = wb_exc_q || wb_lerr || wb_cerr;
  assign wb_trap = wb_valid_q && (wb_exc || wb_intr_q);
  wire wb_mret = wb_valid_q && wb_ctl_q[C_MRET];
  assign wb_flush_younger = wb_trap || wb_mret;
  assign wb_redirect = wb_flush_younger;

  reg [4:0]  trap_cause;
  always @* begin
    if (wb_intr_q || wb_exc_q) trap_cause = wb_cause_q;
    else if (wb_lerr)          trap_cause = wb_ctl_q[C_LOAD] ? EXC_LFAULT : EXC_SFAULT;
    else                       trap_cause = EXC_ILLEGAL;
  end
  // mtval: the address of a misaligned or faulting access (the result slot holds it), the
  // instruction word (illegal, coprocessor err), the target of a misaligned jump or the pc of a
  // fetch fault or ebreak (the operand slot holds either), else 0. Which one is decided when
  // the instruction enters WB (wb_tsel_q, one-hot or 0), so mtval is an AND-OR of three slots
  // with registered selects (one LUT6 a bit): a load/store can only trap with its address, a
  // coprocessor instruction only with its word, whatever the bus answers in WB.
  wire [31:0] trap_tval = ({32{wb_tsel_q[0]}} & wb_opa_q) | ({32{wb_tsel_q[1]}} & wb_res_q) |
                          ({32{wb_tsel_q[2]}} & wb_insn_q);

  wire [31:0] trap_vector, mepc;
  wire        retire = wb_valid_q && wb_done && !wb_trap;
  // A CSR instruction in WB retires: it waits for no answer, and one with an exception or an
  // interrupt reaches WB with its control bits cleared. Written from flops, without retire,
  // whose cone holds the data port's and the coprocessor's answers.
  wire        wb_csr_en = wb_valid_q && wb_ctl_q[C_CSR];
  core_csr #(.HART_ID(HART_ID), .RVC(RVC)) u_csr (
    .clk_i, .rst_ni,
    .csr_raddr_i(mem_insn_q[31:20]), .csr_rdata_o(csr_rdata),
    .csr_en_i(wb_csr_en), .csr_addr_i(wb_insn_q[31:20]),
    .csr_op_i(wb_insn_q[13:12]), .csr_write_i(wb_ctl_q[C_CSR_WRITE]), .csr_wdata_i(wb_opa_q),
    .csr_old_i(wb_res_q),
    .trap_i(wb_trap), .trap_intr_i(wb_intr_q), .trap_cause_i(trap_cause), .trap_pc_i(wb_pc_q),
    .trap_tval_i(trap_tval), .mret_i(wb_mret), .trap_vector_o(trap_vector), .mepc_o(mepc),
    .retire_i(retire), .irq_timer_i, .irq_software_i, .irq_external_i,
    .irq_take_o(irq_take), .irq_cause_o(irq_cause)
  );
  assign wb_redirect_pc = wb_trap ? trap_vector : mepc;

  assign rf_we = retire && wb_ctl_q[C_RD_WE];   // WB retires a register write (done in LW)

  // Late write (LW): the register file is written one cycle after retirement, from flops. The
  // data port's answer goes straight into lw_ldraw_q, with no logic in front of the flop (in the
  // SoC it comes from a block RAM through the crossbar), and is aligned behind it; the
  // coprocessor's answer or WB's own result goes into lw_res_q. Consumers read LW through the
  // register file's write-through; WB's own non-late result is forwarded from wb_res_q.
  always @(posedge clk_i) begin
    if (!rst_ni) lw_we_q <= 1'b0;
    else         lw_we_q <= rf_we;
  end
  always @(posedge clk_i) begin
    lw_rd_q    <= wb_rd_q;
    lw_ld_q    <= wb_ctl_q[C_LOAD];
    lw_f3_q    <= wb_insn_q[14:12];
    lw_off_q   <= wb_res_q[1:0];
    lw_ldraw_q <= dmem_rdata_i;
    lw_res_q   <= wb_ctl_q[C_CPI] ? cpi_rsp_data_i : wb_res_q;
  end
  wire [31:0] lw_shift = lw_ldraw_q >> {lw_off_q, 3'b000};
  reg  [31:0] lw_ld;
  always @* begin
    case (lw_f3_q)
      3'd0:    lw_ld = {{24{lw_shift[7]}}, lw_shift[7:0]};
      3'd1:    lw_ld = {{16{lw_shift[15]}}, lw_shift[15:0]};
      3'd4:    lw_ld = {24'd0, lw_shift[7:0]};
      3'd5:    lw_ld = {16'd0, lw_shift[15:0]};
      default: lw_ld = lw_shift;
    endcase
  end
  assign lw_wdata = lw_ld_q ? lw_ld : lw_res_q;

  always @* begin
    wb_valid_d = wb_valid_q;
    wb_ctl_d   = wb_ctl_q;
    wb_rd_d    = wb_rd_q;
    wb_cause_d = wb_cause_q;
    wb_rs1_d   = wb_rs1_q;
    wb_rs2_d   = wb_rs2_q;
    wb_res_d   = wb_res_q;
    wb_pc_d    = wb_pc_q;
    wb_insn_d  = wb_insn_q;
    wb_raw_d   = wb_raw_q;
    wb_opa_d   = wb_opa_q;
    wb_rs1v_d  = wb_rs1v_q;
    wb_rs2v_d  = wb_rs2v_q;
    wb_npc_d   = wb_npc_q;
    wb_wdat_d  = wb_wdat_q;
    wb_be_d    = wb_be_q;
    wb_exc_d   = wb_exc_q;
    wb_intr_d  = wb_intr_q;
    wb_tsel_d  = wb_tsel_q;
    if (wb_redirect) begin
      wb_valid_d = 1'b0;
    end else if (mem_go) begin
      wb_valid_d = mem_valid_q;
      wb_ctl_d   = (mem_intr || mem_exc_q) ? {NCTL{1'b0}} : mem_ctl_q;
      wb_rd_d    = mem_rd_q;
      wb_cause_d = mem_intr ? irq_cause : mem_cause_q;
      wb_rs1_d   = mem_rs1_q;
      wb_rs2_d   = mem_rs2_q;
      wb_res_d   = mem_fwd;
      wb_pc_d    = mem_pc_q;
      wb_insn_d  = mem_insn_q;
      wb_raw_d   = mem_raw_q;
      wb_opa_d   = mem_opa;
      wb_rs1v_d  = mem_rs1v;
      wb_rs2v_d  = mem_rs2v;
      wb_npc_d   = mem_npc_q;
      wb_wdat_d  = mem_wdata;
      wb_be_d    = mem_be;
      wb_exc_d   = mem_exc_q && !mem_intr;
      wb_intr_d  = mem_intr;
      wb_tsel_d  = mem_tsel;
    end else if (wb_go) begin
      wb_valid_d = 1'b0;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) wb_valid_q <= 1'b0;
    else         wb_valid_q <= wb_valid_d;
  end
  always @(posedge clk_i) begin
    wb_ctl_q   <= wb_ctl_d;
    wb_rd_q    <= wb_rd_d;
    wb_cause_q <= wb_cause_d;
    wb_rs1_q   <= wb_rs1_d;
    wb_rs2_q   <= wb_rs2_d;
    wb_res_q   <= wb_res_d;
    wb_pc_q    <= wb_pc_d;
    wb_insn_q  <= wb_insn_d;
    wb_raw_q   <= wb_raw_d;
    wb_opa_q   <= wb_opa_d;
    wb_rs1v_q  <= wb_rs1v_d;
    wb_rs2v_q  <= wb_rs2v_d;
    wb_npc_q   <= wb_npc_d;
    wb_wdat_q  <= wb_wdat_d;
    wb_be_q    <= wb_be_d;
    wb_exc_q   <= wb_exc_d;
    wb_intr_q  <= wb_intr_d;
    wb_tsel_q  <= wb_tsel_d;
  end

  // ------------------------------------------------------------------ RVFI
  reg [63:0] order_q, order_d;
  reg        handler_q, handler_d;   // the next retirement is the first of a trap handler
  wire       rvfi_v = wb_valid_q && wb_done && !wb_intr_q;
  always @* begin
    order_d   = order_q + {63'd0, rvfi_v};
    handler_d = wb_trap ? 1'b1 : (rvfi_v ? 1'b0 : handler_q);
  end
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      order_q   <= 64'd0;
      handler_q <= 1'b0;
    end else begin
      order_q   <= order_d;
      handler_q <= handler_d;
    end
  end

  generate
    if (RVFI != 0) begin : g_rvfi
      // the value the register file receives in LW, as WB retires the instruction
      wire [31:0] ld_shift = dmem_rdata_i >> {wb_res_q[1:0], 3'b000};
      reg  [31:0] ld_data;
      always @* begin
        case (wb_insn_q[14:12])
          3'd0:    ld_data = {{24{ld_shift[7]}}, ld_shift[7:0]};
          3'd1:    ld_data = {{16{ld_shift[15]}}, ld_shift[15:0]};
          3'd4:    ld_data = {24'd0, ld_shift[7:0]};
          3'd5:    ld_data = {16'd0, ld_shift[15:0]};
          default: ld_data = ld_shift;
        endcase
      end
      wire [31:0] wb_wdata = wb_ctl_q[C_LOAD] ? ld_data :
                             wb_ctl_q[C_CPI]  ? cpi_rsp_data_i : wb_res_q;
      assign rvfi_valid     = rvfi_v;
      assign rvfi_order     = order_q;
      assign rvfi_insn      = wb_raw_q;
      assign rvfi_trap      = wb_exc;
      assign rvfi_halt      = 1'b0;
      assign rvfi_intr      = handler_q;
      assign rvfi_mode      = 2'd3;
      assign rvfi_ixl       = 2'd1;
      assign rvfi_rs1_addr  = wb_rs1_q;
      assign rvfi_rs2_addr  = wb_rs2_q;
      assign rvfi_rs1_rdata = wb_rs1v_q;
      assign rvfi_rs2_rdata = wb_rs2v_q;
      assign rvfi_rd_addr   = rf_we ? wb_rd_q : 5'd0;
      assign rvfi_rd_wdata  = rf_we ? wb_wdata : 32'd0;
      assign rvfi_pc_rdata  = wb_pc_q;
      assign rvfi_pc_wdata  = wb_trap ? trap_vector : wb_mret ? mepc : wb_npc_q;
      assign rvfi_mem_addr  = wb_ls ? wb_res_q : 32'd0;
      assign rvfi_mem_rmask = wb_ctl_q[C_LOAD] ? wb_be_q : 4'd0;
      assign rvfi_mem_wmask = wb_ctl_q[C_STORE] ? wb_be_q : 4'd0;
      assign rvfi_mem_rdata = wb_ctl_q[C_LOAD] ? dmem_rdata_i : 32'd0;
      assign rvfi_mem_wdata = wb_ctl_q[C_STORE] ? wb_wdat_q : 32'd0;
    end else begin : g_no_rvfi
      assign rvfi_valid     = '0;
      assign rvfi_order     = '0;
      assign rvfi_insn      = '0;
      assign rvfi_trap      = '0;
      assign rvfi_halt      = '0;
      assign rvfi_intr      = '0;
      assign rvfi_mode      = '0;
      assign rvfi_ixl       = '0;
      assign rvfi_rs1_addr  = '0;
      assign rvfi_rs2_addr  = '0;
      assign rvfi_rs1_rdata = '0;
      assign rvfi_rs2_rdata = '0;
      assign rvfi_rd_addr   = '0;
      assign rvfi_rd_wdata  = '0;
      assign rvfi_pc_rdata  = '0;
      assign rvfi_pc_wdata  = '0;
      assign rvfi_mem_addr  = '0;
      assign rvfi_mem_rmask = '0;
      assign rvfi_mem_wmask = '0;
      assign rvfi_mem_rdata = '0;
      assign rvfi_mem_wdata = '0;
    end
  endgenerate

endmodule

`default_nettype wire
