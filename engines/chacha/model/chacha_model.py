# SPDX-License-Identifier: Apache-2.0
"""Reference model of the ChaCha engine: any even round count, 128/256-bit keys, both layouts.

The model mirrors the engine's interface conventions (see engines/chacha/README.md): the IV is
the 16-byte tail of the initial state, i.e. the block counter little-endian followed by the nonce
(8 + 8 bytes in the original layout, 4 + 12 bytes in RFC 8439).
"""
from __future__ import annotations

import struct

MASK32 = 0xFFFFFFFF
SIGMA = b"expand 32-byte k"
TAU = b"expand 16-byte k"

# cfg_i fields of chacha_top
CFG_KEY128 = 1 << 5
CFG_RFC = 1 << 6
CFG_XOR = 1 << 7


def cfg_word(rounds: int, key128: bool = False, rfc: bool = False, xor: bool = True) -> int:
    """The engine's cfg_i value for these settings."""
    return ((rounds & 0x1F) | (CFG_KEY128 if key128 else 0) | (CFG_RFC if rfc else 0)
            | (CFG_XOR if xor else 0))


def _rotl(x: int, n: int) -> int:
    return ((x << n) | (x >> (32 - n))) & MASK32


def _qr(s: list[int], a: int, b: int, c: int, d: int) -> None:
    s[a] = (s[a] + s[b]) & MASK32
    s[d] = _rotl(s[d] ^ s[a], 16)
    s[c] = (s[c] + s[d]) & MASK32
    s[b] = _rotl(s[b] ^ s[c], 12)
    s[a] = (s[a] + s[b]) & MASK32
    s[d] = _rotl(s[d] ^ s[a], 8)
    s[c] = (s[c] + s[d]) & MASK32
    s[b] = _rotl(s[b] ^ s[c], 7)


def initial_state(key: bytes, iv: bytes) -> list[int]:
    """The 16-word input block for a 16- or 32-byte key and a 16-byte counter||nonce."""
    if len(key) == 16:
        const, key = TAU, key + key
    elif len(key) == 32:
        const = SIGMA
    else:
        raise ValueError("ChaCha key must be 16 or 32 bytes")
    if len(iv) != 16:
        raise ValueError("iv must be 16 bytes (counter || nonce)")
    return list(struct.unpack("<16I", const + key + iv))


def block(key: bytes, iv: bytes, rounds: int = 20) -> bytes:
    """One 64-byte keystream block."""
    if rounds <= 0 or rounds % 2:
        raise ValueError("rounds must be a positive even number")
    init = initial_state(key, iv)
    s = list(init)
    for _ in range(rounds // 2):
        _qr(s, 0, 4, 8, 12)
        _qr(s, 1, 5, 9, 13)
        _qr(s, 2, 6, 10, 14)
        _qr(s, 3, 7, 11, 15)
        _qr(s, 0, 5, 10, 15)
        _qr(s, 1, 6, 11, 12)
        _qr(s, 2, 7, 8, 13)
        _qr(s, 3, 4, 9, 14)
    return struct.pack("<16I", *[(x + y) & MASK32 for x, y in zip(s, init)])


def make_iv(counter: int, nonce: bytes) -> bytes:
    """counter || nonce: 8-byte nonce -> 64-bit counter, 12-byte nonce -> 32-bit counter."""
    if len(nonce) == 8:
        return struct.pack("<Q", counter & (2**64 - 1)) + nonce
    if len(nonce) == 12:
        return struct.pack("<I", counter & MASK32) + nonce
    raise ValueError("nonce must be 8 (original) or 12 (RFC 8439) bytes")


def next_iv(iv: bytes, rfc: bool) -> bytes:
    """The IV after one block: the counter increments (32 bits in RFC 8439, 64 bits otherwise)."""
    if rfc:
        ctr = (struct.unpack("<I", iv[:4])[0] + 1) & MASK32
        return struct.pack("<I", ctr) + iv[4:]
    ctr = (struct.unpack("<Q", iv[:8])[0] + 1) & (2**64 - 1)
    return struct.pack("<Q", ctr) + iv[8:]


def keystream(key: bytes, iv: bytes, nblocks: int, rounds: int = 20, rfc: bool = False) -> bytes:
    out = b""
    for _ in range(nblocks):
        out += block(key, iv, rounds)
        iv = next_iv(iv, rfc)
    return out


def encrypt(key: bytes, iv: bytes, data: bytes, rounds: int = 20, rfc: bool = False) -> bytes:
    """XOR data (any length) with the keystream starting at block `iv`."""
    ks = keystream(key, iv, (len(data) + 63) // 64, rounds, rfc)
    return bytes(a ^ b for a, b in zip(data, ks))
