# SPDX-License-Identifier: Apache-2.0
"""The AEAD model (engines/aead/model) against the CAVP GCM and CCM files and pycryptodome's
own AES-GCM, AES-CCM and (for CCM* with no tag) AES-CTR; no simulator."""
from __future__ import annotations

import os
import random

import pytest
from Crypto.Cipher import AES
from Crypto.Util import Counter

from engines.aead.model import aead_model as m
from engines.aead.model import vectors as v

# every record with AEAD_MODEL_ALL=1, else each section's first records and every failing one
ALL = os.environ.get("AEAD_MODEL_ALL", "0") == "1"


def _sample(recs: list[dict], key: str) -> list[dict]:
    if ALL:
        return recs
    seen, out = set(), []
    for r in recs:
        sec = tuple(len(r.get(k, b"")) for k in key.split(","))
        if sec not in seen or (r["fail"] and len(out) % 7 == 0):
            seen.add(sec)
            out.append(r)
    return out


def gcm_run(r: dict, dec: bool) -> m.Result:
    eng = m.Engine(r["Key"])
    ivreg, ivb, ph = m.gcm_phases(r["IV"], r["AAD"], r["CT"] if dec else r["PT"],
                                  r["Tag"] if dec else None)
    return eng.message(m.MODE_GCM, dec, len(r["Tag"]), ivreg, ph, ivb=ivb)


def ccm_run(r: dict, dec: bool) -> m.Result:
    eng = m.Engine(r["Key"])
    b0, ph = m.ccm_phases(r["Nonce"], r["Tlen"], r["Adata"], r["CT"] if dec else r["Payload"],
                          r["Tag"] if dec else None)
    return eng.message(m.MODE_CCM, dec, r["Tlen"], b0, ph)


@pytest.mark.parametrize("keylen", (128, 192, 256))
def test_gcm_cavp(keylen: int) -> None:
    n = 0
    for r in _sample(v.gcm_records("enc", keylen), "IV,PT,AAD,Tag"):
        res = gcm_run(r, dec=False)
        assert res.err == 0 and res.data[:len(r["PT"])] == r["CT"], r
        assert res.final[:len(r["Tag"])] == r["Tag"], r
        n += 1
    for r in _sample(v.gcm_records("dec", keylen), "IV,CT,AAD,Tag"):
        res = gcm_run(r, dec=True)
        assert res.err == (m.ERR_AUTH if r["fail"] else 0), r
        if not r["fail"]:
            assert res.data[:len(r["CT"])] == r["PT"], r
        n += 1
    assert n > 100


@pytest.mark.parametrize("keylen", (128, 192, 256))
@pytest.mark.parametrize("kind", v.CCM_FILES)
def test_ccm_cavp(kind: str, keylen: int) -> None:
    recs = v.ccm_records(kind, keylen)
    assert recs
    for r in _sample(recs, "Nonce,Adata,Payload,Tag"):
        if kind == "DVPT":
            res = ccm_run(r, dec=True)
            assert res.err == (m.ERR_AUTH if r["fail"] else 0), r
            if not r["fail"]:
                assert res.data[:r["Plen"]] == r["Payload"], r
        else:
            res = ccm_run(r, dec=False)
            assert res.err == 0 and res.data[:r["Plen"]] == r["CT"], r
            assert res.final[:r["Tlen"]] == r["Tag"], r


def test_random_pycryptodome() -> None:
    rng = random.Random(7)
    for i in range(300):
        key = rng.randbytes(rng.choice((16, 24, 32)))
        aad = rng.randbytes(rng.choice((0, rng.randint(0, 100))))
        pt = rng.randbytes(rng.choice((0, rng.randint(0, 200))))
        eng = m.Engine(key)
        if i % 2:
            iv = rng.randbytes(rng.choice((12, 12, 1, 8, 16, 60)))
            tl = rng.choice(m.GCM_TAGS)
            ref = AES.new(key, AES.MODE_GCM, nonce=iv, mac_len=16)
            ref.update(aad)
            ct, tag = ref.encrypt_and_digest(pt)
            ivreg, ivb, ph = m.gcm_phases(iv, aad, pt)
            res = eng.message(m.MODE_GCM, False, tl, ivreg, ph, ivb=ivb)
            assert res.data[:len(pt)] == ct and res.final == tag[:tl] + bytes(16 - tl)
            ivreg, ivb, ph = m.gcm_phases(iv, aad, ct, tag[:tl])
            res = eng.message(m.MODE_GCM, True, tl, ivreg, ph, ivb=ivb)
            assert res.err == 0 and res.data[:len(pt)] == pt
            bad = bytearray(tag[:tl])
            bad[rng.randrange(tl)] ^= 1 << rng.randrange(8)
            ivreg, ivb, ph = m.gcm_phases(iv, aad, ct, bytes(bad))
            assert eng.message(m.MODE_GCM, True, tl, ivreg, ph, ivb=ivb).err == m.ERR_AUTH
        else:
            nonce = rng.randbytes(rng.randint(7, 13))
            tl = rng.choice(m.CCM_TAGS)
            if tl:
                ref = AES.new(key, AES.MODE_CCM, nonce=nonce, mac_len=tl)
                ref.update(aad)
                ct, tag = ref.encrypt_and_digest(pt)
            else:
                ct, tag = ccm_star_ctr(key, nonce, pt), b""
            b0, ph = m.ccm_phases(nonce, tl, aad, pt)
            res = eng.message(m.MODE_CCM, False, tl, b0, ph)
            assert res.data[:len(pt)] == ct and res.final == tag + bytes(16 - tl)
            b0, ph = m.ccm_phases(nonce, tl, aad, ct, tag)
            res = eng.message(m.MODE_CCM, True, tl, b0, ph)
            assert res.err == 0 and res.data[:len(pt)] == pt


def ccm_star_ctr(key: bytes, nonce: bytes, pt: bytes) -> bytes:
    """CCM* with a 0-byte tag by its definition: CTR from A_1 = flags(L') || N || 1."""
    q = 15 - len(nonce)
    ctr = Counter.new(8 * q, prefix=bytes([q - 1]) + nonce, initial_value=1)
    return AES.new(key, AES.MODE_CTR, counter=ctr).encrypt(pt)


def test_param_checks() -> None:
    eng = m.Engine(bytes(16))
    for tl in range(32):
        assert (eng.check(m.MODE_GCM, tl, bytes(16)) == 0) == (tl in m.GCM_TAGS)
    b0 = m.ccm_b0(bytes(13), 8, 0, 0)
    assert eng.check(m.MODE_CCM, 8, b0) == 0
    assert eng.check(m.MODE_CCM, 10, b0) == m.ERR_PARAM
    assert eng.check(m.MODE_CCM, 0, b0) == m.ERR_PARAM
    assert eng.check(m.MODE_CCM, 0, m.ccm_b0(bytes(13), 0, 0, 0)) == 0
    assert eng.check(m.MODE_CCM, 8, bytes([b0[0] | 0x80]) + b0[1:]) == m.ERR_PARAM
    assert eng.check(m.MODE_CCM, 8, bytes([b0[0] & 0xF8]) + b0[1:]) == m.ERR_PARAM
