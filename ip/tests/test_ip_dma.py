# SPDX-License-Identifier: Apache-2.0
"""The wrappers' DMA (DMA = 1) as an AXI4 and a Wishbone B4 pipelined master (cocotb bench
ip/tests/ip_dma_tb.py on ip/tests/ip_axi_dma_top.v and ip_wb_dma_top.v).

CI size (Icarus): AES over AXI4 and ChaCha over Wishbone (identity, random jobs, bus errors).
`make ip-long` (IP_LONG=1, Verilator): every engine on both buses, 40 jobs each, and the cycles
of the 16-byte and 4 KiB AES jobs on both buses (build/sim/ip-dma-<bus>-aes-long-*-perf.json)."""
from __future__ import annotations

import json
import os

import pytest

from sim.cocotb_run import BUILD, run

# AES and ChaCha through their AEAD builds' lists (aead_top, chachapoly_top: AES_AEAD, CHACHA_AEAD)
SOURCES = [f"engines/{e}/rtl/sources.f" for e in ("aead", "prince", "present", "chachapoly",
                                                   "sha3")]
SOURCES += ["coupling/rtl/sources.f", "ip/rtl/ip_engine_core.v", "ip/rtl/ip_dma_axi.v",
            "ip/rtl/ip_dma_wb.v", "ip/rtl/ip_axil_engine.v", "ip/rtl/ip_wb_engine.v"]
TB = "ip.tests.ip_dma_tb"
LONG = os.environ.get("IP_LONG", "0") == "1"
ENGINES = {1: "aes", 2: "prince", 3: "present", 4: "chacha", 5: "sha3"}
CI = {("axi", 1), ("wb", 4)}


def run_bench(bus: str, engine: int, aead: bool = False) -> dict | None:
    figures = engine == 1 and LONG and not aead
    name = f"ip-dma-{bus}-{ENGINES[engine]}{'-aead' if aead else ''}{'-long' if LONG else ''}"
    sim = "verilator" if LONG else "icarus"
    perf = BUILD / f"{name}-{sim}-perf.json"
    perf.unlink(missing_ok=True)
    run(name, f"ip_{bus}_dma_top", SOURCES + [f"ip/tests/ip_{bus}_dma_top.v"], TB, sim=sim,
        parameters={"ENGINE": engine, "AES_AEAD": int(aead and engine == 1),
                    "CHACHA_AEAD": int(aead and engine == 4)},
        testcase=["test_aead_jobs", "test_aead_msg_jobs"] if aead else None,
        extra_env={"IP_BUS": bus, "IP_ENGINE": str(engine), "IP_PERF_JSON": str(perf),
                   "IP_AEAD": str(int(aead)),
                   "IP_JOBS": "40" if LONG else ("2" if aead else "4"),
                   "IP_FIGURES": "1" if figures else "0"})
    return json.loads(perf.read_text()) if figures else None


PAIRS = [pytest.param(bus, engine, id=f"{bus}-{engine}",
                      marks=[] if (bus, engine) in CI else [pytest.mark.long])
         for bus in ("axi", "wb") for engine in sorted(ENGINES)]


@pytest.mark.parametrize("bus,engine", PAIRS)
def test_ip_dma(bus: str, engine: int) -> None:
    """DMA window identity, random jobs against the references with master-side back-pressure,
    bus errors mid-job; long, AES: the cycles of a 4 KiB job (printed, in the perf file)."""
    fig = run_bench(bus, engine)
    if fig:
        print(f"DMA over {bus}: {fig}")


AEAD_PAIRS = [pytest.param(bus, engine, id=f"{bus}-{ENGINES[engine]}",
                           marks=[] if (bus, engine) == ("wb", 4) else [pytest.mark.long])
              for bus in ("axi", "wb") for engine in (1, 4)]


@pytest.mark.parametrize("bus,engine", AEAD_PAIRS)
def test_ip_dma_aead(bus: str, engine: int) -> None:
    """The AEAD builds' DMA: GCM and CCM (AES_AEAD) or ChaCha20-Poly1305 (CHACHA_AEAD)
    messages as continuation jobs, against pycryptodome, with forged tags."""
    run_bench(bus, engine, aead=True)
