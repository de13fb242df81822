# SPDX-License-Identifier: Apache-2.0
"""Shared bench of the adversarial cocotb campaigns (regfuzz, dmafault, consttime) on
adversarial/tests/adv_top.v: all five engine units, cpl_dispatch and cpl_dma, with the data
memory (port B, and port A for the DMA's write queue, free in a random half of the cycles)
modelled in Python by coupling/tests/cpl_dma_tb.py's Bench.

Per engine: how to pick a random valid configuration, the reference output (pycryptodome,
hashlib, or the engines' models, which their own tests prove on the published vectors), and how
a message runs over MMIO, custom instructions and the DMA. Every wait is bounded: a bound that
runs out raises Hang, which the campaigns count.

Environment: ADV_OPS (campaign size in operations), ADV_SEED, ADV_LONG (1: long target),
ADV_JSON (where the cocotb run writes its counters), DMA_BITS (the build's port width).
An operation is one register access, one custom instruction, one reset or one DMA job.
"""
from __future__ import annotations

import json
import os
import random
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

from coupling.tests.cpl_dma_tb import DMEM_BASE, PB, Bench
from coupling.tests.cpl_engine_tb import OFF, fbit, fget, insn, wbytes, words
from engines.aes.model.aes_model import pycryptodome_reference
from engines.chacha.model import chacha_model
from engines.present.model import present_model
from engines.prince.model import prince_model
from engines.sha3.model import sha3_model
from tools import consts as C

ADV_OPS = int(os.environ.get("ADV_OPS", "2000"))
ADV_SEED = int(os.environ.get("ADV_SEED", "1"))
ADV_LONG = os.environ.get("ADV_LONG", "0") == "1"
ADV_JSON = os.environ.get("ADV_JSON", "")
PROGRESS_OPS = 20000         # a long campaign writes a partial record this often (operations)

START, KEYLOAD, IVLOAD, ZEROIZE = (fbit("CTRL", n) for n in ("START", "KEYLOAD", "IVLOAD",
                                                              "ZEROIZE"))
IE_OUT = fbit("IE", "OUT")
KEY_BUS = 32                 # bytes of KEY staging (8 words)
# 1: ChaCha's MMIO messages start with IVLOAD and START in one CTRL write, 0: two writes
# (adversarial/regfuzz.md, "Hazards it aims at")
CHACHA_IVSTART = os.environ.get("ADV_CHACHA_IVSTART", "1") == "1"
POLL = 400                   # STATUS reads before a wait counts as a hang
CPI_LIMIT = 2000             # cycles before an unanswered instruction counts as a hang
TRAIL = 24                   # operations logged before a failure (the replay trail)
DMA_LIMIT = 40000            # cycles before an unfinished DMA job counts as a hang (plus
                             # DMA_PER_BYTE per byte of LEN)
DMA_PER_BYTE = 16
# unit custom-instruction operations (coupling/regs/cpi.toml): name -> (op, funct3)
OPS = {name: (op, f3) for name, kind, op, f3 in C.CPI_OPS if kind == "ENG"}


class Hang(Exception):
    """A bounded wait ran out: the design did not finish or answer."""


# ------------------------------------------------------------------------------- engines
@dataclass
class Engine:
    num: int
    name: str
    block: int                 # bytes per input block (DIN words = block / 4)
    has_key: bool
    has_iv: bool
    nokey: int                 # the engine's code for START without a key
    iv_len: int = 16           # IV bytes (has_iv): the words written, two per IV instruction

    def rand_cfg(self, rng: random.Random) -> tuple[int, int]:
        """(configuration word, key length in bytes) of a random valid configuration."""
        raise NotImplementedError

    def rand_len(self, rng: random.Random, cfg: int, blocks: int = 3) -> int:
        return self.block * rng.randint(1, blocks)

    def out_len(self, cfg: int, n: int) -> int:
        return n

    def ref(self, cfg: int, key: bytes, iv: bytes, msg: bytes) -> bytes:
        raise NotImplementedError

    def key_cfg(self, cfg: int) -> int:
        """The configuration a key load of `cfg`'s key size uses."""
        return cfg

    def nokey_cfg(self, rng: random.Random) -> int:
        """A configuration whose START without a key the engine refuses with its NO_KEY code
        (no other check of the START fails first)."""
        return self.rand_cfg(rng)[0]


class Aes(Engine):
    MODES = tuple((C.CONSTANTS[f"CV_AES_CFG_MODE_{m}"], dec) for m, dec in (
        ("ECB", 0), ("ECB", 1), ("CBC", 0), ("CBC", 1), ("CFB128", 0), ("CFB128", 1), ("OFB", 0),
        ("CTR", 0)))
    KSZ = {C.CV_AES_CFG_KSZ_128: 16, C.CV_AES_CFG_KSZ_192: 24, C.CV_AES_CFG_KSZ_256: 32}

    def rand_cfg(self, rng):
        ksz = rng.choice(list(self.KSZ))
        mode, dec = rng.choice(self.MODES)
        return C.put("aes", "CFG", KSZ=ksz, MODE=mode, DEC=dec), self.KSZ[ksz]

    def ref(self, cfg, key, iv, msg):
        # a partial last block (CFB, OFB, CTR): its bytes do not depend on the padding
        pad = msg.ljust(-(-len(msg) // 16) * 16, b"\0")
        return pycryptodome_reference(C.get("aes", "CFG", "MODE", cfg),
                                      C.get("aes", "CFG", "DEC", cfg), key, iv, pad)[:len(msg)]

    def key_cfg(self, cfg):
        return C.put("aes", "CFG", KSZ=C.get("aes", "CFG", "KSZ", cfg))


class Block64(Engine):
    """PRINCE and PRESENT: 64-bit blocks, byte 0 the most significant; ECB, or CTR (cfg bit 3,
    the IV the big-endian counter, a partial last block allowed; the direction bit ignored)."""

    def rand_cfg(self, rng):
        mode = rng.choice((C.CV_PRINCE_CFG_MODE_ECB, C.CV_PRINCE_CFG_MODE_CTR))
        if self.num == C.CV_ENGINE_PRINCE:
            return C.put("prince", "CFG", DEC=rng.randint(0, 1), MODE=mode), 16
        ksz = rng.choice((C.CV_PRESENT_CFG_KSZ_80, C.CV_PRESENT_CFG_KSZ_128))
        return (C.put("present", "CFG", DEC=rng.randint(0, 1), KSZ=ksz, MODE=mode),
                16 if ksz == C.CV_PRESENT_CFG_KSZ_128 else 10)

    def ref(self, cfg, key, iv, msg):
        ctr = C.get(self.name, "CFG", "MODE", cfg) == C.CV_PRINCE_CFG_MODE_CTR
        dec = C.get(self.name, "CFG", "DEC", cfg) and not ctr
        k = int.from_bytes(key, "big")
        if self.num == C.CV_ENGINE_PRINCE:
            fn = prince_model.decrypt if dec else prince_model.encrypt
            one = (lambda b: fn(b, k))
        else:
            bits = 8 * len(key)
            fn = present_model.decrypt if dec else present_model.encrypt
            one = (lambda b: fn(b, k, bits))
        if ctr:
            c0 = int.from_bytes(iv[:8], "big")
            ks = b"".join(one((c0 + i) % 2**64).to_bytes(8, "big")
                          for i in range(-(-len(msg) // 8)))
            return bytes(a ^ b for a, b in zip(msg, ks))
        return b"".join(one(int.from_bytes(msg[i:i + 8], "big")).to_bytes(8, "big")
                        for i in range(0, len(msg), 8))


class ChaCha(Engine):
    def rand_cfg(self, rng):
        k128, rfc = rng.randint(0, 1), rng.randint(0, 1)
        rounds = rng.choice((C.CV_CHACHA_CFG_ROUNDS_8, C.CV_CHACHA_CFG_ROUNDS_12,
                             C.CV_CHACHA_CFG_ROUNDS_20))
        return (C.put("chacha", "CFG", ROUNDS=rounds, K128=k128, RFC=rfc, XOR=1),
                16 if k128 else 32)

    def rand_len(self, rng, cfg, blocks=2):
        return self.block * rng.randint(1, blocks)

    def ref(self, cfg, key, iv, msg):
        return chacha_model.encrypt(key, iv, msg, C.get("chacha", "CFG", "ROUNDS", cfg),
                                    bool(C.get("chacha", "CFG", "RFC", cfg)))


class Sha3(Engine):
    NAMES = list(sha3_model.MODES)

    def rand_cfg(self, rng):
        name = rng.choice(self.NAMES)
        return sha3_model.cfg_word(name, rng.randint(1, 200)), 0

    def rand_len(self, rng, cfg, blocks=3):
        return rng.randint(0, 8 * 20 * blocks)

    def mode(self, cfg: int) -> str:
        return self.NAMES[cfg & 7]

    def out_len(self, cfg, n):
        return sha3_model.out_len(self.mode(cfg), cfg >> 16)

    def ref(self, cfg, key, iv, msg):
        return sha3_model.digest(self.mode(cfg), msg, cfg >> 16)


_E = C.ENGINES
ENGINES = {_E["AES"]: Aes(_E["AES"], "aes", 16, True, True, C.CV_AES_STATUS_ERR_CODE_NO_KEY),
           _E["PRINCE"]: Block64(_E["PRINCE"], "prince", 8, True, True,
                                 C.CV_PRINCE_STATUS_ERR_CODE_NOKEY, 8),
           _E["PRESENT"]: Block64(_E["PRESENT"], "present", 8, True, True,
                                  C.CV_PRESENT_STATUS_ERR_CODE_NOKEY, 8),
           _E["CHACHA"]: ChaCha(_E["CHACHA"], "chacha", 64, True, True,
                                C.CV_CHACHA_STATUS_ERR_CODE_NOKEY),
           _E["SHA3"]: Sha3(_E["SHA3"], "sha3", 8, False, False, 0)}


# ------------------------------------------------------------------------------- bench
class AdvBench(Bench):
    """Bench (coupling/tests/cpl_dma_tb.py, real units) plus the five engine windows, unit
    custom instructions, resets, and an operation count."""

    def __init__(self, dut) -> None:
        super().__init__(dut, models=False)
        self.ops = 0
        # the last operations, logged with a failure (what led to it, for a replay)
        self.trail: deque = deque(maxlen=TRAIL)

    def note(self, *what) -> None:
        self.trail.append((self.ops, self.cycle) + what)

    async def init(self) -> None:
        self.drive("usel_i", 0)
        await super().init()
        await self.ticks(40)            # the AES key-store wipe after reset

    async def reset(self) -> None:
        """Pulse rst_ni at once (whatever runs), then let the engines settle."""
        self.ops += 1
        self.note("reset")
        self.cpi_req, self.ubus, self.bus = None, None, None
        self.dut.rst_ni.value = 0
        await self.ticks(2)
        self.dut.rst_ni.value = 1
        await self.ticks(40)

    # ---- engine windows (usel_i is driven with the request, in the cycle it is sampled: a
    # request is still on the pins when the call returns, so the next call must not move it)
    async def uw(self, e: int, off: int, value: int) -> None:
        self.ops += 1
        self.note("uw", e, hex(off), hex(value & 0xFFFFFFFF))
        self.ubus = (1, off, value & 0xFFFFFFFF, e)
        await self.tick()

    async def ur(self, e: int, off: int) -> int:
        self.ops += 1
        self.ubus = (0, off, 0, e)
        await self.tick()
        await self.tick()
        v = self.ubus_rdata
        self.note("ur", e, hex(off), hex(v))
        return v

    async def ust(self, e: int) -> int:
        return await self.ur(e, OFF["STATUS"])

    async def poll(self, e: int, cond, what: str) -> int:
        """Read STATUS until cond(status); raises Hang after POLL reads."""
        for _ in range(POLL):
            st = await self.ust(e)
            if cond(st):
                return st
        raise Hang(f"engine {e}: {what} never came (STATUS {st:#x})")

    async def idle(self, e: int) -> int:
        return await self.poll(e, lambda s: not fget(s, "STATUS", "BUSY"), "idle")

    # ---- the DMA window
    async def dw(self, reg: str, value: int) -> None:
        self.ops += 1
        self.note("dw", reg, hex(value))
        await self.write(reg, value)

    async def dr(self, reg: str) -> int:
        self.ops += 1
        return await self.read(reg)

    async def dr_off(self, off: int) -> int:
        """Read any offset of the dma window."""
        self.ops += 1
        self.bus = (0, off, 0)
        await self.tick()
        await self.tick()
        return self.bus_rdata

    # ---- custom instructions (any target, any encoding)
    async def cpi_raw(self, ins: int, rs1: int = 0, rs2: int = 0,
                      limit: int = CPI_LIMIT) -> tuple[int, int, int]:
        """(rd, err, cycles from acceptance to the answer); Hang after `limit` cycles."""
        self.ops += 1
        self.cpi_rsp = []
        self.cpi_req = (ins, rs1 & 0xFFFFFFFF, rs2 & 0xFFFFFFFF)
        n = 0
        while not self.cpi_rsp:
            await self.tick()
            n += 1
            if n >= limit:
                self.cpi_req = None
                raise Hang(f"no answer to custom instruction {ins:#010x}")
        data, err, cyc = self.cpi_rsp[0]
        self.note("cpi", hex(ins), hex(rs1 & 0xFFFFFFFF), hex(rs2 & 0xFFFFFFFF), hex(data), err)
        return data, err, cyc - self.cpi_accept_cycle

    async def ucpi(self, e: int, name: str, rs1: int = 0, rs2: int = 0) -> tuple[int, int, int]:
        op, f3 = OPS[name]
        return await self.cpi_raw(insn(op, f3, e), rs1, rs2)

    async def dcpi(self, op: int, f3: int, rs1: int = 0, rs2: int = 0,
                   limit: int = CPI_LIMIT) -> tuple[int, int, int]:
        return await self.cpi_raw(insn(op, f3, 7), rs1, rs2, limit)

    # ---- one message over MMIO: key, IV, START, blocks, output
    async def mmio_key(self, eng: Engine, cfg: int, key: bytes) -> int:
        """KEY words, CFG, KEYLOAD; returns the cycles from KEYLOAD to key_ready_o (high and the
        unit idle). Call it on a unit without a key (after ZEROIZE), or the old key's
        key_ready_o may end the wait early."""
        for i, w in enumerate(words(key.ljust(KEY_BUS, b"\0"))):
            await self.uw(eng.num, OFF["KEY"] + 4 * i, w)
        await self.uw(eng.num, OFF["CFG"], eng.key_cfg(cfg))
        await self.uw(eng.num, OFF["CTRL"], KEYLOAD)
        bit = 1 << (eng.num - 1)
        for n in range(1, 400):
            await self.tick()
            if int(self.dut.key_ready_o.value) & bit and not int(self.dut.busy_o.value) & bit:
                return n
        raise Hang(f"engine {eng.num}: key never ready")

    async def mmio_start(self, eng: Engine, cfg: int, iv: bytes) -> None:
        """IV words, CFG, one CTRL write with IVLOAD and START (documented order: IVLOAD
        first). ChaCha: two writes when ADV_CHACHA_IVSTART=0 (adversarial/regfuzz.md, "Hazards it
        aims at": with both bits in one write, the unit must hold the START until the IV is
        loaded, or the first block would use the previous IV)."""
        if eng.has_iv:
            for i, w in enumerate(words(iv[:eng.iv_len])):
                await self.uw(eng.num, OFF["IV"] + 4 * i, w)
        await self.uw(eng.num, OFF["CFG"], cfg)
        both = eng.num != 4 or CHACHA_IVSTART
        if eng.has_iv and not both:
            await self.uw(eng.num, OFF["CTRL"], IVLOAD)
        await self.uw(eng.num, OFF["CTRL"], START | (IVLOAD if eng.has_iv and both else 0))

    async def mmio_out_block(self, eng: Engine, nwords: int) -> bytes:
        await self.poll(eng.num, lambda s: fget(s, "STATUS", "OUT_VALID"), "output")
        return wbytes([await self.ur(eng.num, OFF["DOUT"] + 4 * i) for i in range(nwords)])

    async def mmio_in_block(self, eng: Engine, blk: bytes, last: bool) -> None:
        await self.poll(eng.num, lambda s: fget(s, "STATUS", "IN_READY"), "input ready")
        ws = words(blk)
        for i, w in enumerate(ws[:-1]):
            await self.uw(eng.num, OFF["DIN"] + 4 * i, w)
        await self.uw(eng.num, OFF["DINL" if last else "DIN"] + 4 * (len(ws) - 1), ws[-1])

    async def mmio_message(self, eng: Engine, cfg: int, iv: bytes, msg: bytes) -> bytes:
        """START, every block in, every output block out (after its input block; SHA-3: after
        the last word). Returns the output bytes, cut to the reference length."""
        await self.mmio_start(eng, cfg, iv)
        nw = eng.block // 4
        out = b""
        if eng.num == 5:
            nblk = max(1, (len(msg) + 7) // 8)
            for b in range(nblk):
                chunk = msg[8 * b:8 * b + 8]
                if b == nblk - 1:
                    await self.uw(eng.num, OFF["LAST_BYTES"], len(chunk))
                await self.mmio_in_block(eng, chunk.ljust(8, b"\0"), b == nblk - 1)
            olen = eng.out_len(cfg, len(msg))
            while len(out) < olen:
                out += await self.mmio_out_block(eng, nw)
            return out[:olen]
        for b in range(0, len(msg), eng.block):
            await self.mmio_in_block(eng, msg[b:b + eng.block], b + eng.block >= len(msg))
            out += await self.mmio_out_block(eng, nw)
        return out

    # ---- one message over custom instructions
    async def cpi_ok(self, e: int, name: str, rs1: int = 0, rs2: int = 0) -> tuple[int, int]:
        rd, err, n = await self.ucpi(e, name, rs1, rs2)
        if err:
            raise AssertionError(f"engine {e}: {name} trapped")
        return rd, n

    async def cpi_key(self, eng: Engine, cfg: int, key: bytes) -> int:
        """KEY pairs, CFG, KLOADW; returns KLOADW's cycles to its answer."""
        nkw = 8 if eng.num in (1, 4) else 4          # KEY_BITS / 32 of the unit
        ws = words(key.ljust(4 * nkw, b"\0"))
        for i in range(0, nkw, 2):
            await self.cpi_ok(eng.num, "KEY", ws[i], ws[i + 1])
        await self.cpi_ok(eng.num, "CFG", eng.key_cfg(cfg))
        rd, n = await self.cpi_ok(eng.num, "KLOADW")
        if not fget(rd, "STATUS", "KEY_READY"):
            raise AssertionError(f"engine {eng.num}: KLOADW answered {rd:#x}")
        return n

    async def cpi_message(self, eng: Engine, cfg: int, iv: bytes,
                          msg: bytes) -> tuple[bytes, list[int]]:
        """Returns (output, cycles of every instruction from acceptance to answer)."""
        e = eng.num
        cyc = []
        if eng.has_iv:
            ws = words(iv[:eng.iv_len])
            for i in range(0, len(ws), 2):
                cyc.append((await self.cpi_ok(e, "IV", ws[i], ws[i + 1]))[1])
            cyc.append((await self.cpi_ok(e, "IVLOAD"))[1])
        cyc.append((await self.cpi_ok(e, "START", cfg))[1])
        nw = eng.block // 4

        async def result(n: int) -> bytes:
            out = []
            for _ in range(n):
                rd, c = await self.cpi_ok(e, "RESULT")
                out.append(rd)
                cyc.append(c)
            return wbytes(out)

        async def in_ready() -> None:
            # the op completing a block is dropped (OVERRUN) while the previous one is staged
            for _ in range(POLL):
                rd, c = await self.cpi_ok(e, "STATUS")
                cyc.append(c)
                if fget(rd, "STATUS", "IN_READY"):
                    return
            raise Hang(f"engine {e}: IN_READY never came (cpi)")

        out = b""
        if e == 5:
            nblk = max(1, (len(msg) + 7) // 8)
            for b in range(nblk):
                chunk = msg[8 * b:8 * b + 8]
                last = b == nblk - 1
                if last:
                    cyc.append((await self.cpi_ok(e, "LASTB", len(chunk)))[1])
                ws = words(chunk.ljust(8, b"\0"))
                await in_ready()
                cyc.append((await self.cpi_ok(e, "DATAL" if last else "DATA", *ws))[1])
            olen = eng.out_len(cfg, len(msg))
            while len(out) < olen:
                out += await result(nw)
            return out[:olen], cyc
        for b in range(0, len(msg), eng.block):
            ws = words(msg[b:b + eng.block])
            last = b + eng.block >= len(msg)
            for i in range(0, nw, 2):
                name = "DATAL" if last and i == nw - 2 else "DATA"
                if i == nw - 2:
                    await in_ready()
                cyc.append((await self.cpi_ok(e, name, ws[i], ws[i + 1]))[1])
            out += await result(nw)
        return out, cyc

    # ---- DMA jobs through the dma window
    async def dma_wait(self, limit: int = DMA_LIMIT) -> tuple[int, int]:
        """Poll the DMA STATUS until idle: (status, cycles)."""
        start = self.cycle
        self.ops += 1                               # the job (its polls are not counted)
        while True:
            st = await self.read("STATUS")
            if not st & 1:
                return st, self.cycle - start
            if self.cycle - start > limit:
                raise Hang("DMA job never ends")

    async def dma_key(self, eng: Engine, cfg: int, key: bytes, at: int) -> tuple[int, int]:
        """KEYLOAD from memory at dmem offset `at` (the key padded to the port): (status,
        cycles)."""
        self.mem[at:at + len(key)] = key
        await self.dw("ENGINE", eng.num)
        await self.dw("ECFG", eng.key_cfg(cfg))
        await self.dw("SRC", DMEM_BASE + at)
        await self.dw("CTRL", 2)
        return await self.dma_wait()

    async def dma_job(self, sel: int, cfg: int, src: int, dst: int, n: int,
                      outlen: int = 0) -> tuple[int, int]:
        """Program and START a job (addresses absolute): (status, cycles)."""
        for reg, v in (("ENGINE", sel), ("ECFG", cfg), ("SRC", src), ("DST", dst), ("LEN", n),
                       ("OUTLEN", outlen)):
            await self.dw(reg, v)
        await self.dw("CTRL", 1)
        return await self.dma_wait()


async def open_campaign(dut, name: str, interface: str, salt: int, bench=None):
    """Bench (reset, engines settled), the campaign's random stream (ADV_SEED, salt, port width)
    and its counters."""
    tb = (bench or AdvBench)(dut)
    await tb.init()
    c = Counters(name, interface)
    c.trail = tb.trail
    return tb, random.Random(ADV_SEED * salt + PB), c


def uniq_offsets() -> list[int]:
    """Every register offset of the engine window layout (array registers: every word)."""
    return sorted({OFF[n] + 4 * i for n, c in (("ID", 1), ("CAP", 1), ("CTRL", 1), ("CFG", 1),
                                                ("STATUS", 1), ("IE", 1), ("IS", 1),
                                                ("LAST_BYTES", 1), ("KEY", 8), ("IV", 4),
                                                ("DIN", 16), ("DINL", 16), ("DOUT", 16))
                   for i in range(c)})


@dataclass
class Counters:
    """The campaign record of adversarial/ (h4 conventions); the pytest wrapper asserts zeros."""
    campaign: str
    interface: str
    operations: int = 0
    hangs: int = 0
    lost_or_corrupted_bytes: int = 0
    key_leaks: int = 0
    timing_variations: int = 0
    other_failures: int = 0
    details: str = ""
    trail: deque = field(default_factory=deque)   # the bench's, set by open_campaign

    def fail(self, kind: str, why: str, log) -> None:
        setattr(self, kind, getattr(self, kind) + 1)
        log.error("%s: %s", kind, why)
        for t in self.trail:
            log.error("  before it: op %d cycle %d %s", t[0], t[1], " ".join(map(str, t[2:])))
        if len(self.details) < 4000:
            self.details += f"{kind}: {why}; "

    def dump(self, extra: dict | None = None, partial: bool = False) -> None:
        """Write the record (ADV_JSON). partial: a progress record of a run still going, so a
        long run that is stopped keeps what it checked."""
        rec = {"campaign": self.campaign, "interface": self.interface,
               "operations": self.operations, "hangs": self.hangs,
               "lost_or_corrupted_bytes": self.lost_or_corrupted_bytes,
               "key_leaks": self.key_leaks, "timing_variations": self.timing_variations,
               "other_failures": self.other_failures, "seed": ADV_SEED, "long": ADV_LONG,
               "details": self.details, "dma_bits": PB * 8, "partial": partial, **(extra or {})}
        if ADV_JSON:   # "{campaign}" in it: one file per campaign of a run
            Path(ADV_JSON.replace("{campaign}", self.campaign)).write_text(
                json.dumps(rec, indent=1))


def diff_bytes(a: bytes, b: bytes) -> int:
    """Bytes that differ (a length difference counts every missing byte)."""
    return sum(x != y for x, y in zip(a, b)) + abs(len(a) - len(b))



# ------------------------------------------------------------------------------- pytest side
SOURCES = [f"engines/{e}/rtl/sources.f" for e in ("aes", "prince", "present", "chacha", "sha3")]
SOURCES += ["coupling/rtl/sources.f", "adversarial/tests/adv_top.v"]
OUT = Path(__file__).resolve().parents[2] / "build" / "adversarial"
COUNTERS = ("hangs", "lost_or_corrupted_bytes", "key_leaks", "timing_variations",
            "other_failures")


# the AEAD build (adversarial/aead.md): the AES engine as aead_top, the ChaCha engine as
# chachapoly_top, the DMA with continuation jobs; only those two engines attached (a smaller
# model: its build is most of the CI cost)
AEAD_SOURCES = [f"engines/{e}/rtl/sources.f" for e in ("aead", "prince", "present", "chachapoly",
                                                       "sha3")]
AEAD_SOURCES += ["coupling/rtl/sources.f", "adversarial/tests/adv_top.v"]
AEAD_PARAMS = {"ENGINES": "5'b01001", "AES_AEAD": 1, "CHACHA_AEAD": 1}


def run_adv_top(dma_bits: int, module: str, env: dict | None = None, aead: bool = False,
                testcase: str | list[str] | None = None) -> None:
    """Build adv_top for one port width (build/sim/adv-<width>, adv-aead-<width> for the AEAD
    build) and run a cocotb module on it. Every user of a build shares it (the campaigns, the
    hub's test): a lock file serialises them (pytest -n runs them in parallel). The AEAD build's
    C++ is unoptimised at CI size (about half the build) and optimised for a long run."""
    import fcntl

    from sim.cocotb_run import BUILD, run

    name = f"adv-aead-{dma_bits}" if aead else f"adv-{dma_bits}"
    BUILD.mkdir(parents=True, exist_ok=True)
    with open(BUILD / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        run(name, "adv_top", AEAD_SOURCES if aead else SOURCES, module,
            parameters={"DMA_BITS": dma_bits, **(AEAD_PARAMS if aead else {})},
            extra_env={"DMA_BITS": str(dma_bits), "ADV_AEAD": str(int(aead)), **(env or {})},
            testcase=testcase, cxx_o0=aead and not ADV_LONG)


def run_campaign(campaign: str, module: str, dma_bits: int, env: dict | None = None,
                 aead: bool = False, testcase: str | None = None) -> dict:
    """Build adv_top for one port width and run one campaign's cocotb module (run_adv_top);
    returns the record the run wrote."""
    OUT.mkdir(parents=True, exist_ok=True)
    part = OUT / "parts" / f"{campaign}-{dma_bits}.json"
    part.parent.mkdir(exist_ok=True)
    part.unlink(missing_ok=True)
    run_adv_top(dma_bits, module, {"ADV_JSON": str(part), **(env or {})}, aead, testcase)
    rec = json.loads(part.read_text())
    assert not rec.pop("partial"), f"{campaign}: the simulation ended before its final record"
    return rec


def run_campaigns(names: list[str], module: str, dma_bits: int, aead: bool = False,
                  env: dict | None = None) -> list[dict]:
    """Several campaigns of one cocotb module in one simulation (one model start; each cocotb
    test named like its campaign with "_" for "-"), each writing its record; returns them."""
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "parts").mkdir(exist_ok=True)
    parts = [OUT / "parts" / f"{n}-{dma_bits}.json" for n in names]
    for p in parts:
        p.unlink(missing_ok=True)
    run_adv_top(dma_bits, module,
                {"ADV_JSON": str(OUT / "parts" / f"{{campaign}}-{dma_bits}.json"), **(env or {})},
                aead, [n.replace("-", "_") for n in names])
    recs = [json.loads(p.read_text()) for p in parts]
    for n, r in zip(names, recs):
        assert not r.pop("partial"), f"{n}: the simulation ended before its final record"
    return recs


def merge(campaign: str, interface: str, parts: list[dict]) -> dict:
    """One record from the campaign's runs (counters summed): build/adversarial/<campaign>.json."""
    rec = {"campaign": campaign, "interface": interface,
           "operations": sum(p["operations"] for p in parts),
           **{k: sum(p[k] for p in parts) for k in COUNTERS},
           "seed": parts[0]["seed"], "long": parts[0]["long"],
           "details": " | ".join(f"DMA_BITS={p['dma_bits']}: {p['details'] or 'clean'}"
                                 for p in parts)}
    extra = {f"{k}_dma{p['dma_bits']}": v for p in parts for k, v in p.items()
             if k not in rec and k != "dma_bits"}
    rec.update(extra)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"{campaign}.json").write_text(json.dumps(rec, indent=1))
    return rec


def check_campaign(campaign: str, interface: str, module: str, dma_bits: int,
                   aead: bool = False, testcase: str | None = None) -> dict:
    """Run one campaign on one DMA port width, write its record, assert every counter is 0 (the
    pytest wrappers' body). The 32-bit port's record is <campaign>.json, the 128-bit port's
    <campaign>-dma128.json (a campaign of its own in the report)."""
    name = campaign if dma_bits == 32 else f"{campaign}-dma{dma_bits}"
    rec = merge(name, f"{interface}, DMA {dma_bits}-bit",
                [run_campaign(campaign, module, dma_bits, aead=aead, testcase=testcase)])
    print({k: v for k, v in rec.items() if not k.startswith("figures")})
    assert rec["operations"] > 0
    assert {k: rec[k] for k in COUNTERS} == dict.fromkeys(COUNTERS, 0), rec["details"]
    return rec


def lint_top(dma_bits: int, aead: bool = False) -> None:
    """Verilator -Wall lint of adv_top (bench tops are outside make lint's rtl/sources.f)."""
    import subprocess

    from sim.cocotb_run import ROOT, expand_sources

    cmd = ["verilator", "--lint-only", "-Wall", f"-I{ROOT / 'build' / 'gen'}",
           *map(str, expand_sources(AEAD_SOURCES if aead else SOURCES)), "--top-module",
           "adv_top", f"-GDMA_BITS={dma_bits}",
           *(f"-G{k}={v}" for k, v in (AEAD_PARAMS if aead else {}).items())]
    res = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
