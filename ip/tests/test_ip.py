# SPDX-License-Identifier: Apache-2.0
"""The bus wrappers (ip/rtl) with every engine, driven by cocotbext-axi and cocotbext-wishbone
(cocotb bench ip/tests/ip_tb.py on ip/tests/ip_axil_top.v and ip_wb_top.v).

CI size here (Icarus: no model to compile); `make ip-long` runs the long form (Verilator, every
CAVP vector of the CI's files, many random messages): IP_LONG=1. The bus adapters pass ENGINE
through to the shared ip_engine_core, so `make test` runs the AXI4-Lite wrapper with every
engine and the Wishbone wrapper with AES; the Wishbone wrapper with the other four engines is
marked long (`make ip-long` runs every pair)."""
from __future__ import annotations

import json
import os

import pytest

from sim.cocotb_run import BUILD, run

# AES and ChaCha through their AEAD builds' lists (aead_top, chachapoly_top: AES_AEAD, CHACHA_AEAD)
SOURCES = [f"engines/{e}/rtl/sources.f" for e in ("aead", "prince", "present", "chachapoly",
                                                   "sha3")]
SOURCES += ["coupling/rtl/sources.f", "ip/rtl/ip_engine_core.v", "ip/rtl/ip_axil_engine.v",
            "ip/rtl/ip_wb_engine.v"]
TB = "ip.tests.ip_tb"
LONG = os.environ.get("IP_LONG", "0") == "1"
ENGINES = {1: "aes", 2: "prince", 3: "present", 4: "chacha", 5: "sha3"}


def run_bench(bus: str, engine: int, aead: bool = False) -> dict:
    name = f"ip-{bus}-{ENGINES[engine]}{'-aead' if aead else ''}{'-long' if LONG else ''}"
    sim = "verilator" if LONG else "icarus"
    perf = BUILD / f"{name}-{sim}-perf.json"
    if perf.exists():
        perf.unlink()
    run(name, f"ip_{bus}_top", SOURCES + [f"ip/tests/ip_{bus}_top.v"], TB, sim=sim,
        parameters={"ENGINE": engine, "AES_AEAD": int(aead and engine == 1),
                    "CHACHA_AEAD": int(aead and engine == 4)},
        testcase=["test_aead", "test_cycles"] if aead else None,
        extra_env={"IP_BUS": bus, "IP_ENGINE": str(engine), "IP_PERF_JSON": str(perf),
                   "IP_AEAD": str(int(aead)), "IP_AEAD_KAT": "20" if LONG else "0",
                   "IP_RANDOM": "60" if LONG else "2", "IP_KAT": "0" if LONG else "1"})
    return json.loads(perf.read_text())


PAIRS = [pytest.param(bus, engine, id=f"{bus}-{engine}",
                      marks=[pytest.mark.long] if bus == "wb" and engine != 1 else [])
         for bus in ("axil", "wb") for engine in sorted(ENGINES)]


@pytest.mark.parametrize("bus,engine", PAIRS)
def test_ip_wrapper(bus: str, engine: int) -> None:
    """Identity, known answers, random messages, back-pressure, errors, interrupt, and the
    cycles of one message through the bus against the native port (equal for a master that
    issues an access per cycle)."""
    perf = run_bench(bus, engine)
    fig = perf[f"{ENGINES[engine]}-{bus}"]
    assert fig[f"{bus}-gap0"] == fig["nat-gap0"]


AEAD_PAIRS = [pytest.param(bus, engine, id=f"{bus}-{ENGINES[engine]}",
                           marks=[] if (bus, engine) == ("axil", 1) else [pytest.mark.long])
              for bus in ("axil", "wb") for engine in (1, 4)]


@pytest.mark.parametrize("bus,engine", AEAD_PAIRS)
def test_ip_aead(bus: str, engine: int) -> None:
    """The AEAD builds (AES_AEAD: GCM and CCM; CHACHA_AEAD: ChaCha20-Poly1305) through each
    bus: known answers, random messages, forged tags, and a message's cycles against the native
    port."""
    perf = run_bench(bus, engine, aead=True)
    fig = perf[f"{ENGINES[engine]}-{bus}"]
    assert fig[f"{bus}-gap0"] == fig["nat-gap0"]
