# SPDX-License-Identifier: Apache-2.0
"""cocotb bench of aes_top: CAVP vectors, random differential, constant time, stalls, errors.

Inputs are driven just after the falling edge and outputs sampled 1 ns later, so a sample shows
the values that decide the transfers on the next rising edge. The bench only touches the Python
side when something changes, to keep the per-cycle cost low (thousands of messages per run).

Environment: AES_ARCH (0/2, for the expected figures), AES_SBOX (0/1, the build's SBOX: which
internal stores to check after a wipe), AES_QUICK=1 (a subset, for Icarus),
AES_SEED, AES_PERF_JSON (where the measured cycle figures are written).
"""
from __future__ import annotations

import json
import os
import random
from pathlib import Path

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, Timer

from engines.aes.model import aes_model as m
from engines.aes.model import vectors as v

ARCH = int(os.environ.get("AES_ARCH", "0"))
SBOX = int(os.environ.get("AES_SBOX", "1"))
QUICK = os.environ.get("AES_QUICK", "0") == "1"
SEED = int(os.environ.get("AES_SEED", "2026"))
PERF_JSON = os.environ.get("AES_PERF_JSON", "")
NR = {0: 10, 1: 12, 2: 14}
KEY_LATENCY = {0: 11, 1: 13, 2: 15}        # key_valid edge to key_ready (cycles)
WIPE = 16                                  # cycles of the round-key store wipe


def block_latency(ksz: int) -> int:
    """Cycles from the accepting edge to out_valid: one per round (every architecture)."""
    return NR[ksz]


def to_int(b: bytes) -> int:
    return int.from_bytes(b, "big")


def to_bytes(x: int) -> bytes:
    return x.to_bytes(16, "big")


class Bench:
    def __init__(self, dut) -> None:
        self.dut = dut
        self.cycle = 0
        self.rng = random.Random(SEED)

    async def init(self) -> None:
        d = self.dut
        cocotb.start_soon(Clock(d.clk_i, 10, unit="ns").start())
        for name in ("zeroize_i", "cfg_i", "start_i", "key_i", "key_valid_i", "iv_i",
                     "iv_valid_i", "in_valid_i", "in_data_i", "in_last_i", "out_ready_i"):
            getattr(d, name).value = 0
        await self.reset()
        await self.wipe_end()

    async def wipe_end(self) -> int:
        """Wait for the round-key store wipe that follows reset / zeroize; returns the cycles
        busy_o stayed high from here."""
        n = 0
        await Timer(1, unit="ns")
        while int(self.dut.busy_o.value):
            await self.cycles(1)
            await Timer(1, unit="ns")
            n += 1
            assert n <= WIPE, "wipe longer than 16 cycles"
        return n

    async def reset(self) -> None:
        await FallingEdge(self.dut.clk_i)
        self.dut.rst_ni.value = 0
        await self.cycles(2)
        self.dut.rst_ni.value = 1
        await self.cycles(1)

    async def cycles(self, n: int) -> None:
        for _ in range(n):
            await FallingEdge(self.dut.clk_i)
            self.cycle += 1

    async def skip(self, k: int) -> None:
        """Jump k cycles ahead in one Timer (landing between a rising and the next falling
        edge), then align on the falling edge: one Python wake-up instead of k."""
        if k <= 1:
            await self.cycles(max(k, 0))
            return
        await Timer(10 * (k - 1) + 7, unit="ns")
        await FallingEdge(self.dut.clk_i)
        self.cycle += k

    async def pulse(self, **sig: int) -> None:
        """Drive signals for one cycle (from this falling edge to the next)."""
        for name, val in sig.items():
            getattr(self.dut, name).value = val
        await self.cycles(1)
        for name in sig:
            if name.endswith("valid_i") or name in ("start_i", "zeroize_i"):
                getattr(self.dut, name).value = 0

    async def load_key(self, key: bytes, ksz: int | None = None) -> int:
        """Load a key and wait for key_ready; returns the cycles it took."""
        ksz = m.ksz_of(key) if ksz is None else ksz
        d = self.dut
        await self.pulse(key_i=int.from_bytes((key + bytes(32))[:32], "big"), key_valid_i=1,
                         cfg_i=ksz)
        # rising edges after the one that took key_valid_i; jump to just before the expected
        # latency and poll from there (a key_ready_o that came earlier is caught: it is high
        # at the first poll, and the count is short)
        n = KEY_LATENCY[ksz] - 1 if ksz in KEY_LATENCY else 0
        await self.skip(n)
        await Timer(1, unit="ns")
        while not int(d.key_ready_o.value):
            await self.cycles(1)
            await Timer(1, unit="ns")
            n += 1
            assert n < 40, "key_ready never came"
        return n

    async def set_iv(self, iv: bytes) -> None:
        await self.pulse(iv_i=to_int(iv), iv_valid_i=1)

    async def iv(self) -> bytes:
        await Timer(1, unit="ns")
        return to_bytes(int(self.dut.iv_o.value))

    async def start(self, cfg: int) -> tuple[int, int]:
        await self.pulse(cfg_i=cfg, start_i=1)
        await Timer(1, unit="ns")
        return int(self.dut.err_o.value), int(self.dut.err_code_o.value)

    async def stream(self, blocks: list[bytes], n_out: int, in_stall: float = 0.0,
                     out_stall: float = 0.0, max_cycles: int = 100000, lat: int = 0,
                     cpb: int = 0):
        """Feed blocks (last one flagged), collect n_out outputs. Returns (outputs, last flags,
        accept cycles, output-valid cycles)."""
        if in_stall == 0.0 and out_stall == 0.0:
            return await self.stream_fast(blocks, n_out, max_cycles, lat, cpb)
        d, rng = self.dut, self.rng
        outs, lasts, acc_t, out_t = [], [], [], []
        i, n, presenting, ordy = 0, len(blocks), False, -1
        start = self.cycle
        seen_valid = False
        while i < n or len(outs) < n_out:
            if not presenting and i < n and (in_stall == 0.0 or rng.random() >= in_stall):
                d.in_valid_i.value = 1
                d.in_data_i.value = to_int(blocks[i])
                d.in_last_i.value = int(i == n - 1)
                presenting = True
            want = 0 if (out_stall and rng.random() < out_stall) else 1
            if want != ordy:
                d.out_ready_i.value = want
                ordy = want
            await Timer(1, unit="ns")
            if presenting and int(d.in_ready_o.value):
                acc_t.append(self.cycle)
                i += 1
                presenting = False
                next_valid = False
            else:
                next_valid = presenting
            if int(d.out_valid_o.value):
                if not seen_valid:
                    out_t.append(self.cycle)
                    seen_valid = True
                if ordy:
                    outs.append(to_bytes(int(d.out_data_o.value)))
                    lasts.append(int(d.out_last_o.value))
                    seen_valid = False
            await FallingEdge(d.clk_i)
            self.cycle += 1
            if not next_valid:
                d.in_valid_i.value = 0
            assert self.cycle - start < max_cycles, f"stream stuck ({i}/{n} in, {len(outs)} out)"
        d.in_valid_i.value = 0
        d.out_ready_i.value = 0
        return outs, lasts, acc_t, out_t

    async def stream_fast(self, blocks: list[bytes], n_out: int, max_cycles: int,
                          lat: int = 0, cpb: int = 0):
        """stream() without stalls: out_ready_i stays high, so nothing the bench drives at a
        falling edge changes in_ready_o, and one sample per cycle at the falling edge (after
        the rising edge has settled) sees what the next rising edge will do."""
        d = self.dut
        outs, lasts, acc_t, out_t = [], [], [], []
        i, n, start = 0, len(blocks), self.cycle
        d.out_ready_i.value = 1
        d.in_valid_i.value = 1
        d.in_data_i.value = to_int(blocks[0])
        d.in_last_i.value = int(n == 1)
        advance = False
        while i < n or len(outs) < n_out:
            if advance:   # the previous rising edge took block i-1: present the next one
                advance = False
                if i < n:
                    d.in_data_i.value = to_int(blocks[i])
                    d.in_last_i.value = int(i == n - 1)
                else:
                    d.in_valid_i.value = 0
            if i < n and int(d.in_ready_o.value):
                acc_t.append(self.cycle)
                i += 1
                advance = True
            if int(d.out_valid_o.value):
                out_t.append(self.cycle)
                outs.append(to_bytes(int(d.out_data_o.value)))
                lasts.append(int(d.out_last_o.value))
            if (cpb > 2 and acc_t and i < n and not advance
                    and self.cycle < acc_t[-1] + cpb - 1):
                # (long runs) the next block cannot be taken before `cpb` cycles after the
                # previous one, and no output is due in between: jump. A block taken earlier
                # would be taken twice (valid stays high) and the comparison fails.
                await self.skip(acc_t[-1] + cpb - self.cycle)
                continue
            if lat and i == n and not advance and len(outs) < n_out:
                # all input given: the next output is due `lat` cycles after its block was
                # taken (CMAC: after the last block). An output earlier than that would be
                # missed, and the run fails on the count.
                due = acc_t[-1 if n_out == 1 else len(outs)] + lat
                if due - self.cycle > 1:
                    await self.skip(due - self.cycle)
                    continue
            await FallingEdge(d.clk_i)
            self.cycle += 1
            assert self.cycle - start < max_cycles, f"stream stuck ({i}/{n} in, {len(outs)} out)"
        d.in_valid_i.value = 0
        d.out_ready_i.value = 0
        return outs, lasts, acc_t, out_t

    async def message(self, cfg: int, blocks: list[bytes], n_out: int, **kw):
        err, code = await self.start(cfg)
        assert not err, f"start rejected, code {code}"
        if not kw:   # no stalls: let the stream jump over the cycles a block takes
            kw = {"lat": block_latency(cfg & 3) + 1}
        res = await self.stream(blocks, n_out, **kw)
        # busy drops with the edge that takes the last output (CMAC without a tag: when the
        # last block has gone through the cipher)
        for _ in range(1 if n_out else 40):
            await Timer(1, unit="ns")
            if not int(self.dut.busy_o.value):
                break
            await self.cycles(1)
        assert not int(self.dut.busy_o.value), "busy_o stuck after the message"
        return res


async def run_vector(tb: Bench, vec: v.Vector, cur_key: list) -> bytes:
    if cur_key[0] != vec.key:
        await tb.load_key(vec.key)
        cur_key[0] = vec.key
    ksz = m.ksz_of(vec.key)
    if vec.mode == "CMAC":
        blocks, kind = m.cmac_pad(vec.data)
        await tb.set_iv(bytes(16))
        cfg = m.cfg_word(ksz, m.MODE_CMAC, kind=kind)
        outs, lasts, _, _ = await tb.message(cfg, blocks, 1)
        assert lasts == [1]
        return outs[0]
    if vec.iv is not None:
        await tb.set_iv(vec.iv)
    n = len(vec.data)
    data = vec.data + bytes(-n % 16)
    blocks = [data[i:i + 16] for i in range(0, len(data), 16)]
    cfg = m.cfg_word(ksz, m.MODE_NAMES[vec.mode], vec.decrypt)
    outs, lasts, _, _ = await tb.message(cfg, blocks, len(blocks))
    assert lasts == [0] * (len(blocks) - 1) + [1]
    return b"".join(outs)[:n]


@cocotb.test()
async def test_cavp(dut) -> None:
    """Every ECB/CBC/CFB128/OFB CAVP file (KAT + MMT), SP 800-38A CTR and SP 800-38B CMAC."""
    tb = Bench(dut)
    await tb.init()
    cur_key = [None]
    total = 0
    for mode in ("ECB", "CBC", "CFB", "OFB"):
        vecs = v.cavp_vectors(mode)
        if QUICK:
            vecs = vecs[::60]
        for vec in vecs:
            got = await run_vector(tb, vec, cur_key)
            assert got == vec.expect, f"{vec.source} {vec}: got {got.hex()}"
        total += len(vecs)
    for vec in v.ctr_vectors() + v.cmac_vectors():
        got = await run_vector(tb, vec, cur_key)
        assert got == vec.expect, f"{vec.source} {vec}: got {got.hex()}"
        total += 1
    dut._log.info("CAVP: %d vectors passed in %d cycles", total, tb.cycle)


RANDOM_CONFIGS = [(m.MODE_ECB, False), (m.MODE_ECB, True), (m.MODE_CBC, False),
                  (m.MODE_CBC, True), (m.MODE_CFB, False), (m.MODE_CFB, True),
                  (m.MODE_OFB, False), (m.MODE_CTR, False), (m.MODE_CMAC, False)]


async def random_run(tb: Bench, n_msgs: int, max_blocks: int, in_stall: float,
                     out_stall: float, segment: bool) -> int:
    """Random messages per mode and key size against the model; returns blocks checked."""
    rng, blocks_done = tb.rng, 0
    for ksz in (0, 1, 2):
        for mode, dec in RANDOM_CONFIGS:
            key = rng.randbytes(m.KEY_SIZES[ksz])
            model = m.AesEngineModel()
            model.load_key(key)
            await tb.load_key(key)
            iv = rng.randbytes(16)
            if mode == m.MODE_CTR:   # exercise the 128-bit carry now and then
                iv = bytes(8) + b"\xff" * 7 + iv[15:]
            model.set_iv(iv)
            await tb.set_iv(iv)
            for k in range(n_msgs):
                blocks = [rng.randbytes(16) for _ in range(rng.randint(1, max_blocks))]
                kind = 0
                if mode == m.MODE_CMAC:
                    kind = rng.choice([m.KIND_COMPLETE, m.KIND_PARTIAL, m.KIND_MIDDLE])
                cfg = m.cfg_word(ksz, mode, dec, kind)
                exp = model.message(cfg, blocks)
                outs, lasts, _, _ = await tb.message(cfg, blocks, len(exp), in_stall=in_stall,
                                                     out_stall=out_stall)
                assert outs == exp, f"mode {mode} dec {dec} ksz {ksz} msg {k}"
                if exp:
                    assert lasts[-1] == 1 and not any(lasts[:-1])
                assert await tb.iv() == model.iv, "iv_o differs from the model"
                if segment and rng.random() < 0.5:
                    # pause: save the chaining value, wipe everything, restore and go on
                    saved = await tb.iv()
                    await tb.pulse(zeroize_i=1)
                    assert await tb.iv() == bytes(16)
                    await tb.load_key(key)
                    await tb.set_iv(saved)
                blocks_done += len(blocks)
    return blocks_done


@cocotb.test()
async def test_random_differential(dut) -> None:
    """Random messages, every mode, key size and direction, no stalls, against the model."""
    tb = Bench(dut)
    await tb.init()
    n = await random_run(tb, 1 if QUICK else 6, 6, 0.0, 0.0, segment=False)
    dut._log.info("random differential: %d blocks", n)


@cocotb.test()
async def test_random_stalls_segments(dut) -> None:
    """Back-to-back streams with random valid/ready stalls on both sides, messages resumed
    in segments through iv_o / iv_i after a zeroize."""
    tb = Bench(dut)
    await tb.init()
    n = await random_run(tb, 1 if QUICK else 4, 8, 0.3, 0.4, segment=True)
    dut._log.info("random with stalls and segments: %d blocks", n)


@cocotb.test()
async def test_timing(dut) -> None:
    """Constant time (accept-to-output cycles equal for random keys and data), cycles per
    block at the interface, key expansion latency. Writes the figures to AES_PERF_JSON."""
    tb = Bench(dut)
    await tb.init()
    rng = tb.rng
    perf = {"arch": ARCH, "key_latency": {}, "cycles_per_block": {}, "latency": {}}
    nblk = 8 if QUICK else 24
    for ksz in (0, 1, 2):
        bits = 128 + 64 * ksz
        for trial in range(1 if QUICK else 4):
            key = rng.randbytes(m.KEY_SIZES[ksz])
            lat = await tb.load_key(key)
            assert lat == KEY_LATENCY[ksz], f"key latency {lat}"
            assert lat <= NR[ksz] + 1
            perf["key_latency"][bits] = lat
            for mode, dec in RANDOM_CONFIGS:
                model = m.AesEngineModel()
                model.load_key(key)
                iv = rng.randbytes(16)
                model.set_iv(iv)
                await tb.set_iv(iv)
                kind = m.KIND_COMPLETE if mode == m.MODE_CMAC else 0
                cfg = m.cfg_word(ksz, mode, dec, kind)
                blocks = [rng.randbytes(16) for _ in range(nblk)]
                exp = model.message(cfg, blocks)
                outs, _, acc, out_t = await tb.message(cfg, blocks, len(exp))
                assert outs == exp
                name = f"{['ECB', 'CBC', 'CFB', 'OFB', 'CTR', '', 'CMAC'][mode if mode < 5 else 6]}"
                name += "-dec" if dec else ("-enc" if mode in (m.MODE_ECB, m.MODE_CBC,
                                                               m.MODE_CFB) else "")
                gaps = {b - a for a, b in zip(acc, acc[1:])}
                assert len(gaps) == 1, f"{name}: uneven accept spacing {gaps}"
                cpb = gaps.pop()
                if mode == m.MODE_CMAC:
                    lats = {out_t[0] - acc[-1]}
                else:
                    lats = {o - a for a, o in zip(acc, out_t)}
                assert len(lats) == 1, f"{name}: latency depends on data {lats}"
                lat_blk = lats.pop()
                # cycle of the input transfer to first cycle of out_valid: the accepting edge
                # applies AddRoundKey, then one edge per round
                assert lat_blk == block_latency(ksz) + 1, f"{name}: latency {lat_blk}"
                key_cpb = perf["cycles_per_block"].setdefault(name, {})
                if str(bits) in key_cpb or bits in key_cpb:
                    assert key_cpb[bits] == cpb, f"{name}: cycles per block vary with key"
                key_cpb[bits] = cpb
                perf["latency"].setdefault(name, {})[bits] = lat_blk
                # the targets: Nr (rolled); pipelined 1 where no feedback
                feedback = (mode in (m.MODE_OFB, m.MODE_CMAC) or
                            (not dec and mode in (m.MODE_CBC, m.MODE_CFB)))
                if ARCH == 2 and not feedback:
                    assert cpb == 1, f"{name}: {cpb} cycles per block"
                else:
                    assert cpb == block_latency(ksz), f"{name}: {cpb} cycles per block"
    dut._log.info("timing: %s", json.dumps(perf))
    if PERF_JSON:
        Path(PERF_JSON).write_text(json.dumps(perf, indent=1, sort_keys=True))


async def quiet(tb: Bench, cycles: int) -> None:
    """Nothing may come out, and no block be taken, for this many cycles."""
    d = tb.dut
    d.in_valid_i.value = 1
    d.in_data_i.value = 0x1234
    d.out_ready_i.value = 1
    for _ in range(cycles):
        await Timer(1, unit="ns")
        assert not int(d.out_valid_o.value), "output produced"
        assert not int(d.in_ready_o.value), "input accepted"
        await tb.cycles(1)
    d.in_valid_i.value = 0


@cocotb.test()
async def test_bad_config(dut) -> None:
    """Each error code, nothing produced, and the next good start clears the error."""
    tb = Bench(dut)
    await tb.init()
    d = tb.dut
    key = bytes(range(16))
    ecb = m.cfg_word(0, m.MODE_ECB)
    # start before any key
    assert await tb.start(ecb) == (1, m.ERR_NO_KEY)
    await quiet(tb, 20)
    # reserved key size at key load
    await tb.pulse(key_i=1, key_valid_i=1, cfg_i=3)
    await Timer(1, unit="ns")
    assert (int(d.err_o.value), int(d.err_code_o.value)) == (1, m.ERR_KEY_SIZE)
    await tb.cycles(20)
    assert not int(d.key_ready_o.value)
    await tb.load_key(key)
    for cfg, code in ((m.cfg_word(3, m.MODE_ECB), m.ERR_KEY_SIZE),
                      (m.cfg_word(0, 6), m.ERR_MODE), (m.cfg_word(0, 7), m.ERR_MODE),
                      (m.cfg_word(0, m.MODE_CMAC, kind=3), m.ERR_CMAC_KIND),
                      (m.cfg_word(2, m.MODE_ECB), m.ERR_KEY_MISMATCH)):
        assert await tb.start(cfg) == (1, code), hex(cfg)
        assert not int(d.busy_o.value)
        await quiet(tb, 15)
    # a good start clears the error
    exp = m.AesEngineModel()
    exp.load_key(key)
    blocks = [bytes(16)]
    outs, _, _, _ = await tb.message(ecb, blocks, 1)
    assert outs == exp.message(ecb, blocks)
    assert not int(d.err_o.value)
    # start, key and IV writes while busy: flagged and ignored, the message goes on
    iv = bytes(16)
    await tb.set_iv(iv)
    cbc = m.cfg_word(0, m.MODE_CBC)
    assert await tb.start(cbc) == (0, 0)
    await tb.pulse(start_i=1, cfg_i=ecb)
    await Timer(1, unit="ns")
    assert (int(d.err_o.value), int(d.err_code_o.value)) == (1, m.ERR_START_BUSY)
    await tb.pulse(key_i=0, key_valid_i=1, cfg_i=0)
    await Timer(1, unit="ns")
    assert (int(d.err_o.value), int(d.err_code_o.value)) == (1, m.ERR_WRITE_BUSY)
    await tb.pulse(iv_i=0xFFFF, iv_valid_i=1)
    await Timer(1, unit="ns")
    assert (int(d.err_o.value), int(d.err_code_o.value)) == (1, m.ERR_WRITE_BUSY)
    blocks = [bytes([i]) * 16 for i in range(3)]
    outs, _, _, _ = await tb.stream(blocks, 3)
    exp.set_iv(iv)
    assert outs == exp.message(cbc, blocks), "a rejected write disturbed the message"
    await tb.cycles(2)
    assert not int(d.busy_o.value)
    # zeroize clears the error too
    await tb.pulse(zeroize_i=1)
    await Timer(1, unit="ns")
    assert not int(d.err_o.value) and not int(d.key_ready_o.value)


def rk_store(d) -> list[int]:
    """The round-key store's contents (internal: read through the simulator's hierarchy)."""
    if ARCH == 2:
        return [int(d.g_pipe.u_rk.rk_q[i].value) for i in range(15)]
    words = [int(d.g_iter.u_rk.mem[i].value) for i in range(16)]
    if ARCH == 0 and SBOX == 0:
        # the block-RAM build's second store (the decryption keys) and its copies of rk[0],
        # rk[Nr]
        words += [int(d.g_iter.u_rkd.mem[i].value) for i in range(16)]
        words += [int(d.g_iter.u_dp.rk0_q.value), int(d.g_iter.u_dp.rkn_q.value)]
    return words


async def abort_mid_message(tb: Bench, use_reset: bool) -> None:
    d, rng = tb.dut, tb.rng
    for ksz in (0, 2):
        key = rng.randbytes(m.KEY_SIZES[ksz])
        await tb.load_key(key)
        await tb.set_iv(rng.randbytes(16))
        for mode in (m.MODE_CTR, m.MODE_CBC, m.MODE_CMAC):
            assert await tb.start(m.cfg_word(ksz, mode, kind=1)) == (0, 0)
            # feed a few blocks, stop while blocks are in flight
            d.in_valid_i.value = 1
            d.in_last_i.value = 0
            d.in_data_i.value = rng.getrandbits(128)
            d.out_ready_i.value = 0
            await tb.cycles(rng.randint(3, 25))
            d.in_valid_i.value = 0
            if use_reset:
                await tb.reset()
            else:
                await tb.pulse(zeroize_i=1)
            await Timer(1, unit="ns")
            # the store wipe runs: busy, no key; everything else is already clear
            assert int(d.busy_o.value) and not int(d.out_valid_o.value)
            assert not int(d.key_ready_o.value) and int(d.iv_o.value) == 0
            assert not int(d.err_o.value)
            assert await tb.start(m.cfg_word(ksz, m.MODE_ECB)) == (1, m.ERR_NO_KEY)
            # the wipe takes WIPE cycles from the zeroize edge (reset: from the first edge
            # with rst_ni high; tb.reset() and the start above took 2 of them)
            assert await tb.wipe_end() == (WIPE - 2 if use_reset else WIPE - 1)
            assert not int(d.busy_o.value) and not int(d.key_ready_o.value)
            assert rk_store(d) == [0] * len(rk_store(d)), "round keys survived"
            assert await tb.start(m.cfg_word(ksz, m.MODE_ECB)) == (1, m.ERR_NO_KEY)
            await quiet(tb, 5)
            # a correct run afterwards
            await tb.load_key(key)
            iv = rng.randbytes(16)
            await tb.set_iv(iv)
            model = m.AesEngineModel()
            model.load_key(key)
            model.set_iv(iv)
            cfg = m.cfg_word(ksz, mode, kind=1)
            blocks = [rng.randbytes(16) for _ in range(4)]
            exp = model.message(cfg, blocks)
            outs, _, _, _ = await tb.message(cfg, blocks, len(exp), out_stall=0.2)
            assert outs == exp


@cocotb.test()
async def test_zeroize_mid_message(dut) -> None:
    """zeroize_i while blocks are in flight wipes key, round keys, IV and state."""
    tb = Bench(dut)
    await tb.init()
    await abort_mid_message(tb, use_reset=False)


@cocotb.test()
async def test_reset_mid_message(dut) -> None:
    """Reset while blocks are in flight, then a correct run."""
    tb = Bench(dut)
    await tb.init()
    await abort_mid_message(tb, use_reset=True)


@cocotb.test()
async def test_wipe(dut) -> None:
    """The round-key store wipe after zeroize: busy_o high and key_ready_o low for exactly
    WIPE cycles; a start during it fails with ERR_NO_KEY; an IV write is taken; a key load at
    any point of it is held (never lost) and the schedule completes WIPE + 1 + Nr edges after
    the zeroize edge (Nr + 1 after the load edge once the wipe is over); a key load in the zeroize
    cycle itself is dropped (zeroize wins). After each, a message checks the schedule."""
    tb = Bench(dut)
    await tb.init()
    d, rng = tb.dut, tb.rng
    # (cycles after the zeroize pulse at which the key is loaded; WIPE: after the wipe)
    offsets = [0, 1, 7, WIPE - 1, WIPE, WIPE + 1] if not QUICK else [0, WIPE - 1]
    for ksz in (0, 1, 2):
        for off in offsets:
            key = rng.randbytes(m.KEY_SIZES[ksz])
            await tb.load_key(rng.randbytes(m.KEY_SIZES[ksz]))   # something to wipe
            await tb.pulse(zeroize_i=1)
            await tb.cycles(off)
            await Timer(1, unit="ns")
            assert int(d.busy_o.value) == int(off < WIPE), f"busy_o at {off}"
            assert not int(d.key_ready_o.value)
            if off == 1:
                assert await tb.start(m.cfg_word(ksz, m.MODE_ECB)) == (1, m.ERR_NO_KEY)
                iv = rng.randbytes(16)
                await tb.set_iv(iv)
                assert await tb.iv() == iv, "IV write during the wipe lost"
                off += 2
            lat = await tb.load_key(key, ksz)
            # the load edge is off + 1 edges after the zeroize edge, the wipe's last write
            # WIPE edges after it: a load up to then waits for it, then Nr + 1 edges
            nr = NR[ksz]
            expect = max(WIPE - off, 1) + nr
            assert lat == expect, f"ksz {ksz} load {off} cycles into the wipe: {lat} != {expect}"
            model = m.AesEngineModel()
            model.load_key(key)
            blocks = [rng.randbytes(16) for _ in range(2)]
            for dec in (False, True):
                cfg = m.cfg_word(ksz, m.MODE_ECB, dec)
                outs, _, _, _ = await tb.message(cfg, blocks, 2)
                assert outs == model.message(cfg, blocks), f"ksz {ksz} off {off} dec {dec}"
        # a key load in the zeroize cycle is dropped
        await tb.pulse(zeroize_i=1, key_valid_i=1, key_i=1, cfg_i=ksz)
        assert await tb.wipe_end() == WIPE
        await tb.cycles(NR[ksz] + 4)
        await Timer(1, unit="ns")
        assert not int(d.key_ready_o.value)
        assert await tb.start(m.cfg_word(ksz, m.MODE_ECB)) == (1, m.ERR_NO_KEY)
    dut._log.info("wipe: key loads at %s cycles into the wipe, all key sizes", offsets)


LONG = int(os.environ.get("AES_LONG", "0"))


@cocotb.test(skip=not LONG)
async def test_long_random(dut) -> None:
    """AES_LONG random blocks per mode and key size, one message each, against pycryptodome."""
    import time
    tb = Bench(dut)
    await tb.init()
    rng, t0, total = tb.rng, time.time(), 0
    for ksz in (0, 1, 2):
        for mode, dec in RANDOM_CONFIGS:
            key, iv = rng.randbytes(m.KEY_SIZES[ksz]), rng.randbytes(16)
            data = rng.randbytes(16 * LONG)
            await tb.load_key(key)
            await tb.set_iv(bytes(16) if mode == m.MODE_CMAC else iv)
            blocks = [data[i:i + 16] for i in range(0, len(data), 16)]
            kind = m.KIND_COMPLETE if mode == m.MODE_CMAC else 0
            feedback = (mode in (m.MODE_OFB, m.MODE_CMAC) or
                        (not dec and mode in (m.MODE_CBC, m.MODE_CFB)))
            cpb = 1 if ARCH == 2 and not feedback else block_latency(ksz)
            outs, _, _, _ = await tb.message(m.cfg_word(ksz, mode, dec, kind), blocks,
                                             1 if mode == m.MODE_CMAC else len(blocks),
                                             lat=block_latency(ksz) + 1, cpb=cpb,
                                             max_cycles=20 * LONG + 100)
            ref = m.pycryptodome_reference(mode, dec, key, iv, data)
            assert b"".join(outs) == ref, f"mode {mode} dec {dec} ksz {ksz}"
            total += LONG
            dut._log.info("long: mode %d dec %d ksz %d: %d blocks ok", mode, dec, ksz, LONG)
    summary = {"arch": ARCH, "blocks": total, "per_config": LONG, "cycles": tb.cycle,
               "wall_s": round(time.time() - t0, 1)}
    dut._log.info("long campaign: %s", summary)
    path = os.environ.get("AES_LONG_JSON")
    if path:
        Path(path).write_text(json.dumps(summary))
