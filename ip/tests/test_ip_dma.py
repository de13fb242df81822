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

SOURCES = [f"engines/{e}/rtl/sources.f" for e in ("aes", "prince", "present", "chacha", "sha3")]
SOURCES += ["coupling/rtl/sources.f", "ip/rtl/ip_engine_core.v", "ip/rtl/ip_dma_axi.v",
            "ip/rtl/ip_dma_wb.v", "ip/rtl/ip_axil_engine.v", "ip/rtl/ip_wb_engine.v"]
TB = "ip.tests.ip_dma_tb"
LONG = os.environ.get("IP_LONG", "0") == "1"
ENGINES = {1: "aes", 2: "prince", 3: "present", 4: "chacha", 5: "sha3"}
CI = {("axi", 1), ("wb", 4)}


def run_bench(bus: str, engine: int) -> dict | None:
    figures = engine == 1 and LONG
    name = f"ip-dma-{bus}-{ENGINES[engine]}{'-long' if LONG else ''}"
    sim = "verilator" if LONG else "icarus"
    perf = BUILD / f"{name}-{sim}-perf.json"
    perf.unlink(missing_ok=True)
    run(name, f"ip_{bus}_dma_top", SOURCES + [f"ip/tests/ip_{bus}_dma_top.v"], TB, sim=sim,
        parameters={"ENGINE": engine},
        extra_env={"IP_BUS": bus, "IP_ENGINE": str(engine), "IP_PERF_JSON": str(perf),
                   "IP_JOBS": "40" if LONG else "4", "IP_FIGURES": "1" if figures else "0"})
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
