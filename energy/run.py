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
import concurrent.futures
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
# The AES engine's ASIC build, measured on the AES hardware cases beside the SoC's own build:
# composite-field S-boxes, the engine's choice for an ASIC (engines/aes/README.md); the SoC
# builds table S-boxes (block-RAM round tables on an FPGA), which a standard-cell flow maps to
# gates (energy.md's area table).
ASIC_AES_PARAMS = {"AES_SBOX": 1}
BENCH = re.compile(r"^BENCH id=(\d+) cycles=(\d+) instret=(\d+) status=(-?\d+) "
                   r"crc=([0-9a-f]{8})$", re.M)


# ------------------------------------------------------------------------------- builds
def build_rtl(out: Path, params: dict[str, int] | None = None) -> Path:
    """The Verilator RTL model with en_sim.cpp (rebuilt when the RTL or the harness change),
    soc_top with params overridden."""
    params = params or {}
    d = out / "sim" / "rtl"
    d.mkdir(parents=True, exist_ok=True)
    entry = netlist.soc_entry(params)
    digest = synth.rtl_hash(entry) + json.dumps(params, sort_keys=True)
    for f in ("energy/sim/en_sim.cpp", "energy/sim/en_sim.vlt"):
        digest += (ROOT / f).read_text()
    import hashlib
    digest = hashlib.sha256(digest.encode()).hexdigest()
    binary, stamp = d / "en_sim", d / "build.sha256"
    if binary.exists() and stamp.exists() and stamp.read_text().strip() == digest:
        return binary
    cmd = ["verilator", "--cc", "--exe", "--build", "-j", "1", "-O3",
           "--x-assign", "fast", "--x-initial", "fast", "--noassert", "-Wno-fatal",
           "-Wno-lint", "-Wno-style", "--top-module", "soc_top", "-Ibuild/gen",
           *(f"-G{k}={v}" for k, v in params.items()),
           "--Mdir", str(d / "obj"), "-MAKEFLAGS", "CFG_CXXFLAGS_PCH_I=-include",
           "-CFLAGS", f"-O2 -I{ROOT / 'build' / 'gen'} -I{ROOT / 'fw' / 'runtime' / 'include'} "
           "-DEN_RTL", "energy/sim/en_sim.vlt", "-f", "soc/rtl/sources.f",
           str(ROOT / "energy" / "sim" / "en_sim.cpp"), "-o", str(binary)]
    with (d / "build.log").open("w") as log:
        subprocess.run(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, check=True)
    stamp.write_text(digest + "\n")
    return binary


def build_images(cases: list[dict], out: Path, fw_vars: list[str] | None = None,
                 prefix: str = "") -> list[tuple[str, Path, list[dict]]]:
    """The benchmark firmware for these cases (bench/run.py's images), with the
    configuration's firmware make variables (FW_ZK=1 for the isa coupling); prefix names a
    configuration's firmware builds apart from the default's."""
    imgs = []
    for name, cs in bench_run.images(cases):
        gen = out / "fw" / name
        bench_run.write_header(cs, gen)
        elf = harness.build_fw("bench", [f"BENCH_GEN={gen.resolve()}",
                                         f"BENCH_SET={name.rstrip('0123456789')}",
                                         *(fw_vars or [])],
                               name=f"energy-{prefix}{name}")
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
    g = subprocess.run([str(gsim), "--windows", str(win), "--mem", str(mem),
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
            "enables": [work / f"tog{k}.en.bin" for k in range(len(windows))],
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
        # Clock-gated register banks (energy/tech.py CLOCK_GATING): per group, the enable nets
        # (indices into the harness's GSIM_EN) shared by at least CG_MIN_BITS flops, and how
        # many flops each clocks; the group's other flops are clocked every cycle. Without
        # the simulator's enable map (ff_group.npy, ff_enable.npy) every flop is ungated.
        if (gsim_dir / "ff_enable.npy").exists():
            ff_grp = np.load(gsim_dir / "ff_group.npy")
            ff_en = np.load(gsim_dir / "ff_enable.npy")
        else:
            ff_grp = self.grp[self.typ == ff]
            ff_en = np.full(ff_grp.size, -1, np.int32)
        self.banks: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self.ungated: dict[str, int] = {}
        for k, g in enumerate(self.groups):
            en = ff_en[ff_grp == k]
            nets, size = np.unique(en[en >= 0], return_counts=True)
            keep = size >= tech.CG_MIN_BITS
            self.banks[g] = (nets[keep], size[keep])
            self.ungated[g] = int(np.count_nonzero(ff_grp == k) - size[keep].sum())
            if tech.CLOCK_GATING:
                self.ge[g] += tech.ICG_GE * int(keep.sum())
        self.e_ge_pj = cal["e_ge_fj_45nm"] / 1000
        self.sram_pj = tech.sram_access_pj(SRAM_BYTES, SRAM_WIDTH)

    def clock_pins(self, g: str, cycles: int, en_hi: np.ndarray | None) -> float:
        """Flip-flop clock pins clocked over the call in group g (pin x cycles): with clock
        gating and the enable counts, the ungated flops every cycle, each bank's flops in the
        cycles its enable was high, each bank's ICG every cycle; else every flop every cycle."""
        if not tech.CLOCK_GATING or en_hi is None:
            return float(self.ffs[g] * cycles)
        nets, size = self.banks[g]
        return float(self.ungated[g] * cycles + (size * en_hi[nets].astype(np.int64)).sum()
                     + tech.ICG_CLOCK_PINS * nets.size * cycles)

    def case(self, tog: np.ndarray, cycles: int, mem: dict,
             en_hi: np.ndarray | None = None) -> dict:
        """Toggles and energy (pJ at 45 nm, 0.9 V and at 65 nm, 1.2 V) per group. en_hi: per
        enable net, the cycles it was high (the harness's .en.bin)."""
        out = {"toggles": {}, "ge_toggles": {}, "pj_45nm": {}, "pj_65nm": {},
               "clock_pin_cycles": {}, "clock_ungated_pj_45nm": {}}
        for k, g in enumerate(self.groups):
            sel = self.grp == k
            t = int(tog[sel].sum())
            w = float((tog[sel] * self.net_ge[sel]).sum())
            dyn = w * self.e_ge_pj * tech.GLITCH_FACTOR
            per_pin = 2 * tech.CLOCK_PIN_GE * self.e_ge_pj * (1 + tech.CLOCK_TREE_FACTOR)
            pins = self.clock_pins(g, cycles, en_hi)
            clk = pins * per_pin
            out["clock_pin_cycles"][g] = round(pins)
            out["clock_ungated_pj_45nm"][g] = round(self.ffs[g] * cycles * per_pin, 3)
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


def seed_cycles(key: tuple[str, str, str, int]) -> int | None:
    """FAC-V's cycle count of the benchmark case (engine, algorithm, coupling, bytes), from
    the benchmark's seed figures (bench/seeds.toml)."""
    figs = tomllib.loads((ROOT / "bench" / "seeds.toml").read_text()).get("figure", [])
    for f in figs:
        m = f.get("match", {})
        if f.get("seed") == "FAC-V" and (m.get("engine"), m.get("algorithm"), m.get("coupling"),
                                         m.get("bytes")) == key and "call" not in m:
            c = f.get("cycles")
            return c if isinstance(c, int) else None
    return None


def comparisons(records: list[dict], seeds: dict, data: dict) -> list[str]:
    """The seeds' figures beside ours, and the area beside published AES cores (markdown
    lines)."""
    lines = ["## Beside the seeds", "", *seed_energy_rows(records, seeds), ""]
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


def seed_energy_rows(records: list[dict], seeds: dict) -> list[str]:
    """The seeds' power and energy figures (energy/seeds.toml) beside ours: a markdown table
    (energy.md, and bench.md's comparison from energy-summary.json)."""
    lines = []
    asic = [r for r in records if r.get("build") == "aes-asic" and r.get("verified")]
    records = [r for r in records if r.get("build", "default") == "default"]
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
                     f"({best['coupling']}) = {ours:,.0f}"
                     + (f" (no CG: {sw['nj_total_45nm_nocg'] / best['nj_total_45nm_nocg']:,.0f})"
                        if sw.get("nj_total_45nm_nocg") and best.get("nj_total_45nm_nocg")
                        else "")
                     + f" | ratio, whole SoC (ours at least theirs: "
                     f"{'yes' if ours >= theirs else 'no'}) |")
        swc = seed_cycles(("aes", "aes-128", "sw", 16))
        if swc and sw.get("cycles"):
            lines.append(
                f"| AES-128 16 B in software, cycles (why the ratios differ) | FAC-V | "
                f"{swc:,} cycles | {sw['cycles']:,} cycles: {swc / sw['cycles']:,.0f}x fewer; "
                f"at FAC-V's software cycle count and our software's energy per cycle, the "
                f"ratio would be {ours * swc / sw['cycles']:,.0f} | the ratio is mostly the "
                f"software's length: FAC-V's software AES is {swc / sw['cycles']:,.0f}x slower "
                f"(bench/seeds.toml) |")
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

    def per_bit_row(build: str, recs: list[dict], mw: str = "") -> dict:
        """The E203-NICE energy-per-bit row of the 4 KiB record of recs with the least pJ/bit
        (build names the AES build; mw, a power figure to add); returns that record."""
        best = min(recs, key=lambda r: r["engine_pj_per_bit_65nm"])
        v = best["engine_pj_per_bit_65nm"]
        lines.append(f"| AES-128 engine alone, energy per bit{build} | E203-NICE (65 nm, 1.2 V) | "
                     f"{e['aes_core_pj_per_bit']} pJ/bit | {v:.2f} pJ/bit (4 KiB, "
                     f"{best['coupling']}, 65 nm assumption"
                     + (f"; no CG: {best['engine_pj_per_bit_65nm_nocg']:.2f}"
                        if best.get("engine_pj_per_bit_65nm_nocg") else "")
                     + f"){mw} | engine boundary, 65 nm (ours at "
                     f"or below: {'yes' if v <= e['aes_core_pj_per_bit'] else 'no'}) |")
        return best

    if hw4:
        best = per_bit_row("", hw4)
        mw = best["engine_mw_65nm"]
        lines.append(f"| AES engine power at 100 MHz while streaming | E203-NICE | "
                     f"{e['aes_core_mw']} mW (core), {e['coprocessor_mw']} mW (coprocessor) | "
                     f"{mw:.2f} mW (engine group over the 4 KiB call) | 65 nm, 100 MHz |")
    a4k = [r for r in asic if r["algorithm"] == "aes-128" and r["bytes"] == 4096]
    if a4k:
        best = min(a4k, key=lambda r: r["engine_pj_per_bit_65nm"])
        per_bit_row(", the engine's ASIC build (composite-field S-boxes)", a4k,
                    f"; {best['engine_mw_65nm']:.2f} mW")
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
    return lines


def asic_aes_lines(data: dict) -> list[str]:
    """The AES hardware cases on the AES engine's ASIC build (composite-field S-boxes)."""
    recs = [r for r in data["records"] if r.get("build") == "aes-asic"]
    a = data.get("asic_aes")
    if not recs or not a:
        return []
    key = lambda r: (r["algorithm"], r["coupling"], r["bytes"])  # noqa: E731
    base = {key(r): r["cycles"] for r in data["records"] if r.get("build", "default") == "default"}
    differ = sum(1 for r in recs if base.get(key(r)) != r["cycles"])
    lines = ["## AES engine, ASIC build (composite-field S-boxes)", "",
             "The same AES cases on the SoC built with "
             + ", ".join(f"`{k}={v}`" for k, v in a["params"].items())
             + ": the engine's S-boxes in GF((2^4)^2) logic, its choice for an ASIC "
             "(engines/aes/README.md), where the SoC's own build keeps table S-boxes for the "
             "FPGA's block RAM, which this flow maps to gates. Engine group: "
             f"{a['aes']['kge']:.1f} kGE, {a['aes']['ffs']:,} flip-flops "
             f"({a['aes']['gated_ffs']:,} in {a['aes']['banks']:,} gated banks). "
             + ("Cycle counts: the default build's in every case." if not differ else
                f"Cycle counts differ from the default build's in {differ} cases."), "",
             "| case | coupling | cycles | verified | whole SoC nJ 65 nm | engine nJ 65 nm | "
             "engine pJ/bit | engine pJ/bit no CG | engine mW at 100 MHz | engine toggles |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for r in recs:
        lines.append(f"| {label(r)} | {r['coupling']} | {fmt(r['cycles'])} | "
                     f"{'yes' if r['verified'] else 'no'} | {fmt(r['nj_total_65nm'], 3)} | "
                     f"{r['engine_nj_65nm']:.4f} | {r['engine_pj_per_bit_65nm']:.2f} | "
                     f"{fmt(r.get('engine_pj_per_bit_65nm_nocg'))} | "
                     f"{r['engine_mw_65nm']:.2f} | {fmt(r['toggles']['aes'])} |")
    return lines + [""]


def where(r: dict) -> str:
    """The coupling column: the backend, and the SoC configuration when it is not the
    default's."""
    b = r.get("build", "default")
    return (r["coupling"] or "-") + ("" if b == "default" else f" ({b})")


def markdown(data: dict, seeds: dict) -> str:
    # every configuration's records (the AES engine's ASIC build has a section of its own)
    recs = [r for r in data["records"] if r.get("build", "default") != "aes-asic"]
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
             f"flow's 32-bit adder), glitch factor {m['glitch_factor']}; clock: a clocked "
             f"flip-flop, 2 transitions per cycle x {m['clock_pin_ge']} GE x (1 + "
             f"{m['clock_tree_factor']} tree); "
             + (f"clock gating: each register bank of at least {m['cg_min_bits']} flip-flops "
                "with a common enable (in one group) has an ICG (charged as a flip-flop: "
                f"{m['icg_ge']:.2f} GE, its clock pin every cycle) and its flip-flops are "
                "clocked only in the cycles the enable is high; the other flip-flops every "
                "cycle (the `no CG` figures: every flip-flop every cycle); "
                if m.get("clock_gating") else "no clock gating; ")
             + f"memories: {m['sram_access_pj']:.1f} pJ per "
             f"32-bit access of a 64 KiB SRAM (Horowitz, interpolated); leakage "
             f"{m['leak_nw_per_ge']:.1f} nW per GE at {m['clock_mhz']:g} MHz. 45 nm figures "
             f"at 0.9 V; 65 nm = x {m['scale_65nm']:.2f} (C with the node, V^2 at 1.2 V), "
             "leakage unchanged.", "",
             f"Energy netlist: {data['netlist']['kge']:.1f} kGE, "
             f"{data['netlist']['ffs']:,} flip-flops, "
             f"{data['netlist']['sram_bits']:,} SRAM bits; per group: "
             + ", ".join(f"{g} {data['netlist']['groups'][g]['kge']:.1f} kGE / "
                         f"{data['netlist']['groups'][g]['ffs']:,} FF"
                         + (f" ({data['netlist']['groups'][g]['gated_ffs']:,} in "
                            f"{data['netlist']['groups'][g]['banks']:,} gated banks)"
                            if 'banks' in data['netlist']['groups'][g] else "")
                         for g in gatesim.GROUPS) + ".", "",
             *([f"Other SoC configurations, each its own netlist (cases marked with it): "
                + "; ".join(f"{n} ({', '.join(f'{k} = {v}' for k, v in c['params'].items())}"
                            f"): {c['kge']:.1f} kGE, aes {c['groups']['aes']:.1f}, core "
                            f"{c['groups']['core']:.1f}" for n, c in data["configs"].items())
                + ".", ""] if data.get("configs") else []),
             "## Per case (whole SoC)", "",
             "| case | coupling | cycles | toggles (all nets) | nJ 45 nm | nJ 65 nm | "
             "nJ 65 nm no CG | pJ/bit 65 nm | core | coupling | engine | bus | memories | "
             "leakage |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in recs:
        split = r["split_65nm"]
        lines.append("| " + " | ".join([
            label(r), where(r), fmt(r["cycles"]),
            fmt(sum(v for v in r["toggles"].values() if v)),
            fmt(r["nj_total_45nm"], 3), fmt(r["nj_total_65nm"], 3),
            fmt(r.get("nj_total_65nm_nocg"), 3),
            fmt(r["soc_pj_per_bit_65nm"], 1) if r["soc_pj_per_bit_65nm"] else "-",
            *(f"{100 * split[k]:.0f}%" for k in ("core", "coupling", "engine", "bus",
                                                  "memories", "leakage"))]) + " |")
    lines += ["", "The split columns are shares of the 65 nm total. `engine` sums every engine "
              "group: the engine in use, and the others' clock (their ungated flip-flops and "
              "ICGs) and leakage; `leakage` is the leakage part of all groups. `no CG`: the "
              "same case with every flip-flop clocked every cycle."]
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
        lines.append(f"| {label(r)} | {where(r)} | {fmt(t['core'])} | "
                     f"{fmt(t['coupling'])} | {fmt(t[eng]) if eng else '-'} | {fmt(others)} | "
                     f"{fmt(t['bus'])} | {fmt(r['mem_accesses'])} |")
    lines += ["", "## Engine alone (engine boundary, 65 nm assumption)", "",
              "| case | coupling | engine nJ 65 nm | engine pJ/bit | engine pJ/bit no CG | "
              "engine mW at 100 MHz | engine toggles |", "|---|---|---|---|---|---|---|"]
    for r in recs:
        if r["engine"] in gatesim.ENGINES.values() and r["bytes"]:
            lines.append(f"| {label(r)} | {where(r)} | "
                         f"{r['engine_nj_65nm']:.4f} | {r['engine_pj_per_bit_65nm']:.2f} | "
                         f"{fmt(r.get('engine_pj_per_bit_65nm_nocg'))} | "
                         f"{r['engine_mw_65nm']:.2f} | {fmt(r['toggles'][r['engine']])} |")
    idle = next((r for r in recs if r["engine"] == "idle"), None)
    if idle:
        per = {g: (idle["toggles"][g] or 0) / idle["cycles"] for g in gatesim.GROUPS}
        lines += ["", "## Where an idle SoC switches", "",
                  f"The CPU in its wfi loop ({idle['cycles']:,} cycles): toggles per cycle "
                  "per group and GE-weighted toggles per cycle. A group "
                  "that switches while nothing uses it has registers loaded every cycle "
                  "(no enable) or logic fed by changing shared buses.", "",
                  "| group | kGE | flip-flops | toggles per cycle | GE-toggles per cycle | "
                  "clocked flip-flops and ICGs per cycle |",
                  "|---|---|---|---|---|---|"]
        for g in gatesim.GROUPS:
            lines.append(f"| {g} | {data['netlist']['groups'][g]['kge']:.1f} | "
                         f"{data['netlist']['groups'][g]['ffs']:,} | {per[g]:,.1f} | "
                         f"{idle['ge_toggles'][g] / idle['cycles']:,.1f} | "
                         f"{fmt(idle.get('clock_pin_cycles', {}).get(g, 0) / idle['cycles'], 1)}"
                         " |")
    lines += ["", *asic_aes_lines(data)]
    lines += ["", *comparisons(data["records"], seeds, data), "", *asic_area(), ""]
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
            "engine_pj_per_bit_65nm", "engine_mw_65nm", "soc_mw_65nm", "nj_total_45nm_nocg",
            "nj_total_65nm_nocg", "engine_pj_per_bit_65nm_nocg", "build")}
            for r in data["records"]]
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
    # the same without clock gating: every flip-flop clocked every cycle
    nocg = {g: (rec["clock_ungated_pj_45nm"][g] * tech.SCALE_65NM - rec[f"pj_{node}"][g]["clock"])
            for g in model.groups}
    rec["nj_total_65nm_nocg"] = round((tot + sum(nocg.values())) / 1000, 4)
    rec["nj_total_45nm_nocg"] = round(rec["nj_total_45nm"] + sum(
        rec["clock_ungated_pj_45nm"][g] - rec["pj_45nm"][g]["clock"] for g in model.groups)
        / 1000, 4)
    if eng in engines:
        e = group_pj(rec, node, (eng,))
        rec["engine_nj_65nm"] = round(e / 1000, 5)
        rec["engine_pj_per_bit_65nm"] = round(e / bits, 3) if bits else None
        rec["engine_pj_per_bit_65nm_nocg"] = round((e + nocg[eng]) / bits, 3) if bits else None
        # power over the call at CLOCK_MHZ: pJ / (cycles / MHz us) = uW ... in mW
        rec["engine_mw_65nm"] = round(e / (rec["cycles"] / tech.CLOCK_MHZ) * 1e-3, 4)
    rec["soc_mw_65nm"] = round(tot / (rec["cycles"] / tech.CLOCK_MHZ) * 1e-3, 4)
    return rec


def measure(params: dict[str, int], cases: list[dict], out: Path, cal: dict, max_cycles: int,
            idle: bool, t0: float, fw_vars: list[str] | None = None,
            build: str = "default", nl_ahead: concurrent.futures.Future | None = None
            ) -> tuple[list[dict], list[dict], "Model", Path]:
    """Netlist, simulator and RTL model of soc_top with params, in out/; every case (and the
    idle program) run at RTL and gate level, the firmware built with fw_vars; the records
    (tagged with build), the runs, the model and the netlist folder. nl_ahead: the netlist
    folder's build, already submitted (main maps the netlists ahead)."""
    # the RTL model builds (one compiler) while yosys maps the netlist (one process)
    with concurrent.futures.ThreadPoolExecutor(1) as side:
        rtl_build = side.submit(build_rtl, out, params)
        nl = nl_ahead.result() if nl_ahead else netlist.build(params, out / "netlist")
        gsim, _ = gatesim.build(nl, out / "gsim")
        rtl = rtl_build.result()
    print(f"energy: netlist, gate simulator and RTL model ready "
          f"({time.monotonic() - t0:.0f} s)", flush=True)
    model = Model(out / "gsim", cal)
    images = build_images(cases, out, fw_vars,
                          "" if build == "default" else f"{build}-")
    if idle:
        images.append(("idle", harness.build_fw(IDLE_PROG), [{
            "id": 0, "engine": "idle", "algorithm": None, "key_bits": None, "mode": None,
            "direction": None, "coupling": None, "call": None, "arch": "rolled",
            "dma_bits": 32, "bytes": 0, "seed": 0}]))
    from bench import refs
    records, runs = [], []
    # the images run in parallel, one per core (each a process of its own); their results
    # are taken in order
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        futures = [pool.submit(run_image, name, elf, rtl, gsim, out / "runs" / name, max_cycles)
                   for name, elf, _ in images]
        for (name, elf, cs), fut in zip(images, futures):
            res = fut.result()
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
                en_hi = np.fromfile(res["enables"][k], dtype=np.uint32)
                rec = {key: c.get(key) for key in ("engine", "algorithm", "key_bits", "mode",
                                                   "direction", "coupling", "arch", "dma_bits",
                                                   "bytes")}
                rec.update({"cycles": cycles, "window": [first, end], "verified": ok,
                            "mem": res["mem"][k],
                            **model.case(tog, end - first, res["mem"][k], en_hi)})
                rec["build"] = build
                records.append(summarize_case(c, rec, model))
                res["toggles"][k].unlink()
                res["enables"][k].unlink()
    return records, runs, model, nl


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=Path, default=CASES)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--docs", type=Path, help="also write docs/results/energy.md (make energy)")
    ap.add_argument("--no-idle", action="store_true", help="leave out the idle program")
    ap.add_argument("--asic-aes", action="store_true",
                    help="also run the AES hardware cases on the AES engine's ASIC build")
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
    # the cases by the SoC configuration they run on (bench/run.py case_config): the default
    # SoC's cases (with the idle program) on the energy netlist of record, then each other
    # configuration (the pipelined AES, the AEAD engine, the isa core) on a netlist of its own
    by_cfg: dict[tuple, list[dict]] = {}
    for c in bench_run.load_cases(args.cases):
        by_cfg.setdefault(bench_run.case_config(c), []).append(c)
    default_cases = by_cfg.pop(bench_run.DEFAULT_CONFIG, [])
    # yosys maps one netlist on one core for minutes, and the configurations are measured one
    # after another: the other configurations' netlists (and the AES engine's ASIC build's) are
    # mapped ahead, one at a time beside the measuring, so each is ready (or nearly) when its
    # configuration's turn comes
    ahead_jobs = [(out / bench_run.config_name(cfg), bench_run.config_overrides(cfg))
                  for cfg in by_cfg]
    if args.asic_aes:
        ahead_jobs.append((out / "aes-asic", ASIC_AES_PARAMS))
    mapper = concurrent.futures.ThreadPoolExecutor(1)
    ahead = {d: mapper.submit(netlist.build, params, d / "netlist") for d, params in ahead_jobs}
    try:
        return _run_all(args, out, cal, t0, by_cfg, default_cases, ahead)
    finally:
        for fut in ahead.values():
            fut.cancel()
        mapper.shutdown(wait=True)


def _run_all(args: argparse.Namespace, out: Path, cal: dict, t0: float,
             by_cfg: dict[tuple, list[dict]], default_cases: list[dict],
             ahead: dict[Path, concurrent.futures.Future]) -> int:
    """main's measuring: the default configuration, then every other one (records saved after
    each), then the AES engine's ASIC build; 1 when a case was not verified."""
    records, runs, model, nl = measure({}, default_cases, out, cal, args.max_cycles,
                                       idle=not args.no_idle, t0=t0)
    configs: dict[str, dict] = {}

    def save(asic: dict | None) -> dict:
        """results.json and the reports of the records so far."""
        cells = synth.cell_counts(nl / "stat.json")
        data = {
            "generated_by": "make energy (energy/run.py)", "commit": bench_run.git_commit(),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
            "calibration": cal,
            "model": {"e_ge_fj_45nm": cal["e_ge_fj_45nm"], "glitch_factor": tech.GLITCH_FACTOR,
                      "clock_pin_ge": tech.CLOCK_PIN_GE,
                      "clock_tree_factor": tech.CLOCK_TREE_FACTOR,
                      "sram_access_pj": tech.sram_access_pj(SRAM_BYTES, SRAM_WIDTH),
                      "leak_nw_per_ge": tech.LEAK_NW_PER_GE, "clock_mhz": tech.CLOCK_MHZ,
                      "scale_65nm": tech.SCALE_65NM, "ge": tech.GE,
                      "clock_gating": tech.CLOCK_GATING, "cg_min_bits": tech.CG_MIN_BITS,
                      "icg_ge": tech.ICG_GE, "icg_clock_pins": tech.ICG_CLOCK_PINS},
            "netlist": {"kge": round(sum(model.ge.values()) / 1000, 2),
                        "ffs": sum(model.ffs.values()), "sram_bits": 2 * SRAM_BYTES * 8,
                        "cells": {k: v for k, v in cells.items() if k.startswith("$_")},
                        "groups": {g: {"kge": round(model.ge[g] / 1000, 2), "ffs": model.ffs[g],
                                       "banks": int(model.banks[g][0].size),
                                       "gated_ffs": int(model.banks[g][1].sum())}
                                   for g in model.groups}},
            "asic_aes": asic, "configs": configs,
            "runs": runs, "records": records, "seconds": round(time.monotonic() - t0)}
        (out / "results.json").write_text(json.dumps(data, indent=1) + "\n")
        print(write_reports(data, out, args.docs))
        return data

    # the default build's results are written first; each other configuration's run, then the
    # AES engine's ASIC build, adds to them (a stopped run leaves what it finished)
    save(None)
    for cfg, cs in by_cfg.items():
        name = bench_run.config_name(cfg)
        params = bench_run.config_overrides(cfg)
        recs, rs, cmodel, _ = measure(params, cs, out / name, cal, args.max_cycles, idle=False,
                                      t0=t0, fw_vars=bench_run.config_fw_vars(cfg), build=name,
                                      nl_ahead=ahead.get(out / name))
        records += recs
        runs += [{**r, "build": name} for r in rs]
        configs[name] = {"params": params, "kge": round(sum(cmodel.ge.values()) / 1000, 2),
                         "groups": {g: round(cmodel.ge[g] / 1000, 2) for g in cmodel.groups}}
        save(None)
    if args.asic_aes:
        # the AES engine's ASIC build (composite-field S-boxes) on its hardware cases
        hw = [c for c in bench_run.load_cases(args.cases) if c["engine"] == "aes"
              and c["coupling"] != "sw"
              and bench_run.case_config(c) == bench_run.DEFAULT_CONFIG]
        if hw:
            recs, rs, amodel, _ = measure(ASIC_AES_PARAMS, hw, out / "aes-asic", cal,
                                          args.max_cycles, idle=False, t0=t0, build="aes-asic",
                                          nl_ahead=ahead.get(out / "aes-asic"))
            records += recs
            runs += [{**r, "build": "aes-asic"} for r in rs]
            asic = {"params": ASIC_AES_PARAMS,
                    "aes": {"kge": round(amodel.ge["aes"] / 1000, 2), "ffs": amodel.ffs["aes"],
                            "banks": int(amodel.banks["aes"][0].size),
                            "gated_ffs": int(amodel.banks["aes"][1].sum())}}
            save(asic)
    bad = [r for r in records if not r["verified"]]
    print(f"\nenergy: {len(records)} cases, {len(bad)} not verified, "
          f"{round(time.monotonic() - t0)} s; "
          f"{os.path.relpath(out / 'results.json', ROOT)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
