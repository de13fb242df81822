# SPDX-License-Identifier: Apache-2.0
"""Splice a generated result table into README.md between its markers:
`python tools/readme_results.py bench` copies build/bench/summary.md (written by make bench: key
figures per backend and configuration, the seeds' figures beside ours; every row stays in
build/bench/results.md) between `<!-- bench:begin -->` and `<!-- bench:end -->`; `... synth` copies
build/synth/results.md (make synth) between the synth markers; `... adversarial` copies
build/bench/adversarial.md (make adversarial, which make bench runs) between the adversarial
markers. `make bench` and `make synth` call it, so the README's figures are always those of the
last run, never typed by hand."""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLES = {"bench": ROOT / "build" / "bench" / "summary.md",
          "synth": ROOT / "build" / "synth" / "results.md",
          "adversarial": ROOT / "build" / "bench" / "adversarial.md"}


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in TABLES:
        print(f"usage: readme_results.py {{{'|'.join(TABLES)}}}", file=sys.stderr)
        return 2
    name = argv[0]
    table = TABLES[name]
    if not table.exists():
        print(f"readme_results: {table.relative_to(ROOT)} missing; run make {name}", file=sys.stderr)
        return 1
    block = re.compile(rf"(<!-- {name}:begin -->\n).*?(<!-- {name}:end -->)", re.S)
    readme = ROOT / "README.md"
    text = readme.read_text()
    if not block.search(text):
        print(f"readme_results: README.md has no {name} markers", file=sys.stderr)
        return 1
    body = table.read_text().strip()
    if body.startswith("# "):  # the file's own title: the README section has its heading
        body = body.split("\n", 1)[1].strip() if "\n" in body else ""
    body += "\n"
    readme.write_text(block.sub(lambda m: m.group(1) + body + m.group(2), text))
    print(f"readme_results: README.md {name} table updated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
