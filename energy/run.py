# SPDX-License-Identifier: Apache-2.0
"""`make energy`: toggles and energy per operation from gate-level simulation (energy/README.md).

1. The gate netlist of the default SoC (energy/netlist.py) and its simulator
   (energy/gatesim.py); the RTL harness (energy/sim/en_sim.cpp, Verilator).
2. The benchmark firmware built with energy/cases.toml (bench/run.py's case format and images)
   and fw/programs/energy_idle.
3. Per image: the RTL run finds each measured call (the window between the two `csrr mcycle`
   of the case's bracket); the gate-level run counts every net's toggles over exactly those
   cycles and the memories' accesses; both runs must print the same BENCH lines, and every
   output is checked against bench/refs.py.
4. The energy model (energy/tech.py, calibrated by energy/calib.py) turns toggles, flip-flops,
   memory accesses and cycles into energy per case and group (core, coupling, each engine, bus
   and peripherals, memories).
Writes build/energy/results.json, build/energy/results.md and, with --docs, the committed
docs/results/energy.md and energy-summary.json.

    python energy/run.py [--cases energy/cases.toml] [--out build/energy] [--docs docs/results]
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import subprocess
import sys
import time
import tomllib
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench import run as bench_run  # noqa: E402
from energy import calib, gatesim, netlist, tech  # noqa: E402
from sim.verilator import harness  # noqa: E402
from synth import run as synth  # noqa: E402

OUT = ROOT / "build" / "energy"
CASES = ROOT / "energy" / "cases.toml"
SEEDS = ROOT / "energy" / "seeds.toml"
IDLE_PROG = "energy_idle"
SRAM_BYTES = 65536          # the default SoC's program and data memories
SRAM_WIDTH = 32
MEM_GROUP = "memories"
REPORT_GROUPS = gatesim.GROUPS + (MEM_GROUP,)
BENCH = re.compile(r"^BENCH id=(\d+) cycles=(\d+) instret=(\d+) status=(-?\d+) "
                   r"crc=([0-9a-f]{8})$", re.M)


# ------------------------------------------------------------------------------- builds
def build_rtl(out: Path) -> Path:
    """The Verilator RTL model with en_sim.cpp (rebuilt when the RTL or the harness change)."""
    d = out / "sim" / "rtl"
    d.mkdir(parents=True, exist_ok=True)
    entry = netlist.soc_entry({})
    digest = synth.rtl_hash(entry)
    for f in ("energy/sim/en_sim.cpp", "energy/sim/en_sim.vlt"):
        digest += (ROOT / f).read_text()
    import hashlib
    digest = hashlib.sha256(digest.encode()).hexdigest()
    binary, stamp = d / "en_sim", d / "build.sha256"
    if binary.exists() and stamp.exists() and stamp.read_text().strip() == digest:
        return binary
    cmd = ["nice", "-n", "10", "verilator", "--cc", "--exe", "--build", "-j", "1", "-O3",
           "--x-assign", "fast", "--x-initial", "fast", "--noassert", "-Wno-fatal",
           "-Wno-lint", "-Wno-style", "--top-module", "soc_top", "-Ibuild/gen",
           "--Mdir", str(d / "obj"), "-MAKEFLAGS", "CFG_CXXFLAGS_PCH_I=-include",
           "-CFLAGS", f"-O2 -I{ROOT / 'build' / 'gen'} -I{ROOT / 'fw' / 'runtime' / 'include'} "
           "-DEN_RTL", "energy/sim/en_sim.vlt", "-f", "soc/rtl/sources.f",
           str(ROOT / "energy" / "sim" / "en_sim.cpp"), "-o", str(binary)]
    with (d / "build.log").open("w") as log:
        subprocess.run(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, check=True)
    stamp.write_text(digest + "\n")
    return binary


def build_images(cases: list[dict], out: Path) -> list[tuple[str, Path, list[dict]]]:
    """The benchmark firmware for these cases (bench/run.py's images) and the idle program."""
    imgs = []
    for name, cs in bench_run.images(cases):
        gen = out / "fw" / name
        bench_run.write_header(cs, gen)
        elf = harness.build_fw("bench", [f"BENCH_GEN={gen.resolve()}",
                                         f"BENCH_SET={name.rstrip('0123456789')}"],
                               name=f"energy-{name}")
        imgs.append((name, elf, cs))
    return imgs


# ------------------------------------------------------------------------------- runs
def run_image(name: str, elf: Path, rtl: Path, gsim: Path, work: Path,
              max_cycles: int) -> dict:
    """RTL run (windows), gate-level run (toggles per window). Returns the windows, the
    BENCH lines of both runs, the memory counts and the toggle files."""
    work.mkdir(parents=True, exist_ok=True)
    win, mem = work / "windows.txt", work / "mem.txt"
    r = subprocess.run([str(rtl), "--windows", str(win), "--max-cycles", str(max_cycles),
                        str(elf.resolve())], cwd=work, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{name}: RTL run failed ({r.returncode}): {r.stderr[-500:]}")
    t0 = time.monotonic()
    g = subprocess.run(["nice", "-n", "10", str(gsim), "--windows", str(win), "--mem", str(mem),
                        "--out-prefix", str(work / "tog"), "--max-cycles", str(max_cycles),
                        str(elf.resolve())], cwd=work, capture_output=True, text=True)
    secs = time.monotonic() - t0
    if g.returncode != 0:
        raise RuntimeError(f"{name}: gate-level run failed ({g.returncode}): {g.stderr[-500:]}")
    windows = [tuple(map(int, ln.split())) for ln in win.read_text().splitlines() if ln]
    mems = []
    for ln in mem.read_text().splitlines():
        f = ln.split()
        mems.append({"imem_read": int(f[2]), "imem_write": int(f[3]),
                     "dmem_a_read": int(f[5]), "dmem_a_write": int(f[6]),
                     "dmem_b_read": int(f[8]), "dmem_b_write": int(f[9]),
                     "dmem_c_write": int(f[11])})
    cyc = re.search(r"cycles (\d+)", g.stderr)
    return {"windows": windows, "rtl_lines": BENCH.findall(r.stdout),
            "gate_lines": BENCH.findall(g.stdout), "mem": mems,
            "toggles": [work / f"tog{k}.bin" for k in range(len(windows))],
            "gate_seconds": round(secs, 1), "sim_cycles": int(cyc.group(1)) if cyc else None}


# ------------------------------------------------------------------------------- model
class Model:
    """The energy model of energy/tech.py over the netlist's nets (gatesim categories)."""

    def __init__(self, gsim_dir: Path, cal: dict):
        self.typ = np.load(gsim_dir / "net_type.npy")
        self.grp = np.load(gsim_dir / "net_group.npy")
        # (types outside the gate set, which abc -g does not produce here, weigh nothing)
        ge_of_type = np.array([tech.GE.get(t, 0.0) for t in gatesim.TYPES])
        self.net_ge = np.where(self.typ >= 0, ge_of_type[np.maximum(self.typ, 0)], 0.0)
        ff = gatesim.TYPES.index("$_DFF_P_")
        self.groups = gatesim.GROUPS
        self.ffs = {g: int(np.count_nonzero((self.grp == k) & (self.typ == ff)))
                    for k, g in enumerate(self.groups)}
        self.ge = {g: float(self.net_ge[self.grp == k].sum()) for k, g in enumerate(self.groups)}
        self.e_ge_pj = cal["e_ge_fj_45nm"] / 1000
        self.sram_pj = tech.sram_access_pj(SRAM_BYTES, SRAM_WIDTH)

    def case(self, tog: np.ndarray, cycles: int, mem: dict) -> dict:
        """Toggles and energy (pJ at 45 nm, 0.9 V and at 65 nm, 1.2 V) per group."""
        out = {"toggles": {}, "ge_toggles": {}, "pj_45nm": {}, "pj_65nm": {}}
        for k, g in enumerate(self.groups):
            sel = self.grp == k
            t = int(tog[sel].sum())
            w = float((tog[sel] * self.net_ge[sel]).sum())
            dyn = w * self.e_ge_pj * tech.GLITCH_FACTOR
            clk = (self.ffs[g] * cycles * 2 * tech.CLOCK_PIN_GE * self.e_ge_pj
                   * (1 + tech.CLOCK_TREE_FACTOR))
            leak = self.ge[g] * tech.LEAK_NW_PER_GE * cycles / tech.CLOCK_MHZ * 1e-3
            out["toggles"][g] = t
            out["ge_toggles"][g] = round(w, 1)
            out["pj_45nm"][g] = {"switching": dyn, "clock": clk, "leakage": leak}
            out["pj_65nm"][g] = {"switching": dyn * tech.SCALE_65NM,
                                 "clock": clk * tech.SCALE_65NM, "leakage": leak}
        acc = sum(mem.values())
        out["toggles"][MEM_GROUP] = None
        out["mem_accesses"] = acc
        out["pj_45nm"][MEM_GROUP] = {"access": acc * self.sram_pj}
        out["pj_65nm"][MEM_GROUP] = {"access": acc * self.sram_pj * tech.SCALE_65NM}
        for node in ("pj_45nm", "pj_65nm"):
            for g, parts in out[node].items():
                out[node][g] = {k: round(v, 3) for k, v in parts.items()}
            out[node.replace("pj", "nj_total")] = round(
                sum(sum(p.values()) for p in out[node].values()) / 1000, 4)
        return out


def group_pj(rec: dict, node: str, groups: tuple[str, ...]) -> float:
    return sum(sum(rec[f"pj_{node}"][g].values()) for g in groups)


# ------------------------------------------------------------------------------- reports
def fmt(x, nd=2) -> str:
    if x is None:
        return "-"
    if isinstance(x, int):
        return f"{x:,}"
    return f"{x:,.{nd}f}"


def label(r: dict) -> str:
    if r["engine"] == "idle":
        return "idle (wfi)"
    return f"{r['algorithm']} {r['mode']} {r['bytes']} B"


def comparisons(records: list[dict], seeds: dict, data: dict) -> list[str]:
    """The seeds' figures beside ours (markdown lines)."""
    lines = ["## Beside the seeds", ""]
    by = {(r["engine"], r["algorithm"], r["coupling"], r["bytes"]): r for r in records
          if r.get("verified")}
    f = seeds["facv"]
    lines += ["| figure | seed | seed value | Cipher-V (model) | how compared |",
              "|---|---|---|---|---|"]
    sw = by.get(("aes", "aes-128", "sw", 16))
    hw = [r for k, r in by.items() if k[:2] == ("aes", "aes-128") and k[3] == 16
          and k[2] != "sw"]
    if sw and hw:
        best = min(hw, key=lambda r: r["nj_total_45nm"])
        ours = sw["nj_total_45nm"] / best["nj_total_45nm"]
        theirs = f["aes128_16B_uj"]["sw"] / min(v for k, v in f["aes128_16B_uj"].items()
                                                if k != "sw")
        lines.append(f"| AES-128 16 B, software / best hardware energy | FAC-V | "
                     f"{f['aes128_16B_uj']['sw']} / {min(v for k, v in f['aes128_16B_uj'].items() if k != 'sw')} uJ = {theirs:,.0f} | "
                     f"{sw['nj_total_45nm']:.3f} / {best['nj_total_45nm']:.4f} nJ "
                     f"({best['coupling']}) = {ours:,.0f} | ratio, whole SoC (ours at least "
                     f"theirs: {'yes' if ours >= theirs else 'no'}) |")
    sw4 = by.get(("aes", "aes-128", "sw", 4096))
    hw4 = [r for k, r in by.items() if k[:2] == ("aes", "aes-128") and k[3] == 4096
           and k[2] != "sw"]
    if sw4 and hw4:
        best = min(hw4, key=lambda r: r["nj_total_45nm"])
        lines.append(f"| AES-128 4 KiB, software / best hardware energy | (no seed figure) | - "
                     f"| {sw4['nj_total_45nm']:,.1f} / {best['nj_total_45nm']:,.1f} nJ "
                     f"({best['coupling']}) = {sw4['nj_total_45nm'] / best['nj_total_45nm']:,.0f}"
                     f" | ratio, whole SoC |")
    e = seeds["e203"]
    aes4k = [r for k, r in by.items() if k[:2] == ("aes", "aes-128") and k[3] == 4096
             and k[2] != "sw"]
    if aes4k:
        best = min(aes4k, key=lambda r: r["engine_pj_per_bit_65nm"])
        v = best["engine_pj_per_bit_65nm"]
        lines.append(f"| AES-128 engine alone, energy per bit | E203-NICE (65 nm, 1.2 V) | "
                     f"{e['aes_core_pj_per_bit']} pJ/bit | {v:.2f} pJ/bit (4 KiB, "
                     f"{best['coupling']}, 65 nm assumption) | engine boundary, 65 nm (ours at "
                     f"or below: {'yes' if v <= e['aes_core_pj_per_bit'] else 'no'}) |")
        mw = best["engine_mw_65nm"]
        lines.append(f"| AES engine power at 100 MHz while streaming | E203-NICE | "
                     f"{e['aes_core_mw']} mW (core), {e['coprocessor_mw']} mW (coprocessor) | "
                     f"{mw:.2f} mW (engine group over the 4 KiB call) | 65 nm, 100 MHz |")
    v = seeds["vexriscv"]
    for eng in ("prince", "present", "chacha", "sha3"):
        rs = [r for k, r in by.items() if k[0] == eng and k[3] == 4096]
        if rs:
            best = min(rs, key=lambda r: r["cycles"])
            lines.append(f"| {eng} engine power while streaming | VexRiscv-LiteX (FPGA, 75 MHz)"
                         f" | {v['engine_w'][eng] * 1000:g} mW | {best['engine_mw_65nm']:.2f} mW "
                         f"(4 KiB, {best['coupling']}, 65 nm, 100 MHz) | listed only: FPGA "
                         f"estimate against ASIC model |")
    idle = next((r for r in records if r["engine"] == "idle"), None)
    if idle:
        a = seeds["acore"]
        lines.append(f"| core running (idle loop), power | A-core (FPGA, 1 MHz) | "
                     f"{a['core_mw_at_1mhz']} mW | {idle['soc_mw_65nm']:.2f} mW whole SoC at "
                     f"100 MHz, 65 nm | listed only |")
    ar = seeds["aesrv"]
    lines.append(f"| AES unit power | AES-RV (FPGA, 241 MHz) | {ar['power_w'] * 1000:g} mW, "
                 f"{ar['mbps_per_w']:,} Mbps/W | see the AES rows above | listed only |")
    lines.append("")
    lines.append("Area beside published AES cores (our figures: the energy netlist's engine "
                 "group here; `make synth` family `asic` for every block):")
    lines.append("")
    lines.append("| design | kGE | node | source |")
    lines.append("|---|---|---|---|")
    lines.append(f"| Cipher-V AES engine (rolled, table S-boxes: the SoC's build) | "
                 f"{data['netlist']['groups']['aes']['kge']:.1f} | generic gates (Nangate 45 nm "
                 "areas) | this "
                 "netlist |")
    for a in seeds["area"]:
        lo, hi = a["kge"]
        lines.append(f"| {a['what']} | {lo if lo == hi else f'{lo}-{hi}'} | {a['node']} | "
                     f"{a['source']} |")
    return lines


def markdown(data: dict, seeds: dict) -> str:
    recs = data["records"]
    c = data["calibration"]
    m = data["model"]
    lines = ["# Energy per operation", "",
             f"Generated by `make energy` (energy/run.py): do not edit. Commit `{data['commit']}`, "
             f"{data['date']}; {len(recs)} cases, "
             f"{sum(1 for r in recs if r['verified'])} verified (output against the "
             "references, BENCH lines of the RTL and gate-level runs identical). How the model "
             "works and what it leaves out: [energy/README.md](../../energy/README.md).", "",
             "Model (energy/tech.py): every net's toggles from a zero-delay simulation of the "
             "default SoC's gate netlist over exactly the measured call, weighted by the GE of "
             f"the cell that drives it, x E_GE = {c['e_ge_fj_45nm']} fJ (calibrated: "
             f"{c['source']}, {c['ge_toggles_per_add']} GE-toggles per addition of the same "
             f"flow's 32-bit adder), glitch factor {m['glitch_factor']}; clock: every "
             f"flip-flop, 2 transitions per cycle x {m['clock_pin_ge']} GE x (1 + "
             f"{m['clock_tree_factor']} tree); memories: {m['sram_access_pj']:.1f} pJ per "
             f"32-bit access of a 64 KiB SRAM (Horowitz, interpolated); leakage "
             f"{m['leak_nw_per_ge']:.1f} nW per GE at {m['clock_mhz']:g} MHz. 45 nm figures "
             f"at 0.9 V; 65 nm = x {m['scale_65nm']:.2f} (C with the node, V^2 at 1.2 V), "
             "leakage unchanged.", "",
             f"Energy netlist: {data['netlist']['kge']:.1f} kGE, "
             f"{data['netlist']['ffs']:,} flip-flops, "
             f"{data['netlist']['sram_bits']:,} SRAM bits; per group: "
             + ", ".join(f"{g} {data['netlist']['groups'][g]['kge']:.1f} kGE / "
                         f"{data['netlist']['groups'][g]['ffs']:,} FF"
                         for g in gatesim.GROUPS) + ".", "",
             "## Per case (whole SoC)", "",
             "| case | coupling | cycles | toggles (all nets) | nJ 45 nm | nJ 65 nm | "
             "pJ/bit 65 nm | core | coupling | engine | bus | memories | leakage |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in recs:
        split = r["split_65nm"]
        lines.append("| " + " | ".join([
            label(r), r["coupling"] or "-", fmt(r["cycles"]),
            fmt(sum(v for v in r["toggles"].values() if v)),
            fmt(r["nj_total_45nm"], 3), fmt(r["nj_total_65nm"], 3),
            fmt(r["soc_pj_per_bit_65nm"], 1) if r["soc_pj_per_bit_65nm"] else "-",
            *(f"{100 * split[k]:.0f}%" for k in ("core", "coupling", "engine", "bus",
                                                  "memories", "leakage"))]) + " |")
    lines += ["", "The split columns are shares of the 65 nm total. `engine` sums every engine "
              "group: the engine in use, and the others' clock and leakage (every flip-flop is "
              "clocked every cycle: the model has no clock gating); `leakage` is the leakage "
              "part of all groups."]
    lines += ["", "## Toggles per operation (exact, technology independent)", "",
              "Every net's transitions over the call, summed per group; `engine` is the engine "
              "the case uses (the others are in results.json); memory accesses are port "
              "requests of the program and data memories.", "",
              "| case | coupling | core | coupling layer | engine | other engines | bus | "
              "memory accesses |", "|---|---|---|---|---|---|---|---|"]
    for r in recs:
        t = r["toggles"]
        eng = r["engine"] if r["engine"] in gatesim.ENGINES.values() else None
        others = sum(t[e] for e in gatesim.ENGINES.values() if e != eng)
        lines.append(f"| {label(r)} | {r['coupling'] or '-'} | {fmt(t['core'])} | "
                     f"{fmt(t['coupling'])} | {fmt(t[eng]) if eng else '-'} | {fmt(others)} | "
                     f"{fmt(t['bus'])} | {fmt(r['mem_accesses'])} |")
    lines += ["", "## Engine alone (engine boundary, 65 nm assumption)", "",
              "| case | coupling | engine nJ 65 nm | engine pJ/bit | engine mW at 100 MHz | "
              "engine toggles |", "|---|---|---|---|---|---|"]
    for r in recs:
        if r["engine"] in gatesim.ENGINES.values() and r["bytes"]:
            lines.append(f"| {label(r)} | {r['coupling']} | "
                         f"{r['engine_nj_65nm']:.4f} | {r['engine_pj_per_bit_65nm']:.2f} | "
                         f"{r['engine_mw_65nm']:.2f} | {fmt(r['toggles'][r['engine']])} |")
    idle = next((r for r in recs if r["engine"] == "idle"), None)
    if idle:
        per = {g: (idle["toggles"][g] or 0) / idle["cycles"] for g in gatesim.GROUPS}
        lines += ["", "## Where an idle SoC switches", "",
                  f"The CPU in its wfi loop ({idle['cycles']:,} cycles): toggles per cycle "
                  "per group and GE-weighted toggles per cycle. A group "
                  "that switches while nothing uses it has registers loaded every cycle "
                  "(no enable) or logic fed by changing shared buses.", "",
                  "| group | kGE | flip-flops | toggles per cycle | GE-toggles per cycle |",
                  "|---|---|---|---|---|"]
        for g in gatesim.GROUPS:
            lines.append(f"| {g} | {data['netlist']['groups'][g]['kge']:.1f} | "
                         f"{data['netlist']['groups'][g]['ffs']:,} | {per[g]:,.1f} | "
                         f"{idle['ge_toggles'][g] / idle['cycles']:,.1f} |")
    lines += ["", *comparisons(recs, seeds, data), "", *asic_area(), ""]
    return "\n".join(lines)


def asic_area(results: Path = ROOT / "build" / "synth" / "results.json") -> list[str]:
    """The `asic` records of the last `make synth` (or `--family asic` run), when there are."""
    if not results.exists():
        return []
    recs = [r for r in json.loads(results.read_text()).get("records", [])
            if r.get("family") == "asic"]
    if not recs:
        return []
    lines = ["## Area of every block (`make synth`, family `asic`)", "",
             "Flattened blocks as `make synth` builds them (the standalone engine entries use "
             "their own `blocks.toml` parameters, e.g. composite-field S-boxes for aes/rolled); "
             "kGE = gates + flip-flops, memories below SRAM size as flip-flops, the SoC's "
             "SRAM macros in bits.", "",
             "| block | config | kGE | flip-flops | SRAM bits |", "|---|---|---|---|---|"]
    for r in recs:
        lines.append(f"| {r['block']} | {r['config']} | {r['kge']:,.1f} | {r['ffs']:,} | "
                     f"{r['sram_bits'] or 0:,} |")
    return lines


def write_reports(data: dict, out: Path, docs: Path | None) -> str:
    """results.md and, with docs, docs/results/energy.md and energy-summary.json."""
    md = markdown(data, tomllib.loads(SEEDS.read_text()))
    (out / "results.md").write_text(md + "\n")
    if docs:
        docs.mkdir(parents=True, exist_ok=True)
        (docs / "energy.md").write_text(md + "\n")
        summ = {k: data[k] for k in ("generated_by", "commit", "date", "calibration", "model",
                                     "netlist")}
        summ["records"] = [{k: r.get(k) for k in (
            "engine", "algorithm", "mode", "coupling", "bytes", "cycles", "verified",
            "toggles", "nj_total_45nm", "nj_total_65nm", "soc_pj_per_bit_65nm",
            "engine_pj_per_bit_65nm", "engine_mw_65nm", "soc_mw_65nm")} for r in data["records"]]
        (docs / "energy-summary.json").write_text(json.dumps(summ, indent=1) + "\n")
    return md


def summarize_case(case: dict, rec: dict, model: Model) -> dict:
    """Derived figures of one case record."""
    node = "65nm"
    tot = rec[f"nj_total_{node}"] * 1000
    eng = case["engine"]
    engines = tuple(gatesim.ENGINES.values())
    parts = {"core": group_pj(rec, node, ("core",)),
             "coupling": group_pj(rec, node, ("coupling",)),
             "engine": group_pj(rec, node, engines),
             "bus": group_pj(rec, node, ("bus",)),
             "memories": group_pj(rec, node, (MEM_GROUP,))}
    leak = sum(rec[f"pj_{node}"][g].get("leakage", 0) for g in model.groups)
    rec["split_65nm"] = {k: (v / tot if tot else 0) for k, v in parts.items()}
    rec["split_65nm"]["leakage"] = leak / tot if tot else 0
    bits = (case["bytes"] or 0) * 8
    rec["soc_pj_per_bit_65nm"] = round(tot / bits, 3) if bits else None
    if eng in engines:
        e = group_pj(rec, node, (eng,))
        rec["engine_nj_65nm"] = round(e / 1000, 5)
        rec["engine_pj_per_bit_65nm"] = round(e / bits, 3) if bits else None
        # power over the call at CLOCK_MHZ: pJ / (cycles / MHz us) = uW ... in mW
        rec["engine_mw_65nm"] = round(e / (rec["cycles"] / tech.CLOCK_MHZ) * 1e-3, 4)
    rec["soc_mw_65nm"] = round(tot / (rec["cycles"] / tech.CLOCK_MHZ) * 1e-3, 4)
    return rec


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=Path, default=CASES)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--docs", type=Path, help="also write docs/results/energy.md (make energy)")
    ap.add_argument("--no-idle", action="store_true", help="leave out the idle program")
    ap.add_argument("--max-cycles", type=int, default=20_000_000)
    ap.add_argument("--report", action="store_true",
                    help="run nothing: write the reports again from <out>/results.json")
    args = ap.parse_args(argv)
    if args.report:
        data = json.loads((args.out / "results.json").read_text())
        write_reports(data, args.out, args.docs)
        return 0
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    synth.ensure_gen()
    cal = calib.calibrate(out / "calib")
    print(f"energy: E_GE {cal['e_ge_fj_45nm']} fJ at 45 nm ({cal['ge_toggles_per_add']} "
          f"GE-toggles per 32-bit addition)", flush=True)
    nl = netlist.build({}, out / "netlist")
    gsim, _ = gatesim.build(nl, out / "gsim")
    rtl = build_rtl(out)
    print(f"energy: netlist, gate simulator and RTL model ready "
          f"({time.monotonic() - t0:.0f} s)", flush=True)
    model = Model(out / "gsim", cal)
    cases = bench_run.load_cases(args.cases)
    images = build_images(cases, out)
    if not args.no_idle:
        images.append(("idle", harness.build_fw(IDLE_PROG), [{
            "id": 0, "engine": "idle", "algorithm": None, "key_bits": None, "mode": None,
            "direction": None, "coupling": None, "call": None, "arch": "rolled",
            "dma_bits": 32, "bytes": 0, "seed": 0}]))
    from bench import refs
    records, runs = [], []
    for name, elf, cs in images:
        res = run_image(name, elf, rtl, gsim, out / "runs" / name, args.max_cycles)
        runs.append({"image": name, "cases": len(cs), "gate_seconds": res["gate_seconds"],
                     "sim_cycles": res["sim_cycles"]})
        print(f"energy: {name}: {len(cs)} cases, {res['sim_cycles']:,} cycles in "
              f"{res['gate_seconds']} s at gate level", flush=True)
        lines = {int(m[0]): m for m in res["gate_lines"]}
        same = res["rtl_lines"] == res["gate_lines"]
        if len(res["windows"]) != len(cs):
            raise RuntimeError(f"{name}: {len(res['windows'])} windows for {len(cs)} cases")
        for k, c in enumerate(cs):
            m = lines.get(c["id"])
            first, end = res["windows"][k]
            cycles = int(m[1]) if m else None
            ok = bool(m) and same and int(m[3]) == 0 and cycles == end - first
            if ok and c["engine"] != "idle":
                ok = int(m[4], 16) == (zlib.crc32(refs.expected(c)) & 0xFFFF_FFFF)
            tog = np.fromfile(res["toggles"][k], dtype=np.uint32)
            rec = {key: c.get(key) for key in ("engine", "algorithm", "key_bits", "mode",
                                               "direction", "coupling", "arch", "dma_bits",
                                               "bytes")}
            rec.update({"cycles": cycles, "window": [first, end], "verified": ok,
                        "mem": res["mem"][k], **model.case(tog, end - first, res["mem"][k])})
            records.append(summarize_case(c, rec, model))
            res["toggles"][k].unlink()
    cells = synth.cell_counts(nl / "stat.json")
    data = {
        "generated_by": "make energy (energy/run.py)", "commit": bench_run.git_commit(),
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
        "calibration": cal,
        "model": {"e_ge_fj_45nm": cal["e_ge_fj_45nm"], "glitch_factor": tech.GLITCH_FACTOR,
                  "clock_pin_ge": tech.CLOCK_PIN_GE, "clock_tree_factor": tech.CLOCK_TREE_FACTOR,
                  "sram_access_pj": tech.sram_access_pj(SRAM_BYTES, SRAM_WIDTH),
                  "leak_nw_per_ge": tech.LEAK_NW_PER_GE, "clock_mhz": tech.CLOCK_MHZ,
                  "scale_65nm": tech.SCALE_65NM, "ge": tech.GE},
        "netlist": {"kge": round(sum(model.ge.values()) / 1000, 2),
                    "ffs": sum(model.ffs.values()), "sram_bits": 2 * SRAM_BYTES * 8,
                    "cells": {k: v for k, v in cells.items() if k.startswith("$_")},
                    "groups": {g: {"kge": round(model.ge[g] / 1000, 2), "ffs": model.ffs[g]}
                               for g in model.groups}},
        "runs": runs, "records": records, "seconds": round(time.monotonic() - t0)}
    (out / "results.json").write_text(json.dumps(data, indent=1) + "\n")
    print(write_reports(data, out, args.docs))
    bad = [r for r in records if not r["verified"]]
    print(f"\nenergy: {len(records)} cases, {len(bad)} not verified, {data['seconds']} s; "
          f"{os.path.relpath(out / 'results.json', ROOT)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
