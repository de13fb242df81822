# SPDX-License-Identifier: Apache-2.0
"""The adversarial campaigns on the AEAD build of adv_top (adversarial/aead.md): the AES engine
as aead_top (GCM, CCM, CCM*), the ChaCha engine as chachapoly_top (ChaCha20-Poly1305), the DMA
with continuation jobs (ENGINE.CONT / OPEN) and message jobs (ENGINE.MSG). Three cocotb tests,
one per campaign:

- regfuzz_aead: bursts of the register fuzzer's random steps (regfuzz_tb.Fuzzer) on both
  units and of DMA register steps (the job registers, ENGINE's MSG bit, AAD, TAG, MLEN, read
  back through their fields), then a zeroize with its wipe checks and an AEAD scenario (good,
  forged tag, truncated tag with the true tag past LAST_BYTES, the tag sent as data, LAST_BYTES
  overflow, refused configurations and B0 flags, START / KEYLOAD / IVLOAD during a message,
  RESULT with nothing due) over MMIO, custom instructions, continuation jobs or message jobs,
  and a good message after it;
- dmafault_aead: messages whose phases go by continuation jobs or by one message job, with
  faulty jobs among them (range, alignment, overlap, OPEN with a partial or empty length, an
  engine not attached, a job with no message running, ABORT and unit ZEROIZE mid-job, a plain
  job with an AEAD configuration; for message jobs the AAD and tag buffers' range, alignment
  and overlap, TAG_LEN, a non-AEAD configuration, ABORT and ZEROIZE in each phase, forged
  tags); the whole data memory compared after every job;
- consttime_aead: per-cycle timing signatures of whole AEAD messages (key set-up, every phase,
  the tag or verdict) over MMIO, custom instructions, continuation jobs and message jobs, with
  random, all-zero and all-one keys, nonces, AAD and data, and with good and forged tags.

References: pycryptodome (GCM, CCM, ChaCha20_Poly1305; CCM* with no tag by its definition, CTR
from A_1). Environment as adv_tb (ADV_OPS, ADV_SEED, ADV_LONG, ADV_JSON).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

import cocotb
from Crypto.Cipher import AES, ChaCha20_Poly1305

from adversarial.tests.adv_tb import (ADV_LONG, ADV_OPS, IVLOAD, KEYLOAD, POLL, START, ZEROIZE,
                                      Counters, Engine, Hang, diff_bytes, open_campaign)
from adversarial.tests.consttime_tb import CtBench
from adversarial.tests.regfuzz_tb import Fuzzer
from coupling.tests.cpl_dma_tb import DMEM_BASE, PB
from coupling.tests.cpl_engine_tb import OFF, fget, wbytes, words
from engines.aead.model.aead_model import ccm_aad, ccm_b0
from engines.chacha.model import chacha_model
from tools import consts as C

AES_E, CHA_E = C.ENGINES["AES"], C.ENGINES["CHACHA"]
GCM, CCM = C.CV_AES_CFG_MODE_GCM, C.CV_AES_CFG_MODE_CCM
KEYLEN = {C.CV_AES_CFG_KSZ_128: 16, C.CV_AES_CFG_KSZ_192: 24, C.CV_AES_CFG_KSZ_256: 32}
GCM_TAGS = (4, 8, 12, 13, 14, 15, 16)
CCM_TAGS = (0, 4, 6, 8, 10, 12, 14, 16)
# the engines' codes (engines/aes/regs.toml, engines/chacha/regs.toml) and the DMA's
A = {n: C.CONSTANTS[f"CV_AES_STATUS_ERR_CODE_{n}"] for n in
     ("PARAM", "LEN", "AUTH", "NO_KEY", "START_BUSY", "WRITE_BUSY", "BUSY_DMA")}
X = {n: C.CONSTANTS[f"CV_CHACHA_STATUS_ERR_CODE_{n}"] for n in
     ("CFG", "LEN", "AUTH", "NOKEY", "BUSY", "BUSY_DMA")}
D = {n: C.CONSTANTS[f"CV_DMA_STATUS_ERR_CODE_{n}"] for n in
     ("RANGE", "ALIGN", "OVERLAP", "ENGINE", "LENGTH", "ABORTED", "AUTH")}
CONT = 1 << C.CV_DMA_ENGINE_CONT_LSB
OPEN = 1 << C.CV_DMA_ENGINE_OPEN_LSB
MSG = 1 << C.CV_DMA_ENGINE_MSG_LSB
AUTH = A["AUTH"]
assert AUTH == X["AUTH"] and A["LEN"] == X["LEN"]
DMEM = 65536
DMA_LIMIT = 40000
# a message job's buffers (dmem offsets): AAD, SRC, DST, TAG
MSG_AT = (0x1800, 0x1000, 0x8000, 0x7F00)


def chacha_cfg(dec: int, **bad) -> int:
    f = dict(ROUNDS=C.CV_CHACHA_CFG_ROUNDS_20, K128=0, RFC=1, XOR=1, AEAD=1, DEC=dec)
    f.update(bad)
    return C.put("chacha", "CFG", **f)


# ------------------------------------------------------------------------------ messages
@dataclass
class Msg:
    """One AEAD message as the engine sees it: phases (IV blocks, AAD, text, received tag) and
    what it must give."""
    eng: int
    cfg: int
    key: bytes
    ivreg: bytes | None          # the IV register (16 bytes) loaded before START, or none
    phases: list                 # byte strings, each a phase
    text: int                    # index of the text phase
    out: bytes                   # the text's output
    final: bytes                 # the final block (tag and zeros, or the zero verdict)
    code: int = 0                # ERR_CODE at the end
    lastb: dict = field(default_factory=dict)   # phase -> LAST_BYTES of its last block
    pad: dict = field(default_factory=dict)     # phase -> bus bytes past the valid ones
    tag: bytes = b""             # the true tag
    what: str = "good"

    @property
    def bs(self) -> int:
        return 16 if self.eng == AES_E else 64

    @property
    def dec(self) -> int:
        return C.get("aes" if self.eng == AES_E else "chacha", "CFG", "DEC", self.cfg)

    def key_cfg(self) -> int:
        if self.eng == AES_E:
            return C.put("aes", "CFG", KSZ=C.get("aes", "CFG", "KSZ", self.cfg))
        return chacha_cfg(0)

    def __str__(self) -> str:
        return (f"{self.what} engine {self.eng} cfg {self.cfg:#x} phases "
                f"{[len(p) for p in self.phases]} lastb {self.lastb}")


def new_msg(rng: random.Random, eng: int, mode: int | None = None, dec: int | None = None,
            ksz: int | None = None, tlen: int | None = None, nlen: int | None = None,
            alen: int | None = None, plen: int | None = None, src=None,
            maxlen: int = 100, ivb: int | None = None, key: bytes | None = None) -> Msg:
    """A random valid message (any field can be fixed); src(n) gives the key, nonce and data
    bytes (random by default). GCM's IVB: 1 for a nonce other than 12 bytes, random for 12.
    key: the key (AES: its length sets the key size)."""
    src = src or rng.randbytes
    dec = rng.randint(0, 1) if dec is None else dec
    alen = rng.choice((0, rng.randint(1, maxlen))) if alen is None else alen
    plen = rng.choice((0, rng.randint(1, maxlen), rng.randint(1, 3) * 16)) \
        if plen is None else plen
    aad, pt = src(alen), src(plen)
    if eng == CHA_E:
        key, nonce = key or src(32), src(12)
        c = ChaCha20_Poly1305.new(key=key, nonce=nonce)
        c.update(aad)
        ct, tag = c.encrypt_and_digest(pt)
        ivreg = chacha_model.make_iv(rng.getrandbits(32), nonce)   # the counter is ignored
        phases = [aad, ct if dec else pt] + ([tag] if dec else [])
        return Msg(eng, chacha_cfg(dec), key, ivreg, phases, 1, pt if dec else ct,
                   (b"" if dec else tag).ljust(64, b"\0"), tag=tag)
    mode = rng.choice((GCM, CCM)) if mode is None else mode
    ksz = rng.choice(list(KEYLEN)) if ksz is None else ksz
    if key:
        ksz = next(k for k, n in KEYLEN.items() if n == len(key))
    key = key or src(KEYLEN[ksz])
    if mode == GCM:
        tlen = rng.choice(GCM_TAGS) if tlen is None else tlen
        nlen = (12 if rng.random() < 0.7 else rng.randint(1, 40)) if nlen is None else nlen
        nonce = src(nlen)
        c = AES.new(key, AES.MODE_GCM, nonce=nonce)
        c.update(aad)
        ct, tag = c.encrypt_and_digest(pt)
        if ivb is None or nlen != 12:
            ivb = int(nlen != 12 or rng.random() < 0.2)
        pre, ivreg, aphase = ([nonce] if ivb else []), (None if ivb else nonce + bytes(4)), aad
    else:
        ivb = 0
        tlen = rng.choice(CCM_TAGS) if tlen is None else tlen
        nlen = rng.randint(7, 13) if nlen is None else nlen
        nonce = src(nlen)
        if tlen:
            c = AES.new(key, AES.MODE_CCM, nonce=nonce, mac_len=tlen, msg_len=plen,
                        assoc_len=alen)
            c.update(aad)
            ct, tag = c.encrypt_and_digest(pt)
        else:   # CCM*: CTR on A_1 = flags(L') || N || 1 (its definition; no package has it)
            q = 15 - nlen
            a1 = bytes([q - 1]) + nonce + (1).to_bytes(q, "big")
            ct, tag = AES.new(key, AES.MODE_CTR, nonce=b"", initial_value=a1).encrypt(pt), b""
        pre, ivreg, aphase = [], ccm_b0(nonce, tlen, alen, plen), ccm_aad(aad)
    tag = tag[:tlen]
    phases = pre + [aphase, ct if dec else pt] + ([tag] if dec and (mode == GCM or tlen) else [])
    cfg = C.put("aes", "CFG", KSZ=ksz, MODE=mode, DEC=dec, TLEN=tlen, IVB=ivb)
    return Msg(AES_E, cfg, key, ivreg, phases, len(pre) + 1, pt if dec else ct,
               (b"" if dec else tag).ljust(16, b"\0"), tag=tag)


def forge(m: Msg, rng: random.Random) -> None:
    """A wrong received tag: one bit of it flipped."""
    t = bytearray(m.phases[-1])
    t[rng.randrange(len(t))] ^= 1 << rng.randrange(8)
    m.phases[-1] = bytes(t)
    m.final, m.code, m.what = bytes(m.bs), AUTH, "forged"


def truncate(m: Msg, rng: random.Random, least: int = 0) -> None:
    """A truncated tag: LAST_BYTES shorter than the tag (at least `least` bytes), the true
    tag's other bytes on the bus past the valid ones. The engine must not read them (it
    zero-pads)."""
    tag = m.phases[-1]
    k = rng.randrange(least, len(tag))
    m.phases[-1] = tag[:k]
    m.pad[len(m.phases) - 1] = tag[k:]
    m.final, m.what = bytes(m.bs), "truncated"
    m.code = AUTH if any(tag[k:]) else 0      # a cut-off zero tail is the same tag


def tag_in_data(m: Msg, rng: random.Random) -> None:
    """A caller that sends ciphertext || tag as the text (and the tag again): the engine MACs
    the tag as ciphertext, so the verdict is AUTH; the text output is the decryption of both."""
    ks_pt = m.out                              # decryption: out = plaintext of the ciphertext
    ct = m.phases[m.text]
    m.phases[m.text] = ct + m.tag
    m.out = ks_pt + bytes(len(m.tag))          # the tag's bytes are not checked (marked None)
    m.final, m.code, m.what = bytes(m.bs), AUTH, "tag-in-data"
    m.pad["skip_tail"] = len(m.tag)


def overflow(m: Msg, rng: random.Random) -> bool:
    """LAST_BYTES above the block on a non-empty phase's last block: LEN, the message runs to
    its end and the final block is zero (no tag). False: no phase to overflow."""
    ks = [k for k, p in enumerate(m.phases) if p and (k != m.text or len(p) % m.bs)]
    if not ks:
        return False
    k = rng.choice(ks)
    m.lastb[k] = rng.randint(m.bs + 1, 255)
    m.final, m.code, m.what = bytes(m.bs), A["LEN"], f"lenover@{k}"
    return True


def cut(data: bytes, bs: int, fill: bytes) -> list[tuple[bytes, bool, int]]:
    """A phase as blocks (block, last, valid bytes); the last block's bytes past the valid ones
    are `fill` (anything: the engine pads)."""
    nb = max(1, -(-len(data) // bs))
    out = []
    for b in range(nb):
        chunk = data[b * bs:(b + 1) * bs]
        last = b == nb - 1
        out.append(((chunk + fill)[:bs] if last else chunk, last, len(chunk)))
    return out


class AeadEngine(Engine):
    """The two AEAD units as regfuzz_tb.Fuzzer sees them (a valid AEAD configuration)."""

    def rand_cfg(self, rng):
        m = new_msg(rng, self.num, alen=0, plen=0)
        return m.cfg, len(m.key)

    def nokey_cfg(self, rng):
        # GCM (CCM would be refused for the zeroized IV register's B0 first, with PARAM)
        return new_msg(rng, self.num, mode=GCM, alen=0, plen=0).cfg

    def key_cfg(self, cfg):
        if self.num == AES_E:
            return C.put("aes", "CFG", KSZ=C.get("aes", "CFG", "KSZ", cfg))
        return chacha_cfg(0)


ENGS = {AES_E: AeadEngine(AES_E, "aes", 16, True, True, A["NO_KEY"]),
        CHA_E: AeadEngine(CHA_E, "chacha", 64, True, True, X["NOKEY"])}


# ------------------------------------------------------------------------------ the bench
class AeadBench(CtBench):
    """The adversarial bench with AEAD messages over MMIO, custom instructions and DMA
    continuation jobs. cyc collects the cycles of every instruction and DMA job (consttime)."""

    def __init__(self, dut) -> None:
        super().__init__(dut)
        self.rng = random.Random(1)
        self.cyc: list[int] = []

    def fill(self, m: Msg, k: int) -> bytes:
        return m.pad.get(k, b"") + self.rng.randbytes(m.bs)

    # ---- key
    async def key(self, m: Msg, how: str) -> None:
        e, eng = m.eng, ENGS[m.eng]
        await self.uw(e, OFF["CTRL"], ZEROIZE)
        await self.idle(e)
        if how == "mmio":
            await self.mmio_key(eng, m.cfg, m.key)
        elif how == "cpi":
            self.cyc.append(await self.cpi_key(eng, m.cfg, m.key))
        else:
            self.mem[0xFF00:0xFF20] = m.key.ljust(32, b"\0")
            await self.dcpi(0, 0b011, e, m.key_cfg())
            rd, err, n = await self.dcpi(3, 0b111, DMEM_BASE + 0xFF00, m.key_cfg())
            if err:
                raise AssertionError(f"DKEYW engine {e}: {rd:#x}")
            self.cyc.append(n)

    # ---- MMIO
    async def mmio_start(self, m: Msg) -> None:
        e = m.eng
        if m.ivreg is not None:
            for i, w in enumerate(words(m.ivreg)):
                await self.uw(e, OFF["IV"] + 4 * i, w)
        await self.uw(e, OFF["CFG"], m.cfg)
        await self.uw(e, OFF["CTRL"], START | (IVLOAD if m.ivreg is not None else 0))

    async def mmio_phase(self, m: Msg, k: int, hook=None) -> bytes:
        eng, out = ENGS[m.eng], b""
        for j, (blk, last, n) in enumerate(cut(m.phases[k], m.bs, self.fill(m, k))):
            if hook:
                await hook(k, j)
            if last:
                await self.uw(m.eng, OFF["LAST_BYTES"], m.lastb.get(k, n))
            await self.mmio_in_block(eng, blk, last)
            if k == m.text and n:
                out += (await self.mmio_out_block(eng, m.bs // 4))[:n]
        return out

    async def mmio_final(self, m: Msg) -> tuple[bytes, int]:
        final = await self.mmio_out_block(ENGS[m.eng], m.bs // 4)
        return final, await self.ust(m.eng)

    async def run_mmio(self, m: Msg, hook=None) -> tuple[bytes, bytes, int]:
        await self.mmio_start(m)
        text = b""
        for k in range(len(m.phases)):
            text += await self.mmio_phase(m, k, hook)
        return (text, *await self.mmio_final(m))

    # ---- custom instructions
    async def ok(self, e: int, name: str, rs1: int = 0, rs2: int = 0) -> int:
        rd, n = await self.cpi_ok(e, name, rs1, rs2)
        self.cyc.append(n)
        return rd

    async def result(self, m: Msg) -> bytes:
        return wbytes([await self.ok(m.eng, "RESULT") for _ in range(m.bs // 4)])

    async def run_cpi(self, m: Msg, hook=None) -> tuple[bytes, bytes, int]:
        e, nw = m.eng, m.bs // 4
        if m.ivreg is not None:
            ws = words(m.ivreg)
            for i in range(0, 4, 2):
                await self.ok(e, "IV", ws[i], ws[i + 1])
            await self.ok(e, "IVLOAD")
        await self.ok(e, "START", m.cfg)
        text = b""
        for k in range(len(m.phases)):
            for j, (blk, last, n) in enumerate(cut(m.phases[k], m.bs, self.fill(m, k))):
                if hook:
                    await hook(k, j)
                ws = words(blk)
                # a DATA while a block is pending is dropped (OVERRUN): wait for IN_READY
                for _ in range(POLL):
                    if fget(await self.ok(e, "STATUS"), "STATUS", "IN_READY"):
                        break
                else:
                    raise Hang(f"engine {e}: IN_READY never came (cpi)")
                for i in range(0, nw, 2):
                    name = "DATA"
                    if i == nw - 2 and last:
                        await self.ok(e, "LASTB", m.lastb.get(k, n))
                        name = "DATAL"
                    await self.ok(e, name, ws[i], ws[i + 1])
                if k == m.text and n:
                    text += (await self.result(m))[:n]
        final = await self.result(m)
        return text, final, await self.ok(e, "STATUS")

    # ---- DMA continuation jobs
    async def cont_job(self, e: int, cfg: int, src: int, dst: int, n: int, olen: int,
                       flags: int = CONT, via: str = "cpi") -> int:
        """One job (addresses absolute): the DMA STATUS at its end."""
        if via == "cpi":
            await self.dcpi(0, 0b011, e | flags, cfg)
            await self.dcpi(1, 0b011, src, dst)
            rd, err, c = await self.dcpi(2, 0b111, n, olen, limit=DMA_LIMIT)
            self.cyc.append(c)
            if bool(err) != bool(rd & 4):
                raise AssertionError(f"DRUNW err {err} with STATUS {rd:#x}")
            return rd
        st, c = await self.dma_job(e | flags, cfg, src, dst, n, olen)
        self.cyc.append(c)
        return st

    async def dma_phase(self, m: Msg, k: int, src: int, dst: int, via: str,
                        split: bool) -> tuple[bytes, list[int]]:
        """Phase k by continuation jobs from dmem offset src: the text phase's output to dst.
        split: an OPEN job of whole blocks first, then the job that ends the phase (0 bytes or
        more). Returns (output, the DMA STATUS of each job)."""
        data = m.phases[k]
        self.mem[src:src + len(data)] = data
        out = k == m.text
        jobs = [(0, len(data), CONT)]
        if split and len(data) >= m.bs:
            cut_at = m.bs * self.rng.randint(1, len(data) // m.bs)
            jobs = [(0, cut_at, CONT | OPEN), (cut_at, len(data) - cut_at, CONT)]
        sts = []
        for off, n, flags in jobs:
            sts.append(await self.cont_job(m.eng, m.cfg, DMEM_BASE + src + off,
                                           DMEM_BASE + dst + off, n, n if out else 0, flags, via))
        return bytes(self.mem[dst:dst + len(data)]) if out else b"", sts

    async def run_dma(self, m: Msg, via: str = "cpi", pre_dma: bool | None = None,
                      split: bool | None = None) -> tuple[bytes, bytes, int]:
        """The CPU starts the message (MMIO), the phases before the text by MMIO or by jobs, the
        text by jobs, the received tag and the final block by MMIO."""
        rng = self.rng
        await self.mmio_start(m)
        text = b""
        for k in range(len(m.phases)):
            if k == m.text or (k < m.text and (rng.random() < 0.5 if pre_dma is None
                                               else pre_dma)):
                t, sts = await self.dma_phase(m, k, 0x1000, 0x8000, via,
                                              rng.random() < 0.5 if split is None else split)
                if any(s & 4 for s in sts):
                    raise AssertionError(f"{m}: phase {k} job failed: {[hex(s) for s in sts]}")
                text += t
            else:
                text += await self.mmio_phase(m, k)
        return (text, *await self.mmio_final(m))

    # ---- DMA message jobs
    def msg_regs(self, m: Msg, aad: int, src: int, dst: int, tag: int) -> dict:
        """A message job's registers for m (dmem offsets; the AAD at aad, the text at src, its
        output to dst, the tag at tag), its buffers filled in dmem: the AAD phase and the
        received tag (decryption) from m.phases. ENGINE.MSG, SRC/DST/LEN, AAD/TAG/MLEN."""
        ap, data = m.phases[m.text - 1], m.phases[m.text]
        self.mem[aad:aad + len(ap)] = ap
        self.mem[src:src + len(data)] = data
        tlen = msg_tlen(m)
        if m.dec and len(m.phases) > m.text + 1:   # the received tag, and what lies past it
            t = m.phases[-1] + m.pad.get(len(m.phases) - 1, b"")
            self.mem[tag:tag + len(t)] = t
        return {"ENGINE": m.eng | MSG, "ECFG": m.cfg, "SRC": DMEM_BASE + src,
                "DST": DMEM_BASE + dst, "LEN": len(data), "OUTLEN": 0,
                "AAD": DMEM_BASE + aad, "TAG": DMEM_BASE + tag,
                "MLEN": C.put("dma", "MLEN", AAD_LEN=len(ap), TAG_LEN=tlen)}

    async def msg_job(self, regs: dict, via: str, start: bool = True) -> int:
        """Program a message job (AAD, TAG and MLEN by MMIO, the rest by the dma window or the
        DMA instructions) and run it; the DMA STATUS at its end (start False: programmed and
        started through the dma window, not waited for)."""
        for reg in ("AAD", "TAG", "MLEN"):
            await self.dw(reg, regs[reg])
        if via == "cpi" and start:
            await self.dcpi(0, 0b011, regs["ENGINE"], regs["ECFG"])
            await self.dcpi(1, 0b011, regs["SRC"], regs["DST"])
            rd, err, c = await self.dcpi(2, 0b111, regs["LEN"], regs["OUTLEN"],
                                         limit=DMA_LIMIT)
            self.cyc.append(c)
            if bool(err) != bool(rd & 4):
                raise AssertionError(f"DRUNW err {err} with STATUS {rd:#x}")
            return rd
        for reg in ("ENGINE", "ECFG", "SRC", "DST", "LEN", "OUTLEN"):
            await self.dw(reg, regs[reg])
        await self.dw("CTRL", 1)
        if not start:
            return 0
        st, c = await self.dma_wait(DMA_LIMIT)
        self.cyc.append(c)
        return st

    async def run_msg(self, m: Msg, via: str = "cpi", at: tuple = MSG_AT
                      ) -> tuple[bytes, bytes, int, int]:
        """The CPU starts the message (MMIO; a GCM nonce of other than 12 bytes: its IV blocks
        too), one message job runs the rest: (text written to DST, the final block as the job
        leaves it (encryption: the TAG_LEN bytes at TAG, zero-filled to a block; decryption:
        the verdict, not written, so the expected one), the unit's STATUS, the DMA STATUS)."""
        await self.mmio_start(m)
        for k in range(m.text - 1):
            await self.mmio_phase(m, k)
        regs = self.msg_regs(m, *at)
        st = await self.msg_job(regs, via)
        dst, tag, tlen = at[2], at[3], msg_tlen(m)
        text = bytes(self.mem[dst:dst + len(m.phases[m.text])])
        final = m.final if m.dec else bytes(self.mem[tag:tag + tlen]).ljust(m.bs, b"\0")
        return text, final, await self.ust(m.eng), st

    async def run(self, m: Msg, how: str, hook=None) -> tuple[bytes, bytes, int]:
        if how == "mmio":
            return await self.run_mmio(m, hook)
        if how == "cpi":
            return await self.run_cpi(m, hook)
        if how.startswith("msg-"):                     # the DMA STATUS kept in last_dma
            *res, self.last_dma = await self.run_msg(m, how[4:])
            return tuple(res)
        return await self.run_dma(m, "cpi" if how == "cpi-dma" else "mmio")


def code_of(st: int) -> int:
    return fget(st, "STATUS", "ERR_CODE")


def msg_tlen(m: Msg) -> int:
    """A message job's TAG_LEN: a decryption's received tag as m has it (a truncated tag: its
    bytes; none: 0), an encryption's tag length (ChaCha20-Poly1305: 16)."""
    if m.dec:
        return len(m.phases[-1]) if len(m.phases) > m.text + 1 else 0
    return C.get("aes", "CFG", "TLEN", m.cfg) if m.eng == AES_E else 16


def msg_code(m: Msg) -> int:
    """The DMA's code at the end of m's message job: AUTH for a failed verdict, else none."""
    return D["AUTH"] if m.code == AUTH else 0


def check_dma(c: Counters, m: Msg, how: str, st: int, log) -> None:
    """A message job's DMA STATUS: DONE, or ERR with AUTH for a wrong tag."""
    want = 2 if not msg_code(m) else 4 | msg_code(m) << 8
    if st & 0xF0F != want:
        c.fail("other_failures", f"{m} {how}: DMA STATUS {st:#x} want {want:#x}", log)


def check_msg(c: Counters, m: Msg, how: str, res: tuple[bytes, bytes, int], log,
              text: bool = True) -> None:
    """The text output, the final block and the code against the message's expectations."""
    out, final, st = res
    want = m.out
    skip = m.pad.get("skip_tail", 0)
    if skip:
        out, want = out[:len(out) - skip], want[:len(want) - skip]
    if text and diff_bytes(out, want):
        d = diff_bytes(out, want)
        c.fail("lost_or_corrupted_bytes", f"{m} {how}: {d} text bytes differ", log)
        c.lost_or_corrupted_bytes += d - 1
    if final != m.final:
        # a non-zero final block where the verdict must be zero: the engine released a tag
        kind = "key_leaks" if not any(m.final) else "lost_or_corrupted_bytes"
        c.fail(kind, f"{m} {how}: final block {final.hex()} want {m.final.hex()}", log)
    if code_of(st) != m.code or fget(st, "STATUS", "BUSY") or fget(st, "STATUS", "OUT_VALID"):
        c.fail("other_failures", f"{m} {how}: STATUS {st:#x} want code {m.code}", log)


HOWS = ("mmio", "cpi", "cpi-dma", "mmio-dma", "msg-cpi", "msg-mmio")


def field_mask(reg: str, *fields: str) -> int:
    """The bits of a DMA register's fields (coupling/regs/dma.toml)."""
    k = C.CONSTANTS
    return sum(((1 << k[f"CV_DMA_{reg}_{f}_WIDTH"]) - 1) << k[f"CV_DMA_{reg}_{f}_LSB"]
               for f in fields)


# the DMA's job registers as they read back (every field built: CAP.CONT and CAP.MSG set)
DMA_MASK = {**dict.fromkeys(("ECFG", "SRC", "DST", "LEN", "OUTLEN", "AAD", "TAG"), 0xFFFFFFFF),
            "ENGINE": field_mask("ENGINE", "SEL", "PAD", "CONT", "OPEN", "MSG"),
            "MLEN": field_mask("MLEN", "AAD_LEN", "TAG_LEN")}
CT_HOWS = ("mmio", "cpi", "dma")                    # consttime: continuation jobs by DRUNW
MSG_HOWS = ("msg-cpi", "msg-mmio")                  # a message job by DRUNW or the window
KINDS = ("refused", "forged", "truncated", "tag-in-data", "lenover", "command", "good")


# ------------------------------------------------------------------------------ regfuzz
class AeadFuzzer(Fuzzer):
    def __init__(self, tb, c, rng, log) -> None:
        super().__init__(tb, c, rng, log)
        self.engines = ENGS
        self.cfg_mask = {AES_E: 0x3FFF, CHA_E: 0x3FF}       # CFG with TLEN, IVB / AEAD, DEC
        self.max_code = A["AUTH"]

        self.dma_checks = self.msg_runs = 0

    async def learn(self) -> None:
        await super().learn()
        for e, bit in ((AES_E, C.CV_AES_CAP_AEAD_LSB), (CHA_E, C.CV_CHACHA_CAP_AEAD_LSB)):
            if not (self.cap[e] >> bit) & 1:
                self.c.fail("other_failures", f"engine {e} CAP {self.cap[e]:#x}: no AEAD",
                            self.log)
        cap = await self.tb.dr("CAP")
        if not (C.get("dma", "CAP", "CONT", cap) and C.get("dma", "CAP", "MSG", cap)):
            self.c.fail("other_failures", f"DMA CAP {cap:#x}: no CONT or MSG", self.log)

    async def step(self, eng, dma_idle=True, allow_zeroize=True, kinds="wroscg") -> None:
        """The register fuzzer's step, or (one in ten, the DMA idle) a DMA register step."""
        if dma_idle and self.rng.random() < 0.1:
            await self.dma_reg_step()
        else:
            await super().step(eng, dma_idle, allow_zeroize, kinds)

    async def dma_reg_step(self) -> None:
        """A random value into a job register of the DMA (MMIO, or DSEL / DADDR for ENGINE and
        ECFG / SRC and DST), read back through its mask (DMA_MASK: ENGINE's SEL, PAD, CONT,
        OPEN, MSG; MLEN's AAD_LEN and TAG_LEN; the others whole). Nothing is started."""
        tb, rng = self.tb, self.rng
        reg = rng.choice(list(DMA_MASK))
        val = rng.getrandbits(32)
        if reg == "ENGINE" and rng.random() < 0.5:
            val = rng.getrandbits(4) | MSG | rng.choice((0, CONT, OPEN, CONT | OPEN))
        elif reg == "MLEN" and rng.random() < 0.5:
            val = C.put("dma", "MLEN", AAD_LEN=rng.getrandbits(10), TAG_LEN=rng.randint(0, 17))
        wrote = {reg: val}
        if reg in ("ENGINE", "ECFG", "SRC", "DST") and rng.random() < 0.3:
            pair = ("ENGINE", "ECFG") if reg in ("ENGINE", "ECFG") else ("SRC", "DST")
            other = rng.getrandbits(32)
            wrote = dict(zip(pair, (val, other) if reg == pair[0] else (other, val)))
            await tb.dcpi(0 if pair[0] == "ENGINE" else 1, 0b011, *wrote.values())
        else:
            await tb.dw(reg, val)
        for r, v in wrote.items():
            got = await tb.dr(r)
            self.dma_checks += 1
            if got != v & DMA_MASK[r]:
                self.c.fail("other_failures", f"DMA {r} wrote {v:#x} read {got:#x} (mask "
                            f"{DMA_MASK[r]:#x})", self.log)

    async def refused(self, eng: int, how: str, cfg: int, ivreg: bytes, code: int,
                      what: str) -> None:
        """A START the engine must refuse with `code`: nothing starts, nothing comes out, a
        RESULT answers err at once."""
        tb, e = self.tb, eng
        for i, w in enumerate(words(ivreg)):
            await tb.uw(e, OFF["IV"] + 4 * i, w)
        if how == "cpi":
            await tb.ok(e, "IVLOAD")
            await tb.ok(e, "START", cfg)
        else:
            await tb.uw(e, OFF["CFG"], cfg)
            await tb.uw(e, OFF["CTRL"], START | IVLOAD)
        st = await tb.idle(e)
        if code_of(st) != code or fget(st, "STATUS", "OUT_VALID"):
            self.c.fail("other_failures", f"{what} cfg {cfg:#x} {how}: STATUS {st:#x} want "
                        f"code {code}", self.log)
        rd, err, n = await tb.ucpi(e, "RESULT")
        if not err or n > 3 or rd:
            self.c.fail("other_failures", f"{what}: RESULT after a refused START answered "
                        f"{rd:#x} err {err} in {n} cycles", self.log)

    async def scenario(self, e: int, kind: str | None = None) -> str:
        """One AEAD scenario on engine e (kind: one of KINDS, random if None), from a zeroized
        unit, then a good message; returns the scenario's name."""
        tb, rng, c, log = self.tb, self.rng, self.c, self.log
        if kind is None:
            r = rng.random()
            kind = ("refused" if r < 0.12 else rng.choice(KINDS[1:4]) if r < 0.55 else
                    "lenover" if r < 0.70 else "command" if r < 0.85 else "good")
        how = rng.choice(HOWS if kind not in ("lenover", "command") else ("mmio", "cpi"))
        while True:
            m = new_msg(rng, e, dec=1 if kind in KINDS[1:4] else None)
            if kind not in KINDS[1:4] or len(m.phases) > m.text + 1:   # a tag phase
                break
        await tb.key(m, rng.choice(("mmio", "cpi", "dma")))
        if kind == "refused":                          # a configuration the engine refuses
            rhow = "cpi" if how == "cpi" else "mmio"
            if e == CHA_E:
                bad = rng.choice((dict(ROUNDS=rng.choice((8, 12, 0, 31))), dict(K128=1),
                                  dict(RFC=0), dict(XOR=0)))
                await self.refused(e, rhow, chacha_cfg(m.dec, **bad), m.ivreg, X["CFG"],
                                   f"ChaCha AEAD {bad}")
            elif C.get("aes", "CFG", "MODE", m.cfg) == GCM or rng.random() < 0.3:
                mode = C.get("aes", "CFG", "MODE", m.cfg)
                tl = rng.choice([t for t in range(32) if t not in
                                 (GCM_TAGS if mode == GCM else CCM_TAGS)])
                cfg = C.put("aes", "CFG", KSZ=C.get("aes", "CFG", "KSZ", m.cfg), MODE=mode,
                            DEC=m.dec, TLEN=tl)
                await self.refused(e, rhow, cfg, m.ivreg or bytes(16), A["PARAM"],
                                   f"TLEN {tl}")
            else:                                      # CCM: B0's flags
                tl = C.get("aes", "CFG", "TLEN", m.cfg)
                b0 = bytearray(m.ivreg)
                fl = rng.choice(("L'=0 (a 14-byte nonce)", "reserved bit 7", "M' != TLEN"))
                if fl.startswith("L"):
                    b0[0] &= ~7
                elif fl.startswith("r"):
                    b0[0] |= 0x80
                else:
                    b0[0] = (b0[0] & ~0x38) | ((((tl - 2) // 2 if tl else 0) + rng.randint(1, 7))
                                               % 8) << 3
                await self.refused(e, rhow, m.cfg, bytes(b0), A["PARAM"], f"CCM B0 {fl}")
            what = "refused"
        elif kind in KINDS[1:4]:
            if kind == "truncated":                    # a message job: TAG_LEN = 0 is refused
                truncate(m, rng, int(how.startswith("msg-")))
            else:
                {"forged": forge, "tag-in-data": tag_in_data}[kind](m, rng)
            check_msg(c, m, how, await tb.run(m, how), log)
            self.check_msg_dma(m, how)
            what = m.what
        elif kind == "lenover" and overflow(m, rng):
            check_msg(c, m, how, await tb.run(m, how), log, text=False)
            what = "lenover"
        elif kind == "command":                       # a command during the message
            cmd = rng.choice(("START", "KEYLOAD", "IVLOAD", "RESULT") if how == "cpi" else
                             ("START", "KEYLOAD", "IVLOAD"))
            nblk = sum(len(cut(p, m.bs, b"")) for p in m.phases)
            at, seen = rng.randrange(1, nblk) if nblk > 1 else 0, [0]
            if cmd == "RESULT":                         # before any text block went in
                at = sum(len(cut(p, m.bs, b"")) for p in m.phases[:m.text])

            async def hook(k, j):
                if seen[0] == at:
                    if cmd == "RESULT":
                        rd, err, n = await tb.ucpi(e, "RESULT")
                        if not err or n > 3:
                            c.fail("other_failures", f"{m}: RESULT with nothing due answered "
                                   f"{rd:#x} err {err} in {n} cycles", log)
                    elif how == "cpi":
                        await tb.ucpi(e, {"KEYLOAD": "KLOAD"}.get(cmd, cmd),
                                      m.cfg if cmd == "START" else 0)
                    else:
                        await tb.uw(e, OFF["CTRL"], {"START": START, "KEYLOAD": KEYLOAD,
                                                      "IVLOAD": IVLOAD}[cmd])
                seen[0] += 1
            # the code the command leaves (the message goes on): the engine's for a START,
            # key or IV write it ignores, the unit's UNDERFLOW for a RESULT with nothing due
            m.code = (C.CONSTANTS["CV_CPL_STATUS_ERR_CODE_UNDERFLOW"] if cmd == "RESULT" else
                      {"START": A["START_BUSY"]}.get(cmd, A["WRITE_BUSY"]) if e == AES_E
                      else X["BUSY"])
            m.what = f"{cmd} during the message"
            check_msg(c, m, how, await tb.run(m, how, hook), log)
            what = m.what
        else:
            check_msg(c, m, how, await tb.run(m, how), log)
            self.check_msg_dma(m, how)
            what = "good"
        # the engine is usable: a good message right after, on a fresh key
        m = new_msg(rng, e)
        how = rng.choice(HOWS)
        await tb.key(m, rng.choice(("mmio", "cpi", "dma")))
        check_msg(c, m, how, await tb.run(m, how), log)
        self.check_msg_dma(m, how)
        return what

    def check_msg_dma(self, m: Msg, how: str) -> None:
        if how.startswith("msg-"):
            self.msg_runs += 1
            check_dma(self.c, m, how, self.tb.last_dma, self.log)


@cocotb.test()
async def regfuzz_aead(dut) -> None:
    tb, rng, c = await open_campaign(dut, "regfuzz-aead", "mmio+cpi+dma", 104729, AeadBench)
    tb.rng = rng
    fz = AeadFuzzer(tb, c, rng, dut._log)
    await fz.learn()
    per_engine = max(150, ADV_OPS // 2)
    scen: dict[str, int] = {}
    last_dump = 0
    for i, (e, eng) in enumerate(ENGS.items()):
        # every kind first (so a CI-size run has each): on each unit in a long run, shared
        # between the two at CI size
        kinds = KINDS if ADV_LONG else KINDS[i::2]
        first, done = tb.ops, 0
        while tb.ops - first < per_engine or done < len(kinds):
            try:
                for _ in range(rng.randint(5, 40)):
                    await fz.step(eng)
                await fz.wiped(eng)
                w = await fz.scenario(e, kinds[done] if done < len(kinds) else None)
                done += 1
                scen[w] = scen.get(w, 0) + 1
                if tb.ops // 20000 != last_dump:          # a long run's progress record
                    last_dump = tb.ops // 20000
                    c.operations = tb.ops
                    c.dump({"scenarios": scen}, partial=True)
            except Hang as h:
                c.fail("hangs", str(h), dut._log)
                await tb.reset()
        dut._log.info("engine %s: %d operations", eng.name, tb.ops - first)
    c.operations = tb.ops
    c.dump({"scenarios": scen, "dma_reg_checks": fz.dma_checks, "msg_jobs": fz.msg_runs})
    dut._log.info("regfuzz-aead: %d operations, scenarios %s, %d DMA register checks, %d "
                  "message jobs, %s", tb.ops, scen, fz.dma_checks, fz.msg_runs, c)


@cocotb.test()
async def truncated_tag(dut) -> None:
    """A received tag of k < TLEN bytes with the true tag's other bytes on the bus past them
    (the tag block's padding) must fail with AUTH on every engine, mode and coupling; a message
    job with k = 0 (TAG_LEN = 0) is refused with LENGTH."""
    tb = AeadBench(dut)
    await tb.init()
    rng = tb.rng
    bad = []
    for eng, mode, tlen in ((AES_E, GCM, 16), (AES_E, CCM, 16), (AES_E, CCM, 8),
                            (AES_E, GCM, 12), (CHA_E, None, 16)):
        for how in HOWS:
            for k in (0, 1, tlen - 1):
                m = new_msg(rng, eng, mode=mode, dec=1, tlen=tlen, alen=20, plen=48)
                tag = m.phases[-1]
                m.phases[-1] = tag[:k]
                m.pad[len(m.phases) - 1] = tag[k:]
                await tb.key(m, "mmio")
                out, final, st = await tb.run(m, how)
                if how.startswith("msg-") and k == 0:
                    # a message job with no tag bytes is refused (LENGTH), the message still
                    # runs: ZEROIZE ends it
                    if (tb.last_dma >> 8) & 0xF != D["LENGTH"] or not fget(st, "STATUS", "BUSY"):
                        bad.append((eng, mode, tlen, how, k, hex(tb.last_dma), hex(st)))
                    await tb.uw(eng, OFF["CTRL"], ZEROIZE)
                    await tb.idle(eng)
                elif code_of(st) != AUTH or any(final) or \
                        (how.startswith("msg-") and (tb.last_dma >> 8) & 0xF != D["AUTH"]):
                    bad.append((eng, mode, tlen, how, k, hex(st), final.hex()))
    for b in bad:
        dut._log.error("truncated tag accepted: %s", b)
    assert not bad



# ------------------------------------------------------------------------------ dmafault
ABORT = 1 << C.CONSTANTS["CV_DMA_CTRL_ABORT_LSB"]
FAULTS = ("engine", "range", "align", "overlap", "open-partial", "open-empty", "idle",
          "after", "plain", "abort", "zeroize")
# message-job faults (ENGINE.MSG): refused by the checks, interrupted in a phase, a forged tag
MSG_STATIC = ("msg-engine", "msg-range", "msg-align", "msg-overlap", "msg-taglen",
              "msg-notag")
MSG_FAULTS = MSG_STATIC + tuple(f"msg-{k}-{p}" for k in ("abort", "zeroize")
                                for p in ("aad", "text", "tag")) + ("msg-forged",)
PHASES = {"aad": 1, "text": 2, "tag": 3}             # cpl_dma's mph_q
S_IDLE, S_CHECK, S_DECIDE = 0, 6, 7                   # cpl_dma's st_q (S4_IDLE, ...)
SRC0, DST0 = 0x1000, 0x8000


class DmaFaults:
    """AEAD messages whose phases go by continuation jobs, with faulty jobs among them. Every
    job's code is predicted from coupling/README.md ("cpl_dma"): the checks ENGINE (not
    attached; a plain job with an AEAD configuration), RANGE, ALIGN, OVERLAP, LENGTH (OPEN
    with a partial or empty LEN) refuse a job before anything moves, so the message goes on
    with the next job; a continuation job with no message running fails ENGINE at run time,
    ABORT and a unit ZEROIZE end a job ABORTED; both wipe the engine (its key: a START is
    refused with NO_KEY). The whole dmem is compared after every job."""

    def __init__(self, tb: AeadBench, c: Counters, rng: random.Random, log) -> None:
        self.tb, self.c, self.rng, self.log = tb, c, rng, log
        self.stats = dict.fromkeys(("messages", "jobs", "refused_jobs", "failed_jobs",
                                    "aborted", "aborted_before_start", "done_before_abort"), 0)
        self.faults = dict.fromkeys(FAULTS + MSG_FAULTS, 0)
        self.stats.update(dict.fromkeys(("msg_jobs", "msg_auth", "msg_refused", "msg_aborted",
                                         "msg_done_before_abort", "msg_unused_buffers"), 0))
        self.hit: dict[str, int] = {}                  # interrupts by the phase they hit
        self.now = self.prev = ""                      # the message and fault under way

    def mem_check(self, want: bytes, what: str) -> None:
        tb = self.tb
        if tb.mem != want:
            d = sum(a != b for a, b in zip(tb.mem, want))
            self.c.fail("lost_or_corrupted_bytes", f"{what}: {d} dmem bytes differ", self.log)
            self.c.lost_or_corrupted_bytes += d - 1
            tb.mem[:] = want

    async def job(self, sel: int, cfg: int, src: int, dst: int, n: int, olen: int,
                  code: int, what: str) -> int:
        """A job that must fail with `code` before or without moving anything."""
        tb = self.tb
        before = bytes(tb.mem)
        st = await tb.cont_job(sel, cfg, DMEM_BASE + src if src >= 0 else -src,
                               DMEM_BASE + dst if dst >= 0 else -dst, n, olen, 0,
                               self.rng.choice(("cpi", "mmio")))
        self.stats["jobs"] += 1
        self.stats["refused_jobs"] += 1
        if not st & 4 or (st >> 8) & 0xF != code:
            self.c.fail("other_failures", f"{what}: DMA STATUS {st:#x}, want code {code}",
                        self.log)
        self.mem_check(before, what)
        return st

    async def nokey(self, e: int, what: str) -> None:
        """The engine was wiped: a START is refused with NO_KEY."""
        tb = self.tb
        await tb.uw(e, OFF["CFG"], ENGS[e].nokey_cfg(self.rng))
        await tb.uw(e, OFF["CTRL"], START)
        st = await tb.idle(e)
        if code_of(st) != ENGS[e].nokey:
            self.c.fail("key_leaks", f"{what}: engine {e} START after the DMA's wipe: STATUS "
                        f"{st:#x}", self.log)

    async def static_fault(self, m: Msg, k: int, kind: str) -> None:
        """A continuation job for phase k that the checks refuse; the message is untouched."""
        rng, bs, n = self.rng, m.bs, max(1, len(m.phases[k]))
        olen = n if k == m.text else 0
        flags = CONT | (OPEN if rng.random() < 0.3 and n % bs == 0 else 0)
        src, dst, sel, code = SRC0, DST0, m.eng, None
        if kind == "engine":
            sel, code = rng.choice((2, 3, 5, 0, 6, 7, 15)), D["ENGINE"]
        elif kind == "range":
            src, dst = rng.choice(((-0x100, dst), (src, -(DMEM_BASE - 0x40)),
                                   (DMEM - 8, dst), (-(0xFFFFFFF0), dst)))
            if src == DMEM - 8:
                n = max(n, 9)
            code = D["RANGE"]
        elif kind == "align":
            src, dst = rng.choice(((src + rng.randint(1, PB - 1), dst) if PB > 1 else (src, dst),
                                   (src, dst + rng.randint(1, PB - 1))))
            code = D["ALIGN"]
        elif kind == "overlap":
            n, olen = max(n, 2 * PB), max(n, 2 * PB)
            dst = src + PB * rng.randint(1, n // PB - 1)
            code = D["OVERLAP"]
        elif kind == "open-partial":
            n, flags = bs * rng.randint(0, 3) + rng.randint(1, bs - 1), CONT | OPEN
            code = D["LENGTH"]
        else:                                          # open-empty
            n, flags, olen, code = 0, CONT | OPEN, 0, D["LENGTH"]
        self.faults[kind] += 1
        await self.job(sel | flags, m.cfg, src, dst, n, olen, code, f"{m} fault {kind}")

    async def fire(self, m: Msg, kind: str) -> int:
        """The DMA's ABORT (kind "abort") or the unit's ZEROIZE, then the job's end: its DMA
        STATUS."""
        if kind == "abort":
            await self.tb.dw("CTRL", ABORT)
        else:
            await self.tb.uw(m.eng, OFF["CTRL"], ZEROIZE)
        st, _ = await self.tb.dma_wait(DMA_LIMIT)
        self.stats["jobs"] += 1
        return st

    async def interrupted(self, m: Msg, kind: str) -> bool | None:
        """The text phase as one job through the dma window, interrupted by the DMA's ABORT or
        the unit's ZEROIZE 0..60 cycles in. True: the job had ended before (DONE), the text is
        out; False: the ABORT refused the job before it started, the message goes on without
        it; None: the engine was wiped."""
        tb, rng = self.tb, self.rng
        data = m.phases[m.text]
        tb.mem[SRC0:SRC0 + len(data)] = data
        want = bytearray(tb.mem)
        for reg, v in (("ENGINE", m.eng | CONT), ("ECFG", m.cfg), ("SRC", DMEM_BASE + SRC0),
                       ("DST", DMEM_BASE + DST0), ("LEN", len(data)), ("OUTLEN", len(data))):
            await tb.dw(reg, v)
        await tb.dw("CTRL", 1)
        # half the time in the job's first cycles (its checks, its start), else anywhere
        await tb.ticks(rng.randint(0, 8) if rng.random() < 0.5 else rng.randint(0, 60))
        st = await self.fire(m, kind)
        self.faults[kind] += 1
        code = (st >> 8) & 0xF
        # written bytes: only inside DST, and only right ones
        got = bytes(tb.mem[DST0:DST0 + len(data)])
        for i, (g, w, o) in enumerate(zip(got, m.out, want[DST0:DST0 + len(data)])):
            if g != o and g != w:
                self.c.fail("lost_or_corrupted_bytes", f"{m} {kind}: DST byte {i} wrong",
                            self.log)
                break
        want[DST0:DST0 + len(data)] = got
        self.mem_check(bytes(want), f"{m} {kind}")
        if not st & 4:
            self.stats["done_before_abort"] += 1
            if got != m.out:
                self.c.fail("lost_or_corrupted_bytes", f"{m} {kind}: DONE with output missing",
                            self.log)
            if kind == "zeroize":                      # the unit's ZEROIZE came after the end
                await tb.idle(m.eng)
                await self.nokey(m.eng, f"{m} {kind} after DONE")
                return None
            return True
        self.stats["failed_jobs"] += 1
        # an ABORT while the job is in CHECK or DECIDE refuses it (nothing sent, nothing to
        # wipe: the message goes on); later it stops the job and wipes the engine. A unit
        # ZEROIZE before the job runs leaves no message: ENGINE (the engine never shows busy)
        await tb.ticks(4)
        ust = await tb.ust(m.eng)
        alive = kind == "abort" and fget(ust, "STATUS", "BUSY") and \
            fget(ust, "STATUS", "KEY_READY") and not fget(ust, "STATUS", "ERR")
        if code != D["ABORTED"] and not (kind == "zeroize" and code == D["ENGINE"]):
            self.c.fail("other_failures", f"{m} {kind}: DMA STATUS {st:#x}", self.log)
        if alive:
            self.stats["aborted_before_start"] += 1
            if got != want[DST0:DST0 + len(data)] or code != D["ABORTED"]:
                self.c.fail("other_failures", f"{m} {kind}: refused with output or code "
                            f"{code}", self.log)
            return False
        self.stats["aborted"] += 1
        await tb.idle(m.eng)
        await self.nokey(m.eng, f"{m} {kind}")
        return None

    def msg_want(self, m: Msg, before: bytes, regs: dict, done: bool) -> bytes:
        """dmem after m's message job: before, with DST's text and (encryption) TAG's tag if
        the job ran its phases (done; a forged tag's AUTH included)."""
        want = bytearray(before)
        if done:
            dst, tag = regs["DST"] - DMEM_BASE, regs["TAG"] - DMEM_BASE
            want[dst:dst + len(m.out)] = m.out
            if not m.dec:
                tl = msg_tlen(m)
                want[tag:tag + tl] = m.tag[:tl]
        return bytes(want)

    def msg_static(self, m: Msg, regs: dict, kind: str) -> tuple[dict, int]:
        """A message job that the checks refuse (one register off the good job's): (its
        registers, the code)."""
        rng, r = self.rng, dict(regs)
        alen = C.get("dma", "MLEN", "AAD_LEN", regs["MLEN"])
        tlen = C.get("dma", "MLEN", "TAG_LEN", regs["MLEN"])
        # a buffer of the job that is checked (AAD with AAD_LEN > 0, TAG with TAG_LEN > 0):
        # where the fault goes, its length made non-zero if need be
        which = rng.choice(("AAD", "TAG"))
        if kind in ("msg-range", "msg-align"):
            if which == "AAD" and not alen:
                alen = rng.randint(1, 40)
            if which == "TAG" and not tlen:
                tlen = rng.choice((4, 8, 16))
            r["MLEN"] = C.put("dma", "MLEN", AAD_LEN=alen, TAG_LEN=tlen)
        if kind == "msg-engine":                       # not an AEAD configuration
            if m.eng == AES_E:
                r["ECFG"] = C.put("aes", "CFG", KSZ=C.get("aes", "CFG", "KSZ", m.cfg),
                                  MODE=rng.choice((C.CV_AES_CFG_MODE_ECB,
                                                   C.CV_AES_CFG_MODE_CTR)), DEC=m.dec)
            else:
                r["ECFG"] = chacha_cfg(m.dec, AEAD=0)
            return r, D["ENGINE"]
        if kind == "msg-range":
            n = alen if which == "AAD" else tlen
            r[which] = rng.choice((0x100, DMEM_BASE - 0x40, 0xFFFFFFF0,
                                   DMEM_BASE + ((DMEM - n + PB) & ~(PB - 1))))
            return r, D["RANGE"]
        if kind == "msg-align":
            if PB > 1:
                r[which] += rng.randint(1, PB - 1)
                return r, D["ALIGN"]
            kind = "msg-taglen"                       # a byte port aligns everything
        if kind == "msg-overlap":                      # the tag inside DST or DST inside it
            n = len(m.phases[m.text])
            if not n:
                n = r["LEN"] = 2 * PB                  # (the source: the same buffer)
            tl = tlen or rng.choice((4, 16))
            r["MLEN"] = C.put("dma", "MLEN", AAD_LEN=alen, TAG_LEN=tl)
            if rng.random() < 0.5:
                r["TAG"] = r["DST"] + PB * rng.randrange(-(-n // PB))
            else:
                r["TAG"] = r["DST"] - PB * rng.randrange(-(-tl // PB))
            return r, D["OVERLAP"]
        if kind == "msg-notag" and (m.eng == CHA_E or C.get("aes", "CFG", "MODE", m.cfg) == GCM
                                    or C.get("aes", "CFG", "TLEN", m.cfg)):
            # a decryption with a tag phase but TAG_LEN = 0 (the engine would wait for it)
            r["ECFG"] = m.cfg | 1 << (C.CV_AES_CFG_DEC_LSB if m.eng == AES_E
                                      else C.CV_CHACHA_CFG_DEC_LSB)
            r["MLEN"] = C.put("dma", "MLEN", AAD_LEN=alen, TAG_LEN=0)
            return r, D["LENGTH"]
        r["MLEN"] = C.put("dma", "MLEN", AAD_LEN=alen, TAG_LEN=rng.randint(17, 31))
        return r, D["LENGTH"]

    async def msg_interrupt(self, m: Msg, regs: dict, kind: str, phase: str) -> bool:
        """m's message job through the dma window, the DMA's ABORT or the unit's ZEROIZE fired
        in `phase` (cpl_dma's mph_q; 0..3 cycles into it, or when the job ends before). True:
        the job had ended DONE (nothing wiped unless by the ZEROIZE)."""
        tb, rng, u = self.tb, self.rng, self.tb.dut.u_dma
        before = bytes(tb.mem)
        await tb.msg_job(regs, "mmio", start=False)
        # past its checks (mph_q and jmsg_q keep the last job's values until then), then in
        # the phase, or the job's end
        ran = False
        for _ in range(DMA_LIMIT):
            await tb.tick()
            st_q = int(u.st_q.value)
            if st_q not in (S_IDLE, S_CHECK, S_DECIDE):
                ran = True
            if ran and (st_q == S_IDLE or int(u.mph_q.value) >= PHASES[phase]):
                break
        for _ in range(rng.randint(0, 3)):
            await tb.tick()
        at = int(u.mph_q.value) if int(u.st_q.value) != S_IDLE else 0
        hit = f"{kind}@{ {0: 'end', 1: 'aad', 2: 'text', 3: 'tag'}[at] }"
        self.hit[hit] = self.hit.get(hit, 0) + 1
        st = await self.fire(m, kind)
        self.stats["msg_jobs"] += 1
        code, what = (st >> 8) & 0xF, f"{m} msg {kind} in {phase} (hit {hit})"
        full = self.msg_want(m, before, regs, True)
        if not st & 4:                                 # ended before the interrupt
            self.stats["msg_done_before_abort"] += 1
            self.mem_check(full, what)
            if kind == "zeroize":
                await tb.idle(m.eng)
                await self.nokey(m.eng, what)
            return True
        # only right bytes inside DST and TAG (encryption), nothing anywhere else
        want = bytearray(before)
        dst, tag = regs["DST"] - DMEM_BASE, regs["TAG"] - DMEM_BASE
        for lo, n in ((dst, len(m.out)), (tag, 0 if m.dec else msg_tlen(m))):
            for i in range(lo, lo + n):
                if tb.mem[i] == full[i]:
                    want[i] = full[i]
        self.mem_check(bytes(want), what)
        self.stats["failed_jobs"] += 1
        self.stats["msg_aborted"] += 1
        if code != D["ABORTED"]:
            self.c.fail("other_failures", f"{what}: DMA STATUS {st:#x}", self.log)
        await tb.idle(m.eng)
        await self.nokey(m.eng, what)
        return False

    async def msg_message(self, e: int, fault: str | None) -> None:
        """A message whose AAD, text and tag phases go by one message job (cpi or mmio), after
        a fault among MSG_FAULTS (or none); the whole dmem checked after every job. A forged
        tag: AUTH, DST holds the released (unauthenticated) text and nothing else changed, the
        unit keeps its key and the next message on it (no key load) is right."""
        tb, rng, c, log = self.tb, self.rng, self.c, self.log
        forged = fault == "msg-forged" or (fault is None and rng.random() < 0.3)
        while True:
            m = new_msg(rng, e, dec=1 if forged else None, maxlen=200 if ADV_LONG else 64)
            if not forged or len(m.phases) > m.text + 1:
                break
        if forged:
            forge(m, rng)
        self.prev, self.now = self.now, f"{m} fault {fault}"
        await tb.key(m, rng.choice(("mmio", "cpi", "dma")))
        await self.msg_run(m, fault)
        if forged:
            self.faults["msg-forged"] += 1
            self.stats["msg_auth"] += 1
            m2 = new_msg(rng, e, maxlen=64, key=m.key)  # the same key, no key load
            self.now = f"{m2} after a forged tag"
            await self.msg_run(m2, None)

    async def msg_run(self, m: Msg, fault: str | None) -> None:
        """Start m (MMIO, a GCM nonce's IV blocks too), the fault, then its message job."""
        tb, rng, c, log = self.tb, self.rng, self.c, self.log
        await tb.mmio_start(m)
        for k in range(m.text - 1):
            await tb.mmio_phase(m, k)
        # buffers: AAD, SRC, DST, TAG at random aligned offsets; sometimes the text in place
        # or an unused buffer (length 0) at an address outside dmem (not checked)
        aad, src = 0x1800 + PB * rng.randrange(16), 0x1000 + PB * rng.randrange(16)
        dst = src if rng.random() < 0.2 else 0x8000 + PB * rng.randrange(16)
        tag = 0x7F00 + PB * rng.randrange(16)
        regs = tb.msg_regs(m, aad, src, dst, tag)
        unused = fault not in MSG_STATIC                # (a refused job moves lengths)
        if unused and not len(m.phases[m.text - 1]) and rng.random() < 0.5:
            regs["AAD"] = rng.choice((0x100, 0xFFFFFFF0, DMEM_BASE + 2 * DMEM + 1))
            self.stats["msg_unused_buffers"] += 1
        if unused and not msg_tlen(m) and rng.random() < 0.5:
            regs["TAG"] = rng.choice((0x100, 0xFFFFFFF0, DMEM_BASE + 2 * DMEM + 1))
            self.stats["msg_unused_buffers"] += 1
        if fault in MSG_STATIC:
            bad, code = self.msg_static(m, regs, fault)
            self.faults[fault] += 1
            before = bytes(tb.mem)
            st = await tb.msg_job(bad, rng.choice(("cpi", "mmio")))
            self.stats["jobs"] += 1
            self.stats["refused_jobs"] += 1
            self.stats["msg_refused"] += 1
            if not st & 4 or (st >> 8) & 0xF != code:
                c.fail("other_failures", f"{m} {fault}: DMA STATUS {st:#x}, want code {code}",
                       log)
            self.mem_check(before, f"{m} {fault}")
        if fault and fault.startswith(("msg-abort", "msg-zeroize")):
            _, kind, phase = fault.split("-")
            self.faults[fault] += 1
            if not await self.msg_interrupt(m, regs, kind, phase):
                return                                 # wiped: the message is gone
            if kind == "abort":
                text = bytes(tb.mem[dst:dst + len(m.out)])
                check_msg(c, m, "msg", (text, self.msg_final(m, tag), await tb.ust(m.eng)),
                          log)
            self.stats["messages"] += 1
            return
        before = bytes(tb.mem)
        st = await tb.msg_job(regs, rng.choice(("cpi", "mmio")))
        self.stats["jobs"] += 1
        self.stats["msg_jobs"] += 1
        check_dma(c, m, "msg", st, log)
        self.mem_check(self.msg_want(m, before, regs, True), f"{m} msg job")
        text = bytes(tb.mem[dst:dst + len(m.out)])
        check_msg(c, m, "msg", (text, self.msg_final(m, tag), await tb.ust(m.eng)), log)
        self.stats["messages"] += 1

    def msg_final(self, m: Msg, tag: int) -> bytes:
        """The final block as a message job leaves it: an encryption's tag at TAG (zero-filled
        to a block), a decryption's verdict (not written: the expected one)."""
        if m.dec:
            return m.final
        return bytes(self.tb.mem[tag:tag + msg_tlen(m)]).ljust(m.bs, b"\0")

    async def message(self, e: int, fault: str | None) -> None:
        """A message with the phases before the text by MMIO or jobs, the text by jobs (with
        `fault` among them), the tag and the final block by MMIO."""
        tb, rng, c, log = self.tb, self.rng, self.c, self.log
        m = new_msg(rng, e, maxlen=200 if ADV_LONG else 64)
        if rng.random() < 0.3 and len(m.phases) > m.text + 1:
            forge(m, rng)
        self.prev, self.now = self.now, f"{m} fault {fault}"
        await tb.key(m, rng.choice(("mmio", "cpi", "dma")))
        if fault == "idle":                            # no message runs: ENGINE at run time
            self.faults[fault] += 1
            await self.job(e | CONT, m.cfg, SRC0, DST0, rng.randint(0, 100),
                           rng.choice((0, 16)), D["ENGINE"], f"{m} CONT with no message")
            await tb.idle(e)
            await self.nokey(e, f"{m} CONT with no message")
            await tb.key(m, "mmio")
        if fault == "plain":                           # no CONT: refused by the checks
            self.faults[fault] += 1
            await self.job(e, m.cfg, SRC0, DST0, len(m.phases[0]), 0, D["ENGINE"],
                           f"{m} plain job")
        await tb.mmio_start(m)
        text, alive = b"", True
        for k in range(len(m.phases)):
            if k < m.text and rng.random() < 0.5 or k == m.text:
                if fault in FAULTS[:6] and (k == m.text or rng.random() < 0.3):
                    await self.static_fault(m, k, fault)
                    fault = None
                if k == m.text and fault in ("abort", "zeroize"):
                    sent = await self.interrupted(m, fault)
                    if sent is None:                   # wiped: the message is gone
                        return
                    if sent:                           # the job had ended: the text is out
                        text = bytes(tb.mem[DST0:DST0 + len(m.out)])
                        continue
                    # refused before it started: the message goes on with a good job
                before = bytearray(tb.mem)
                t, sts = await tb.dma_phase(m, k, SRC0, DST0, rng.choice(("cpi", "mmio")),
                                            rng.random() < 0.5)
                self.stats["jobs"] += len(sts)
                if any(s & 4 for s in sts):
                    c.fail("other_failures", f"{m}: phase {k} job failed: "
                           f"{[hex(s) for s in sts]}", log)
                data = m.phases[k]
                before[SRC0:SRC0 + len(data)] = data
                if k == m.text:
                    before[DST0:DST0 + len(data)] = m.out
                self.mem_check(bytes(before), f"{m} phase {k} jobs")
                text += t
            else:
                text += await tb.mmio_phase(m, k)
        check_msg(c, m, "dma", (text, *await tb.mmio_final(m)), log)
        self.stats["messages"] += 1
        if fault == "after":                           # the message ended: ENGINE at run time
            self.faults[fault] += 1
            await self.job(e | CONT, m.cfg, SRC0, DST0, 16, 16, D["ENGINE"],
                           f"{m} CONT after the message")
            await tb.idle(e)
            await self.nokey(e, f"{m} CONT after the message")


@cocotb.test()
async def dmafault_aead(dut) -> None:
    tb, rng, c = await open_campaign(dut, "dmafault-aead", "mmio-dma+cpi-dma", 7727, AeadBench)
    tb.rng = rng
    df = DmaFaults(tb, c, rng, dut._log)
    n = last_dump = 0
    every = FAULTS + MSG_FAULTS
    while tb.ops < ADV_OPS or n < 2 * len(every):
        e = (AES_E, CHA_E)[n % 2]
        # every fault on both engines first (so a CI-size run has each), then at random; a
        # message without a fault goes by continuation jobs or by a message job
        fault = every[n // 2] if n < 2 * len(every) else (
            rng.choice(every) if rng.random() < 0.7 else None)
        n += 1
        try:
            if fault in MSG_FAULTS or (fault is None and rng.random() < 0.5):
                await df.msg_message(e, fault)
            else:
                await df.message(e, fault)
        except Hang as h:
            c.fail("hangs", f"{df.now}: {h}", dut._log)
            await tb.reset()
        except AssertionError as a:                    # a bench expectation (a key load)
            c.fail("other_failures", f"{df.now} (after {df.prev}): {a}", dut._log)
            await tb.reset()
        if tb.ops // 20000 != last_dump:              # a long run's progress record
            last_dump = tb.ops // 20000
            c.operations = tb.ops
            c.dump({**df.stats, "faults": df.faults, "msg_interrupts": df.hit}, partial=True)
    c.operations = tb.ops
    c.dump({**df.stats, "faults": df.faults, "msg_interrupts": df.hit})
    dut._log.info("dmafault-aead: %d operations, %s %s %s, %s", tb.ops, df.stats, df.faults,
                  df.hit, c)


# ------------------------------------------------------------------------------ consttime
def ct_cases(ci: bool = False) -> list[dict]:
    """The constant-time cases: new_msg's fixed fields (AAD 20 bytes, text 40, ChaCha 100).
    ci: the CI-size subset (GCM-128, CCM-128 with an 8-byte tag, ChaCha20-Poly1305, each
    decrypting, so good and forged tags alternate)."""
    if ci:
        return [dict(eng=AES_E, mode=GCM, ksz=0, dec=1, tlen=16, nlen=12, ivb=0, alen=20,
                     plen=40),
                dict(eng=AES_E, mode=CCM, ksz=0, dec=1, tlen=8, nlen=13, alen=20, plen=40),
                dict(eng=CHA_E, dec=1, alen=20, plen=60)]
    out = []
    for dec in (0, 1):
        out += [dict(eng=AES_E, mode=GCM, ksz=k, dec=dec, tlen=16, nlen=12, ivb=0)
                for k in KEYLEN]
        out.append(dict(eng=AES_E, mode=GCM, ksz=0, dec=dec, tlen=12, nlen=8))      # IVB
        out += [dict(eng=AES_E, mode=CCM, ksz=k, dec=dec, tlen=t, nlen=n)
                for k in (0, 2) for t, n in ((8, 13), (16, 7))]
        out.append(dict(eng=AES_E, mode=CCM, ksz=0, dec=dec, tlen=0, nlen=13))      # CCM*
        out.append(dict(eng=CHA_E, dec=dec))
    for c in out:
        c.update(alen=20, plen=100 if c["eng"] == CHA_E else 40)
    return out


def ct_msg_cases(ci: bool = False) -> list[dict]:
    """The message-job cases (cpi-dma and mmio-dma, each encrypting and decrypting, every
    decryption with a right and a forged tag): GCM-128 (16-byte tag, IV in IV), CCM-128 without
    AAD (8-byte tag), CCM* (no tag), ChaCha20-Poly1305; a long run adds GCM-256 with an 8-byte
    IV as blocks (the CPU sends them before the job) and a 12-byte tag, CCM-256 with a 16-byte
    tag and a 7-byte nonce. AAD 20 bytes (CCM: none), text 40 (ChaCha 100; CI: 60)."""
    base = [dict(eng=AES_E, mode=GCM, ksz=0, tlen=16, nlen=12, ivb=0, alen=20),
            dict(eng=AES_E, mode=CCM, ksz=0, tlen=8, nlen=13, alen=0),
            dict(eng=AES_E, mode=CCM, ksz=0, tlen=0, nlen=13, alen=20),
            dict(eng=CHA_E, alen=20)]
    if not ci:
        base += [dict(eng=AES_E, mode=GCM, ksz=2, tlen=12, nlen=8, alen=20),
                 dict(eng=AES_E, mode=CCM, ksz=2, tlen=16, nlen=7, alen=20)]
    return [dict(c, dec=dec, plen=(60 if ci else 100) if c["eng"] == CHA_E else 40)
            for c in base for dec in (0, 1)]


def ct_name(case: dict) -> str:
    if case["eng"] == CHA_E:
        return f"chacha20-poly1305_{'dec' if case['dec'] else 'enc'}"
    mode = "gcm" if case["mode"] == GCM else "ccm"
    return (f"aes{8 * KEYLEN[case['ksz']]}-{mode}_{'dec' if case['dec'] else 'enc'}_t"
            f"{case['tlen']}_n{case['nlen']}" + ("_a0" if not case.get("alen", 1) else ""))


async def ct_sample(tb: AeadBench, m: Msg, how: str) -> tuple[tuple, tuple]:
    """One message from a zeroized unit: (signature, result)."""
    e, eng = m.eng, ENGS[m.eng]
    await tb.uw(e, OFF["CTRL"], ZEROIZE)
    await tb.idle(e)
    tb.watch, tb.cyc = 0, []
    if how == "mmio":
        kc = await tb.mmio_key(eng, m.cfg, m.key)
        tb.mark(e)
        res = await tb.run_mmio(m)
    elif how == "cpi":
        kc = await tb.cpi_key(eng, m.cfg, m.key)
        tb.mark(e)
        res = await tb.run_cpi(m)
    else:
        await tb.key(m, "dma")
        kc = tb.cyc.pop()
        tb.mark(e)
        if how.startswith("msg-"):                     # one message job after the START
            res = await tb.run_msg(m, how[4:])
        else:
            res = await tb.run_dma(m, "cpi", pre_dma=True, split=False)
    sig = (kc, tb.cycle - tb.t0, tuple(tb.cyc), tuple(tb.trace))
    tb.watch = 0
    return sig, res


@cocotb.test()
async def consttime_aead(dut) -> None:
    tb, rng, c = await open_campaign(dut, "consttime-aead", "mmio+cpi+dma", 6700417, AeadBench)
    tb.rng = rng
    ref: dict[tuple, tuple] = {}
    figures: dict[str, int] = {}
    samples = rounds = 0
    # (case, coupling, forged): the continuation-job cases forge a decryption's tag in odd
    # rounds, the message-job cases run each decryption with the right and a forged tag in
    # every round (a wrong tag's AUTH must end the job at the cycle a right one's DONE does)
    runs = [(cs, how, None) for cs in ct_cases(ci=not ADV_LONG) for how in CT_HOWS]
    runs += [(cs, how, f) for cs in ct_msg_cases(ci=not ADV_LONG) for how in MSG_HOWS
             for f in ((False, True) if cs["dec"] else (False,))]
    while tb.ops < ADV_OPS or rounds < 3:
        # round 1 all-zero, round 2 all-one, the others random
        src = (lambda n: bytes(n)) if rounds == 1 else (lambda n: b"\xff" * n) \
            if rounds == 2 else None
        for case, how, forged in runs:
            m = new_msg(rng, src=src, **case)
            if m.dec and (rounds % 2 if forged is None else forged) and \
                    len(m.phases) > m.text + 1:
                forge(m, rng)
            try:
                sig, res = await ct_sample(tb, m, how)
            except Hang as h:
                c.fail("hangs", f"{m} {how}: {h}", dut._log)
                await tb.reset()
                continue
            samples += 1
            check_msg(c, m, how, res[:3], dut._log)
            if len(res) > 3:
                check_dma(c, m, how, res[3], dut._log)
            k = (ct_name(case), how)
            if k not in ref:
                ref[k] = sig
                figures[f"{k[0]}_{how}_key"] = sig[0]
                figures[f"{k[0]}_{how}_msg"] = sig[1]
            elif sig != ref[k]:
                c.fail("timing_variations", f"{m} {how} round {rounds}: {sig[:3]} vs "
                       f"{ref[k][:3]}", dut._log)
        rounds += 1
        c.operations = tb.ops
        c.dump({"samples": samples, "rounds": rounds, "cases": len(ref)}, partial=True)
    # the measurement is not blind: one text block more changes every coupling's signature
    for how in CT_HOWS + MSG_HOWS:
        sigs = [(await ct_sample(tb, new_msg(rng, AES_E, mode=GCM, ksz=0, dec=0, tlen=16,
                                             nlen=12, ivb=0, alen=20, plen=n), how))[0]
                for n in (40, 56)]
        if sigs[0] == sigs[1]:
            c.fail("other_failures", f"{how}: 40 and 56 bytes give the same signature",
                   dut._log)
    c.operations = tb.ops
    c.dump({"samples": samples, "rounds": rounds, "cases": len(ref), "figures": figures})
    dut._log.info("consttime-aead: %d operations, %d samples of %d cases, %d rounds: %s",
                  tb.ops, samples, len(ref), rounds, c)




@cocotb.test()
async def zeroize_cont_job(dut) -> None:
    """A unit ZEROIZE 0..11 cycles after a continuation job's START (AES, whose key wipe keeps
    it busy; the text empty or one block): the job ends ABORTED, or DONE when it had ended
    before; either way the hub's staging is free (the ChaCha window shows IN_READY) and the
    next AES message is right."""
    tb = AeadBench(dut)
    await tb.init()
    rng, bad = tb.rng, []
    for plen in (0, 16):
        for d in range(12):
            m = new_msg(rng, AES_E, mode=GCM, dec=1, tlen=4, nlen=33, alen=0, plen=plen)
            await tb.key(m, "mmio")
            await tb.mmio_start(m)
            for k in range(m.text):
                await tb.mmio_phase(m, k)
            data = m.phases[m.text]
            tb.mem[SRC0:SRC0 + len(data)] = data
            for reg, v in (("ENGINE", AES_E | CONT), ("ECFG", m.cfg),
                           ("SRC", DMEM_BASE + SRC0), ("DST", DMEM_BASE + DST0),
                           ("LEN", len(data)), ("OUTLEN", len(data))):
                await tb.dw(reg, v)
            await tb.dw("CTRL", 1)
            await tb.ticks(d)
            await tb.uw(AES_E, OFF["CTRL"], ZEROIZE)
            st, _ = await tb.dma_wait(DMA_LIMIT)
            await tb.ticks(10)
            uc = await tb.ust(CHA_E)
            m2 = new_msg(rng, AES_E)
            await tb.key(m2, "mmio")
            out, fin, st2 = await tb.run_mmio(m2)
            ok = ((st == 2 or (st & 4 and (st >> 8) & 0xF == D["ABORTED"])) and
                  fget(uc, "STATUS", "IN_READY") and (out, fin, code_of(st2)) ==
                  (m2.out, m2.final, 0))
            if not ok:
                bad.append((plen, d, hex(st), hex(uc)))
    assert not bad, f"(text bytes, delay, DMA STATUS, ChaCha STATUS): {bad}"
