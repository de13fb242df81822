# SPDX-License-Identifier: Apache-2.0
"""Register-interface fuzzing of the five engine units (adversarial/tests/regfuzz_tb.py):
random accesses, commands, custom instructions and resets with invariants after every step and
periodic recoveries (MMIO, cpi, DMA) checked against the references.
make test runs the 32-bit DMA port; the long-marked test the 128-bit port (a second model
build, record <campaign>-dma128). Size: ADV_OPS (adversarial/regfuzz.md)."""
from __future__ import annotations

import pytest

from adversarial.tests.adv_tb import check_campaign, lint_top

ARGS = ("regfuzz", "mmio+cpi+dma", "adversarial.tests.regfuzz_tb")


def test_regfuzz() -> None:
    check_campaign(*ARGS, 32)


@pytest.mark.long
def test_regfuzz_dma128() -> None:
    check_campaign(*ARGS, 128)


@pytest.mark.parametrize("dma_bits", [32, 128])
def test_adv_top_lint(dma_bits: int) -> None:
    """The campaigns' bench top is Verilator -Wall clean in both port widths."""
    lint_top(dma_bits)
