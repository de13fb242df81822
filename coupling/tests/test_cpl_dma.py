"""cpl_dma: the cocotb bench (coupling/tests/cpl_dma_tb.py) with a memory model and unit models,
for both port widths, and a Verilator -Wall lint of the module in both widths."""
from __future__ import annotations

import json
import subprocess

import pytest

from sim.cocotb_run import BUILD, ROOT, run

SOURCES = ["coupling/rtl/cpl_dma.v"]
ENGINES = 0x36          # AES, PRINCE, ChaCha, SHA-3 attached; PRESENT absent (ENGINE check)


@pytest.mark.parametrize("dma_bits", [32, 128])
def test_cpl_dma(dma_bits: int) -> None:
    perf = BUILD / f"cpl_dma_perf_{dma_bits}.json"
    perf.unlink(missing_ok=True)
    run(f"cpl-dma-{dma_bits}", "cpl_dma", SOURCES, "coupling.tests.cpl_dma_tb",
        parameters={"DMA_BITS": dma_bits, "ENGINES": ENGINES},
        extra_env={"DMA_BITS": str(dma_bits), "CPL_DMA_PERF_JSON": str(perf)})
    figures = json.loads(perf.read_text())
    print(f"cpl_dma DMA_BITS={dma_bits}: {figures}")
    assert "rolled_4k_cycles" in figures and "pipelined_4k_cycles" in figures


@pytest.mark.parametrize("dma_bits", [32, 128])
def test_cpl_dma_lint(dma_bits: int) -> None:
    cmd = ["verilator", "--lint-only", "-Wall", f"-I{ROOT / 'build' / 'gen'}", *SOURCES,
           "--top-module", "cpl_dma", f"-GDMA_BITS={dma_bits}", f"-GENGINES={ENGINES}"]
    res = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
