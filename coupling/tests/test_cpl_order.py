# SPDX-License-Identifier: Apache-2.0
"""CTRL command order and START held during a key load, on the real AES and ChaCha units
(cocotb bench coupling/tests/cpl_order_tb.py, toplevel cpl_engine = the hub with one engine,
Icarus: small builds)."""
from __future__ import annotations

import pytest

from sim.cocotb_run import run
from tools import consts as C

SOURCES = [f"engines/{e}/rtl/sources.f" for e in ("aes", "prince", "present", "chacha", "sha3")]
SOURCES += ["coupling/rtl/cpl_slot.v", "coupling/rtl/cpl_hub.v", "coupling/rtl/cpl_ctr64.v",
            "coupling/rtl/cpl_eng.v", "coupling/rtl/cpl_engine.v"]


@pytest.mark.parametrize("engine", [C.CV_ENGINE_AES, C.CV_ENGINE_CHACHA])
def test_cpl_order(engine: int) -> None:
    run(f"cpl-order-e{engine}", "cpl_engine", SOURCES, "coupling.tests.cpl_order_tb",
        sim="icarus", parameters={"ENGINE": engine, "DMA_BITS": 32},
        extra_env={"CPL_ENGINE": str(engine)})
