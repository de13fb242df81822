# SPDX-License-Identifier: Apache-2.0
"""Where a firmware image loses cycles to branches, from an Icarus trace of every retirement.

    python tools/branch_profile.py ELF [--top N] [--between SYMBOL] [--max-cycles N]

The core predicts a branch from its branch target buffer, and one the buffer does not hold
statically (backward taken, forward not taken); what a wrong or late guess costs depends on the
fetch latency (core/README.md, "Costs"). So the trace, not a rule, says which branches cost: each
conditional branch the trace retires whose next retirement came more than one cycle later is
listed by site (function+offset), with its direction and outcome (whether the next retired pc is
its target), its count and the cycles lost (the gap to the next retirement, less the one cycle
of the branch itself). --between SYMBOL prints the cycles between
successive entries of SYMBOL: put noinline `mark(n)` calls around the code to time.
"""
from __future__ import annotations

import argparse
import bisect
import re
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from elftools.elf.elffile import ELFFile

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sim.icarus import run as icarus  # noqa: E402  (the repository root on the path first)

OBJDUMP = "riscv64-unknown-elf-objdump"
_INSN = re.compile(r"^\s*([0-9a-f]+):\s+[0-9a-f]+\s+(\S+)\s*(.*)$")
_TARGET = re.compile(r"\b([0-9a-f]+) <")


@dataclass
class Site:
    name: str            # function+offset
    op: str              # beq, bnez, ...
    kind: str            # "backward, taken", "forward, not taken", ...
    count: int = 0
    lost: int = 0        # cycles beyond the branch's own one


def branches(elf: Path) -> dict[int, tuple[str, int]]:
    """pc -> (mnemonic, target) of every conditional branch in the image."""
    dis = subprocess.run([OBJDUMP, "-d", str(elf)], capture_output=True, text=True,
                         check=True).stdout
    out = {}
    for line in dis.splitlines():
        m = _INSN.match(line)
        if m and m.group(2).startswith("b"):
            t = _TARGET.search(m.group(3))
            if t:
                out[int(m.group(1), 16)] = (m.group(2), int(t.group(1), 16))
    return out


def symbols(elf: Path) -> tuple[list[int], list[str]]:
    """Function start addresses (sorted) and names."""
    with open(elf, "rb") as fh:
        tab = ELFFile(fh).get_section_by_name(".symtab")
        funcs = sorted((s["st_value"], s.name) for s in tab.iter_symbols()
                       if s["st_info"]["type"] == "STT_FUNC" and s.name)
    return [a for a, _ in funcs], [n for _, n in funcs]


def locate(pc: int, addrs: list[int], names: list[str]) -> str:
    i = bisect.bisect_right(addrs, pc) - 1
    return f"{names[i]}+{pc - addrs[i]:#x}" if i >= 0 else f"{pc:#x}"


def profile(elf: Path, trace: list[tuple[int, int]]) -> list[Site]:
    """The conditional branches of trace that lost cycles, by site, most cycles lost first."""
    br = branches(elf)
    addrs, names = symbols(elf)
    sites: dict[tuple[int, bool], Site] = {}
    for (cyc, pc), (ncyc, npc) in zip(trace, trace[1:]):
        if pc not in br:
            continue
        op, target = br[pc]
        if ncyc - cyc <= 1:
            continue  # predicted right: the next instruction retired in the next cycle
        backward, taken = target < pc, npc == target
        site = sites.get((pc, taken))
        if site is None:
            kind = f"{'backward' if backward else 'forward'}, {'taken' if taken else 'not taken'}"
            site = sites[(pc, taken)] = Site(locate(pc, addrs, names), op, kind)
        site.count += 1
        site.lost += ncyc - cyc - 1
    return sorted(sites.values(), key=lambda s: (-s.lost, s.name))


def between(elf: Path, trace: list[tuple[int, int]], symbol: str) -> list[int]:
    """Cycles between successive retirements of symbol's first instruction."""
    addrs, names = symbols(elf)
    if symbol not in names:
        raise SystemExit(f"branch_profile: no function {symbol!r} in {elf}")
    entry = addrs[names.index(symbol)]
    hits = [c for c, pc in trace if pc == entry]
    return [b - a for a, b in zip(hits, hits[1:])]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("elf", type=Path)
    ap.add_argument("--top", type=int, default=30, help="sites to list (default 30)")
    ap.add_argument("--between", metavar="SYMBOL", help="cycles between entries of SYMBOL")
    ap.add_argument("--max-cycles", type=int, default=2_000_000)
    args = ap.parse_args()
    res = icarus.run(args.elf, args.max_cycles, trace=True)
    if res.cycles is None:
        print(f"branch_profile: no exit within {args.max_cycles} cycles", file=sys.stderr)
        return 1
    sites = profile(args.elf, res.trace)
    print(f"{args.elf.name}: {res.cycles} cycles, {res.instret} instructions, "
          f"{sum(s.count for s in sites)} branches that lost cycles, "
          f"{sum(s.lost for s in sites)} cycles after them")
    print(f"{'lost':>7} {'count':>6}  {'kind':20} {'op':6} site")
    for s in sites[:args.top]:
        print(f"{s.lost:7d} {s.count:6d}  {s.kind:20} {s.op:6} {s.name}")
    if args.between:
        print(f"cycles between entries of {args.between}:",
              " ".join(str(d) for d in between(args.elf, res.trace, args.between)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
