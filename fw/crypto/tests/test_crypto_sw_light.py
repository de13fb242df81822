# SPDX-License-Identifier: Apache-2.0
"""Software PRINCE, PRESENT, ChaCha and SHA-3 (fw/crypto) on the host: known answers from the
project's VECTORS.md (embedded below), RFC 7539 and CAVP SHA-3/SHAKE files from
cryptography-vectors, hashlib, pycryptodome and the Python models (checked on the vectors)."""
from __future__ import annotations

import ctypes
import hashlib
import random
from pathlib import Path

import cryptography_vectors
import pytest
from Crypto.Cipher import ChaCha20

import cvcrypto_host as h
import cvsw_models as lm
import cvsw_prince_model as pm

VEC = Path(cryptography_vectors.__file__).resolve().parent

# ---- PRINCE / PRESENT ----------------------------------------------------------------------

PRINCE_VECTORS = [  # plaintext, k0, k1, ciphertext (VECTORS.md, from the paper's Appendix A)
    ("0000000000000000", "0000000000000000", "0000000000000000", "818665aa0d02dfda"),
    ("ffffffffffffffff", "0000000000000000", "0000000000000000", "604ae6ca03c20ada"),
    ("0000000000000000", "ffffffffffffffff", "0000000000000000", "9fb51935fc3df524"),
    ("0000000000000000", "0000000000000000", "ffffffffffffffff", "78a54cbe737bb7ef"),
    ("0123456789abcdef", "0000000000000000", "fedcba9876543210", "ae25ad3ca8fa9ccf"),
]
PRESENT_VECTORS = [  # key, plaintext, ciphertext (VECTORS.md, CHES 2007)
    ("00000000000000000000", "0000000000000000", "5579C1387B228445"),
    ("FFFFFFFFFFFFFFFFFFFF", "0000000000000000", "E72C46C0F5945049"),
    ("00000000000000000000", "FFFFFFFFFFFFFFFF", "A112FFC72F68417B"),
    ("FFFFFFFFFFFFFFFFFFFF", "FFFFFFFFFFFFFFFF", "3333DCD3213210D2"),
    ("00000000000000000000000000000000", "0000000000000000", "96DB702A2E6900AF"),
    ("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", "0000000000000000", "13238C710272A5D8"),
    ("00000000000000000000000000000000", "FFFFFFFFFFFFFFFF", "3C6019E5E5EDD563"),
    ("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", "FFFFFFFFFFFFFFFF", "628D9FBD4218E5B4"),
]


def test_prince_vectors() -> None:
    for pt, k0, k1, ct in PRINCE_VECTORS:
        p, c = int(pt, 16), int(ct, 16)
        assert pm.encrypt(p, int(k0, 16), int(k1, 16)) == c  # the model first
        assert pm.decrypt(c, int(k0, 16), int(k1, 16)) == p
        rc, cx = h.block64_init("prince", bytes.fromhex(k0 + k1))
        assert rc == h.CV_OK
        assert h.block64_ecb("prince", cx, h.CV_ENCRYPT, bytes.fromhex(pt)) == (h.CV_OK,
                                                                               bytes.fromhex(ct))
        assert h.block64_ecb("prince", cx, h.CV_DECRYPT, bytes.fromhex(ct)) == (h.CV_OK,
                                                                               bytes.fromhex(pt))


def test_present_vectors() -> None:
    for key, pt, ct in PRESENT_VECTORS:
        bits = len(key) * 4
        assert lm.present_encrypt(int(pt, 16), int(key, 16), bits) == int(ct, 16)
        assert lm.present_decrypt(int(ct, 16), int(key, 16), bits) == int(pt, 16)
        rc, cx = h.block64_init("present", bytes.fromhex(key))
        assert rc == h.CV_OK
        assert h.block64_ecb("present", cx, h.CV_ENCRYPT, bytes.fromhex(pt))[1] == \
            bytes.fromhex(ct)
        assert h.block64_ecb("present", cx, h.CV_DECRYPT, bytes.fromhex(ct))[1] == \
            bytes.fromhex(pt)


def _model_enc(name: str, key: bytes):
    if name == "prince":
        k0, k1 = int.from_bytes(key[:8], "big"), int.from_bytes(key[8:], "big")
        return (lambda b: pm.encrypt(b, k0, k1)), (lambda b: pm.decrypt(b, k0, k1))
    k, bits = int.from_bytes(key, "big"), 8 * len(key)
    return (lambda b: lm.present_encrypt(b, k, bits)), (lambda b: lm.present_decrypt(b, k, bits))


@pytest.mark.parametrize("name,key_len", [("prince", 16), ("present", 10), ("present", 16)])
def test_block64_random_ecb_ctr(name: str, key_len: int) -> None:
    rng = random.Random(key_len * 31 + len(name))
    for trial in range(12):
        key = rng.randbytes(key_len)
        enc, dec = _model_enc(name, key)
        _, cx = h.block64_init(name, key)
        blocks = [rng.getrandbits(64) for _ in range(3)]
        pt = b"".join(b.to_bytes(8, "big") for b in blocks)
        want = b"".join(enc(b).to_bytes(8, "big") for b in blocks)
        assert h.block64_ecb(name, cx, h.CV_ENCRYPT, pt) == (h.CV_OK, want)
        assert h.block64_ecb(name, cx, h.CV_DECRYPT, want) == (h.CV_OK, pt)
        assert all(dec(enc(b)) == b for b in blocks)
        # CTR: any length, 64-bit big-endian counter (carry across the low word at trial 0)
        ctr0 = (1 << 32) - 2 if trial == 0 else rng.getrandbits(64)
        n = rng.randrange(0, 30)
        data = rng.randbytes(n)
        ks = b"".join(enc((ctr0 + i) % (1 << 64)).to_bytes(8, "big")
                      for i in range((n + 7) // 8))
        rc, out, ctr1 = h.block64_ctr(name, cx, ctr0.to_bytes(8, "big"), data)
        assert rc == h.CV_OK
        assert out == bytes(a ^ b for a, b in zip(data, ks))
        assert int.from_bytes(ctr1, "big") == (ctr0 + (n + 7) // 8) % (1 << 64)


@pytest.mark.parametrize("name", ["prince", "present"])
def test_block64_bad_inputs(name: str) -> None:
    good = (16,) if name == "prince" else (10, 16)
    for kl in (0, 8, 10, 12, 15, 16, 17, 32):
        rc, _ = h.block64_init(name, bytes(kl))
        assert rc == (h.CV_OK if kl in good else h.CV_ERR_KEYLEN)
    _, cx = h.block64_init(name, bytes(16))
    for n in (1, 7, 9, 15):
        for d in (h.CV_ENCRYPT, h.CV_DECRYPT):
            rc, out = h.block64_ecb(name, cx, d, bytes(n))
            assert rc == h.CV_ERR_LENGTH and out == b"\xa5" * n
    assert h.block64_ecb(name, cx, 5, bytes(8))[0] == h.CV_ERR_ARG


# ---- ChaCha ------------------------------------------------------------------------------

TC8_KEY = "c46ec1b18ce8a878725a37e780dfb7351f68ed2e194c79fbc6aebee1a667975d"
CHACHA_VECTORS = [  # key, nonce, rounds, keystream block 0 prefix (VECTORS.md)
    ("00" * 32, "00" * 8, 8, "3e00ef2f895f40d67f5bb8e81f09a5a1"),
    ("00" * 32, "00" * 8, 20, "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
                              "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"),
    (TC8_KEY, "1ada31d5cf688221", 8, "838751b42d8ddd8a3d77f48825a2ba75"),
    (TC8_KEY, "1ada31d5cf688221", 20, "f63a89b75c2271f9368816542ba52f06"),
]


def test_chacha_vectors_model_and_c() -> None:
    for key, nonce, rounds, ks in CHACHA_VECTORS:
        k, n, want = bytes.fromhex(key), bytes.fromhex(nonce), bytes.fromhex(ks)
        assert lm.chacha_block(k, 0, n, rounds)[:len(want)] == want
        rc, cx = h.chacha_init(k, n, rounds)
        assert rc == h.CV_OK
        assert h.chacha_keystream(cx, len(want)) == want


def test_chacha_rfc7539() -> None:
    from test_crypto_sw_aes import parse_rsp
    recs = parse_rsp(VEC / "ciphers" / "ChaCha20" / "rfc7539.txt")
    assert len(recs) == 3
    for _, r in recs:
        _, cx = h.chacha_init(bytes.fromhex(r["KEY"]), bytes.fromhex(r["NONCE"]), 20)
        h.lib().cv_chacha_sw_set_counter(cx, ctypes.c_uint64(int(r["INITIAL_BLOCK_COUNTER"])))
        assert h.chacha_xor(cx, bytes.fromhex(r["PLAINTEXT"])) == bytes.fromhex(r["CIPHERTEXT"])


@pytest.mark.parametrize("nonce_len", [8, 12])
def test_chacha20_vs_pycryptodome(nonce_len: int) -> None:
    rng = random.Random(nonce_len)
    for _ in range(25):
        key, nonce = rng.randbytes(32), rng.randbytes(nonce_len)
        data = rng.randbytes(rng.randrange(0, 700))
        _, cx = h.chacha_init(key, nonce, 20)
        # split into random pieces: the leftover keystream must carry over
        out, pos = b"", 0
        while pos < len(data):
            step = rng.randrange(1, 150)
            out += h.chacha_xor(cx, data[pos:pos + step])
            pos += step
        assert out == ChaCha20.new(key=key, nonce=nonce).encrypt(data)
        assert h.lib().cv_chacha_sw_get_counter(cx) == (len(data) + 63) // 64


def test_chacha_counter_carry_and_get() -> None:
    lib = h.lib()
    key, nonce = bytes(range(32)), bytes(range(8))
    _, cx = h.chacha_init(key, nonce, 20)
    start = (1 << 32) - 1
    lib.cv_chacha_sw_set_counter(cx, ctypes.c_uint64(start))
    got = h.chacha_keystream(cx, 130)
    ref = ChaCha20.new(key=key, nonce=nonce)
    ref.seek(64 * start)
    assert got == ref.encrypt(bytes(130))  # carries into word 13
    assert lib.cv_chacha_sw_get_counter(cx) == start + 3
    # RFC 8439 wraps its 32-bit counter
    _, cx = h.chacha_init(key, bytes(12), 12)
    lib.cv_chacha_sw_set_counter(cx, ctypes.c_uint64(start))
    assert h.chacha_keystream(cx, 128) == lm.chacha_stream(key, bytes(12), 12, 128, start)
    assert lib.cv_chacha_sw_get_counter(cx) == 1


@pytest.mark.parametrize("rounds", [8, 12, 20])
@pytest.mark.parametrize("key_len,nonce_len", [(32, 8), (16, 8), (32, 12), (16, 12)])
def test_chacha_vs_model(rounds: int, key_len: int, nonce_len: int) -> None:
    rng = random.Random(rounds * 100 + key_len + nonce_len)
    for _ in range(4):
        key, nonce = rng.randbytes(key_len), rng.randbytes(nonce_len)
        n = rng.randrange(0, 300)
        _, cx = h.chacha_init(key, nonce, rounds)
        data = rng.randbytes(n)
        cut = rng.randrange(0, n + 1)
        out = h.chacha_xor(cx, data[:cut]) + h.chacha_xor(cx, data[cut:])
        ks = lm.chacha_stream(key, nonce, rounds, n)
        assert out == bytes(a ^ b for a, b in zip(data, ks))


def test_chacha_bad_inputs() -> None:
    assert h.chacha_init(bytes(24), bytes(8), 20)[0] == h.CV_ERR_KEYLEN
    assert h.chacha_init(bytes(32), bytes(16), 20)[0] == h.CV_ERR_ARG
    for r in (0, 4, 10, 21):
        assert h.chacha_init(bytes(32), bytes(8), r)[0] == h.CV_ERR_ROUNDS


# ---- SHA-3 -------------------------------------------------------------------------------

ALGS = {"sha3_224": 0, "sha3_256": 1, "sha3_384": 2, "sha3_512": 3, "shake_128": 4,
        "shake_256": 5}
RATES = {"sha3_224": 144, "sha3_256": 136, "sha3_384": 104, "sha3_512": 72, "shake_128": 168,
         "shake_256": 136}


def _ref(name: str, msg: bytes, n: int) -> bytes:
    o = hashlib.new(name, msg)
    return o.digest(n) if name.startswith("shake") else o.digest()


@pytest.mark.parametrize("name", list(ALGS))
def test_sha3_vs_hashlib(name: str) -> None:
    rng = random.Random(ALGS[name])
    rate = RATES[name]
    lens = [0, 1, 7, 8, 9, rate - 1, rate, rate + 1, 2 * rate - 1, 2 * rate, 3 * rate + 5, 5000]
    lens += [rng.randrange(0, 1000) for _ in range(10)]
    for n in lens:
        msg = rng.randbytes(n)
        out_len = hashlib.new(name).digest_size if not name.startswith("shake") else \
            rng.choice([0, 1, 16, 32, rate - 1, rate, rate + 1, 3 * rate + 7])
        assert h.sha3(ALGS[name], msg, out_len) == (h.CV_OK, _ref(name, msg, out_len)), n


@pytest.mark.parametrize("name", list(ALGS))
def test_sha3_incremental(name: str) -> None:
    """update in random pieces (crossing lanes and the rate), SHAKE squeezed in pieces."""
    lib = h.lib()
    rng = random.Random(50 + ALGS[name])
    for _ in range(8):
        msg = rng.randbytes(rng.randrange(0, 800))
        cx = h.ctx(4)
        assert lib.cv_sha3_sw_init(cx, ALGS[name]) == h.CV_OK
        pos = 0
        while pos < len(msg):
            step = rng.randrange(0, 200)
            assert lib.cv_sha3_sw_update(cx, h.buf(msg[pos:pos + step]),
                                         len(msg[pos:pos + step])) == h.CV_OK
            pos += step
        if name.startswith("shake"):
            total = rng.randrange(0, 600)
            got = b""
            first = True
            while len(got) < total or first:
                step = min(rng.randrange(0, 200), total - len(got))
                o = h.buf(step)
                fn = lib.cv_sha3_sw_final if first else lib.cv_sha3_sw_squeeze
                assert fn(cx, o, step) == h.CV_OK
                got += o.raw
                first = False
            assert got == _ref(name, msg, total)
        else:
            n = hashlib.new(name).digest_size
            o = h.buf(n)
            assert lib.cv_sha3_sw_final(cx, o, n) == h.CV_OK
            assert o.raw == _ref(name, msg, n)


def _cavp(path: Path) -> list[dict[str, str]]:
    """Records of a CAVP hash file (fields of blank-line separated groups)."""
    recs = []
    rec: dict[str, str] = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line.startswith("#") or line.startswith("["):
            continue
        if not line:
            if rec:
                recs.append(rec)
            rec = {}
            continue
        k, v = (s.strip() for s in line.split("=", 1))
        rec[k] = v
    if rec:
        recs.append(rec)
    return recs


@pytest.mark.parametrize("bits", [224, 256, 384, 512])
def test_sha3_cavp(bits: int) -> None:
    n = 0
    for kind in ("ShortMsg", "LongMsg"):
        for r in _cavp(VEC / "hashes" / "SHA3" / f"SHA3_{bits}{kind}.rsp"):
            if "Len" not in r or int(r["Len"]) % 8:
                continue
            msg = bytes.fromhex(r["Msg"])[: int(r["Len"]) // 8]
            assert h.sha3(ALGS[f"sha3_{bits}"], msg, bits // 8) == (h.CV_OK,
                                                                    bytes.fromhex(r["MD"]))
            n += 1
    assert n > 100


@pytest.mark.parametrize("bits", [128, 256])
def test_shake_cavp(bits: int) -> None:
    n = 0
    for kind in ("ShortMsg", "LongMsg", "VariableOut"):
        for r in _cavp(VEC / "hashes" / "SHAKE" / f"SHAKE{bits}{kind}.rsp"):
            out = r.get("Output")
            if out is None or ("Len" in r and int(r["Len"]) % 8):
                continue
            msg = bytes.fromhex(r["Msg"])
            if "Len" in r:
                msg = msg[: int(r["Len"]) // 8]
            olen = int(r["Outputlen"]) // 8 if "Outputlen" in r else len(out) // 2
            if "Outputlen" in r and int(r["Outputlen"]) % 8:
                continue
            assert h.sha3(ALGS[f"shake_{bits}"], msg, olen) == (h.CV_OK, bytes.fromhex(out))
            n += 1
    assert n > 100


def test_sha3_smoke_and_bad_inputs() -> None:
    # VECTORS.md smoke values (FIPS 202 padding, not Keccak's 0x01)
    assert h.sha3(3, b"", 64)[1].hex().startswith("a69f73cca23a9ac5")
    assert h.sha3(3, b"abc", 64)[1].hex().startswith("b751850b1a57168a")
    lib = h.lib()
    for alg, good in ((0, 28), (1, 32), (2, 48), (3, 64)):
        for n in (0, good - 1, good + 1, 100):
            assert h.sha3(alg, b"x", n)[0] == h.CV_ERR_OUTLEN
    assert h.sha3(6, b"x", 32)[0] == h.CV_ERR_ARG
    assert h.sha3(-1, b"x", 32)[0] == h.CV_ERR_ARG
    cx = h.ctx(4)
    lib.cv_sha3_sw_init(cx, 1)
    assert lib.cv_sha3_sw_squeeze(cx, h.buf(4), 4) == h.CV_ERR_MODE
    o = h.buf(32)
    assert lib.cv_sha3_sw_final(cx, o, 32) == h.CV_OK
    assert lib.cv_sha3_sw_update(cx, h.buf(b"a"), 1) == h.CV_ERR_ARG  # after final
