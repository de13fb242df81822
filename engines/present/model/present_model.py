# SPDX-License-Identifier: Apache-2.0
"""PRESENT reference model (Bogdanov et al., CHES 2007), 80- and 128-bit keys, for Cipher-V.

Blocks and keys are Python ints holding the values as printed in the paper: state b63..b0 and key
register k79..k0 (or k127..k0), most significant bit first. On Cipher-V's 128-bit key bus an 80-bit
key sits in the top 80 bits (first byte in the most significant bits), see `key_from_bus`.
"""
from __future__ import annotations

SBOX = [0xC, 0x5, 0x6, 0xB, 0x9, 0x0, 0xA, 0xD, 0x3, 0xE, 0xF, 0x8, 0x4, 0x7, 0x1, 0x2]
SBOX_INV = [SBOX.index(i) for i in range(16)]
ROUNDS = 31
MASK64 = (1 << 64) - 1


def s_layer(x: int, inverse: bool = False) -> int:
    box = SBOX_INV if inverse else SBOX
    out = 0
    for i in range(16):
        out |= box[(x >> (4 * i)) & 0xF] << (4 * i)
    return out


def p_layer(x: int, inverse: bool = False) -> int:
    """Bit i moves to 16 * i mod 63 (bit 63 stays); the inverse moves it back."""
    out = 0
    for i in range(64):
        j = 63 if i == 63 else (16 * i) % 63
        if inverse:
            out |= ((x >> j) & 1) << i
        else:
            out |= ((x >> i) & 1) << j
    return out


def key_update(k: int, rnd: int, key_bits: int) -> int:
    """One step of the key schedule: the register after round `rnd` (1..31) has been keyed."""
    mask = (1 << key_bits) - 1
    k = ((k << 61) | (k >> (key_bits - 61))) & mask
    top = key_bits - 4
    k = (k & ~(0xF << top)) | (SBOX[(k >> top) & 0xF] << top)
    if key_bits == 128:
        k = (k & ~(0xF << 120)) | (SBOX[(k >> 120) & 0xF] << 120)
        return k ^ (rnd << 62)
    return k ^ (rnd << 15)


def key_update_inv(k: int, rnd: int, key_bits: int) -> int:
    """Undo `key_update(., rnd, key_bits)`."""
    mask = (1 << key_bits) - 1
    k ^= rnd << (62 if key_bits == 128 else 15)
    top = key_bits - 4
    k = (k & ~(0xF << top)) | (SBOX_INV[(k >> top) & 0xF] << top)
    if key_bits == 128:
        k = (k & ~(0xF << 120)) | (SBOX_INV[(k >> 120) & 0xF] << 120)
    return ((k >> 61) | (k << (key_bits - 61))) & mask


def round_keys(key: int, key_bits: int) -> list[int]:
    """The 32 round keys K1..K32 (leftmost 64 bits of the key register)."""
    keys = []
    for rnd in range(1, ROUNDS + 2):
        keys.append(key >> (key_bits - 64))
        key = key_update(key, rnd, key_bits)
    return keys


def decrypt_start_key(key: int, key_bits: int) -> int:
    """The key register after 31 updates: where a backward schedule starts (K32 in its top 64
    bits; the RTL reads the round keys back from its store instead)."""
    for rnd in range(1, ROUNDS + 1):
        key = key_update(key, rnd, key_bits)
    return key


def encrypt(block: int, key: int, key_bits: int = 80) -> int:
    rk = round_keys(key, key_bits)
    for i in range(ROUNDS):
        block = p_layer(s_layer(block ^ rk[i]))
    return block ^ rk[ROUNDS]


def decrypt(block: int, key: int, key_bits: int = 80) -> int:
    rk = round_keys(key, key_bits)
    block ^= rk[ROUNDS]
    for i in range(ROUNDS - 1, -1, -1):
        block = s_layer(p_layer(block, inverse=True), inverse=True) ^ rk[i]
    return block


def key_from_bus(bus: int, key_bits: int) -> int:
    """The key register value for a 128-bit key bus word (80-bit keys use the top 80 bits)."""
    return bus >> (128 - key_bits)


def key_to_bus(key: int, key_bits: int) -> int:
    return key << (128 - key_bits)
