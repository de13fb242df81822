# SPDX-License-Identifier: Apache-2.0
"""Software AES (fw/crypto) on the host against NIST CAVP files, RFC 3686, SP 800-38B and
pycryptodome, for both the T-table and the constant-time implementation."""
from __future__ import annotations

import random
from pathlib import Path

import cryptography_vectors
import pytest
from Crypto.Cipher import AES
from Crypto.Hash import CMAC

import cvcrypto_host as h
from engines.aes.model.aes_model import API_MODES, pycryptodome_cipher

VEC = Path(cryptography_vectors.__file__).resolve().parent
IMPLS: list[bool | str] = [False, True, "isa"]   # table, constant-time, scalar-crypto (cv_zk.h)
IMPL_IDS = ["table", "ct", "isa"]


def parse_rsp(path: Path) -> list[tuple[str, dict[str, str]]]:
    """Records of a CAVP .rsp/.txt file as (section, {FIELD: value})."""
    out: list[tuple[str, dict[str, str]]] = []
    section, rec = "", {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            continue
        if not line or line.startswith("#"):
            if rec:
                out.append((section, rec))
                rec = {}
            continue
        if "=" in line:
            k, v = (s.strip() for s in line.split("=", 1))
            rec[k] = v
    if rec:
        out.append((section, rec))
    return [(s, r) for s, r in out if "KEY" in r]


def kat_files(mode_dir: str, prefix: str) -> list[Path]:
    files = sorted((VEC / "ciphers" / "AES" / mode_dir).glob(f"{prefix}*.rsp"))
    return [f for f in files if "MCT" not in f.name]


CAVP = [(m, p) for m, p in [("ECB", "ECB"), ("CBC", "CBC"), ("CFB", "CFB128"), ("OFB", "OFB")]]


@pytest.mark.parametrize("ct", IMPLS, ids=IMPL_IDS)
@pytest.mark.parametrize("mode_dir,prefix", CAVP, ids=[p for _, p in CAVP])
def test_cavp_kat_mmt(mode_dir: str, prefix: str, ct: bool) -> None:
    files = kat_files(mode_dir, prefix)
    assert len(files) == 15, files  # GFSbox, KeySbox, MMT, VarKey, VarTxt x 3 key sizes
    mode = {"ECB": "ecb", "CBC": "cbc", "CFB128": "cfb128", "OFB": "ofb"}[prefix]
    n = 0
    for f in files:
        for section, r in parse_rsp(f):
            key = bytes.fromhex(r["KEY"])
            pt, ctx_ = bytes.fromhex(r["PLAINTEXT"]), bytes.fromhex(r["CIPHERTEXT"])
            iv = bytes.fromhex(r["IV"]) if "IV" in r else None
            rc, c = h.aes_init(key, ct)
            assert rc == h.CV_OK
            if section == "ENCRYPT":
                src, want, d = pt, ctx_, h.CV_ENCRYPT
            else:
                src, want, d = ctx_, pt, h.CV_DECRYPT
            if mode in ("ecb", "cbc", "cfb128"):
                rc, out, _ = h.aes_mode(c, mode, src, iv, d)
            else:
                rc, out, _ = h.aes_mode(c, mode, src, iv)
            assert rc == h.CV_OK
            assert out == want, f"{f.name} {section} COUNT={r['COUNT']}"
            n += 1
    assert n > 500


@pytest.mark.parametrize("ct", IMPLS, ids=IMPL_IDS)
def test_ctr_rfc3686(ct: bool) -> None:
    n = 0
    for bits in (128, 192, 256):
        for _, r in parse_rsp(VEC / "ciphers" / "AES" / "CTR" / f"aes-{bits}-ctr.txt"):
            _, c = h.aes_init(bytes.fromhex(r["KEY"]), ct)
            rc, out, _ = h.aes_mode(c, "ctr", bytes.fromhex(r["PLAINTEXT"]),
                                    bytes.fromhex(r["IV"]))
            assert rc == h.CV_OK and out == bytes.fromhex(r["CIPHERTEXT"])
            n += 1
    assert n == 9


@pytest.mark.parametrize("ct", IMPLS, ids=IMPL_IDS)
def test_cmac_sp800_38b(ct: bool) -> None:
    n = 0
    for bits in (128, 192, 256):
        for _, r in parse_rsp(VEC / "CMAC" / f"nist-800-38b-aes{bits}.txt"):
            _, c = h.aes_init(bytes.fromhex(r["KEY"]), ct)
            rc, mac, _ = h.aes_mode(c, "cmac", bytes.fromhex(r["MESSAGE"]))
            assert rc == h.CV_OK and mac == bytes.fromhex(r["OUTPUT"])
            n += 1
    assert n == 12


def test_ecb_mct_prefix() -> None:
    """AESVS Monte Carlo test (ECB encrypt and decrypt, key update rule of the AESVS), first 10
    of the 100 outer iterations, both implementations, against pycryptodome running the same
    procedure (the CAVP MCT files are not in cryptography-vectors)."""
    def mct(enc_fn, set_key, key: bytes, pt: bytes) -> list[bytes]:
        res = []
        for _ in range(10):
            set_key(key)
            prev = cur = pt
            for _ in range(1000):
                prev, cur = cur, enc_fn(cur)
            res.append(cur)
            kl = len(key)
            tail = (prev + cur)[-kl:] if kl > 16 else cur
            key = bytes(a ^ b for a, b in zip(key, tail))
            pt = cur
        return res

    rng = random.Random(7)
    for kl in (16, 24, 32):
        key, pt = rng.randbytes(kl), rng.randbytes(16)
        for decrypt in (False, True):
            ref_state = {}

            def ref_key(k: bytes) -> None:
                ref_state["c"] = AES.new(k, AES.MODE_ECB)

            def ref_fn(b: bytes) -> bytes:
                c = ref_state["c"]
                return c.decrypt(b) if decrypt else c.encrypt(b)

            want = mct(ref_fn, ref_key, key, pt)
            for ct in IMPLS:
                st = {}

                def my_key(k: bytes) -> None:
                    st["c"] = h.aes_init(k, ct)[1]

                def my_fn(b: bytes) -> bytes:
                    return h.aes_block(st["c"], b, decrypt)

                assert mct(my_fn, my_key, key, pt) == want, (kl, decrypt, ct)


@pytest.mark.parametrize("ct", IMPLS, ids=IMPL_IDS)
@pytest.mark.parametrize("mode", ["ecb", "cbc", "cfb128", "ofb", "ctr"])
def test_random_differential(mode: str, ct: bool) -> None:
    """Random keys, IVs, lengths (partial blocks for the stream modes), both directions, and a
    message split over two calls, against pycryptodome."""
    rng = random.Random(sum(mode.encode()) * 2 + IMPLS.index(ct))
    whole = mode in ("ecb", "cbc")
    for trial in range(60):
        kl = (16, 24, 32)[trial % 3]
        key, iv = rng.randbytes(kl), rng.randbytes(16)
        if trial % 7 == 0:
            iv = b"\xff" * 12 + rng.randbytes(4)  # counter carries across bytes
        nb = rng.randrange(0, 12)
        n = 16 * nb if whole else 16 * nb + rng.randrange(0, 16)
        pt = rng.randbytes(n)
        _, c = h.aes_init(key, ct)
        if mode == "ecb":
            ref = AES.new(key, AES.MODE_ECB)
            want = ref.encrypt(pt)
            assert h.aes_mode(c, "ecb", pt)[1] == want
            assert h.aes_mode(c, "ecb", want, direction=h.CV_DECRYPT)[1] == pt
            continue
        want = pycryptodome_cipher(API_MODES[mode], key, iv).encrypt(pt)
        if mode in ("cbc", "cfb128"):
            rc, out, iv2 = h.aes_mode(c, mode, pt, iv, h.CV_ENCRYPT)
            assert rc == h.CV_OK and out == want
            rc, back, iv3 = h.aes_mode(c, mode, want, iv, h.CV_DECRYPT)
            assert rc == h.CV_OK and back == pt and iv3 == iv2
        else:
            rc, out, iv2 = h.aes_mode(c, mode, pt, iv)
            assert rc == h.CV_OK and out == want
        # the updated iv/ctr as documented in cv_aes_sw.h
        ecb = AES.new(key, AES.MODE_ECB)
        full, part = divmod(n, 16)
        if mode == "cbc":
            exp = want[-16:] if n else iv
        elif mode == "ctr":
            exp = ((int.from_bytes(iv, "big") + full + (1 if part else 0)) % (1 << 128)
                   ).to_bytes(16, "big")
        elif mode == "ofb":
            exp = iv
            for _ in range(full + (1 if part else 0)):
                exp = ecb.encrypt(exp)
        else:  # cfb128
            prev = want[16 * (full - 1):16 * full] if full else iv
            exp = prev
            if part:
                exp = want[16 * full:] + ecb.encrypt(prev)[part:]
        assert iv2 == exp, (mode, n)
        # continuation: whole blocks first, then the rest, equals one call
        if n >= 16:
            cut = 16 * rng.randrange(0, full + 1)
            d = h.CV_ENCRYPT
            args = (iv, d) if mode in ("cbc", "cfb128") else (iv,)
            _, o1, ivm = h.aes_mode(c, mode, pt[:cut], *args)
            args = (ivm, d) if mode in ("cbc", "cfb128") else (ivm,)
            _, o2, _ = h.aes_mode(c, mode, pt[cut:], *args)
            assert o1 + o2 == want


@pytest.mark.parametrize("ct", IMPLS, ids=IMPL_IDS)
def test_cmac_random(ct: bool) -> None:
    rng = random.Random(3 + IMPLS.index(ct))
    for n in list(range(0, 49)) + [rng.randrange(49, 600) for _ in range(20)]:
        key = rng.randbytes((16, 24, 32)[n % 3])
        msg = rng.randbytes(n)
        _, c = h.aes_init(key, ct)
        rc, mac, _ = h.aes_mode(c, "cmac", msg)
        assert rc == h.CV_OK
        assert mac == CMAC.new(key, msg=msg, ciphermod=AES).digest()


def test_bad_inputs() -> None:
    lib = h.lib()
    for kl in (0, 8, 15, 17, 20, 31, 33, 64):
        assert h.aes_init(bytes(kl), False)[0] == h.CV_ERR_KEYLEN
        assert h.aes_init(bytes(kl), True)[0] == h.CV_ERR_KEYLEN
    _, c = h.aes_init(bytes(16))
    for mode in ("ecb", "cbc"):
        for n in (1, 15, 17, 31, 33):
            iv = bytes(range(16)) if mode == "cbc" else None
            for d in (h.CV_ENCRYPT, h.CV_DECRYPT):
                rc, out, iv2 = h.aes_mode(c, mode, bytes(n), iv, d)
                assert rc == h.CV_ERR_LENGTH
                assert out == b"\xa5" * n  # nothing written
                assert iv2 == iv           # iv untouched
    # bad direction
    assert h.aes_mode(c, "ecb", bytes(16), None, 2)[0] == h.CV_ERR_ARG
    assert h.aes_mode(c, "cbc", bytes(16), bytes(16), -1)[0] == h.CV_ERR_ARG
    assert h.aes_mode(c, "cfb128", bytes(16), bytes(16), 7)[0] == h.CV_ERR_ARG
    # NULL context
    assert lib.cv_aes_sw_init(None, bytes(16), 16) == h.CV_ERR_ARG
    # zero-length stream calls are fine and leave the iv alone
    for mode in ("cfb128", "ofb", "ctr"):
        rc, _, iv2 = h.aes_mode(c, mode, b"", bytes(range(16)))
        assert rc == h.CV_OK and iv2 == bytes(range(16))


def test_table_and_ct_agree_in_place() -> None:
    """in == out buffers, odd alignments: both implementations give the same bytes."""
    import ctypes
    rng = random.Random(11)
    for kl in (16, 24, 32):
        key = rng.randbytes(kl)
        data = rng.randbytes(64)
        res = []
        for ct in IMPLS:
            _, c = h.aes_init(key, ct)
            raw = ctypes.create_string_buffer(b"\0" + data, 65)
            p = ctypes.cast(ctypes.addressof(raw) + 1, ctypes.c_char_p)  # misaligned
            iv = h.buf(bytes(16))
            assert h.lib().cv_aes_sw_cbc(c, h.CV_ENCRYPT, iv, p, p, 64) == h.CV_OK
            res.append(raw.raw[1:])
        assert res[0] == res[1] == res[2] == AES.new(key, AES.MODE_CBC, iv=bytes(16)).encrypt(data)
