# SPDX-License-Identifier: Apache-2.0
"""SHA-256, SHA-512 and HMAC-SHA-256 of fw/crypto (cv_sha2_sw.c) on the host, both versions: the
plain C one and the isa one (its instructions defined in C by cv_zk.h on the host). Against the
CAVP SHA-2 ShortMsg/LongMsg/Monte files and the RFC 4231 HMAC file of cryptography-vectors, and
hashlib/hmac on random messages, keys and split points; the bad-input codes."""
from __future__ import annotations

import ctypes
import hashlib
import hmac
import random
from pathlib import Path

import cryptography_vectors
import pytest

import cvcrypto_host as h

VEC = Path(cryptography_vectors.__file__).resolve().parent
SHA2 = VEC / "hashes" / "SHA2"
SHA256, SHA512 = 0, 1
IMPL_SW, IMPL_ISA = 0, 1
IMPLS = {"sw": IMPL_SW, "isa": IMPL_ISA}
ALGS = {"sha256": (SHA256, hashlib.sha256, 32), "sha512": (SHA512, hashlib.sha512, 64)}


def parse_rsp(path: Path) -> list[dict[str, str]]:
    """The records of a CAVP .rsp file (key = value lines, a blank line between records; comment
    lines may sit inside a record)."""
    recs, cur = [], {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line.startswith("#"):
            continue
        if not line or line.startswith("["):
            if cur:
                recs.append(cur)
                cur = {}
            continue
        if "=" in line:
            k, v = (x.strip() for x in line.split("=", 1))
            cur[k] = v
    if cur:
        recs.append(cur)
    return recs


def _msg(rec: dict[str, str]) -> bytes:
    n = int(rec["Len"])
    return bytes.fromhex(rec["Msg"])[: n // 8]


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("alg", ALGS)
@pytest.mark.parametrize("kind", ["ShortMsg", "LongMsg"])
def test_cavp_messages(alg: str, impl: str, kind: str) -> None:
    a, _, md = ALGS[alg]
    recs = [r for r in parse_rsp(SHA2 / f"{alg.upper()}{kind}.rsp") if int(r["Len"]) % 8 == 0]
    assert len(recs) >= 60
    for r in recs:
        rc, out = h.sha2(a, IMPLS[impl], _msg(r), md)
        assert rc == h.CV_OK and out.hex() == r["MD"].lower(), r["Len"]


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("alg", ALGS)
def test_cavp_monte(alg: str, impl: str) -> None:
    """SHAVS Monte Carlo: MD_i = H(MD_{i-3} || MD_{i-2} || MD_{i-1}), 1000 per checkpoint; the
    first 10 checkpoints of the file (each depends on the one before)."""
    a, _, md = ALGS[alg]
    text = (SHA2 / f"{alg.upper()}Monte.rsp").read_text()
    seed = bytes.fromhex(text.split("Seed = ")[1].split()[0])
    expect = [r["MD"] for r in parse_rsp(SHA2 / f"{alg.upper()}Monte.rsp") if "COUNT" in r]
    for j in range(10):
        m = [seed, seed, seed]
        for _ in range(1000):
            rc, out = h.sha2(a, IMPLS[impl], m[-3] + m[-2] + m[-1], md)
            assert rc == h.CV_OK
            m.append(out)
        seed = m[-1]
        assert seed.hex() == expect[j].lower(), j


def _rfc4231() -> list[tuple[bytes, bytes, bytes]]:
    """(key, message, tag) of the RFC 4231 HMAC-SHA-256 cases in cryptography-vectors."""
    return [(bytes.fromhex(r["Key"]), bytes.fromhex(r["Msg"]), bytes.fromhex(r["MD"]))
            for r in parse_rsp(VEC / "HMAC" / "rfc-4231-sha256.txt")
            if {"Key", "Msg", "MD"} <= r.keys()]


@pytest.mark.parametrize("impl", IMPLS)
def test_hmac_rfc4231(impl: str) -> None:
    recs = _rfc4231()
    assert len(recs) >= 6
    for key, data, tag in recs:
        rc, out = h.hmac_sha256(IMPLS[impl], key, data, len(tag))
        assert rc == h.CV_OK and out == tag


def _stream(lib: ctypes.CDLL, alg: int, impl: int, parts: list[bytes], md: int) -> bytes:
    c = h.ctx(9)
    assert lib.cv_sha2_sw_init(c, alg, impl) == h.CV_OK
    for p in parts:
        assert lib.cv_sha2_sw_update(c, h.buf(p), len(p)) == h.CV_OK
    out = h.buf(md)
    assert lib.cv_sha2_sw_final(c, out, md) == h.CV_OK
    return out.raw


def _split(rng: random.Random, msg: bytes) -> list[bytes]:
    cuts = sorted(rng.randrange(len(msg) + 1) for _ in range(rng.randrange(4)))
    return [msg[i:j] for i, j in zip([0, *cuts], [*cuts, len(msg)])]


@pytest.mark.parametrize("impl", IMPLS)
def test_random_against_hashlib(impl: str) -> None:
    rng = random.Random(0x5A2)
    lib = h.lib()
    for _ in range(300):
        alg = rng.choice(list(ALGS))
        a, ref, md = ALGS[alg]
        n = rng.choice([rng.randrange(300), rng.randrange(3000)])
        msg = rng.randbytes(n)
        assert _stream(lib, a, IMPLS[impl], _split(rng, msg), md) == ref(msg).digest()
        # the same bytes at an odd address: the byte-wise load path
        src, out = h.buf(b"\0" + msg), h.buf(md)
        rc = lib.cv_sha2_sw_hash(a, IMPLS[impl], ctypes.byref(src, 1), n, out, md)
        assert rc == h.CV_OK and out.raw == ref(msg).digest()


@pytest.mark.parametrize("impl", IMPLS)
def test_random_hmac(impl: str) -> None:
    rng = random.Random(0x4AC)
    lib = h.lib()
    for _ in range(200):
        key = rng.randbytes(rng.choice([0, 1, 16, 32, 63, 64, 65, 100, 200]))
        msg = rng.randbytes(rng.randrange(400))
        tag_len = rng.choice([32, 32, 16, rng.randrange(1, 33)])
        want = hmac.new(key, msg, hashlib.sha256).digest()[:tag_len]
        c = h.ctx(10)
        assert lib.cv_hmac_sha256_sw_init(c, IMPLS[impl], h.buf(key), len(key)) == h.CV_OK
        for p in _split(rng, msg):
            assert lib.cv_hmac_sha256_sw_update(c, h.buf(p), len(p)) == h.CV_OK
        out = h.buf(tag_len)
        assert lib.cv_hmac_sha256_sw_final(c, out, tag_len) == h.CV_OK
        assert out.raw == want


def test_bad_inputs() -> None:
    lib = h.lib()
    c = h.ctx(9)
    assert lib.cv_sha2_sw_init(c, 2, IMPL_SW) == h.CV_ERR_ARG
    assert lib.cv_sha2_sw_init(c, SHA256, 2) == h.CV_ERR_ARG
    assert lib.cv_sha2_sw_init(None, SHA256, IMPL_SW) == h.CV_ERR_ARG
    assert lib.cv_sha2_sw_init(c, SHA512, IMPL_ISA) == h.CV_OK
    assert lib.cv_sha2_sw_update(c, h.buf(b"abc"), 3) == h.CV_OK
    out = h.buf(64)
    assert lib.cv_sha2_sw_final(c, out, 32) == h.CV_ERR_OUTLEN       # refused, message kept
    assert lib.cv_sha2_sw_final(c, out, 64) == h.CV_OK
    assert out.raw == hashlib.sha512(b"abc").digest()
    assert lib.cv_sha2_sw_update(c, h.buf(b"x"), 1) == h.CV_ERR_ARG   # after final
    assert lib.cv_sha2_sw_final(c, out, 64) == h.CV_ERR_ARG
    assert lib.cv_sha2_sw_init(c, SHA256, IMPL_SW) == h.CV_OK
    assert lib.cv_sha2_sw_update(c, None, 1) == h.CV_ERR_ARG
    for bad in (0, 33):
        rc, _ = h.hmac_sha256(IMPL_SW, b"k", b"m", bad)
        assert rc == h.CV_ERR_OUTLEN
