"""DMA fault campaign (adversarial/tests/dmafault_tb.py): random, faulty and valid DMA jobs and
key loads on cpl_dma with the five real units; predicted error codes, the whole memory compared
after every job, outputs against the references. make test runs the 32-bit port; the 128-bit
port is in the long target (a second model build). Size: ADV_OPS."""
from __future__ import annotations

import pytest

from adversarial.tests.adv_tb import COUNTERS, merge, run_campaign

TB = "adversarial.tests.dmafault_tb"


def _check(widths: tuple[int, ...]) -> None:
    rec = merge("dmafault", "mmio-dma+cpi-dma",
                [run_campaign("dmafault", TB, w) for w in widths])
    print(rec)
    assert rec["operations"] > 0
    assert {k: rec[k] for k in COUNTERS} == dict.fromkeys(COUNTERS, 0), rec["details"]


def test_dmafault() -> None:
    _check((32,))


@pytest.mark.long
def test_dmafault_both_widths() -> None:
    _check((32, 128))
