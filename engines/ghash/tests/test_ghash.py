# SPDX-License-Identifier: Apache-2.0
"""pytest entry points of the GHASH engine: model self-check and the cocotb bench.

`make test` runs the bench on the DIGIT 16 build (the rolled AEAD's) and an Icarus smoke run;
the one-block-per-cycle build (DIGIT 128, a model of its own) is marked long and runs in
`make ghash-long`. The AEAD's pipelined build (engines/aead, DIGIT 64) runs in make test."""
from __future__ import annotations

import os
import random

import pytest

from Crypto.Cipher import AES

from engines.ghash.model import ghash_model as model
from engines.ghash.tests import ghash_tb
from sim.cocotb_run import run

SOURCES = ["engines/ghash/rtl/sources.f"]
SMOKE = ["test_cavp", "test_errors"]


def test_model_vectors() -> None:
    """The model against every first record of each CAVP gcmEncryptExtIV section (all IV, AAD,
    PT and tag lengths, three key sizes) and random pycryptodome AES-GCM tags."""
    n = 0
    for keylen in (128, 192, 256):
        for r in ghash_tb.cavp_records(keylen):
            tag = model.gcm_tag(r["Key"], r["IV"], r["AAD"], r["CT"])
            assert tag[:len(r["Tag"])] == r["Tag"], r
            n += 1
    assert n == 3 * 525
    rng = random.Random(11)
    for _ in range(100):
        key = rng.randbytes(rng.choice((16, 24, 32)))
        iv = rng.randbytes(rng.choice((12, 1, 8, 16, 64)))
        aad, pt = rng.randbytes(rng.randint(0, 80)), rng.randbytes(rng.randint(0, 80))
        ref = AES.new(key, AES.MODE_GCM, nonce=iv)
        ref.update(aad)
        ct, tag = ref.encrypt_and_digest(pt)
        assert model.gcm_tag(key, iv, aad, ct) == tag


def _run(digit: int, sim: str, testcase: list[str] | None = None,
         env: dict[str, str] | None = None) -> None:
    name = "ghash" if digit == 16 else f"ghash-d{digit}"
    run(name, "ghash_top", SOURCES, "engines.ghash.tests.ghash_tb", sim=sim,
        parameters={"DIGIT": digit}, testcase=testcase,
        extra_env={"GHASH_DIGIT": str(digit), **(env or {})})


def test_ghash_verilator() -> None:
    _run(int(os.environ.get("GHASH_DIGIT", "16")), "verilator")


@pytest.mark.long
def test_ghash_verilator_digit128() -> None:
    """The one-block-per-cycle build (for the pipelined AES)."""
    _run(128, "verilator")


def test_ghash_icarus_smoke() -> None:
    # Icarus evaluates the 16 partial products event by event: a few records are enough here
    _run(16, "icarus", SMOKE, {"GHASH_CAVP": "4"})
