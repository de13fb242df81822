"""Constant-time campaign (adversarial/tests/consttime_tb.py): every engine, configuration and
coupling (mmio, cpi, DMA) with random, all-zero and all-one keys and data; cycle-exact timing
signatures must be identical for equal lengths and configurations.
make test runs the 32-bit DMA port; the long target (pytest -m long) adds the 128-bit port, a
second model build. Size: ADV_OPS (adversarial/consttime.md)."""
from __future__ import annotations

import pytest

from adversarial.tests.adv_tb import check_campaign

ARGS = ("consttime", "mmio+cpi+dma", "adversarial.tests.consttime_tb")


def test_consttime() -> None:
    check_campaign(*ARGS, (32,))


@pytest.mark.long
def test_consttime_both_widths() -> None:
    check_campaign(*ARGS, (32, 128))
