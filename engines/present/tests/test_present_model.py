# SPDX-License-Identifier: Apache-2.0
"""The PRESENT Python model against every PRESENT row of VECTORS.md, plus self-consistency."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engines.present.model import present_model as model
from engines.present.tests.present_tb import VECTORS

SPEC = Path("/work/shared/spec/VECTORS.md")


def spec_rows() -> list[tuple[int, int, int, int]]:
    """The PRESENT table of VECTORS.md (key bits, key, plaintext, ciphertext)."""
    text = SPEC.read_text()
    section = text.split("## PRESENT", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0] in ("80", "128") and \
                all(re.fullmatch(r"[0-9a-fA-F]+", c) for c in cells[1:]):
            rows.append((int(cells[0]), int(cells[1], 16), int(cells[2], 16), int(cells[3], 16)))
    return rows


@pytest.mark.parametrize("bits,key,pt,ct", VECTORS)
def test_known_answers(bits: int, key: int, pt: int, ct: int) -> None:
    assert model.encrypt(pt, key, bits) == ct
    assert model.decrypt(ct, key, bits) == pt


def test_all_spec_rows() -> None:
    rows = spec_rows()
    assert len(rows) == 8
    assert sorted(rows) == sorted(VECTORS), "bench table differs from VECTORS.md"
    for bits, key, pt, ct in rows:
        assert model.encrypt(pt, key, bits) == ct


@pytest.mark.parametrize("bits", [80, 128])
def test_inverse_and_schedule(bits: int) -> None:
    rng = random.Random(bits)
    for _ in range(100):
        key, x = rng.getrandbits(bits), rng.getrandbits(64)
        assert model.decrypt(model.encrypt(x, key, bits), key, bits) == x
        assert model.p_layer(model.p_layer(x), inverse=True) == x
        assert model.s_layer(model.s_layer(x), inverse=True) == x
        # the backward key step (what decryption runs in hardware) undoes the forward one
        k = model.decrypt_start_key(key, bits)
        for rnd in range(31, 0, -1):
            k = model.key_update_inv(k, rnd, bits)
        assert k == key
        assert model.key_from_bus(model.key_to_bus(key, bits), bits) == key
