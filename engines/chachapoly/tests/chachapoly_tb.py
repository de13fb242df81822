# SPDX-License-Identifier: Apache-2.0
"""cocotb bench of chachapoly_top: RFC 8439 and package vectors, random differential against
pycryptodome with stalls, forged tags, errors, zeroize, constant-time cycle counts.

Inputs are driven on the falling edge and outputs sampled 1 ns later, so every sample shows the
values that decide the transfers on the next rising edge.
"""
from __future__ import annotations

import json
import os
import random
from pathlib import Path

import cocotb
from Crypto.Cipher import ChaCha20_Poly1305

from engines.chacha.model import chacha_model
from engines.chachapoly.model import chachapoly_model as model
from engines.common.step_bench import StepBench
from tools import consts as C

SEED = int(os.environ.get("CHACHAPOLY_SEED", "8439"))
N_RANDOM = int(os.environ.get("CHACHAPOLY_RANDOM", "8"))
MAXLEN = int(os.environ.get("CHACHAPOLY_MAXLEN", "300"))
# package records per run: the RFC's, the failing one and a spread of the rest (0: every record)
N_VECTORS = int(os.environ.get("CHACHAPOLY_VECTORS", "5"))
ROOT = Path(__file__).resolve().parents[3]

AEAD = 1 << C.CV_CHACHA_CFG_AEAD_LSB
DEC = 1 << C.CV_CHACHA_CFG_DEC_LSB
CFG_ENC = chacha_model.cfg_word(20, False, True, True) | AEAD
CFG_DEC = CFG_ENC | DEC

OUTS = ("key_ready_o", "in_ready_o", "out_valid_o", "out_data_o", "out_last_o", "busy_o",
        "err_o", "err_code_o")


def reference(key: bytes, nonce: bytes, aad: bytes, pt: bytes) -> tuple[bytes, bytes]:
    c = ChaCha20_Poly1305.new(key=key, nonce=nonce)
    c.update(aad)
    return c.encrypt_and_digest(pt)


class Bench(StepBench):
    def __init__(self, dut) -> None:
        super().__init__(dut, dict(rst_ni=0, zeroize_i=0, cfg_i=0, start_i=0, key_i=0,
                                   key_valid_i=0, iv_i=0, iv_valid_i=0, in_valid_i=0,
                                   in_data_i=0, in_last_i=0, in_bytes_i=0, out_ready_i=0), OUTS)

    async def load(self, key: bytes, nonce: bytes, ctr: int = 0) -> None:
        """Key and IV (a counter, which the engine replaces by 0, and the nonce)."""
        iv = chacha_model.make_iv(ctr, nonce)
        await self.step(key_i=int.from_bytes(key, "big"), key_valid_i=1,
                        iv_i=int.from_bytes(iv, "big"), iv_valid_i=1)

    async def message(self, cfg: int, phases: list[list[tuple[bytes, int]]],
                      p_in: float = 0.0, p_out: float = 0.0, rng: random.Random | None = None,
                      limit: int = 40000) -> tuple[list[bytes], bytes, int, dict]:
        """Start a message and stream its phases (64-byte blocks with byte counts; bytes after
        the count are junk); returns the payload outputs, the final block, the error code and
        the transfer cycles."""
        rng = rng or random.Random(0)
        blocks = [(d, n, k == len(ph) - 1) for ph in phases for k, (d, n) in enumerate(ph)]
        s = await self.step(start_i=1, cfg_i=cfg)
        assert s["busy_o"] == 0
        t_start = self.cycle
        i, offering, outs, final, fires, out_cycles = 0, False, [], None, [], []
        while final is None:
            if not offering and i < len(blocks) and rng.random() >= p_in:
                offering = True
            ready = 1 if rng.random() >= p_out else 0
            if offering:
                d, n, last = blocks[i]
                junk = rng.randbytes(max(0, 64 - n)) if last else b""
                data = (d[:n] + junk)[:64] if last else d
            else:
                data, n, last = bytes(64), 0, False
            self.drv.update(in_valid_i=int(offering), out_ready_i=ready,
                            in_data_i=int.from_bytes(data, "big"), in_bytes_i=n if last else
                            rng.choice((0, 64, rng.getrandbits(8))),
                            in_last_i=int(last))
            s = await self.step()
            assert s["busy_o"] == 1
            if offering and s["in_ready_o"]:
                fires.append(self.cycle)
                i += 1
                offering = False
            if s["out_valid_o"] and ready:
                out_cycles.append(self.cycle)
                blk = s["out_data_o"].to_bytes(64, "big")
                if s["out_last_o"]:
                    assert i == len(blocks), "final block before the last input"
                    final, code = blk, s["err_code_o"] if s["err_o"] else 0
                else:
                    outs.append(blk)
            assert self.cycle - t_start < limit, "timeout"
        self.drv.update(in_valid_i=0, out_ready_i=0, in_last_i=0, in_data_i=0, in_bytes_i=0)
        s = await self.step()
        assert s["busy_o"] == 0 and s["out_valid_o"] == 0
        return outs, final, code, {"fires": fires, "outs": out_cycles, "t_start": t_start}

    async def check(self, key: bytes, nonce: bytes, aad: bytes, data: bytes, dec: bool,
                    tag: bytes = b"", **kw) -> tuple[bytes, bool, dict]:
        """One message against the model; returns the payload output, AUTH, the timings."""
        await self.load(key, nonce, kw.pop("ctr", 0))
        phases, want, final, auth = model.engine_view(key, nonce, aad, data, dec, tag)
        outs, got_final, code, t = await self.message(CFG_DEC if dec else CFG_ENC, phases, **kw)
        assert outs == want
        assert got_final == final
        assert code == (C.CV_CHACHA_STATUS_ERR_CODE_AUTH if auth else 0), code
        return b"".join(outs)[:len(data)], auth, t


async def seal(tb: Bench, key, nonce, aad, pt, **kw) -> tuple[bytes, bytes]:
    """Encrypt through the engine; (ciphertext, tag)."""
    await tb.load(key, nonce)
    phases, _, _, _ = model.engine_view(key, nonce, aad, pt, False)
    outs, final, code, _ = await tb.message(CFG_ENC, phases, **kw)
    assert code == 0
    return b"".join(outs)[:len(pt)], final[:16]


@cocotb.test()
async def test_vectors(dut):
    """RFC 8439 2.8.2 and every 12-byte-nonce record of cryptography-vectors' ChaCha20Poly1305
    files (BoringSSL, OpenSSL; a failing record gives AUTH): encryption and decryption."""
    tb = Bench(dut)
    await tb.init()
    cases = model.vector_cases()
    assert len(cases) >= 60 and any("fail" in c for c in cases)
    # RFC 8439 2.8.2 is BoringSSL's first record
    rfc = cases[0]
    assert rfc["tag"].hex() == "1ae10b594f09e26a7e902ecbd0600691"
    if N_VECTORS:
        step = max(1, len(cases) // N_VECTORS)
        cases = [c for i, c in enumerate(cases) if i % step == 0 or "fail" in c]
    for c in cases:
        if "fail" not in c:
            ct, tag = await seal(tb, c["key"], c["nonce"], c["aad"], c["pt"])
            assert (ct, tag) == (c["ct"], c["tag"]), c["key"].hex()
        pt, auth, _ = await tb.check(c["key"], c["nonce"], c["aad"], c["ct"], True, c["tag"])
        assert auth == ("fail" in c)
        if not auth:
            assert pt == c["pt"]


@cocotb.test()
async def test_random_differential(dut):
    """Random keys, nonces, AAD and payloads (0..MAXLEN bytes; every other message with lengths
    near the 16- and 64-byte edges), encryption against pycryptodome, decryption of the result and of a forged
    tag, with random valid/ready stalls, back to back."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(SEED)
    edges = [0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129]
    for n in range(N_RANDOM):
        key, nonce = rng.randbytes(32), rng.randbytes(12)
        # every other message on the edges, the rest random lengths
        la = edges[(n // 2) % len(edges)] if n % 2 == 0 else rng.randint(0, MAXLEN)
        lp = edges[(n // 2 * 7 + 3) % len(edges)] if n % 2 == 0 else rng.randint(0, MAXLEN)
        aad, pt = rng.randbytes(la), rng.randbytes(lp)
        pin, pout = rng.choice([(0.0, 0.0), (0.3, 0.3), (0.6, 0.1), (0.1, 0.7)])
        ct, tag = await seal(tb, key, nonce, aad, pt, p_in=pin, p_out=pout, rng=rng)
        assert (ct, tag) == reference(key, nonce, aad, pt), (n, la, lp)
        got, auth, _ = await tb.check(key, nonce, aad, ct, True, tag, p_in=pin, p_out=pout,
                                      rng=rng)
        assert got == pt and not auth
        bad = bytearray(tag)
        bad[rng.randrange(16)] ^= 1 << rng.randrange(8)
        _, auth, _ = await tb.check(key, nonce, aad, ct, True, bytes(bad), rng=rng)
        assert auth


@cocotb.test()
async def test_timing(dut):
    """Constant time: every transfer at the same cycle for any key, nonce and data, given the
    lengths; record the stream rate (cycles per 64 bytes at 4 KiB) in build/sim."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(SEED + 1)
    perf = {}
    for la, lp, dec in ((0, 0, False), (16, 64, False), (13, 100, True), (0, 4096, False),
                        (32, 1000, True)):
        seen = set()
        for case in range(3):
            key = (bytes(32), b"\xff" * 32, rng.randbytes(32))[case]
            nonce = (bytes(12), b"\xff" * 12, rng.randbytes(12))[case]
            aad = (bytes(la), b"\xff" * la, rng.randbytes(la))[case]
            data = (bytes(lp), b"\xff" * lp, rng.randbytes(lp))[case]
            tag = rng.randbytes(16)
            _, _, t = await tb.check(key, nonce, aad, data, dec, tag)
            seen.add(tuple(c - t["t_start"] for c in t["fires"] + t["outs"]))
        assert len(seen) == 1, f"timing depends on data ({la}, {lp}, {dec})"
        trace = seen.pop()
        total = trace[-1]  # start edge .. final block taken
        perf[f"{'dec' if dec else 'enc'}_aad{la}_pt{lp}"] = total
        dut._log.info("AAD %d, payload %d, %s: %d cycles from start to the final block",
                      la, lp, "dec" if dec else "enc", total)
    per64 = perf["enc_aad0_pt4096"] / 64
    dut._log.info("4 KiB encryption: %.2f cycles per 64 bytes", per64)
    assert per64 <= 25
    out = ROOT / "build" / "sim" / "chachapoly_perf_verilator.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"cycles": perf, "cycles_per_64B_4KiB": per64}, indent=1))


async def expect_error(tb: Bench, code: int) -> dict:
    s = await tb.step()
    assert s["err_o"] == 1 and s["err_code_o"] == code, (s["err_o"], s["err_code_o"], code)
    return s


@cocotb.test()
async def test_errors(dut):
    """No key, a configuration other than ChaCha20 / RFC / 256-bit / XOR, a start, key or IV
    write during a message, a last block over 64 bytes (no tag), a forged tag: each its code,
    nothing produced where refused, the running message unharmed, the engine usable after."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(SEED + 2)
    await tb.step(start_i=1, cfg_i=CFG_ENC)
    s = await expect_error(tb, C.CV_CHACHA_STATUS_ERR_CODE_NOKEY)
    assert s["busy_o"] == 0
    key, nonce = rng.randbytes(32), rng.randbytes(12)
    await tb.load(key, nonce)
    for cfg in (chacha_model.cfg_word(12, False, True, True) | AEAD,
                chacha_model.cfg_word(20, True, True, True) | AEAD,
                chacha_model.cfg_word(20, False, False, True) | AEAD,
                chacha_model.cfg_word(20, False, True, False) | AEAD):
        await tb.step(start_i=1, cfg_i=cfg)
        tb.drv.update(in_valid_i=1, in_last_i=1, out_ready_i=1)
        for _ in range(10):
            s = await expect_error(tb, C.CV_CHACHA_STATUS_ERR_CODE_CFG)
            assert s["busy_o"] == 0 and s["in_ready_o"] == 0 and s["out_valid_o"] == 0
        tb.drv.update(in_valid_i=0, in_last_i=0, out_ready_i=0)
    # a good message clears the error; requests during it are refused and change nothing
    aad, pt = rng.randbytes(20), rng.randbytes(90)
    await tb.step(start_i=1, cfg_i=CFG_ENC)
    for req in (dict(start_i=1, cfg_i=CFG_ENC), dict(start_i=1, cfg_i=CFG_ENC & 0xFF),
                dict(key_valid_i=1, key_i=5), dict(iv_valid_i=1, iv_i=7)):
        await tb.step(**req)
        s = await expect_error(tb, C.CV_CHACHA_STATUS_ERR_CODE_BUSY)
        assert s["busy_o"] == 1
    phases, want, final, _ = model.engine_view(key, nonce, aad, pt, False)
    blocks = [(d, n, k == len(ph) - 1) for ph in phases for k, (d, n) in enumerate(ph)]
    outs, got = [], None
    tb.drv.update(out_ready_i=1)
    while got is None:
        if blocks:
            d, n, last = blocks[0]
            tb.drv.update(in_valid_i=1, in_data_i=int.from_bytes(d, "big"), in_bytes_i=n,
                          in_last_i=int(last))
        else:
            tb.drv.update(in_valid_i=0)
        s = await tb.step()
        if blocks and s["in_ready_o"]:
            blocks.pop(0)
        if s["out_valid_o"]:
            blk = s["out_data_o"].to_bytes(64, "big")
            if s["out_last_o"]:
                got = blk
            else:
                outs.append(blk)
    tb.drv.update(in_valid_i=0, out_ready_i=0, in_last_i=0)
    assert outs == want and got == final
    assert s["err_code_o"] == C.CV_CHACHA_STATUS_ERR_CODE_BUSY  # sticky until the next start
    # LEN: a last block over 64 bytes is taken as 64, the message ends with no tag
    for dec in (False, True):
        await tb.load(key, nonce)
        phases = [[(bytes(64), 65)], model.phase(pt)] + ([model.phase(bytes(16))] if dec else [])
        outs, fin, code, _ = await tb.message(CFG_DEC if dec else CFG_ENC, phases)
        assert code == C.CV_CHACHA_STATUS_ERR_CODE_LEN and fin == bytes(64)
    # the engine works after every error, and after a forged tag
    await tb.load(key, nonce)
    ct, tag = await seal(tb, key, nonce, aad, pt)
    assert (ct, tag) == reference(key, nonce, aad, pt)
    _, auth, _ = await tb.check(key, nonce, aad, ct, True, bytes(16))
    assert auth
    got, auth, _ = await tb.check(key, nonce, aad, ct, True, tag)
    assert got == pt and not auth
    # a truncated tag (a tag phase of 15 bytes) fails
    await tb.load(key, nonce)
    phases, _, _, _ = model.engine_view(key, nonce, aad, ct, True, tag)
    phases[2] = [(tag + bytes(48), 15)]
    _, _, code, _ = await tb.message(CFG_DEC, phases)
    assert code == C.CV_CHACHA_STATUS_ERR_CODE_AUTH
    # plain ChaCha20 after AEAD messages: its error codes and outputs as chacha_top's
    iv = rng.randbytes(16)
    await tb.step(key_i=int.from_bytes(key, "big"), key_valid_i=1, iv_i=int.from_bytes(iv, "big"),
                  iv_valid_i=1)
    await tb.step(start_i=1, cfg_i=chacha_model.cfg_word(20))
    tb.drv.update(in_valid_i=1, in_last_i=1, in_data_i=0, out_ready_i=1)
    for _ in range(60):
        s = await tb.step()
        if s["out_valid_o"]:
            break
    tb.drv.update(in_valid_i=0, in_last_i=0, out_ready_i=0)
    assert s["out_data_o"].to_bytes(64, "big") == chacha_model.block(key, iv, 20)
    assert s["err_o"] == 0 and s["out_last_o"] == 1


@cocotb.test()
async def test_zeroize_reset(dut):
    """Zeroize and reset in every phase of a message (key block, AAD, payload, tag, final block
    waiting): idle, nothing produced, the key, the one-time key and the buffer gone; then a
    correct message."""
    tb = Bench(dut)
    await tb.init()
    rng = random.Random(SEED + 3)
    for how, wait in (("zeroize", 3), ("zeroize", 45), ("reset", 60), ("zeroize", 90),
                      ("reset", 130), ("zeroize", 200)):
        key, nonce = rng.randbytes(32), rng.randbytes(12)
        await tb.load(key, nonce)
        await tb.step(start_i=1, cfg_i=CFG_DEC)
        tb.drv.update(in_valid_i=1, in_data_i=rng.getrandbits(512), in_bytes_i=64, in_last_i=1)
        for _ in range(wait):
            await tb.step()
        tb.drv.update(in_valid_i=0, in_last_i=0)
        await tb.clear(how)
        tb.drv.update(out_ready_i=1, in_valid_i=1)
        for _ in range(30):
            s = await tb.step()
            assert s["busy_o"] == 0 and s["out_valid_o"] == 0 and s["in_ready_o"] == 0
            assert s["key_ready_o"] == 0 and s["err_o"] == 0 and s["out_data_o"] == 0
        tb.drv.update(out_ready_i=0, in_valid_i=0, in_bytes_i=0)
        for sig in ("mb_q", "fo_q", "alen_q", "clen_q"):
            assert int(getattr(dut, sig).value) == 0, (how, wait, sig)
        for sig in ("key_q", "state_q", "mid_q", "fin_q", "out_q"):
            assert int(getattr(dut.u_chacha, sig).value) == 0, (how, wait, sig)
        for sig in ("r_q", "s_q", "r2_q", "acc_a_q", "acc_b_q"):
            assert int(getattr(dut.u_poly, sig).value) == 0, (how, wait, sig)
        aad, pt = rng.randbytes(30), rng.randbytes(70)
        assert await seal(tb, key, nonce, aad, pt) == reference(key, nonce, aad, pt)
