# SPDX-License-Identifier: Apache-2.0
"""cocotb bench for present_top: known answers, random differential, stalls, timing, errors.

The reference is engines/present/model/present_model.py, itself checked against VECTORS.md by
test_present_model.py. Whether 128-bit keys are built in and the rounds per cycle come from
the PRESENT_KEY128 and PRESENT_RPC environment variables (set by test_present.py together with
the KEY128 and RPC parameters).
"""
from __future__ import annotations

import os
import random

import cocotb
from cocotb.triggers import ReadOnly

from engines.common.block_bench import BlockBench

from engines.present.model import present_model as model
from tools import consts as C

KEY128 = int(os.environ.get("PRESENT_KEY128", "1"))
RPC = int(os.environ.get("PRESENT_RPC", "1"))
SIZES = (80, 128) if KEY128 else (80,)
# Cycle counts as this bench measures them: from the cycle in which a transfer (or key_valid_i)
# happens to the first cycle in which out_valid_o (key_ready_o) is high. 31 rounds, then the
# result is visible; the next block is accepted in the cycle its predecessor is read out. With
# RPC = 2, 15 double steps and one single step.
STEPS = 31 if RPC == 1 else 16
LATENCY = STEPS + 1
# The key set-up writes K1..K32 into the round-key store, one word per cycle, either RPC.
WORDS = 32
KEY_LATENCY = 1 + WORDS
WIPE = WORDS  # the store wipe after reset / zeroize: one word per cycle
ERR_NONE = 0
ERR_CFG, ERR_BUSY, ERR_NOKEY = (C.CONSTANTS[f"CV_PRESENT_STATUS_ERR_CODE_{n}"]
                               for n in ("CFG", "BUSY", "NOKEY"))
M64 = (1 << 64) - 1

VECTORS = [  # (key bits, key, plaintext, ciphertext), VECTORS.md / the PRESENT paper
    (80, 0x00000000000000000000, 0x0000000000000000, 0x5579C1387B228445),
    (80, 0xFFFFFFFFFFFFFFFFFFFF, 0x0000000000000000, 0xE72C46C0F5945049),
    (80, 0x00000000000000000000, 0xFFFFFFFFFFFFFFFF, 0xA112FFC72F68417B),
    (80, 0xFFFFFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0x3333DCD3213210D2),
    (128, 0x00000000000000000000000000000000, 0x0000000000000000, 0x96DB702A2E6900AF),
    (128, 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF, 0x0000000000000000, 0x13238C710272A5D8),
    (128, 0x00000000000000000000000000000000, 0xFFFFFFFFFFFFFFFF, 0x3C6019E5E5EDD563),
    (128, 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0x628D9FBD4218E5B4),
]


def cfg(dec: bool, bits: int) -> int:
    """cfg_i: CFG with DEC and KSZ (engines/present/regs.toml), MODE ECB."""
    return C.put("present", "CFG", DEC=int(dec), MODE=C.CV_PRESENT_CFG_MODE_ECB,
                 KSZ=C.CV_PRESENT_CFG_KSZ_128 if bits == 128 else C.CV_PRESENT_CFG_KSZ_80)


Bench = BlockBench


def rand_key(rng: random.Random, bits: int) -> int:
    return rng.getrandbits(bits)


def bus(key: int, bits: int) -> int:
    return model.key_to_bus(key, bits)


async def load(tb: Bench, key: int, bits: int) -> int:
    """Load a key of the given size (cfg_i names it with the key, as the unit sends it)."""
    return await tb.load_key(bus(key, bits), cfg(False, bits))


def expect(blocks: list[int], key: int, bits: int, dec: bool) -> list[int]:
    fn = model.decrypt if dec else model.encrypt
    return [fn(b, key, bits) for b in blocks]


@cocotb.test()
async def test_vectors(dut):
    """Every VECTORS.md row (both key sizes when built), encrypt and decrypt, one block each."""
    tb = Bench(dut)
    await tb.init()
    for bits, key, pt, ct in VECTORS:
        if bits not in SIZES:
            continue
        assert model.encrypt(pt, key, bits) == ct
        lat = await load(tb, key, bits)
        assert lat == KEY_LATENCY, f"key latency {lat}"
        for dec, src, dst in ((False, pt, ct), (True, ct, pt)):
            await tb.start(cfg(dec, bits))
            outs, lasts, acc, prod, _ = await tb.stream([src])
            assert outs == [dst], f"{bits} dec={dec}: got {outs[0]:016x}, want {dst:016x}"
            assert lasts == [1]
            assert prod[0] - acc[0] == LATENCY, f"latency {prod[0] - acc[0]}"
            await ReadOnly()
            assert tb.sig("busy_o") == 0 and tb.sig("err_o") == 0
            await tb.tick()


@cocotb.test()
async def test_random_stream(dut):
    """Random keys and messages, both sizes and directions, random valid/ready stalls."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(0x5EED)
    total = 0
    for trial in range(3):
        for bits in SIZES:
            key = rand_key(rng, bits)
            await load(tb, key, bits)
            for dec in (False, True):
                n = rng.randint(1, 12)
                blocks = [rng.getrandbits(64) for _ in range(n)]
                p_in, p_out = rng.choice([(1.0, 1.0), (0.5, 0.5), (0.2, 0.9), (0.9, 0.2)])
                await tb.start(cfg(dec, bits))
                outs, lasts, _, _, _ = await tb.stream(blocks, p_in, p_out, rng)
                assert outs == expect(blocks, key, bits, dec), f"{trial} {bits} {dec} mismatch"
                assert lasts == [0] * (n - 1) + [1]
                total += n
                await ReadOnly()
                assert tb.sig("busy_o") == 0
                await tb.tick()
    # Back-to-back messages with one key and alternating directions (each block reads the
    # round-key store from its first or last word).
    key = rand_key(rng, SIZES[-1])
    await load(tb, key, SIZES[-1])
    for i in range(4):
        dec = bool(i & 1)
        blocks = [rng.getrandbits(64) for _ in range(3)]
        await tb.start(cfg(dec, SIZES[-1]))
        outs, _, _, _, _ = await tb.stream(blocks, 0.8, 0.8, rng)
        assert outs == expect(blocks, key, SIZES[-1], dec)
        total += 3
    dut._log.info("random differential: %d blocks matched the model", total)


@cocotb.test()
async def test_constant_time(dut):
    """Key set-up, block latency and block spacing do not depend on key or data values."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(7)
    seen = set()
    for bits in SIZES:
        keys = [0, (1 << bits) - 1, rand_key(rng, bits)]
        datas = [[0] * 4, [M64] * 4, [rng.getrandbits(64) for _ in range(4)]]
        for key in keys:
            klat = await load(tb, key, bits)
            for dec in (False, True):
                for blocks in datas:
                    await tb.start(cfg(dec, bits))
                    outs, _, acc, prod, cycles = await tb.stream(blocks)
                    assert outs == expect(blocks, key, bits, dec)
                    lat = tuple(p - a for a, p in zip(acc, prod))
                    gaps = tuple(b - a for a, b in zip(acc, acc[1:]))
                    seen.add((klat, lat, gaps, cycles))
                    await tb.tick()
    assert len(seen) == 1, f"timing depends on key/data/size/direction: {seen}"
    klat, lat, gaps, cycles = seen.pop()
    dut._log.info("key set-up %d cycles, latency %d, %s cycles per block, 4 blocks in %d",
                  klat, lat[0], set(gaps), cycles)
    assert klat == KEY_LATENCY and set(lat) == {LATENCY} and set(gaps) == {LATENCY}


async def check_idle_and_cleared(tb: Bench) -> None:
    await tb.assert_idle("out_data_o")  # state and key registers cleared
    await tb.assert_start_refused(cfg(False, 80), ERR_NOKEY, LATENCY + 4)  # no key


async def run_ok(tb: Bench, rng: random.Random, n: int = 3) -> None:
    for bits in SIZES:
        key = rand_key(rng, bits)
        await load(tb, key, bits)
        for dec in (False, True):
            blocks = [rng.getrandbits(64) for _ in range(n)]
            await tb.start(cfg(dec, bits))
            outs, lasts, _, _, _ = await tb.stream(blocks, 0.7, 0.7, rng)
            assert outs == expect(blocks, key, bits, dec) and lasts[-1] == 1
            await ReadOnly()
            assert tb.sig("err_o") == 0
            await tb.tick()


@cocotb.test()
async def test_zeroize_and_reset_midway(dut):
    """Zeroize/reset mid-block and mid key set-up: idle, key gone, then a correct run."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(11)
    for how in ("zeroize", "reset"):
        bits = SIZES[-1]
        await load(tb, rand_key(rng, bits), bits)
        await tb.start(cfg(True, bits))
        blocks = [rng.getrandbits(64) for _ in range(5)]
        await tb.stream(blocks, 1.0, 0.0, rng, abort_after=1)
        await tb.tick(10)  # in the middle of the rounds
        await tb.clear(how)
        await check_idle_and_cleared(tb)
        await run_ok(tb, rng)
        # In the middle of the key set-up.
        await tb.pulse(key_i=bus(rand_key(rng, bits), bits), key_valid_i=1,
                       cfg_i=cfg(False, bits))
        await tb.tick(KEY_LATENCY // 2)
        await tb.clear(how)
        await check_idle_and_cleared(tb)
        await run_ok(tb, rng)


def store(tb: Bench) -> list[int]:
    """The round-key store's words (K1..K32 after a set-up)."""
    return [int(tb.dut.rk_mem[i].value) for i in range(WORDS)]


@cocotb.test()
async def test_store_and_wipe(dut):
    """The set-up writes every round key into the store; a zeroize (or reset) wipes all of it
    in WIPE cycles, during which a start finds no key; a key load during the wipe ends it and
    its set-up takes the usual time and gives correct blocks."""
    tb = Bench(dut)
    await tb.init()
    await tb.tick(WIPE)
    await ReadOnly()
    assert store(tb) == [0] * WORDS, "store not wiped after reset"
    await tb.tick()
    rng = random.Random(17)
    for how in ("zeroize", "reset"):
        for bits in SIZES:
            key = rand_key(rng, bits)
            await load(tb, key, bits)
            await ReadOnly()
            assert store(tb) == model.round_keys(key, bits), "store is not K1..K32"
            await tb.tick()
            await tb.clear(how)
            await ReadOnly()
            assert tb.sig("busy_o") == 0 and tb.sig("key_ready_o") == 0
            await tb.tick()
            await tb.start(cfg(False, bits))  # during the wipe: no key
            await ReadOnly()
            assert tb.sig("err_o") == 1 and tb.sig("err_code_o") == ERR_NOKEY
            await tb.tick(WIPE)
            await ReadOnly()
            assert store(tb) == [0] * WORDS, f"store not wiped after {how}"
            await tb.tick()
        # a key load a few cycles into the wipe ends it; the set-up overwrites every word
        await tb.clear("zeroize")
        await tb.tick(5)
        key = rand_key(rng, SIZES[-1])
        assert await load(tb, key, SIZES[-1]) == KEY_LATENCY
        for dec in (False, True):
            blocks = [rng.getrandbits(64) for _ in range(3)]
            await tb.start(cfg(dec, SIZES[-1]))
            outs, _, _, _, _ = await tb.stream(blocks)
            assert outs == expect(blocks, key, SIZES[-1], dec)
            await tb.tick()


@cocotb.test()
async def test_bad_config(dut):
    """Reserved cfg bits / unsupported key size: ERR_CFG, no message, nothing produced."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(3)
    key = rand_key(rng, 80)
    await load(tb, key, 80)
    bad = [0x4, 0x5, 0x6, 0x8, 0x9, 0xF] + ([] if KEY128 else [0x2, 0x3])
    for c in bad:
        await tb.assert_start_refused(c, ERR_CFG, LATENCY + 3)
    await tb.start(cfg(False, 80))
    await ReadOnly()
    assert tb.sig("err_o") == 0 and tb.sig("err_code_o") == ERR_NONE and tb.sig("busy_o") == 1
    await tb.tick()
    outs, _, _, _, _ = await tb.stream([5, 6])
    assert outs == expect([5, 6], key, 80, False)
    if KEY128:
        # A message must use the loaded key's size (K32 is computed for that size only).
        for bits, other in ((80, 128), (128, 80)):
            key = rand_key(rng, bits)
            await load(tb, key, bits)
            for dec in (False, True):
                await tb.start(cfg(dec, other))
                await ReadOnly()
                assert tb.sig("err_o") == 1 and tb.sig("err_code_o") == ERR_NOKEY
                assert tb.sig("busy_o") == 0
                await tb.tick()
            await tb.start(cfg(True, bits))
            outs, _, _, _, _ = await tb.stream([7, 8])
            assert outs == expect([7, 8], key, bits, True)


@cocotb.test()
async def test_busy_errors(dut):
    """start_i/key_valid_i during a message are refused; start before key_ready_o is refused."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(5)
    key, other = rand_key(rng, 80), rand_key(rng, 80)
    # start while the key set-up still runs
    await tb.pulse(key_i=bus(key, 80), key_valid_i=1, cfg_i=cfg(False, 80))
    await tb.tick(3)
    await tb.start(cfg(False, 80))
    await ReadOnly()
    assert tb.sig("err_o") == 1 and tb.sig("err_code_o") == ERR_NOKEY and tb.sig("busy_o") == 0
    await tb.tick(KEY_LATENCY)
    await ReadOnly()
    assert tb.sig("key_ready_o") == 1
    await tb.tick()
    await tb.start(cfg(True, 80))
    blocks = [rng.getrandbits(64) for _ in range(3)]
    await tb.stream(blocks, 1.0, 0.0, rng, abort_after=1)
    await tb.pulse(start_i=1, cfg_i=cfg(False, 80))
    await ReadOnly()
    assert tb.sig("err_o") == 1 and tb.sig("err_code_o") == ERR_BUSY and tb.sig("busy_o") == 1
    await tb.tick()
    await tb.pulse(key_i=bus(other, 80), key_valid_i=1, cfg_i=cfg(False, 80))
    await ReadOnly()
    assert tb.sig("err_o") == 1 and tb.sig("err_code_o") == ERR_BUSY
    assert tb.sig("key_ready_o") == 1
    await tb.tick()
    outs, lasts, _, _, _ = await tb.stream(blocks[1:], 1.0, 0.6, rng, pending=1)
    assert outs == expect(blocks, key, 80, True), "message corrupted"
    assert lasts == [0, 0, 1]
    await tb.tick()
    # The refused key was not loaded.
    await tb.start(cfg(False, 80))
    await ReadOnly()
    assert tb.sig("err_o") == 0
    await tb.tick()
    outs, _, _, _, _ = await tb.stream([1, 2])
    assert outs == expect([1, 2], key, 80, False)
