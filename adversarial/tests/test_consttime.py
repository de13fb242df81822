"""Constant-time campaign (adversarial/tests/consttime_tb.py): every engine, configuration and
coupling (mmio, cpi, DMA) with random, all-zero and all-one keys and data; cycle-exact timing
signatures must be identical for equal lengths and configurations. make test runs the 32-bit
DMA port; the long target adds the 128-bit port. Size: ADV_OPS."""
from __future__ import annotations

import pytest

from adversarial.tests.adv_tb import COUNTERS, merge, run_campaign

TB = "adversarial.tests.consttime_tb"


def _check(widths: tuple[int, ...]) -> None:
    rec = merge("consttime", "mmio+cpi+dma", [run_campaign("consttime", TB, w) for w in widths])
    print({k: v for k, v in rec.items() if not k.startswith("figures")})
    assert rec["operations"] > 0
    assert {k: rec[k] for k in COUNTERS} == dict.fromkeys(COUNTERS, 0), rec["details"]


def test_consttime() -> None:
    _check((32,))


@pytest.mark.long
def test_consttime_both_widths() -> None:
    _check((32, 128))
