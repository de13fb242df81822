# SPDX-License-Identifier: Apache-2.0
"""The coupling hub's ownership rule on adversarial/tests/adv_top.v (cpl_dispatch, cpl_dma, one
cpl_hub and the five engines), with the adversarial bench's drivers and references
(adversarial/tests/adv_tb.py): BUSY_OTHER, BUSY_DMA, the DMA's ENGINE refusal, and messages of
different engines interleaved."""
from __future__ import annotations

import random

import cocotb

from adversarial.tests.adv_tb import ENGINES, IVLOAD, KEYLOAD, START, ZEROIZE as ZERO, AdvBench
from coupling.tests.cpl_dma_tb import DMEM_BASE, ENGINE as DMA_ENGINE
from coupling.tests.cpl_engine_tb import OFF, fget, words
from tools import consts as C

AES, PRINCE, PRESENT, CHACHA, SHA3 = (ENGINES[C.ENGINES[n]] for n in
                                      ("AES", "PRINCE", "PRESENT", "CHACHA", "SHA3"))
BUSY_OTHER = C.CV_CPL_STATUS_ERR_CODE_BUSY_OTHER
BUSY_DMA = C.CV_CPL_STATUS_ERR_CODE_BUSY_DMA
DMA_ERR = 1 << C.CONSTANTS["CV_DMA_STATUS_ERR_LSB"]
DMA_CODE_LSB = C.CONSTANTS["CV_DMA_STATUS_ERR_CODE_LSB"]


def dma_code(st: int) -> int:
    """The DMA STATUS's error code when its ERR is set, else 0."""
    return (st >> DMA_CODE_LSB) & 0xF if st & DMA_ERR else 0


def code(st: int) -> int:
    """STATUS.ERR_CODE when STATUS.ERR is set, else 0."""
    return fget(st, "STATUS", "ERR_CODE") if fget(st, "STATUS", "ERR") else 0


async def bench(dut) -> AdvBench:
    tb = AdvBench(dut)
    await tb.init()
    return tb


async def refused(tb: AdvBench, e: int, want: int) -> None:
    """Engine e's STATUS shows the error `want`; ZEROIZE clears it again."""
    st = await tb.ust(e)
    assert code(st) == want, f"engine {e}: STATUS {st:#x}, wanted code {want}"
    await tb.uw(e, OFF["CTRL"], ZERO)
    await tb.ticks(2)
    assert code(await tb.ust(e)) == 0


def ecb_prince(rng: random.Random) -> tuple[int, bytes]:
    cfg = C.put("prince", "CFG", DEC=0, MODE=C.CV_PRINCE_CFG_MODE_ECB)
    return cfg, rng.randbytes(16)


@cocotb.test()
async def test_busy_other(dut):
    """A half-written PRINCE key holds the staging: key, IV, input, LAST_BYTES and command
    traffic of the other engines is refused with BUSY_OTHER over MMIO and custom instructions,
    their CFG writes, ZEROIZE and every read are served, and PRINCE's key is untouched."""
    tb = await bench(dut)
    rng = random.Random(40)
    cfg, key = ecb_prince(rng)
    kw = words(key)
    await tb.uw(PRINCE.num, OFF["KEY"], kw[0])
    await tb.uw(PRINCE.num, OFF["KEY"] + 4, kw[1])

    # MMIO: KEY, IV, DIN, DINL, LAST_BYTES, CTRL commands of the others
    for e, off, v in ((AES.num, OFF["KEY"], 0x11111111), (CHACHA.num, OFF["IV"], 0x22222222),
                      (PRESENT.num, OFF["DIN"], 0x33333333), (AES.num, OFF["DINL"] + 12, 5),
                      (SHA3.num, OFF["LAST_BYTES"], 3), (AES.num, OFF["CTRL"], START),
                      (CHACHA.num, OFF["CTRL"], KEYLOAD)):
        await tb.uw(e, off, v)
        await refused(tb, e, BUSY_OTHER)
    # custom instructions: answered (no trap), refused in STATUS
    for e, name, a, b in ((AES.num, "KEY", 1, 2), (PRESENT.num, "DATA", 3, 4),
                          (CHACHA.num, "IV", 5, 6), (SHA3.num, "LASTB", 2, 0),
                          (AES.num, "START", 0, 0), (PRESENT.num, "IVLOAD", 0, 0)):
        _, err, _ = await tb.ucpi(e, name, a, b)
        assert not err, f"{name} to engine {e} trapped"
        await refused(tb, e, BUSY_OTHER)
    _, err, _ = await tb.ucpi(AES.num, "KLOADW")       # answered at once (STATUS before it)
    assert not err
    await refused(tb, AES.num, BUSY_OTHER)
    # CFG, IE, reads: served
    await tb.uw(AES.num, OFF["CFG"], 0x5A)
    assert await tb.ur(AES.num, OFF["CFG"]) == 0x5A
    _, err, _ = await tb.ucpi(PRESENT.num, "CFG", 0x3)
    assert not err and await tb.ur(PRESENT.num, OFF["CFG"]) == 0x3
    assert fget(await tb.ur(CHACHA.num, OFF["ID"]), "ID", "ENGINE") == CHACHA.num
    rd, err, _ = await tb.ucpi(AES.num, "STATUS")
    assert not err and code(rd) == 0
    st = await tb.ust(AES.num)
    assert not fget(st, "STATUS", "IN_READY"), "another engine holds the staging"
    assert fget(await tb.ust(PRINCE.num), "STATUS", "IN_READY")
    # the holder's key survived: finish it, load it, run a message
    await tb.uw(PRINCE.num, OFF["KEY"] + 8, kw[2])
    await tb.uw(PRINCE.num, OFF["KEY"] + 12, kw[3])
    await tb.uw(PRINCE.num, OFF["CFG"], cfg)
    await tb.uw(PRINCE.num, OFF["CTRL"], KEYLOAD)
    await tb.poll(PRINCE.num, lambda s: fget(s, "STATUS", "KEY_READY"), "key")
    msg = rng.randbytes(24)
    out = await tb.mmio_message(PRINCE, cfg, b"", msg)
    assert out == PRINCE.ref(cfg, key, b"", msg)
    # free again: AES works
    acfg, akl = AES.rand_cfg(rng)
    akey, aiv, amsg = rng.randbytes(akl), rng.randbytes(16), rng.randbytes(32)
    await tb.uw(AES.num, OFF["CTRL"], ZERO)
    await tb.ticks(40)
    await tb.mmio_key(AES, acfg, akey)
    assert await tb.mmio_message(AES, acfg, aiv, amsg) == AES.ref(acfg, akey, aiv, amsg)


@cocotb.test()
async def test_zeroize_other(dut):
    """A ZEROIZE of another engine leaves the holder's partly collected block alone; the
    holder's own ZEROIZE clears it and frees the staging."""
    tb = await bench(dut)
    rng = random.Random(41)
    cfg, kl = AES.rand_cfg(rng)
    cfg = C.put("aes", "CFG", KSZ=C.get("aes", "CFG", "KSZ", cfg), MODE=C.CV_AES_CFG_MODE_ECB)
    key, msg = rng.randbytes(kl), rng.randbytes(16)
    await tb.mmio_key(AES, cfg, key)
    await tb.mmio_start(AES, cfg, bytes(16))
    ws = words(msg)
    await tb.uw(AES.num, OFF["DIN"], ws[0])

    await tb.uw(AES.num, OFF["DIN"] + 4, ws[1])
    for e in (PRINCE.num, CHACHA.num, SHA3.num):
        await tb.uw(e, OFF["CTRL"], ZERO)
    _, err, _ = await tb.ucpi(PRESENT.num, "ZERO")
    assert not err
    await tb.ticks(2)
    await tb.uw(AES.num, OFF["DIN"] + 8, ws[2])
    await tb.uw(AES.num, OFF["DINL"] + 12, ws[3])
    out = await tb.mmio_out_block(AES, 4)
    assert out == AES.ref(cfg, key, bytes(16), msg)
    # the holder's zeroize frees the staging
    await tb.uw(AES.num, OFF["DIN"], ws[0])
    await tb.uw(PRINCE.num, OFF["KEY"], 1)
    await refused(tb, PRINCE.num, BUSY_OTHER)
    await tb.uw(AES.num, OFF["CTRL"], ZERO)
    await tb.ticks(2)
    await tb.uw(PRINCE.num, OFF["KEY"], 1)
    assert code(await tb.ust(PRINCE.num)) == 0
    await tb.uw(PRINCE.num, OFF["CTRL"], ZERO)


@cocotb.test()
async def test_busy_dma(dut):
    """While the DMA owns the hub (a ChaCha job), every engine's data and command writes are
    refused with BUSY_DMA, reads are answered (STATUS.DMA set in every window), and the job's
    output is right."""
    tb = await bench(dut)
    rng = random.Random(42)
    cfg, kl = CHACHA.rand_cfg(rng)
    key, iv, msg = rng.randbytes(kl), rng.randbytes(16), rng.randbytes(256)
    st, _ = await tb.dma_key(CHACHA, cfg, key, 0x100)
    assert not dma_code(st), f"DMA key load failed: {st:#x}"
    # the IV through the window (the DMA does not load IVs)
    for i, w in enumerate(words(iv)):
        await tb.uw(CHACHA.num, OFF["IV"] + 4 * i, w)
    await tb.uw(CHACHA.num, OFF["CTRL"], IVLOAD)
    await tb.ticks(4)
    src, dst = 0x1000, 0x2000
    tb.mem[src:src + len(msg)] = msg
    for reg, v in (("ENGINE", CHACHA.num), ("ECFG", cfg), ("SRC", DMEM_BASE + src),
                   ("DST", DMEM_BASE + dst), ("LEN", len(msg)), ("OUTLEN", 0)):
        await tb.dw(reg, v)
    await tb.dw("CTRL", 1)
    await tb.ticks(3)
    seen = 0
    for e, off in ((AES.num, OFF["KEY"]), (PRINCE.num, OFF["DIN"]), (SHA3.num, OFF["CFG"])):
        assert fget(await tb.ust(e), "STATUS", "DMA")
        await tb.uw(e, off, 0x1234)
        st = await tb.ust(e)
        if fget(st, "STATUS", "DMA") or code(st):
            assert code(st) == BUSY_DMA, f"engine {e}: STATUS {st:#x}"
            seen += 1
        await tb.uw(e, OFF["CTRL"], ZERO)
    _, err, _ = await tb.ucpi(PRESENT.num, "DATA", 1, 2)
    assert not err
    if fget(await tb.ust(PRESENT.num), "STATUS", "DMA"):
        assert code(await tb.ust(PRESENT.num)) == BUSY_DMA
    assert seen >= 2, "the job ended before the writes"
    st, _ = await tb.dma_wait()
    assert not dma_code(st), f"DMA job failed: {st:#x}"
    assert bytes(tb.mem[dst:dst + len(msg)]) == CHACHA.ref(cfg, key, iv, msg)
    await tb.uw(PRESENT.num, OFF["CTRL"], ZERO)


@cocotb.test()
async def test_dma_engine_refused(dut):
    """A DMA job or key load on an engine while another engine holds the staging is refused
    (DMA STATUS.ERR_CODE = ENGINE) and the holder's key is untouched."""
    tb = await bench(dut)
    rng = random.Random(43)
    cfg, kl = AES.rand_cfg(rng)
    key, iv, msg = rng.randbytes(kl), rng.randbytes(16), rng.randbytes(48)
    for i, w in enumerate(words(key.ljust(32, b"\0"))):
        await tb.uw(AES.num, OFF["KEY"] + 4 * i, w)
    pcfg, pkey = ecb_prince(rng)
    st, _ = await tb.dma_key(PRINCE, pcfg, pkey, 0x100)
    assert dma_code(st) == DMA_ENGINE, f"{st:#x}"
    tb.mem[0x1000:0x1010] = bytes(16)
    st, _ = await tb.dma_job(SHA3.num, 0, DMEM_BASE + 0x1000, DMEM_BASE + 0x2000, 16)
    assert dma_code(st) == DMA_ENGINE, f"{st:#x}"
    # AES's staged key survived
    await tb.uw(AES.num, OFF["CFG"], AES.key_cfg(cfg))
    await tb.uw(AES.num, OFF["CTRL"], KEYLOAD)
    await tb.poll(AES.num, lambda s: fget(s, "STATUS", "KEY_READY") and
                  not fget(s, "STATUS", "BUSY"), "key")
    assert await tb.mmio_message(AES, cfg, iv, msg) == AES.ref(cfg, key, iv, msg)
    # free again: the DMA key load goes through
    st, _ = await tb.dma_key(PRINCE, pcfg, pkey, 0x100)
    assert not dma_code(st), f"{st:#x}"


@cocotb.test()
async def test_interleaved(dut):
    """Messages of every engine interleaved over MMIO, custom instructions and the DMA: an
    AES output block waits in its engine while PRINCE, SHA-3, ChaCha and PRESENT run whole
    messages through the shared staging; every output equals the reference."""
    tb = await bench(dut)
    rng = random.Random(44)
    keys = {}
    for eng in (AES, PRINCE, PRESENT, CHACHA):
        cfg, kl = eng.rand_cfg(rng)
        keys[eng.num] = (cfg, rng.randbytes(kl))
    cfg, key = keys[AES.num]
    await tb.mmio_key(AES, cfg, key)
    await tb.cpi_key(PRINCE, *keys[PRINCE.num])
    st, _ = await tb.dma_key(CHACHA, *keys[CHACHA.num], 0x100)
    assert not dma_code(st), f"{st:#x}"
    # AES: one block in, its output left in the engine
    aiv, amsg = rng.randbytes(16), rng.randbytes(16)
    await tb.mmio_start(AES, cfg, aiv)
    await tb.mmio_in_block(AES, amsg, True)
    await tb.poll(AES.num, lambda s: fget(s, "STATUS", "IN_READY"), "block taken")
    # PRINCE over custom instructions
    pcfg, pkey = keys[PRINCE.num]
    piv, pmsg = rng.randbytes(8), rng.randbytes(24)
    out, _ = await tb.cpi_message(PRINCE, pcfg, piv, pmsg)
    assert out == PRINCE.ref(pcfg, pkey, piv, pmsg)
    # SHA-3 over MMIO
    scfg, _ = SHA3.rand_cfg(rng)
    smsg = rng.randbytes(rng.randint(0, 100))
    assert await tb.mmio_message(SHA3, scfg, b"", smsg) == SHA3.ref(scfg, b"", b"", smsg)
    # the AES output block is still there
    assert await tb.mmio_out_block(AES, 4) == AES.ref(cfg, key, aiv, amsg)
    # ChaCha by the DMA (IV over MMIO), PRESENT over MMIO
    ccfg, ckey = keys[CHACHA.num]
    civ, cmsg = rng.randbytes(16), rng.randbytes(128)
    for i, w in enumerate(words(civ)):
        await tb.uw(CHACHA.num, OFF["IV"] + 4 * i, w)
    await tb.uw(CHACHA.num, OFF["CTRL"], IVLOAD)
    await tb.ticks(4)
    tb.mem[0x1000:0x1000 + len(cmsg)] = cmsg
    st, _ = await tb.dma_job(CHACHA.num, ccfg, DMEM_BASE + 0x1000, DMEM_BASE + 0x3000, len(cmsg))
    assert not dma_code(st), f"{st:#x}"
    assert bytes(tb.mem[0x3000:0x3000 + len(cmsg)]) == CHACHA.ref(ccfg, ckey, civ, cmsg)
    rcfg, rkey = keys[PRESENT.num]
    await tb.mmio_key(PRESENT, rcfg, rkey)
    riv, rmsg = rng.randbytes(8), rng.randbytes(16)
    assert await tb.mmio_message(PRESENT, rcfg, riv, rmsg) == PRESENT.ref(rcfg, rkey, riv, rmsg)
    # and AES again, over custom instructions, with its key still loaded
    amsg2 = rng.randbytes(32)
    out, _ = await tb.cpi_message(AES, cfg, aiv, amsg2)
    assert out == AES.ref(cfg, key, aiv, amsg2)
