# SPDX-License-Identifier: Apache-2.0
"""The bitstream flow up to synthesis (fpga/bitstream.py --check-only), for every board: the
firmware images, the PLL at exactly the board's clock, the wrapper's ports placed by the LPF one
for one. The whole flow (synthesis, place and route, timing, ecppack) is `make bitstream`."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from fpga import bitstream  # noqa: E402

BOARDS = sorted(p.stem for p in bitstream.BOARDS.glob("*.toml"))


def wrapper_ports(text: str) -> set[str]:
    """Port names of the generated board_top, bus bits as name[i]."""
    out = set()
    for width, name in re.findall(r"^\s*(?:input|output)\s+wire\s+(?:\[(\d+):0\]\s+)?(\w+)",
                                  text, re.M):
        out |= {f"{name}[{i}]" for i in range(int(width) + 1)} if width else {name}
    return out


@pytest.mark.parametrize("name", BOARDS)
def test_prepare(name: str) -> None:
    board = bitstream.load_board(name)
    entry = bitstream.prepare(board, "exit42", ROOT / "build" / "fpga-check" / name)
    out = ROOT / "build" / "fpga-check" / name
    top = (out / "board_top.v").read_text()
    assert wrapper_ports(top) == bitstream.lpf_ports(board)
    pll = (out / "fpga_pll.v").read_text()
    assert "EHXPLLL" in pll and f'FREQUENCY_PIN_CLKOP="{board["clock_mhz"]}"' in pll
    for mem in ("imem", "dmem"):
        assert f'"build/fpga-check/{name}/{mem}.hex"' in top
    words = (out / "imem.hex").read_text().split()[1:]
    assert words and all(len(w) == 8 for w in words)
    assert entry.top == "board_top"


def test_unknown_board() -> None:
    with pytest.raises(SystemExit, match="no board 'nosuch'"):
        bitstream.load_board("nosuch")
