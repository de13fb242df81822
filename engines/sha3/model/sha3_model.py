# SPDX-License-Identifier: Apache-2.0
"""Interface model of the SHA-3 engine (sha3_top), with hashlib underneath.

It packs a message into the engine's 64-bit input words, predicts the output words, and runs the
NIST CAVP Monte Carlo procedures (SHA3VS, SHAKEVS) with any hash function plugged in, so the same
loop drives hashlib (checked against the .rsp files) and the RTL.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from tools import consts as C


@dataclass(frozen=True)
class Mode:
    name: str
    code: int           # cfg_i[2:0]
    rate: int           # bytes
    digest: int | None  # bytes; None for SHAKE (length from cfg_i[31:16])


# codes: CFG.FUNC's values (engines/sha3/regs.toml)
MODES = {
    "SHA3-224": Mode("SHA3-224", C.CV_SHA3_CFG_FUNC_SHA3_224, 144, 28),
    "SHA3-256": Mode("SHA3-256", C.CV_SHA3_CFG_FUNC_SHA3_256, 136, 32),
    "SHA3-384": Mode("SHA3-384", C.CV_SHA3_CFG_FUNC_SHA3_384, 104, 48),
    "SHA3-512": Mode("SHA3-512", C.CV_SHA3_CFG_FUNC_SHA3_512, 72, 64),
    "SHAKE128": Mode("SHAKE128", C.CV_SHA3_CFG_FUNC_SHAKE128, 168, None),
    "SHAKE256": Mode("SHAKE256", C.CV_SHA3_CFG_FUNC_SHAKE256, 136, None),
}


# CFG.XOF: SHAKE output without end (OUTLEN field 0), squeezed until zeroize
XOF = C.field("sha3", "CFG", "XOF", 1)


def cfg_word(mode: str, outlen: int = 0, xof: bool = False) -> int:
    """cfg_i of sha3_top: function code and, for SHAKE, the output length in bytes or XOF."""
    m = MODES[mode]
    if xof:
        assert m.digest is None, "XOF is a SHAKE mode"
        return C.put("sha3", "CFG", FUNC=m.code) | XOF
    return C.put("sha3", "CFG", FUNC=m.code, OUTLEN=outlen if m.digest is None else 0)


def out_len(mode: str, outlen: int = 0) -> int:
    m = MODES[mode]
    return m.digest if m.digest is not None else outlen


def digest(mode: str, msg: bytes, outlen: int = 0) -> bytes:
    """The reference output (hashlib)."""
    h = hashlib.new(mode.replace("-", "_").lower().replace("shake", "shake_"), msg)
    if MODES[mode].digest is None:
        return h.digest(outlen)
    return h.digest()


def pack(msg: bytes) -> list[tuple[int, int, bool]]:
    """Input words (data, valid bytes, last): first byte in the MSBs, the last word carries the
    byte count (0..8); an empty message is one word with count 0."""
    words = []
    n = max(1, (len(msg) + 7) // 8)
    for i in range(n):
        chunk = msg[8 * i:8 * i + 8]
        words.append((int.from_bytes(chunk.ljust(8, b"\0"), "big"), len(chunk), i == n - 1))
    return words


def unpack(words: list[tuple[int, int]]) -> bytes:
    """Output words (data, valid bytes) back to a byte string."""
    return b"".join(w.to_bytes(8, "big")[:n] for w, n in words)


def cycles(mode: str, msg_len: int, outlen: int = 0) -> int:
    """Engine cycles from the start pulse to the last output transfer, with no stalls.

    Absorbing takes one cycle per rate lane of every padded block, each block is followed by
    24 rounds, squeezing one cycle per output word plus 24 rounds per extra block; a word is
    absorbed the cycle after it is taken (the input buffer), and the buffer takes the next
    block's first word during a permutation, so that cycle is paid once per message."""
    m = MODES[mode]
    lanes = m.rate // 8
    blocks = msg_len // m.rate + 1
    n_out = (out_len(mode, outlen) + 7) // 8
    extra = (n_out - 1) // lanes
    return 1 + 1 + blocks * (lanes + 24) + n_out + 24 * extra - 1


def parse_rsp(path: Path) -> tuple[dict[str, str], list[dict[str, str]]]:
    """A CAVP .rsp file: the bracketed/leading header fields and the list of records."""
    header: dict[str, str] = {}
    records: list[dict[str, str]] = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            k, _, v = line.strip("[]").partition("=")
            header[k.strip()] = v.strip()
            continue
        k, _, v = (x.strip() for x in line.partition("="))
        if k in ("COUNT", "Len"):
            records.append({})
        if records:
            records[-1][k] = v
        else:
            header[k] = v  # Monte Carlo seed
    return header, records


def vectors_dir() -> Path:
    import cryptography_vectors
    return Path(cryptography_vectors.__file__).parent / "hashes"


def rsp_path(mode: str, kind: str) -> Path:
    """kind: ShortMsg, LongMsg, Monte, VariableOut."""
    if mode.startswith("SHA3"):
        return vectors_dir() / "SHA3" / f"SHA3_{mode[5:]}{kind}.rsp"
    return vectors_dir() / "SHAKE" / f"{mode}{kind}.rsp"


HashFn = Callable[[bytes, int], bytes]  # (message, output length in bytes) -> output


def sha3_monte(seed: bytes, fn: HashFn, checkpoints: int, iters: int = 1000,
               outlen: int = 0) -> list[bytes]:
    """SHA3VS Monte Carlo: MD_i = H(MD_{i-1}), 1000 per checkpoint."""
    md, out = seed, []
    for _ in range(checkpoints):
        for _ in range(iters):
            md = fn(md, outlen)
        out.append(md)
    return out


def shake_monte(msg: bytes, fn: HashFn, min_bits: int, max_bits: int, checkpoints: int,
                iters: int = 1000) -> list[tuple[int, bytes]]:
    """SHAKEVS Monte Carlo: the message is the leftmost 128 bits of the previous output; the next
    output length comes from its rightmost 16 bits. Returns (Outputlen bits, Output) pairs."""
    minb, maxb = min_bits // 8, max_bits // 8
    rng = maxb - minb + 1
    outlen, output, res = maxb, msg, []
    for _ in range(checkpoints):
        for _ in range(iters):
            m = output[:16].ljust(16, b"\0")
            output = fn(m, outlen)
            used = outlen
            outlen = minb + (int.from_bytes(output[-2:], "big") % rng)
        res.append((used * 8, output))
    return res
