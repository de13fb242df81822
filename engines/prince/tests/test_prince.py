# SPDX-License-Identifier: Apache-2.0
"""pytest entry for the PRINCE engine benches (Verilator: everything; Icarus: a smoke subset)."""
from __future__ import annotations

import pytest

from sim.cocotb_run import run

SOURCES = ["engines/prince/rtl/sources.f"]
MODULE = "engines.prince.tests.prince_tb"
SMOKE = ["test_vectors", "test_constant_time", "test_bad_config"]


def _run(sim: str, folded: int, stages: int, testcase: list[str] | None = None) -> None:
    name = "prince-fold" if folded else f"prince-pipe{stages}"
    run(name, "prince_top", SOURCES, MODULE, sim=sim,
        parameters={"FOLDED": folded, "STAGES": stages},
        extra_env={"PRINCE_FOLDED": str(folded), "PRINCE_STAGES": str(stages)},
        testcase=testcase, cxx_o0=True)


def test_prince_verilator() -> None:
    """The default (folded) datapath, every bench test."""
    _run("verilator", 1, 3)


def test_prince_icarus_unrolled_smoke() -> None:
    """The unrolled pipeline (STAGES=3): vectors, constant time, bad configuration."""
    _run("icarus", 0, 3, SMOKE)


@pytest.mark.long
@pytest.mark.parametrize("stages", [1, 3])
def test_prince_verilator_unrolled(stages: int) -> None:
    """Every bench test on the unrolled pipeline (slow to compile: the whole cipher is one
    combinational block)."""
    _run("verilator", 0, stages)
