# SPDX-License-Identifier: Apache-2.0
"""Reference model of the Poly1305 engine (RFC 8439).

`tag` is the RFC's definition. `Limbs` mirrors the engine's radix-2^26 datapath step by step
(engines/poly1305/rtl/poly1305_top.v) and asserts the width of every register and product, so
that random and extreme inputs through it show the bounds the RTL's widths rely on.
"""
from __future__ import annotations

P = (1 << 130) - 5
CLAMP = 0x0FFFFFFC0FFFFFFC0FFFFFFC0FFFFFFF
M26 = (1 << 26) - 1

# register and product widths of poly1305_top
AW, BW, RW, PW = 30, 28, 29, 56


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
    """The engine's accumulator: five limbs below 2^AW, updated as the RTL does."""

    def __init__(self, key: bytes) -> None:
        self.r, self.s = split_key(key)
        self.acc = [0] * 5

    @staticmethod
    def _check(v: int, bits: int, what: str) -> int:
        assert 0 <= v < (1 << bits), f"{what} = {v:#x} does not fit {bits} bits"
        return v

    def block(self, data: bytes, nbytes: int) -> None:
        """One 16-byte block of which the first `nbytes` belong to the message (0..16)."""
        if nbytes == 0:  # h unchanged: m = 0, R = 1
            m, rl = 0, [1, 0, 0, 0, 0]
        else:
            m = block_value(data[:nbytes])
            rl = [(self.r >> (26 * j)) & M26 for j in range(5)]
        h = self.acc
        # a = normalised h + m, all five limbs (step 0)
        a = []
        for j in range(5):
            carry = (h[(j + 4) % 5] >> 26) * (5 if j == 0 else 1)
            a.append(self._check((h[j] & M26) + carry + ((m >> (26 * j)) & M26), BW, "a"))
        acc = [0] * 5
        for k in range(5):
            if k:
                rl = [5 * rl[4]] + rl[:4]
            prod = [self._check(a[k] * self._check(rl[j], RW, "R"), PW, "product")
                    for j in range(5)]
            acc = [self._check((acc[j] & M26) + (acc[(j + 4) % 5] >> 26) * (5 if j == 0 else 1)
                               + (prod[j] & M26)
                               + (prod[(j + 4) % 5] >> 26) * (5 if j == 0 else 1), AW, "acc")
                   for j in range(5)]
        self.acc = acc

    def value(self) -> int:
        return sum(v << (26 * j) for j, v in enumerate(self.acc))

    def finish(self) -> bytes:
        """The engine's final reduction: limbs added, 2^130 folded, one conditional - p."""
        t = self._check(sum(((v & M26) << (26 * j)) + ((v >> 26) << (26 * (j + 1)))
                            for j, v in enumerate(self.acc)), 135, "t")
        u = self._check((t & ((1 << 130) - 1)) + 5 * (t >> 130), 131, "u")
        assert u < 2 * P
        f = u + 5 - (1 << 130) if u + 5 >= (1 << 130) else u
        return ((f + self.s) & ((1 << 128) - 1)).to_bytes(16, "little")


def tag_limbs(key: bytes, msg: bytes) -> bytes:
    """Poly1305 through the engine's limb datapath, fed as a feeder would."""
    st = Limbs(key)
    for data, n in chunks(msg):
        st.block(data, n)
    return st.finish()
