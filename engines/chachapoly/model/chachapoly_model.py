# SPDX-License-Identifier: Apache-2.0
"""Reference model of the ChaCha20-Poly1305 engine (RFC 8439 2.8), built from the ChaCha and
Poly1305 engines' models, and the engine's view of a message: the phases the feeder sends and
the blocks the engine answers (engines/chachapoly/README.md).
"""
from __future__ import annotations

import struct
from pathlib import Path

from engines.chacha.model import chacha_model
from engines.poly1305.model import poly1305_model

BLOCK = 64
TAG = 16


def _pad16(b: bytes) -> bytes:
    return b + bytes(-len(b) % 16)


def one_time_key(key: bytes, nonce: bytes) -> bytes:
    """RFC 8439 2.6: the first 32 bytes of ChaCha20 block 0 under the nonce."""
    return chacha_model.block(key, chacha_model.make_iv(0, nonce))[:32]


def mac_data(aad: bytes, ct: bytes) -> bytes:
    """What Poly1305 authenticates: the padded AAD, the padded ciphertext, the length block."""
    return _pad16(aad) + _pad16(ct) + struct.pack("<QQ", len(aad), len(ct))


def seal(key: bytes, nonce: bytes, aad: bytes, pt: bytes) -> tuple[bytes, bytes]:
    """(ciphertext, tag) by the RFC's definition."""
    ct = chacha_model.encrypt(key, chacha_model.make_iv(1, nonce), pt, 20, True)
    return ct, poly1305_model.tag(one_time_key(key, nonce), mac_data(aad, ct))


def open_(key: bytes, nonce: bytes, aad: bytes, ct: bytes, tag: bytes) -> tuple[bytes, bool]:
    """(plaintext, tag good)."""
    pt = chacha_model.encrypt(key, chacha_model.make_iv(1, nonce), ct, 20, True)
    good = poly1305_model.tag(one_time_key(key, nonce), mac_data(aad, ct)) == tag
    return pt, good


def phase(data: bytes) -> list[tuple[bytes, int]]:
    """A phase as the feeder sends it: 64-byte blocks, the last with its valid bytes (the rest of
    it zero here; the engine ignores it), an empty phase one block of 0 bytes."""
    out = [(data[i:i + BLOCK], min(BLOCK, len(data) - i)) for i in range(0, len(data), BLOCK)]
    return [(d + bytes(BLOCK - len(d)), n) for d, n in out] or [(bytes(BLOCK), 0)]


def engine_view(key: bytes, nonce: bytes, aad: bytes, data: bytes, dec: bool,
                tag: bytes = b"") -> tuple[list[list[tuple[bytes, int]]], list[bytes], bytes, bool]:
    """The phases sent (AAD, payload[, tag]), the output blocks expected (one per non-empty
    payload block, its valid bytes, the rest zero), the final block (encryption: the tag then
    zeros; decryption: zeros) and whether decryption reports AUTH."""
    phases = [phase(aad), phase(data)]
    if dec:
        phases.append(phase(tag))
        out, good = open_(key, nonce, aad, data, tag)
        final = bytes(BLOCK)
    else:
        out, t = seal(key, nonce, aad, data)
        final, good = t + bytes(BLOCK - TAG), True
    outs = [d for d, n in phase(out) if n]
    return phases, outs, final, not good


def vector_cases() -> list[dict[str, bytes]]:
    """The ChaCha20-Poly1305 records of cryptography-vectors (BoringSSL's and OpenSSL's files)
    with 12-byte nonces and 16-byte tags: key, nonce, aad, pt, ct, tag, and `fail` (the record
    expects the tag to be refused)."""
    import cryptography_vectors
    base = Path(cryptography_vectors.__file__).parent / "ciphers" / "ChaCha20Poly1305"
    names = {"KEY": "key", "Key": "key", "NONCE": "nonce", "IV": "nonce", "AD": "aad",
             "AAD": "aad", "IN": "pt", "Plaintext": "pt", "CT": "ct", "Ciphertext": "ct",
             "TAG": "tag", "Tag": "tag"}
    cases: list[dict[str, bytes]] = []
    for path in sorted(base.glob("*.txt")):
        cur: dict[str, bytes] = {}
        for line in path.read_text().splitlines() + ["COUNT = end"]:
            if "=" not in line or line.lstrip().startswith("#"):
                continue
            k, v = (x.strip() for x in line.split("=", 1))
            if k == "COUNT":
                if "key" in cur and len(cur.get("nonce", b"")) == 12 and len(cur["tag"]) == TAG:
                    cur.setdefault("aad", b"")
                    cur.setdefault("pt", b"")
                    cur.setdefault("ct", b"")
                    cases.append(cur)
                cur = {}
            elif k == "Result":
                cur["fail"] = b"1"
            elif k in names:
                cur[names[k]] = (v[1:-1].encode() if v.startswith('"')
                                 else bytes.fromhex(v))
    return cases
