# SPDX-License-Identifier: Apache-2.0
"""cpl_dma: the cocotb bench (coupling/tests/cpl_dma_tb.py) with a memory model and unit models,
for both port widths, without and with the port-A write queue (A_WRITE = 1, the SoC's build:
port A free in a random half of the cycles), and a Verilator -Wall lint of each build.
`make test` runs the bench on the SoC's builds (A_WRITE = 1, both widths): with port A busy in
half of the cycles their beats also take port B's alternation, the single-port behaviour. The
single-port builds (A_WRITE = 0, in no SoC) are marked long (`make coupling-long`); all four
builds are linted in make test."""
from __future__ import annotations

import json
import subprocess

import pytest

from sim.cocotb_run import BUILD, ROOT, run

SOURCES = ["coupling/rtl/cpl_dma.v"]
ENGINES = 0x36          # AES, PRINCE, ChaCha, SHA-3 attached; PRESENT absent (ENGINE check)


BUILDS = [(32, 0), (128, 0), (32, 1), (128, 1)]


@pytest.mark.parametrize("dma_bits,a_write", [
    pytest.param(w, a, marks=[] if a else [pytest.mark.long]) for w, a in BUILDS])
def test_cpl_dma(dma_bits: int, a_write: int) -> None:
    perf = BUILD / f"cpl_dma_perf_{dma_bits}_a{a_write}.json"
    perf.unlink(missing_ok=True)
    run(f"cpl-dma-{dma_bits}-a{a_write}", "cpl_dma", SOURCES, "coupling.tests.cpl_dma_tb",
        parameters={"DMA_BITS": dma_bits, "ENGINES": ENGINES, "A_WRITE": a_write},
        extra_env={"DMA_BITS": str(dma_bits), "CPL_DMA_PERF_JSON": str(perf),
                   "CPL_DMA_A_FREE": "0.5" if a_write else "0"})
    figures = json.loads(perf.read_text())
    print(f"cpl_dma DMA_BITS={dma_bits} A_WRITE={a_write}: {figures}")
    assert "rolled_4k_cycles" in figures and "pipelined_4k_cycles" in figures
    # the queue's port-A writes happened (and the bench checked every byte they wrote)
    assert (figures["a_writes"] > 0) == bool(a_write), figures["a_writes"]


@pytest.mark.parametrize("dma_bits,a_write", BUILDS)
def test_cpl_dma_lint(dma_bits: int, a_write: int) -> None:
    cmd = ["verilator", "--lint-only", "-Wall", f"-I{ROOT / 'build' / 'gen'}", *SOURCES,
           "--top-module", "cpl_dma", f"-GDMA_BITS={dma_bits}", f"-GENGINES={ENGINES}",
           f"-GA_WRITE={a_write}"]
    res = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
