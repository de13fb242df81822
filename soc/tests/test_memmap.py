# SPDX-License-Identifier: Apache-2.0
"""The memory-map generator: docs/memmap.md is current, the products agree with the sources,
and inconsistent sources are rejected."""
from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import memmap  # noqa: E402


def test_docs_up_to_date() -> None:
    res = subprocess.run([sys.executable, "tools/memmap.py", "--check"], cwd=ROOT,
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr


def test_products_match_sources(tmp_path: Path) -> None:
    assert memmap.main(["--out", str(tmp_path)]) == 0
    header = (tmp_path / "cv_memmap.h").read_text()
    vh = (tmp_path / "soc_memmap.vh").read_text()
    regions = tomllib.loads((ROOT / "soc" / "memmap.toml").read_text())["region"]
    for r in regions:
        name = r["name"].upper()
        assert f"#define CV_{name}_BASE 0x{r['base']:08X}u" in header
        assert f"`define CV_{name}_BASE 32'h{r['base']:08X}" in vh
    uart = tomllib.loads((ROOT / "soc" / "regs" / "uart.toml").read_text())
    for reg in uart["reg"]:
        assert f"#define CV_UART_{reg['name']}_OFFSET 0x{reg['offset']:03X}u" in header
    assert "#define CV_UART_STATUS_TXFULL_MASK 0x00000002u" in header
    assert "#define CV_IRQ_UART 0" in header


def _copy_tree(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "soc").mkdir(parents=True)
    shutil.copy(ROOT / "soc" / "memmap.toml", root / "soc")
    shutil.copytree(ROOT / "soc" / "regs", root / "soc" / "regs")
    return root


def test_engine_regs_are_picked_up(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    (root / "engines" / "aes").mkdir(parents=True)
    (root / "engines" / "aes" / "regs.toml").write_text(
        'block = "aes"\ndoc = "test"\n[[reg]]\nname = "CTRL"\noffset = 0x0\naccess = "rw"\n'
        'doc = "control"\n[[reg.field]]\nname = "START"\nbits = "0"\ndoc = "go"\n')
    mm = memmap.load(root)
    assert "aes" in mm["blocks"]
    assert "#define CV_AES_CTRL_START_MASK 0x00000001u" in memmap.gen_c(mm)


@pytest.mark.parametrize("bad", [
    'block = "nosuch"\n',
    'block = "aes"\n[[reg]]\nname = "A"\noffset = 0x2\naccess = "rw"\ndoc = "x"\n',
    'block = "aes"\n[[reg]]\nname = "A"\noffset = 0x0\naccess = "rx"\ndoc = "x"\n',
    'block = "aes"\n[[reg]]\nname = "A"\noffset = 0x0\naccess = "rw"\ndoc = "x"\n'
    '[[reg]]\nname = "B"\noffset = 0x0\naccess = "rw"\ndoc = "x"\n',
    'block = "aes"\n[[reg]]\nname = "A"\noffset = 0x0\naccess = "rw"\ndoc = "x"\n'
    '[[reg.field]]\nname = "F"\nbits = "7:0"\n[[reg.field]]\nname = "G"\nbits = "3"\n',
])
def test_bad_sources_rejected(tmp_path: Path, bad: str) -> None:
    root = _copy_tree(tmp_path)
    (root / "engines" / "aes").mkdir(parents=True)
    (root / "engines" / "aes" / "regs.toml").write_text(bad)
    with pytest.raises(memmap.MapError):
        memmap.load(root)
