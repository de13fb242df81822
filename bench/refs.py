"""Reference outputs for the benchmark: what each case must produce, from packages.

One function per engine, registered in REFS; each takes a case record (the fields of a
results.json record) and the replayed inputs, and returns the expected output bytes (the bytes
the firmware hashes). A new engine adds a function here; a new backend of an existing engine
needs nothing (every backend must give identical bytes).
"""
from __future__ import annotations

from typing import Callable

from Crypto.Cipher import AES
from Crypto.Hash import CMAC

MASK32 = 0xFFFF_FFFF


def xorshift32_bytes(state: int, n: int) -> tuple[bytes, int]:
    """Little-endian bytes of consecutive xorshift32 outputs, as fw/programs/bench/main.c."""
    out = bytearray()
    while len(out) < n:
        state ^= (state << 13) & MASK32
        state ^= state >> 17
        state ^= (state << 5) & MASK32
        out += state.to_bytes(4, "little")
    return bytes(out[:n]), state


def inputs(case: dict) -> tuple[bytes, bytes, bytes]:
    """key (32 bytes drawn), iv (16), message, replayed from the case's seed."""
    s = case["seed"]
    key, s = xorshift32_bytes(s, 32)
    iv, s = xorshift32_bytes(s, 16)
    msg, s = xorshift32_bytes(s, case["bytes"] or 16)
    return key, iv, msg


def ref_aes(case: dict, key: bytes, iv: bytes, msg: bytes) -> bytes:
    k = key[:case["key_bits"] // 8]
    mode, enc = case["mode"], case["direction"] != "decrypt"
    if mode == "init":
        return AES.new(k, AES.MODE_ECB).encrypt(msg[:16])
    if mode == "cmac":
        return CMAC.new(k, msg=msg, ciphermod=AES).digest()
    if mode == "ecb":
        c = AES.new(k, AES.MODE_ECB)
    elif mode == "cbc":
        c = AES.new(k, AES.MODE_CBC, iv=iv)
    elif mode == "cfb128":
        c = AES.new(k, AES.MODE_CFB, iv=iv, segment_size=128)
    elif mode == "ofb":
        c = AES.new(k, AES.MODE_OFB, iv=iv)
    elif mode == "ctr":
        # the whole 16-byte block is a big-endian counter (cv_aes_sw_ctr, NIST SP 800-38A)
        c = AES.new(k, AES.MODE_CTR, nonce=b"", initial_value=iv)
    else:
        raise ValueError(f"no AES reference for mode {mode}")
    return c.encrypt(msg) if enc else c.decrypt(msg)


REFS: dict[str, Callable[[dict, bytes, bytes, bytes], bytes]] = {"aes": ref_aes}


def expected(case: dict) -> bytes:
    key, iv, msg = inputs(case)
    return REFS[case["engine"]](case, key, iv, msg)
