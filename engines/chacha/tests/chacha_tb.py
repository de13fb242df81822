# SPDX-License-Identifier: Apache-2.0
"""cocotb bench of chacha_top: vectors, RFC 7539, random differential, stalls, errors, zeroize.

Inputs are driven on the falling edge and outputs sampled 1 ns later, so every sample shows the
values that decide the transfers on the next rising edge.
"""
from __future__ import annotations

import os
import random
from pathlib import Path

import cocotb
from Crypto.Cipher import ChaCha20

from engines.chacha.model import chacha_model as model
from engines.common.step_bench import StepBench
from tools import consts as C

SEED = int(os.environ.get("CHACHA_SEED", "12345"))
N_RANDOM = int(os.environ.get("CHACHA_RANDOM", "24"))

# /work/shared/spec/VECTORS.md, ChaCha original variant (first 16 bytes of block 0), and the full
# TC1/20-round block.
KAT = [
    (bytes(32), bytes(8), 8, "3e00ef2f895f40d67f5bb8e81f09a5a1"),
    (bytes(32), bytes(8), 20, "76b8e0ada0f13d90405d6ae55386bd28"),
    (bytes.fromhex("c46ec1b18ce8a878725a37e780dfb7351f68ed2e194c79fbc6aebee1a667975d"),
     bytes.fromhex("1ada31d5cf688221"), 8, "838751b42d8ddd8a3d77f48825a2ba75"),
    (bytes.fromhex("c46ec1b18ce8a878725a37e780dfb7351f68ed2e194c79fbc6aebee1a667975d"),
     bytes.fromhex("1ada31d5cf688221"), 20, "f63a89b75c2271f9368816542ba52f06"),
]
TC1_20_FULL = ("76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
               "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586")


def rfc7539_cases() -> list[dict[str, bytes | int]]:
    """The RFC 7539 A.2 cases from the cryptography-vectors package."""
    import cryptography_vectors
    path = Path(cryptography_vectors.__file__).parent / "ciphers" / "ChaCha20" / "rfc7539.txt"
    cases, cur = [], {}
    for line in path.read_text().splitlines():
        if "=" not in line or line.startswith("#"):
            continue
        k, v = (x.strip() for x in line.split("=", 1))
        if k == "COUNT" and cur:
            cases.append(cur)
            cur = {}
        cur[k] = int(v) if k in ("COUNT", "INITIAL_BLOCK_COUNTER") else bytes.fromhex(v)
    cases.append(cur)
    return cases


OUTS = ("key_ready_o", "iv_o", "in_ready_o", "out_valid_o", "out_data_o", "out_last_o", "busy_o",
        "err_o", "err_code_o")


class Bench(StepBench):
    def __init__(self, dut) -> None:
        super().__init__(dut, dict(rst_ni=0, zeroize_i=0, cfg_i=0, start_i=0, key_i=0,
                                   key_valid_i=0, iv_i=0, iv_valid_i=0, in_valid_i=0,
                                   in_data_i=0, in_last_i=0, out_ready_i=0), OUTS)

    async def load(self, key: bytes, iv: bytes) -> None:
        keyv = int.from_bytes(key, "big") << (8 * (32 - len(key)))
        await self.step(key_i=keyv, key_valid_i=1, iv_i=int.from_bytes(iv, "big"), iv_valid_i=1)

    async def message(self, cfg: int, blocks: list[bytes], p_in: float = 0.0,
                      p_out: float = 0.0, rng: random.Random | None = None,
                      limit: int = 10000) -> tuple[list[bytes], dict[str, int]]:
        """Start a message and stream `blocks` through it; returns the outputs and timings."""
        rng = rng or random.Random(0)
        s = await self.step(start_i=1, cfg_i=cfg)
        t_start = self.cycle
        assert s["busy_o"] == 0
        i, offering, outs, t = 0, False, [], {}
        fire_cycles, out_cycles = [], []
        while len(outs) < len(blocks):
            if not offering and i < len(blocks) and rng.random() >= p_in:
                offering = True
            ready = 1 if rng.random() >= p_out else 0
            self.drv.update(in_valid_i=int(offering), out_ready_i=ready,
                            in_data_i=int.from_bytes(blocks[i], "big") if offering else 0,
                            in_last_i=int(offering and i == len(blocks) - 1))
            s = await self.step()
            assert s["err_o"] == 0, f"unexpected error {s['err_code_o']}"
            if offering and s["in_ready_o"]:
                fire_cycles.append(self.cycle)
                i += 1
                offering = False
            if s["out_valid_o"] and ready:
                outs.append(s["out_data_o"].to_bytes(64, "big"))
                out_cycles.append(self.cycle)
                assert s["out_last_o"] == int(len(outs) == len(blocks))
            assert self.cycle - t_start < limit, "timeout"
        self.drv.update(in_valid_i=0, out_ready_i=0, in_last_i=0, in_data_i=0)
        s = await self.step()
        assert s["busy_o"] == 0 and s["out_valid_o"] == 0
        t["first_out"] = out_cycles[0] - t_start  # start pulse edge .. first output transfer
        t["fire_to_out"] = out_cycles[0] - fire_cycles[0]
        t["fires"] = fire_cycles
        t["t_start"] = t_start
        return outs, t


def pad_blocks(data: bytes) -> list[bytes]:
    """The feeder's job: split into 64-byte blocks, zero-pad the last (output truncated)."""
    n = max(1, (len(data) + 63) // 64)
    data = data + bytes(64 * n - len(data))
    return [data[64 * i:64 * i + 64] for i in range(n)]


async def encrypt(tb: Bench, key: bytes, iv: bytes, data: bytes, rounds: int, rfc: bool,
                  xor: bool = True, **kw) -> bytes:
    await tb.load(key, iv)
    outs, _ = await tb.message(model.cfg_word(rounds, len(key) == 16, rfc, xor),
                               pad_blocks(data), **kw)
    return b"".join(outs)[:len(data)]


@cocotb.test()
async def test_vectors(dut):
    """VECTORS.md TC1/TC8 (8 and 20 rounds), keystream mode; counter readback after one block."""
    tb = Bench(dut)
    await tb.init()
    for key, nonce, rounds, first16 in KAT:
        iv = model.make_iv(0, nonce)
        ks = await encrypt(tb, key, iv, bytes(64), rounds, rfc=False, xor=False)
        assert ks[:16].hex() == first16, (rounds, ks.hex())
        assert ks == model.block(key, iv, rounds)
        s = await tb.step()
        assert s["iv_o"].to_bytes(16, "big") == model.make_iv(1, nonce)
    ks = await encrypt(tb, bytes(32), bytes(16), bytes(64), 20, rfc=False, xor=False)
    assert ks.hex() == TC1_20_FULL
    # keystream mode ignores the input data
    ks2 = await encrypt(tb, bytes(32), bytes(16), bytes([0xA5]) * 64, 20, rfc=False, xor=False)
    assert ks2 == ks


@cocotb.test()
async def test_rfc7539(dut):
    """RFC 7539 A.2 from cryptography-vectors (RFC 8439 layout, XOR mode, partial last block)."""
    tb = Bench(dut)
    await tb.init()
    for case in rfc7539_cases():
        iv = model.make_iv(case["INITIAL_BLOCK_COUNTER"], case["NONCE"])
        ct = await encrypt(tb, case["KEY"], iv, case["PLAINTEXT"], 20, rfc=True)
        assert ct == case["CIPHERTEXT"], case["COUNT"]


@cocotb.test()
async def test_random_differential(dut):
    """Random messages with random stalls, back to back: ChaCha20 vs pycryptodome (both nonce
    sizes), ChaCha8/12 and 128-bit keys vs the model."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(SEED)
    for n in range(N_RANDOM):
        rounds = [8, 12, 20, 20][n % 4]
        rfc = bool(rng.getrandbits(1))
        key = rng.randbytes(16 if n % 5 == 4 else 32)
        nonce = rng.randbytes(12 if rfc else 8)
        ctr = rng.getrandbits(32 if rfc else 64) if n % 3 else rng.getrandbits(8)
        nblk = rng.randint(1, 4)
        data = rng.randbytes(rng.randint(1, 64 * nblk))
        # keep the RFC counter from wrapping inside the message (pycryptodome refuses that)
        if rfc:
            ctr = min(ctr, 2**32 - 8)
        iv = model.make_iv(ctr, nonce)
        pin, pout = rng.choice([(0.0, 0.0), (0.3, 0.3), (0.6, 0.1), (0.1, 0.7)])
        ct = await encrypt(tb, key, iv, data, rounds, rfc, p_in=pin, p_out=pout, rng=rng)
        assert ct == model.encrypt(key, iv, data, rounds, rfc), (n, rounds, rfc)
        if rounds == 20 and len(key) == 32:
            ref = ChaCha20.new(key=key, nonce=nonce)
            ref.seek(64 * ctr)
            assert ct == ref.encrypt(data), (n, "pycryptodome")


@cocotb.test()
async def test_counter(dut):
    """Counter carry across 2^32 (original layout), 32-bit wrap in RFC 8439, and pause/resume:
    iv_o read after a message continues the stream exactly."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(SEED + 1)
    key, nonce = rng.randbytes(32), rng.randbytes(8)
    iv = model.make_iv(2**32 - 2, nonce)
    data = rng.randbytes(64 * 4)
    ct = await encrypt(tb, key, iv, data, 20, rfc=False)
    ref = ChaCha20.new(key=key, nonce=nonce)
    ref.seek(64 * (2**32 - 2))
    assert ct == ref.encrypt(data)
    s = await tb.step()
    assert s["iv_o"].to_bytes(16, "big") == model.make_iv(2**32 + 2, nonce)
    # 64-bit wrap in the original layout
    iv = model.make_iv(2**64 - 1, nonce)
    ct = await encrypt(tb, key, iv, data[:128], 8, rfc=False)
    assert ct == model.encrypt(key, iv, data[:128], 8, rfc=False)
    # RFC 8439: the 32-bit counter wraps without touching the nonce
    nonce12 = rng.randbytes(12)
    iv = model.make_iv(2**32 - 1, nonce12)
    ct = await encrypt(tb, key, iv, data[:128], 12, rfc=True)
    assert ct == model.encrypt(key, iv, data[:128], 12, rfc=True)
    s = await tb.step()
    assert s["iv_o"].to_bytes(16, "big") == model.make_iv(1, nonce12)
    # pause and resume: 3 blocks, read the IV, restore it later, 2 more blocks
    iv = model.make_iv(rng.getrandbits(40), nonce)
    whole = model.encrypt(key, iv, data[:320], 20, rfc=False)
    part1 = await encrypt(tb, key, iv, data[:192], 20, rfc=False)
    s = await tb.step()
    saved = s["iv_o"].to_bytes(16, "big")
    await encrypt(tb, rng.randbytes(32), rng.randbytes(16), data[:64], 8, rfc=True)
    part2 = await encrypt(tb, key, saved, data[192:320], 20, rfc=False)
    assert part1 + part2 == whole


@cocotb.test()
async def test_timing(dut):
    """Cycle counts depend only on the configuration (constant time); record the figures."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(SEED + 2)
    for rounds in (8, 12, 20):
        seen = set()
        for _ in range(4):
            key, iv = rng.randbytes(32), rng.randbytes(16)
            await tb.load(key, iv)
            blocks = [rng.randbytes(64) for _ in range(4)]
            outs, t = await tb.message(model.cfg_word(rounds, False, False, True), blocks)
            assert b"".join(outs) == model.encrypt(key, iv, b"".join(blocks), rounds, False)
            gaps = tuple(b - a for a, b in zip(t["fires"], t["fires"][1:]))
            seen.add((t["first_out"], t["fire_to_out"], gaps))
        assert len(seen) == 1, f"timing depends on data: {seen}"
        first_out, fire_to_out, gaps = seen.pop()
        dut._log.info("ChaCha%d: start->first output %d cycles, input->output %d, "
                      "bulk %s cycles/64 B", rounds, first_out, fire_to_out, gaps)
        if rounds == 20:
            assert first_out <= 45 and gaps[0] <= 34
        # one block alone: 2R half-round cycles, the input transfer, the output; in a stream the
        # two slots finish alternately R - 1 and R + 1 cycles apart (R per block)
        assert first_out == 2 * rounds + 2 and fire_to_out == 1
        assert gaps == tuple(rounds - 1 + 2 * (k % 2) for k in range(len(gaps))), gaps
        # the fourth block's output: (n + 1)R + 1 cycles after the start for an even n
        assert t["fires"][-1] + 1 - t["t_start"] == 5 * rounds + 1


@cocotb.test()
async def test_errors(dut):
    """Bad rounds, no key, start/key/IV write while busy: err set, nothing produced, the running
    message unharmed; a good start clears the error."""
    tb = Bench(dut)
    await tb.init()
    s = await tb.step(start_i=1, cfg_i=model.cfg_word(20))
    s = await tb.step()
    assert s["err_o"] == 1 and s["busy_o"] == 0
    assert s["err_code_o"] == C.CV_CHACHA_STATUS_ERR_CODE_NOKEY
    key, iv = bytes(range(32)), bytes(range(16))
    await tb.load(key, iv)
    for rounds in (0, 2, 7, 10, 16, 24, 31):
        await tb.step(start_i=1, cfg_i=model.cfg_word(rounds))
        tb.drv.update(in_valid_i=1, in_last_i=1, out_ready_i=1)
        for _ in range(30):
            s = await tb.step()
            assert s["err_o"] == 1 and s["err_code_o"] == C.CV_CHACHA_STATUS_ERR_CODE_CFG
            assert s["busy_o"] == 0 and s["in_ready_o"] == 0 and s["out_valid_o"] == 0
        tb.drv.update(in_valid_i=0, in_last_i=0, out_ready_i=0)
    # a good message clears the error
    outs, _ = await tb.message(model.cfg_word(20, xor=False), [bytes(64)])
    assert outs[0] == model.block(key, iv, 20)
    # while busy: start, key and IV writes are flagged and ignored
    await tb.step(start_i=1, cfg_i=model.cfg_word(12, xor=False))
    await tb.step(start_i=1, cfg_i=model.cfg_word(8, xor=False))
    s = await tb.step(key_i=1, key_valid_i=1, iv_i=5, iv_valid_i=1)
    s = await tb.step()
    assert s["err_o"] == 1 and s["busy_o"] == 1
    assert s["err_code_o"] == C.CV_CHACHA_STATUS_ERR_CODE_BUSY
    iv1 = model.next_iv(iv, False)
    tb.drv.update(in_valid_i=1, in_last_i=1, in_data_i=0, out_ready_i=1)
    for _ in range(40):
        s = await tb.step()
        if s["out_valid_o"]:
            break
    tb.drv.update(in_valid_i=0, in_last_i=0, out_ready_i=0)
    assert s["out_data_o"].to_bytes(64, "big") == model.block(key, iv1, 12)
    s = await tb.step()
    assert s["err_o"] == 1 and s["busy_o"] == 0


@cocotb.test()
async def test_zeroize_reset(dut):
    """Zeroize and reset in the middle of a message: idle, key gone, no output; then a correct
    run after reloading."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(SEED + 3)
    for how in ("zeroize", "reset", "zeroize-out"):
        key, iv = rng.randbytes(32), rng.randbytes(16)
        await tb.load(key, iv)
        await tb.step(start_i=1, cfg_i=model.cfg_word(20))
        tb.drv.update(in_valid_i=1, in_data_i=1, in_last_i=0)
        for _ in range(rng.randint(3, 30) if how != "zeroize-out" else 25):
            await tb.step()
        tb.drv.update(in_valid_i=0)
        await tb.clear(how)
        tb.drv.update(out_ready_i=1, in_valid_i=1)
        for _ in range(30):
            s = await tb.step()
            assert s["busy_o"] == 0 and s["out_valid_o"] == 0 and s["in_ready_o"] == 0
            assert s["key_ready_o"] == 0 and s["iv_o"] == 0 and s["err_o"] == 0
            assert s["out_data_o"] == 0
        tb.drv.update(out_ready_i=0, in_valid_i=0)
        for sig in ("key_q", "state_q", "mid_q", "fin_q", "out_q"):
            assert int(getattr(dut, sig).value) == 0, sig
        data = rng.randbytes(100)
        ct = await encrypt(tb, key, iv, data, 20, rfc=False)
        assert ct == model.encrypt(key, iv, data, 20, rfc=False)
