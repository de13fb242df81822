# SPDX-License-Identifier: Apache-2.0
"""soc_ram with a 32-bit and a 128-bit port B (the DMA port widths), under Icarus."""
from __future__ import annotations

from pathlib import Path

import pytest

from sim.cocotb_run import BUILD, run


@pytest.mark.parametrize("b_bits", [32, 128])
def test_soc_ram(b_bits: int) -> None:
    image = BUILD / f"soc_ram_b{b_bits}.hex"
    image.parent.mkdir(parents=True, exist_ok=True)
    image.write_text("@0\n" + "".join(f"{0xC0DE0000 + i:08x}\n" for i in range(8)))
    run(f"soc_ram_b{b_bits}", "soc_ram", ["soc/rtl/soc_ram.v"], "soc.tests.soc_ram_tb",
        sim="icarus", parameters={"BYTES": 1024, "B_BITS": b_bits, "INIT_PLUSARG": '"mem"'},
        plusargs=[f"+mem={Path(image)}"])
