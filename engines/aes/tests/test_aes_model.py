# SPDX-License-Identifier: Apache-2.0
"""The Python model against every CAVP/SP 800-38A/38B vector (no simulator: fast)."""
from __future__ import annotations

import pytest

from engines.aes.model import aes_model as m
from engines.aes.model import vectors as v


def run_model(vec: v.Vector) -> bytes:
    eng = m.AesEngineModel()
    eng.load_key(vec.key)
    if vec.mode == "CMAC":
        blocks, kind = m.cmac_pad(vec.data)
        eng.set_iv(bytes(16))
        return b"".join(eng.message(m.cfg_word(m.ksz_of(vec.key), m.MODE_CMAC, kind=kind),
                                    blocks))
    if vec.iv is not None:
        eng.set_iv(vec.iv)
    n = len(vec.data)
    data = vec.data + bytes(-n % 16)     # CTR: the feeder pads and truncates
    blocks = [data[i:i + 16] for i in range(0, len(data), 16)]
    cfg = m.cfg_word(m.ksz_of(vec.key), m.MODE_NAMES[vec.mode], vec.decrypt)
    return b"".join(eng.message(cfg, blocks))[:n]


@pytest.mark.parametrize("mode", ["ECB", "CBC", "CFB", "OFB"])
def test_model_cavp(mode: str) -> None:
    vecs = v.cavp_vectors(mode)
    assert len(vecs) > 2000
    for vec in vecs:
        assert run_model(vec) == vec.expect, vec


def test_model_ctr_cmac() -> None:
    vecs = v.ctr_vectors() + v.cmac_vectors()
    assert len(vecs) == 21
    for vec in vecs:
        assert run_model(vec) == vec.expect, vec


def test_model_segments() -> None:
    """A message split in two segments (iv read back and restored) equals the whole."""
    import os
    key = os.urandom(32)
    blocks = [os.urandom(16) for _ in range(6)]
    for mode in (m.MODE_CBC, m.MODE_CFB, m.MODE_OFB, m.MODE_CTR, m.MODE_CMAC):
        kind = m.KIND_COMPLETE if mode == m.MODE_CMAC else 0
        whole = m.AesEngineModel()
        whole.load_key(key)
        whole.set_iv(bytes(16))
        ref = whole.message(m.cfg_word(2, mode, kind=kind), blocks)
        seg = m.AesEngineModel()
        seg.load_key(key)
        seg.set_iv(bytes(16))
        out = seg.message(m.cfg_word(2, mode, kind=0 if mode == m.MODE_CMAC else kind), blocks[:3])
        saved = seg.iv
        seg.zeroize()
        seg.load_key(key)
        seg.set_iv(saved)
        out += seg.message(m.cfg_word(2, mode, kind=kind), blocks[3:])
        assert out == ref
