# SPDX-License-Identifier: Apache-2.0
"""Constant-time campaign (cocotb, adversarial/tests/adv_top.v): for every engine, every
configuration of a list and every coupling (mmio, cpi, DMA), messages of a fixed length with
random, all-zero and all-one keys and data must show identical timing.

Timing signature of one sample (cycle-exact, from the bench's per-cycle sampling):
- key setup: mmio = cycles from CTRL.KEYLOAD to key_ready (unit idle); cpi = KLOADW's cycles
  from acceptance to answer; DMA = DKEYW's cycles;
- message: every change of the unit's BUSY, the engine's out_valid and key_ready, with its cycle
  offset from the message's first command, plus the total cycles (mmio: START .. last DOUT
  read; cpi: the cycles of every instruction, RESULT's waits included; DMA: DRUNW's cycles and
  the trace).
Every sample's signature must equal the first one of its (engine, configuration, length,
coupling); each one that differs is a timing variation. Outputs are checked against the
references too. Size: ADV_OPS (rounds over the whole list until the count is reached).
"""
from __future__ import annotations

import random

import cocotb

from adversarial.tests.adv_tb import (ADV_OPS, AdvBench, Aes, ENGINES, Engine, Hang, diff_bytes,
                                      open_campaign)
from coupling.tests.cpl_dma_tb import DMEM_BASE, PB
from coupling.tests.cpl_engine_tb import OFF, words
from engines.sha3.model import sha3_model
from tools import consts as C

SRC, DST, KEYAT = 0x1000, 0x4000, 0xF000


def configs() -> list[tuple[int, int, int, int]]:
    """(engine, cfg, key bytes, message bytes)."""
    out = []
    e = C.ENGINES
    for ksz, klen in ((C.CV_AES_CFG_KSZ_128, 16), (C.CV_AES_CFG_KSZ_192, 24),
                      (C.CV_AES_CFG_KSZ_256, 32)):
        for mode, dec in Aes.MODES:
            out.append((e["AES"], C.put("aes", "CFG", KSZ=ksz, MODE=mode, DEC=dec), klen, 48))
    # ECB both ways, CTR
    blk = [dict(DEC=0), dict(DEC=1), dict(MODE=C.CV_PRINCE_CFG_MODE_CTR)]
    out += [(e["PRINCE"], C.put("prince", "CFG", **m), 16, 24) for m in blk]
    out += [(e["PRESENT"], C.put("present", "CFG", KSZ=ksz, **m), klen, 24)
            for ksz, klen in ((C.CV_PRESENT_CFG_KSZ_80, 10), (C.CV_PRESENT_CFG_KSZ_128, 16))
            for m in blk]
    out += [(e["CHACHA"], C.put("chacha", "CFG", ROUNDS=r, K128=k, RFC=rfc, XOR=1),
             16 if k else 32, 128)
            for r in (C.CV_CHACHA_CFG_ROUNDS_8, C.CV_CHACHA_CFG_ROUNDS_12,
                      C.CV_CHACHA_CFG_ROUNDS_20) for k in (0, 1) for rfc in (0, 1)]
    for name in sha3_model.MODES:
        for n in (0, 7, 8, 137):
            out.append((e["SHA3"], sha3_model.cfg_word(name, 40), 0, n))
    return out


class CtBench(AdvBench):
    """Records every change of (busy, out_valid, key_ready) of engine `watch`, per cycle."""

    def __init__(self, dut) -> None:
        super().__init__(dut)
        self.watch = 0
        self.t0 = 0
        self.trace: list[tuple[int, int]] = []
        self.last = -1

    def mark(self, e: int) -> None:
        self.watch, self.t0, self.trace, self.last = e, self.cycle, [], -1
        # the CPU's use of dmem port A (which the DMA's write queue waits for) follows the same
        # random pattern from every message's start: samples differ only in keys and data
        self.a_rng = random.Random(7)

    def sample(self) -> None:
        super().sample()
        if self.watch:
            d, b = self.dut, self.watch - 1
            v = ((int(d.busy_o.value) >> b) & 1) | (((int(d.out_valid_o.value) >> b) & 1) << 1) \
                | (((int(d.key_ready_o.value) >> b) & 1) << 2)
            if v != self.last:
                self.trace.append((self.cycle - self.t0, v))
                self.last = v


def sample_data(rng: random.Random, k: int, n: int, i: int) -> tuple[bytes, bytes, bytes]:
    """(key, iv, message): sample 1 all-zero, sample 2 all-one, the others random."""
    if i == 1:
        return bytes(k), bytes(16), bytes(n)
    if i == 2:
        return b"\xff" * k, b"\xff" * 16, b"\xff" * n
    return rng.randbytes(k), rng.randbytes(16), rng.randbytes(n)


async def run_sample(tb: CtBench, eng: Engine, cfg: int, key: bytes, iv: bytes, msg: bytes,
                     coupling: str) -> tuple[tuple, bytes]:
    """One message over one coupling from a zeroized unit: (signature, output)."""
    e = eng.num
    await tb.uw(e, OFF["CTRL"], 8)
    await tb.idle(e)
    tb.watch = 0
    if coupling == "mmio":
        kc = await tb.mmio_key(eng, cfg, key) if eng.has_key else 0
        tb.mark(e)
        out = await tb.mmio_message(eng, cfg, iv, msg)
        sig = (kc, tb.cycle - tb.t0)
    elif coupling == "cpi":
        kc = await tb.cpi_key(eng, cfg, key) if eng.has_key else 0
        tb.mark(e)
        out, cyc = await tb.cpi_message(eng, cfg, iv, msg)
        sig = (kc, tuple(cyc))
    else:
        kc = 0
        if eng.has_key:
            tb.mem[KEYAT:KEYAT + 32] = key.ljust(32, b"\0")
            await tb.dcpi(0, 0b011, e, eng.key_cfg(cfg))
            rd, err, kc = await tb.dcpi(3, 0b111, DMEM_BASE + KEYAT, eng.key_cfg(cfg))
            if err:
                raise AssertionError(f"DKEYW engine {e} cfg {cfg:#x}: {rd:#x}")
        if eng.has_iv:
            for i, w in enumerate(words(iv[:eng.iv_len])):
                await tb.uw(e, OFF["IV"] + 4 * i, w)
            await tb.uw(e, OFF["CTRL"], 4)
        n = len(msg)
        olen = eng.out_len(cfg, n) if e == 5 else 0
        tb.mem[SRC:SRC + n] = msg
        await tb.dcpi(0, 0b011, e, cfg)
        await tb.dcpi(1, 0b011, DMEM_BASE + SRC, DMEM_BASE + DST)
        tb.mark(e)
        rd, err, dc = await tb.dcpi(2, 0b111, n, olen, limit=20000)
        if err:
            raise AssertionError(f"DRUNW engine {e} cfg {cfg:#x}: {rd:#x}")
        out = bytes(tb.mem[DST:DST + (olen or n)])
        sig = (kc, dc)
    tb.watch = 0
    return sig + (tuple(tb.trace),), out


@cocotb.test()
async def consttime(dut) -> None:
    tb, rng, c = await open_campaign(dut, "consttime", "mmio+cpi+dma", 15485863, CtBench)
    ref: dict[tuple, tuple] = {}
    figures: dict[str, int] = {}
    samples = rounds = 0
    cfgs = configs()
    while tb.ops < ADV_OPS or rounds < 3:
        for e, cfg, klen, n in cfgs:
            eng = ENGINES[e]
            key, iv, msg = sample_data(rng, klen, n, rounds)
            for coupling in ("mmio", "cpi", "dma"):
                try:
                    sig, out = await run_sample(tb, eng, cfg, key, iv, msg, coupling)
                except Hang as h:
                    c.fail("hangs", f"engine {e} cfg {cfg:#x} {coupling}: {h}", dut._log)
                    await tb.reset()
                    continue
                samples += 1
                exp = eng.ref(cfg, key, iv, msg)
                d = diff_bytes(out, exp)
                if d:
                    c.fail("lost_or_corrupted_bytes", f"engine {e} cfg {cfg:#x} len {n} "
                           f"{coupling}: {d} bytes differ", dut._log)
                    c.lost_or_corrupted_bytes += d - 1
                k = (e, cfg, n, coupling)
                if k not in ref:
                    ref[k] = sig
                    figures[f"{eng.name}_{cfg:#x}_{n}B_{coupling}_key"] = sig[0]
                    figures[f"{eng.name}_{cfg:#x}_{n}B_{coupling}_msg"] = \
                        sig[1] if isinstance(sig[1], int) else sum(sig[1])
                elif sig != ref[k]:
                    c.fail("timing_variations", f"engine {e} cfg {cfg:#x} len {n} {coupling} "
                           f"sample {rounds}: {sig[:2]} vs {ref[k][:2]}", dut._log)
        rounds += 1
        c.operations = tb.ops
        c.dump({"samples": samples, "rounds": rounds, "cases": len(ref)}, partial=True)
    # the measurement is not blind: one block more must change every coupling's signature
    eng = ENGINES[1]
    key, iv = rng.randbytes(16), rng.randbytes(16)
    for coupling in ("mmio", "cpi", "dma"):
        sigs = [(await run_sample(tb, eng, 0, key, iv, bytes(n), coupling))[0] for n in (32, 48)]
        if sigs[0] == sigs[1]:
            c.fail("other_failures", f"{coupling}: 32 and 48 bytes give the same signature",
                   dut._log)
    c.operations = tb.ops
    c.dump({"samples": samples, "rounds": rounds, "cases": len(ref), "figures": figures})
    dut._log.info("consttime DMA_BITS=%d: %d operations, %d samples of %d cases, %d rounds: "
                  "%s", PB * 8, tb.ops, samples, len(ref), rounds, c)
