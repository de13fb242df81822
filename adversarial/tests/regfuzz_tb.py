# SPDX-License-Identifier: Apache-2.0
"""Register-interface fuzzing of the five engine units (cocotb, adversarial/tests/adv_top.v).

Per engine, bursts of random operations on its window: reads and writes of every register and
of offsets that are no register (unaligned too), random values (bad CFG, random CTRL command
bits: ZEROIZE, KEYLOAD, IVLOAD, START at random moments), DIN writes while busy, random custom
instructions of the unit (any operation and funct3, illegal targets), resets, idle gaps.
Checked after every step:
- every custom instruction answers within CPI_LIMIT cycles (no hang);
- KEY words read 0; ID and CAP read their constant values; DIN, DINL and non-register offsets
  read 0; CFG, IE and LAST_BYTES read back what was just written (masked to their width);
- STATUS: reserved bits zero, ERR set exactly when ERR_CODE is not 0, codes 1..11, KEY_READY
  never for SHA-3, DMA clear while no job runs.
After every burst a recovery: ZEROIZE (idle within a bound, STATUS = IN_READY only, KEY/IV/DOUT
read 0, a START without key is refused with the engine's NO_KEY code: nothing of the old key
survives), then a random key and configuration and a random message over MMIO, custom
instructions, or the DMA while the burst's random accesses continue on the unit (CPU writes
refused with BUSY_DMA); the output must equal the reference.
"""
from __future__ import annotations

import os
import random

import cocotb

from adversarial.tests.adv_tb import (ADV_OPS, ZEROIZE, AdvBench, Counters, ENGINES, Engine,
                                      Hang, diff_bytes, open_campaign, uniq_offsets)
from coupling.tests.cpl_dma_tb import DMEM_BASE
from coupling.tests.cpl_engine_tb import OFF, fget, insn
from tools import consts as C

CUSTOM1 = 0x2B    # the custom-1 major opcode: entirely reserved, so illegal

REG_OFFS = uniq_offsets()
ZERO_READ = set(range(OFF["DIN"], OFF["DINL"] + 64, 4)) | {OFF["CTRL"]} | \
    set(range(OFF["KEY"], OFF["KEY"] + 32, 4)) | {o for o in range(0, 0x1000, 4)
                                                  if o not in REG_OFFS}
KEY_OFFS = set(range(OFF["KEY"], OFF["KEY"] + 32, 4))
_E = C.ENGINES
CFG_MASK = {_E["AES"]: 0xFF, _E["PRINCE"]: 0xF, _E["PRESENT"]: 0xF, _E["CHACHA"]: 0xFF,
            _E["SHA3"]: 0xFFFFFFFF}
ABORTED = 7
# 1 (the default): random ZEROIZE (CTRL or the ZERO instruction) during the DMA jobs under fire;
# the job must then fail with ABORTED or deliver the right output, never end DONE with output
# missing (regfuzz.md, "Hazards it aims at"). 0 keeps zeroizes out of those jobs.
DMA_ZEROIZE = os.environ.get("ADV_DMA_ZEROIZE", "1") == "1"


class Fuzzer:
    def __init__(self, tb: AdvBench, c: Counters, rng: random.Random, log) -> None:
        self.tb, self.c, self.rng, self.log = tb, c, rng, log
        self.idw: dict[int, int] = {}
        self.cap: dict[int, int] = {}
        self.zeroized = False          # a ZEROIZE reached the unit during a DMA job
        self.engines = ENGINES
        self.cfg_mask = CFG_MASK
        self.max_code = C.CV_CPL_STATUS_ERR_CODE_BUSY_OTHER   # the highest ERR_CODE allowed

    async def learn(self) -> None:
        for e, eng in self.engines.items():
            idw = await self.tb.ur(e, OFF["ID"])
            cap = await self.tb.ur(e, OFF["CAP"])
            if (fget(idw, "ID", "MAGIC"), fget(idw, "ID", "ENGINE"),
                    fget(idw, "ID", "VERSION")) != (C.CONSTANTS["CV_CPL_ID_MAGIC_CIPHER_V"], e,
                                                C.CONSTANTS["CV_CPL_ID_VERSION_V1_0"]):
                self.c.fail("other_failures", f"engine {e} ID {idw:#x}", self.log)
            if fget(cap, "CAP", "BLOCK_BYTES") != eng.block:
                self.c.fail("other_failures", f"engine {e} CAP {cap:#x}", self.log)
            self.idw[e], self.cap[e] = idw, cap

    # ---- checks
    def check_status(self, e: int, st: int, dma_idle: bool) -> None:
        err, code = fget(st, "STATUS", "ERR"), fget(st, "STATUS", "ERR_CODE")
        bad = []
        if st & ~0xF3F:
            bad.append("reserved bits")
        if bool(err) != bool(code) or code > self.max_code:
            bad.append("ERR/ERR_CODE")
        if e == 5 and fget(st, "STATUS", "KEY_READY"):
            bad.append("KEY_READY without key")
        if dma_idle and fget(st, "STATUS", "DMA"):
            bad.append("DMA without a job")
        if bad:
            self.c.fail("other_failures", f"engine {e} STATUS {st:#x}: {', '.join(bad)}",
                        self.log)

    def check_read(self, e: int, off: int, v: int, dma_idle: bool) -> None:
        a = off & 0xFFC
        if a in KEY_OFFS and v:
            self.c.fail("key_leaks", f"engine {e} KEY at {a:#x} read {v:#x}", self.log)
        elif a in ZERO_READ and v:
            self.c.fail("other_failures", f"engine {e} offset {a:#x} read {v:#x}", self.log)
        elif a == OFF["ID"] and v != self.idw[e]:
            self.c.fail("other_failures", f"engine {e} ID read {v:#x}", self.log)
        elif a == OFF["CAP"] and v != self.cap[e]:
            self.c.fail("other_failures", f"engine {e} CAP read {v:#x}", self.log)
        elif a == OFF["STATUS"]:
            self.check_status(e, v, dma_idle)
        elif a == OFF["IS"] and v & ~7:
            self.c.fail("other_failures", f"engine {e} IS {v:#x}", self.log)

    # ---- one random step on engine e
    async def step(self, eng: Engine, dma_idle: bool = True, allow_zeroize: bool = True,
                   kinds: str = "wroscg") -> None:
        """One random step; kinds: w write, r read, o any offset, s DIN/DINL block, c custom
        instruction, g idle gap or reset."""
        tb, rng, e = self.tb, self.rng, eng.num
        while True:
            r = rng.random()
            kind = "wroscg"[sum(r >= b for b in (0.40, 0.70, 0.78, 0.90, 0.97))]
            if kind in kinds:
                break
        if r < 0.40:                                   # write a register
            off = rng.choice(REG_OFFS)
            val = rng.getrandbits(32)
            if off == OFF["CTRL"]:
                val = rng.getrandbits(4) if rng.random() < 0.9 else val
                if not allow_zeroize:
                    val &= ~8
                elif val & 8 and not dma_idle:
                    self.zeroized = True
            elif off == OFF["CFG"] and rng.random() < 0.5:
                val = eng.rand_cfg(rng)[0]
            elif off == OFF["LAST_BYTES"] and rng.random() < 0.7:
                val = rng.randint(0, 16)
            await tb.uw(e, off, val)
            if off in (OFF["CFG"], OFF["IE"], OFF["LAST_BYTES"]) and rng.random() < 0.3:
                mask = {OFF["CFG"]: self.cfg_mask[e], OFF["IE"]: 7, OFF["LAST_BYTES"]: 0xFF}[off]
                got = await tb.ur(e, off)
                want = val & mask
                if off == OFF["CFG"] and not dma_idle:
                    return                             # refused while the DMA owns the unit
                if got != want:
                    self.c.fail("other_failures",
                                f"engine {e} {off:#x} wrote {val:#x} read {got:#x}", self.log)
        elif r < 0.70:                                 # read a register
            off = rng.choice(REG_OFFS)
            self.check_read(e, off, await tb.ur(e, off), dma_idle)
        elif r < 0.78:                                 # any offset, any alignment
            off = rng.getrandbits(12)
            if rng.random() < 0.5:
                val = rng.getrandbits(32) if rng.random() < 0.5 else rng.getrandbits(4)
                if (off & 0xFFC) == OFF["CTRL"]:
                    if not allow_zeroize:
                        val &= ~8
                    elif val & 8 and not dma_idle:
                        self.zeroized = True
                await tb.uw(e, off, val)
            else:
                self.check_read(e, off, await tb.ur(e, off), dma_idle)
        elif r < 0.90:                                 # a block of DIN words, maybe the last
            nw = eng.block // 4
            for i in range(nw):
                last = i == nw - 1 and rng.random() < 0.5
                await tb.uw(e, (OFF["DINL"] if last else OFF["DIN"]) + 4 * i, rng.getrandbits(32))
        elif r < 0.97:                                 # a custom instruction
            op = rng.randrange(16)
            f3 = rng.randrange(8)
            names = [n for n, (o, f) in OPS_BY_CODE.items() if o == op]
            if names and rng.random() < 0.8:
                f3 = OPS_BY_CODE[rng.choice(names)][1]
            if op == C.CV_CPI_OP_ZERO and not dma_idle:
                if allow_zeroize:
                    self.zeroized = True
                else:
                    op = C.CV_CPI_OP_STATUS
            target = e if rng.random() < 0.95 else rng.choice((0, 6))
            ins = insn(op, f3, target, C.CV_CPI_OPCODE if rng.random() < 0.97 else CUSTOM1)
            rs1 = rng.getrandbits(32) if rng.random() < 0.5 else rng.randrange(8)
            rd, err, _ = await tb.cpi_raw(ins, rs1, rng.getrandbits(32))
            if (target in (0, 6) or ins & 0x7F == CUSTOM1) and not err:
                self.c.fail("other_failures", f"illegal instruction {ins:#x} not trapped",
                            self.log)
            if (op == C.CV_CPI_OP_STATUS and f3 == C.CV_CPI_F3_STATUS and target == e
                    and ins & 0x7F == C.CV_CPI_OPCODE and not err):
                self.check_status(e, rd, dma_idle)
        elif r < 0.995 or not dma_idle:                # idle gap
            n = rng.randint(1, 30)
            tb.note("gap", n)
            await tb.ticks(n)
        else:
            await tb.reset()

    # ---- recovery: zeroize, no key left, a known message
    async def zeroize_clean(self, eng: Engine) -> None:
        tb, e = self.tb, eng.num
        await tb.uw(e, OFF["CTRL"], ZEROIZE)
        st = await tb.idle(e)
        st = await tb.ust(e)
        if st != 0x4:
            self.c.fail("other_failures", f"engine {e} STATUS {st:#x} after ZEROIZE", self.log)

    async def wiped(self, eng: Engine) -> None:
        """ZEROIZE; then KEY, IV and DOUT read 0 and a START without a key is refused with the
        engine's NO_KEY code (nothing of the old key schedule survives); ZEROIZE again."""
        tb, rng, e = self.tb, self.rng, eng.num
        await self.zeroize_clean(eng)
        for off in sorted(KEY_OFFS):
            if await tb.ur(e, off):
                self.c.fail("key_leaks", f"engine {e} KEY {off:#x} after ZEROIZE", self.log)
        if eng.has_iv:
            for i in range(eng.iv_len // 4):
                v = await tb.ur(e, OFF["IV"] + 4 * i)
                if v:
                    self.c.fail("key_leaks", f"engine {e} IV word {i} = {v:#x} after ZEROIZE",
                                self.log)
        v = await tb.ur(e, OFF["DOUT"])
        if v:
            self.c.fail("key_leaks", f"engine {e} DOUT {v:#x} after ZEROIZE", self.log)
        if eng.has_key:
            # a START without a key must be refused: nothing of the old key schedule survives
            await tb.uw(e, OFF["CFG"], eng.nokey_cfg(rng))
            await tb.uw(e, OFF["CTRL"], 1)
            # (the START reaches the engine a cycle after the write: STATUS shows BUSY until
            # the engine's answer)
            st = await tb.idle(e)
            if fget(st, "STATUS", "ERR_CODE") != eng.nokey:
                self.c.fail("key_leaks", f"engine {e} START after ZEROIZE: STATUS {st:#x}",
                            self.log)
        await self.zeroize_clean(eng)

    async def recovery(self, eng: Engine, mode: str) -> None:
        tb, rng, e = self.tb, self.rng, eng.num
        await self.wiped(eng)
        cfg, klen = eng.rand_cfg(rng)
        key, iv = rng.randbytes(klen), rng.randbytes(16)
        msg = rng.randbytes(eng.rand_len(rng, cfg))
        exp = eng.ref(cfg, key, iv, msg)
        if mode == "mmio":
            if eng.has_key:
                await tb.mmio_key(eng, cfg, key)
            out = await tb.mmio_message(eng, cfg, iv, msg)
        elif mode == "cpi":
            if eng.has_key:
                await tb.cpi_key(eng, cfg, key)
            out, _ = await tb.cpi_message(eng, cfg, iv, msg)
        else:
            out = await self.dma_under_fire(eng, cfg, key, iv, msg)
            if out is None:
                return
        d = diff_bytes(out, exp)
        if d:
            self.c.fail("lost_or_corrupted_bytes", f"engine {e} {mode} cfg {cfg:#x} "
                        f"len {len(msg)}: {d} bytes differ", self.log)
            self.c.lost_or_corrupted_bytes += d - 1
        st = await tb.ust(e)
        if fget(st, "STATUS", "BUSY") or fget(st, "STATUS", "ERR"):
            self.c.fail("other_failures", f"engine {e} {mode}: STATUS {st:#x} after the message",
                        self.log)

    async def dma_under_fire(self, eng: Engine, cfg: int, key: bytes, iv: bytes,
                             msg: bytes, kinds: str = "wroscg") -> bytes | None:
        """Key load and job by the DMA while random accesses hit the unit; the output is checked
        when the job ends without error (a ZEROIZE of the unit may abort it: code ABORTED)."""
        tb, rng, e = self.tb, self.rng, eng.num
        src, dst = 0x2000, 0x6000
        if eng.has_iv:
            for i in range(eng.iv_len // 4):
                await tb.uw(e, OFF["IV"] + 4 * i, int.from_bytes(iv[4 * i:4 * i + 4], "little"))
            await tb.uw(e, OFF["CTRL"], 4)
        if eng.has_key:
            st, _ = await tb.dma_key(eng, cfg, key.ljust(32, b"\0"), 0x1000)
            if st & 4:
                self.c.fail("other_failures", f"engine {e} DMA key load: {st:#x}", self.log)
                return None
        n = len(msg)
        olen = eng.out_len(cfg, n)
        tb.mem[src:src + n] = msg
        tb.mem[dst:dst + olen + 64] = bytes(olen + 64)
        for reg, v in (("ENGINE", e), ("ECFG", cfg), ("SRC", DMEM_BASE + src),
                       ("DST", DMEM_BASE + dst), ("LEN", n), ("OUTLEN", olen if e == 5 else 0)):
            await tb.dw(reg, v)
        self.zeroized = False
        # ZEROIZE during the job unless ADV_DMA_ZEROIZE=0 (regfuzz.md, "Hazards it aims at")
        allow = DMA_ZEROIZE
        await tb.dw("CTRL", 1)
        start = tb.cycle
        while True:
            for _ in range(rng.randint(1, 6)):
                await self.step(eng, dma_idle=False, allow_zeroize=allow, kinds=kinds)
            st = await tb.dr("STATUS")
            if not st & 1:
                break
            if tb.cycle - start > 40000:
                raise Hang(f"engine {e}: DMA job under fire never ends")
        code = (st >> 8) & 0xF
        if st & 4:
            if not (code == ABORTED and self.zeroized):
                self.c.fail("other_failures", f"engine {e} DMA job failed: STATUS {st:#x}",
                            self.log)
            await tb.uw(e, OFF["CTRL"], ZEROIZE)
            await tb.idle(e)
            return None
        if tb.mem[dst + olen:dst + olen + 64] != bytes(64):
            self.c.fail("lost_or_corrupted_bytes", f"engine {e}: DMA wrote past OUTLEN",
                        self.log)
        # the burst may have left unit errors (BUSY_DMA); clear them for the STATUS check
        await tb.uw(e, OFF["CTRL"], ZEROIZE)
        await tb.idle(e)
        return bytes(tb.mem[dst:dst + olen])


# the engine operations of the custom-instruction table, in its order: name -> (op, funct3)
OPS_BY_CODE = {name: (op, f3) for name, kind, op, f3 in C.CPI_OPS if kind == "ENG"}


@cocotb.test()
async def regfuzz(dut) -> None:
    tb, rng, c = await open_campaign(dut, "regfuzz", "mmio+cpi+dma", 7919)
    fz = Fuzzer(tb, c, rng, dut._log)
    await fz.learn()
    per_engine = max(200, ADV_OPS // len(ENGINES))
    recoveries = 0
    for e, eng in ENGINES.items():
        first = tb.ops
        while tb.ops - first < per_engine:
            try:
                for _ in range(rng.randint(10, 120)):
                    await fz.step(eng)
                await fz.recovery(eng, ("mmio", "cpi", "dma")[recoveries % 3])
                recoveries += 1
            except Hang as h:
                c.fail("hangs", str(h), dut._log)
                await tb.reset()
        dut._log.info("engine %s: %d operations", eng.name, tb.ops - first)
    c.operations = tb.ops
    c.dump({"recoveries": recoveries})
    dut._log.info("regfuzz: %d operations, %d recoveries, %s", tb.ops, recoveries, c)


@cocotb.test()
async def zeroize_collision(dut) -> None:
    """A CPU access to an engine window in the cycle the DMA zeroizes that engine (a job
    aborted by the CPU's ZEROIZE) must take effect: a read must not answer 0 and a write must
    not be lost (regfuzz.md, "Hazards it aims at"). Here the CPU writes
    LAST_BYTES and reads it, ID and CAP back at every offset 0..8 cycles after its ZEROIZE; at
    least one write must meet the DMA's zeroize cycle and every access must take effect."""
    tb = AdvBench(dut)
    await tb.init()
    eng, e = ENGINES[3], 3
    idw = await tb.ur(e, OFF["ID"])
    cap = await tb.ur(e, OFF["CAP"])
    met = 0
    for delay in range(9):
        st, _ = await tb.dma_key(eng, 0, bytes(range(16)).ljust(32, b"\0"), 0x1000)
        assert not st & 4, f"key load {st:#x}"
        n = 8 * 40
        for reg, v in (("ENGINE", e), ("ECFG", 0), ("SRC", DMEM_BASE + 0x2000),
                       ("DST", DMEM_BASE + 0x6000), ("LEN", n), ("OUTLEN", 0)):
            await tb.dw(reg, v)
        await tb.dw("CTRL", 1)
        await tb.ticks(12)
        await tb.uw(e, OFF["CTRL"], ZEROIZE)
        await tb.ticks(delay)
        lb = 1 + delay
        await tb.uw(e, OFF["LAST_BYTES"], lb)
        met += (int(dut.u_dma.dma_zeroize_o.value) >> (e - 1)) & 1
        got = [await tb.ur(e, OFF[r]) for r in ("LAST_BYTES", "ID", "CAP")]
        assert got == [lb, idw, cap], f"delay {delay}: read {[hex(g) for g in got]}"
        while (await tb.dr("STATUS")) & 1:
            pass
        await tb.uw(e, OFF["CTRL"], ZEROIZE)
        await tb.idle(e)
    assert met, "no write met the DMA's zeroize cycle: the test lost its aim"
