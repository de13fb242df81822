# SPDX-License-Identifier: Apache-2.0
"""cpl_dma with the real AES engine (cpl_engine 1: the hub + aes_top), bench
coupling/tests/cpl_dma_aes_tb.py: modes against pycryptodome, errors, measured cycle figures.
The rolled datapath on the 32-bit port runs in make test, also in its AEAD build (aead_top and
the DMA's message jobs: test_msg_jobs); the pipelined datapath on the 128-bit port (a large
model to build) is a `long` campaign."""
from __future__ import annotations

import json

import pytest

from sim.cocotb_run import BUILD, run

# cpl_engine names every engine in its generate branches: all engine lists, only AES is built
AES_SOURCES = [f"engines/{e}/rtl/sources.f" for e in ("aes", "prince", "present", "chacha", "sha3")]
AES_SOURCES += ["coupling/rtl/cpl_slot.v", "coupling/rtl/cpl_hub.v", "coupling/rtl/cpl_ctr64.v",
                "coupling/rtl/cpl_eng.v", "coupling/rtl/cpl_engine.v",
                "coupling/rtl/cpl_dma.v",
                "coupling/tests/cpl_dma_aes_top.v"]
# the AEAD build (AES_AEAD = 1: aead_top in place of aes_top)
AEAD_SOURCES = [f"engines/{e}/rtl/sources.f" for e in ("aead", "prince", "present", "chacha",
                                                        "sha3")] + AES_SOURCES[5:]


def _run(dma_bits: int, arch: int, aead: int = 0) -> None:
    perf = BUILD / f"cpl_dma_aes_perf_{dma_bits}_{arch}.json"
    perf.unlink(missing_ok=True)
    run(f"cpl-dma-aes-{dma_bits}-a{arch}{'-aead' if aead else ''}", "cpl_dma_aes_top",
        AEAD_SOURCES if aead else AES_SOURCES, "coupling.tests.cpl_dma_aes_tb",
        parameters={"DMA_BITS": dma_bits, "ARCH": arch, "AEAD": aead},
        extra_env={"DMA_BITS": str(dma_bits), "AES_ARCH": str(arch), "AES_AEAD": str(aead),
                   "CPL_DMA_PERF_JSON": str(perf),
                   # port A always free, as while the CPU waits on DWAIT: the figures are the
                   # SoC's (the random case: test_cpl_dma.py and the adversarial campaigns)
                   "CPL_DMA_A_FREE": "1"},
        cxx_o0=True)  # a bench of about a second: the model's build is most of the test
    if not aead:
        print(f"cpl_dma + AES DMA_BITS={dma_bits} arch {arch}: {json.loads(perf.read_text())}")


def test_cpl_dma_aes_rolled_dma32() -> None:
    _run(32, 0)


@pytest.mark.long
def test_cpl_dma_aes_pipelined_dma128() -> None:
    _run(128, 2)


def test_cpl_dma_aes_msg_rolled_dma32() -> None:
    _run(32, 0, aead=1)
