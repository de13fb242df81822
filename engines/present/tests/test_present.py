# SPDX-License-Identifier: Apache-2.0
"""pytest entry for the PRESENT engine benches (Verilator: everything; Icarus: a smoke subset)."""
from __future__ import annotations

import os

from sim.cocotb_run import run

SOURCES = ["engines/present/rtl/sources.f"]
MODULE = "engines.present.tests.present_tb"
SMOKE = ["test_vectors", "test_bad_config"]


def test_present_verilator() -> None:
    run("present-k1", "present_top", SOURCES, MODULE, sim="verilator",
        parameters={"KEY128": 1}, extra_env={"PRESENT_KEY128": "1"}, cxx_o0=True)


def test_present_icarus_rpc2() -> None:
    """Two rounds per cycle, both key sizes: vectors, random differential, bad configuration
    (every bench test with CV_LONG=1; Icarus is slow on the constant-time sweep)."""
    run("present-k1-r2", "present_top", SOURCES, MODULE, sim="icarus",
        parameters={"KEY128": 1, "RPC": 2},
        extra_env={"PRESENT_KEY128": "1", "PRESENT_RPC": "2"},
        testcase=None if os.environ.get("CV_LONG") else
        ["test_vectors", "test_random_stream", "test_bad_config"])


def test_present_icarus_smoke_key80() -> None:
    """The 80-bit-only build: 80-bit vectors, bad configuration (128-bit keys refused)."""
    run("present-k0", "present_top", SOURCES, MODULE, sim="icarus", parameters={"KEY128": 0},
        extra_env={"PRESENT_KEY128": "0"}, testcase=SMOKE)
