# SPDX-License-Identifier: Apache-2.0
"""Write the headline table of README.md from the committed result summaries.

    python tools/readme_results.py [--check] [--readme README.md] [--results docs/results]

The table goes between `<!-- headline:begin ... -->` and `<!-- headline:end -->`; nothing else in
the README is touched. Its figures come from the small machine-readable summaries the commands
write beside the full results: docs/results/bench-summary.json (`make bench`: cycles per call and
per block, per backend), synth-summary.json (`make synth`: LUTs and ECP5 Fmax per block) and
adversarial-summary.json (`make adversarial`: campaign totals). Each of those commands calls this
script after writing its summary, so the README always shows the last runs' figures and none is
typed by hand. A missing summary is an error naming the command that writes it. --check writes
nothing and fails when the README's table differs from the one the summaries give.

The SoC builds' ECP5 Fmax comes from synth/fmax.json (the routed record the benchmark also reads,
written whenever a SoC entry is measured, with the flow's placer) before synth-summary.json: a
full `make synth` is rarely run, a SoC's Fmax is measured alone (synth/README.md), and the
headline shows the Fmax the benchmark's times use.

Throughput: bits per block x Fmax / cycles per block, at the lower of the block's own ECP5 Fmax
and the default SoC's, since the cycles are counted on the SoC.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "docs" / "results"
SUMMARIES = {"bench": ("bench-summary.json", "make bench"),
             "synth": ("synth-summary.json", "make synth"),
             "adversarial": ("adversarial-summary.json", "make adversarial")}
BEGIN = re.compile(r"<!-- headline:begin[^>]*-->\n")
END = "<!-- headline:end -->"
FMAX = ROOT / "synth" / "fmax.json"  # the routed SoC records (synth/run.py writes them)
SOC = ("soc", "default")
DEFAULT_BUILD = "rolled dma32"  # the default SoC's backends; sw is shown beside these only

# One row per block: (label, synth block/config or None, the build's backend suffix in
# bench-summary, one call's name, bulk name). A build of None: no benchmark figures.
ROWS = [
    ("RV32IM core", ("core", "default"), None, None, None),
    ("SoC, default build: core, five engines, rolled AES, 32-bit DMA", SOC, None, None, None),
    ("AES-128 key setup", None, "rolled dma32", "aes-128 key setup", None),
    ("AES-128, rolled (the SoC's default)", ("aes", "rolled-table"), "rolled dma32",
     "aes-128 ecb encrypt 16 B", "aes-128 ctr encrypt"),
    ("AES-128, pipelined, 128-bit DMA (area: composite S-boxes)", ("aes", "pipelined"),
     "pipelined dma128", "aes-128 ecb encrypt 16 B", "aes-128 ctr encrypt"),
    ("PRINCE (64-bit block)", ("prince", "default"), "rolled dma32", "prince ecb encrypt 8 B",
     "prince ecb encrypt"),
    ("PRESENT-80 (64-bit block)", ("present", "default"), "rolled dma32",
     "present-80 ecb encrypt 8 B", "present-80 ecb encrypt"),
    ("ChaCha20 (64-byte block)", ("chacha", "default"), "rolled dma32",
     "chacha20 keystream 64 B", "chacha20 keystream"),
    ("SHA3-256 (136-byte block; one call: 64 B)", ("sha3", "default"), "rolled dma32",
     "sha3-256 hash 64 B", "sha3-256 hash"),
]
HEAD = ["block", "one call, cycles: sw / hardware", "bulk, cycles per block: sw / hardware",
        "bulk Mbps", "7-series LUT6", "ECP5 Fmax MHz"]


class SummaryMissing(RuntimeError):
    """A summary the table needs does not exist."""


def load(results: Path = RESULTS) -> dict[str, dict]:
    """The three summaries; SummaryMissing names the first one missing and its command."""
    out = {}
    for key, (name, command) in SUMMARIES.items():
        path = results / name
        if not path.exists():
            raise SummaryMissing(f"{path} missing: run `{command}` (it writes the summary and "
                                 "then calls this script)")
        out[key] = json.loads(path.read_text())
    out["routed"] = routed_fmax(FMAX)
    return out


def routed_fmax(path: Path) -> dict[tuple[str, str], float]:
    """{(block, config): MHz} of the records in path (synth/fmax.json) made with the flow's placer
    for that entry: like every figure of the table, the last run's."""
    sys.path.insert(0, str(ROOT))
    from synth import run as synth  # the record's reader and the entries' placers

    placer = {f"{e.block}:{e.config}": e.ecp5_placer for e in synth.load_entries()}
    out = {}
    for name, rec in synth.load_fmax_record(path).items():
        if rec.get("fmax_mhz") is not None and rec.get("placer", "heap") == placer.get(name):
            out[(rec["block"], rec["config"])] = rec["fmax_mhz"]
    return out


def num(v: float | int | None) -> str:
    if v is None:
        return "-"
    if isinstance(v, int) or v >= 100:
        return f"{v:,.0f}"
    return f"{v:.2f}" if v < 10 else f"{v:.1f}"


def pair(by_backend: dict[str, float], build: str) -> tuple[str, float | None]:
    """"sw / best (coupling)" from {backend: figure}, the hardware among the backends of this
    build; and the hardware figure."""
    sw = by_backend.get("sw")
    hw = {b: v for b, v in by_backend.items() if b != "sw" and b.endswith(" " + build)}
    if not hw:
        return (f"{num(sw)} / -" if sw is not None else "-"), None
    best = min(hw, key=lambda b: hw[b])
    first = num(sw) if sw is not None and build == DEFAULT_BUILD else "-"
    return f"{first} / {num(hw[best])} ({best.split(' ')[0]})", hw[best]


def render(s: dict[str, dict]) -> str:
    """The headline table and the verification line (the text between the markers)."""
    bench, synth, adv = s["bench"], s["synth"], s["adversarial"]
    blocks = {(b["block"], b["config"]): b for b in synth["blocks"]}
    for key, f in s.get("routed", {}).items():   # see the module's doc: the routed record wins
        blocks[key] = {**blocks.get(key, {"block": key[0], "config": key[1]}), "fmax_mhz": f}
    calls = {c["name"]: c for c in bench["calls"]}
    bulk = {b["name"]: b for b in bench["bulk"]}
    soc_fmax = blocks.get(SOC, {}).get("fmax_mhz")
    rows = ["| " + " | ".join(HEAD) + " |", "|---" * len(HEAD) + "|"]
    for label, key, build, call, bulk_name in ROWS:
        blk = blocks.get(key, {}) if key else {}
        one = pair(calls[call]["cycles"], build)[0] if call in calls else "-"
        many, mbps = "-", "-"
        if bulk_name in bulk:
            b = bulk[bulk_name]
            many, cyc = pair(b["cycles_per_block"], build)
            fmax = [f for f in (blk.get("fmax_mhz"), soc_fmax) if f]
            if cyc and b.get("block_bytes") and fmax:
                mbps = f"{8 * b['block_bytes'] * min(fmax) / cyc:,.0f}"
        fmax = blk.get("fmax_mhz")
        if fmax is None and blk:
            fmax_cell = "no fit" if not blk.get("ecp5_fits") else "not routed"
        else:
            fmax_cell = "-" if fmax is None else f"{fmax:.1f}"
        rows.append("| " + " | ".join([label, one, many, mbps, num(blk.get("luts")),
                                       fmax_cell]) + " |")
    clean = "every counter zero" if adv.get("clean") else "FAILURES (see the adversarial results)"
    verified = (f"Verified: {bench['verified']:,} of {bench['records']:,} benchmark records "
                f"checked against pycryptodome, hashlib and the engines' models; "
                f"{adv['campaigns']} adversarial campaigns and proofs, "
                f"{adv['operations']:,} operations, {clean}; synthesis: {synth['records']} "
                f"records, {synth['failed']} failed.")
    return "\n".join(rows) + "\n\n" + verified + "\n"


def splice(text: str, table: str) -> str:
    """text with table between the headline markers (exactly one pair, in order)."""
    begins = list(BEGIN.finditer(text))
    if len(begins) != 1 or text.count(END) != 1 or text.index(END) < begins[0].end():
        raise ValueError("README needs one `<!-- headline:begin -->` line and, after it, one "
                         f"`{END}` line")
    return text[:begins[0].end()] + table + text[text.index(END):]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--readme", type=Path, default=ROOT / "README.md")
    ap.add_argument("--results", type=Path, default=RESULTS)
    ap.add_argument("--check", action="store_true",
                    help="write nothing; exit 1 when the README's table is not up to date")
    args = ap.parse_args(argv)
    try:
        table = render(load(args.results))
        text = args.readme.read_text()
        new = splice(text, table)
    except (SummaryMissing, ValueError, KeyError) as exc:
        print(f"readme_results: {exc}", file=sys.stderr)
        return 1
    if args.check:
        if new != text:
            print("readme_results: README.md's headline table is out of date: run "
                  "python tools/readme_results.py", file=sys.stderr)
            return 1
        return 0
    if new != text:
        args.readme.write_text(new)
    print(f"readme_results: {args.readme.name} headline table "
          + ("updated" if new != text else "already up to date"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
