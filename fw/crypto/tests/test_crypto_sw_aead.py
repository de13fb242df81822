# SPDX-License-Identifier: Apache-2.0
"""Software AEADs (fw/crypto: AES-GCM, AES-CCM/CCM*, ChaCha20-Poly1305, Poly1305) on the host:
NIST CAVP GCM and CCM files and the RFC 8439 vectors of cryptography-vectors, a GF(2^128)
model for GHASH, pycryptodome random differential (one-shot, streaming, misaligned, in place),
CCM* by its definition, and the refused inputs. `-m long` runs 100,000 messages per AEAD."""
from __future__ import annotations

import random
from pathlib import Path

import cryptography_vectors
import pytest
from Crypto.Cipher import AES, ChaCha20_Poly1305

import cvcrypto_host as h

VEC = Path(cryptography_vectors.__file__).resolve().parent
GCM_TAGS = (16, 15, 14, 13, 12, 8, 4)
CCM_TAGS = (4, 6, 8, 10, 12, 14, 16)


def read_records(path: Path) -> list[dict[str, str]]:
    """Records of a CAVP/NIST-style file. Fields outside a record (before its Count, or in
    [a = x, b = y] headers) are inherited by the records that follow; a bare word such as FAIL
    is a field with an empty value. Keys are upper-cased."""
    out: list[dict[str, str]] = []
    sticky: dict[str, str] = {}
    rec: dict[str, str] | None = None
    for line in path.read_text().splitlines() + [""]:
        line = line.strip()
        if line.startswith("#"):
            continue
        if not line:
            if rec is not None:
                out.append({**sticky, **rec})
                rec = None
            continue
        if line.startswith("[") and line.endswith("]"):
            for part in line[1:-1].split(","):
                if "=" in part:
                    k, v = (s.strip() for s in part.split("=", 1))
                    sticky[k.upper()] = v
            continue
        k, _, v = (s.strip() for s in line.partition("="))
        k = k.upper()
        if k == "COUNT":
            if rec is not None:
                out.append({**sticky, **rec})
            rec = {}
        if rec is None:
            sticky[k] = v
        else:
            rec[k] = v
    return out


def unhex(v: str) -> bytes:
    return v[1:-1].encode() if v.startswith('"') else bytes.fromhex(v)


# ---- GCM ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("impl", [False, "isa"], ids=["table", "isa"])
@pytest.mark.parametrize("bits", [128, 192, 256])
def test_gcm_cavp_encrypt(bits: int, impl: bool | str) -> None:
    recs = read_records(VEC / "ciphers" / "AES" / "GCM" / f"gcmEncryptExtIV{bits}.rsp")
    n = 0
    for r in recs:
        key, iv = unhex(r["KEY"]), unhex(r["IV"])
        rc, c = h.aead_init("gcm", key, ct=impl)
        assert rc == h.CV_OK
        tag = unhex(r["TAG"])
        rc, ct, t = h.aead_encrypt("gcm", c, iv, unhex(r["AAD"]), unhex(r["PT"]), len(tag),
                                   off=n & 3)
        assert rc == h.CV_OK and ct == unhex(r["CT"]) and t[:len(tag)] == tag, r
        assert t[len(tag):] == b"\xa5" * (16 - len(tag))  # nothing past tag_len
        n += 1
    assert n == 7875, n  # IV 8..1024 bits, tags 32..128 bits, texts and AAD 0..408 bits


@pytest.mark.parametrize("impl", [False, "isa"], ids=["table", "isa"])
@pytest.mark.parametrize("bits", [128, 192, 256])
def test_gcm_cavp_decrypt(bits: int, impl: bool | str) -> None:
    recs = read_records(VEC / "ciphers" / "AES" / "GCM" / f"gcmDecrypt{bits}.rsp")
    fails = 0
    for i, r in enumerate(recs):
        rc, c = h.aead_init("gcm", unhex(r["KEY"]), ct=impl)
        ct = unhex(r["CT"])
        rc, pt = h.aead_decrypt("gcm", c, unhex(r["IV"]), unhex(r["AAD"]), ct, unhex(r["TAG"]),
                                off=i & 3, in_place=bool(i & 4))
        if "FAIL" in r:
            fails += 1
            assert rc == h.CV_ERR_AUTH and pt == bytes(len(ct)), r
        else:
            assert rc == h.CV_OK and pt == unhex(r["PT"]), r
    assert len(recs) == 7875 and fails > 1000, (len(recs), fails)


def gf128_mul(x: int, y: int) -> int:
    """GCM's multiplication on 128-bit integers read big-endian from the blocks (SP 800-38D
    Algorithm 1, bit by bit)."""
    z, v = 0, y
    for i in range(127, -1, -1):
        if (x >> i) & 1:
            z ^= v
        v = (v >> 1) ^ (0xE1 << 120) if v & 1 else v >> 1
    return z


@pytest.mark.parametrize("impl", [False, "isa"], ids=["table", "isa"])
def test_ghash_block_against_gf128_model(impl: bool | str) -> None:
    rnd = random.Random(7)
    for _ in range(50):
        key = rnd.randbytes(16)
        rc, c = h.aead_init("gcm", key, ct=impl)
        hh = int.from_bytes(AES.new(key, AES.MODE_ECB).encrypt(bytes(16)), "big")
        for y, blk in ((rnd.randbytes(16), rnd.randbytes(16)), (bytes(16), bytes(15) + b"\1"),
                       (b"\xff" * 16, bytes(16))):
            yb = h.buf(y)
            h.lib().cv_gcm_sw_ghash_block(c, yb, blk)
            want = gf128_mul(int.from_bytes(y, "big") ^ int.from_bytes(blk, "big"), hh)
            assert yb.raw == want.to_bytes(16, "big")


# ---- CCM ---------------------------------------------------------------------------------------

def ccm_lengths(r: dict[str, str]) -> tuple[int, int, int]:
    return int(r["ALEN"]), int(r["PLEN"]), int(r["TLEN"])


@pytest.mark.parametrize("kind", ["VADT", "VNT", "VPT", "VTT"])
@pytest.mark.parametrize("bits", [128, 192, 256])
def test_ccm_cavp_generation(kind: str, bits: int) -> None:
    """The generation-verification files: encrypt gives CT || tag, and it decrypts back."""
    recs = read_records(VEC / "ciphers" / "AES" / "CCM" / f"{kind}{bits}.rsp")
    for i, r in enumerate(recs):
        alen, plen, tlen = ccm_lengths(r)
        aad, pt = unhex(r["ADATA"])[:alen], unhex(r["PAYLOAD"])[:plen]
        want = unhex(r["CT"])
        rc, c = h.aead_init("ccm", unhex(r["KEY"]), ct=i % 8 == 0)
        nonce = unhex(r["NONCE"])
        rc, ct, tag = h.aead_encrypt("ccm", c, nonce, aad, pt, tlen, off=i & 3)
        assert rc == h.CV_OK and ct + tag[:tlen] == want, r
        rc, back = h.aead_decrypt("ccm", c, nonce, aad, want[:plen], want[plen:], off=i & 3)
        assert rc == h.CV_OK and back == pt, r
    assert len(recs) == {"VADT": 330, "VNT": 70, "VPT": 250, "VTT": 70}[kind], len(recs)


@pytest.mark.parametrize("bits", [128, 192, 256])
def test_ccm_cavp_decryption_verification(bits: int) -> None:
    """DVPT: every nonce, tag, AAD and payload length combination, Pass and Fail records."""
    recs = read_records(VEC / "ciphers" / "AES" / "CCM" / f"DVPT{bits}.rsp")
    fails = 0
    for i, r in enumerate(recs):
        alen, plen, tlen = ccm_lengths(r)
        rc, c = h.aead_init("ccm", unhex(r["KEY"]))
        ct = unhex(r["CT"])
        rc, pt = h.aead_decrypt("ccm", c, unhex(r["NONCE"]), unhex(r["ADATA"])[:alen],
                                ct[:plen], ct[plen:], off=i & 3, in_place=bool(i & 4))
        if r["RESULT"].startswith("Fail"):
            fails += 1
            assert rc == h.CV_ERR_AUTH and pt == bytes(plen), r
        else:
            assert rc == h.CV_OK and pt == unhex(r["PAYLOAD"])[:plen], r
    assert len(recs) == 240 and 50 < fails < 200, (len(recs), fails)


def test_ccm_aad_length_encodings() -> None:
    """The AAD length takes 2 bytes below 0xff00, 0xff 0xfe + 4 bytes from there on."""
    rnd = random.Random(38)
    rc, c = h.aead_init("ccm", bytes(range(16)))
    for n in (1, 0xfeff, 0xff00, 0xff01, 0x10000):
        aad, pt = rnd.randbytes(n), rnd.randbytes(37)
        ct_ref, tag_ref = reference("ccm", bytes(range(16)), bytes(11), aad, pt, 12)
        rc, ct, tag = h.aead_encrypt("ccm", c, bytes(11), aad, pt, 12)
        assert rc == h.CV_OK and ct == ct_ref and tag[:12] == tag_ref, n


def ccm_star_reference(key: bytes, nonce: bytes, pt: bytes) -> bytes:
    """CCM* without authentication by its definition: counter mode from A_1 = flags (q - 1) ||
    nonce || 1, counting in the last q bytes."""
    q = 15 - len(nonce)
    return AES.new(key, AES.MODE_CTR, nonce=bytes([q - 1]) + nonce,
                   initial_value=1).encrypt(pt)


def test_ccm_star_tag_length_zero() -> None:
    rnd = random.Random(802154)
    for i in range(300):
        key = rnd.randbytes(rnd.choice((16, 24, 32)))
        nonce = rnd.randbytes(rnd.randint(7, 13))
        pt = rnd.randbytes(rnd.choice((0, 1, 15, 16, 17, rnd.randint(0, 600))))
        aad = rnd.randbytes(rnd.randint(0, 40))
        rc, c = h.aead_init("ccm", key, ct=i % 5 == 0)
        rc, ct, tag = h.aead_encrypt("ccm", c, nonce, aad, pt, 0, off=i & 3, in_place=bool(i & 4))
        assert rc == h.CV_OK and ct == ccm_star_reference(key, nonce, pt)
        assert tag == b"\xa5" * 16  # no tag written
        rc, back = h.aead_decrypt("ccm", c, nonce, aad, ct, b"", off=i & 3)
        assert rc == h.CV_OK and back == pt
        if pt:  # the keystream is that of CCM with a tag: same counter blocks A_1, A_2, ...
            rc, ct4, _ = h.aead_encrypt("ccm", c, nonce, aad, pt, 4)
            assert ct4 == ct


# ---- ChaCha20-Poly1305 and Poly1305 ------------------------------------------------------------

def test_chachapoly_rfc8439_vectors() -> None:
    n = bad = 0
    for name in ("boringssl.txt", "openssl.txt"):
        for r in read_records(VEC / "ciphers" / "ChaCha20Poly1305" / name):
            key = unhex(r["KEY"])
            nonce = unhex(r.get("NONCE") or r["IV"])
            aad = unhex(r.get("AD", r.get("AAD", "")))
            pt = unhex(r.get("IN") or r.get("PLAINTEXT", ""))
            ct, tag = unhex(r.get("CT") or r.get("CIPHERTEXT", "")), unhex(r["TAG"])
            rc, c = h.aead_init("chachapoly", key)
            assert rc == h.CV_OK
            rc, got, t = h.aead_encrypt("chachapoly", c, nonce, aad, pt, 16, off=n & 3)
            assert rc == h.CV_OK and got == ct, r
            rc, back = h.aead_decrypt("chachapoly", c, nonce, aad, ct, tag, off=n & 3)
            if r.get("RESULT") == "CIPHERFINAL_ERROR":
                bad += 1
                assert t != tag and rc == h.CV_ERR_AUTH and back == bytes(len(ct)), r
            else:
                assert t == tag and rc == h.CV_OK and back == pt, r
            n += 1
    assert n == 66 + 5 and bad >= 1, (n, bad)


def test_poly1305_rfc8439_vectors() -> None:
    recs = read_records(VEC / "poly1305" / "rfc7539.txt")
    for r in recs:
        assert h.poly1305(unhex(r["KEY"]), unhex(r["MSG"])) == unhex(r["TAG"]), r
    assert len(recs) >= 11


def poly1305_model(key: bytes, msg: bytes) -> int:
    r = int.from_bytes(key[:16], "little") & 0x0FFFFFFC0FFFFFFC0FFFFFFC0FFFFFFF
    acc, p = 0, (1 << 130) - 5
    for i in range(0, len(msg), 16):
        acc = (acc + int.from_bytes(msg[i:i + 16] + b"\1", "little")) * r % p
    return (acc + int.from_bytes(key[16:], "little")) % (1 << 128)


def test_poly1305_random_and_extremes_against_model() -> None:
    """Limb carries at their limits: all-ones keys and messages, h just above and below p."""
    rnd = random.Random(1305)
    keys = [b"\xff" * 32, bytes(16) + b"\xff" * 16, b"\xff" * 16 + bytes(16)]
    for i in range(300):
        key = keys[i % 3] if i < 60 else rnd.randbytes(32)
        m = (b"\xff" * rnd.randint(0, 200)) if i % 2 else rnd.randbytes(rnd.randint(0, 300))
        assert h.poly1305(key, m) == poly1305_model(key, m).to_bytes(16, "little")


# ---- random differential against pycryptodome --------------------------------------------------

def reference(alg: str, key: bytes, nonce: bytes, aad: bytes, pt: bytes,
              tag_len: int) -> tuple[bytes, bytes]:
    if alg == "gcm":
        e = AES.new(key, AES.MODE_GCM, nonce=nonce, mac_len=tag_len)
    elif alg == "ccm":
        e = AES.new(key, AES.MODE_CCM, nonce=nonce, mac_len=tag_len)
    else:
        e = ChaCha20_Poly1305.new(key=key, nonce=nonce)
    e.update(aad)
    return e.encrypt_and_digest(pt)


def random_case(alg: str, rnd: random.Random, max_len: int) -> tuple:
    if alg == "gcm":
        key = rnd.randbytes(rnd.choice((16, 24, 32)))
        nonce = rnd.randbytes(12 if rnd.random() < 0.6 else rnd.randint(1, 80))
        tag_len = rnd.choice(GCM_TAGS)
    elif alg == "ccm":
        key = rnd.randbytes(rnd.choice((16, 24, 32)))
        nonce = rnd.randbytes(rnd.randint(7, 13))
        tag_len = rnd.choice(CCM_TAGS)
    else:
        key, nonce, tag_len = rnd.randbytes(32), rnd.randbytes(12), 16
    n = rnd.choice((0, 1, 15, 16, 17, 63, 64, 65, rnd.randint(0, max_len), rnd.randint(0, max_len)))
    if alg == "ccm" and len(nonce) == 13:
        n = min(n, 0xffff)  # a 2-byte length field
    aad = rnd.randbytes(rnd.choice((0, 1, 16, 32, rnd.randint(0, 300))))
    return key, nonce, aad, rnd.randbytes(n), tag_len


def differential(alg: str, count: int, max_len: int, seed: int) -> None:
    rnd = random.Random(seed)
    for i in range(count):
        key, nonce, aad, pt, tag_len = random_case(alg, rnd, max_len)
        ct_ref, tag_ref = reference(alg, key, nonce, aad, pt, tag_len)
        # every third message of GCM and CCM on the isa version (the AES on Zkne/Zknd, GCM's
        # GHASH on Zbkc), every 16th CCM message on the constant-time AES
        impl = "isa" if alg != "chachapoly" and i % 3 == 1 else (alg == "ccm" and i % 16 == 0)
        rc, c = h.aead_init(alg, key, ct=impl)
        assert rc == h.CV_OK
        off, inp = rnd.randint(0, 3), rnd.random() < 0.3
        rc, ct, tag = h.aead_encrypt(alg, c, nonce, aad, pt, tag_len, off=off, in_place=inp)
        assert rc == h.CV_OK and ct == ct_ref and tag[:tag_len] == tag_ref, (i, len(pt))
        rc, back = h.aead_decrypt(alg, c, nonce, aad, ct, tag_ref, off=off, in_place=inp)
        assert rc == h.CV_OK and back == pt, i
        forged = bytearray(tag_ref)
        forged[rnd.randrange(tag_len)] ^= 1 << rnd.randrange(8)
        rc, back = h.aead_decrypt(alg, c, nonce, aad, ct, bytes(forged), off=off)
        assert rc == h.CV_ERR_AUTH and back == bytes(len(pt)), i
        if ct and i % 2:
            bad_ct = bytearray(ct)
            bad_ct[rnd.randrange(len(ct))] ^= 1 << rnd.randrange(8)
            rc, back = h.aead_decrypt(alg, c, nonce, aad, bytes(bad_ct), tag_ref)
            assert rc == h.CV_ERR_AUTH and back == bytes(len(ct)), i


@pytest.mark.parametrize("alg", list(h.AEADS))
def test_random_differential(alg: str) -> None:
    differential(alg, 400, 4096, seed=sum(alg.encode()))


@pytest.mark.long
@pytest.mark.parametrize("alg", list(h.AEADS))
def test_random_differential_long(alg: str) -> None:
    differential(alg, 100_000, 4096, seed=0x4200 + len(alg))


@pytest.mark.parametrize("alg", list(h.AEADS))
def test_streaming_matches_one_shot(alg: str) -> None:
    """Random call boundaries in the AAD and the text, both directions; the AAD-only and empty
    messages too."""
    rnd = random.Random(len(alg) * 31)
    for i in range(150):
        key, nonce, aad, pt, tag_len = random_case(alg, rnd, 700)
        if i % 10 == 0:
            pt = b""
        ct_ref, tag_ref = reference(alg, key, nonce, aad, pt, tag_len)
        rc, c = h.aead_init(alg, key, ct="isa" if alg != "chachapoly" and i % 2 else False)
        acuts = sorted(rnd.randint(0, len(aad)) for _ in range(rnd.randint(0, 4)))
        cuts = sorted(rnd.randint(0, len(pt)) for _ in range(rnd.randint(0, 6)))
        rc, ct, tag = h.aead_stream(alg, c, h.CV_ENCRYPT, nonce, aad, pt, tag_len, acuts, cuts)
        assert rc == h.CV_OK and ct == ct_ref and tag == tag_ref, i
        rc, back, _ = h.aead_stream(alg, c, h.CV_DECRYPT, nonce, aad, ct, tag_len, acuts, cuts,
                                    tag=tag_ref)
        assert rc == h.CV_OK and back == pt, i
        bad = bytes([tag_ref[0] ^ 0x80]) + tag_ref[1:]
        rc, _, _ = h.aead_stream(alg, c, h.CV_DECRYPT, nonce, aad, ct, tag_len, acuts, cuts,
                                 tag=bad)
        assert rc == h.CV_ERR_AUTH, i


# ---- refused inputs ----------------------------------------------------------------------------

def test_bad_keys() -> None:
    for alg, good in (("gcm", (16, 24, 32)), ("ccm", (16, 24, 32)), ("chachapoly", (32,))):
        for n in range(0, 40):
            rc, _ = h.aead_init(alg, bytes(n))
            assert rc == (h.CV_OK if n in good else h.CV_ERR_KEYLEN), (alg, n)


@pytest.mark.parametrize("alg", list(h.AEADS))
def test_bad_tag_and_nonce_lengths_write_nothing(alg: str) -> None:
    key = bytes(range(32)) if alg == "chachapoly" else bytes(16)
    rc, c = h.aead_init(alg, key)
    good_nonce = {"gcm": 12, "ccm": 12, "chachapoly": 12}[alg]
    good_tags = {"gcm": GCM_TAGS, "ccm": CCM_TAGS + (0,), "chachapoly": (16,)}[alg]
    pt = bytes(range(40))
    for t in range(0, 18):
        rc, ct, tag = h.aead_encrypt(alg, c, bytes(good_nonce), b"ad", pt, t)
        if t in good_tags:
            assert rc == h.CV_OK, (alg, t)
        else:
            assert rc == h.CV_ERR_OUTLEN and ct == b"\xa5" * 40 and tag == b"\xa5" * 16, (alg, t)
            rc, out = h.aead_decrypt(alg, c, bytes(good_nonce), b"ad", pt, bytes(t))
            assert rc == h.CV_ERR_OUTLEN and out == b"\xa5" * 40, (alg, t)
    good_nonces = {"gcm": range(1, 40), "ccm": range(7, 14), "chachapoly": (12,)}[alg]
    for n in range(0, 20):
        rc, ct, tag = h.aead_encrypt(alg, c, bytes(n), b"", pt, 16)
        if n in good_nonces:
            assert rc == h.CV_OK, (alg, n)
        else:
            assert rc == h.CV_ERR_ARG and ct == b"\xa5" * 40 and tag == b"\xa5" * 16, (alg, n)


def test_ccm_length_field_limit() -> None:
    """A 13-byte nonce leaves 2 length bytes: 65,535 bytes fit, 65,536 do not."""
    rc, c = h.aead_init("ccm", bytes(16))
    for n, want in ((0xffff, h.CV_OK), (0x10000, h.CV_ERR_LENGTH)):
        rc, ct, tag = h.aead_encrypt("ccm", c, bytes(13), b"", bytes(n), 8)
        assert rc == want
        if want != h.CV_OK:
            assert ct == b"\xa5" * n and tag == b"\xa5" * 16
    rc, ct, _ = h.aead_encrypt("ccm", c, bytes(12), b"", bytes(0x10000), 8)  # 3 length bytes
    assert rc == h.CV_OK


def test_streaming_order_and_lengths() -> None:
    lb = h.lib()
    rc, g = h.aead_init("gcm", bytes(16))
    b, t = h.buf(64), h.buf(16)
    assert lb.cv_gcm_sw_aad(g, b, 1) == h.CV_ERR_ARG          # no start yet
    assert lb.cv_gcm_sw_start(g, 2, b, 12, 16) == h.CV_ERR_ARG  # direction
    assert lb.cv_gcm_sw_start(g, h.CV_ENCRYPT, b, 12, 16) == h.CV_OK
    assert lb.cv_gcm_sw_update(g, b, b, 5) == h.CV_OK
    assert lb.cv_gcm_sw_aad(g, b, 1) == h.CV_ERR_ARG          # AAD after text
    assert lb.cv_gcm_sw_verify(g, t) == h.CV_ERR_ARG          # verify on an encryption
    assert lb.cv_gcm_sw_finish(g, t) == h.CV_OK
    assert lb.cv_gcm_sw_finish(g, t) == h.CV_ERR_ARG          # message ended
    assert lb.cv_gcm_sw_update(g, b, b, 1) == h.CV_ERR_ARG

    rc, c = h.aead_init("ccm", bytes(16))
    assert lb.cv_ccm_sw_start(c, h.CV_DECRYPT, b, 13, 10, 20, 8) == h.CV_OK
    assert lb.cv_ccm_sw_update(c, b, b, 4) == h.CV_ERR_LENGTH  # AAD not all given
    assert lb.cv_ccm_sw_aad(c, b, 11) == h.CV_ERR_LENGTH       # more AAD than declared
    assert lb.cv_ccm_sw_aad(c, b, 10) == h.CV_OK
    assert lb.cv_ccm_sw_update(c, b, b, 21) == h.CV_ERR_LENGTH  # more text than declared
    assert lb.cv_ccm_sw_update(c, b, b, 19) == h.CV_OK
    assert lb.cv_ccm_sw_verify(c, t) == h.CV_ERR_LENGTH        # a byte missing
    assert lb.cv_ccm_sw_finish(c, t) == h.CV_ERR_ARG           # finish on a decryption
    assert lb.cv_ccm_sw_update(c, b, b, 1) == h.CV_OK
    assert lb.cv_ccm_sw_verify(c, t) == h.CV_ERR_AUTH

    rc, p = h.aead_init("chachapoly", bytes(32))
    assert lb.cv_chachapoly_sw_start(p, h.CV_ENCRYPT, b, 8) == h.CV_ERR_ARG
    assert lb.cv_chachapoly_sw_start(p, h.CV_ENCRYPT, b, 12) == h.CV_OK
    assert lb.cv_chachapoly_sw_update(p, b, b, 3) == h.CV_OK
    assert lb.cv_chachapoly_sw_aad(p, b, 3) == h.CV_ERR_ARG
    assert lb.cv_chachapoly_sw_finish(p, t) == h.CV_OK
    assert lb.cv_chachapoly_sw_update(p, b, b, 3) == h.CV_ERR_ARG
