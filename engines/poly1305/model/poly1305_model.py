# SPDX-License-Identifier: Apache-2.0
"""Reference model of the Poly1305 engine (RFC 8439).

`tag` is the RFC's definition. `Limbs` mirrors the engine's two-lane radix-2^26 datapath step
by step (engines/poly1305/rtl/poly1305_top.v) and asserts the width of every register and
product, so that random and extreme inputs through it show the bounds the RTL's widths rely on.
"""
from __future__ import annotations

P = (1 << 130) - 5
CLAMP = 0x0FFFFFFC0FFFFFFC0FFFFFFC0FFFFFFF
M26 = (1 << 26) - 1

# register and product widths of poly1305_top
AW, BW, RW, QW, PW = 30, 28, 29, 27, 56


def split_key(key: bytes) -> tuple[int, int]:
    """The 32-byte one-time key as (clamped r, s)."""
    if len(key) != 32:
        raise ValueError("Poly1305 key must be 32 bytes")
    return int.from_bytes(key[:16], "little") & CLAMP, int.from_bytes(key[16:], "little")


def block_value(chunk: bytes) -> int:
    """A chunk of at most 16 bytes as a number with the pad byte 0x01 after it (RFC 8439 2.5)."""
    if len(chunk) > 16:
        raise ValueError("a chunk has at most 16 bytes")
    return int.from_bytes(chunk + b"\x01", "little")


def tag(key: bytes, msg: bytes) -> bytes:
    """Poly1305 by the RFC's definition."""
    r, s = split_key(key)
    h = 0
    for i in range(0, len(msg), 16):
        h = (h + block_value(msg[i:i + 16])) * r % P
    return ((h + s) & ((1 << 128) - 1)).to_bytes(16, "little")


def chunks(msg: bytes) -> list[tuple[bytes, int]]:
    """How a feeder hands a message to the engine: 16-byte blocks with their byte counts, the
    last one short (padded with zeros on the bus); an empty message is one block of 0 bytes."""
    out = [(msg[i:i + 16], min(16, len(msg) - i)) for i in range(0, len(msg), 16)]
    return [(c + bytes(16 - len(c)), n) for c, n in out] or [(bytes(16), 0)]


class Limbs:
    """The engine's datapath: two lanes of five limbs below 2^AW, updated as the RTL does.

    Blocks alternate between the lanes; each lane multiplies by r^2 except for the message's
    last block, which multiplies by r, and the tag adds the lanes. r^2 comes from the same
    multiplication (a = r, R = r), normalised once."""

    def __init__(self, key: bytes) -> None:
        self.r, self.s = split_key(key)
        self.r_limbs = [(self.r >> (26 * j)) & M26 for j in range(5)]
        sq = self._mul(self.r_limbs, self.r_limbs)
        self.r2_limbs = [self._check(v, QW, "r^2 limb") for v in self._norm(sq)]
        self.lanes = [[0] * 5, [0] * 5]
        self.nxt = 0

    @staticmethod
    def _check(v: int, bits: int, what: str) -> int:
        assert 0 <= v < (1 << bits), f"{what} = {v:#x} does not fit {bits} bits"
        return v

    @staticmethod
    def _norm(acc: list[int]) -> list[int]:
        """Each limb's low 26 bits plus the carry of the limb below (limb 4's times 5)."""
        return [(acc[j] & M26) + (acc[(j + 4) % 5] >> 26) * (5 if j == 0 else 1)
                for j in range(5)]

    def _mul(self, a: list[int], rl: list[int]) -> list[int]:
        """acc = a * R as five issues of one limb of a, with the RTL's product split and
        carry-local limb update."""
        acc = [0] * 5
        a = [self._check(v, BW, "a") for v in a]
        for k in range(5):
            if k:
                rl = [5 * rl[4]] + rl[:4]
            prod = []
            for j in range(5):
                rj = self._check(rl[j], RW, "R")
                a_lo, a_hi, r_lo, r_hi = a[k] & 0x3FFF, a[k] >> 14, rj & 0x7FFF, rj >> 15
                parts = (self._check(a_lo * r_lo, 29, "pp_ll"),
                         self._check(a_lo * r_hi, 28, "pp_lh"),
                         self._check(a_hi * r_lo, 29, "pp_hl"),
                         self._check(a_hi * r_hi, 27, "pp_hh"))
                p = parts[0] + (parts[1] << 15) + (parts[2] << 14) + (parts[3] << 29)
                prod.append(self._check(p, PW, "product"))
            acc = [self._check((acc[j] & M26) + (acc[(j + 4) % 5] >> 26) * (5 if j == 0 else 1)
                               + (prod[j] & M26)
                               + (prod[(j + 4) % 5] >> 26) * (5 if j == 0 else 1), AW, "acc")
                   for j in range(5)]
        return acc

    def block(self, data: bytes, nbytes: int, last: bool) -> None:
        """One 16-byte block of which the first `nbytes` belong to the message (1..16; 0 only
        as the single block of an empty message)."""
        m = block_value(data[:nbytes]) if nbytes else 0
        h = self._norm(self.lanes[self.nxt])
        a = [h[j] + ((m >> (26 * j)) & M26) for j in range(5)]
        self.lanes[self.nxt] = self._mul(a, self.r_limbs if last else self.r2_limbs)
        self.nxt ^= 1

    def value(self) -> int:
        return sum(v << (26 * j) for lane in self.lanes for j, v in enumerate(lane))

    def finish(self) -> bytes:
        """The engine's final reduction: lanes added, limbs added, 2^130 folded, one
        conditional - p."""
        sums = [self._check(a + b, 31, "lane sum") for a, b in zip(*self.lanes)]
        t = self._check(sum(((v & M26) << (26 * j)) + ((v >> 26) << (26 * (j + 1)))
                            for j, v in enumerate(sums)), 136, "t")
        u = self._check((t & ((1 << 130) - 1)) + 5 * (t >> 130), 131, "u")
        assert u < 2 * P
        f = u + 5 - (1 << 130) if u + 5 >= (1 << 130) else u
        return ((f + self.s) & ((1 << 128) - 1)).to_bytes(16, "little")


def tag_limbs(key: bytes, msg: bytes) -> bytes:
    """Poly1305 through the engine's datapath, fed as a feeder would."""
    st = Limbs(key)
    blocks = chunks(msg)
    for i, (data, n) in enumerate(blocks):
        st.block(data, n, i == len(blocks) - 1)
    return st.finish()
