# SPDX-License-Identifier: Apache-2.0
"""cocotb bench of ghash_top: CAVP GCM tags, random differential, stalls, errors, zeroize, timing.

Inputs are driven on the falling edge and outputs sampled 1 ns later, so every sample shows the
values that decide the transfers on the next rising edge. The bench learns DIGIT from the
GHASH_DIGIT environment variable (set by the pytest entry point that built the model).
"""
from __future__ import annotations

import os
import random
from pathlib import Path

import cocotb
from Crypto.Cipher import AES

from engines.common.step_bench import StepBench
from engines.ghash.model import ghash_model as model

SEED = int(os.environ.get("GHASH_SEED", "4242"))
N_RANDOM = int(os.environ.get("GHASH_RANDOM", "40"))
N_CAVP = int(os.environ.get("GHASH_CAVP", "24"))  # CAVP records per run (0: every Count = 0)
DIGIT = int(os.environ.get("GHASH_DIGIT", "16"))
NSTEP = 128 // DIGIT


def cavp_records(keylen: int, first_only: bool = True) -> list[dict[str, bytes | int]]:
    """gcmEncryptExtIV<keylen>.rsp from cryptography-vectors: Key, IV, PT, AAD, CT, Tag."""
    import cryptography_vectors
    path = (Path(cryptography_vectors.__file__).parent / "ciphers" / "AES" / "GCM"
            / f"gcmEncryptExtIV{keylen}.rsp")
    recs, cur = [], None
    for line in path.read_text().splitlines():
        if " = " not in line or line.startswith(("#", "[")):
            continue
        k, v = (x.strip() for x in line.split("=", 1))
        if k == "Count":
            cur = {"Count": int(v)}
            if not first_only or cur["Count"] == 0:
                recs.append(cur)
        elif cur is not None:
            cur[k] = bytes.fromhex(v)
    return recs


OUTS = ("key_ready_o", "in_ready_o", "out_valid_o", "out_data_o", "out_last_o", "busy_o",
        "err_o", "err_code_o")


class Bench(StepBench):
    def __init__(self, dut) -> None:
        super().__init__(dut, dict(rst_ni=0, zeroize_i=0, cfg_i=0, start_i=0, key_i=0,
                                   key_valid_i=0, iv_i=0, iv_valid_i=0, in_valid_i=0,
                                   in_data_i=0, in_last_i=0, out_ready_i=0), OUTS)

    async def load_h(self, h: bytes) -> None:
        await self.step(key_i=int.from_bytes(h, "big"), key_valid_i=1)

    async def load_y(self, y: bytes) -> None:
        await self.step(iv_i=int.from_bytes(y, "big"), iv_valid_i=1)

    async def message(self, data: bytes, cont: bool = False, p_in: float = 0.0,
                      p_out: float = 0.0, rng: random.Random | None = None,
                      limit: int = 20000) -> tuple[bytes, dict[str, object]]:
        """Start a message and stream the whole blocks of `data`; returns Y and timings."""
        rng = rng or random.Random(0)
        blocks = [data[i:i + 16] for i in range(0, len(data), 16)]
        assert blocks and all(len(b) == 16 for b in blocks)
        s = await self.step(start_i=1, cfg_i=int(cont))
        assert s["busy_o"] == 0
        t_start = self.cycle
        i, offering, fires, y = 0, False, [], None
        while y is None:
            if not offering and i < len(blocks) and rng.random() >= p_in:
                offering = True
            ready = 1 if rng.random() >= p_out else 0
            self.drv.update(in_valid_i=int(offering), out_ready_i=ready,
                            in_data_i=int.from_bytes(blocks[i], "big") if offering else 0,
                            in_last_i=int(offering and i == len(blocks) - 1))
            s = await self.step()
            assert s["err_o"] == 0, f"unexpected error {s['err_code_o']}"
            assert s["busy_o"] == 1
            if not s["out_valid_o"]:
                assert s["out_data_o"] == 0, "Y visible without out_valid_o"
            if offering and s["in_ready_o"]:
                fires.append(self.cycle)
                i += 1
                offering = False
            if s["out_valid_o"] and ready:
                assert s["out_last_o"] == 1 and i == len(blocks)
                y = s["out_data_o"].to_bytes(16, "big")
                t_out = self.cycle
            assert self.cycle - t_start < limit, "timeout"
        self.drv.update(in_valid_i=0, out_ready_i=0, in_last_i=0, in_data_i=0)
        s = await self.step()
        assert s["busy_o"] == 0 and s["out_valid_o"] == 0 and s["out_data_o"] == 0
        return y, {"fires": fires, "t_start": t_start, "t_out": t_out}


async def gcm_tag_rtl(tb: Bench, key: bytes, iv: bytes, aad: bytes, ct: bytes,
                      **kw) -> bytes:
    """A GCM tag with every GHASH on the engine (J0 of a non-96-bit IV too); AES in software."""
    h = model.hash_subkey(key)
    await tb.load_h(h)
    if len(iv) == 12:
        j0 = iv + b"\x00\x00\x00\x01"
    else:
        j0, _ = await tb.message(model.pad16(iv) + bytes(8) + (8 * len(iv)).to_bytes(8, "big"),
                                 **kw)
        assert j0 == model.j0(h, iv)
    s, _ = await tb.message(model.gcm_blocks(aad, ct), **kw)
    ek = AES.new(key, AES.MODE_ECB).encrypt(j0)
    return bytes(a ^ b for a, b in zip(s, ek))


@cocotb.test()
async def test_cavp(dut):
    """CAVP gcmEncryptExtIV records (IV lengths 8, 96 and 1024 bits, every AAD / PT length,
    truncated tags) from cryptography-vectors: the tag from the engine's GHASH matches."""
    tb = Bench(dut)
    await tb.init()
    recs = [r for kl in (128, 192, 256) for r in cavp_records(kl)]
    if N_CAVP:
        recs = random.Random(SEED).sample(recs, N_CAVP)
    for r in recs:
        tag = await gcm_tag_rtl(tb, r["Key"], r["IV"], r["AAD"], r["CT"])
        assert tag[:len(r["Tag"])] == r["Tag"], r
    dut._log.info("%d CAVP records", len(recs))


@cocotb.test()
async def test_random_differential(dut):
    """Random H and messages with random valid/ready stalls, back to back: Y against the model,
    continuation from the previous Y and from a loaded Y, GCM tags against pycryptodome."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(SEED)
    y_prev = bytes(16)
    h = rng.randbytes(16)
    await tb.load_h(h)
    for n in range(N_RANDOM):
        pin, pout = rng.choice([(0.0, 0.0), (0.3, 0.3), (0.6, 0.1), (0.1, 0.7)])
        kind = n % 4
        if kind == 0:  # a new H, a fresh message
            h = rng.randbytes(16)
            await tb.load_h(h)
            y0, cont = bytes(16), False
        elif kind == 1:  # continue from the Y the previous message left
            y0, cont = y_prev, True
        elif kind == 2:  # continue from a loaded Y
            y0, cont = rng.randbytes(16), True
            await tb.load_y(y0)
        else:  # a loaded Y is ignored by a fresh start
            await tb.load_y(rng.randbytes(16))
            y0, cont = bytes(16), False
        data = rng.randbytes(16 * rng.randint(1, 6))
        y, _ = await tb.message(data, cont, p_in=pin, p_out=pout, rng=rng)
        assert y == model.ghash(h, data, y0), (n, kind)
        y_prev = y
        if n % 8 == 7:  # a whole GCM tag against pycryptodome
            key = rng.randbytes(rng.choice((16, 24, 32)))
            iv = rng.randbytes(rng.choice((12, 12, 8, 20)))
            aad, pt = rng.randbytes(rng.randint(0, 40)), rng.randbytes(rng.randint(0, 60))
            ref = AES.new(key, AES.MODE_GCM, nonce=iv)
            ref.update(aad)
            ct, tag = ref.encrypt_and_digest(pt)
            got = await gcm_tag_rtl(tb, key, iv, aad, ct, p_in=pin, p_out=pout, rng=rng)
            assert got == tag, n
            h = model.hash_subkey(key)
            y_prev = model.ghash(h, model.gcm_blocks(aad, ct))


@cocotb.test()
async def test_timing(dut):
    """Constant time: the same cycle counts for any H and data; NSTEP cycles per block."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(SEED + 1)
    for nblk in (1, 2, 5):
        seen = set()
        for case in range(6):
            if case == 0:
                h, data = bytes(16), bytes(16 * nblk)
            elif case == 1:
                h, data = b"\xff" * 16, b"\xff" * (16 * nblk)
            else:
                h, data = rng.randbytes(16), rng.randbytes(16 * nblk)
            await tb.load_h(h)
            y, t = await tb.message(data)
            assert y == model.ghash(h, data)
            fires = t["fires"]
            gaps = tuple(b - a for a, b in zip(fires, fires[1:]))
            seen.add((fires[0] - t["t_start"], t["t_out"] - fires[-1], gaps))
        assert len(seen) == 1, f"timing depends on data: {seen}"
        first, lat, gaps = seen.pop()
        assert all(g == NSTEP for g in gaps), gaps
        assert lat == NSTEP + 1, lat
        dut._log.info("DIGIT=%d, %d blocks: start->first input %d, last input->Y %d cycles, "
                      "%d cycles/block", DIGIT, nblk, first, lat, NSTEP)


@cocotb.test()
async def test_errors(dut):
    """No H, start / H / Y write while busy: err set and the request ignored, the running
    message unharmed; a good start clears the error."""
    tb = Bench(dut)
    await tb.init()
    await tb.step(start_i=1)
    s = await tb.step()
    assert s["err_o"] == 1 and s["err_code_o"] == 3 and s["busy_o"] == 0
    tb.drv.update(in_valid_i=1, in_last_i=1, out_ready_i=1)
    for _ in range(10):
        s = await tb.step()
        assert s["in_ready_o"] == 0 and s["out_valid_o"] == 0 and s["busy_o"] == 0
    tb.drv.update(in_valid_i=0, in_last_i=0, out_ready_i=0)
    rng = random.Random(SEED + 2)
    h, data = rng.randbytes(16), rng.randbytes(48)
    await tb.load_h(h)
    y, _ = await tb.message(data)
    assert y == model.ghash(h, data)
    # while busy: start (continue and fresh), H and Y writes are flagged and ignored
    await tb.step(start_i=1, cfg_i=0)
    await tb.step(start_i=1, cfg_i=1)
    await tb.step(key_i=1, key_valid_i=1, iv_i=5, iv_valid_i=1)
    s = await tb.step()
    assert s["err_o"] == 1 and s["err_code_o"] == 2 and s["busy_o"] == 1
    tb.drv.update(in_valid_i=1, in_last_i=1, in_data_i=int.from_bytes(data[:16], "big"),
                  out_ready_i=1)
    for _ in range(2 * NSTEP + 4):
        s = await tb.step()
        if s["out_valid_o"]:
            break
    tb.drv.update(in_valid_i=0, in_last_i=0, out_ready_i=0, in_data_i=0)
    assert s["out_data_o"].to_bytes(16, "big") == model.ghash(h, data[:16])
    s = await tb.step()
    assert s["err_o"] == 1 and s["busy_o"] == 0
    # the next good start clears the error (and the H is still the one loaded before)
    y, _ = await tb.message(data[16:])
    assert y == model.ghash(h, data[16:])
    s = await tb.step()
    assert s["err_o"] == 0


@cocotb.test()
async def test_zeroize_reset(dut):
    """Zeroize and reset in the middle of a message and with Y waiting: idle, H and Y gone,
    nothing produced, a start refused for want of H; then a correct run after reloading."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(SEED + 3)
    for how in ("zeroize", "reset", "zeroize-out"):
        h = rng.randbytes(16)
        await tb.load_h(h)
        await tb.step(start_i=1)
        tb.drv.update(in_valid_i=1, in_data_i=rng.getrandbits(128),
                      in_last_i=int(how == "zeroize-out"))
        for _ in range(rng.randint(2, 3 * NSTEP) if how != "zeroize-out" else 3 * NSTEP):
            await tb.step()
        tb.drv.update(in_valid_i=0, in_last_i=0)
        await tb.clear(how)
        tb.drv.update(out_ready_i=1, in_valid_i=1)
        for _ in range(2 * NSTEP + 4):
            s = await tb.step()
            assert s["busy_o"] == 0 and s["out_valid_o"] == 0 and s["in_ready_o"] == 0
            assert s["key_ready_o"] == 0 and s["err_o"] == 0 and s["out_data_o"] == 0
        tb.drv.update(out_ready_i=0, in_valid_i=0)
        for sig in ("h_q", "y_q", "a_q"):
            assert int(getattr(dut, sig).value) == 0, sig
        await tb.step(start_i=1, cfg_i=1)
        s = await tb.step()
        assert s["err_o"] == 1 and s["err_code_o"] == 3 and s["busy_o"] == 0
        data = rng.randbytes(32)
        await tb.load_h(h)
        y, _ = await tb.message(data, cont=True)  # Y restarts from 0 after a clear
        assert y == model.ghash(h, data)
