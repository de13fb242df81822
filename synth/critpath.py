# SPDX-License-Identifier: Apache-2.0
"""The critical path of a nextpnr log, one line per cell, named by its module instance.

nextpnr prints every hop of the path with the full cell name that yosys derived from the nets it
was built from (hundreds of characters). For reading which modules a path crosses, the instance
path up to the cell's own name is enough:

    python synth/critpath.py build/synth/soc-default/ecp5/nextpnr.log

prints the clock's figure, then `time  routing  instance` for each cell of the path: the time at
the cell's output, the routing delay into the cell, and the instance it belongs to.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

HOP = re.compile(r"Info:\s+(clk-to-q|logic|routing|setup)\s+([\d.]+)\s+([\d.]+)\s+"
                 r"(Source|Net)\s+(\S+)")
CELL_SUFFIX = re.compile(r"_(?:LUT4|TRELLIS|PFUMX|L6MUX21|CCU2C|DP16KD|MULT18X18D)")
FMAX = re.compile(r"Max frequency for clock\s+'([^']+)':\s+([\d.]+) MHz")


def instance(cell: str) -> str:
    """The module instance and signal a cell was named after: the dotted path up to the first
    part that carries a mapped-cell suffix (`ready_o_TRELLIS_FF_Q` -> `ready_o`)."""
    keep = []
    for part in cell.split("."):
        base = CELL_SUFFIX.split(part)[0]
        keep.append(base)
        if base != part:
            break
    return ".".join(keep)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    text = Path(argv[1]).read_text(errors="replace").splitlines()
    start = max((i for i, l in enumerate(text) if "Critical path report for clock" in l),
                default=None)
    fmax = [m.groups() for m in map(FMAX.search, text) if m]
    if fmax:
        clk, mhz = fmax[-1]
        print(f"{mhz} MHz ({clk})")
    if start is None:
        print("no critical path report")
        return 1
    route = 0.0
    for line in text[start + 1:]:
        if "Critical path report" in line:  # the next clock's (or the async) report
            break
        if "ns logic, " in line:            # the summary closes the path
            print(line.replace("Info: ", "").strip())
            break
        m = HOP.search(line)
        if not m:
            continue
        kind, curr, total, what, name = m.group(1, 2, 3, 4, 5)
        if kind == "routing":
            route = float(curr)
        elif what == "Source":
            print(f"{float(total):6.2f}  {route:5.2f}  {instance(name)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
