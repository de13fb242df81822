# SPDX-License-Identifier: Apache-2.0
"""Bit-level Python model of PRINCE (Borghoff et al., ASIACRYPT 2012), written from the paper.

Conventions (the ones the paper's Appendix A vectors confirm): the state is a 64-bit integer
whose most significant nibble is nibble 0; M' applies M0-hat, M1-hat, M1-hat, M0-hat to the four
16-bit chunks from the top; inside a chunk, vector element 0 is the chunk's most significant bit,
block (r, c) of M0-hat is m_{(r+c) mod 4} (M1-hat: m_{(r+c+1) mod 4}), m_i being the 4x4
identity with element i cleared.
"""
from __future__ import annotations

SBOX = [0xB, 0xF, 0x3, 0x2, 0xA, 0xC, 0x9, 0x1, 0x6, 0x7, 0x8, 0x0, 0xE, 0x5, 0xD, 0x4]
SBOX_INV = [SBOX.index(i) for i in range(16)]
RC = [0x0000000000000000, 0x13198A2E03707344, 0xA4093822299F31D0, 0x082EFA98EC4E6C89,
      0x452821E638D01377, 0xBE5466CF34E90C6C, 0x7EF84F78FD955CB1, 0x85840851F1AC43AA,
      0xC882D32F25323C54, 0x64A51195E0E3610D, 0xD3B5A399CA0C2399, 0xC0AC29B7C97C50DD]
ALPHA = RC[11]
SR = [0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11]
MASK64 = (1 << 64) - 1


def mhat(first: int) -> list[list[int]]:
    m = [[0] * 16 for _ in range(16)]
    for r in range(4):
        for c in range(4):
            zero = (r + c + first) % 4
            for k in range(4):
                if k != zero:
                    m[4 * r + k][4 * c + k] = 1
    return m


M0, M1 = mhat(0), mhat(1)


def mat16(m: list[list[int]], v: int) -> int:
    vec = [(v >> (15 - i)) & 1 for i in range(16)]
    out = 0
    for r in range(16):
        bit = 0
        for c in range(16):
            bit ^= m[r][c] & vec[c]
        out |= bit << (15 - r)
    return out


def m_prime(x: int) -> int:
    mats = [M0, M1, M1, M0]
    out = 0
    for i in range(4):
        sh = 48 - 16 * i
        out |= mat16(mats[i], (x >> sh) & 0xFFFF) << sh
    return out


def nib(x: int, i: int) -> int:
    return (x >> (60 - 4 * i)) & 0xF


def from_nibs(n: list[int]) -> int:
    return sum(v << (60 - 4 * i) for i, v in enumerate(n))


def sub(x: int, box: list[int]) -> int:
    return from_nibs([box[nib(x, i)] for i in range(16)])


def shift_rows(x: int) -> int:
    return from_nibs([nib(x, SR[i]) for i in range(16)])


def shift_rows_inv(x: int) -> int:
    n = [0] * 16
    for i in range(16):
        n[SR[i]] = nib(x, i)
    return from_nibs(n)


def core(x: int, k1: int) -> int:
    x ^= k1 ^ RC[0]
    for i in range(1, 6):
        x = shift_rows(m_prime(sub(x, SBOX))) ^ RC[i] ^ k1
    x = sub(m_prime(sub(x, SBOX)), SBOX_INV)
    for i in range(6, 11):
        x = sub(m_prime(shift_rows_inv(x ^ RC[i] ^ k1)), SBOX_INV)
    return x ^ RC[11] ^ k1


def k0_prime(k0: int) -> int:
    return (((k0 >> 1) | (k0 << 63)) & MASK64) ^ (k0 >> 63)


def encrypt(pt: int, k0: int, k1: int) -> int:
    return core(pt ^ k0, k1) ^ k0_prime(k0)


def decrypt(ct: int, k0: int, k1: int) -> int:
    return core(ct ^ k0_prime(k0), k1 ^ ALPHA) ^ k0
