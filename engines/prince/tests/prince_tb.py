# SPDX-License-Identifier: Apache-2.0
"""cocotb bench for prince_top: known answers, random differential, stalls, timing, errors.

The reference is engines/prince/model/prince_model.py, itself checked against VECTORS.md by
test_prince_model.py. The datapath comes from the PRINCE_FOLDED and PRINCE_STAGES environment
variables (set by test_prince.py together with the FOLDED and STAGES parameters).
"""
from __future__ import annotations

import os
import random

import cocotb
from cocotb.triggers import ReadOnly

from engines.common.block_bench import BlockBench

from engines.prince.model import prince_model as model
from tools import consts as C

FOLDED = int(os.environ.get("PRINCE_FOLDED", "1"))
STAGES = int(os.environ.get("PRINCE_STAGES", "3"))
# Cycles from the cycle of an input transfer to the first cycle with out_valid_o, cycles between
# accepted blocks, and how many blocks fit inside while the output is not read.
LATENCY = 6 if FOLDED else STAGES
GAP = 3 if FOLDED else 1
CAPACITY = 2 if FOLDED else STAGES
CFG_ENC, CFG_DEC = (C.put("prince", "CFG", DEC=d) for d in (0, 1))
ERR_NONE = 0
ERR_CFG, ERR_BUSY, ERR_NOKEY = (C.CONSTANTS[f"CV_PRINCE_STATUS_ERR_CODE_{n}"]
                               for n in ("CFG", "BUSY", "NOKEY"))
M64 = (1 << 64) - 1

VECTORS = [  # (plaintext, k0, k1, ciphertext), VECTORS.md / the PRINCE paper, Appendix A
    (0x0000000000000000, 0x0000000000000000, 0x0000000000000000, 0x818665AA0D02DFDA),
    (0xFFFFFFFFFFFFFFFF, 0x0000000000000000, 0x0000000000000000, 0x604AE6CA03C20ADA),
    (0x0000000000000000, 0xFFFFFFFFFFFFFFFF, 0x0000000000000000, 0x9FB51935FC3DF524),
    (0x0000000000000000, 0x0000000000000000, 0xFFFFFFFFFFFFFFFF, 0x78A54CBE737BB7EF),
    (0x0123456789ABCDEF, 0x0000000000000000, 0xFEDCBA9876543210, 0xAE25AD3CA8FA9CCF),
]


class Bench(BlockBench):
    """The shared driver; PRINCE keys are ready after one cycle."""

    def __init__(self, dut) -> None:
        super().__init__(dut, key_timeout=200)


def rand_key(rng: random.Random) -> int:
    return rng.getrandbits(128)


def expect(blocks: list[int], key: int, dec: bool) -> list[int]:
    fn = model.decrypt if dec else model.encrypt
    return [fn(b, key) for b in blocks]


@cocotb.test()
async def test_vectors(dut):
    """Every VECTORS.md row, encrypt and decrypt, one block per message; latency = STAGES."""
    tb = Bench(dut)
    await tb.init()
    for pt, k0, k1, ct in VECTORS:
        key = (k0 << 64) | k1
        assert model.encrypt(pt, key) == ct
        await tb.load_key(key)
        for cfg, src, dst in ((CFG_ENC, pt, ct), (CFG_DEC, ct, pt)):
            await tb.start(cfg)
            outs, lasts, acc, prod, _ = await tb.stream([src])
            assert outs == [dst], f"cfg {cfg}: got {outs[0]:016x}, want {dst:016x}"
            assert lasts == [1]
            assert prod[0] - acc[0] == LATENCY, f"latency {prod[0] - acc[0]} != {LATENCY}"
            await ReadOnly()
            assert tb.sig("busy_o") == 0 and tb.sig("err_o") == 0
            await tb.tick()


@cocotb.test()
async def test_random_stream(dut):
    """Random keys and messages, both directions, random valid/ready stalls, vs the model."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(0x5EED)
    total = 0
    for trial in range(8):
        key = rand_key(rng)
        await tb.load_key(key)
        for dec in (False, True):
            n = rng.randint(1, 40)
            blocks = [rng.getrandbits(64) for _ in range(n)]
            p_in, p_out = rng.choice([(1.0, 1.0), (0.5, 0.5), (0.3, 0.9), (0.9, 0.3)])
            await tb.start(CFG_DEC if dec else CFG_ENC)
            outs, lasts, acc, _, _ = await tb.stream(blocks, p_in, p_out, rng)
            assert outs == expect(blocks, key, dec), f"trial {trial} dec={dec} mismatch"
            assert lasts == [0] * (n - 1) + [1]
            total += n
            await ReadOnly()
            assert tb.sig("busy_o") == 0
            await tb.tick()
    dut._log.info("random differential: %d blocks matched the model", total)


@cocotb.test()
async def test_constant_time(dut):
    """Cycles per block and per message do not depend on key or data values."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(7)
    keys = [0, (1 << 128) - 1, rand_key(rng), rand_key(rng)]
    datas = [[0] * 16, [M64] * 16, [rng.getrandbits(64) for _ in range(16)]]
    seen = set()
    for key in keys:
        await tb.load_key(key)
        for dec in (False, True):
            for blocks in datas:
                await tb.start(CFG_DEC if dec else CFG_ENC)
                outs, _, acc, prod, cycles = await tb.stream(blocks)
                assert outs == expect(blocks, key, dec)
                lat = tuple(p - a for a, p in zip(acc, prod))
                gaps = tuple(b - a for a, b in zip(acc, acc[1:]))
                seen.add((lat, gaps, cycles))
                await tb.tick()
    assert len(seen) == 1, f"timing depends on key/data: {seen}"
    lat, gaps, cycles = seen.pop()
    dut._log.info("latency %d cycles, %s cycles between blocks, 16 blocks in %d cycles",
                  lat[0], set(gaps), cycles)
    assert set(lat) == {LATENCY} and set(gaps) == {GAP}


async def check_idle_and_cleared(tb: Bench) -> None:
    await tb.assert_idle()
    await tb.assert_start_refused(CFG_ENC, ERR_NOKEY, LATENCY + 4)  # no key


async def run_ok(tb: Bench, rng: random.Random, n: int = 8) -> None:
    key = rand_key(rng)
    await tb.load_key(key)
    for dec in (False, True):
        blocks = [rng.getrandbits(64) for _ in range(n)]
        await tb.start(CFG_DEC if dec else CFG_ENC)
        outs, lasts, _, _, _ = await tb.stream(blocks, 0.7, 0.7, rng)
        assert outs == expect(blocks, key, dec) and lasts[-1] == 1
        await ReadOnly()
        assert tb.sig("err_o") == 0
        await tb.tick()


@cocotb.test()
async def test_zeroize_and_reset_midway(dut):
    """Zeroize, then reset, in the middle of a message: idle, key gone, then a correct run."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(11)
    for how in ("zeroize", "reset"):
        await tb.load_key(rand_key(rng))
        await tb.start(CFG_ENC)
        blocks = [rng.getrandbits(64) for _ in range(20)]
        # out_ready low: the pipeline fills and stalls with data inside.
        await tb.stream(blocks, 1.0, 0.0, rng, abort_after=CAPACITY)
        await tb.clear(how)
        await check_idle_and_cleared(tb)
        await run_ok(tb, rng)


@cocotb.test()
async def test_bad_config(dut):
    """Reserved cfg bits: err_o with ERR_CFG, no message, nothing produced; a good start clears."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(3)
    key = rand_key(rng)
    await tb.load_key(key)
    for cfg in (0x2, 0x4, 0x8, 0xF, 0x3):
        await tb.assert_start_refused(cfg, ERR_CFG, LATENCY + 3)
    await tb.start(CFG_ENC)
    await ReadOnly()
    assert tb.sig("err_o") == 0 and tb.sig("err_code_o") == ERR_NONE and tb.sig("busy_o") == 1
    await tb.tick()
    outs, _, _, _, _ = await tb.stream([5, 6])
    assert outs == expect([5, 6], key, False)


@cocotb.test()
async def test_busy_errors(dut):
    """start_i and key_valid_i during a message are refused and flagged; the message survives."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(5)
    key, other = rand_key(rng), rand_key(rng)
    await tb.load_key(key)
    await tb.start(CFG_ENC)
    blocks = [rng.getrandbits(64) for _ in range(6)]
    await tb.stream(blocks, 1.0, 0.0, rng, abort_after=1)
    await tb.pulse(start_i=1, cfg_i=CFG_DEC)
    await ReadOnly()
    assert tb.sig("err_o") == 1 and tb.sig("err_code_o") == ERR_BUSY and tb.sig("busy_o") == 1
    await tb.tick()
    await tb.pulse(key_i=other, key_valid_i=1)
    await ReadOnly()
    assert tb.sig("err_o") == 1 and tb.sig("err_code_o") == ERR_BUSY
    await tb.tick()
    # Finish the message: the block inside plus the rest, all with the original key.
    outs, lasts, _, _, _ = await tb.stream(blocks[1:], 1.0, 0.6, rng, pending=1)
    assert outs == expect(blocks, key, False), "message corrupted"
    assert lasts == [0] * 5 + [1]
    await tb.tick()
    # The refused key was not loaded.
    await tb.start(CFG_ENC)
    await ReadOnly()
    assert tb.sig("err_o") == 0
    await tb.tick()
    outs3, _, _, _, _ = await tb.stream([1, 2, 3])
    assert outs3 == expect([1, 2, 3], key, False)
