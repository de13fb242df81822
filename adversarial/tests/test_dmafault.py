"""DMA fault campaign (adversarial/tests/dmafault_tb.py): random, faulty and valid DMA jobs and
key loads on cpl_dma with the five real units; predicted error codes, the whole memory compared
after every job, outputs against the references.
make test runs the 32-bit DMA port; the long target (pytest -m long) adds the 128-bit port, a
second model build. Size: ADV_OPS (adversarial/dmafault.md)."""
from __future__ import annotations

import pytest

from adversarial.tests.adv_tb import check_campaign

ARGS = ("dmafault", "mmio-dma+cpi-dma", "adversarial.tests.dmafault_tb")


def test_dmafault() -> None:
    check_campaign(*ARGS, (32,))


@pytest.mark.long
def test_dmafault_both_widths() -> None:
    check_campaign(*ARGS, (32, 128))
