# SPDX-License-Identifier: Apache-2.0
"""Random-instruction lockstep of the core (Verilator bench) against Spike.

Generates random programs (gen.py), runs each on Spike (`--log-commits`) and on the core bench
(RVFI trace), and compares retirement by retirement: pc, instruction, trap, rd and its value,
memory address and store data. Counter reads (mcycle, minstret and their shadows) are not
compared by value. The last line printed is `lockstep: N instructions, M mismatches`.
`--rvc` runs RV32IMC programs on the core built with the C extension (Spike `--isa=rv32imc`),
`--zk` adds the scalar-crypto instructions on the core built with ZK = 1 (Spike `..._zkn`).
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from core.lockstep.gen import Gen  # noqa: E402
from core.tests import coresim  # noqa: E402

BUILD = ROOT / "build" / "core" / "lockstep"
COUNTER_CSRS = {0xB00, 0xB02, 0xB80, 0xB82, 0xC00, 0xC02, 0xC80, 0xC82}
COMMIT = re.compile(r"^core\s+\d+: 3 0x([0-9a-f]+) \(0x([0-9a-f]+)\)(.*)$")
EXC = re.compile(r"^core\s+\d+: exception (\w+), epc 0x([0-9a-f]+)")
ITEMS_PER_PROGRAM = 12000  # about 30k retired instructions each


class Rec:
    """One retirement: a trap (pc only) or a committed instruction."""

    def __init__(self, pc: int, insn: int | None = None, trap: bool = False, rd: int = 0,
                 val: int = 0, maddr: int | None = None, sdata: int | None = None,
                 ssize: int = 0) -> None:
        self.pc, self.insn, self.trap, self.rd, self.val = pc, insn, trap, rd, val
        self.maddr, self.sdata, self.ssize = maddr, sdata, ssize

    def __str__(self) -> str:
        if self.trap:
            return f"pc={self.pc:08x} TRAP"
        s = f"pc={self.pc:08x} insn={self.insn:08x}"
        if self.rd:
            s += f" x{self.rd}={self.val:08x}"
        if self.maddr is not None:
            s += f" mem={self.maddr:08x}"
        if self.sdata is not None:
            s += f" sdata={self.sdata:0{2 * self.ssize}x}"
        return s


def parse_spike(log: Path, tohost: int) -> list[Rec]:
    recs: list[Rec] = []
    started = False
    for line in log.read_text().splitlines():
        m = COMMIT.match(line)
        if m:
            pc, insn = int(m.group(1), 16), int(m.group(2), 16)
            if not started:
                if pc != 0x8000_0000:
                    continue
                started = True
            rest = m.group(3).split()
            rec = Rec(pc, insn)
            i = 0
            while i < len(rest):
                tok = rest[i]
                if re.fullmatch(r"x\d+", tok):
                    rec.rd, rec.val = int(tok[1:]), int(rest[i + 1], 16)
                    i += 2
                elif tok == "mem":
                    rec.maddr = int(rest[i + 1], 16)
                    i += 2
                    if i < len(rest) and rest[i].startswith("0x"):
                        rec.sdata = int(rest[i], 16)
                        rec.ssize = (len(rest[i]) - 2) // 2
                        i += 1
                else:
                    i += 2   # a CSR write: name value
            recs.append(rec)
            if rec.sdata is not None and rec.maddr == tohost:
                break
            continue
        m = EXC.match(line)
        if m and started:
            recs.append(Rec(int(m.group(2), 16), trap=True))
    return recs


def is_mem(insn: int) -> bool:
    """A load or store, 32-bit or compressed (c.lw, c.sw, c.lwsp, c.swsp)."""
    if insn & 3 == 3:
        return insn & 0x7F in (0x03, 0x23)
    return insn & 3 in (0, 2) and (insn >> 13) & 7 in (2, 6)


def parse_core(trace: Path) -> list[Rec]:
    recs = []
    for line in trace.read_text().splitlines():
        f = line.split()
        pc, insn, trap, rd, val = int(f[0], 16), int(f[1], 16), f[2] == "1", int(f[3]), \
            int(f[4], 16)
        maddr, wmask, wdata = int(f[5], 16), int(f[6], 16), int(f[7], 16)
        if trap:
            recs.append(Rec(pc, trap=True))
            continue
        rec = Rec(pc, insn, rd=rd, val=val)
        if is_mem(insn):
            rec.maddr = maddr
        if wmask:
            size = bin(wmask).count("1")
            rec.ssize = size
            rec.sdata = wdata & ((1 << (8 * size)) - 1)
        recs.append(rec)
    return recs


def same(a: Rec, b: Rec) -> bool:
    if a.trap or b.trap:
        return a.trap == b.trap and a.pc == b.pc
    if (a.pc, a.insn, a.rd, a.maddr, a.sdata) != (b.pc, b.insn, b.rd, b.maddr, b.sdata):
        return False
    is_counter = (a.insn & 0x7F) == 0x73 and (a.insn >> 12) & 3 and (a.insn >> 20) in COUNTER_CSRS
    return is_counter or a.rd == 0 or a.val == b.val


def report(spike: list[Rec], core: list[Rec], i: int) -> None:
    lo, hi = max(0, i - 6), i + 4
    print(f"first mismatch at retirement {i}:")
    print(f"  spike: {spike[i] if i < len(spike) else '(end of trace)'}")
    print(f"  core : {core[i] if i < len(core) else '(end of trace)'}")
    print("spike trace around it:")
    for k in range(lo, min(hi, len(spike))):
        print(f"  {'>' if k == i else ' '} {k:7d} {spike[k]}")
    print("core trace around it:")
    for k in range(lo, min(hi, len(core))):
        print(f"  {'>' if k == i else ' '} {k:7d} {core[k]}")


def run_one(seed: int, items: int, stall: bool, keep: bool, rvc: bool = False,
            zk: bool = False) -> tuple[int, int]:
    """Returns (compared retirements, mismatches: 0 or 1)."""
    BUILD.mkdir(parents=True, exist_ok=True)
    tag = ("c" if rvc else "") + ("k" if zk else "") + f"{seed}"
    src = BUILD / f"prog_{tag}.S"
    src.write_text(Gen(seed, rvc, zk).program(items))
    prog = coresim.compile_asm(src, name=f"lockstep_{tag}", rvc=rvc, zk=zk)
    log = BUILD / f"spike_{tag}.log"
    isa = "rv32im" + ("c" if rvc else "") + "_zicntr" + ("_zkn" if zk else "")
    with open(log, "w") as f:
        subprocess.run(["spike", f"--isa={isa}", "--priv=m", "--log-commits", "-l",
                        "-m0x80000000:0x40000", str(prog.elf)], stdout=f, stderr=subprocess.STDOUT,
                       timeout=600, check=False)
    trace = BUILD / f"core_{tag}.trace"
    res = coresim.run(prog, trace=trace, plusargs=["+cpi_err=1", f"+seed={seed}",
                                                  f"+stall={int(stall)}", "+max_cycles=50000000",
                                                  f"+imem_lat={1 + (seed >> 1) % 2}"], rvc=rvc,
                       zk=zk)
    spike = parse_spike(log, prog.tohost)
    core = parse_core(trace)
    if res.tohost != 1:
        print(f"seed {seed}: core did not finish: {res.output.strip()[-300:]}")
    n = min(len(spike), len(core))
    for i in range(n):
        if not same(spike[i], core[i]):
            print(f"seed {seed} (stall={int(stall)}): MISMATCH")
            report(spike, core, i)
            return i, 1
    if len(spike) != len(core):
        print(f"seed {seed}: trace lengths differ (spike {len(spike)}, core {len(core)})")
        report(spike, core, n)
        return n, 1
    if not keep:
        for p in (log, trace):
            p.unlink()
    return n, 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--insns", type=int, default=200000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", action="store_true", help="keep traces and logs")
    ap.add_argument("--rvc", action="store_true", help="RV32IMC programs on the core with C")
    ap.add_argument("--zk", action="store_true", help="scalar-crypto instructions (core ZK = 1)")
    a = ap.parse_args()
    coresim.build_verilator(a.rvc, a.zk)
    total, bad, k = 0, 0, 0
    t0 = time.time()
    while total < a.insns:
        seed = a.seed * 100003 + k
        remaining = a.insns - total
        items = max(50, min(ITEMS_PER_PROGRAM, remaining * 2 // 5))
        n, m = run_one(seed, items, stall=bool(k % 2), keep=a.keep, rvc=a.rvc, zk=a.zk)
        total += n
        bad += m
        k += 1
        if m:
            break
    print(f"({k} programs, {time.time() - t0:.1f} s)")
    print(f"lockstep: {total} instructions, {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
