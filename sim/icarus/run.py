# SPDX-License-Identifier: Apache-2.0
"""Run one firmware ELF on the SoC under Icarus Verilog (the cross-check of the Verilator harness).

    python -m sim.icarus.run build/fw/test_printf/test_printf.elf [--max-cycles N]

The ELF's loadable segments become $readmemh images (+imem=, +dmem=) exactly as the Verilator
harness passes them. Exit status: the firmware's exit code; 124 on timeout.
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from elftools.elf.elffile import ELFFile

from sim.cocotb_run import read_filelist
from sim.verilator.harness import locked

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build" / "sim" / "icarus"
GEN_VH = ROOT / "build" / "gen" / "soc_memmap.vh"


def _regions() -> dict[str, tuple[int, int]]:
    """(base, size) of imem and dmem from soc/memmap.toml (the SoC's default sizes)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import memmap  # noqa: PLC0415  (tools/ is not a package)

    return {r["name"]: (r["base"], r["size"]) for r in memmap.load()["regions"]
            if r["name"] in ("imem", "dmem")}


def elf_to_hex(elf: Path, out_dir: Path) -> dict[str, Path]:
    """Write imem.hex and dmem.hex (32-bit little-endian words, from word 0)."""
    regions = _regions()
    mems = {name: (regions[name], bytearray(regions[name][1])) for name in ("imem", "dmem")}
    used = {"imem": 0, "dmem": 0}
    with open(elf, "rb") as fh:
        for seg in ELFFile(fh).iter_segments():
            if seg["p_type"] != "PT_LOAD" or seg["p_filesz"] == 0:
                continue
            addr, data = seg["p_paddr"], seg.data()
            for name, ((base, size), buf) in mems.items():
                if base <= addr and addr - base + len(data) <= size:
                    buf[addr - base:addr - base + len(data)] = data
                    used[name] = max(used[name], addr - base + len(data))
                    break
            else:
                raise ValueError(f"segment at {addr:#x} is outside imem and dmem")
    paths = {}
    for name, (_, buf) in mems.items():
        words = (used[name] + 3) // 4
        path = out_dir / f"{name}.hex"
        path.write_text("@0\n" + "".join(
            f"{int.from_bytes(buf[4 * i:4 * i + 4], 'little'):08x}\n" for i in range(words)))
        paths[name] = path
    return paths


def build() -> Path:
    """Compile the SoC and the testbench with iverilog (once per RTL change). Under a lock, and
    written under a temporary name, so a parallel pytest worker never runs a half-written or
    stale image (it did: a cross-check failed at once while another worker compiled)."""
    BUILD.mkdir(parents=True, exist_ok=True)
    vvp = BUILD / "tb_soc.vvp"
    with locked("icarus-soc"):
        if not GEN_VH.exists():
            subprocess.run([sys.executable, str(ROOT / "tools" / "memmap.py")], check=True,
                           cwd=ROOT)
        sources = [str(p) for p in read_filelist("soc/rtl/sources.f")]
        sources.append(str(ROOT / "sim" / "icarus" / "tb_soc.v"))
        newest = max(Path(s).stat().st_mtime for s in sources + [str(GEN_VH)])
        if not vvp.exists() or vvp.stat().st_mtime < newest:
            tmp = vvp.with_suffix(".vvp.tmp")
            subprocess.run(["iverilog", "-g2012", "-o", str(tmp), "-I",
                            str(ROOT / "build" / "gen"), "-s", "tb_soc", *sources], check=True,
                           cwd=ROOT)
            tmp.replace(vvp)
    return vvp


@dataclass
class IcarusResult:
    returncode: int
    stdout: str
    cycles: int | None
    instret: int | None
    trace: list[tuple[int, int]] = field(default_factory=list)  # (cycle, pc) per retirement


_TRACE_LINE = re.compile(r"@R (\d+) ([0-9a-f]{8})\n")


def run(elf: Path, max_cycles: int = 1_000_000, trace: bool = False) -> IcarusResult:
    """trace: also return the cycle and pc of every retired instruction (+trace)."""
    vvp = build()
    with tempfile.TemporaryDirectory() as tmp:
        hexes = elf_to_hex(elf, Path(tmp))
        res = subprocess.run(["vvp", "-n", str(vvp), f"+imem={hexes['imem']}",
                              f"+dmem={hexes['dmem']}", f"+max_cycles={max_cycles}",
                              *(["+trace"] if trace else [])],
                             capture_output=True, text=True, cwd=ROOT)
    out = res.stdout
    retired = [(int(c), int(p, 16)) for c, p in _TRACE_LINE.findall(out)] if trace else []
    if trace:
        out = _TRACE_LINE.sub("", out)
    m = re.search(r"^EXIT (\d+) CYCLES (\d+) INSTRET (\d+)$", out, re.M)
    if not m:
        # the cycle limit: no counts (cycles None), the testbench's TIMEOUT line left out
        t = re.search(r"^TIMEOUT after \d+ cycles\n?", out, re.M)
        return IcarusResult(124, out[:t.start()] if t else out, None, None, retired)
    code = int(m.group(1))
    # the UART text is everything before the EXIT line, minus the simulator's own messages
    text = out[:m.start()]
    text = "\n".join(l for l in text.split("\n") if not l.startswith(("VCD info", "WARNING")))
    return IcarusResult(code, text, int(m.group(2)), int(m.group(3)), retired)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("elf", type=Path)
    ap.add_argument("--max-cycles", type=int, default=1_000_000)
    args = ap.parse_args()
    res = run(args.elf, args.max_cycles)
    sys.stdout.write(res.stdout)
    if res.cycles is None:
        print(f"icarus: stopped: TIMEOUT: cycle limit reached, no exit after {args.max_cycles} "
              "cycles (--max-cycles)", file=sys.stderr)
    else:
        print(f"icarus: stopped: the firmware exited with code {res.returncode}", file=sys.stderr)
    print(f"icarus: exit {res.returncode}, cycles {res.cycles}, instret {res.instret}",
          file=sys.stderr)
    return res.returncode


if __name__ == "__main__":
    sys.exit(main())
