# SPDX-License-Identifier: Apache-2.0
"""The adversarial campaigns on the AEAD build of adv_top (adversarial/tests/aead_tb.py,
adversarial/aead.md): aead_top (GCM, CCM, CCM*) and chachapoly_top (ChaCha20-Poly1305) behind
the hub, the DMA with continuation and message jobs. The three campaigns run in one simulation
of one model build (the build is most of the CI cost): regfuzz-aead, dmafault-aead,
consttime-aead, each with its record. Size: ADV_OPS per campaign (consttime-aead: the CI subset
of its cases unless ADV_LONG=1); without ADV_OPS in the environment, CI_OPS (the campaigns'
directed parts, every kind of scenario and fault once per engine, take most of it). The 128-bit
DMA port: test_aead_campaigns_dma128 (marked long: a second model build), records
<campaign>-dma128."""
from __future__ import annotations

import os

import pytest

from adversarial.tests.adv_tb import COUNTERS, lint_top, merge, run_adv_top, run_campaigns

MODULE = "adversarial.tests.aead_tb"
CAMPAIGNS = {"regfuzz-aead": "mmio+cpi+dma, AEAD", "dmafault-aead": "mmio-dma+cpi-dma, AEAD",
             "consttime-aead": "mmio+cpi+dma, AEAD"}
CI_OPS = 500




def aead_campaigns(dma_bits: int) -> None:
    """The three campaigns on one DMA port width; records <campaign>.json (32-bit port) or
    <campaign>-dma128.json; every counter must be 0."""
    env = {} if "ADV_OPS" in os.environ else {"ADV_OPS": str(CI_OPS)}
    sfx = "" if dma_bits == 32 else f"-dma{dma_bits}"
    recs = [merge(n + sfx, f"{CAMPAIGNS[n]}, DMA {dma_bits}-bit", [r])
            for n, r in zip(CAMPAIGNS, run_campaigns(list(CAMPAIGNS), MODULE, dma_bits,
                                                     aead=True, env=env))]
    for rec in recs:
        print({k: v for k, v in rec.items() if not k.startswith("figures")})
        assert rec["operations"] > 0
        assert {k: rec[k] for k in COUNTERS} == dict.fromkeys(COUNTERS, 0), rec["details"]


def test_aead_campaigns() -> None:
    aead_campaigns(32)


@pytest.mark.long
def test_aead_campaigns_dma128() -> None:
    """The three campaigns on the 128-bit DMA port (a second model build: not in make test)."""
    aead_campaigns(128)


@pytest.mark.long
def test_aead_truncated_tag() -> None:
    """Directed: a truncated tag with the true tag's other bytes past LAST_BYTES fails with AUTH
    on every engine, mode and coupling (engines/aead's tag compare zero-pads)."""
    run_adv_top(32, MODULE, aead=True, testcase="truncated_tag")


@pytest.mark.long
def test_aead_zeroize_cont_job() -> None:
    """Directed: a unit ZEROIZE at each of a continuation job's first cycles ends it ABORTED (or
    DONE, had it ended) and leaves the hub's staging free (cpl_dma ends a continuation job only
    while the engine holds its key)."""
    run_adv_top(32, MODULE, aead=True, testcase="zeroize_cont_job")


def test_adv_top_aead_lint() -> None:
    """The AEAD build of adv_top is Verilator -Wall clean."""
    lint_top(32, aead=True)
