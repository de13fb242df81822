# SPDX-License-Identifier: Apache-2.0
"""Reference results for core_rvc and core_zk, from Spike and GNU binutils.

RV32C (`rvc_reference`): for every 16-bit parcel of quadrants 0-2,
  - legality from Spike (`--isa=rv32imc`): a generated program executes each parcel once, from
    a slot surrounded by zeros with every register pointing at zeroed data, and records the
    trap cause when the parcel itself traps at the slot (illegal instruction: 2); any later trap
    (the zero after it, a jump into zeros) only returns control to the loop;
  - the expansion from binutils: objdump `-M no-aliases` names each parcel (`c.addi a0,1`),
    a fixed table rewrites the name into the base instruction the RVC chapter gives as its
    expansion (`addi a0,a0,1`), and `as -march=rv32i` assembles that into the reference word
    (pc-relative targets as `.+offset`, so the word does not depend on where it sits).
Deriving it takes a couple of seconds; the result (parcel -> word, or None where Spike traps)
is cached in build/ (RVC_CACHE) and derived again when this file changes, so repeated test runs
do not run Spike and binutils. `python core/tests/isa_ref.py --rvc` derives it and says whether
the cache still matches.

Zk (`zk_reference`): a list of (assembly mnemonic and immediate, rs1, rs2) vectors becomes one
straight-line program, each vector `lw; lw; <insn>; sw`, run on Spike (`--isa=ZK_ISA`); the
results come back through Spike's signature dump, and the instruction words from the ELF.
"""
from __future__ import annotations

import argparse
import gzip
import re
import struct
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build" / "core" / "isa_ref"
RVC_CACHE = BUILD / "rvc_ref.txt.gz"
RVC_ISA = "rv32imc"
ZK_ISA = "rv32imc_zkn"
GCC = "riscv64-unknown-elf-gcc"
OBJDUMP = "riscv64-unknown-elf-objdump"
AS = "riscv64-unknown-elf-as"
CAUSE_ILLEGAL = 2
LINK_LD = ROOT / "core" / "tests" / "asm" / "link.ld"   # Spike's memory base


def _gcc(src: Path, elf: Path, march: str) -> None:
    subprocess.run([GCC, f"-march={march}", "-mabi=ilp32", "-nostdlib", "-nostartfiles",
                    "-static", "-Wl,--no-warn-rwx-segments", f"-T{LINK_LD}",
                    "-o", str(elf), str(src)], check=True)


def _spike(elf: Path, isa: str, sig: Path) -> None:
    sig.unlink(missing_ok=True)
    subprocess.run(["spike", f"--isa={isa}", "--priv=m", f"+signature={sig}",
                    "+signature-granularity=4", str(elf)], check=True, timeout=600,
                   capture_output=True)


def _signature_words(sig: Path) -> list[int]:
    return [int(line, 16) for line in sig.read_text().split()]


# ------------------------------------------------------------------------------------- RV32C

_SET_REGS = "\n".join(f"  mv x{r}, x1" for r in range(2, 32))
_ZERO_DATA = "\n".join(f"  sw zero, {4 * k}(a1)" for k in range(64))

LEGAL_PROG = """
  .equ CLINT_MTIMECMP, 0x02004000
  .equ CLINT_MTIME, 0x0200bff8
  .section .text.init, "ax"
  .globl _start
_start:
  la t0, trap
  csrw mtvec, t0
  li t0, 0x1800
  csrs mstatus, t0              # mret stays in M-mode
  li t0, 0x80
  csrs mie, t0                  # MTIE
next:
  la t0, idx
  lw t1, 0(t0)
  li t2, NWORDS
  bgeu t1, t2, done
  la t5, slot
  la t3, words
  slli t4, t1, 2
  add t3, t3, t4
  lw t3, 0(t3)
  sw t3, 0(t5)                  # a parcel's upper half is 0: illegal behind it
  la t6, res
  add t6, t6, t1
  li a0, 0xff                   # no trap at the slot
  sb a0, 0(t6)
  la a1, data                   # c.sw / c.swsp reach data + 252 at most
ZERO_DATA
  fence.i
  li a3, CLINT_MTIME            # a jump or branch to itself is caught by the timer, taken at
  lw a4, 0(a3)                  # the slot like a trap: mtimecmp = mtime + 100, which Spike's
  lw a5, 4(a3)                  # clint reaches two 5000-instruction quanta later, far behind
  addi a6, a4, 100              # the one instruction that runs from the slot otherwise
  sltu a7, a6, a4
  add a5, a5, a7
  li a3, CLINT_MTIMECMP
  li a4, -1
  sw a4, 4(a3)
  sw a6, 0(a3)
  sw a5, 4(a3)
  li a3, 0x80
  csrs mstatus, a3              # MPIE: interrupts on after mret
  csrw mepc, t5
  la x1, data
SET_REGS
  mret
trap:
  li t0, CLINT_MTIMECMP
  li t1, -1
  sw t1, 4(t0)
  csrr t0, mepc
  la t1, slot
  bne t0, t1, 3f
  csrr t2, mcause
  la t3, idx
  lw t4, 0(t3)
  la t5, res
  add t5, t5, t4
  sb t2, 0(t5)
3:
  la t0, idx
  lw t1, 0(t0)
  addi t1, t1, 1
  sw t1, 0(t0)
  j next
done:
  la t0, tohost
  li t1, 1
  sw t1, 0(t0)
4:
  j 4b

  .balign 4096
  .skip 4096
slot:
  .skip 4096
data:
  .skip 4096

  .data
  .balign 64
  .globl tohost
tohost: .dword 0
fromhost: .dword 0
idx: .word 0
words:
WORDS
  .balign 16
  .globl begin_signature
begin_signature:
res: .skip RESBYTES
  .globl end_signature
end_signature:
"""


def legal_spike(words: list[int], isa: str, name: str) -> list[bool]:
    """For each instruction word (a 16-bit parcel as a word with upper half 0): does Spike
    with `isa` execute it without an illegal-instruction trap? Each runs once from a slot with
    zeros around it and every register pointing at zeroed data, so whatever it does next traps
    at once; only a trap at the slot itself counts."""
    BUILD.mkdir(parents=True, exist_ok=True)
    src, elf, sig = BUILD / f"{name}.S", BUILD / f"{name}.elf", BUILD / f"{name}.sig"
    resbytes = -(-len(words) // 16) * 16
    src.write_text(LEGAL_PROG.replace("NWORDS", str(len(words)))
                   .replace("ZERO_DATA", _ZERO_DATA).replace("SET_REGS", _SET_REGS)
                   .replace("RESBYTES", str(resbytes))
                   .replace("WORDS", "".join(f"  .word 0x{w:08x}\n" for w in words)))
    _gcc(src, elf, "rv32im_zicsr_zifencei")
    _spike(elf, isa, sig)
    raw = b"".join(struct.pack("<I", w) for w in _signature_words(sig))
    return [raw[k] != CAUSE_ILLEGAL for k in range(len(words))]


def rvc_legal_spike() -> dict[int, bool]:
    """Parcel -> legal, for every parcel of quadrants 0-2, from Spike."""
    parcels = [p for p in range(65536) if p & 3 != 3]
    return dict(zip(parcels, legal_spike(parcels, RVC_ISA, "rvc_legal")))


# objdump's compressed name -> the base instruction, as a format over the operands.
_EXPAND = {
    "c.addi4spn": "addi {0},{1},{2}", "c.lw": "lw {0},{1}", "c.sw": "sw {0},{1}",
    "c.addi": "addi {0},{0},{1}", "c.jal": "jal ra,{0}", "c.li": "addi {0},zero,{1}",
    "c.addi16sp": "addi {0},{0},{1}", "c.lui": "lui {0},{1}", "c.srli": "srli {0},{0},{1}",
    "c.srai": "srai {0},{0},{1}", "c.srli64": "srli {0},{0},0", "c.srai64": "srai {0},{0},0",
    "c.andi": "andi {0},{0},{1}", "c.sub": "sub {0},{0},{1}", "c.xor": "xor {0},{0},{1}",
    "c.or": "or {0},{0},{1}", "c.and": "and {0},{0},{1}", "c.j": "jal zero,{0}",
    "c.beqz": "beq {0},zero,{1}", "c.bnez": "bne {0},zero,{1}", "c.slli": "slli {0},{0},{1}",
    "c.slli64": "slli {0},{0},0", "c.lwsp": "lw {0},{1}", "c.swsp": "sw {0},{1}",
    "c.jr": "jalr zero,0({0})", "c.jalr": "jalr ra,0({0})", "c.mv": "add {0},zero,{1}",
    "c.add": "add {0},{0},{1}", "c.ebreak": "ebreak",
}
_PCREL = {"c.jal": 0, "c.j": 0, "c.beqz": 1, "c.bnez": 1}   # operand index of the target


def rvc_expand_binutils(parcels: list[int]) -> dict[int, str]:
    """Parcel -> the base instruction's assembly text (pc-relative as `.+offset`), or a
    `?name` marker for what the table does not expand (FP loads/stores, .2byte, c.unimp)."""
    BUILD.mkdir(parents=True, exist_ok=True)
    binf = BUILD / "rvc_parcels.bin"
    binf.write_bytes(b"".join(struct.pack("<H", p) for p in parcels))
    out = subprocess.run([OBJDUMP, "-D", "-b", "binary", "-m", "riscv:rv32", "-M", "no-aliases",
                          str(binf)], check=True, capture_output=True, text=True).stdout
    line_re = re.compile(r"^\s*([0-9a-f]+):\s+([0-9a-f]{4})\s+(\S+)\s*(.*)$")
    text: dict[int, str] = {}
    for line in out.splitlines():
        m = line_re.match(line)
        if not m:
            continue
        addr, parcel, name, ops = int(m.group(1), 16), int(m.group(2), 16), m.group(3), \
            m.group(4).strip()
        assert parcels[addr // 2] == parcel, line
        if name not in _EXPAND:
            text[parcel] = f"?{name}"
            continue
        args = [a.strip() for a in ops.split(",")] if ops else []
        if name in _PCREL:
            k = _PCREL[name]
            off = (int(args[k], 16) - addr) & 0xFFFF_FFFF
            off -= (1 << 32) if off >> 31 else 0
            args[k] = f".{off:+d}"
        text[parcel] = _EXPAND[name].format(*args)
    return text


def assemble_rv32i(lines: list[str]) -> list[int]:
    """One 32-bit word per line of base-ISA assembly (no compression, no relaxation)."""
    BUILD.mkdir(parents=True, exist_ok=True)
    src, obj = BUILD / "rvc_base.S", BUILD / "rvc_base.o"
    src.write_text("  .option norelax\n  .text\n" + "".join(f"  {s}\n" for s in lines))
    subprocess.run([AS, "-march=rv32i", "-mabi=ilp32", "-o", str(obj), str(src)], check=True)
    from elftools.elf.elffile import ELFFile
    with open(obj, "rb") as f:
        data = ELFFile(f).get_section_by_name(".text").data()
    assert len(data) == 4 * len(lines)
    return list(struct.unpack(f"<{len(lines)}I", data))


def rvc_reference() -> dict[int, int | None]:
    """Parcel -> expanded 32-bit word (None: illegal), every parcel of quadrants 0-2."""
    parcels = [p for p in range(65536) if p & 3 != 3]
    legal = rvc_legal_spike()
    text = rvc_expand_binutils(parcels)
    bad = [p for p in parcels if legal[p] and text.get(p, "?").startswith("?")]
    if bad:
        raise RuntimeError(f"Spike executes {len(bad)} parcels binutils does not expand, e.g. "
                           + ", ".join(f"{p:04x} ({text.get(p)})" for p in bad[:8]))
    legal_parcels = [p for p in parcels if legal[p]]
    words = assemble_rv32i([text[p] for p in legal_parcels])
    ref: dict[int, int | None] = {p: None for p in parcels}
    ref.update(zip(legal_parcels, words))
    return ref


def write_rvc_cache(ref: dict[int, int | None], path: Path = RVC_CACHE) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    body = "".join(f"{p:04x} {'illegal' if w is None else f'{w:08x}'}\n"
                   for p, w in sorted(ref.items()))
    head = (f"# core_rvc reference: parcel -> expansion; legality from spike --isa={RVC_ISA}, "
            "words from binutils. Written by core/tests/isa_ref.py --rvc.\n")
    with gzip.open(path, "wt") as f:
        f.write(head + body)


def read_rvc_cache(path: Path = RVC_CACHE) -> dict[int, int | None]:
    ref: dict[int, int | None] = {}
    with gzip.open(path, "rt") as f:
        for line in f:
            if line.startswith("#"):
                continue
            p, w = line.split()
            ref[int(p, 16)] = None if w == "illegal" else int(w, 16)
    return ref


# ---------------------------------------------------------------------------------------- Zk

def zk_reference(vectors: list[tuple[str, int, int]], name: str = "zk") -> list[tuple[int, int]]:
    """For each (instruction text with `rd, rs1[, rs2][, imm]` as `a2, a0, a1`, rs1, rs2):
    (instruction word, Spike's rd). The text uses a2 for rd, a0 for rs1, a1 for rs2."""
    BUILD.mkdir(parents=True, exist_ok=True)
    src, elf, sig = BUILD / f"{name}.S", BUILD / f"{name}.elf", BUILD / f"{name}.sig"
    body = []
    for text, _, _ in vectors:
        body.append(f"  lw a0, 0(s0)\n  lw a1, 4(s0)\n  {text}\n  sw a2, 0(s1)\n"
                    "  addi s0, s0, 8\n  addi s1, s1, 4\n")
    data = "".join(f"  .word 0x{a:08x}, 0x{b:08x}\n" for _, a, b in vectors)
    src.write_text(
        "  .section .text.init, \"ax\"\n  .globl _start\n_start:\n"
        "  la s0, vec\n  la s1, begin_signature\n  j body\n  .balign 4\nbody:\n"
        + "".join(body) +
        "  la t0, tohost\n  li t1, 1\n  sw t1, 0(t0)\n1:\n  j 1b\n"
        "  .data\n  .balign 64\n  .globl tohost\ntohost: .dword 0\nfromhost: .dword 0\n"
        f"vec:\n{data}  .balign 16\n  .globl begin_signature\nbegin_signature:\n"
        f"  .skip {4 * len(vectors)}\n  .globl end_signature\nend_signature:\n  .word 0\n")
    _gcc(src, elf, "rv32im_zicsr_zkn")
    _spike(elf, ZK_ISA, sig)
    rd = _signature_words(sig)[:len(vectors)]
    from elftools.elf.elffile import ELFFile
    with open(elf, "rb") as f:
        ef = ELFFile(f)
        text = ef.get_section_by_name(".text").data()
        body_addr = next(s["st_value"] for s in ef.get_section_by_name(".symtab").iter_symbols()
                         if s.name == "body")
        base = ef.get_section_by_name(".text")["sh_addr"]
    off = body_addr - base + 8   # lw, lw, then the instruction
    words = [struct.unpack_from("<I", text, off + 24 * k)[0] for k in range(len(vectors))]
    return list(zip(words, rd))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rvc", action="store_true", help="derive the RV32C reference again and "
                    "compare it with (or, with --write, write it to) the cache")
    ap.add_argument("--write", action="store_true")
    a = ap.parse_args()
    if a.rvc:
        ref = rvc_reference()
        legal = sum(w is not None for w in ref.values())
        print(f"rvc reference: {len(ref)} parcels, {legal} legal, {len(ref) - legal} illegal")
        if a.write:
            write_rvc_cache(ref)
            print(f"written to {RVC_CACHE.relative_to(ROOT)}")
        elif RVC_CACHE.exists():
            same = read_rvc_cache() == ref
            print("cache " + ("matches" if same else "DIFFERS"))
            return 0 if same else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
