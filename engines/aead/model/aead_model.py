# SPDX-License-Identifier: Apache-2.0
"""Reference model of aead_top's GCM and CCM / CCM* messages, and the feeder's formatting.

The engine's view of a message (engines/aead/README.md): cfg fields, the IV register (GCM's
12-byte IV or CCM's B0) and a list of phases, each a byte string cut into 16-byte blocks (an
empty phase is one block of 0 bytes). `Engine.message` returns what the engine streams out: one
block per non-empty payload block (zero padded) and the final block (tag or verdict), and the
error code. Only AES-ECB comes from pycryptodome; GHASH is engines/ghash's model, and CCM's
CBC-MAC and counter blocks are written out from SP 800-38C, so the tests against pycryptodome's
own GCM and CCM check the construction.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from Crypto.Cipher import AES

from engines.ghash.model import ghash_model as gh
from tools import consts as C

MODE_GCM = C.CV_AES_CFG_MODE_GCM
MODE_CCM = C.CV_AES_CFG_MODE_CCM
ERR_PARAM = C.CV_AES_STATUS_ERR_CODE_PARAM
ERR_LEN = C.CV_AES_STATUS_ERR_CODE_LEN
ERR_AUTH = C.CV_AES_STATUS_ERR_CODE_AUTH
ERR_KEY_SIZE = C.CV_AES_STATUS_ERR_CODE_KEY_SIZE
GCM_TAGS = (4, 8, 12, 13, 14, 15, 16)
CCM_TAGS = (0, 4, 6, 8, 10, 12, 14, 16)


def cfg_word(ksz: int, mode: int, dec: bool = False, tlen: int = 16, ivb: bool = False) -> int:
    """The engine's cfg_i (CFG register) from its fields."""
    return ((ksz << C.CV_AES_CFG_KSZ_LSB) | (mode << C.CV_AES_CFG_MODE_LSB)
            | (int(dec) << C.CV_AES_CFG_DEC_LSB) | (tlen << C.CV_AES_CFG_TLEN_LSB)
            | (int(ivb) << C.CV_AES_CFG_IVB_LSB))


def ksz_of(key: bytes) -> int:
    return {16: 0, 24: 1, 32: 2}[len(key)]


def blocks(phase: bytes) -> list[tuple[bytes, int, bool]]:
    """A phase as the engine takes it: (16-byte block, valid bytes, last); an empty phase is
    one 0-byte last block."""
    if not phase:
        return [(bytes(16), 0, True)]
    out = []
    for i in range(0, len(phase), 16):
        b = phase[i:i + 16]
        out.append((b + bytes(16 - len(b)), len(b), i + 16 >= len(phase)))
    return out


# ---------------------------------------------------------------- feeder formatting (driver)
def ccm_b0(nonce: bytes, tlen: int, aad_len: int, plen: int) -> bytes:
    """SP 800-38C A.2.1 B0 (CCM*: M' = 0 for a 0-byte tag)."""
    q = 15 - len(nonce)
    if not 7 <= len(nonce) <= 13:
        raise ValueError("nonce of 7..13 bytes")
    mp = 0 if tlen == 0 else (tlen - 2) // 2
    flags = (0x40 if aad_len else 0) | (mp << 3) | (q - 1)
    return bytes([flags]) + nonce + plen.to_bytes(q, "big")


def ccm_aad(aad: bytes) -> bytes:
    """SP 800-38C A.2.2: the AAD with its length prefix (the engine zero-pads the last block);
    empty AAD gives an empty phase."""
    a = len(aad)
    if a == 0:
        return b""
    if a < 0xFF00:
        pre = a.to_bytes(2, "big")
    elif a < 1 << 32:
        pre = b"\xff\xfe" + a.to_bytes(4, "big")
    else:
        pre = b"\xff\xff" + a.to_bytes(8, "big")
    return pre + aad


def gcm_iv_reg(iv: bytes) -> tuple[bytes, bool]:
    """IV register value and IVB: a 12-byte IV goes into the register, any other as blocks."""
    if len(iv) == 12:
        return iv + bytes(4), False
    return bytes(16), True


# ---------------------------------------------------------------- the engine
@dataclass
class Result:
    out: list[bytes] = field(default_factory=list)   # payload blocks, zero padded
    final: bytes = bytes(16)                          # tag (enc) / verdict (dec)
    err: int = 0

    @property
    def data(self) -> bytes:
        return b"".join(self.out)


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def _mask(b: bytes, n: int) -> bytes:
    return b[:n] + bytes(16 - n)


def _inc(ctr: bytes, width: int) -> bytes:
    """Increment the last `width` bytes (GCM inc32: 4; CCM: the 8 low bytes suffice)."""
    hi, lo = ctr[:16 - width], int.from_bytes(ctr[16 - width:], "big")
    return hi + ((lo + 1) % (1 << (8 * width))).to_bytes(width, "big")


class Engine:
    """aead_top with a loaded key."""

    def __init__(self, key: bytes) -> None:
        self.aes = AES.new(key, AES.MODE_ECB)
        self.ksz = ksz_of(key)

    def check(self, mode: int, tlen: int, ivreg: bytes) -> int:
        """The START checks of the AEAD modes (0 when accepted)."""
        if mode == MODE_GCM:
            return 0 if tlen in GCM_TAGS else ERR_PARAM
        f = ivreg[0]
        mp, lp = (f >> 3) & 7, f & 7
        ok = tlen in CCM_TAGS and mp == (0 if tlen == 0 else (tlen - 2) // 2)
        return 0 if ok and not f & 0x80 and lp != 0 else ERR_PARAM

    def message(self, mode: int, dec: bool, tlen: int, ivreg: bytes,
                phases: list[list[tuple[bytes, int, bool]]], ivb: bool = False) -> Result:
        """One message. `phases` lists the block lists in order ([IV,] AAD, payload[, tag]);
        a block is (16 bytes, valid bytes 0..31, last)."""
        res = Result()
        res.err = self.check(mode, tlen, ivreg)
        if res.err:
            return res
        e = self.aes.encrypt
        ph = list(phases)
        bad = False

        def take(p):
            nonlocal bad
            out = []
            for blk, n, last in p:
                if last and n > 16:
                    bad, n = True, 16
                out.append((blk, n if last else 16))
            return out

        if mode == MODE_GCM:
            h = e(bytes(16))
            if ivb:
                ivp = take(ph.pop(0))
                ivbytes = sum(n for _, n in ivp)
                if ivbytes == 12:
                    j0 = ivp[0][0][:12] + b"\x00\x00\x00\x01"
                else:
                    data = b"".join(_mask(b, n) for b, n in ivp if n)
                    j0 = gh.ghash(h, data + bytes(8) + (8 * ivbytes).to_bytes(8, "big"))
            else:
                j0 = ivreg[:12] + b"\x00\x00\x00\x01"
            aad = take(ph.pop(0))
            pay = take(ph.pop(0))
            y, ctr = bytes(16), _inc(j0, 4)
            for b, n in aad:
                if n:
                    y = gh.ghash(h, _mask(b, n), y)
            plen = 0
            for b, n in pay:
                if not n:
                    continue
                o = _mask(_xor(b, e(ctr)), n)
                ctr = _inc(ctr, 4)
                res.out.append(o)
                y = gh.ghash(h, _mask(b, n) if dec else o, y)
                plen += n
            alen = sum(n for _, n in aad)
            s = gh.ghash(h, (8 * alen).to_bytes(8, "big") + (8 * plen).to_bytes(8, "big"), y)
            tag = _mask(_xor(s, e(j0)), tlen)
        else:
            lp = ivreg[0] & 7
            a0 = bytes([lp]) + ivreg[1:16 - (lp + 1)] + bytes(lp + 1)
            mac = tlen != 0
            x = e(ivreg) if mac else bytes(16)
            aad = take(ph.pop(0))
            pay = take(ph.pop(0))
            if mac:
                for b, n in aad:
                    if n:
                        x = e(_xor(x, _mask(b, n)))
            ctr = _inc(a0, 8)
            for b, n in pay:
                if not n:
                    continue
                o = _mask(_xor(b, e(ctr)), n)
                ctr = _inc(ctr, 8)
                res.out.append(o)
                if mac:
                    x = e(_xor(x, o if dec else _mask(b, n)))
            tag = _mask(_xor(x, e(a0)), tlen)
        if dec:
            if tlen:
                got, gn = take(ph.pop(0))[0]      # the received tag, zero-padded to its bytes
                if bad or _mask(_mask(got, gn), tlen) != tag:
                    res.err = ERR_LEN if bad else ERR_AUTH
            res.final = bytes(16)
        else:
            res.final = bytes(16) if bad else tag
            if bad:
                res.err = ERR_LEN
        return res


# ---------------------------------------------------------------- whole messages
def gcm_phases(iv: bytes, aad: bytes, data: bytes, tag: bytes | None = None
               ) -> tuple[bytes, bool, list[list[tuple[bytes, int, bool]]]]:
    """(IV register, IVB, phases) of a GCM message; `tag` given: decryption."""
    ivreg, ivb = gcm_iv_reg(iv)
    ph = ([blocks(iv)] if ivb else []) + [blocks(aad), blocks(data)]
    if tag is not None:
        ph.append([(tag + bytes(16 - len(tag)), len(tag), True)])
    return ivreg, ivb, ph


def ccm_phases(nonce: bytes, tlen: int, aad: bytes, data: bytes, tag: bytes | None = None
               ) -> tuple[bytes, list[list[tuple[bytes, int, bool]]]]:
    """(B0, phases) of a CCM message; `tag` given: decryption (no tag phase for tlen 0)."""
    b0 = ccm_b0(nonce, tlen, len(aad), len(data))
    ph = [blocks(ccm_aad(aad)), blocks(data)]
    if tag is not None and tlen:
        ph.append([(tag + bytes(16 - len(tag)), len(tag), True)])
    return b0, ph
