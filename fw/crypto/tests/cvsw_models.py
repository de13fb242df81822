# SPDX-License-Identifier: Apache-2.0
"""Small Python models for the tests: ChaCha with a rounds parameter and bit-level PRESENT.

Written from the specifications (Bernstein's ChaCha with the RFC 8439 quarter round; PRESENT,
CHES 2007). The tests first check each model against the known answers of
/work/shared/spec/VECTORS.md (embedded in the tests), then use it as the reference.
"""
from __future__ import annotations

import struct

MASK32 = 0xFFFFFFFF


def _rotl(x: int, n: int) -> int:
    return ((x << n) | (x >> (32 - n))) & MASK32


def chacha_block(key: bytes, counter: int, nonce: bytes, rounds: int) -> bytes:
    """One 64-byte block. nonce of 8 bytes: original layout (64-bit counter in words 12-13);
    12 bytes: RFC 8439 (32-bit counter in word 12). 16-byte keys use "expand 16-byte k"."""
    const = b"expand 32-byte k" if len(key) == 32 else b"expand 16-byte k"
    kw = list(struct.unpack("<8I", key if len(key) == 32 else key + key))
    if len(nonce) == 8:
        ctr = [counter & MASK32, (counter >> 32) & MASK32]
    else:
        ctr = [counter & MASK32]
    s = list(struct.unpack("<4I", const)) + kw + ctr + list(
        struct.unpack(f"<{len(nonce) // 4}I", nonce))
    x = s[:]

    def qr(a: int, b: int, c: int, d: int) -> None:
        x[a] = (x[a] + x[b]) & MASK32; x[d] = _rotl(x[d] ^ x[a], 16)
        x[c] = (x[c] + x[d]) & MASK32; x[b] = _rotl(x[b] ^ x[c], 12)
        x[a] = (x[a] + x[b]) & MASK32; x[d] = _rotl(x[d] ^ x[a], 8)
        x[c] = (x[c] + x[d]) & MASK32; x[b] = _rotl(x[b] ^ x[c], 7)

    for _ in range(rounds // 2):
        qr(0, 4, 8, 12); qr(1, 5, 9, 13); qr(2, 6, 10, 14); qr(3, 7, 11, 15)
        qr(0, 5, 10, 15); qr(1, 6, 11, 12); qr(2, 7, 8, 13); qr(3, 4, 9, 14)
    return struct.pack("<16I", *[(a + b) & MASK32 for a, b in zip(x, s)])


def chacha_stream(key: bytes, nonce: bytes, rounds: int, n: int, counter: int = 0) -> bytes:
    out = b""
    while len(out) < n:
        out += chacha_block(key, counter, nonce, rounds)
        counter = (counter + 1) % (1 << (64 if len(nonce) == 8 else 32))
    return out[:n]


PRESENT_SBOX = [0xC, 0x5, 0x6, 0xB, 0x9, 0x0, 0xA, 0xD, 0x3, 0xE, 0xF, 0x8, 0x4, 0x7, 0x1, 0x2]


def _present_keys(key: int, bits: int) -> list[int]:
    keys = []
    mask = (1 << bits) - 1
    for i in range(1, 33):
        keys.append(key >> (bits - 64))
        key = ((key << 61) | (key >> (bits - 61))) & mask
        if bits == 80:
            key = (PRESENT_SBOX[key >> 76] << 76) | (key & ((1 << 76) - 1))
            key ^= i << 15
        else:
            top = (PRESENT_SBOX[key >> 124] << 4) | PRESENT_SBOX[(key >> 120) & 0xF]
            key = (top << 120) | (key & ((1 << 120) - 1))
            key ^= i << 62
    return keys


def _p(i: int) -> int:
    return 63 if i == 63 else (16 * i) % 63


def present_encrypt(block: int, key: int, bits: int) -> int:
    ks = _present_keys(key, bits)
    s = block
    for i in range(31):
        s ^= ks[i]
        s = sum(PRESENT_SBOX[(s >> (4 * j)) & 0xF] << (4 * j) for j in range(16))
        s = sum(((s >> b) & 1) << _p(b) for b in range(64))
    return s ^ ks[31]


def present_decrypt(block: int, key: int, bits: int) -> int:
    ks = _present_keys(key, bits)
    inv = [PRESENT_SBOX.index(v) for v in range(16)]
    s = block ^ ks[31]
    for i in range(30, -1, -1):
        s = sum(((s >> _p(b)) & 1) << b for b in range(64))
        s = sum(inv[(s >> (4 * j)) & 0xF] << (4 * j) for j in range(16))
        s ^= ks[i]
    return s
