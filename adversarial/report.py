# SPDX-License-Identifier: Apache-2.0
"""Gather the adversarial campaigns' records (build/adversarial/*.json, one per campaign, format
in adversarial/README.md) into build/bench/adversarial.json and a markdown table
build/bench/adversarial.md.

The long runs (10^6 operations, hours each) keep their records in the repository,
adversarial/long/*.json, copied there from build/adversarial/ by --keep (make adversarial-long
does it) and committed: a campaign's kept
long record stands in the report for a CI-size record of the same campaign in build/ (a long
record in build/, i.e. a fresh long run, wins).

    python adversarial/report.py [--src build/adversarial] [--long adversarial/long]
                                 [--out build/bench] [--keep]
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIELDS = {"campaign": str, "interface": str, "operations": int, "hangs": int,
          "lost_or_corrupted_bytes": int, "key_leaks": int, "timing_variations": int,
          "other_failures": int, "seed": int, "long": bool, "details": str}
COUNTERS = ("hangs", "lost_or_corrupted_bytes", "key_leaks", "timing_variations",
            "other_failures")
COLUMNS = ("campaign", "interface", "operations", "hangs", "lost/corrupted bytes", "key leaks",
           "timing variations", "other failures", "size")


def load(src: Path, long: Path | None = None) -> list[dict]:
    """Every record in src (top level only), checked against the format, with long's records
    standing in for the CI-size ones of the same campaign; sorted by campaign."""
    recs = {r["campaign"]: r for r in load_dir(src)}
    for r in load_dir(long) if long else []:
        if not recs.get(r["campaign"], {}).get("long"):
            recs[r["campaign"]] = r
    return sorted(recs.values(), key=lambda r: r["campaign"])


def load_dir(src: Path) -> list[dict]:
    recs = []
    for path in sorted(src.glob("*.json")):
        rec = json.loads(path.read_text())
        for key, kind in FIELDS.items():
            if key not in rec:
                raise ValueError(f"{path.name}: missing field {key!r}")
            if not isinstance(rec[key], kind) or (kind is int and isinstance(rec[key], bool)):
                raise ValueError(f"{path.name}: field {key!r} is not {kind.__name__}")
        recs.append(rec)
    return recs


def summary(recs: list[dict]) -> dict:
    return {"campaigns": len(recs),
            "operations": sum(r["operations"] for r in recs),
            **{k: sum(r[k] for r in recs) for k in COUNTERS},
            "clean": all(r[k] == 0 for r in recs for k in COUNTERS)}


def markdown(recs: list[dict]) -> str:
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    for r in recs:
        cells = [r["campaign"], r["interface"], f"{r['operations']:,}",
                 *(f"{r[k]:,}" for k in COUNTERS), "long" if r["long"] else "CI"]
        lines.append("| " + " | ".join(cells) + " |")
    s = summary(recs)
    lines.append("")
    lines.append(f"{s['campaigns']} campaigns, {s['operations']:,} operations; "
                 + ("every counter is zero." if s["clean"] else "FAILURES: see the rows above."))
    lines.append("")
    lines += [f"- `{r['campaign']}` (seed {r['seed']}): {r['details']}" for r in recs]
    return "\n".join(lines) + "\n"


def write(src: Path, out: Path, long: Path | None = None) -> dict:
    recs = load(src, long)
    out.mkdir(parents=True, exist_ok=True)
    doc = {"summary": summary(recs), "campaigns": recs}
    (out / "adversarial.json").write_text(json.dumps(doc, indent=1))
    (out / "adversarial.md").write_text(markdown(recs))
    return doc


def keep(src: Path, long: Path) -> None:
    """Copy every long record of src into long (the repository's kept long runs)."""
    long.mkdir(parents=True, exist_ok=True)
    for r in load_dir(src):
        if r["long"]:
            (long / f"{r['campaign']}.json").write_text(json.dumps(r, indent=1) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", type=Path, default=ROOT / "build" / "adversarial")
    ap.add_argument("--long", type=Path, default=ROOT / "adversarial" / "long")
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "bench")
    ap.add_argument("--keep", action="store_true",
                    help="first copy the long records of --src into --long")
    args = ap.parse_args()
    if args.keep:
        keep(args.src, args.long)
    doc = write(args.src, args.out, args.long)
    print((args.out / "adversarial.md").read_text(), end="")
    if not doc["campaigns"]:
        raise SystemExit(f"no campaign records in {args.src}")


if __name__ == "__main__":
    main()
