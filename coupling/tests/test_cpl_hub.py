# SPDX-License-Identifier: Apache-2.0
"""The coupling hub's ownership rule with all five engines, the dispatcher and the DMA
(cocotb bench coupling/tests/cpl_hub_tb.py on adversarial/tests/adv_top.v): BUSY_OTHER, BUSY_DMA,
the DMA's ENGINE refusal and interleaved engines.

The model is the adversarial campaigns' build of adv_top (run_adv_top: built once per port
width for all its users). `make test` runs the 32-bit DMA port, whose build the campaigns share
there; the 128-bit port, whose build only the long campaigns share, is marked long
(`make coupling-long`)."""
from __future__ import annotations

import pytest

from adversarial.tests.adv_tb import run_adv_top


@pytest.mark.parametrize("dma_bits", [32, pytest.param(128, marks=pytest.mark.long)])
def test_cpl_hub(dma_bits: int) -> None:
    run_adv_top(dma_bits, "coupling.tests.cpl_hub_tb")
