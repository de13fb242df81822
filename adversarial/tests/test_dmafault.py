# SPDX-License-Identifier: Apache-2.0
"""DMA fault campaign (adversarial/tests/dmafault_tb.py): random, faulty and valid DMA jobs and
key loads on cpl_dma with the five real units; predicted error codes, the whole memory compared
after every job, outputs against the references.
make test runs the 32-bit DMA port; the long-marked test the 128-bit port (a second model
build, record <campaign>-dma128). Size: ADV_OPS (adversarial/dmafault.md)."""
from __future__ import annotations

import pytest

from adversarial.tests.adv_tb import check_campaign

ARGS = ("dmafault", "mmio-dma+cpi-dma", "adversarial.tests.dmafault_tb")


def test_dmafault() -> None:
    check_campaign(*ARGS, 32)


@pytest.mark.long
def test_dmafault_dma128() -> None:
    check_campaign(*ARGS, 128)
