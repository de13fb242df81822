# SPDX-License-Identifier: Apache-2.0
"""DMA fault campaign (cocotb, adversarial/tests/adv_top.v: cpl_dma with the five real units and
the data memory modelled in Python).

Random jobs and key loads through the `dma` window (mmio-dma) or the DSEL/DADDR/DRUNW/DKEYW
instructions (cpi-dma): SRC/DST/LEN/OUTLEN valid, unmapped (below/above dmem, random 32-bit),
misaligned, overlapping (and in place), wrapping near 2^32, ending exactly at the end of dmem,
zero-length and partial lengths; engine numbers 0..15; engine configurations the engine refuses;
jobs on a unit without a key; ABORT at a random cycle. For every job:
- the outcome is predicted from coupling/README.md (checks ENGINE, RANGE, ALIGN, OVERLAP, LENGTH
  in that order, then the engine's refusal): the error code must match, DRUNW/DKEYW must trap
  exactly on failure;
- the whole 64 KiB memory (random fill) is compared after the job: a failed job writes nothing;
  a good job writes exactly [DST, DST + output) with the reference output (pycryptodome,
  hashlib, the engines' models); an aborted job writes only correct output bytes inside DST;
- the job ends within DMA_LIMIT cycles (no hang).
"""
from __future__ import annotations

import os
import random

import cocotb

from adversarial.tests.adv_tb import (ADV_OPS, DMA_LIMIT, DMA_PER_BYTE, PROGRESS_OPS, AdvBench,
                                      Counters, ENGINES, Engine, Hang, open_campaign)
from coupling.tests.cpl_dma_tb import DMEM_BASE, DMEM_BYTES, PB
from coupling.tests.cpl_engine_tb import OFF, words

RANGE, ALIGN, OVERLAP, LENGTH, ENGINE, BUSY, ABORTED = 1, 2, 3, 4, 5, 6, 7
END = DMEM_BASE + DMEM_BYTES
# 1 (the default): also zeroize the unit (CTRL.ZEROIZE) at a random cycle of a job: the job
# must end with ABORTED or with the whole, right output (dmafault.md, "Design choices")
DMA_ZEROIZE = os.environ.get("ADV_DMA_ZEROIZE", "1") == "1"
UNKNOWN = "unknown"                                      # key state not known
BAD_CFG = {1: 0x1C, 2: 0x2, 3: 0x4, 4: 5 | 0x80, 5: 7}     # a configuration the engine refuses


def partial_ok(e: int, cfg: int) -> bool:
    if e == 1:
        return (cfg >> 2) & 7 in (2, 3, 4, 5)
    if e in (2, 3):
        return bool(cfg & 8)  # CTR
    return e in (4, 5)


def empty_ok(e: int, cfg: int) -> bool:
    return (e == 1 and (cfg >> 2) & 7 == 5) or e == 5


def predict(sel: int, cfg: int, src: int, dst: int, n: int, olen: int) -> int:
    """The documented check result (0: the checks pass)."""
    if not 1 <= sel <= 5:
        return ENGINE
    eff = olen or n
    if src < DMEM_BASE or src + n > END or dst < DMEM_BASE or dst + eff > END:
        return RANGE
    if src % PB or dst % PB:
        return ALIGN
    if src != dst and n and eff and dst < src + n and src < dst + eff:
        return OVERLAP
    blk = ENGINES[sel].block
    if (n == 0 and not empty_ok(sel, cfg)) or (n % blk and not partial_ok(sel, cfg)):
        return LENGTH
    return 0


class Campaign:
    def __init__(self, tb: AdvBench, c: Counters, rng: random.Random, log) -> None:
        self.tb, self.c, self.rng, self.log = tb, c, rng, log
        # per engine: (cfg, key) loaded, None = no key (reset, ZEROIZE), UNKNOWN
        self.keyed: dict[int, object] = dict.fromkeys(ENGINES)
        self.jobs = self.failed_jobs = self.aborts = self.keyloads = 0
        self.readbacks = self.unchanged_matches = 0

    def figures(self) -> dict:
        return {"jobs": self.jobs, "failed_jobs": self.failed_jobs, "aborts": self.aborts,
                "keyloads": self.keyloads, "key_readbacks": self.readbacks,
                "key_word_matches_unchanged_by_the_load": self.unchanged_matches,
                # beats the write queue wrote on port A (the rest of the writes went on port B)
                "port_a_writes": self.tb.a_writes, "port_writes": self.tb.mem_writes}

    # ---- addresses
    def addr(self, size: int) -> int:
        """A random address for a buffer of `size` bytes, mostly valid and aligned."""
        rng = self.rng
        r = rng.random()
        if r < 0.70:
            return DMEM_BASE + rng.randrange(0, max(1, (DMEM_BYTES - size) // PB + 1)) * PB
        if r < 0.78:                                            # misaligned
            return DMEM_BASE + rng.randrange(0, max(1, DMEM_BYTES - size - PB)) // PB * PB + \
                rng.randint(1, PB - 1)
        if r < 0.84:
            return END - size - (size % PB)                    # ends at (or near) the end
        if r < 0.90:
            return rng.choice((0, DMEM_BASE - PB, END, END + 0x1000, rng.getrandbits(32) & ~3))
        return (2**32 - rng.randint(1, 8) * PB) & 0xFFFFFFFF   # wraps near 2^32

    def length(self, e: int) -> int:
        rng = self.rng
        r = rng.random()
        blk = ENGINES[e].block if 1 <= e <= 5 else 16
        if r < 0.6:
            return blk * rng.randint(1, 6)
        if r < 0.8:
            return rng.randint(1, 200)
        if r < 0.88:
            return 0
        if r < 0.92:
            return rng.randint(1, 4096)
        return rng.choice((DMEM_BYTES, DMEM_BYTES + 16, 0xFFFFFFF0, 0xFFFFFFFF, 2**31))

    # ---- key loads
    async def keyload(self, eng: Engine, cfg: int, key: bytes, src: int | None = None) -> None:
        tb, rng, e = self.tb, self.rng, eng.num
        self.keyloads += 1
        at = src if src is not None else self.addr(32)
        # key bytes the DMA reads (cpl_engine key_bytes_o): AES 16/24/32, ChaCha 32 or 16
        kb = 16 + 8 * (cfg & 3) if e == 1 else 32 if e == 4 and not cfg & 0x20 else 16
        expect = 0
        if not (DMEM_BASE <= at and at + kb <= END):
            expect = RANGE
        elif at % PB:
            expect = ALIGN
        else:
            tb.mem[at - DMEM_BASE:at - DMEM_BASE + kb] = key.ljust(kb, b"\0")
        before = bytes(tb.mem)
        regs_before = await self.windows(e) if rng.random() < 0.3 else None
        if rng.random() < 0.5:
            await tb.dw("ENGINE", e)
            await tb.dw("ECFG", eng.key_cfg(cfg))
            await tb.dw("SRC", at)
            await tb.dw("CTRL", 2)
            st, _ = await tb.dma_wait()
            trap = None
        else:
            await tb.dcpi(0, 0b011, e, eng.key_cfg(cfg))
            rd, trap, _ = await tb.dcpi(3, 0b111, at, eng.key_cfg(cfg), limit=4000)
            st = await tb.dr("STATUS")
        code = (st >> 8) & 0xF if st & 4 else 0
        if code != expect or (trap is not None and trap != bool(expect)):
            self.c.fail("other_failures", f"key load engine {e} at {at:#x} cfg {cfg:#x}: "
                        f"STATUS {st:#x} (expected code {expect}), trap {trap}", self.log)
        if bytes(tb.mem) != before:
            self.c.fail("lost_or_corrupted_bytes", f"key load engine {e} wrote memory",
                        self.log)
        if code == 0:
            self.keyed[e] = (cfg, key)
            if regs_before is not None:
                await self.key_readback(e, key, regs_before)
        elif code not in (RANGE, ALIGN):
            self.keyed[e] = UNKNOWN

    async def windows(self, e: int) -> dict[tuple[str, int], int]:
        """Every offset of the dma window (0..0x3C) and of engine e's unit window below DOUT."""
        seen = {("dma", o): await self.tb.dr_off(o) for o in range(0, 0x40, 4)}
        seen.update({("unit", o): await self.tb.ur(e, o) for o in range(0, OFF["DOUT"], 4)})
        return seen

    async def key_readback(self, e: int, key: bytes, before: dict) -> None:
        """After a DMA key load no CPU-readable register shows a word of the key. A register that
        read the same value before the load did not get it from this key: PRESENT-80's last key
        word holds two key bytes and two zero bytes, so it can equal a small register value
        (LAST_BYTES reads 8 after one PRESENT block); such matches are counted, not failed
        (dmafault.md, "Design choices")."""
        kw = {w for w in words(key.ljust(-(-len(key) // 4) * 4, b"\0")) if w}
        self.readbacks += 1
        for (win, o), v in (await self.windows(e)).items():
            if v not in kw:
                continue
            if before[win, o] == v:
                self.unchanged_matches += 1
                continue
            self.c.fail("key_leaks", f"engine {e}: key word {v:#x} read at {win} offset {o:#x} "
                        f"after a DMA key load (key {key.hex()}, was {before[win, o]:#x})",
                        self.log)

    # ---- one job
    def job_cfg(self, eng: Engine) -> int:
        """A configuration matching the loaded key's size (any, when there is no key)."""
        cur = self.keyed[eng.num]
        for _ in range(50):
            cfg, klen = eng.rand_cfg(self.rng)
            if not isinstance(cur, tuple) or klen == len(cur[1]):
                return cfg
        return cur[0]

    async def job(self) -> None:
        tb, rng = self.tb, self.rng
        e = rng.randint(1, 5) if rng.random() < 0.95 else rng.choice((0, 6, 7, 15))
        eng = ENGINES.get(e)
        if eng and eng.has_key and (self.keyed[e] is UNKNOWN or rng.random() < 0.1 or
                                    (self.keyed[e] is None and rng.random() < 0.8)):
            cfg, klen = eng.rand_cfg(rng)
            await self.keyload(eng, cfg, rng.randbytes(klen),
                               None if rng.random() < 0.3 else DMEM_BASE + 0xFFC0)
            if self.keyed[e] is UNKNOWN:
                return
        cfg = self.job_cfg(eng) if eng else rng.getrandbits(8)
        bad_cfg = eng is not None and rng.random() < 0.05
        if bad_cfg:
            cfg = BAD_CFG[e]
        n = self.length(e)
        src = self.addr(min(n, DMEM_BYTES))
        olen = 0
        if e == 5 and bad_cfg:
            olen = rng.randint(1, 64)
        elif e == 5:
            olen = ENGINES[5].out_len(cfg, n)
            if rng.random() < 0.3:
                olen = rng.randint(1, olen)
        elif rng.random() < 0.2:
            olen = rng.randint(1, max(1, n))
        r = rng.random()
        if r < 0.08:
            dst = src                                            # in place
        elif r < 0.16 and n > PB:
            dst = src + rng.randrange(1, n) // PB * PB or src + PB   # overlapping
        else:
            dst = self.addr(min(olen or n, DMEM_BYTES))
        expect = predict(e, cfg, src, dst, n, olen)
        if expect == 0 and (bad_cfg or (eng.has_key and self.keyed[e] is None)):
            expect = ENGINE
        # a job that runs: the reference and what memory must look like afterwards
        iv = rng.randbytes(16)
        if eng and eng.has_iv:
            for i, w in enumerate(words(iv[:eng.iv_len])):
                await tb.uw(e, OFF["IV"] + 4 * i, w)
            await tb.uw(e, OFF["CTRL"], 4)
        before = bytes(tb.mem)
        exp_out = b""
        if expect == 0:
            msg = before[src - DMEM_BASE:src - DMEM_BASE + n]
            key = self.keyed[e][1] if eng.has_key else b""
            ref = eng.ref(cfg, key, iv, msg)
            exp_out = ref[:olen] if olen else ref
        abort_at = rng.randint(0, 60) if expect == 0 and n >= 64 and rng.random() < 0.08 \
            else None
        # ADV_DMA_ZEROIZE=1: the unit's ZEROIZE instead of the DMA's ABORT (dmafault.md,
        # "Design choices")
        by_unit = abort_at is not None and DMA_ZEROIZE and rng.random() < 0.5
        self.jobs += 1
        limit = DMA_LIMIT + DMA_PER_BYTE * min(n, DMEM_BYTES)
        via_cpi = rng.random() < 0.5 and abort_at is None
        if via_cpi:
            await tb.dcpi(0, 0b011, e, cfg)
            await tb.dcpi(1, 0b011, src, dst)
            try:
                rd, trap, _ = await tb.dcpi(2, 0b111, n, olen, limit=limit)
            except Hang as h:
                raise Hang(f"{h} (DRUNW): engine {e} cfg {cfg:#x} src {src:#x} dst {dst:#x} "
                           f"len {n:#x} outlen {olen:#x} key {self.keyed[e]}, expected code "
                           f"{expect}") from None
            st = await tb.dr("STATUS")
        else:
            for reg, v in (("ENGINE", e), ("ECFG", cfg), ("SRC", src), ("DST", dst), ("LEN", n),
                           ("OUTLEN", olen)):
                await tb.dw(reg, v)
            await tb.dw("CTRL", 1)
            if abort_at is not None:
                await tb.ticks(abort_at)
                if by_unit:
                    await tb.uw(e, OFF["CTRL"], 8)
                else:
                    await tb.dw("CTRL", 4)
                self.aborts += 1
            try:
                st, _ = await tb.dma_wait(limit)
            except Hang as h:
                raise Hang(f"{h}: engine {e} cfg {cfg:#x} src {src:#x} dst {dst:#x} len {n:#x} "
                           f"outlen {olen:#x} key {self.keyed[e]}, expected code "
                           f"{expect}") from None
            trap = None
        code = (st >> 8) & 0xF if st & 4 else 0
        after = bytes(tb.mem)
        ok_codes = {expect} | ({ABORTED} if abort_at is not None else set())
        if code not in ok_codes or (trap is not None and trap != bool(code)) or \
                (code == 0 and not st & 2):
            self.c.fail("other_failures", f"job engine {e} cfg {cfg:#x} src {src:#x} dst "
                        f"{dst:#x} len {n:#x} outlen {olen:#x}: STATUS {st:#x} (expected "
                        f"code {expect}), trap {trap}", self.log)
        if code:
            self.failed_jobs += 1
            # a job the engine refused or that was aborted may have zeroized the unit
            if code in (ENGINE, ABORTED) and eng is not None and eng.has_key:
                self.keyed[e] = UNKNOWN
        if by_unit and eng.has_key:
            # the unit's ZEROIZE wipes the key whatever the job's outcome, also when the job
            # had ended before it (else the next job is predicted to run and the engine
            # refuses it; dmafault.md, "Design choices")
            self.keyed[e] = None
        lo = dst - DMEM_BASE
        want = bytearray(before)
        if code == 0:
            want[lo:lo + len(exp_out)] = exp_out
        elif code == ABORTED and expect == 0:
            # written bytes must be right, and inside DST
            for i in range(lo, min(lo + len(exp_out), DMEM_BYTES)):
                if after[i] == exp_out[i - lo]:
                    want[i] = after[i]
        bad = sum(a != b for a, b in zip(after, want)) if after != bytes(want) else 0
        if bad:
            self.c.fail("lost_or_corrupted_bytes", f"job engine {e} cfg {cfg:#x} src {src:#x} "
                        f"dst {dst:#x} len {n:#x} outlen {olen:#x} code {code}: {bad} bytes "
                        f"wrong", self.log)
            self.c.lost_or_corrupted_bytes += bad - 1
            tb.mem[:] = want                       # continue from the expected state

    async def unit_zeroize(self) -> None:
        """ZEROIZE a random unit while the DMA is idle: its next job must be refused (ENGINE)."""
        e = self.rng.randint(1, 5)
        await self.tb.uw(e, OFF["CTRL"], 8)
        await self.tb.idle(e)
        if ENGINES[e].has_key:
            self.keyed[e] = None


@cocotb.test()
async def dmafault(dut) -> None:
    tb, rng, c = await open_campaign(dut, "dmafault", "mmio-dma+cpi-dma", 104729)
    cp = Campaign(tb, c, rng, dut._log)
    progress = PROGRESS_OPS
    while tb.ops < ADV_OPS:
        if tb.ops >= progress:
            progress += PROGRESS_OPS
            c.operations = tb.ops
            c.dump(cp.figures(), partial=True)
        try:
            if rng.random() < 0.03:
                await cp.unit_zeroize()
            await cp.job()
        except Hang as h:
            c.fail("hangs", str(h), dut._log)
            await tb.reset()
            cp.keyed = dict.fromkeys(ENGINES, UNKNOWN)
    c.operations = tb.ops
    c.dump(cp.figures())
    dut._log.info("dmafault DMA_BITS=%d: %d operations, %d jobs (%d failed as expected or "
                  "not), %d aborts, %d key loads: %s", PB * 8, tb.ops, cp.jobs, cp.failed_jobs,
                  cp.aborts, cp.keyloads, c)
