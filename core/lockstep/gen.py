# SPDX-License-Identifier: Apache-2.0
"""Random RV32IM program generator for the core-versus-Spike lockstep.

A program initialises every register, then runs a list of random items: ALU and M-extension
instructions (often with edge operands), loads and stores in a data window (x8 is its base),
forward branches, bounded backward loops (x9 counts), jal/jalr, CSR accesses of implemented CSRs,
and instructions that trap (ecall, ebreak, illegal encodings, read-only or unimplemented CSRs,
misaligned accesses, accesses outside memory, custom-0/1 answered with err). The trap handler
skips the trapping instruction (mepc + 4). The program ends by storing 1 to `tohost` (Spike's HTIF convention).

With `rvc` the program is assembled for RV32IMC: the assembler compresses every instruction it
can (so 32-bit instructions straddle words, and branches, jumps, loop ends and returns come in
compressed forms), explicit compressed items add the forms it would not pick (c.addi4spn,
c.addi16sp, c.srli/c.srai/c.andi, the x8-x15 register operations, c.lw/c.sw on the data window),
reserved and illegal parcels and c.ebreak, and jalr jumps to 2-byte aligned targets (legal with
C). The trap handler then skips 2 or 4 bytes by the parcel's low bits.

With `zk` the items include every scalar-crypto instruction of Zbkb, Zbkc, Zbkx, Zkne, Zknd and
Zknh (RV32), often on edge operands, every rori shift amount and AES byte select.

Reserved registers: x8 data base, x9 loop counter, x29 jalr target / counter-read sink / mcause
write source (never read by random instructions), x30 trap handler scratch.
"""
from __future__ import annotations

import argparse
import random
from pathlib import Path

POOL = [1, 2, 3, 4, 5, 6, 7] + list(range(10, 29)) + [31]
EDGE = [0, 1, 2, -1, -2, 0x7FFFFFFF, -0x80000000, 0x80000001 - (1 << 32), 31, 32, 0xFFFF,
        0x8000, 0x55555555, -0x55555556]
DATA_BYTES = 4096

R_OPS = ["add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and",
         "mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu"]
I_OPS = ["addi", "slti", "sltiu", "xori", "ori", "andi"]
SH_OPS = ["slli", "srli", "srai"]
BR_OPS = ["beq", "bne", "blt", "bge", "bltu", "bgeu"]
LOADS = [("lb", 1), ("lh", 2), ("lw", 4), ("lbu", 1), ("lhu", 2)]
STORES = [("sb", 1), ("sh", 2), ("sw", 4)]
# CSRs both models implement identically (no counters here: their values differ by design)
CSR_RW = ["mscratch", "mepc", "mtval", "mcause"]
CSR_RO_READ = ["misa", "mhartid", "mvendorid", "mimpid", "mtvec", "mie", "mstatus"]
COUNTERS = ["mcycle", "minstret", "mcycleh", "minstreth", "cycle", "instret", "cycleh",
            "instreth"]


def x(r: int) -> str:
    return f"x{r}"


# Compressed parcels that trap: all zero, c.lwsp x0, c.jr x0, c.addi16sp 0, c.lui x5 0, c.flw,
# c.fsw, c.fld, c.fldsp, quadrant 0 funct3 = 100, c.subw, c.slli with shamt[5], c.addi4spn 0
C_ILLEGAL = [0x0000, 0x4002, 0x8002, 0x6101, 0x6281, 0x6000, 0xE000, 0x2000, 0x2002, 0x8000,
             0x9C01, 0x1016, 0x0004]
C_REGS = list(range(10, 16))   # x8-x15 but x8 (data base) and x9 (loop counter)
ZK_R = ["ror", "rol", "andn", "orn", "xnor", "pack", "packh", "clmul", "clmulh", "xperm4",
        "xperm8", "sha512sig0h", "sha512sig0l", "sha512sig1h", "sha512sig1l", "sha512sum0r",
        "sha512sum1r"]
ZK_UNARY = ["brev8", "rev8", "zip", "unzip", "sha256sig0", "sha256sig1", "sha256sum0",
            "sha256sum1"]
ZK_AES = ["aes32esi", "aes32esmi", "aes32dsi", "aes32dsmi"]


class Gen:
    def __init__(self, seed: int, rvc: bool = False, zk: bool = False) -> None:
        self.rvc = rvc
        self.zk = zk
        self.rng = random.Random(seed)
        self.lines: list[str] = []
        self.label = 0

    def r(self) -> int:
        return self.rng.choice(POOL)

    def rd(self) -> int:
        """A destination register: now and then x0 (the write is dropped)."""
        return 0 if self.rng.random() < 0.03 else self.rng.choice(POOL)

    def val(self) -> int:
        if self.rng.random() < 0.5:
            return self.rng.choice(EDGE)
        return self.rng.randint(-(1 << 31), (1 << 31) - 1)

    def new_label(self) -> str:
        self.label += 1
        return f"L{self.label}"

    def emit(self, s: str) -> None:
        self.lines.append("  " + s)

    def c_item(self) -> None:
        """One explicit compressed instruction (or a parcel that traps)."""
        g = self.rng
        c = g.randint(0, 13)
        cr = g.choice(C_REGS)
        if c == 0:
            self.emit(f"c.addi {x(self.r())}, {g.choice([-32, -1, 1, 31, g.randint(1, 31)])}")
        elif c == 1:
            self.emit(f"c.li {x(self.r())}, {g.randint(-32, 31)}")
        elif c == 2:
            rd = g.choice([r for r in POOL if r != 2])
            self.emit(f"c.lui {x(rd)}, {g.choice([1, 31, 0xFFFE0, 0xFFFFF, g.randint(1, 31)])}")
        elif c == 3:
            self.emit(f"c.{g.choice(['mv', 'add'])} {x(self.r())}, {x(self.r())}")
        elif c == 4:
            op = g.choice(["sub", "xor", "or", "and"])
            self.emit(f"c.{op} {x(cr)}, {x(g.choice(C_REGS + [8, 9]))}")
        elif c == 5:
            self.emit(f"c.andi {x(cr)}, {g.randint(-32, 31)}")
        elif c == 6:
            self.emit(f"c.{g.choice(['srli', 'srai'])} {x(cr)}, {g.randint(1, 31)}")
        elif c == 7:
            self.emit(f"c.slli {x(self.r())}, {g.randint(1, 31)}")
        elif c == 8:
            self.emit(f"c.addi4spn {x(cr)}, sp, {4 * g.randint(1, 255)}")
        elif c == 9:
            self.emit(f"c.addi16sp sp, {16 * g.choice([-32, -1, 1, 31, g.randint(1, 31)])}")
        elif c == 10:
            self.emit(f"c.lw {x(cr)}, {4 * g.randint(0, 31)}(x8)")
        elif c == 11:
            self.emit(f"c.sw {x(g.choice(C_REGS + [8, 9]))}, {4 * g.randint(0, 31)}(x8)")
        elif c == 12:
            self.emit("c.ebreak")
        else:
            self.emit(f".hword {g.choice(C_ILLEGAL):#06x}")

    def zk_item(self) -> None:
        """One scalar-crypto instruction, its operands set to edge values now and then."""
        g = self.rng
        a, b = self.r(), self.r()
        if g.random() < 0.3:
            self.emit(f"li {x(a)}, {self.val()}")
            self.emit(f"li {x(b)}, {self.val()}")
        c = g.random()
        if c < 0.45:
            self.emit(f"{g.choice(ZK_R)} {x(self.rd())}, {x(a)}, {x(b)}")
        elif c < 0.55:
            self.emit(f"rori {x(self.rd())}, {x(a)}, {g.randint(0, 31)}")
        elif c < 0.75:
            self.emit(f"{g.choice(ZK_UNARY)} {x(self.rd())}, {x(a)}")
        else:
            self.emit(f"{g.choice(ZK_AES)} {x(self.rd())}, {x(a)}, {x(b)}, {g.randint(0, 3)}")

    def item(self, depth: int = 0) -> None:
        k = self.rng.random()
        g = self.rng
        if self.rvc and g.random() < 0.15:
            self.c_item()
            return
        if self.zk and g.random() < 0.2:
            self.zk_item()
            return
        if k < 0.30:
            op = g.choice(R_OPS)
            if op in ("mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu") and \
                    g.random() < 0.3:
                a, b = self.r(), self.r()
                self.emit(f"li {x(a)}, {self.val()}")
                self.emit(f"li {x(b)}, {self.val()}")
                self.emit(f"{op} {x(self.rd())}, {x(a)}, {x(b)}")
            else:
                self.emit(f"{op} {x(self.rd())}, {x(self.r())}, {x(self.r())}")
        elif k < 0.42:
            self.emit(f"{g.choice(I_OPS)} {x(self.rd())}, {x(self.r())}, {g.randint(-2048, 2047)}")
        elif k < 0.47:
            self.emit(f"{g.choice(SH_OPS)} {x(self.r())}, {x(self.r())}, "
                      f"{g.choice([0, 1, 31, g.randint(0, 31)])}")
        elif k < 0.50:
            self.emit(f"{g.choice(['lui', 'auipc'])} {x(self.r())}, {g.randint(0, 0xFFFFF)}")
        elif k < 0.52:
            self.emit(f"li {x(self.r())}, {self.val()}")
        elif k < 0.62:
            name, size = g.choice(LOADS)
            off = g.randrange(0, DATA_BYTES - 4, size)
            if g.random() < 0.03 and size > 1:
                off += g.randint(1, size - 1)
            self.emit(f"{name} {x(self.rd())}, {off - 2048}(x8)")
        elif k < 0.70:
            name, size = g.choice(STORES)
            off = g.randrange(0, DATA_BYTES - 4, size)
            if g.random() < 0.03 and size > 1:
                off += g.randint(1, size - 1)
            self.emit(f"{name} {x(self.r())}, {off - 2048}(x8)")
        elif k < 0.78:
            # forward branch over 0..3 items
            lab = self.new_label()
            self.emit(f"{g.choice(BR_OPS)} {x(self.r())}, {x(self.r())}, {lab}")
            for _ in range(g.randint(0, 3)):
                self.item(depth + 1)
            self.lines.append(f"{lab}:")
        elif k < 0.81 and depth == 0:
            # bounded backward loop
            lab = self.new_label()
            self.emit(f"li x9, {g.randint(1, 4)}")
            self.lines.append(f"{lab}:")
            for _ in range(g.randint(1, 6)):
                self.item(depth + 1)
            self.emit("addi x9, x9, -1")
            self.emit(f"bnez x9, {lab}")
        elif k < 0.84:
            lab = self.new_label()
            if g.random() < 0.5:
                self.emit(f"jal {x(g.choice(POOL + [0]))}, {lab}")
            else:
                self.emit(f"la x29, {lab}")
                self.emit(f"jalr {x(g.choice(POOL + [0]))}, 0(x29)")
            for _ in range(g.randint(0, 2)):
                self.item(depth + 1)
            self.lines.append(f"{lab}:")
        elif k < 0.91:
            c = g.random()
            if c < 0.4:
                op = g.choice(["csrrw", "csrrs", "csrrc"])
                csr = g.choice(CSR_RW)
                if csr == "mcause":
                    # WLRL: the core holds the interrupt bit and a 5-bit code (core/README.md),
                    # Spike all 32 bits, so only values both hold are written
                    self.emit(f"li x29, {g.choice([0, 1 << 31]) | g.randint(0, 31)}")
                    self.emit(f"{op} {x(self.r())}, mcause, x29")
                else:
                    self.emit(f"{op} {x(self.r())}, {csr}, {x(self.r())}")
            elif c < 0.55:
                op = g.choice(["csrrwi", "csrrsi", "csrrci"])
                self.emit(f"{op} {x(self.r())}, {g.choice(CSR_RW)}, {g.randint(0, 31)}")
            elif c < 0.75:
                self.emit(f"csrr {x(self.r())}, {g.choice(CSR_RO_READ)}")
            elif c < 0.85:
                # mstatus.MPIE only (MIE stays 0: no interrupts in the lockstep)
                self.emit(f"li x29, 0x80")
                self.emit(f"{g.choice(['csrrs', 'csrrc'])} {x(self.r())}, mstatus, x29")
            elif c < 0.92:
                self.emit(f"csrr x29, {g.choice(COUNTERS)}")
            else:
                self.emit(f"csrw mie, {x(self.r())}")
        else:
            c = g.randint(0, 9)
            if c == 0:
                self.emit("ecall")
            elif c == 1:
                self.emit("ebreak")
            elif c == 2:
                self.emit(".word 0x00000000")
            elif c == 3:
                self.emit(f"csrw {g.choice(['mhartid', 'mvendorid', 'cycle', 'instret'])}, "
                          f"{x(self.r())}")
            elif c == 4:
                self.emit(f"csrr {x(self.r())}, 0x7c0")
            elif c == 5:
                # custom-0 / custom-1: the lockstep bench's coprocessor answers err
                op = g.choice([0x0B, 0x2B])
                self.emit(f".insn r {op:#x}, {g.randint(0, 7)}, {g.randint(0, 127)}, "
                          f"{x(self.r())}, {x(self.r())}, {x(self.r())}")
            elif c == 6:
                # shift immediate with imm[5] set: illegal on RV32
                self.emit(f".word {0x02001013 | (self.r() << 7) | (self.r() << 15):#010x}")
            elif c == 7:
                # OP with an undefined funct7
                self.emit(f".word {0x04000033 | (self.r() << 7) | (self.r() << 15):#010x}")
            elif c == 9:
                # load/store outside memory: access fault (mtval = address)
                self.emit(f"li x29, {g.choice([0x40000000, 0x7ffffff0, 0x90000000])}")
                name, _ = g.choice(LOADS + STORES)
                self.emit(f"{name} {x(self.r())}, {g.choice([0, 4, 8])}(x29)")
            elif self.rvc:
                # jalr to a 2-byte aligned target (legal with C): over a c.nop
                lab = self.new_label()
                self.emit(f"la x29, {lab}")
                self.emit(f"jalr {x(self.r())}, 2(x29)")
                self.lines.append(f"{lab}:")
                self.emit("c.nop")
            else:
                # misaligned jump target via jalr (bit 1 set)
                lab = self.new_label()
                self.emit(f"la x29, {lab}")
                self.emit(f"jalr {x(self.r())}, 2(x29)")
                self.lines.append(f"{lab}:")

    def program(self, items: int) -> str:
        g = self.rng
        out = [
            "# generated by core/lockstep/gen.py",
            "  .section .text.init",
            "  .global _start",
            "_start:",
            "  la x30, trap_handler",
            "  csrw mtvec, x30",
            "  la x8, data + 2048",
        ]
        for r in POOL + [9, 29, 30]:
            out.append(f"  li x{r}, {self.val()}")
        self.lines = []
        for _ in range(items):
            self.item()
        out += self.lines
        out += ["  j pass", "  .align 2", "trap_handler:"]
        if self.rvc:
            # skip 2 or 4 bytes by the trapping parcel's low bits (x31 saved in mscratch: x29
            # may hold a counter value, which differs between the models by design)
            out += ["  csrrw x31, mscratch, x31", "  csrr x30, mepc", "  lhu x31, 0(x30)",
                    "  andi x31, x31, 3", "  addi x30, x30, 2", "  addi x31, x31, -3",
                    "  bnez x31, 2f", "  addi x30, x30, 2", "2:", "  csrw mepc, x30",
                    "  csrrw x31, mscratch, x31", "  mret"]
        else:
            out += ["  csrr x30, mepc", "  addi x30, x30, 4", "  csrw mepc, x30", "  mret"]
        out += [
            "pass:",
            "  li x1, 1",
            "  la x2, tohost",
            "  sw x1, 0(x2)",
            "1: j 1b",
            '  .section .tohost, "aw"',
            "  .align 6",
            "  .global tohost",
            "tohost: .word 0, 0",
            "  .global fromhost",
            "fromhost: .word 0, 0",
            "  .data",
            "  .align 4",
            "data:",
        ]
        words = [g.getrandbits(32) for _ in range(DATA_BYTES // 4)]
        for i in range(0, len(words), 8):
            out.append("  .word " + ", ".join(f"{w:#010x}" for w in words[i:i + 8]))
        return "\n".join(out) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--items", type=int, default=2000)
    ap.add_argument("--rvc", action="store_true", help="RV32IMC program")
    ap.add_argument("--zk", action="store_true", help="with the scalar-crypto instructions")
    ap.add_argument("-o", "--out", type=Path, required=True)
    a = ap.parse_args()
    a.out.write_text(Gen(a.seed, a.rvc, a.zk).program(a.items))


if __name__ == "__main__":
    main()
