"""Gather the adversarial campaigns' records (build/adversarial/*.json, one per campaign, format
in adversarial/README.md) into build/bench/adversarial.json and a markdown table
build/bench/adversarial.md.

    python adversarial/report.py [--src build/adversarial] [--out build/bench]
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


def load(src: Path) -> list[dict]:
    """Every record in src (top level only), checked against the format; sorted by campaign."""
    recs = []
    for path in sorted(src.glob("*.json")):
        rec = json.loads(path.read_text())
        for key, kind in FIELDS.items():
            if key not in rec:
                raise ValueError(f"{path.name}: missing field {key!r}")
            if not isinstance(rec[key], kind) or (kind is int and isinstance(rec[key], bool)):
                raise ValueError(f"{path.name}: field {key!r} is not {kind.__name__}")
        recs.append(rec)
    return sorted(recs, key=lambda r: r["campaign"])


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


def write(src: Path, out: Path) -> dict:
    recs = load(src)
    out.mkdir(parents=True, exist_ok=True)
    doc = {"summary": summary(recs), "campaigns": recs}
    (out / "adversarial.json").write_text(json.dumps(doc, indent=1))
    (out / "adversarial.md").write_text(markdown(recs))
    return doc


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", type=Path, default=ROOT / "build" / "adversarial")
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "bench")
    args = ap.parse_args()
    doc = write(args.src, args.out)
    print((args.out / "adversarial.md").read_text(), end="")
    if not doc["campaigns"]:
        raise SystemExit(f"no campaign records in {args.src}")


if __name__ == "__main__":
    main()
