// SPDX-License-Identifier: Apache-2.0
// core_rvc.v
// RV32C expander: one 16-bit compressed instruction -> the equivalent 32-bit RV32I instruction.
`default_nettype none

// Combinational. Every legal encoding of quadrants 0-2 becomes the base instruction the RVC
// chapter of the unprivileged specification names as its expansion, so the base decoder needs
// no knowledge of C; `illegal_o` flags the rest and `insn_o` is then 0, which the base decoder
// refuses as well (opcode 0000000), so the core may feed `insn_o` on either way. A trap must still
// report the 16-bit parcel in mtval, not `insn_o`.
//
// Illegal (this core has no F/D, is RV32 only and implements none of Zcb/Zcmp/Zcmt):
//   - c.addi4spn with nzuimm = 0 (includes the all-zero parcel), c.addi16sp with nzimm = 0,
//     c.lui with nzimm = 0 (any rd but x2), c.lwsp with rd = x0, c.jr with rs1 = x0;
//   - c.slli / c.srli / c.srai with shamt[5] = 1 (RV32);
//   - c.fld, c.flw, c.fsd, c.fsw, c.fldsp, c.flwsp, c.fsdsp, c.fswsp;
//   - quadrant 0 funct3 = 100 and quadrant 1 funct3 = 100, funct2 = 11, bit 12 = 1 (RV64's
//     c.subw/c.addw and reserved space);
//   - quadrant 3 (not a compressed instruction: the caller must not expand it).
// HINTs are legal and expand to their base form, which has no architectural effect: c.nop with
// nzimm != 0 and c.addi with nzimm = 0 (addi rd, rd, 0), c.li / c.lui / c.mv / c.add / c.slli
// with rd = x0 (a write to x0), c.slli / c.srli / c.srai with shamt = 0 (a shift by 0). Spike
// executes them the same way.
//
// Instruction fields are the RVC chapter's; the base opcodes are written out as in
// core_decoder.v, which spells the RV32IM encodings the same way.
module core_rvc (
  input  wire [15:0] insn_i,
  output reg  [31:0] insn_o,
  output reg         illegal_o
);
  localparam [6:0] OP_LUI = 7'b0110111, OP_JAL = 7'b1101111, OP_JALR = 7'b1100111,
                   OP_BRANCH = 7'b1100011, OP_LOAD = 7'b0000011, OP_STORE = 7'b0100011,
                   OP_IMM = 7'b0010011, OP_OP = 7'b0110011, OP_SYSTEM = 7'b1110011;
  localparam [4:0] X0 = 5'd0, RA = 5'd1, SP = 5'd2;

  wire [15:0] c = insn_i;
  // Register fields: full (rd/rs1 at 11:7, rs2 at 6:2) and the x8-x15 forms (rd'/rs1' at 9:7,
  // rd'/rs2' at 4:2).
  wire [4:0]  rd   = c[11:7];
  wire [4:0]  rs2  = c[6:2];
  wire [4:0]  rdp  = {2'b01, c[4:2]};
  wire [4:0]  rs1p = {2'b01, c[9:7]};

  // Immediates, sign-extended to 12 bits (I-type) or to their format's width.
  wire [11:0] imm6    = {{7{c[12]}}, c[6:2]};                               // c.addi/li/andi
  wire [11:0] imm4spn = {2'b00, c[10:7], c[12:11], c[5], c[6], 2'b00};      // c.addi4spn
  wire [11:0] imm16sp = {{3{c[12]}}, c[4:3], c[5], c[2], c[6], 4'b0000};   // c.addi16sp
  wire [19:0] immlui  = {{15{c[12]}}, c[6:2]};                             // c.lui, << 12
  wire [11:0] immlw   = {5'b00000, c[5], c[12:10], c[6], 2'b00};           // c.lw / c.sw
  wire [11:0] immlwsp = {4'b0000, c[3:2], c[12], c[6:4], 2'b00};           // c.lwsp
  wire [11:0] immswsp = {4'b0000, c[8:7], c[12:9], 2'b00};                 // c.swsp
  wire [20:1] immj    = {{10{c[12]}}, c[8], c[10:9], c[6], c[7], c[2], c[11], c[5:3]};
  wire [12:1] immb    = {{5{c[12]}}, c[6:5], c[2], c[11:10], c[4:3]};

  wire        nz6     = |c[6:2] | c[12];   // the 6-bit immediate (or shamt) is not zero

  // Base formats.
  function [31:0] f_i(input [11:0] imm, input [4:0] rs1, input [2:0] f3, input [4:0] rdx,
                      input [6:0] op);
    f_i = {imm, rs1, f3, rdx, op};
  endfunction
  function [31:0] f_r(input [6:0] f7, input [4:0] rs2x, input [4:0] rs1, input [2:0] f3,
                      input [4:0] rdx);
    f_r = {f7, rs2x, rs1, f3, rdx, OP_OP};
  endfunction
  function [31:0] f_s(input [11:0] imm, input [4:0] rs2x, input [4:0] rs1);
    f_s = {imm[11:5], rs2x, rs1, 3'b010, imm[4:0], OP_STORE};
  endfunction
  function [31:0] f_b(input [12:1] imm, input [4:0] rs1, input [2:0] f3);
    f_b = {imm[12], imm[10:5], X0, rs1, f3, imm[4:1], imm[11], OP_BRANCH};
  endfunction
  function [31:0] f_j(input [20:1] imm, input [4:0] rdx);
    f_j = {imm[20], imm[10:1], imm[11], imm[19:12], rdx, OP_JAL};
  endfunction

  // One case on {funct3, quadrant}; the default is illegal.
  reg [31:0] x;
  reg        ill;
  always @* begin
    x   = 32'd0;
    ill = 1'b0;
    case ({c[15:13], c[1:0]})
      // Quadrant 0
      5'b000_00: begin   // c.addi4spn -> addi rd', sp, nzuimm
        x   = f_i(imm4spn, SP, 3'b000, rdp, OP_IMM);
        ill = ~|c[12:5];
      end
      5'b010_00: x = f_i(immlw, rs1p, 3'b010, rdp, OP_LOAD);   // c.lw
      5'b110_00: x = f_s(immlw, rdp, rs1p);                     // c.sw (rs2' at 4:2)
      // Quadrant 1
      5'b000_01: x = f_i(imm6, rd, 3'b000, rd, OP_IMM);         // c.addi, c.nop
      5'b001_01: x = f_j(immj, RA);                             // c.jal
      5'b010_01: x = f_i(imm6, X0, 3'b000, rd, OP_IMM);         // c.li
      5'b011_01: begin
        if (rd == SP) x = f_i(imm16sp, SP, 3'b000, SP, OP_IMM); // c.addi16sp
        else          x = {immlui, rd, OP_LUI};                 // c.lui
        ill = ~nz6;
      end
      5'b100_01: begin
        case (c[11:10])
          2'b00: begin   // c.srli
            x   = f_i({7'b0000000, c[6:2]}, rs1p, 3'b101, rs1p, OP_IMM);
            ill = c[12];
          end
          2'b01: begin   // c.srai
            x   = f_i({7'b0100000, c[6:2]}, rs1p, 3'b101, rs1p, OP_IMM);
            ill = c[12];
          end
          2'b10: x = f_i(imm6, rs1p, 3'b111, rs1p, OP_IMM);    // c.andi
          default: begin // c.sub, c.xor, c.or, c.and (bit 12 = 1: RV64 / reserved)
            case (c[6:5])
              2'b00:   x = f_r(7'b0100000, rdp, rs1p, 3'b000, rs1p);
              2'b01:   x = f_r(7'b0000000, rdp, rs1p, 3'b100, rs1p);
              2'b10:   x = f_r(7'b0000000, rdp, rs1p, 3'b110, rs1p);
              default: x = f_r(7'b0000000, rdp, rs1p, 3'b111, rs1p);
            endcase
            ill = c[12];
          end
        endcase
      end
      5'b101_01: x = f_j(immj, X0);                             // c.j
      5'b110_01: x = f_b(immb, rs1p, 3'b000);                   // c.beqz
      5'b111_01: x = f_b(immb, rs1p, 3'b001);                   // c.bnez
      // Quadrant 2
      5'b000_10: begin   // c.slli
        x   = f_i({7'b0000000, c[6:2]}, rd, 3'b001, rd, OP_IMM);
        ill = c[12];
      end
      5'b010_10: begin   // c.lwsp
        x   = f_i(immlwsp, SP, 3'b010, rd, OP_LOAD);
        ill = ~|rd;
      end
      5'b100_10: begin
        if (~|rs2) begin
          if (~c[12]) begin   // c.jr
            x   = f_i(12'd0, rd, 3'b000, X0, OP_JALR);
            ill = ~|rd;
          end else if (~|rd) begin
            x = 32'h0010_0000 | {25'd0, OP_SYSTEM};             // c.ebreak -> ebreak
          end else begin
            x = f_i(12'd0, rd, 3'b000, RA, OP_JALR);            // c.jalr
          end
        end else if (~c[12]) begin
          x = f_r(7'b0000000, rs2, X0, 3'b000, rd);             // c.mv
        end else begin
          x = f_r(7'b0000000, rs2, rd, 3'b000, rd);             // c.add
        end
      end
      5'b110_10: x = f_s(immswsp, rs2, SP);                     // c.swsp
      default: ill = 1'b1;
    endcase
  end

  always @* begin
    illegal_o = ill;
    insn_o    = ill ? 32'd0 : x;
  end

endmodule

`default_nettype wire
