// SPDX-License-Identifier: Apache-2.0
// core_decoder.v
// ID-stage decoder: RV32IM + Zicsr + custom-0/1 (coprocessor), full illegal-instruction checks.
`default_nettype none

module core_decoder (
  input  wire [31:0] insn_i,
  input  wire        zk_i,         // insn_i is a scalar-crypto instruction (core_zk's match)
  output reg         illegal_o,
  output reg         uses_rs1_o,
  output reg         uses_rs2_o,
  output reg         rd_we_o,
  output reg  [3:0]  alu_op_o,
  output reg  [1:0]  b_sel_o,      // 0 rs2, 1 imm, 2 four
  output wire [31:0] imm_o,
  output reg         is_load_o,
  output reg         is_store_o,
  output reg         is_branch_o,
  output reg         is_jal_o,
  output reg         is_jalr_o,
  output reg         is_mul_o,
  output reg         is_div_o,
  output reg         is_csr_o,
  output reg         csr_write_o,  // the CSR instruction writes (csrrw, or a non-zero rs1/uimm)
  output reg         is_mret_o,
  output reg         is_ecall_o,
  output reg         is_ebreak_o,
  output reg         is_cpi_o,
  output wire        is_zk_o,      // executed by core_zk (its result is late, as mul's)
  output wire        late_o        // result only available in WB (load, mul, csr, cpi with xd)
);
  localparam [6:0] OP_LUI = 7'b0110111, OP_AUIPC = 7'b0010111, OP_JAL = 7'b1101111,
                   OP_JALR = 7'b1100111, OP_BRANCH = 7'b1100011, OP_LOAD = 7'b0000011,
                   OP_STORE = 7'b0100011, OP_IMM = 7'b0010011, OP_OP = 7'b0110011,
                   OP_FENCE = 7'b0001111, OP_SYSTEM = 7'b1110011, OP_CUSTOM0 = 7'b0001011,
                   OP_CUSTOM1 = 7'b0101011;
  localparam [3:0] ALU_ADD = 4'd0, ALU_SUB = 4'd1, ALU_SLL = 4'd2, ALU_SLT = 4'd3,
                   ALU_SLTU = 4'd4, ALU_XOR = 4'd5, ALU_SRL = 4'd6, ALU_SRA = 4'd7,
                   ALU_OR = 4'd8, ALU_AND = 4'd9;

  wire [6:0]  opcode = insn_i[6:0];
  wire [2:0]  funct3 = insn_i[14:12];
  wire [6:0]  funct7 = insn_i[31:25];
  wire [4:0]  rs1    = insn_i[19:15];
  wire [11:0] csr    = insn_i[31:20];

  wire [31:0] imm_i = {{20{insn_i[31]}}, insn_i[31:20]};
  wire [31:0] imm_s = {{20{insn_i[31]}}, insn_i[31:25], insn_i[11:7]};
  wire [31:0] imm_u = {insn_i[31:12], 12'd0};
  // The operand immediate, chosen by two opcode bits: U (lui, auipc), S (stores), else I. The
  // B and J immediates never reach the ALU: core_top adds them to the pc in ID.
  wire        fmt_u = opcode[4] & opcode[2];
  wire        fmt_s = opcode[5] & ~opcode[4] & ~opcode[2];  // (branches too: not used)
  assign imm_o = fmt_u ? imm_u : fmt_s ? imm_s : imm_i;

  // Implemented CSRs; addresses 0xCxx/0xFxx are read-only (csr[11:10] == 2'b11).
  reg csr_exists;
  always @* begin
    case (csr)
      12'h300, 12'h301, 12'h304, 12'h305, 12'h340, 12'h341, 12'h342, 12'h343, 12'h344,
      12'hB00, 12'hB02, 12'hB80, 12'hB82,
      12'hC00, 12'hC02, 12'hC80, 12'hC82,
      12'hF11, 12'hF12, 12'hF13, 12'hF14: csr_exists = 1'b1;
      default: csr_exists = 1'b0;
    endcase
  end

  always @* begin
    illegal_o   = 1'b0;
    uses_rs1_o  = 1'b0;
    uses_rs2_o  = 1'b0;
    rd_we_o     = 1'b0;
    alu_op_o    = ALU_ADD;
    b_sel_o     = 2'd0;
    is_load_o   = 1'b0;
    is_store_o  = 1'b0;
    is_branch_o = 1'b0;
    is_jal_o    = 1'b0;
    is_jalr_o   = 1'b0;
    is_mul_o    = 1'b0;
    is_div_o    = 1'b0;
    is_csr_o    = 1'b0;
    csr_write_o = 1'b0;
    is_mret_o   = 1'b0;
    is_ecall_o  = 1'b0;
    is_ebreak_o = 1'b0;
    is_cpi_o    = 1'b0;
    if (insn_i[1:0] != 2'b11) illegal_o = 1'b1;
    else begin
      case (opcode)
        OP_LUI: begin
          rd_we_o = 1'b1; b_sel_o = 2'd1;
        end
        OP_AUIPC: begin
          rd_we_o = 1'b1; b_sel_o = 2'd1;
        end
        OP_JAL: begin
          rd_we_o = 1'b1; is_jal_o = 1'b1; b_sel_o = 2'd2;
        end
        OP_JALR: begin
          rd_we_o = 1'b1; is_jalr_o = 1'b1; uses_rs1_o = 1'b1; b_sel_o = 2'd2;
          illegal_o = (funct3 != 3'd0);
        end
        OP_BRANCH: begin
          is_branch_o = 1'b1; uses_rs1_o = 1'b1; uses_rs2_o = 1'b1;
          alu_op_o = ALU_SUB;  // the ALU's comparator decides the branch
          illegal_o = (funct3 == 3'd2 || funct3 == 3'd3);
        end
        OP_LOAD: begin
          is_load_o = 1'b1; rd_we_o = 1'b1; uses_rs1_o = 1'b1; b_sel_o = 2'd1;
          illegal_o = (funct3 == 3'd3 || funct3 == 3'd6 || funct3 == 3'd7);
        end
        OP_STORE: begin
          is_store_o = 1'b1; uses_rs1_o = 1'b1; uses_rs2_o = 1'b1; b_sel_o = 2'd1;
          illegal_o = (funct3 > 3'd2);
        end
        OP_IMM: begin
          rd_we_o = 1'b1; uses_rs1_o = 1'b1; b_sel_o = 2'd1;
          case (funct3)
            3'd0: alu_op_o = ALU_ADD;
            3'd1: begin alu_op_o = ALU_SLL; illegal_o = (funct7 != 7'd0); end
            3'd2: alu_op_o = ALU_SLT;
            3'd3: alu_op_o = ALU_SLTU;
            3'd4: alu_op_o = ALU_XOR;
            3'd5: begin
              alu_op_o  = funct7[5] ? ALU_SRA : ALU_SRL;
              illegal_o = (funct7 != 7'd0 && funct7 != 7'b0100000);
            end
            3'd6: alu_op_o = ALU_OR;
            default: alu_op_o = ALU_AND;
          endcase
        end
        OP_OP: begin
          rd_we_o = 1'b1; uses_rs1_o = 1'b1; uses_rs2_o = 1'b1;
          if (funct7 == 7'b0000001) begin
            is_mul_o = ~funct3[2];
            is_div_o = funct3[2];
          end else if (funct7 == 7'd0) begin
            case (funct3)
              3'd0: alu_op_o = ALU_ADD;
              3'd1: alu_op_o = ALU_SLL;
              3'd2: alu_op_o = ALU_SLT;
              3'd3: alu_op_o = ALU_SLTU;
              3'd4: alu_op_o = ALU_XOR;
              3'd5: alu_op_o = ALU_SRL;
              3'd6: alu_op_o = ALU_OR;
              default: alu_op_o = ALU_AND;
            endcase
          end else if (funct7 == 7'b0100000 && funct3 == 3'd0) alu_op_o = ALU_SUB;
          else if (funct7 == 7'b0100000 && funct3 == 3'd5) alu_op_o = ALU_SRA;
          else illegal_o = 1'b1;
        end
        OP_FENCE: begin
          // fence and fence.i are no-ops: one hart, no caches, in-order memory accesses
          illegal_o = (funct3 > 3'd1);
        end
        OP_SYSTEM: begin
          if (funct3 == 3'd0) begin
            case (insn_i)
              32'h0000_0073: is_ecall_o  = 1'b1;
              32'h0010_0073: is_ebreak_o = 1'b1;
              32'h3020_0073: is_mret_o   = 1'b1;
              32'h1050_0073: ;  // wfi: a no-op, interrupts are taken at the next instruction
              default:       illegal_o   = 1'b1;
            endcase
          end else if (funct3 == 3'd4) begin
            illegal_o = 1'b1;
          end else begin
            is_csr_o    = 1'b1;
            rd_we_o     = 1'b1;
            uses_rs1_o  = ~funct3[2];
            // csrrw/csrrwi always write; csrrs/csrrc (and immediates) only with non-zero rs1
            csr_write_o = (funct3[1:0] == 2'b01) || (rs1 != 5'd0);
            illegal_o   = !csr_exists || (csr_write_o && csr[11:10] == 2'b11);
          end
        end
        OP_CUSTOM0, OP_CUSTOM1: begin
          // RoCC/NICE style: funct3 = {xd, xs1, xs2}
          is_cpi_o   = 1'b1;
          rd_we_o    = funct3[2];
          uses_rs1_o = funct3[1];
          uses_rs2_o = funct3[0];
        end
        default: illegal_o = 1'b1;
      endcase
    end
    // Zbkb/Zbkc/Zbkx/Zkne/Zknd/Zknh: OP or OP-IMM encodings that RV32IM leaves illegal; R-type
    // (OP) reads rs2, the OP-IMM ones hold a shift amount or funct5 in its field
    if (zk_i) begin
      illegal_o  = 1'b0;
      rd_we_o    = 1'b1;
      uses_rs1_o = 1'b1;
      uses_rs2_o = opcode[5];
    end
  end
  assign is_zk_o = zk_i;

  assign late_o = is_load_o | is_mul_o | is_csr_o | (is_cpi_o & rd_we_o) | zk_i;
endmodule

`default_nettype wire
