# SPDX-License-Identifier: Apache-2.0
"""The coupling hub with one engine (cpl_engine 1) around aes_top, behind cpl_dispatch: MMIO,
custom instructions and the DMA word port (cocotb bench coupling/tests/cpl_engine_tb.py on
coupling/tests/cpl_engine_top.v). The benches run for about a second: the models' C++ is built
unoptimised, which halves their build. The pipelined AES with the 128-bit port, a build of its
own, is marked long (`make coupling-long`); `make bench` runs that SoC configuration whole."""
from __future__ import annotations

import json

import pytest

from sim.cocotb_run import BUILD, run

SOURCES = [f"engines/{e}/rtl/sources.f" for e in ("aes", "prince", "present", "chacha", "sha3")]
SOURCES += ["engines/ghash/rtl/sources.f", "engines/aead/rtl/aead_top.v"]
SOURCES += ["coupling/rtl/sources.f", "coupling/tests/cpl_engine_top.v"]
TB = "coupling.tests.cpl_engine_tb"


def _run(name: str, arch: int, sbox: int, dma_bits: int, sim: str = "verilator",
         quick: bool = False, testcase: list[str] | None = None, aead: int = 0) -> dict:
    perf = BUILD / f"{name}-{sim}-perf.json"
    if perf.exists():
        perf.unlink()
    run(name, "cpl_engine_top", SOURCES, TB, sim=sim,
        parameters={"ARCH": arch, "SBOX": sbox, "DMA_BITS": dma_bits, "AEAD": aead},
        testcase=testcase, cxx_o0=True,
        extra_env={"CPL_ARCH": str(arch), "CPL_DMA_BITS": str(dma_bits), "CPL_AEAD": str(aead),
                   "CPL_QUICK": "1" if quick else "0", "CPL_PERF_JSON": str(perf)})
    return json.loads(perf.read_text())


def test_cpl_engine_rolled_dma32() -> None:
    """Rolled AES, 32-bit DMA beats: every bench test."""
    perf = _run("cpl-unit-a0-d32", 0, 1, 32)
    assert perf["arch"] == 0 and perf["dma_bits"] == 32


@pytest.mark.long
def test_cpl_engine_pipelined_dma128() -> None:
    """Pipelined AES, 128-bit DMA beats: one block per cycle through the DMA word port, and the
    custom instructions."""
    perf = _run("cpl-unit-a2-d128", 2, 0, 128, testcase=["test_dma_port", "test_cpi"])
    assert perf["arch"] == 2 and perf["dma_bits"] == 128


def test_cpl_engine_icarus_smoke() -> None:
    """Icarus: rolled AES with table S-boxes, a subset of every bench test."""
    _run("cpl-unit-a0-d32-quick", 0, 0, 32, sim="icarus", quick=True)


@pytest.mark.long
def test_cpl_engine_aead() -> None:
    """The AES engine built as aead_top (AES_AEAD = 1), rolled, 32-bit DMA beats: GCM and CCM
    messages through MMIO, the custom instructions and the DMA word port against pycryptodome,
    the RESULT accounting of phases without output, a forged tag, and the AES modes unchanged.
    Marker `long` (`make coupling-long`, `make aead-long`): a model of its own, about 40 s of CPU
    to build and run, over the CI budget."""
    perf = _run("cpl-unit-a0-d32-aead", 0, 0, 32, aead=1,
                testcase=["test_aead", "test_mmio_modes"])
    assert perf["aead_gcm_blocks"] > 0
