# SPDX-License-Identifier: Apache-2.0
"""Constant-time campaign (adversarial/tests/consttime_tb.py): every engine, configuration and
coupling (mmio, cpi, DMA) with random, all-zero and all-one keys and data; cycle-exact timing
signatures must be identical for equal lengths and configurations.
make test runs the 32-bit DMA port; the long-marked test the 128-bit port (a second model
build, record <campaign>-dma128). Size: ADV_OPS (adversarial/consttime.md)."""
from __future__ import annotations

import pytest

from adversarial.tests.adv_tb import check_campaign

ARGS = ("consttime", "mmio+cpi+dma", "adversarial.tests.consttime_tb")


def test_consttime() -> None:
    check_campaign(*ARGS, 32)


@pytest.mark.long
def test_consttime_dma128() -> None:
    check_campaign(*ARGS, 128)
