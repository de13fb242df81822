# SPDX-License-Identifier: Apache-2.0
"""pytest entry points of the ChaCha engine: model self-check and the cocotb bench."""
from __future__ import annotations

import random

from Crypto.Cipher import ChaCha20

from engines.chacha.model import chacha_model as model
from engines.chacha.tests import chacha_tb
from sim.cocotb_run import run

SOURCES = ["engines/chacha/rtl/sources.f"]
SMOKE = ["test_vectors", "test_errors"]


def test_model_vectors() -> None:
    """The model against VECTORS.md, RFC 7539 and pycryptodome before any RTL is compared to it."""
    for key, nonce, rounds, first16 in chacha_tb.KAT:
        assert model.block(key, model.make_iv(0, nonce), rounds)[:16].hex() == first16
    assert model.block(bytes(32), bytes(16), 20).hex() == chacha_tb.TC1_20_FULL
    for case in chacha_tb.rfc7539_cases():
        iv = model.make_iv(case["INITIAL_BLOCK_COUNTER"], case["NONCE"])
        assert model.encrypt(case["KEY"], iv, case["PLAINTEXT"], 20, True) == case["CIPHERTEXT"]
    rng = random.Random(7)
    for nlen in (8, 12):
        for _ in range(20):
            key, nonce, data = rng.randbytes(32), rng.randbytes(nlen), rng.randbytes(200)
            ctr = rng.getrandbits(30)
            ref = ChaCha20.new(key=key, nonce=nonce)
            ref.seek(64 * ctr)
            got = model.encrypt(key, model.make_iv(ctr, nonce), data, 20, nlen == 12)
            assert got == ref.encrypt(data)


def test_chacha_verilator() -> None:
    run("chacha", "chacha_top", SOURCES, "engines.chacha.tests.chacha_tb", sim="verilator")


def test_chacha_icarus_smoke() -> None:
    run("chacha", "chacha_top", SOURCES, "engines.chacha.tests.chacha_tb", sim="icarus",
        testcase=SMOKE)
