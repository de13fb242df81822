# SPDX-License-Identifier: Apache-2.0
"""Reference outputs for the benchmark: what each case must produce, from packages.

One function per engine, registered in REFS; each takes a case record (the fields of a
results.json record) and the replayed inputs, and returns the expected output bytes (the bytes
the firmware hashes). A new engine adds a function here; a new backend of an existing engine
needs nothing (every backend must give identical bytes).
"""
from __future__ import annotations

import hashlib
import hmac
import sys
from pathlib import Path
from typing import Callable

from Crypto.Cipher import AES, ChaCha20_Poly1305

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
# PRINCE, PRESENT and ChaCha (8/12 rounds too) have no package implementation: the engines'
# Python models, which their tests check against the published known-answer vectors.
from engines.aes.model import aes_model  # noqa: E402
from engines.chacha.model import chacha_model  # noqa: E402
from engines.present.model import present_model  # noqa: E402
from engines.prince.model import prince_model  # noqa: E402

MASK32 = 0xFFFF_FFFF


def xorshift32_bytes(state: int, n: int) -> tuple[bytes, int]:
    """Little-endian bytes of consecutive xorshift32 outputs, as fw/programs/bench/main.c."""
    out = bytearray()
    while len(out) < n:
        state ^= (state << 13) & MASK32
        state ^= state >> 17
        state ^= (state << 5) & MASK32
        out += state.to_bytes(4, "little")
    return bytes(out[:n]), state


def inputs(case: dict) -> tuple[bytes, bytes, bytes]:
    """key (32 bytes drawn), iv (16), message, replayed from the case's seed."""
    s = case["seed"]
    key, s = xorshift32_bytes(s, 32)
    iv, s = xorshift32_bytes(s, 16)
    msg, s = xorshift32_bytes(s, case["bytes"] or 16)
    return key, iv, msg


def aead_aad(case: dict) -> bytes:
    """The AAD of an AEAD case, as fw/programs/bench/bench_aead.c draws it: xorshift32 seeded
    with the case's seed XOR 0x5A5A5A5A."""
    return xorshift32_bytes(case["seed"] ^ 0x5A5A5A5A or 1, case.get("aad_bytes") or 0)[0]


def ref_aead(case: dict, key: bytes, iv: bytes, msg: bytes) -> bytes:
    """GCM (nonce: the IV's first 12 bytes) or CCM (its first 13): encryption the text and the
    tag, decryption the message (the firmware decrypts its own encryption)."""
    if case["direction"] == "decrypt":
        return msg
    k, tl = key[:case["key_bits"] // 8], case["tag_bytes"]
    if case["mode"] == "gcm":
        c = AES.new(k, AES.MODE_GCM, nonce=iv[:12], mac_len=16)
    else:
        c = AES.new(k, AES.MODE_CCM, nonce=iv[:13], mac_len=tl, msg_len=len(msg),
                    assoc_len=case.get("aad_bytes") or 0)
    c.update(aead_aad(case))
    ct, tag = c.encrypt_and_digest(msg)
    return ct + tag[:tl]


def ref_aes(case: dict, key: bytes, iv: bytes, msg: bytes) -> bytes:
    k = key[:case["key_bits"] // 8]
    mode, enc = case["mode"], case["direction"] != "decrypt"
    if mode in ("gcm", "ccm"):
        return ref_aead(case, key, iv, msg)
    if mode == "init":
        return AES.new(k, AES.MODE_ECB).encrypt(msg[:16])
    if mode not in aes_model.API_MODES:
        raise ValueError(f"no AES reference for mode {mode}")
    return aes_model.pycryptodome_reference(aes_model.API_MODES[mode], not enc, k, iv, msg)


def _block64(enc: Callable[[int], int], dec: Callable[[int], int], case: dict, iv: bytes,
             msg: bytes) -> bytes:
    """ECB or CTR (64-bit big-endian counter block, as fw/crypto) over an 8-byte-block cipher;
    init: one block."""
    mode = case["mode"]
    if mode == "init":
        return enc(int.from_bytes(msg[:8], "big")).to_bytes(8, "big")
    if mode == "ecb":
        fn = dec if case["direction"] == "decrypt" else enc
        return b"".join(fn(int.from_bytes(msg[i:i + 8], "big")).to_bytes(8, "big")
                        for i in range(0, len(msg), 8))
    if mode == "ctr":
        ctr, ks = int.from_bytes(iv[:8], "big"), b""
        while len(ks) < len(msg):
            ks += enc(ctr).to_bytes(8, "big")
            ctr = (ctr + 1) & (2**64 - 1)
        return bytes(a ^ b for a, b in zip(msg, ks))
    raise ValueError(f"no 64-bit block reference for mode {mode}")


def ref_prince(case: dict, key: bytes, iv: bytes, msg: bytes) -> bytes:
    k = int.from_bytes(key[:16], "big")
    return _block64(lambda b: prince_model.encrypt(b, k), lambda b: prince_model.decrypt(b, k),
                    case, iv, msg)


def ref_present(case: dict, key: bytes, iv: bytes, msg: bytes) -> bytes:
    bits = case["key_bits"]
    k = int.from_bytes(key[:bits // 8], "big")
    return _block64(lambda b: present_model.encrypt(b, k, bits),
                    lambda b: present_model.decrypt(b, k, bits), case, iv, msg)


def ref_chacha(case: dict, key: bytes, iv: bytes, msg: bytes) -> bytes:
    """The keystream from counter 0 (init: one block; keystream: len(msg) bytes, the message
    unused) or the message XOR it (xor); nonce = iv[:8] (original) or iv[:12] (RFC 8439).
    ChaCha20-Poly1305 (mode aead, nonce iv[:12]): encryption the text and the tag, decryption
    the message (the firmware decrypts its own encryption)."""
    alg = case["algorithm"]
    if case["mode"] == "aead":
        if case["direction"] == "decrypt":
            return msg
        c = ChaCha20_Poly1305.new(key=key[:32], nonce=iv[:12])
        c.update(aead_aad(case))
        ct, tag = c.encrypt_and_digest(msg)
        return ct + tag[:case["tag_bytes"]]
    rfc = alg.endswith("rfc8439")
    rounds = int(alg.split("-")[0][len("chacha"):])
    nonce = iv[:12] if rfc else iv[:8]
    n = 64 if case["mode"] == "init" else len(msg)
    ks = chacha_model.keystream(key[:case["key_bits"] // 8], chacha_model.make_iv(0, nonce),
                                (n + 63) // 64, rounds, rfc)
    if case["mode"] == "init":
        return ks[:64]
    if case["mode"] == "keystream":
        return ks[:n]
    return bytes(a ^ b for a, b in zip(msg, ks))


def ref_sha3(case: dict, key: bytes, iv: bytes, msg: bytes) -> bytes:
    alg = case["algorithm"]
    h = hashlib.new(alg.replace("-", "_"), msg)
    return h.digest(64) if alg.startswith("shake") else h.digest()


def ref_sha2(case: dict, key: bytes, iv: bytes, msg: bytes) -> bytes:
    """SHA-256/512 of the message; HMAC-SHA-256 under the 32 key bytes, the full tag."""
    alg = case["algorithm"]
    if alg == "hmac-sha2-256":
        return hmac.new(key[:32], msg, hashlib.sha256).digest()
    return hashlib.new(alg.replace("sha2-", "sha"), msg).digest()


REFS: dict[str, Callable[[dict, bytes, bytes, bytes], bytes]] = {
    "aes": ref_aes, "prince": ref_prince, "present": ref_present, "chacha": ref_chacha,
    "sha3": ref_sha3, "sha2": ref_sha2}


def expected(case: dict) -> bytes:
    key, iv, msg = inputs(case)
    return REFS[case["engine"]](case, key, iv, msg)
