# SPDX-License-Identifier: Apache-2.0
"""The coupling hub's ownership rule with all five engines, the dispatcher and the DMA
(cocotb bench coupling/tests/cpl_hub_tb.py on adversarial/tests/adv_top.v): BUSY_OTHER, BUSY_DMA,
the DMA's ENGINE refusal and interleaved engines."""
from __future__ import annotations

import pytest

from adversarial.tests.adv_tb import SOURCES
from sim.cocotb_run import run


@pytest.mark.parametrize("dma_bits", [32, 128])
def test_cpl_hub(dma_bits: int) -> None:
    run(f"cpl-hub-d{dma_bits}", "adv_top", SOURCES, "coupling.tests.cpl_hub_tb",
        parameters={"DMA_BITS": dma_bits}, extra_env={"DMA_BITS": str(dma_bits)})
