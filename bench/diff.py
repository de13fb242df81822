# SPDX-License-Identifier: Apache-2.0
"""Compare two benchmark runs record by record: which records changed cycles or instret, by how
much, and which exist in only one run. Cycle counts are exact, so every change is either
explained or a bug; this prints the list to explain.

    python bench/diff.py OLD/results.json NEW/results.json [--all]

A record is identified by what it measures (engine, algorithm, key bits, mode, direction,
coupling, call, arch, DMA width, bytes), not by its position or case number, so runs of different
case files compare on the records they share. Output: one summary line, then one line per
changed record (sorted by relative change, largest first; the first 40 unless --all). The exit
status is 0 whatever changed, 1 if a file cannot be read or a record of the new run is not
verified."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bench.run import RECORD_ID, backend


def record_key(rec: dict) -> tuple:
    """What a record measures: equal keys in two runs are the same measurement (a record
    without `call` is a blocking call)."""
    return tuple(rec.get(f, "blocking" if f == "call" else None) for f in RECORD_ID)


def load(path: Path) -> dict[tuple, dict]:
    records = json.loads(path.read_text())["records"]
    return {record_key(r): r for r in records}


def compare(old: dict[tuple, dict], new: dict[tuple, dict]) -> dict:
    """Changed records as (key, old cycles, new cycles, old instret, new instret); keys found in
    one run only; keys of the new run whose output was not verified."""
    changed = [(k, old[k]["cycles"], new[k]["cycles"], old[k]["instret"], new[k]["instret"])
               for k in old.keys() & new.keys()
               if (old[k]["cycles"], old[k]["instret"]) != (new[k]["cycles"], new[k]["instret"])]
    changed.sort(key=lambda c: (-abs(c[2] - c[1]) / max(c[1], 1), repr(c[0])))
    return {"changed": changed,
            "only_old": sorted(old.keys() - new.keys(), key=repr),
            "only_new": sorted(new.keys() - old.keys(), key=repr),
            "unverified": sorted((k for k, r in new.items() if not r.get("verified")), key=repr),
            "common": len(old.keys() & new.keys())}


def describe(key: tuple) -> str:
    fields = dict(zip(RECORD_ID, key))
    parts = [fields["algorithm"]]
    if fields["key_bits"]:
        parts.append(f"key {fields['key_bits']}")
    parts.append(fields["mode"])
    if fields["direction"]:
        parts.append(fields["direction"])
    if fields["bytes"] is not None:
        parts.append(f"{fields['bytes']} B")
    return f"{' '.join(str(p) for p in parts)} [{backend(fields)}]"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", type=Path)
    ap.add_argument("new", type=Path)
    ap.add_argument("--all", action="store_true", help="list every changed record")
    args = ap.parse_args(argv)
    try:
        old, new = load(args.old), load(args.new)
    except (OSError, ValueError, KeyError) as exc:
        print(f"bench/diff: {exc}", file=sys.stderr)
        return 1
    res = compare(old, new)
    print(f"{res['common']} records in both runs, {len(res['changed'])} changed, "
          f"{len(res['only_old'])} only in the old run, {len(res['only_new'])} only in the new, "
          f"{len(res['unverified'])} not verified in the new")
    shown = res["changed"] if args.all else res["changed"][:40]
    for key, c0, c1, i0, i1 in shown:
        print(f"  {describe(key)}: cycles {c0:,} -> {c1:,} ({c1 - c0:+,}), "
              f"instret {i0:,} -> {i1:,} ({i1 - i0:+,})")
    if len(shown) < len(res["changed"]):
        print(f"  ... {len(res['changed']) - len(shown)} more (--all)")
    for key in res["unverified"]:
        print(f"  not verified: {describe(key)}")
    return 1 if res["unverified"] else 0


if __name__ == "__main__":
    sys.exit(main())
