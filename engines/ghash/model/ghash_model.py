# SPDX-License-Identifier: Apache-2.0
"""Reference model of the GHASH engine and the GCM pieces around it (SP 800-38D).

Blocks are 16-byte strings; as integers they are read big-endian, so the integer's most
significant bit is the block's bit 0, the coefficient of x^0 (the standard's "reflected" order).
"""
from __future__ import annotations

from Crypto.Cipher import AES

R = 0xE1 << 120  # x^128 = x^7 + x^2 + x + 1, in the reflected order


def gf_mult(x: int, y: int) -> int:
    """X * Y in GF(2^128), SP 800-38D Algorithm 1, on big-endian block integers."""
    z, v = 0, y
    for i in range(127, -1, -1):
        if (x >> i) & 1:
            z ^= v
        v = (v >> 1) ^ R if v & 1 else v >> 1
    return z


def ghash(h: bytes, data: bytes, y: bytes = bytes(16)) -> bytes:
    """GHASH_H over whole blocks, starting from Y (the engine's cfg continue bit and iv_i)."""
    if len(data) % 16:
        raise ValueError("GHASH takes whole 16-byte blocks")
    hi, yi = int.from_bytes(h, "big"), int.from_bytes(y, "big")
    for i in range(0, len(data), 16):
        yi = gf_mult(yi ^ int.from_bytes(data[i:i + 16], "big"), hi)
    return yi.to_bytes(16, "big")


def pad16(data: bytes) -> bytes:
    return data + bytes(-len(data) % 16)


def gcm_blocks(aad: bytes, ct: bytes) -> bytes:
    """What GCM feeds GHASH: AAD and ciphertext, each zero-padded, then the length block."""
    lens = (8 * len(aad)).to_bytes(8, "big") + (8 * len(ct)).to_bytes(8, "big")
    return pad16(aad) + pad16(ct) + lens


def j0(h: bytes, iv: bytes) -> bytes:
    """The pre-counter block: IV || 0^31 || 1 for 96-bit IVs, else GHASH of the padded IV and
    its bit length."""
    if len(iv) == 12:
        return iv + b"\x00\x00\x00\x01"
    return ghash(h, pad16(iv) + bytes(8) + (8 * len(iv)).to_bytes(8, "big"))


def gcm_tag(key: bytes, iv: bytes, aad: bytes, ct: bytes, s: bytes | None = None) -> bytes:
    """The full 16-byte tag from a GHASH result S (computed here unless given):
    tag = S ^ E_K(J0), with H = E_K(0^128)."""
    aes = AES.new(key, AES.MODE_ECB)
    h = aes.encrypt(bytes(16))
    if s is None:
        s = ghash(h, gcm_blocks(aad, ct))
    ek = aes.encrypt(j0(h, iv))
    return bytes(a ^ b for a, b in zip(s, ek))


def hash_subkey(key: bytes) -> bytes:
    """H = E_K(0^128)."""
    return AES.new(key, AES.MODE_ECB).encrypt(bytes(16))
