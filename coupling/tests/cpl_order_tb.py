# SPDX-License-Identifier: Apache-2.0
"""cocotb bench of one cpl_engine (the hub + engine, toplevel cpl_engine, ENGINE from the
environment): CTRL applies KEYLOAD, IVLOAD, START in that order when one write carries them,
and a START during a key expansion (KLOAD without waiting) is held, shown BUSY, then taken.

Environment: CPL_ENGINE (1 AES, 4 ChaCha). References: pycryptodome AES, the ChaCha model that
engines/chacha/tests prove on the published vectors. Register offsets: coupling/regs/engine.toml.
"""
from __future__ import annotations

import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, Timer
from Crypto.Cipher import AES

from coupling.tests.cpl_engine_tb import F3, OFF, OP, fbit, fget, insn, wbytes, words
from coupling.tests.cpl_engine_tb import Bench as UnitBench
from engines.chacha.model import chacha_model
from tools import consts as C

ENGINE = int(os.environ.get("CPL_ENGINE", str(C.CV_ENGINE_CHACHA)))
AES_E, CHACHA_E = C.CV_ENGINE_AES, C.CV_ENGINE_CHACHA
BLOCK = {AES_E: 16, CHACHA_E: 64}[ENGINE]
KEYLEN = {AES_E: 16, CHACHA_E: 32}[ENGINE]
CFG = {AES_E: C.put("aes", "CFG", KSZ=C.CV_AES_CFG_KSZ_128, MODE=C.CV_AES_CFG_MODE_CBC),
       CHACHA_E: C.put("chacha", "CFG", ROUNDS=C.CV_CHACHA_CFG_ROUNDS_20, XOR=1)}[ENGINE]
CTRL = {n: fbit("CTRL", n) for n in ("KEYLOAD", "IVLOAD", "START", "ZEROIZE")}


def reference(key: bytes, iv: bytes, msg: bytes) -> bytes:
    if ENGINE == AES_E:
        return AES.new(key, AES.MODE_CBC, iv=iv).encrypt(msg)
    return chacha_model.encrypt(key, iv, msg, 20, False)


class Bench(UnitBench):
    """cpl_engine_tb's MMIO helpers on cpl_engine's ports (one-cycle cpi requests, no
    dispatcher)."""

    # the MMIO port is the unit's own: read data one cycle after the request
    mmio_lat = 1

    def __init__(self, dut) -> None:
        super().__init__(dut)
        self.rng = random.Random(ENGINE)

    async def init(self) -> None:
        d = self.dut
        cocotb.start_soon(Clock(d.clk_i, 10, unit="ns").start())
        for name in ("req_i", "we_i", "addr_i", "wdata_i", "cpi_req_i", "cpi_insn_i",
                     "cpi_rs1_i", "cpi_rs2_i", "dma_own_i", "dma_zeroize_i", "dma_start_i",
                     "dma_cfg_i", "dma_keyw_valid_i", "dma_keyw_data_i", "dma_keyload_i",
                     "dma_in_valid_i", "dma_in_data_i", "dma_in_last_i", "dma_in_bytes_i",
                     "dma_out_ready_i"):
            getattr(d, name).value = 0
        await FallingEdge(d.clk_i)
        d.rst_ni.value = 0
        await FallingEdge(d.clk_i)
        d.rst_ni.value = 1
        await self.idle()

    async def poll(self, name: str, limit: int = 200) -> int:
        for _ in range(limit):
            st = await self.read(OFF["STATUS"])
            if fget(st, "STATUS", name):
                return st
        raise AssertionError(f"STATUS.{name} never set")

    async def cpi(self, name: str, rs1: int = 0, rs2: int = 0) -> tuple[int, int]:
        """One instruction (the unit sees one request cycle, as cpl_dispatch forwards it). One
        with a result (funct3 xd) is answered from the hub's register, from the next cycle on:
        returns (rd, cycles to the answer, 1 = the next cycle). One without a result gets no
        answer from the hub (the dispatcher answers it): returns (0, 0)."""
        d = self.dut
        d.cpi_req_i.value = 1
        d.cpi_insn_i.value = insn(OP[name.rstrip("W") if name == "KLOADW" else name], F3[name],
                                  ENGINE)
        d.cpi_rs1_i.value, d.cpi_rs2_i.value = rs1, rs2
        await Timer(1, unit="ns")
        assert not int(d.cpi_rsp_valid_o.value), f"{name} answered in its request cycle"
        await FallingEdge(d.clk_i)
        d.cpi_req_i.value = 0
        xd = bool(F3[name] & 4)
        for n in range(1, 200):
            await Timer(1, unit="ns")
            if int(d.cpi_rsp_valid_o.value):
                assert xd, f"{name} (no result) answered"
                assert not int(d.cpi_rsp_err_o.value), f"{name} trapped"
                rd = int(d.cpi_rsp_data_o.value)
                await FallingEdge(d.clk_i)
                return rd, n
            assert not int(d.cpi_rsp_data_o.value), f"data without an answer after {name}"
            if not xd:
                return 0, 0
            await FallingEdge(d.clk_i)
        raise AssertionError(f"no answer to {name}")

    async def regs(self, name: str, data: bytes) -> None:
        for i, w in enumerate(words(data)):
            await self.write(OFF[name] + 4 * i, w)

    async def mmio_message(self, msg: bytes) -> bytes:
        out = b""
        for b in range(0, len(msg), BLOCK):
            ws = words(msg[b:b + BLOCK])
            await self.poll("IN_READY")
            for i, w in enumerate(ws):
                last = b + BLOCK >= len(msg) and i == len(ws) - 1
                await self.write(OFF["DINL" if last else "DIN"] + 4 * i, w)
            await self.poll("OUT_VALID")
            out += wbytes([await self.read(OFF["DOUT"] + 4 * i) for i in range(BLOCK // 4)])
        return out

    async def cpi_message(self, msg: bytes) -> bytes:
        out = b""
        for b in range(0, len(msg), BLOCK):
            ws = words(msg[b:b + BLOCK])
            for i in range(0, len(ws), 2):
                last = b + BLOCK >= len(msg) and i == len(ws) - 2
                await self.cpi("DATAL" if last else "DATA", ws[i], ws[i + 1])
            out += wbytes([(await self.cpi("RESULT"))[0] for _ in range(BLOCK // 4)])
        return out

    async def check_clean(self) -> None:
        st = await self.read(OFF["STATUS"])
        assert not fget(st, "STATUS", "ERR") and not fget(st, "STATUS", "BUSY"), hex(st)


@cocotb.test()
async def test_ctrl_one_write(dut) -> None:
    """One CTRL write with IVLOAD|START (key loaded before), then KEYLOAD|IVLOAD|START, then
    the same with ZEROIZE too: every block of every message right, no error left."""
    tb = Bench(dut)
    await tb.init()
    key = tb.rng.randbytes(KEYLEN)
    await tb.regs("KEY", key)
    await tb.write(OFF["CFG"], CFG)
    await tb.write(OFF["CTRL"], CTRL["KEYLOAD"])
    await tb.poll("KEY_READY")
    both = CTRL["IVLOAD"] | CTRL["START"]
    for cmd in (both, both | CTRL["KEYLOAD"], both | CTRL["KEYLOAD"] | CTRL["ZEROIZE"]):
        iv, msg = tb.rng.randbytes(16), tb.rng.randbytes(2 * BLOCK)
        if cmd & CTRL["KEYLOAD"]:
            key = tb.rng.randbytes(KEYLEN)
            await tb.regs("KEY", key)
        await tb.regs("IV", iv)
        await tb.write(OFF["CTRL"], cmd)
        if cmd & CTRL["ZEROIZE"]:   # ZEROIZE comes first: staged key and IV are zero
            key, iv = bytes(KEYLEN), bytes(16)
        assert await tb.mmio_message(msg) == reference(key, iv, msg), f"CTRL {cmd:#x}"
        await tb.idle()
        await tb.check_clean()


@cocotb.test()
async def test_start_during_key_expansion(dut) -> None:
    """KLOAD (not waiting), IV, IVLOAD, START at once, then the data: the START is held while
    the key is loaded (STATUS.BUSY), the message is right; KLOADW still waits for the key."""
    tb = Bench(dut)
    await tb.init()
    for rnd in range(3):
        key, iv, msg = (tb.rng.randbytes(n) for n in (KEYLEN, 16, 2 * BLOCK))
        ws = words(key)
        for i in range(0, len(ws), 2):
            await tb.cpi("KEY", ws[i], ws[i + 1])
        await tb.cpi("CFG", CFG)
        if rnd == 2:
            rd, n = await tb.cpi("KLOADW")
            assert fget(rd, "STATUS", "KEY_READY"), hex(rd)
            dut._log.info("KLOADW answered after %d cycles", n)
        else:
            await tb.cpi("KLOAD")
        ivw = words(iv)
        await tb.cpi("IV", ivw[0], ivw[1])
        await tb.cpi("IV", ivw[2], ivw[3])
        await tb.cpi("IVLOAD")
        await tb.cpi("START", CFG)
        st, _ = await tb.cpi("STATUS")
        assert fget(st, "STATUS", "BUSY") and not fget(st, "STATUS", "ERR"), hex(st)
        assert await tb.cpi_message(msg) == reference(key, iv, msg), f"round {rnd}"
        await tb.idle()
        await tb.check_clean()
