# SPDX-License-Identifier: Apache-2.0
"""Behavioural model of the AES engine's streaming interface (engines/aes/rtl/aes_top.v).

The block cipher is pycryptodome's; this model adds what the engine does around it: the cfg
word, key and IV registers, mode chaining per block, message segments (the chaining value
survives a message and is readable), CMAC subkeys and tag, and the error codes. Blocks are
16-byte `bytes`; the bus packs byte 0 in the most significant bits.
"""
from __future__ import annotations

from dataclasses import dataclass

from Crypto.Cipher import AES
from Crypto.Hash import CMAC

from tools import consts as C

# the CFG fields' and STATUS.ERR_CODE's values (engines/aes/regs.toml)
KEY_SIZES = {C.CV_AES_CFG_KSZ_128: 16, C.CV_AES_CFG_KSZ_192: 24, C.CV_AES_CFG_KSZ_256: 32}
MODE_ECB, MODE_CBC = C.CV_AES_CFG_MODE_ECB, C.CV_AES_CFG_MODE_CBC
MODE_CFB, MODE_OFB = C.CV_AES_CFG_MODE_CFB128, C.CV_AES_CFG_MODE_OFB
MODE_CTR, MODE_CMAC = C.CV_AES_CFG_MODE_CTR, C.CV_AES_CFG_MODE_CMAC
MODE_NAMES = {"ECB": MODE_ECB, "CBC": MODE_CBC, "CFB": MODE_CFB, "OFB": MODE_OFB,
              "CTR": MODE_CTR, "CMAC": MODE_CMAC}
# the API's and the benchmark's mode names (cv_aes.h, bench/cases.toml)
API_MODES = {"ecb": MODE_ECB, "cbc": MODE_CBC, "cfb128": MODE_CFB, "ofb": MODE_OFB,
             "ctr": MODE_CTR, "cmac": MODE_CMAC}
KIND_MIDDLE, KIND_COMPLETE, KIND_PARTIAL = (C.CV_AES_CFG_KIND_MORE, C.CV_AES_CFG_KIND_K1,
                                           C.CV_AES_CFG_KIND_K2)

ERR_NONE = 0
ERR_KEY_SIZE = C.CV_AES_STATUS_ERR_CODE_KEY_SIZE
ERR_MODE = C.CV_AES_STATUS_ERR_CODE_MODE
ERR_CMAC_KIND = C.CV_AES_STATUS_ERR_CODE_CMAC_KIND
ERR_START_BUSY = C.CV_AES_STATUS_ERR_CODE_START_BUSY
ERR_WRITE_BUSY = C.CV_AES_STATUS_ERR_CODE_WRITE_BUSY
ERR_NO_KEY = C.CV_AES_STATUS_ERR_CODE_NO_KEY
ERR_KEY_MISMATCH = C.CV_AES_STATUS_ERR_CODE_KEY_MISMATCH


def cfg_word(ksz: int, mode: int, dec: bool = False, kind: int = 0) -> int:
    """Pack the engine's 8-bit configuration word."""
    return C.put("aes", "CFG", KSZ=ksz, MODE=mode, DEC=int(dec), KIND=kind)


def ksz_of(key: bytes) -> int:
    return {n: ksz for ksz, n in KEY_SIZES.items()}[len(key)]


def xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def pycryptodome_cipher(mode: int, key: bytes, iv: bytes):
    """pycryptodome's own implementation of an encryption mode (MODE_ECB .. MODE_CTR), the
    tests' reference: it shares nothing with this model's chaining. CFB with 128-bit segments;
    CTR counts the whole 16-byte block as one big-endian number (NIST SP 800-38A), as the
    engine does."""
    if mode == MODE_ECB:
        return AES.new(key, AES.MODE_ECB)
    if mode == MODE_CBC:
        return AES.new(key, AES.MODE_CBC, iv=iv)
    if mode == MODE_CFB:
        return AES.new(key, AES.MODE_CFB, iv=iv, segment_size=128)
    if mode == MODE_OFB:
        return AES.new(key, AES.MODE_OFB, iv=iv)
    if mode == MODE_CTR:
        return AES.new(key, AES.MODE_CTR, nonce=b"", initial_value=iv)
    raise ValueError(f"no pycryptodome cipher for mode {mode}")


def pycryptodome_reference(mode: int, dec: bool, key: bytes, iv: bytes, data: bytes) -> bytes:
    """A whole message through pycryptodome (pycryptodome_cipher); MODE_CMAC gives the tag."""
    if mode == MODE_CMAC:
        return CMAC.new(key, msg=data, ciphermod=AES).digest()
    c = pycryptodome_cipher(mode, key, iv)
    return c.decrypt(data) if dec else c.encrypt(data)


def dbl(block: bytes) -> bytes:
    v = int.from_bytes(block, "big") << 1
    if v >> 128:
        v ^= (1 << 128) | 0x87
    return v.to_bytes(16, "big")


def cmac_pad(message: bytes) -> tuple[list[bytes], int]:
    """Split a message into blocks as the feeder does: 10* padding of a partial (or empty) last
    block, and the matching CMAC last-block kind for the cfg word."""
    if message and len(message) % 16 == 0:
        return [message[i:i + 16] for i in range(0, len(message), 16)], KIND_COMPLETE
    full = len(message) // 16 * 16
    tail = message[full:] + b"\x80"
    tail += bytes(16 - len(tail))
    return [message[i:i + 16] for i in range(0, full, 16)] + [tail], KIND_PARTIAL


@dataclass
class AesEngineModel:
    """State of the engine between and during messages."""
    key: bytes | None = None
    iv: bytes = bytes(16)
    cfg: int = 0
    busy: bool = False
    err: int = ERR_NONE
    _k1: bytes = bytes(16)

    @property
    def mode(self) -> int:
        return (self.cfg >> 2) & 7

    @property
    def dec(self) -> bool:
        return bool((self.cfg >> 5) & 1)

    @property
    def kind(self) -> int:
        return (self.cfg >> 6) & 3

    def zeroize(self) -> None:
        self.key, self.iv, self.cfg, self.busy, self.err = None, bytes(16), 0, False, ERR_NONE
        self._k1 = bytes(16)

    def load_key(self, key: bytes, cfg_ksz: int | None = None) -> int:
        """key_valid_i with cfg_i[1:0] = cfg_ksz (defaults to the key's own size)."""
        ksz = ksz_of(key) if cfg_ksz is None else cfg_ksz
        if self.busy:
            self.err = ERR_WRITE_BUSY
        elif ksz == 3:
            self.err = ERR_KEY_SIZE
        else:
            self.key = (key + bytes(32))[:KEY_SIZES[ksz]]
        return self.err

    def set_iv(self, iv: bytes) -> int:
        if self.busy:
            self.err = ERR_WRITE_BUSY
        else:
            self.iv = iv
        return self.err

    def start(self, cfg: int) -> int:
        """start_i with cfg_i = cfg; returns the error code after it (0: accepted)."""
        ksz, mode, kind = cfg & 3, (cfg >> 2) & 7, (cfg >> 6) & 3
        if self.busy:
            self.err = ERR_START_BUSY
        elif ksz == 3:
            self.err = ERR_KEY_SIZE
        elif mode > MODE_CMAC:
            self.err = ERR_MODE
        elif mode == MODE_CMAC and kind == 3:
            self.err = ERR_CMAC_KIND
        elif self.key is None:
            self.err = ERR_NO_KEY
        elif KEY_SIZES[ksz] != len(self.key):
            self.err = ERR_KEY_MISMATCH
        else:
            self.err, self.cfg, self.busy = ERR_NONE, cfg, True
            if mode == MODE_CMAC:
                self._k1 = dbl(self._enc(bytes(16)))
        return self.err

    def _enc(self, block: bytes) -> bytes:
        assert self.key is not None
        return AES.new(self.key, AES.MODE_ECB).encrypt(block)

    def _dec(self, block: bytes) -> bytes:
        assert self.key is not None
        return AES.new(self.key, AES.MODE_ECB).decrypt(block)

    def block(self, data: bytes, last: bool = False) -> bytes | None:
        """One input block; returns the output block, or None (CMAC blocks before the tag)."""
        assert self.busy and len(data) == 16
        mode, out = self.mode, None
        if mode == MODE_ECB:
            out = self._dec(data) if self.dec else self._enc(data)
        elif mode == MODE_CBC:
            if self.dec:
                out, self.iv = xor(self._dec(data), self.iv), data
            else:
                out = self._enc(xor(data, self.iv))
                self.iv = out
        elif mode == MODE_CFB:
            out = xor(self._enc(self.iv), data)
            self.iv = data if self.dec else out
        elif mode == MODE_OFB:
            self.iv = self._enc(self.iv)
            out = xor(self.iv, data)
        elif mode == MODE_CTR:
            out = xor(self._enc(self.iv), data)
            self.iv = ((int.from_bytes(self.iv, "big") + 1) % (1 << 128)).to_bytes(16, "big")
        elif mode == MODE_CMAC:
            x = xor(data, self.iv)
            if last and self.kind != KIND_MIDDLE:
                x = xor(x, self._k1 if self.kind == KIND_COMPLETE else dbl(self._k1))
            self.iv = self._enc(x)
            if last and self.kind != KIND_MIDDLE:
                out = self.iv
        if last:
            self.busy = False
        return out

    def message(self, cfg: int, blocks: list[bytes]) -> list[bytes]:
        """start + all blocks (the last one flagged); returns the produced blocks."""
        assert self.start(cfg) == ERR_NONE
        outs = [self.block(b, i == len(blocks) - 1) for i, b in enumerate(blocks)]
        return [o for o in outs if o is not None]
