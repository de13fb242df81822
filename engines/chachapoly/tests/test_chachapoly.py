# SPDX-License-Identifier: Apache-2.0
"""pytest entry points of the ChaCha20-Poly1305 engine: model self-check, the cocotb bench, and
chacha_top's own bench run on chachapoly_top (plain ChaCha unchanged, cycles included)."""
from __future__ import annotations

import os
import random

import pytest
from Crypto.Cipher import ChaCha20_Poly1305

from engines.chachapoly.model import chachapoly_model as model
from sim.cocotb_run import run

SOURCES = ["engines/chachapoly/rtl/sources.f"]
SMOKE = ["test_vectors", "test_errors"]


def test_model_vectors() -> None:
    """The model against every cryptography-vectors record and 300 random messages of
    pycryptodome's ChaCha20_Poly1305 (0..300 bytes of AAD and payload)."""
    cases = model.vector_cases()
    assert len(cases) >= 60
    for c in cases:
        ct, tag = model.seal(c["key"], c["nonce"], c["aad"], c["pt"])
        pt, good = model.open_(c["key"], c["nonce"], c["aad"], c["ct"], c["tag"])
        assert good == ("fail" not in c)
        if good:
            assert (ct, tag, pt) == (c["ct"], c["tag"], c["pt"])
    rng = random.Random(1)
    for _ in range(300):
        key, nonce = rng.randbytes(32), rng.randbytes(12)
        aad, pt = rng.randbytes(rng.randint(0, 300)), rng.randbytes(rng.randint(0, 300))
        ref = ChaCha20_Poly1305.new(key=key, nonce=nonce)
        ref.update(aad)
        assert model.seal(key, nonce, aad, pt) == ref.encrypt_and_digest(pt)


def test_chachapoly_verilator() -> None:
    run("chachapoly", "chachapoly_top", SOURCES, "engines.chachapoly.tests.chachapoly_tb",
        sim="verilator", cxx_o0=True)


def test_chachapoly_plain_chacha() -> None:
    """chacha_top's bench (vectors, RFC 7539, random, counters, timing, errors) on
    chachapoly_top with CFG.AEAD = 0: same outputs, same cycles."""
    run("chachapoly", "chachapoly_top", SOURCES, "engines.chacha.tests.chacha_tb",
        sim="verilator", cxx_o0=True,
        testcase=["test_vectors", "test_rfc7539", "test_random_differential", "test_counter",
                  "test_timing", "test_errors"])


@pytest.mark.long
def test_chachapoly_vectors_all() -> None:
    """Every package record."""
    run("chachapoly", "chachapoly_top", SOURCES, "engines.chachapoly.tests.chachapoly_tb",
        sim="verilator", testcase=["test_vectors"], extra_env={"CHACHAPOLY_VECTORS": "0"})


@pytest.mark.long
def test_chachapoly_icarus_smoke() -> None:
    run("chachapoly", "chachapoly_top", SOURCES, "engines.chachapoly.tests.chachapoly_tb",
        sim="icarus", testcase=SMOKE)


@pytest.mark.long
def test_chachapoly_long() -> None:
    """CHACHAPOLY_LONG random messages up to CHACHAPOLY_LONG_MAXLEN bytes."""
    run("chachapoly", "chachapoly_top", SOURCES, "engines.chachapoly.tests.chachapoly_tb",
        sim="verilator", testcase=["test_random_differential"],
        extra_env={"CHACHAPOLY_RANDOM": os.environ.get("CHACHAPOLY_LONG", "2000"),
                   "CHACHAPOLY_MAXLEN": os.environ.get("CHACHAPOLY_LONG_MAXLEN", "4096")})
