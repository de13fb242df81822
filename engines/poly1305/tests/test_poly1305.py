# SPDX-License-Identifier: Apache-2.0
"""pytest entry points of the Poly1305 engine: model self-check and the cocotb bench."""
from __future__ import annotations

import random

from Crypto.Cipher import ChaCha20
from Crypto.Hash import Poly1305

from engines.chacha.model import chacha_model
from engines.poly1305.model import poly1305_model as model
from engines.poly1305.tests import poly1305_tb
from sim.cocotb_run import run

SOURCES = ["engines/poly1305/rtl/sources.f"]
SMOKE = ["test_rfc_vectors", "test_errors"]


def test_model_vectors() -> None:
    """The model (the RFC's definition and the engine's limb datapath with its width checks)
    against RFC 8439 2.5.2 / A.3, pycryptodome on random and extreme keys and messages, and the
    ChaCha20 block 0 one-time key (through the ChaCha engine's model)."""
    cases = poly1305_tb.rfc_cases()
    assert len(cases) >= 12
    for key, msg, ref in cases:
        assert model.tag(key, msg) == ref
        assert model.tag_limbs(key, msg) == ref
    rng = random.Random(5)
    for n in range(600):
        key = rng.randbytes(32) if n % 4 else b"\xff" * 32
        ln = rng.randint(0, 130)
        msg = rng.randbytes(ln) if n % 3 else b"\xff" * ln
        ref = poly1305_tb.reference(key, msg)
        assert model.tag(key, msg) == ref and model.tag_limbs(key, msg) == ref, n
    for _ in range(10):
        key, nonce, msg = rng.randbytes(32), rng.randbytes(12), rng.randbytes(rng.randint(0, 99))
        otk = chacha_model.block(key, chacha_model.make_iv(0, nonce))[:32]
        ref = Poly1305.new(key=key, cipher=ChaCha20, nonce=nonce, data=msg).digest()
        assert model.tag_limbs(otk, msg) == ref


def test_poly1305_verilator() -> None:
    run("poly1305", "poly1305_top", SOURCES, "engines.poly1305.tests.poly1305_tb",
        sim="verilator")


def test_poly1305_icarus_smoke() -> None:
    run("poly1305", "poly1305_top", SOURCES, "engines.poly1305.tests.poly1305_tb", sim="icarus",
        testcase=SMOKE)
