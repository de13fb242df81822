# SPDX-License-Identifier: Apache-2.0
"""soc_ram with a 32-bit and a 128-bit port B (the DMA port widths), under Icarus."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from sim.cocotb_run import BUILD, ROOT, run


@pytest.mark.parametrize("b_bits", [32, 128])
def test_soc_ram(b_bits: int) -> None:
    image = BUILD / f"soc_ram_b{b_bits}.hex"
    image.parent.mkdir(parents=True, exist_ok=True)
    image.write_text("@0\n" + "".join(f"{0xC0DE0000 + i:08x}\n" for i in range(8)))
    run(f"soc_ram_b{b_bits}", "soc_ram", ["soc/rtl/soc_ram.v"], "soc.tests.soc_ram_tb",
        sim="icarus", parameters={"BYTES": 1024, "B_BITS": b_bits, "INIT_PLUSARG": '"mem"'},
        plusargs=[f"+mem={Path(image)}"])


def test_soc_ram_init_file() -> None:
    """The image given as INIT_FILE (an FPGA build's memory contents, fpga/README.md) instead of
    the plusarg: the bench finds the same first words."""
    image = BUILD / "soc_ram_init.hex"
    image.parent.mkdir(parents=True, exist_ok=True)
    image.write_text("@0\n" + "".join(f"{0xC0DE0000 + i:08x}\n" for i in range(8)))
    run("soc_ram_init", "soc_ram", ["soc/rtl/soc_ram.v"], "soc.tests.soc_ram_tb",
        sim="icarus", parameters={"BYTES": 1024, "B_BITS": 32, "INIT_FILE": f'"{image}"'})


def test_soc_ram_init_file_needs_one_bank(tmp_path: Path) -> None:
    """INIT_FILE with a 128-bit port B (four banks) stops elaboration, naming why."""
    res = subprocess.run(["iverilog", "-g2012", "-o", str(tmp_path / "x.vvp"), "-s", "soc_ram",
                          "-Psoc_ram.B_BITS=128", '-Psoc_ram.INIT_FILE="x.hex"',
                          str(ROOT / "soc/rtl/soc_ram.v")], capture_output=True, text=True)
    assert res.returncode != 0
    assert "soc_ram_init_file_needs_b_bits_32" in res.stdout + res.stderr
