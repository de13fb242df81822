# SPDX-License-Identifier: Apache-2.0
"""cocotb bench of the wrappers' DMA (DMA = 1): ip_axil_engine with its AXI4 master
(ip/tests/ip_axi_dma_top.v, memory: cocotbext-axi's AxiRam) or ip_wb_engine with its Wishbone B4
pipelined master (ip/tests/ip_wb_dma_top.v, memory: WbRam below; cocotbext-wishbone's
WishboneSlave answers from a data generator, not a memory, and waits for each answer before it
takes the next request, so it cannot stand for a pipelined memory).

The DMA may reach 2^DMA_AW = 128 KiB from address 0; the memory model holds the first 64 KiB
and answers any access above them with SLVERR (AxiRam) or ERR (WbRam): that is how the error
tests end a job in its middle. Registers: the engine window at 0, the DMA's window above it
(CV_DMA_SIZE); offsets and fields from the generated constants.

Tests: the DMA window's identity; random jobs of the engine (key loaded by the DMA from memory,
IV through the engine window) against the references (pycryptodome for AES and ChaCha, hashlib,
the engines' models), with random back-pressure and wait states on the master side, the whole
memory compared; bus errors on a read and on a write in the middle of a job (STATUS code BUS,
IS.ERR, nothing written outside DST, the engine usable after a key load); the cycles of AES-128
ECB jobs (16 bytes, 4 KiB) from the START write to the interrupt.

With IP_AEAD = 1 (the AEAD build of AES or ChaCha, CONT_JOBS) test_aead_jobs runs GCM, CCM or
ChaCha20-Poly1305 messages as the drivers do: the message started through the engine window,
continuation jobs for the AAD and the text, the tag read from the engine (or sent by a job, and
the verdict read); and as message jobs (ENGINE.MSG: AAD, text and tag in one job), with a forged
tag (ERR code AUTH) and each of the message job's own checks (ENGINE, RANGE, ALIGN, OVERLAP,
LENGTH) refusing a job while the message waits, which then runs.

Environment: IP_BUS (axi, wb), IP_ENGINE (1-5), IP_AEAD, IP_JOBS (random jobs), IP_SEED,
IP_FIGURES (1: the cycle figures, AES only), IP_PERF_JSON (where they are written).
"""
from __future__ import annotations

import itertools
import json
import os
import random
from collections import deque
from pathlib import Path

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge
from cocotbext.axi import AxiBus, AxiRam
from Crypto.Cipher import AES, ChaCha20, ChaCha20_Poly1305

from adversarial.tests.adv_tb import ENGINES, Engine
from coupling.tests.cpl_engine_tb import OFF, fget, wbytes, words
from engines.sha3.model import sha3_model
from ip.tests.ip_tb import CCM, GCM, AxilPort, Port, WbPort, aead_message
from tools import consts as C

BUS = os.environ.get("IP_BUS", "axi")
ENGINE = int(os.environ.get("IP_ENGINE", "1"))
N_JOBS = int(os.environ.get("IP_JOBS", "4"))
SEED = int(os.environ.get("IP_SEED", "44"))
FIGURES = os.environ.get("IP_FIGURES", "0") == "1"
AEAD = os.environ.get("IP_AEAD", "0") == "1"   # the engine is its AEAD build (ip/tests/ip_tb.py)
PERF_JSON = os.environ.get("IP_PERF_JSON", "")
ENG: Engine = ENGINES[ENGINE]

MEM = 0x10000                 # bytes the memory model holds (the DMA's window is twice that)
WIN = C.CV_DMA_SIZE           # the DMA's registers: the window above the engine's
DMA = {n: WIN + C.CONSTANTS[f"CV_DMA_{n}_OFFSET"]
       for n in ("ID", "CAP", "CTRL", "STATUS", "IE", "IS", "SRC", "DST", "LEN", "OUTLEN",
                 "ENGINE", "ECFG", "DONE_BYTES", "AAD", "TAG", "MLEN")}
D_START = C.put("dma", "CTRL", START=1)
D_KEYLOAD = C.put("dma", "CTRL", KEYLOAD=1)
IE_DONE, IE_ERR = C.put("dma", "IE", DONE=1), C.put("dma", "IE", ERR=1)
BUS_ERR = C.CONSTANTS["CV_DMA_STATUS_ERR_CODE_BUS"]
IVLOAD = C.put("cpl", "CTRL", IVLOAD=1)
KEY_AT = 0xFF00               # where the bench stores a key for the DMA's key load
JOB_LIMIT = 60000             # cycles before a job counts as hung


def val(sig) -> int:
    """A signal's value; one not driven yet (the bus masters start with Z) reads 0."""
    v = sig.value
    return int(v) if v.is_resolvable else 0


def dfield(st: int, name: str) -> int:
    return C.get("dma", "STATUS", name, st)


# ------------------------------------------------------------------------------- memories
class Memory:
    """The master side's memory: bytes, and random back-pressure (p: probability per cycle)."""

    def write(self, addr: int, data: bytes) -> None:
        raise NotImplementedError

    def read(self, addr: int, n: int) -> bytes:
        raise NotImplementedError

    def pressure(self, rng: random.Random, p: float) -> None:
        raise NotImplementedError


class AxiMem(Memory):
    """cocotbext-axi's AxiRam on m_axi_*; back-pressure: pauses on all five channels."""

    def __init__(self, dut) -> None:
        self.ram = AxiRam(AxiBus.from_prefix(dut, "m_axi"), dut.clk, dut.rst, size=MEM)
        # AxiRam wraps addresses modulo its size; above MEM there is no memory here: an access
        # there raises, which AxiRam answers with SLVERR
        rd, wr = self.ram.read_if._read, self.ram.write_if._write

        async def read(addr, n):
            if addr + n > MEM:
                raise ValueError(f"no memory at {addr:#x}")
            return await rd(addr, n)

        async def write(addr, data):
            if addr + len(data) > MEM:
                raise ValueError(f"no memory at {addr:#x}")
            await wr(addr, data)
        self.ram.read_if._read, self.ram.write_if._write = read, write

    def write(self, addr, data):
        self.ram.write(addr, data)

    def read(self, addr, n):
        return self.ram.read(addr, n)

    def pressure(self, rng, p):
        def gen():
            while True:
                yield rng.random() < p
        w, r = self.ram.write_if, self.ram.read_if
        # (never None: cocotbext-axi leaves a channel paused if its generator is removed while
        # it pauses, so "off" is a generator that never pauses)
        for ch in (w.aw_channel, w.w_channel, w.b_channel, r.ar_channel, r.r_channel):
            ch.set_pause_generator(gen() if p else itertools.repeat(False))


class WbRam(Memory):
    """A Wishbone B4 pipelined memory on m_wb_*: takes a request in every cycle STALL is low,
    answers each in order with ACK (ERR above MEM) one cycle or, with back-pressure, a random
    number of cycles later, and checks the master's side of the protocol (STB only within CYC,
    no answer owed when CYC falls)."""

    def __init__(self, dut) -> None:
        self.d = dut
        self.mem = bytearray(MEM)
        self.rng: random.Random | None = None
        self.p = 0.0
        self.requests = 0
        for s in ("m_wb_stall", "m_wb_ack", "m_wb_err", "m_wb_dat_i"):
            getattr(dut, s).value = 0
        cocotb.start_soon(self._run())

    def write(self, addr, data):
        self.mem[addr:addr + len(data)] = data

    def read(self, addr, n):
        return bytes(self.mem[addr:addr + n])

    def pressure(self, rng, p):
        self.rng, self.p = rng, p

    async def _run(self) -> None:
        d = self.d
        q: deque = deque()           # (cycle it may be answered, ok, read data)
        stall, cyc = 0, 0
        while True:
            await RisingEdge(d.clk)
            cyc += 1
            if int(d.rst.value):
                q.clear()
            else:
                c, s = int(d.m_wb_cyc.value), int(d.m_wb_stb.value)
                assert c or not s, "STB without CYC"
                if c and s and not stall:
                    self.requests += 1
                    adr = int(d.m_wb_adr.value) * 4
                    ok, data = adr + 4 <= MEM, 0
                    if ok and int(d.m_wb_we.value):
                        sel, wd = int(d.m_wb_sel.value), int(d.m_wb_dat_o.value)
                        for i in range(4):
                            if sel >> i & 1:
                                self.mem[adr + i] = wd >> 8 * i & 0xFF
                    elif ok:
                        data = int.from_bytes(self.mem[adr:adr + 4], "little")
                    extra = self.rng.randint(0, 3) if self.p and self.rng.random() < self.p else 0
                    q.append((cyc + extra, ok, data))
                if not c:
                    assert not q, "CYC fell with answers owed"
            ack = err = dat = 0
            if q and q[0][0] <= cyc:
                _, ok, dat = q.popleft()
                ack, err = int(ok), int(not ok)
            d.m_wb_ack.value, d.m_wb_err.value, d.m_wb_dat_i.value = ack, err, dat
            stall = int(bool(self.p) and self.rng.random() < self.p)
            d.m_wb_stall.value = stall


# ------------------------------------------------------------------------------- bench
class Bench:
    def __init__(self, dut) -> None:
        self.d = dut
        self.cycle = 0
        self.start_cycle: int | None = None    # the cycle the last START write was taken
        self.irq_cycle: int | None = None      # the first cycle irq was high after it

    async def init(self) -> None:
        """Clock, reset (the slave port's inputs idle), then the bus models."""
        d = self.d
        idle = (("s_axil_awvalid", "s_axil_wvalid", "s_axil_arvalid", "s_axil_bready",
                 "s_axil_rready") if BUS == "axi" else
                ("wb_cyc", "wb_stb", "wb_we", "wb_adr", "wb_datwr", "wb_sel"))
        for n in idle:
            getattr(d, n).value = 0
        cocotb.start_soon(Clock(d.clk, 10, unit="ns").start())
        d.rst.value = 1
        for _ in range(4):
            await RisingEdge(d.clk)
        d.rst.value = 0
        self.port: Port = AxilPort(d) if BUS == "axi" else WbPort(d)
        self.mem: Memory = AxiMem(d) if BUS == "axi" else WbRam(d)
        cocotb.start_soon(self._watch())
        for _ in range(40):                       # the AES key-store wipe after reset
            await RisingEdge(self.d.clk)

    async def _watch(self) -> None:
        """Counts cycles; notes the cycle a write of CTRL.START to the DMA is taken by the
        wrapper and the first cycle after it with irq high."""
        d = self.d
        while True:
            await RisingEdge(d.clk)
            self.cycle += 1
            if BUS == "axi":
                took = (val(d.s_axil_awvalid) and val(d.s_axil_awready) and
                        val(d.s_axil_awaddr) == DMA["CTRL"])
                wd = val(d.s_axil_wdata) if took else 0
            else:
                took = (val(d.wb_cyc) and val(d.wb_stb) and val(d.wb_we) and
                        not val(d.wb_stall) and val(d.wb_adr) * 4 == DMA["CTRL"])
                wd = val(d.wb_datwr) if took else 0
            if took and wd & D_START:
                self.start_cycle, self.irq_cycle = self.cycle, None
            if self.start_cycle is not None and self.irq_cycle is None and int(d.irq.value):
                self.irq_cycle = self.cycle

    async def dma_status(self, limit: int = JOB_LIMIT) -> int:
        """Reads the DMA's STATUS until BUSY is low (bounded)."""
        t0 = self.cycle
        while True:
            st = await self.port.r(DMA["STATUS"])
            if not dfield(st, "BUSY"):
                return st
            if self.cycle - t0 >= limit:
                u = self.d.u_dut.u_core.g_dma.u_dma
                m = self.d.u_dut.g_dma.u_master
                raise AssertionError("DMA job never ends: " + " ".join(
                    f"{n}={int(getattr(u, n).value)}" for n in
                    ("st_q", "rif_q", "fcnt_q", "rleft_q", "inl_q", "ib_q", "tin_q", "olast_q",
                     "ob_q", "orem_q", "infl_q")) + " " + " ".join(
                    f"{n}={int(getattr(m, n).value)}" for n in ("wout_q", "rout_q", "ar_q", "aw_q", "w_q", "m_axi_awready_i", "m_axi_wready_i", "m_axi_bvalid_i")))

    async def key_load(self, eng: Engine, cfg: int, key: bytes) -> int:
        self.mem.write(KEY_AT, key.ljust(32, b"\0"))
        for reg, v in (("ENGINE", eng.num), ("ECFG", eng.key_cfg(cfg)), ("SRC", KEY_AT)):
            await self.port.w(DMA[reg], v)
        await self.port.w(DMA["CTRL"], D_KEYLOAD)
        return await self.dma_status()

    async def set_iv(self, eng: Engine, iv: bytes) -> None:
        for i, wd in enumerate(words(iv[:eng.iv_len])):
            await self.port.w(OFF["IV"] + 4 * i, wd)
        await self.port.w(OFF["CTRL"], IVLOAD)

    async def start_message(self, ivreg: bytes, cfg: int) -> None:
        """The CPU's part of an AEAD message: IV, CFG, then START with IVLOAD."""
        for i, wd in enumerate(words(ivreg)):
            await self.port.w(OFF["IV"] + 4 * i, wd)
        await self.port.w(OFF["CFG"], cfg)
        await self.port.w(OFF["CTRL"], C.put("cpl", "CTRL", START=1, IVLOAD=1))

    async def job(self, eng: Engine, cfg: int, src: int, dst: int, n: int,
                  olen: int = 0) -> int:
        for reg, v in (("ENGINE", eng.num), ("ECFG", cfg), ("SRC", src), ("DST", dst),
                       ("LEN", n), ("OUTLEN", olen)):
            await self.port.w(DMA[reg], v)
        await self.port.w(DMA["CTRL"], D_START)
        return await self.dma_status()


def reference(eng: Engine, cfg: int, key: bytes, iv: bytes, msg: bytes) -> bytes:
    """AES and ChaCha20 (20 rounds) from pycryptodome; the others from adv_tb's table."""
    if eng.num == C.CV_ENGINE_AES and C.get("aes", "CFG", "MODE", cfg) == C.CV_AES_CFG_MODE_ECB:
        a = AES.new(key, AES.MODE_ECB)
        return (a.decrypt if C.get("aes", "CFG", "DEC", cfg) else a.encrypt)(msg)
    if (eng.num == C.CV_ENGINE_CHACHA and len(key) == 32 and
            C.get("chacha", "CFG", "ROUNDS", cfg) == C.CV_CHACHA_CFG_ROUNDS_20):
        rfc = C.get("chacha", "CFG", "RFC", cfg)
        cw = 4 if rfc else 8                   # the IV: block counter (LE), then the nonce
        c = ChaCha20.new(key=key, nonce=iv[cw:])
        c.seek(64 * int.from_bytes(iv[:cw], "little"))
        return c.encrypt(msg)
    return eng.ref(cfg, key, iv, msg)


def place(rng: random.Random, n: int, olen: int) -> tuple[int, int]:
    """Source and destination, word-aligned, apart, below the key."""
    src = rng.randrange(0, KEY_AT // 2 - n) & ~3
    dst = rng.randrange(src + n + 4, KEY_AT - olen) & ~3
    return src, dst


async def one_job(tb: Bench, rng: random.Random, cfg: int | None = None,
                  n: int | None = None) -> None:
    """A random job of the engine: key (DMA key load), IV (engine window), the job; the whole
    memory must be the reference's."""
    eng = ENG
    if cfg is None:
        cfg, klen = eng.rand_cfg(rng)
    else:
        klen = 32 if eng.num == C.CV_ENGINE_CHACHA else 16
    key = rng.randbytes(klen)
    if eng.has_key:
        st = await tb.key_load(eng, cfg, key)
        assert not dfield(st, "ERR"), f"key load failed: STATUS {st:#x}"
    iv = rng.randbytes(16)
    if eng.has_iv:
        await tb.set_iv(eng, iv)
    if n is None:
        n = eng.rand_len(rng, cfg)
    olen = eng.out_len(cfg, n)
    src, dst = place(rng, n, olen)
    msg = rng.randbytes(n)
    tb.mem.write(src, msg)
    before = tb.mem.read(0, MEM)
    st = await tb.job(eng, cfg, src, dst, n, olen if eng.num == C.CV_ENGINE_SHA3 else 0)
    assert dfield(st, "DONE") and not dfield(st, "ERR"), f"job failed: STATUS {st:#x}"
    want = bytearray(before)
    want[dst:dst + olen] = reference(eng, cfg, key[:klen], iv, msg)
    got = tb.mem.read(0, MEM)
    assert got == bytes(want), (f"{eng.name} cfg {cfg:#x} n {n}: memory differs at "
                                f"{[i for i in range(MEM) if got[i] != want[i]][:8]}")


# ------------------------------------------------------------------------------- tests
async def setup(dut) -> Bench:
    tb = Bench(dut)
    await tb.init()
    return tb


@cocotb.test()
async def test_identity(dut):
    """The DMA's window: ID, CAP (a 4-byte port, this engine attached), a register read back;
    an unmapped DMA offset and a partial write are refused on the bus."""
    tb = await setup(dut)

    ident = await tb.port.r(DMA["ID"])
    assert C.get("dma", "ID", "MAGIC", ident) == C.CONSTANTS["CV_DMA_ID_MAGIC_CIPHER_V"]
    assert C.get("dma", "ID", "ENGINE", ident) == C.CONSTANTS["CV_DMA_ID_ENGINE_DMA"]
    cap = await tb.port.r(DMA["CAP"])
    assert C.get("dma", "CAP", "PORT_BYTES", cap) == 4 and C.get("dma", "CAP", "ALIGN", cap) == 4
    assert C.get("dma", "CAP", "ENGINES", cap) == 1 << ENGINE
    await tb.port.w(DMA["SRC"], 0x1234)
    assert await tb.port.r(DMA["SRC"]) == 0x1234
    assert C.get("cpl", "ID", "ENGINE", await tb.port.r(OFF["ID"])) == ENGINE
    assert not (await tb.port.read(WIN + 0x18))[1]
    assert not await tb.port.write(DMA["SRC"], 0x55, strb=0x1)
    assert await tb.port.r(DMA["SRC"]) == 0x1234


@cocotb.test()
async def test_jobs(dut):
    """Random jobs of the engine, the first half without back-pressure, the rest with random
    pauses (AXI: every channel; Wishbone: STALL and late answers)."""
    tb = await setup(dut)
    rng = random.Random(SEED * 7 + ENGINE)
    for i in range(N_JOBS):
        tb.mem.pressure(rng, 0.0 if i < N_JOBS // 2 else rng.choice((0.3, 0.6)))
        await one_job(tb, rng)


@cocotb.test()
async def test_bus_errors(dut):
    """A read and a write answered with a bus error in the middle of a job: the job ends with
    STATUS.ERR, code BUS and IS.ERR (the interrupt), no byte outside DST written; the engine
    takes a new key and runs a job correctly after each."""
    tb = await setup(dut)
    rng = random.Random(SEED * 11 + ENGINE)
    eng = ENG
    blk = 64 if eng.num == C.CV_ENGINE_CHACHA else 16
    cfg = {C.CV_ENGINE_AES: C.put("aes", "CFG", KSZ=C.CV_AES_CFG_KSZ_128,
                                  MODE=C.CV_AES_CFG_MODE_ECB),
           C.CV_ENGINE_CHACHA: C.put("chacha", "CFG", ROUNDS=C.CV_CHACHA_CFG_ROUNDS_20, RFC=1,
                                     XOR=1)}.get(eng.num)
    if cfg is None:
        cfg = eng.rand_cfg(rng)[0]
        if eng.num == C.CV_ENGINE_SHA3:              # an output of at least 8 bytes
            cfg = sha3_model.cfg_word("SHA3-256", 0)
    await tb.port.w(DMA["IE"], IE_ERR)
    for what in ("read", "write"):
        tb.mem.pressure(rng, 0.3)
        n = 4 * blk
        if eng.has_key:
            st = await tb.key_load(eng, cfg, rng.randbytes(32 if eng.num == 4 else 16))
            assert not dfield(st, "ERR")
        if eng.has_iv:
            await tb.set_iv(eng, rng.randbytes(16))
        # read: the source's second half lies past the memory; write: the destination's does
        olen = eng.out_len(cfg, n) if eng.num == C.CV_ENGINE_SHA3 else 0
        half = ((olen or n) // 2) & ~3 if what == "write" else n // 2
        src, dst = (MEM - half, 0x1000) if what == "read" else (0x1000, MEM - half)
        tb.mem.write(0x1000, rng.randbytes(n))
        before = tb.mem.read(0, MEM)
        st = await tb.job(eng, cfg, src, dst, n, olen)
        assert dfield(st, "ERR") and dfield(st, "ERR_CODE") == BUS_ERR, f"{what}: {st:#x}"
        assert C.get("dma", "IS", "ERR", await tb.port.r(DMA["IS"]))
        assert int(tb.d.irq.value) == 1
        await tb.port.w(DMA["IS"], C.put("dma", "IS", ERR=1, DONE=1))
        after = tb.mem.read(0, MEM)
        lo, hi = dst, min(MEM, dst + (olen or n))
        assert after[:lo] == before[:lo] and after[hi:] == before[hi:], f"{what}: outside DST"
        # the engine was zeroized: it needs its key again, and then it works
        for _ in range(100):                    # the zeroize's key-store wipe (AES)
            if not fget(await tb.port.r(OFF["STATUS"]), "STATUS", "BUSY"):
                break
        else:
            raise AssertionError("the engine stays busy after the failed job")
        tb.mem.pressure(rng, 0.0)
        await one_job(tb, rng)


@cocotb.test()
async def test_figures(dut):
    """Cycles from the START write (taken by the wrapper) to the interrupt (IS.DONE & IE.DONE)
    of AES-128 ECB jobs of 16 bytes and 4 KiB, no back-pressure; also checked against
    pycryptodome."""
    if not FIGURES:
        return
    tb = await setup(dut)
    rng = random.Random(SEED)
    cfg = C.put("aes", "CFG", KSZ=C.CV_AES_CFG_KSZ_128, MODE=C.CV_AES_CFG_MODE_ECB)
    await tb.port.w(DMA["IE"], IE_DONE)
    res = {}
    key = rng.randbytes(16)
    assert not dfield(await tb.key_load(ENG, cfg, key), "ERR")
    for n in (16, 4096):
        msg = rng.randbytes(n)
        tb.mem.write(0x1000, msg)
        await tb.port.w(DMA["IS"], C.put("dma", "IS", DONE=1, ERR=1))
        st = await tb.job(ENG, cfg, 0x1000, 0x6000, n)
        assert dfield(st, "DONE") and not dfield(st, "ERR")
        assert tb.mem.read(0x6000, n) == AES.new(key, AES.MODE_ECB).encrypt(msg)
        assert tb.irq_cycle is not None
        res[f"ecb_{n}B_cycles"] = tb.irq_cycle - tb.start_cycle
    res["ecb_4096B_cycles_per_block"] = round(res["ecb_4096B_cycles"] / 256, 3)
    dut._log.info("AES-128 ECB over the %s master: %s", BUS, res)
    if PERF_JSON:
        Path(PERF_JSON).write_text(json.dumps({f"aes-{BUS}-dma": res}, indent=1))


# ------------------------------------------------------------------------------- AEAD
async def random_aead(tb: Bench, rng: random.Random, mode: int | None, dec: bool,
                      forged: bool, gcm_tags: tuple[int, ...]) -> tuple:
    """A random AEAD message (mode GCM / CCM, None: ChaCha20-Poly1305) and pycryptodome's
    result, its key loaded into the engine: (cfg, ivreg, aphase, text, want, tag, tlen);
    forged: the tag's first bit flipped. gcm_tags: the GCM tag lengths to draw from."""
    aad, pt = rng.randbytes(rng.choice((0, 13, 32, 70))), rng.randbytes(rng.randrange(0, 200))
    if mode is None:
        key, nonce, tlen = rng.randbytes(32), rng.randbytes(12), 16
        c = ChaCha20_Poly1305.new(key=key, nonce=nonce)
    else:
        key = rng.randbytes(rng.choice((16, 32)))
        if mode == GCM:
            nonce, tlen = rng.randbytes(12), rng.choice(gcm_tags)
            c = AES.new(key, AES.MODE_GCM, nonce=nonce, mac_len=tlen)
        else:
            nonce, tlen = rng.randbytes(rng.randrange(7, 14)), rng.choice((4, 8, 16))
            c = AES.new(key, AES.MODE_CCM, nonce=nonce, mac_len=tlen, msg_len=len(pt),
                        assoc_len=len(aad))
    kcfg, cfg, ivreg, (aphase,) = aead_message(mode, key, nonce, aad, len(pt), tlen, dec)
    c.update(aad)
    ct, tag = c.encrypt_and_digest(pt)
    if forged:
        tag = bytes([tag[0] ^ 0x80]) + tag[1:]
    st = await tb.key_load(ENG, kcfg, key)
    assert not dfield(st, "ERR"), f"key load: {st:#x}"
    text, want = (ct, pt) if dec else (pt, ct)
    return cfg, ivreg, aphase, text, want, tag, tlen


async def aead_dma_message(tb: Bench, rng: random.Random, mode: int | None, dec: bool,
                           forged: bool = False) -> None:
    """One AEAD message with the DMA (mode GCM / CCM, None: ChaCha20-Poly1305), against
    pycryptodome; the memory outside the text's destination is unchanged; a forged tag gives
    AUTH and a zero verdict block."""
    cfg, ivreg, aphase, text, want, tag, tlen = await random_aead(tb, rng, mode, dec, forged,
                                                                  (8, 12, 16))
    a_at, t_at, g_at, dst = 0x1000, 0x2000, 0x3000, 0x4000 + 4 * rng.randrange(0, 64)
    tb.mem.write(a_at, aphase)
    tb.mem.write(t_at, text)
    tb.mem.write(g_at, tag)
    before = tb.mem.read(0, MEM)
    # the CPU's part, then the phases as continuation jobs
    await tb.start_message(ivreg, cfg)
    cont = ENG.num | C.put("dma", "ENGINE", CONT=1)
    jobs = [(a_at, len(aphase), 0), (t_at, len(text), len(text))] + ([(g_at, tlen, 0)]
                                                                     if dec else [])
    for src, n, olen in jobs:
        for reg, v in (("ENGINE", cont), ("ECFG", cfg), ("SRC", src), ("DST", dst),
                       ("LEN", n), ("OUTLEN", olen)):
            await tb.port.w(DMA[reg], v)
        await tb.port.w(DMA["CTRL"], D_START)
        st = await tb.dma_status()
        assert dfield(st, "DONE") and not dfield(st, "ERR"), f"job {src:#x}: {st:#x}"
    for _ in range(200):
        est = await tb.port.r(OFF["STATUS"])
        if fget(est, "STATUS", "OUT_VALID"):
            break
    else:
        raise AssertionError(f"no final block: STATUS {est:#x}")
    final = wbytes([await tb.port.r(OFF["DOUT"] + 4 * i) for i in range(ENG.block // 4)])
    est = await tb.port.r(OFF["STATUS"])
    after = tb.mem.read(0, MEM)
    assert after[:dst] == before[:dst] and after[dst + len(text):] == before[dst + len(text):]
    assert after[dst:dst + len(text)] == want, f"mode {mode} dec {dec}: text"
    if not dec:
        assert final[:tlen] == tag and final[tlen:] == bytes(len(final) - tlen), "tag"
    elif forged:
        assert final == bytes(len(final)) and fget(est, "STATUS", "ERR") and \
            fget(est, "STATUS", "ERR_CODE") == C.CONSTANTS[
                f"CV_{ENG.name.upper()}_STATUS_ERR_CODE_AUTH"], f"forged: {est:#x}"
    else:
        assert final == bytes(len(final)) and not fget(est, "STATUS", "ERR"), f"{est:#x}"


@cocotb.test(skip=not AEAD or ENGINE not in (C.CV_ENGINE_AES, C.CV_ENGINE_CHACHA))
async def test_aead_jobs(dut):
    """GCM and CCM (AES) or ChaCha20-Poly1305 messages with continuation jobs, both directions,
    a forged tag, and back-pressure on the master side in the second half."""
    tb = await setup(dut)
    rng = random.Random(SEED * 13 + ENGINE)
    modes = (GCM, CCM) if ENGINE == C.CV_ENGINE_AES else (None,)
    for i in range(N_JOBS):
        tb.mem.pressure(rng, 0.0 if i < N_JOBS // 2 else 0.4)
        mode = modes[i % len(modes)]
        for dec in (False, True):
            await aead_dma_message(tb, rng, mode, dec)
        await aead_dma_message(tb, rng, mode, True, forged=True)


def code(name: str) -> int:
    return C.CONSTANTS[f"CV_DMA_STATUS_ERR_CODE_{name}"]


async def aead_msg_job(tb: Bench, rng: random.Random, mode: int | None, dec: bool,
                       forged: bool = False, bad: bool = False) -> None:
    """One AEAD message as a message job (ENGINE.MSG): the CPU's IV, CFG, START, then one job
    for the AAD (CCM: with its length prefix, from memory), the text and the tag; against
    pycryptodome, the memory outside the text and tag unchanged. forged: ERR code AUTH, the
    engine keeps its key and takes the next message. bad: first a job refused by each of the
    message job's checks, with the message waiting in the engine."""
    cfg, ivreg, aphase, text, want, tag, tlen = await random_aead(tb, rng, mode, dec, forged,
                                                                  (4, 8, 12, 16))
    a_at, t_at, dst = 0x1000, 0x2000, 0x4000 + 4 * rng.randrange(0, 64)
    g_at = 0x3000 + 4 * rng.randrange(0, 64)
    tb.mem.write(a_at, aphase)
    tb.mem.write(t_at, text)
    tb.mem.write(g_at, tag if dec else rng.randbytes(tlen))
    before = tb.mem.read(0, MEM)
    await tb.start_message(ivreg, cfg)
    msg = ENG.num | C.put("dma", "ENGINE", MSG=1)
    good = {"ENGINE": msg, "ECFG": cfg, "SRC": t_at, "DST": dst, "LEN": len(text),
            "OUTLEN": 0, "AAD": a_at, "TAG": g_at,
            "MLEN": C.put("dma", "MLEN", AAD_LEN=len(aphase), TAG_LEN=tlen)}

    async def run_job(regs: dict) -> int:
        for reg, v in regs.items():
            await tb.port.w(DMA[reg], v)
        await tb.port.w(DMA["CTRL"], D_START)
        return await tb.dma_status()

    if bad:
        ecb = C.put("aes", "CFG", MODE=C.CV_AES_CFG_MODE_ECB) if mode is not None else \
            cfg & ~C.put("chacha", "CFG", AEAD=1)
        cases = [("ENGINE", {"ECFG": ecb}),
                 ("RANGE", {"AAD": 2 * MEM - 16, "MLEN": C.put("dma", "MLEN", AAD_LEN=32,
                                                                TAG_LEN=tlen)}),
                 ("RANGE", {"TAG": 2 * MEM - 2}),
                 ("ALIGN", {"AAD": a_at + 2, "MLEN": C.put("dma", "MLEN", AAD_LEN=5,
                                                            TAG_LEN=tlen)}),
                 ("ALIGN", {"TAG": g_at + 1}),
                 ("LENGTH", {"MLEN": C.put("dma", "MLEN", AAD_LEN=len(aphase), TAG_LEN=17)})]
        if text:
            cases.append(("OVERLAP", {"TAG": dst + (len(text) - 1 & ~3)}))
        for name, change in cases:
            st = await run_job({**good, **change})
            assert dfield(st, "ERR") and dfield(st, "ERR_CODE") == code(name) and \
                not dfield(st, "DONE"), f"{name} {change}: {st:#x}"
        assert tb.mem.read(0, MEM) == before, "a refused job wrote"
    st = await run_job(good)
    after = tb.mem.read(0, MEM)
    if dec and forged:
        assert dfield(st, "ERR") and dfield(st, "ERR_CODE") == code("AUTH"), f"{st:#x}"
    else:
        assert dfield(st, "DONE") and not dfield(st, "ERR"), f"mode {mode} dec {dec}: {st:#x}"
    assert after[dst:dst + len(text)] == want, f"mode {mode} dec {dec}: text"
    written = bytearray(before)
    written[dst:dst + len(text)] = want
    if not dec:
        written[g_at:g_at + tlen] = tag
    assert after == bytes(written), f"mode {mode} dec {dec}: memory outside text and tag"
    est = await tb.port.r(OFF["STATUS"])
    assert not fget(est, "STATUS", "OUT_VALID") and not fget(est, "STATUS", "BUSY"), \
        f"engine after the job: {est:#x}"
    assert fget(est, "STATUS", "KEY_READY"), f"the engine lost its key: {est:#x}"


@cocotb.test(skip=not AEAD or ENGINE not in (C.CV_ENGINE_AES, C.CV_ENGINE_CHACHA))
async def test_aead_msg_jobs(dut):
    """Message jobs (ENGINE.MSG): GCM and CCM (AES) or ChaCha20-Poly1305, both directions, a
    forged tag, the message job's checks; back-pressure in the second half."""
    tb = await setup(dut)
    st = await tb.port.r(DMA["CAP"])
    assert C.get("dma", "CAP", "MSG", st), f"CAP {st:#x}"
    rng = random.Random(SEED * 17 + ENGINE)
    modes = (GCM, CCM) if ENGINE == C.CV_ENGINE_AES else (None,)
    for i in range(N_JOBS):
        tb.mem.pressure(rng, 0.0 if i < N_JOBS // 2 else 0.4)
        mode = modes[i % len(modes)]
        for dec in (False, True):
            await aead_msg_job(tb, rng, mode, dec, bad=(i == 0 and dec))
        await aead_msg_job(tb, rng, mode, True, forged=True)
