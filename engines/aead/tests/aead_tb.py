# SPDX-License-Identifier: Apache-2.0
"""cocotb bench of aead_top: CAVP GCM and CCM, random differential against pycryptodome (CCM*
with no tag against CTR on CCM's counter blocks), stalls, timing and constant time, errors,
zeroize, and the AES modes passing through.

Inputs are driven after the falling edge and outputs sampled 1 ns later, so every sample shows
the values that decide the transfers on the next rising edge. The build's parameters come from
AEAD_ARCH / AEAD_SBOX / AEAD_DIGIT (set by the pytest entry point that built the model).
"""
from __future__ import annotations

import json
import os
import random

import cocotb
from Crypto.Cipher import AES

from engines.aead.model import aead_model as m
from engines.aead.model import vectors as v
from engines.aead.tests.test_aead_model import ccm_star_ctr
from engines.common.step_bench import StepBench
from tools import consts as C

ARCH = int(os.environ.get("AEAD_ARCH", "0"))
DIGIT = int(os.environ.get("AEAD_DIGIT", "16"))
SEED = int(os.environ.get("AEAD_SEED", "2024"))
N_CAVP = int(os.environ.get("AEAD_CAVP", "12"))      # records per CAVP file; 0: every record
N_RANDOM = int(os.environ.get("AEAD_RANDOM", "60"))  # random messages per mode
MAXLEN = int(os.environ.get("AEAD_MAXLEN", "200"))   # random payload / AAD length bound
PERF_JSON = os.environ.get("AEAD_PERF_JSON", "")
PIPE = ARCH == 2
NR = {0: 10, 1: 12, 2: 14}

OUTS = ("key_ready_o", "in_ready_o", "out_valid_o", "out_data_o", "out_last_o", "busy_o",
        "err_o", "err_code_o")


class Bench(StepBench):
    def __init__(self, dut) -> None:
        super().__init__(dut, dict(rst_ni=0, zeroize_i=0, cfg_i=0, start_i=0, key_i=0,
                                   key_valid_i=0, iv_i=0, iv_valid_i=0, in_valid_i=0,
                                   in_data_i=0, in_last_i=0, in_bytes_i=0, out_ready_i=0),
                         OUTS)
        self.key: bytes | None = None

    async def load_key(self, key: bytes) -> None:
        await self.step(key_i=int.from_bytes(key + bytes(32 - len(key)), "big"), key_valid_i=1,
                        cfg_i=m.ksz_of(key))
        for _ in range(40):
            if (await self.step())["key_ready_o"]:
                break
        else:
            raise AssertionError("key_ready_o never rose")
        self.key = key

    async def message(self, cfg: int, ivreg: bytes, phases: list, p_in: float = 0.0,
                      p_out: float = 0.0, rng: random.Random | None = None,
                      limit: int = 100000) -> dict:
        """Load the IV register, start, stream the phases' blocks; returns the outputs, the final
        block, the error code and the cycles of every transfer (relative to the start)."""
        rng = rng or random.Random(0)
        flat = [b for p in phases for b in p]
        await self.step(iv_i=int.from_bytes(ivreg, "big"), iv_valid_i=1)
        s = await self.step(start_i=1, cfg_i=cfg)
        t0 = self.cycle
        i, offering, outs, final = 0, False, [], None
        fires, otimes = [], []
        err = 0
        while final is None:
            if not offering and i < len(flat) and rng.random() >= p_in:
                offering = True
            ready = 1 if rng.random() >= p_out else 0
            if offering:
                blk, n, last = flat[i]
                self.drv.update(in_valid_i=1, in_data_i=int.from_bytes(blk, "big"),
                                in_last_i=int(last), in_bytes_i=n if last else 16)
            else:
                self.drv.update(in_valid_i=0, in_data_i=0, in_last_i=0, in_bytes_i=0)
            self.drv["out_ready_i"] = ready
            s = await self.step()
            if offering and s["in_ready_o"]:
                fires.append(self.cycle - t0)
                i += 1
                offering = False
            if s["out_valid_o"] and ready:
                data = s["out_data_o"].to_bytes(16, "big")
                otimes.append(self.cycle - t0)
                if s["out_last_o"]:
                    final = data
                    err = s["err_code_o"] if s["err_o"] else 0
                else:
                    outs.append(data)
            if not s["busy_o"] and not s["out_valid_o"] and self.cycle - t0 > 1:
                err = s["err_code_o"] if s["err_o"] else -1
                break    # refused or aborted: nothing more comes
            assert self.cycle - t0 < limit, "timeout"
        self.drv.update(in_valid_i=0, in_data_i=0, in_last_i=0, in_bytes_i=0, out_ready_i=0)
        s = await self.step()
        if final is not None:
            assert s["busy_o"] == 0 and s["out_valid_o"] == 0, "busy after the final block"
            err = s["err_code_o"] if s["err_o"] else 0
        return {"out": outs, "final": final, "err": err, "fires": fires, "otimes": otimes,
                "taken": i}

    # ------------------------------------------------------------ whole messages
    async def gcm(self, iv: bytes, aad: bytes, data: bytes, tlen: int, tag: bytes | None = None,
                  **kw) -> dict:
        dec = tag is not None
        ivreg, ivb, ph = m.gcm_phases(iv, aad, data, tag)
        cfg = m.cfg_word(m.ksz_of(self.key), m.MODE_GCM, dec, tlen, ivb)
        r = await self.message(cfg, ivreg, ph, **kw)
        ref = m.Engine(self.key).message(m.MODE_GCM, dec, tlen, ivreg, ph, ivb=ivb)
        check(r, ref)
        return r

    async def ccm(self, nonce: bytes, aad: bytes, data: bytes, tlen: int,
                  tag: bytes | None = None, **kw) -> dict:
        dec = tag is not None
        b0, ph = m.ccm_phases(nonce, tlen, aad, data, tag)
        cfg = m.cfg_word(m.ksz_of(self.key), m.MODE_CCM, dec, tlen)
        r = await self.message(cfg, b0, ph, **kw)
        ref = m.Engine(self.key).message(m.MODE_CCM, dec, tlen, b0, ph)
        check(r, ref)
        return r


def check(r: dict, ref: m.Result) -> None:
    assert r["err"] == ref.err, f"error {r['err']}, model {ref.err}"
    assert r["out"] == ref.out, "payload blocks differ from the model"
    assert r["final"] == ref.final, f"final block {r['final']}, model {ref.final}"


def data_of(r: dict, n: int) -> bytes:
    return b"".join(r["out"])[:n]


async def new_bench(dut) -> Bench:
    tb = Bench(dut)
    await tb.init()
    return tb


def _pick(recs: list[dict], rng: random.Random) -> list[dict]:
    if N_CAVP == 0 or len(recs) <= N_CAVP:
        return recs
    # some failing records whenever the file has them (a third of the sample, at least one)
    fails = [r for r in recs if r["fail"]]
    nf = min(max(1, N_CAVP // 3), len(fails))
    out = rng.sample(recs, N_CAVP - nf) + rng.sample(fails, nf)
    return sorted(out, key=lambda r: r["Count"])


@cocotb.test()
async def test_gcm_cavp(dut):
    """gcmEncryptExtIV / gcmDecrypt (FAIL records included), 128/192/256, sampled records."""
    tb = await new_bench(dut)
    rng = random.Random(SEED)
    n = 0
    for keylen in (128, 192, 256):
        for kind in ("enc", "dec"):
            for r in _pick(v.gcm_records(kind, keylen), rng):
                if tb.key != r["Key"]:
                    await tb.load_key(r["Key"])
                if kind == "enc":
                    res = await tb.gcm(r["IV"], r["AAD"], r["PT"], len(r["Tag"]))
                    assert data_of(res, len(r["PT"])) == r["CT"], r
                    assert res["final"][:len(r["Tag"])] == r["Tag"], r
                else:
                    res = await tb.gcm(r["IV"], r["AAD"], r["CT"], len(r["Tag"]), tag=r["Tag"])
                    assert res["err"] == (m.ERR_AUTH if r["fail"] else 0), r
                    if not r["fail"]:
                        assert data_of(res, len(r["CT"])) == r["PT"], r
                n += 1
    dut._log.info(f"GCM CAVP: {n} records passed")


@cocotb.test()
async def test_ccm_cavp(dut):
    """CCM DVPT (decryption, Pass and Fail), VADT, VNT, VPT, VTT, 128/192/256, sampled."""
    tb = await new_bench(dut)
    rng = random.Random(SEED + 1)
    n = 0
    for keylen in (128, 192, 256):
        for kind in v.CCM_FILES:
            for r in _pick(v.ccm_records(kind, keylen), rng):
                if tb.key != r["Key"]:
                    await tb.load_key(r["Key"])
                if kind == "DVPT":
                    res = await tb.ccm(r["Nonce"], r["Adata"], r["CT"], r["Tlen"], tag=r["Tag"])
                    assert res["err"] == (m.ERR_AUTH if r["fail"] else 0), r
                    if not r["fail"]:
                        assert data_of(res, r["Plen"]) == r["Payload"], r
                else:
                    res = await tb.ccm(r["Nonce"], r["Adata"], r["Payload"], r["Tlen"])
                    assert data_of(res, r["Plen"]) == r["CT"], r
                    assert res["final"][:r["Tlen"]] == r["Tag"], r
                n += 1
    dut._log.info(f"CCM CAVP: {n} records passed")


def _rand_len(rng: random.Random) -> int:
    return rng.choice((0, 16, 32, rng.randint(1, MAXLEN), rng.randint(1, MAXLEN)))


async def random_messages(tb: Bench, rng: random.Random, n: int, p: float) -> None:
    for i in range(n):
        if i % 8 == 0:
            await tb.load_key(rng.randbytes(rng.choice((16, 24, 32))))
        kw = dict(p_in=p, p_out=p, rng=rng)
        aad, pt = rng.randbytes(_rand_len(rng)), rng.randbytes(_rand_len(rng))
        # GCM against pycryptodome, both directions, a forged tag
        iv = rng.randbytes(rng.choice((12, 12, 12, 1, 8, 16, 20, 64)))
        tl = rng.choice(m.GCM_TAGS)
        ref = AES.new(tb.key, AES.MODE_GCM, nonce=iv, mac_len=16)
        ref.update(aad)
        ct, tag = ref.encrypt_and_digest(pt)
        r = await tb.gcm(iv, aad, pt, tl, **kw)
        assert data_of(r, len(pt)) == ct and r["final"][:tl] == tag[:tl]
        r = await tb.gcm(iv, aad, ct, tl, tag=tag[:tl], **kw)
        assert r["err"] == 0 and data_of(r, len(pt)) == pt
        bad = bytearray(tag[:tl])
        bad[rng.randrange(tl)] ^= 1 << rng.randrange(8)
        r = await tb.gcm(iv, aad, ct, tl, tag=bytes(bad), **kw)
        assert r["err"] == m.ERR_AUTH and r["final"] == bytes(16)
        # CCM / CCM*
        nonce = rng.randbytes(rng.randint(7, 13))
        tl = rng.choice(m.CCM_TAGS)
        pt = pt[:(1 << (8 * (15 - len(nonce)))) - 1]
        if tl:
            ref = AES.new(tb.key, AES.MODE_CCM, nonce=nonce, mac_len=tl)
            ref.update(aad)
            ct, tag = ref.encrypt_and_digest(pt)
        else:
            ct, tag = ccm_star_ctr(tb.key, nonce, pt), b""
        r = await tb.ccm(nonce, aad, pt, tl, **kw)
        assert data_of(r, len(pt)) == ct and r["final"] == tag + bytes(16 - tl)
        r = await tb.ccm(nonce, aad, ct, tl, tag=tag, **kw)
        assert r["err"] == 0 and data_of(r, len(pt)) == pt
        if tl:
            bad = bytearray(tag)
            bad[rng.randrange(tl)] ^= 1 << rng.randrange(8)
            r = await tb.ccm(nonce, aad, ct, tl, tag=bytes(bad), **kw)
            assert r["err"] == m.ERR_AUTH


@cocotb.test()
async def test_random_differential(dut):
    """Random keys, IV / nonce and tag lengths, AAD and payload lengths, against pycryptodome's
    AES-GCM and AES-CCM (CCM* tag 0: its CTR), with forged tags; no stalls."""
    tb = await new_bench(dut)
    await random_messages(tb, random.Random(SEED + 2), N_RANDOM, 0.0)


@cocotb.test()
async def test_random_stalls(dut):
    """The same with random in_valid / out_ready stalls."""
    tb = await new_bench(dut)
    await random_messages(tb, random.Random(SEED + 3), max(4, N_RANDOM // 3), 0.3)


def _spacing(times: list[int]) -> set[int]:
    return {b - a for a, b in zip(times, times[1:])}


@cocotb.test()
async def test_timing(dut):
    """Cycles per payload block in a stream (the spacing of the payload outputs), and constant
    time: for each mode, direction and key size, three messages of the same lengths with random
    keys and data take exactly the same cycles for every transfer."""
    tb = await new_bench(dut)
    rng = random.Random(SEED + 4)
    perf = {"arch": ARCH, "digit": DIGIT, "rate": {}, "total": {}}
    nblk = 24
    for ksz in (0, 1, 2):
        for mode in ("gcm", "ccm"):
            for dec in (False, True):
                traces = []
                for _ in range(3):
                    await tb.load_key(rng.randbytes(16 + 8 * ksz))
                    aad, pt = rng.randbytes(20), rng.randbytes(16 * nblk)
                    if mode == "gcm":
                        iv = rng.randbytes(12)
                        tag = rng.randbytes(16) if dec else None
                        r = await tb.gcm(iv, aad, pt, 16, tag=tag)
                    else:
                        nonce = rng.randbytes(13)
                        tag = rng.randbytes(16) if dec else None
                        r = await tb.ccm(nonce, aad, pt, 16, tag=tag)
                    traces.append((r["fires"], r["otimes"]))
                assert traces[0] == traces[1] == traces[2], f"{mode} timing depends on data"
                sp = _spacing(traces[0][1][:nblk][4:])
                assert len(sp) == 1, f"{mode} uneven spacing {sp}"
                name = f"aes-{128 + 64 * ksz}-{mode}-{'dec' if dec else 'enc'}"
                perf["rate"][name] = sp.pop()
                perf["total"][name] = traces[0][1][-1]
                dut._log.info(f"{name}: {perf['rate'][name]} cycles/block in a stream, "
                              f"{perf['total'][name]} cycles start to tag "
                              f"({nblk} blocks, 20 bytes AAD)")
    # CCM* with no tag (CTR only), AES-128
    traces = []
    for _ in range(2):
        await tb.load_key(rng.randbytes(16))
        r = await tb.ccm(rng.randbytes(13), rng.randbytes(20), rng.randbytes(16 * nblk), 0)
        traces.append((r["fires"], r["otimes"]))
    assert traces[0] == traces[1], "CCM* timing depends on data"
    sp = _spacing(traces[0][1][:nblk][4:])
    assert len(sp) == 1
    perf["rate"]["aes-128-ccmstar-enc"] = sp.pop()
    dut._log.info(f"aes-128-ccmstar-enc: {perf['rate']['aes-128-ccmstar-enc']} cycles/block")
    # the packet: AES-128-GCM, 64 bytes, 16 bytes of AAD, 12-byte IV; start to the
    # tag taken, with H derived at this start (first message after a key load) and with H kept
    for first in (True, False):
        if first:
            await tb.load_key(rng.randbytes(16))
        r = await tb.gcm(rng.randbytes(12), rng.randbytes(16), rng.randbytes(64), 16)
        name = "gcm128-64B-aad16" + ("-with-H" if first else "")
        perf["total"][name] = r["otimes"][-1]
        dut._log.info(f"{name}: {perf['total'][name]} cycles start to tag")
    nr = NR
    for ksz in (0, 1, 2):
        k = 128 + 64 * ksz
        if PIPE:
            assert perf["rate"][f"aes-{k}-gcm-enc"] == max(1, 128 // DIGIT)
            assert perf["rate"][f"aes-{k}-gcm-dec"] == max(1, 128 // DIGIT)
            assert perf["rate"][f"aes-{k}-ccm-enc"] == nr[ksz] + 2
            assert perf["rate"][f"aes-{k}-ccm-dec"] == nr[ksz] + 2
        else:
            assert perf["rate"][f"aes-{k}-gcm-enc"] == nr[ksz]
            assert perf["rate"][f"aes-{k}-gcm-dec"] == nr[ksz]
            assert perf["rate"][f"aes-{k}-ccm-enc"] == 2 * nr[ksz]
            assert perf["rate"][f"aes-{k}-ccm-dec"] == 2 * nr[ksz] + 1
    assert perf["rate"]["aes-128-ccmstar-enc"] == (1 if PIPE else nr[0])
    if PERF_JSON:
        with open(PERF_JSON, "w") as f:
            json.dump(perf, f, indent=1)


@cocotb.test()
async def test_errors(dut):
    """PARAM (tag lengths, B0 flags), LEN, START_BUSY, WRITE_BUSY, NO_KEY, KEY_MISMATCH,
    KEY_SIZE: nothing is produced for a refused start, the engine stays usable."""
    tb = await new_bench(dut)
    rng = random.Random(SEED + 5)
    E = C
    for _ in range(20):     # the key store's wipe after reset
        await tb.step()
    # no key
    s = await tb.step(start_i=1, cfg_i=m.cfg_word(0, m.MODE_GCM, tlen=16))
    s = await tb.step()
    assert s["err_o"] and s["err_code_o"] == E.CV_AES_STATUS_ERR_CODE_NO_KEY and not s["busy_o"]
    key = rng.randbytes(16)
    await tb.load_key(key)
    iv = rng.randbytes(12)
    for tl in range(32):
        if tl in m.GCM_TAGS:
            continue
        s = await tb.step(start_i=1, cfg_i=m.cfg_word(0, m.MODE_GCM, tlen=tl) & 0x3FFF)
        s = await tb.step()
        want = m.ERR_PARAM if tl < 32 else None
        assert s["err_o"] and s["err_code_o"] == want and not s["busy_o"], tl
    for tl in range(17):
        b0 = m.ccm_b0(bytes(13), 8, 0, 0)
        await tb.step(iv_i=int.from_bytes(b0, "big"), iv_valid_i=1)
        s = await tb.step(start_i=1, cfg_i=m.cfg_word(0, m.MODE_CCM, tlen=tl))
        s = await tb.step()
        if tl == 8:
            assert not s["err_o"] and s["busy_o"]
            await tb.step(zeroize_i=1)
            await tb.load_key(key)
        else:
            assert s["err_code_o"] == m.ERR_PARAM and not s["busy_o"], tl
    for flags in (0x80 | 0x18 | 1, 0x18 | 0):   # reserved bit, L' = 0
        b0 = bytes([flags]) + bytes(15)
        await tb.step(iv_i=int.from_bytes(b0, "big"), iv_valid_i=1)
        s = await tb.step(start_i=1, cfg_i=m.cfg_word(0, m.MODE_CCM, tlen=8))
        s = await tb.step()
        assert s["err_code_o"] == m.ERR_PARAM and not s["busy_o"]
    # reserved key size; key size differing from the loaded key's (aes_top's check)
    s = await tb.step(start_i=1, cfg_i=m.cfg_word(3, m.MODE_GCM, tlen=16))
    s = await tb.step()
    assert s["err_code_o"] == m.ERR_KEY_SIZE and not s["busy_o"]
    s = await tb.step(start_i=1, cfg_i=m.cfg_word(2, m.MODE_GCM, tlen=16))
    for _ in range(30):
        s = await tb.step()
        if not s["busy_o"]:
            break
    assert s["err_o"] and s["err_code_o"] == C.CV_AES_STATUS_ERR_CODE_KEY_MISMATCH
    # a good message clears it
    await tb.gcm(iv, b"a", b"b" * 20, 16)
    # start, key and IV writes while a message runs: flagged, the message carries on
    ivreg, ivb, ph = m.gcm_phases(iv, b"", bytes(32))
    await tb.step(iv_i=int.from_bytes(ivreg, "big"), iv_valid_i=1)
    await tb.step(start_i=1, cfg_i=m.cfg_word(0, m.MODE_GCM, tlen=16))
    s = await tb.step(start_i=1, cfg_i=m.cfg_word(0, m.MODE_GCM, tlen=16))
    s = await tb.step(key_valid_i=1, key_i=0)
    assert s["err_code_o"] == C.CV_AES_STATUS_ERR_CODE_START_BUSY
    s = await tb.step(iv_valid_i=1, iv_i=0)
    assert s["err_code_o"] == C.CV_AES_STATUS_ERR_CODE_WRITE_BUSY
    await tb.step(zeroize_i=1)
    await tb.load_key(key)
    # a truncated received tag (GCM and CCM) with the true tag's other bytes on the bus past
    # in_bytes_i: the engine zero-pads it, so AUTH
    for mode in (m.MODE_GCM, m.MODE_CCM):
        for k in (0, 1, 15):
            if mode == m.MODE_GCM:
                ivreg, ivb, ph = m.gcm_phases(iv, b"a", b"b" * 20)
            else:
                ivreg, ph = m.ccm_phases(iv[:13], 16, b"a", b"b" * 20)
                ivb = False
            enc = m.Engine(key).message(mode, False, 16, ivreg, ph, ivb=ivb)
            ph[-1] = m.blocks(b"".join(enc.out)[:20])
            ph.append([(enc.final, k, True)])
            cfg = m.cfg_word(0, mode, True, 16, ivb)
            r = await tb.message(cfg, ivreg, ph)
            check(r, m.Engine(key).message(mode, True, 16, ivreg, ph, ivb=ivb))
            assert r["err"] == m.ERR_AUTH and r["final"] == bytes(16), (mode, k, r["err"])
    # LEN: a last block with more than 16 valid bytes; no tag released, engine usable
    ivreg, ivb, ph = m.gcm_phases(iv, b"x" * 5, b"y" * 20)
    ph[0] = [(ph[0][0][0], 25, True)]
    r = await tb.message(m.cfg_word(0, m.MODE_GCM, tlen=16), ivreg, ph)
    ref = m.Engine(key).message(m.MODE_GCM, False, 16, ivreg, ph)
    check(r, ref)
    assert r["err"] == m.ERR_LEN and r["final"] == bytes(16)
    await tb.gcm(iv, b"a", b"b" * 20, 16)


@cocotb.test()
async def test_zeroize_mid_message(dut):
    """Zeroize (and reset) with blocks in flight: the engine goes idle at once, a start is
    refused until a key is loaded, then H is derived again for the new key."""
    tb = await new_bench(dut)
    rng = random.Random(SEED + 6)
    for how in ("zeroize", "reset", "zeroize"):
        key = rng.randbytes(16)
        await tb.load_key(key)
        await tb.gcm(rng.randbytes(12), b"", rng.randbytes(40), 16)
        ivreg, ivb, ph = m.gcm_phases(rng.randbytes(12), b"", rng.randbytes(200))
        await tb.step(iv_i=int.from_bytes(ivreg, "big"), iv_valid_i=1)
        await tb.step(start_i=1, cfg_i=m.cfg_word(0, m.MODE_GCM, tlen=16))
        flat = [b for p in ph for b in p]
        tb.drv.update(out_ready_i=1)
        for blk, n, last in flat[:4]:
            tb.drv.update(in_valid_i=1, in_data_i=int.from_bytes(blk, "big"),
                          in_last_i=int(last), in_bytes_i=16)
            for _ in range(40):
                if (await tb.step())["in_ready_o"]:
                    break
        tb.drv.update(in_valid_i=0, in_last_i=0, out_ready_i=0)
        await tb.clear(how)
        s = await tb.step()
        assert not s["out_valid_o"] and not s["key_ready_o"] and s["out_data_o"] == 0
        s = await tb.step(start_i=1, cfg_i=m.cfg_word(0, m.MODE_GCM, tlen=16))
        s = await tb.step()
        assert s["err_code_o"] == C.CV_AES_STATUS_ERR_CODE_NO_KEY
        for _ in range(20):
            s = await tb.step()
        key2 = rng.randbytes(16)
        await tb.load_key(key2)
        await tb.gcm(rng.randbytes(12), b"q", rng.randbytes(33), 16)
        await tb.ccm(rng.randbytes(11), b"q", rng.randbytes(33), 8)


@cocotb.test()
async def test_aes_modes(dut):
    """The AES modes pass through to aes_top unchanged: CTR and CBC against pycryptodome, and
    ECB's block spacing is the AES engine's (Nr rolled, 1 pipelined)."""
    tb = await new_bench(dut)
    rng = random.Random(SEED + 7)
    for ksz in (0, 2):
        key = rng.randbytes(16 + 8 * ksz)
        await tb.load_key(key)
        for mode, name in ((C.CV_AES_CFG_MODE_ECB, "ECB"), (C.CV_AES_CFG_MODE_CTR, "CTR"),
                           (C.CV_AES_CFG_MODE_CBC, "CBC")):
            iv = rng.randbytes(16)
            pt = rng.randbytes(16 * 8)
            cfg = (ksz << C.CV_AES_CFG_KSZ_LSB) | (mode << C.CV_AES_CFG_MODE_LSB)
            ph = [[(pt[i:i + 16], 16, i == 16 * 7) for i in range(0, len(pt), 16)]]
            r = await tb.message(cfg, iv, ph)
            if name == "ECB":
                ref = AES.new(key, AES.MODE_ECB).encrypt(pt)
            elif name == "CTR":
                ref = AES.new(key, AES.MODE_CTR, nonce=b"", initial_value=iv).encrypt(pt)
            else:
                ref = AES.new(key, AES.MODE_CBC, iv=iv).encrypt(pt)
            assert b"".join(r["out"]) + r["final"] == ref, name
            if name == "ECB":
                sp = _spacing(r["otimes"])
                assert sp == {1 if PIPE else NR[ksz]}, sp
