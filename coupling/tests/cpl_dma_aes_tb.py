# SPDX-License-Identifier: Apache-2.0
"""cocotb bench of cpl_dma with the real AES engine (cpl_engine 1 = the hub + aes_top), top
coupling/tests/cpl_dma_aes_top.v: key loads from memory, every AES mode against pycryptodome
through the DMA (partial blocks, CMAC with 10* padding), and the measured cycle figures.

With AES_AEAD = 1 (the top's AEAD: aead_top, CONT_JOBS) only test_msg_jobs runs: GCM and CCM
messages as message jobs (ENGINE.MSG) against pycryptodome, both directions, forged tags (ERR
code AUTH, the key kept), and a job refused by each of the message job's checks.

Environment: DMA_BITS (32/128), AES_ARCH (0 rolled, 2 pipelined), AES_AEAD, CPL_DMA_PERF_JSON.
"""
from __future__ import annotations

import os
import random

import cocotb
from Crypto.Cipher import AES
from Crypto.Hash import CMAC

from coupling.tests.cpl_dma_tb import (ABORTED, ALIGN, DMEM_BYTES, ENGINE, LENGTH, OVERLAP, PB,
                                       RANGE, Bench, D, addr, status_fields)
from coupling.tests.cpl_engine_tb import aead_cfg, ccm_b0
from engines.aes.model.aes_model import pycryptodome_reference
from tools import consts as C

ARCH = int(os.environ.get("AES_ARCH", "0"))
AEAD = os.environ.get("AES_AEAD", "0") == "1"
ARCH_NAME = {C.CV_AES_CAP_ARCH_ROLLED: "rolled", C.CV_AES_CAP_ARCH_PIPELINED: "pipelined"}[ARCH]
ECB, CBC, CFB = C.CV_AES_CFG_MODE_ECB, C.CV_AES_CFG_MODE_CBC, C.CV_AES_CFG_MODE_CFB128
OFB, CTR, CMAC_MODE = C.CV_AES_CFG_MODE_OFB, C.CV_AES_CFG_MODE_CTR, C.CV_AES_CFG_MODE_CMAC
UNIT_IV = C.CV_CPL_IV_OFFSET
UNIT_CTRL = C.CV_CPL_CTRL_OFFSET
UNIT_STATUS = C.CV_CPL_STATUS_OFFSET
START, KEYLOAD, IVLOAD, ZEROIZE = (C.field("cpl", "CTRL", n, 1)
                                   for n in ("START", "KEYLOAD", "IVLOAD", "ZEROIZE"))


def ecfg(ksz: int, mode: int, dec: int = 0, kind: int = 0) -> int:
    return C.put("aes", "CFG", KSZ=ksz, MODE=mode, DEC=dec, KIND=kind)


class AesBench(Bench):
    async def uwrite(self, off: int, value: int) -> None:
        self.ubus = (1, off, value & 0xFFFFFFFF)
        await self.tick()

    async def uread(self, off: int) -> int:
        self.ubus = (0, off, 0)
        await self.tick()
        await self.tick()
        return self.ubus_rdata

    async def set_iv(self, iv: bytes) -> None:
        for i in range(4):
            await self.uwrite(UNIT_IV + 4 * i, int.from_bytes(iv[4 * i:4 * i + 4], "little"))
        await self.uwrite(UNIT_CTRL, IVLOAD)

    async def load_key(self, key: bytes, at: int = 0xF000) -> int:
        """DKEYW of the key stored at dmem offset `at`; returns the cycles to the answer."""
        ksz = {16: 0, 24: 1, 32: 2}[len(key)]
        self.mem[at:at + 32] = key + bytes(32 - len(key))
        await self.cpi(0, 0b011, 1, ecfg(ksz, ECB))
        rd, err, cyc = await self.cpi(3, 0b111, addr(at), ecfg(ksz, ECB))
        assert err == 0 and status_fields(rd) == (0, 1, 0, 0), f"DKEYW {rd:#x}"
        return cyc

    async def job(self, cfg: int, src: int, dst: int, n: int, outlen: int = 0,
                  pad: int = 0) -> tuple[int, int]:
        """DSEL/DADDR/DRUNW; returns (cycles from DRUNW to its answer, DRUNW err)."""
        await self.cpi(0, 0b011, 1 | (pad << 8), cfg)
        await self.cpi(1, 0b011, addr(src), addr(dst))
        rd, err, cyc = await self.cpi(2, 0b111, n, outlen)
        if not err:
            assert status_fields(rd) == (0, 1, 0, 0), f"status {rd:#x}"
        return cyc, err


async def setup(dut) -> AesBench:
    tb = AesBench(dut, models=False)
    await tb.init()
    await tb.ticks(20)          # the key-store wipe after reset
    return tb


async def check_usable(tb: AesBench, key: bytes) -> None:
    """The unit takes a new key and runs a one-block ECB job right."""
    await tb.load_key(key)
    tb.mem[0x1000:0x1010] = bytes(16)
    _, err = await tb.job(ecfg(0, ECB), 0x1000, 0x2000, 16)
    assert err == 0
    assert bytes(tb.mem[0x2000:0x2010]) == AES.new(key, AES.MODE_ECB).encrypt(bytes(16))


@cocotb.test(skip=AEAD)
async def test_modes(dut) -> None:
    """Every mode and key size through the DMA against pycryptodome, guard bytes untouched."""
    tb = await setup(dut)
    rng = random.Random(11)
    for klen in (16, 24, 32):
        key = rng.randbytes(klen)
        ksz = {16: 0, 24: 1, 32: 2}[klen]
        await tb.load_key(key)
        for mode in (ECB, CBC, CFB, OFB, CTR):
            for dec in ((0, 1) if mode in (ECB, CBC, CFB) else (0,)):
                sizes = (16, 64) if mode in (ECB, CBC) else (1, 20, 61)
                for n in sizes:
                    iv = rng.randbytes(16)
                    data = rng.randbytes(n)
                    src, dst = 0x1000, 0x3000 if n % 2 else 0x1000
                    tb.mem[src:src + n] = data
                    before = bytearray(tb.mem)
                    await tb.set_iv(iv)
                    _, err = await tb.job(ecfg(ksz, mode, dec), src, dst, n)
                    assert err == 0
                    exp = pycryptodome_reference(mode, dec, key, iv, data)
                    assert bytes(tb.mem[dst:dst + n]) == exp, \
                        f"AES-{8 * klen} mode {mode} dec {dec} n {n}"
                    before[dst:dst + n] = exp
                    assert tb.mem == before, "memory outside DST changed"
    # CMAC: tag only, K1 for whole blocks, K2 with the DMA's 10* padding (and the empty message)
    key = rng.randbytes(16)
    await tb.load_key(key)
    for n in (0, 5, 16, 31, 64):
        data = rng.randbytes(n)
        tb.mem[0x1000:0x1000 + n] = data
        tb.mem[0x2000:0x2020] = bytes(32)
        await tb.set_iv(bytes(16))
        kind = 1 if n and n % 16 == 0 else 2
        _, err = await tb.job(ecfg(0, CMAC_MODE, 0, kind), 0x1000, 0x2000, n, outlen=16,
                              pad=1)
        assert err == 0
        tag = CMAC.new(key, msg=data, ciphermod=AES).digest()
        assert bytes(tb.mem[0x2000:0x2020]) == tag + bytes(16), f"CMAC n {n}"
        assert await tb.read("DONE_BYTES") == 16


@cocotb.test(skip=AEAD)
async def test_errors_real_unit(dut) -> None:
    """LENGTH from the unit's partial_ok/empty_ok, an engine refusal (no key) and an invalid
    key size: error codes, DRUNW/DKEYW traps, nothing written."""
    tb = await setup(dut)
    before = bytes(tb.mem)
    _, err = await tb.job(ecfg(0, ECB), 0x1000, 0x2000, 20)          # partial ECB
    st = await tb.status()
    assert err == 1 and status_fields(st) == (0, 0, 1, LENGTH)
    _, err = await tb.job(ecfg(0, CTR), 0x1000, 0x2000, 0)           # empty CTR
    assert err == 1 and status_fields(await tb.status()) == (0, 0, 1, LENGTH)
    _, err = await tb.job(ecfg(0, ECB), 0x1000, 0x2000, 32)          # no key loaded
    assert err == 1 and status_fields(await tb.status()) == (0, 0, 1, ENGINE)
    assert bytes(tb.mem) == before
    await tb.cpi(*D["DSEL"], C.CV_ENGINE_AES, 3)
    rd, err, _ = await tb.cpi(*D["DKEYW"], addr(0xF000), 3)              # key size 3: no key
    assert err == 1 and status_fields((await tb.cpi(*D["DSTAT"]))[0])[2:] == (1, ENGINE)
    assert bytes(tb.mem) == before
    await check_usable(tb, bytes(range(16)))


@cocotb.test(skip=AEAD)
async def test_key_load_bounded(dut) -> None:
    """A DMA key load on an engine held in a CPU message whose sticky error already shows the
    code the load gets (WRITE_BUSY) ends with ENGINE within the DMA's bound instead of waiting for
    ever, so a DWAIT on that load is answered; the engine is usable afterwards."""
    tb = await setup(dut)
    key = bytes(range(16))
    await tb.load_key(key)
    await tb.uwrite(0x00C, ecfg(0, ECB))               # CFG
    await tb.uwrite(UNIT_CTRL, START)                  # a message, no data follows
    await tb.uwrite(UNIT_CTRL, KEYLOAD)                # mid-message: rejected, sticky
    await tb.ticks(4)
    st = await tb.uread(UNIT_STATUS)
    assert st & 4, f"no sticky unit error (STATUS {st:#x})"
    tb.mem[0xF000:0xF020] = key + bytes(16)
    await tb.cpi(*D["DSEL"], C.CV_ENGINE_AES, ecfg(0, ECB))
    rd, err, cyc = await tb.cpi(*D["DKEYW"], addr(0xF000), ecfg(0, ECB), limit=2000)
    assert err == 1 and status_fields(rd)[2:] == (1, ENGINE), f"DKEYW {rd:#x} err {err}"
    dut._log.info("key load on a held engine failed after %d cycles", cyc)
    await check_usable(tb, key)


@cocotb.test(skip=AEAD)
async def test_unit_zeroize_during_job(dut) -> None:
    """A ZEROIZE of the unit at any cycle of a running 2-block ECB job (also after the last
    input beat, before the last output beat) ends it ABORTED or with all its output right,
    never DONE with output missing; a CMAC segment that is not the final one (no output)
    still ends DONE and chains into the final segment's tag."""
    tb = await setup(dut)
    rng = random.Random(5)
    key = rng.randbytes(16)
    data = rng.randbytes(32)
    exp = AES.new(key, AES.MODE_ECB).encrypt(data)
    tb.mem[0x1000:0x1020] = data
    aborted = 0
    for delay in range(0, 48, 2):
        await tb.load_key(key)
        tb.mem[0x2000:0x2020] = bytes(32)
        await tb.cpi(*D["DSEL"], C.CV_ENGINE_AES, ecfg(0, ECB))
        await tb.cpi(*D["DADDR"], addr(0x1000), addr(0x2000))
        await tb.cpi(*D["DRUN"], 32, 0)                            # DRUN: returns at once
        await tb.ticks(delay)
        await tb.uwrite(UNIT_CTRL, ZEROIZE)                      # the unit's ZEROIZE
        _, done, err, code = status_fields(await tb.wait_idle())
        if err:
            assert code == ABORTED and not done, f"delay {delay}: code {code}"
            aborted += 1
        else:
            assert done and bytes(tb.mem[0x2000:0x2020]) == exp, \
                f"delay {delay}: DONE with output missing"
        await tb.ticks(20)                                       # the key-store wipe
    assert aborted > 0
    # CMAC in two segments: the first (kind 0) outputs nothing and ends DONE
    await tb.load_key(key)
    await tb.set_iv(bytes(16))
    tb.mem[0x2000:0x2020] = bytes(32)
    _, err = await tb.job(ecfg(0, CMAC_MODE, 0, 0), 0x1000, 0x2000, 16, outlen=16)
    assert err == 0 and bytes(tb.mem[0x2000:0x2020]) == bytes(32)
    _, err = await tb.job(ecfg(0, CMAC_MODE, 0, 1), 0x1010, 0x2000, 16, outlen=16)
    assert err == 0
    assert bytes(tb.mem[0x2000:0x2010]) == CMAC.new(key, msg=data, ciphermod=AES).digest()


@cocotb.test(skip=AEAD)
async def test_figures(dut) -> None:
    """Measured: DKEYW per key size, one 16-byte block, 80 bytes, 4 KiB ECB and CTR."""
    tb = await setup(dut)
    rng = random.Random(3)
    res = {}
    for klen in (16, 24, 32):
        key = rng.randbytes(klen)
        res[f"dkeyw_aes{8 * klen}"] = await tb.load_key(key)
    key = rng.randbytes(16)
    await tb.load_key(key)
    for n in (16, 80, 4096):
        for mode in (ECB, CTR):
            data = rng.randbytes(n)
            tb.mem[0x1000:0x1000 + n] = data
            iv = rng.randbytes(16)
            await tb.set_iv(iv)
            cyc, err = await tb.job(ecfg(0, mode), 0x1000, 0x6000, n)
            assert err == 0
            want = pycryptodome_reference(mode, 0, key, iv, data)
            assert bytes(tb.mem[0x6000:0x6000 + n]) == want
            name = f"{'ecb' if mode == ECB else 'ctr'}_{n}B"
            res[f"{name}_drunw_cycles"] = cyc
            if n == 4096:
                res[f"{name}_cycles_per_block"] = round(cyc / (n // 16), 3)
    for k, v in res.items():
        tb.perf(f"aes_{ARCH_NAME}_{k}", v)
    dut._log.info("DMA_BITS=%d %s: %s", PB * 8, ARCH_NAME, res)
    assert DMEM_BYTES == 65536


# ------------------------------------------------------------------ message jobs (AES_AEAD = 1)
GCM, CCM = C.CV_AES_CFG_MODE_GCM, C.CV_AES_CFG_MODE_CCM
AUTH = C.CONSTANTS["CV_DMA_STATUS_ERR_CODE_AUTH"]
UNIT_CFG = C.CV_CPL_CFG_OFFSET


async def msg_job(tb: AesBench, rng: random.Random, mode: int, dec: bool, forged: bool = False,
                  bad: bool = False) -> None:
    """One GCM or CCM message: IV, CFG, START on the unit, then one ENGINE.MSG job for the AAD
    (CCM: led by its length), the text and the tag; text and tag against pycryptodome, the rest
    of dmem unchanged. bad: first a job refused by each message-job check."""
    key = rng.randbytes(rng.choice((16, 32)))
    ksz = {16: 0, 32: 2}[len(key)]
    aad, pt = rng.randbytes(rng.choice((0, 13, 32, 70))), rng.randbytes(rng.randrange(0, 200))
    if mode == GCM:
        nonce, tlen = rng.randbytes(12), rng.choice((4, 8, 12, 16))
        c = AES.new(key, AES.MODE_GCM, nonce=nonce, mac_len=tlen)
        iv, aphase = nonce + bytes(4), aad
    else:
        nonce, tlen = rng.randbytes(rng.randrange(7, 14)), rng.choice((4, 8, 16))
        c = AES.new(key, AES.MODE_CCM, nonce=nonce, mac_len=tlen, msg_len=len(pt),
                    assoc_len=len(aad))
        iv = ccm_b0(nonce, tlen, len(aad), len(pt))
        aphase = (len(aad).to_bytes(2, "big") + aad) if aad else b""
    c.update(aad)
    ct, tag = c.encrypt_and_digest(pt)
    if forged:
        tag = bytes([tag[0] ^ 0x80]) + tag[1:]
    cfg = aead_cfg(ksz, mode, int(dec), tlen)
    await tb.load_key(key)
    text, want = (ct, pt) if dec else (pt, ct)
    a_at, t_at = 0x1000, 0x2000
    dst, g_at = 0x4000 + PB * rng.randrange(0, 16), 0x3000 + PB * rng.randrange(0, 16)
    tb.mem[a_at:a_at + len(aphase)] = aphase
    tb.mem[t_at:t_at + len(text)] = text
    tb.mem[g_at:g_at + tlen] = tag if dec else rng.randbytes(tlen)
    before = bytes(tb.mem)
    await tb.set_iv(iv)
    await tb.uwrite(UNIT_CFG, cfg)
    await tb.uwrite(UNIT_CTRL, START)
    good = {"ENGINE": 1 | C.put("dma", "ENGINE", MSG=1), "ECFG": cfg, "SRC": addr(t_at),
            "DST": addr(dst), "LEN": len(text), "OUTLEN": 0, "AAD": addr(a_at),
            "TAG": addr(g_at), "MLEN": C.put("dma", "MLEN", AAD_LEN=len(aphase), TAG_LEN=tlen)}

    async def run(regs: dict) -> int:
        for reg, v in regs.items():
            await tb.write(reg, v)
        await tb.write("CTRL", 1)
        return await tb.wait_idle()

    if bad:
        mlen5 = C.put("dma", "MLEN", AAD_LEN=5, TAG_LEN=tlen)
        cases = [(ENGINE, {"ECFG": ecfg(ksz, ECB)}),
                 (RANGE, {"AAD": addr(DMEM_BYTES - 4), "MLEN": mlen5}),
                 (RANGE, {"TAG": addr(DMEM_BYTES - 2)}),
                 (ALIGN, {"AAD": addr(a_at + 2), "MLEN": mlen5}),
                 (ALIGN, {"TAG": addr(g_at + 1)}),
                 (LENGTH, {"MLEN": C.put("dma", "MLEN", AAD_LEN=len(aphase), TAG_LEN=17)})]
        if text:
            cases.append((OVERLAP, {"TAG": addr(dst + ((len(text) - 1) & ~(PB - 1)))}))
        for code, change in cases:
            st = await run({**good, **change})
            assert status_fields(st) == (0, 0, 1, code), f"{code} {change}: {st:#x}"
        assert bytes(tb.mem) == before, "a refused job wrote"
    st = await run(good)
    if forged and dec:
        assert status_fields(st) == (0, 0, 1, AUTH), f"forged: {st:#x}"
    else:
        assert status_fields(st) == (0, 1, 0, 0), f"mode {mode} dec {dec}: {st:#x}"
    wrote = bytearray(before)
    wrote[dst:dst + len(text)] = want
    if not dec:
        wrote[g_at:g_at + tlen] = tag
    assert bytes(tb.mem) == bytes(wrote), f"mode {mode} dec {dec}: memory"
    ust = await tb.uread(UNIT_STATUS)
    assert C.get("cpl", "STATUS", "KEY_READY", ust) and not C.get("cpl", "STATUS", "BUSY", ust), \
        f"unit after the job: {ust:#x}"


@cocotb.test(skip=not AEAD)
async def test_msg_jobs(dut) -> None:
    """GCM and CCM message jobs both ways, forged tags, each message-job check."""
    tb = await setup(dut)
    assert C.get("dma", "CAP", "MSG", await tb.read("CAP"))
    rng = random.Random(42)
    for i in range(3):
        for mode in (GCM, CCM):
            await msg_job(tb, rng, mode, False)
            await msg_job(tb, rng, mode, True, bad=(i == 0))
            await msg_job(tb, rng, mode, True, forged=True)
