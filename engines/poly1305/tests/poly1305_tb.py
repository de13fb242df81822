# SPDX-License-Identifier: Apache-2.0
"""cocotb bench of poly1305_top: RFC 8439 vectors, random differential, short blocks, stalls,
errors, zeroize, timing.

Inputs are driven on the falling edge and outputs sampled 1 ns later, so every sample shows the
values that decide the transfers on the next rising edge.
"""
from __future__ import annotations

import os
import random
from pathlib import Path

import cocotb
from Crypto.Hash.Poly1305 import Poly1305_MAC

from engines.common.step_bench import StepBench
from engines.poly1305.model import poly1305_model as model

SEED = int(os.environ.get("POLY1305_SEED", "1305"))
N_RANDOM = int(os.environ.get("POLY1305_RANDOM", "40"))
STEPS = 5  # cycles per block

# RFC 8439 section 2.5.2
RFC_252 = (bytes.fromhex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b"),
           b"Cryptographic Forum Research Group",
           bytes.fromhex("a8061dc1305136c6c22b8baf0c0127a9"))


def rfc_cases() -> list[tuple[bytes, bytes, bytes]]:
    """(key, message, tag): RFC 8439 2.5.2 and the A.3 vectors of cryptography-vectors'
    poly1305/rfc7539.txt."""
    import cryptography_vectors
    path = Path(cryptography_vectors.__file__).parent / "poly1305" / "rfc7539.txt"
    cases, cur = [RFC_252], {}
    for line in path.read_text().splitlines():
        if " = " not in line or line.startswith("#"):
            continue
        k, v = (x.strip() for x in line.split("=", 1))
        if k == "COUNT":
            cur = {}
        else:
            cur[k] = bytes.fromhex(v)
            if k == "TAG":
                cases.append((cur["KEY"], cur["MSG"], cur["TAG"]))
    return cases


def reference(key: bytes, msg: bytes) -> bytes:
    """pycryptodome's Poly1305 on a raw one-time key (r is clamped inside)."""
    return Poly1305_MAC(key[:16], key[16:], msg).digest()


OUTS = ("key_ready_o", "in_ready_o", "out_valid_o", "out_data_o", "out_last_o", "busy_o",
        "err_o", "err_code_o")


class Bench(StepBench):
    def __init__(self, dut) -> None:
        super().__init__(dut, dict(rst_ni=0, zeroize_i=0, start_i=0, key_i=0, key_valid_i=0,
                                   in_valid_i=0, in_data_i=0, in_bytes_i=0, in_last_i=0,
                                   out_ready_i=0), OUTS)

    async def load(self, key: bytes) -> int:
        """Load a key and wait for r^2; returns the cycles from the load to key_ready_o."""
        await self.step(key_i=int.from_bytes(key, "big"), key_valid_i=1)
        for n in range(1, 40):
            s = await self.step()
            assert s["busy_o"] == 0
            if s["key_ready_o"]:
                return n
        raise AssertionError("key_ready_o never rose")

    async def blocks(self, blocks: list[tuple[bytes, int]], p_in: float = 0.0,
                     p_out: float = 0.0, rng: random.Random | None = None,
                     limit: int = 20000) -> tuple[bytes, dict[str, object]]:
        """Start a message and stream (16 bytes, byte count) blocks; returns the tag and timings.
        A count of 16 is sent as 16 or, at random, as bit 4 with junk in the lower bits."""
        rng = rng or random.Random(0)
        s = await self.step(start_i=1)
        assert s["busy_o"] == 0
        t_start = self.cycle
        i, offering, fires, tag = 0, False, [], None
        while tag is None:
            if not offering and i < len(blocks) and rng.random() >= p_in:
                offering = True
            ready = 1 if rng.random() >= p_out else 0
            data, n = blocks[i] if offering else (bytes(16), 0)
            if n == 16 and rng.random() < 0.3:
                n = 16 | rng.getrandbits(4)
            self.drv.update(in_valid_i=int(offering), out_ready_i=ready,
                            in_data_i=int.from_bytes(data, "big"), in_bytes_i=n,
                            in_last_i=int(offering and i == len(blocks) - 1))
            s = await self.step()
            assert s["err_o"] == 0, f"unexpected error {s['err_code_o']}"
            assert s["busy_o"] == 1
            if offering and s["in_ready_o"]:
                fires.append(self.cycle)
                i += 1
                offering = False
            if s["out_valid_o"] and ready:
                assert s["out_last_o"] == 1 and i == len(blocks)
                tag = s["out_data_o"].to_bytes(16, "big")
                t_out = self.cycle
            assert self.cycle - t_start < limit, "timeout"
        self.drv.update(in_valid_i=0, out_ready_i=0, in_last_i=0, in_data_i=0, in_bytes_i=0)
        s = await self.step()
        assert s["busy_o"] == 0 and s["out_valid_o"] == 0
        assert s["key_ready_o"] == 0, "the one-time key outlived its message"
        return tag, {"fires": fires, "t_start": t_start, "t_out": t_out}

    async def mac(self, key: bytes, msg: bytes, **kw) -> bytes:
        await self.load(key)
        blocks = model.chunks(msg)
        # short last blocks carry junk after the message bytes, as a feeder's buffer would
        rng = kw.get("rng") or random.Random(len(msg))
        blocks = [(d[:n] + rng.randbytes(16 - n), n) for d, n in blocks]
        tag, _ = await self.blocks(blocks, **kw)
        return tag


def lanes_tag(key: bytes, blocks: list[tuple[bytes, int]]) -> bytes:
    """The model's datapath on the blocks as fed."""
    st = model.Limbs(key)
    for i, (d, n) in enumerate(blocks):
        st.block(d, n, i == len(blocks) - 1)
    return st.finish()


@cocotb.test()
async def test_rfc_vectors(dut):
    """RFC 8439 2.5.2 and A.3 (cryptography-vectors), and a key from ChaCha20 block 0."""
    tb = Bench(dut)
    await tb.init()
    for key, msg, ref in rfc_cases():
        assert await tb.mac(key, msg) == ref, (key.hex(), msg[:16].hex())
    # RFC 8439 2.6: the one-time key is the first 32 bytes of ChaCha20 block 0
    from Crypto.Cipher import ChaCha20
    from Crypto.Hash import Poly1305
    key, nonce = bytes(range(0x80, 0xA0)), bytes.fromhex("000000000001020304050607")
    otk = ChaCha20.new(key=key, nonce=nonce).encrypt(bytes(32))
    msg = b"a message authenticated with the key of ChaCha20 block 0"
    ref = Poly1305.new(key=key, cipher=ChaCha20, nonce=nonce, data=msg).digest()
    assert await tb.mac(otk, msg) == ref


@cocotb.test()
async def test_random_differential(dut):
    """Random keys and messages (0..200 bytes, some all-0xff) with random valid/ready stalls,
    back to back, against pycryptodome."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(SEED)
    for n in range(N_RANDOM):
        key = rng.randbytes(32) if n % 7 else b"\xff" * 32
        ln = rng.randint(0, 200)
        msg = rng.randbytes(ln) if n % 5 else b"\xff" * ln
        pin, pout = rng.choice([(0.0, 0.0), (0.3, 0.3), (0.6, 0.1), (0.1, 0.7)])
        tag = await tb.mac(key, msg, p_in=pin, p_out=pout, rng=rng)
        assert tag == reference(key, msg), (n, key.hex(), msg.hex())


@cocotb.test()
async def test_short_blocks(dut):
    """Every message length 0..50 (each pad position in a first, second and third block, the
    empty message)."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(SEED + 1)
    for ln in range(51):
        key, msg = rng.randbytes(32), rng.randbytes(ln)
        assert await tb.mac(key, msg, rng=rng) == reference(key, msg), ln


@cocotb.test()
async def test_timing(dut):
    """Constant time: the same cycle counts for any key and data, short blocks included; 5 cycles
    per block in a stream; the same key set-up time for every key."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(SEED + 2)
    for nblk in (1, 2, 4):
        seen, setup = set(), set()
        for case in range(6):
            if case == 0:
                key, blocks = bytes(32), [(bytes(16), 16)] * nblk
            elif case == 1:
                key, blocks = b"\xff" * 32, [(b"\xff" * 16, 16)] * nblk
            elif case == 2:  # short blocks take as long as full ones
                key = rng.randbytes(32)
                blocks = [(rng.randbytes(16), rng.choice((1, 15, 16)))
                          for _ in range(nblk)]
            else:
                key, blocks = rng.randbytes(32), [(rng.randbytes(16), 16)] * nblk
            setup.add(await tb.load(key))
            tag, t = await tb.blocks(blocks, rng=rng)
            assert tag == lanes_tag(key, blocks)
            fires = t["fires"]
            gaps = tuple(b - a for a, b in zip(fires, fires[1:]))
            seen.add((fires[0] - t["t_start"], t["t_out"] - fires[-1], gaps))
        assert len(seen) == 1, f"timing depends on data: {seen}"
        assert len(setup) == 1, f"key set-up time depends on the key: {setup}"
        first, lat, gaps = seen.pop()
        assert all(g == STEPS for g in gaps), gaps
        dut._log.info("%d blocks: key load->ready %d, start->first input %d, last input->tag "
                      "%d cycles, %d cycles/block", nblk, setup.pop(), first, lat, STEPS)


@cocotb.test()
async def test_errors(dut):
    """No key, start before r^2 is ready, start / key write while busy or while r^2 is computed:
    err set and the request ignored, the running message unharmed; the key is spent by its
    message (a second start is NOKEY)."""
    tb = Bench(dut)
    await tb.init()
    await tb.step(start_i=1)
    s = await tb.step()
    assert s["err_o"] == 1 and s["err_code_o"] == 3 and s["busy_o"] == 0
    tb.drv.update(in_valid_i=1, in_last_i=1, in_bytes_i=16, out_ready_i=1)
    for _ in range(10):
        s = await tb.step()
        assert s["in_ready_o"] == 0 and s["out_valid_o"] == 0 and s["busy_o"] == 0
    tb.drv.update(in_valid_i=0, in_last_i=0, in_bytes_i=0, out_ready_i=0)
    rng = random.Random(SEED + 3)
    key, msg = rng.randbytes(32), rng.randbytes(16)
    # during the r^2 computation: a start is NOKEY, another key is BUSY (the first one stays)
    await tb.step(key_i=int.from_bytes(key, "big"), key_valid_i=1)
    await tb.step(start_i=1)
    s = await tb.step()
    assert s["err_o"] == 1 and s["err_code_o"] == 3 and s["key_ready_o"] == 0
    await tb.step(key_i=int.from_bytes(rng.randbytes(32), "big"), key_valid_i=1)
    s = await tb.step()
    assert s["err_o"] == 1 and s["err_code_o"] == 2 and s["key_ready_o"] == 0
    for _ in range(20):
        s = await tb.step()
    assert s["key_ready_o"] == 1
    await tb.step(start_i=1)
    await tb.step(start_i=1)
    await tb.step(key_i=int.from_bytes(rng.randbytes(32), "big"), key_valid_i=1)
    s = await tb.step()
    assert s["err_o"] == 1 and s["err_code_o"] == 2 and s["busy_o"] == 1
    tb.drv.update(in_valid_i=1, in_last_i=1, in_bytes_i=16,
                  in_data_i=int.from_bytes(msg, "big"), out_ready_i=1)
    for _ in range(20):
        s = await tb.step()
        if s["in_ready_o"]:
            tb.drv.update(in_valid_i=0)
        if s["out_valid_o"]:
            break
    tb.drv.update(in_valid_i=0, in_last_i=0, in_bytes_i=0, in_data_i=0, out_ready_i=0)
    assert s["out_data_o"].to_bytes(16, "big") == reference(key, msg)
    s = await tb.step()
    assert s["err_o"] == 1 and s["busy_o"] == 0 and s["key_ready_o"] == 0
    await tb.step(start_i=1)
    s = await tb.step()
    assert s["err_o"] == 1 and s["err_code_o"] == 3 and s["busy_o"] == 0
    # a fresh key and a good start clear the error
    key = rng.randbytes(32)
    assert await tb.mac(key, msg) == reference(key, msg)
    s = await tb.step()
    assert s["err_o"] == 0


@cocotb.test()
async def test_zeroize_reset(dut):
    """Zeroize and reset while r^2 is computed, in the middle of a message, in the final
    reduction and with the tag waiting: idle, key and h gone, nothing produced; then a correct
    run with a new key."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(SEED + 4)
    for how, last, wait in (("zeroize", 0, -1), ("zeroize", 0, None), ("reset", 0, None),
                            ("zeroize", 1, 10), ("zeroize", 1, 20), ("reset", 1, 20)):
        if wait == -1:  # during the r^2 computation
            await tb.step(key_i=int.from_bytes(rng.randbytes(32), "big"), key_valid_i=1)
            for _ in range(rng.randint(1, 9)):
                await tb.step()
            wait = 0
        else:
            await tb.load(rng.randbytes(32))
            await tb.step(start_i=1)
        tb.drv.update(in_valid_i=1, in_data_i=rng.getrandbits(128), in_bytes_i=16,
                      in_last_i=last)
        for _ in range(wait if wait is not None else rng.randint(2, 25)):
            await tb.step()
        tb.drv.update(in_valid_i=0, in_last_i=0)
        await tb.clear(how)
        tb.drv.update(out_ready_i=1, in_valid_i=1)
        for _ in range(15):
            s = await tb.step()
            assert s["busy_o"] == 0 and s["out_valid_o"] == 0 and s["in_ready_o"] == 0
            assert s["key_ready_o"] == 0 and s["err_o"] == 0 and s["out_data_o"] == 0
        tb.drv.update(out_ready_i=0, in_valid_i=0, in_bytes_i=0)
        for sig in ("r_q", "s_q", "r2_q", "acc_a_q", "acc_b_q", "a_q", "rr_q", "pp_q", "p_q",
                    "lo_q", "hi_q", "sum_q", "t_q", "u_q", "f_q", "out_q"):
            assert int(getattr(dut, sig).value) == 0, (how, wait, sig)
        key, msg = rng.randbytes(32), rng.randbytes(40)
        assert await tb.mac(key, msg, rng=rng) == reference(key, msg)
