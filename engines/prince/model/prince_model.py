# SPDX-License-Identifier: Apache-2.0
"""PRINCE reference model (Borghoff et al., ASIACRYPT 2012), written for Cipher-V.

Blocks and keys are Python ints holding the big-endian values as printed in the paper: bit 63 of
a block is its first (most significant) bit. The 128-bit key is k0 || k1 (k0 in the high half).
The helpers that work on nibbles number them n0..n15 from the most significant end, the order in
which the paper's state matrix is filled (column by column, like AES).
"""
from __future__ import annotations

SBOX = [0xB, 0xF, 0x3, 0x2, 0xA, 0xC, 0x9, 0x1, 0x6, 0x7, 0x8, 0x0, 0xE, 0x5, 0xD, 0x4]
SBOX_INV = [SBOX.index(i) for i in range(16)]

RC = [
    0x0000000000000000, 0x13198A2E03707344, 0xA4093822299F31D0, 0x082EFA98EC4E6C89,
    0x452821E638D01377, 0xBE5466CF34E90C6C, 0x7EF84F78FD955CB1, 0x85840851F1AC43AA,
    0xC882D32F25323C54, 0x64A51195E0E3610D, 0xD3B5A399CA0C2399, 0xC0AC29B7C97C50DD,
]
ALPHA = 0xC0AC29B7C97C50DD
MASK64 = (1 << 64) - 1

# AES-like ShiftRows on a column-major 4x4 nibble matrix: out nibble i = in nibble SR[i].
SR = [0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11]


def _nibbles(x: int) -> list[int]:
    return [(x >> (60 - 4 * i)) & 0xF for i in range(16)]


def _join(n: list[int]) -> int:
    out = 0
    for v in n:
        out = (out << 4) | v
    return out


def s_layer(x: int, inverse: bool = False) -> int:
    box = SBOX_INV if inverse else SBOX
    return _join([box[v] for v in _nibbles(x)])


def _m_hat(chunk: int, shift: int) -> int:
    """One 16-bit block of M': M-hat0 (shift 0) or M-hat1 (shift 1).

    Block (r, c) of M-hat is the 4x4 identity with the diagonal element (r + c + shift) mod 4
    cleared; bit b of a nibble is counted from its most significant bit.
    """
    xn = [(chunk >> (12 - 4 * c)) & 0xF for c in range(4)]
    out = 0
    for r in range(4):
        nib = 0
        for c in range(4):
            keep = 0xF & ~(0x8 >> ((r + c + shift) % 4))
            nib ^= xn[c] & keep
        out = (out << 4) | nib
    return out


def m_prime(x: int) -> int:
    """The involution M' = diag(M-hat0, M-hat1, M-hat1, M-hat0)."""
    shifts = [0, 1, 1, 0]
    out = 0
    for j in range(4):
        chunk = (x >> (48 - 16 * j)) & 0xFFFF
        out = (out << 16) | _m_hat(chunk, shifts[j])
    return out


def shift_rows(x: int, inverse: bool = False) -> int:
    n = _nibbles(x)
    out = [0] * 16
    for i in range(16):
        if inverse:
            out[SR[i]] = n[i]
        else:
            out[i] = n[SR[i]]
    return _join(out)


def m_layer(x: int) -> int:
    return shift_rows(m_prime(x))


def m_layer_inv(x: int) -> int:
    return m_prime(shift_rows(x, inverse=True))


def prince_core(x: int, k1: int) -> int:
    x ^= k1 ^ RC[0]
    for i in range(1, 6):
        x = m_layer(s_layer(x)) ^ RC[i] ^ k1
    x = s_layer(m_prime(s_layer(x)), inverse=True)
    for i in range(6, 11):
        x = s_layer(m_layer_inv(x ^ k1 ^ RC[i]), inverse=True)
    return x ^ RC[11] ^ k1


def k0_prime(k0: int) -> int:
    return (((k0 >> 1) | (k0 << 63)) & MASK64) ^ (k0 >> 63)


def encrypt(block: int, key: int) -> int:
    """Encrypt one 64-bit block with the 128-bit key k0 || k1."""
    k0, k1 = key >> 64, key & MASK64
    return prince_core(block ^ k0, k1) ^ k0_prime(k0)


def decrypt(block: int, key: int) -> int:
    """Decrypt by alpha-reflection: swap k0 and k0', use k1 ^ alpha."""
    k0, k1 = key >> 64, key & MASK64
    return prince_core(block ^ k0_prime(k0), k1 ^ ALPHA) ^ k0


def ecb(data: bytes, key: int, decrypt_: bool = False) -> bytes:
    """ECB over a byte string whose length is a multiple of 8."""
    fn = decrypt if decrypt_ else encrypt
    out = b""
    for i in range(0, len(data), 8):
        out += fn(int.from_bytes(data[i:i + 8], "big"), key).to_bytes(8, "big")
    return out
