# SPDX-License-Identifier: Apache-2.0
"""cocotb bench of the AES engine's coupling (cpl_engine 1: the hub with aes_top), behind
cpl_dispatch (coupling/tests/cpl_engine_top.v).

Inputs are driven just after a falling edge; combinational outputs are sampled 1 ns later, so a
sample shows what the next rising edge will act on. Register offsets come from
coupling/regs/engine.toml (no literals). References: pycryptodome.

Environment: CPL_ARCH (AES datapath of the build), CPL_DMA_BITS, CPL_QUICK=1 (subset, Icarus),
CPL_SEED, CPL_PERF_JSON (measured cycle figures are written there).
"""
from __future__ import annotations

import json
import os
import random
import tomllib
from pathlib import Path

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, Timer
from Crypto.Cipher import AES
from Crypto.Hash import CMAC

from engines.aes.model.aes_model import pycryptodome_reference
from tools import consts as C

ROOT = Path(__file__).resolve().parents[2]
ARCH = int(os.environ.get("CPL_ARCH", "0"))
DMA_BITS = int(os.environ.get("CPL_DMA_BITS", "32"))
QUICK = os.environ.get("CPL_QUICK", "0") == "1"
SEED = int(os.environ.get("CPL_SEED", "5"))
PERF_JSON = os.environ.get("CPL_PERF_JSON", "")
AEAD = os.environ.get("CPL_AEAD", "0") == "1"   # the engine is aead_top (AES_AEAD = 1)
NR = {0: 10, 1: 12, 2: 14}
KEYLEN = {0: 16, 1: 24, 2: 32}

# register offsets and fields from the shared layout
_REGS = {r["name"]: r
         for r in tomllib.loads((ROOT / "coupling/regs/engine.toml").read_text())["reg"]}
OFF = {n: r["offset"] for n, r in _REGS.items()}


def field(reg: str, name: str) -> tuple[int, int]:
    for f in _REGS[reg].get("field", []):
        if f["name"] == name:
            bits = [int(b) for b in str(f["bits"]).split(":")]
            return bits[-1], bits[0] - bits[-1] + 1
    raise KeyError(name)


def fget(value: int, reg: str, name: str) -> int:
    lsb, width = field(reg, name)
    return (value >> lsb) & ((1 << width) - 1)


def fbit(reg: str, name: str) -> int:
    return 1 << field(reg, name)[0]


# modes: (mode code, decrypt)
ECB, CBC, CFB = C.CV_AES_CFG_MODE_ECB, C.CV_AES_CFG_MODE_CBC, C.CV_AES_CFG_MODE_CFB128
OFB, CTR, CMACM = C.CV_AES_CFG_MODE_OFB, C.CV_AES_CFG_MODE_CTR, C.CV_AES_CFG_MODE_CMAC
MODES = [(ECB, 0), (ECB, 1), (CBC, 0), (CBC, 1), (CFB, 0), (CFB, 1), (OFB, 0), (CTR, 0)]
# the engine operations of the custom-instruction table (coupling/regs/cpi.toml)
OP = {name: op for name, kind, op, _ in C.CPI_OPS if kind == "ENG"}
F3 = {name: f3 for name, kind, _, f3 in C.CPI_OPS if kind == "ENG"}
E_OVERRUN, E_UNDERFLOW = C.CV_CPL_STATUS_ERR_CODE_OVERRUN, C.CV_CPL_STATUS_ERR_CODE_UNDERFLOW
E_BUSY_DMA, E_OP = C.CV_CPL_STATUS_ERR_CODE_BUSY_DMA, C.CV_CPL_STATUS_ERR_CODE_OP


def cfgw(ksz: int, mode: int, dec: int = 0, kind: int = 0) -> int:
    return C.put("aes", "CFG", KSZ=ksz, MODE=mode, DEC=dec, KIND=kind)


def words(b: bytes) -> list[int]:
    """Memory-order words: what lw returns for each 4 bytes."""
    return [int.from_bytes(b[i:i + 4], "little") for i in range(0, len(b), 4)]


def wbytes(ws: list[int]) -> bytes:
    return b"".join(w.to_bytes(4, "little") for w in ws)


def insn(op: int, f3: int, target: int = C.CV_ENGINE_AES, opcode: int = C.CV_CPI_OPCODE) -> int:
    return (target << 29) | (op << 25) | (f3 << 12) | (1 << 7) | opcode


class Bench:
    # cycles from an MMIO read request to its data: cpl_engine_top registers the request, as the
    # SoC's crossbar does, and the unit answers a cycle later
    mmio_lat = 2

    def __init__(self, dut) -> None:
        self.dut = dut
        self.rng = random.Random(SEED)
        self.perf: dict[str, int] = {}

    async def init(self) -> None:
        d = self.dut
        cocotb.start_soon(Clock(d.clk_i, 10, unit="ns").start())
        for name in ("req_i", "we_i", "addr_i", "wdata_i", "cpi_req_valid_i", "cpi_req_insn_i",
                     "cpi_req_rs1_i", "cpi_req_rs2_i", "dma_own_i", "dma_start_i", "dma_cfg_i",
                     "dma_keyw_valid_i", "dma_keyw_data_i", "dma_keyload_i", "dma_in_valid_i",
                     "dma_in_data_i", "dma_in_last_i", "dma_in_bytes_i", "dma_out_ready_i"):
            getattr(d, name).value = 0
        await FallingEdge(d.clk_i)
        d.rst_ni.value = 0
        await self.cycles(2)
        d.rst_ni.value = 1
        await self.cycles(1)
        await self.idle()

    async def cycles(self, n: int) -> None:
        for _ in range(n):
            await FallingEdge(self.dut.clk_i)

    async def settle(self) -> None:
        await Timer(1, unit="ns")

    # ---------------------------------------------------------------- MMIO
    async def write(self, off: int, value: int) -> None:
        d = self.dut
        d.req_i.value, d.we_i.value, d.addr_i.value, d.wdata_i.value = 1, 1, off, value
        await FallingEdge(d.clk_i)
        d.req_i.value, d.we_i.value = 0, 0

    async def read(self, off: int) -> int:
        d = self.dut
        d.req_i.value, d.we_i.value, d.addr_i.value = 1, 0, off
        await FallingEdge(d.clk_i)
        d.req_i.value = 0
        for _ in range(self.mmio_lat - 1):  # cpl_engine_top registers the unit's request
            await FallingEdge(d.clk_i)
        return int(d.rdata_o.value)

    async def status(self) -> int:
        return await self.read(OFF["STATUS"])

    async def idle(self, limit: int = 64) -> None:
        """Wait until STATUS.BUSY is low (e.g. the AES key-store wipe after reset/zeroize)."""
        for _ in range(limit):
            if not fget(await self.status(), "STATUS", "BUSY"):
                return
        raise AssertionError("unit stays busy")

    async def wait_key(self, limit: int = 64) -> None:
        for _ in range(limit):
            if fget(await self.status(), "STATUS", "KEY_READY"):
                return
        raise AssertionError("key never ready")

    async def mmio_key(self, key: bytes, ksz: int) -> None:
        for i, w in enumerate(words(key)):
            await self.write(OFF["KEY"] + 4 * i, w)
        await self.write(OFF["CFG"], cfgw(ksz, 0))
        await self.write(OFF["CTRL"], fbit("CTRL", "KEYLOAD"))
        await self.wait_key()

    async def mmio_block(self, blk: bytes, last: bool, poll: bool = True) -> None:
        ws = words(blk)
        for _ in range(100 if poll else 0):   # a DIN write while a block is staged is dropped
            if fget(await self.status(), "STATUS", "IN_READY"):
                break
        for i in range(3):
            await self.write(OFF["DIN"] + 4 * i, ws[i])
        await self.write(OFF["DINL" if last else "DIN"] + 12, ws[3])

    async def mmio_result(self) -> bytes:
        for _ in range(100):
            st = await self.status()
            if fget(st, "STATUS", "OUT_VALID"):
                break
        assert fget(st, "STATUS", "OUT_VALID"), f"no output, STATUS {st:#x}"
        return wbytes([await self.read(OFF["DOUT"] + 4 * i) for i in range(4)])

    # ---------------------------------------------------------------- custom instructions
    async def cpi(self, name: str, rs1: int = 0, rs2: int = 0, *, op: int | None = None,
                  f3: int | None = None, target: int = C.CV_ENGINE_AES,
                  opcode: int = C.CV_CPI_OPCODE, limit: int = 200) -> tuple[int, int, int]:
        """Issue one instruction; returns (rd, err, cycles from acceptance to the answer)."""
        d = self.dut
        op = OP[name.rstrip("W") if name == "KLOADW" else name] if op is None else op
        f3 = F3[name] if f3 is None else f3
        d.cpi_req_valid_i.value = 1
        d.cpi_req_insn_i.value = insn(op, f3, target, opcode)
        d.cpi_req_rs1_i.value = rs1
        d.cpi_req_rs2_i.value = rs2
        await self.settle()
        while not int(d.cpi_req_ready_o.value):
            await FallingEdge(d.clk_i)
            await self.settle()
        await FallingEdge(d.clk_i)
        d.cpi_req_valid_i.value = 0
        n = 1
        await self.settle()
        while not int(d.cpi_rsp_valid_o.value):
            await FallingEdge(d.clk_i)
            await self.settle()
            n += 1
            assert n < limit, f"no answer to {name}"
        return int(d.cpi_rsp_data_o.value), int(d.cpi_rsp_err_o.value), n

    async def ok(self, name: str, rs1: int = 0, rs2: int = 0) -> int:
        rd, err, _ = await self.cpi(name, rs1, rs2)
        assert not err, f"{name} trapped"
        return rd

    async def cpi_key(self, key: bytes, ksz: int) -> int:
        ws = words(key)
        for i in range(0, len(ws), 2):
            await self.ok("KEY", ws[i], ws[i + 1])
        await self.ok("CFG", cfgw(ksz, 0))
        rd, err, n = await self.cpi("KLOADW")
        assert not err and fget(rd, "STATUS", "KEY_READY"), hex(rd)
        return n

    async def cpi_iv(self, iv: bytes) -> None:
        ws = words(iv)
        await self.ok("IV", ws[0], ws[1])
        await self.ok("IV", ws[2], ws[3])
        await self.ok("IVLOAD")

    async def cpi_block(self, blk: bytes, last: bool) -> bytes:
        ws = words(blk)
        await self.ok("DATA", ws[0], ws[1])
        await self.ok("DATAL" if last else "DATA", ws[2], ws[3])
        out = []
        for i in range(4):
            rd, err, n = await self.cpi("RESULT")
            assert not err
            if i == 0:
                self.last_result_wait = n
            out.append(rd)
        return wbytes(out)

    def code(self, st: int) -> int:
        assert fget(st, "STATUS", "ERR"), hex(st)
        return fget(st, "STATUS", "ERR_CODE")

    def dump(self) -> None:
        if PERF_JSON:
            path = Path(PERF_JSON)
            old = json.loads(path.read_text()) if path.exists() else {}
            path.write_text(json.dumps({**old, "arch": ARCH, "dma_bits": DMA_BITS, **self.perf},
                                       indent=1))


def rand_msg(tb: Bench, nblocks: int) -> bytes:
    return tb.rng.randbytes(16 * nblocks)


@cocotb.test()
async def test_registers(dut) -> None:
    """ID, CAP, KEY write-only, unknown offsets, IV readback and restore, LAST_BYTES reset."""
    tb = Bench(dut)
    await tb.init()
    idw = await tb.read(OFF["ID"])
    assert fget(idw, "ID", "MAGIC") == C.CONSTANTS["CV_CPL_ID_MAGIC_CIPHER_V"]
    assert fget(idw, "ID", "ENGINE") == C.CONSTANTS["CV_ENGINE_AES"]
    assert fget(idw, "ID", "VERSION") == C.CONSTANTS["CV_CPL_ID_VERSION_V1_0"]
    cap = await tb.read(OFF["CAP"])
    assert (fget(cap, "CAP", "BLOCK_BYTES"), fget(cap, "CAP", "KEY_BYTES"),
            fget(cap, "CAP", "IV_BYTES")) == (16, 32, 16)
    assert (cap >> 24) & 3 == ARCH
    assert await tb.read(OFF["LAST_BYTES"]) == 16
    key = tb.rng.randbytes(32)
    for i, w in enumerate(words(key)):
        await tb.write(OFF["KEY"] + 4 * i, w)
        assert await tb.read(OFF["KEY"] + 4 * i) == 0
    for off in (0x020, 0x03C, 0x140, 0xFFC, 0x800):
        await tb.write(off, 0xFFFFFFFF)
        assert await tb.read(off) == 0
    await tb.write(OFF["CFG"], 0x1FF)
    assert await tb.read(OFF["CFG"]) == 0xFF
    iv = tb.rng.randbytes(16)
    for i, w in enumerate(words(iv)):
        await tb.write(OFF["IV"] + 4 * i, w)
    assert [await tb.read(OFF["IV"] + 4 * i) for i in range(4)] == [0] * 4  # not loaded yet
    await tb.write(OFF["CTRL"], fbit("CTRL", "IVLOAD"))
    assert [await tb.read(OFF["IV"] + 4 * i) for i in range(4)] == words(iv)
    # the engine bus is big-endian: byte 0 of the IV is its most significant byte
    assert int(dut.u_aes.u_eng.g_aes.u_eng.iv_o.value) == int.from_bytes(iv, "big")
    # pause and resume a CBC message through the IV registers
    ksz = 0
    key = key[:16]
    await tb.mmio_key(key, ksz)
    msg = rand_msg(tb, 4)
    ref = pycryptodome_reference(CBC, 0, key, iv, msg)
    await tb.write(OFF["CFG"], cfgw(ksz, CBC))
    await tb.write(OFF["CTRL"], fbit("CTRL", "START"))
    out = b""
    for b in range(2):
        await tb.mmio_block(msg[16 * b:16 * b + 16], last=(b == 1))
        out += await tb.mmio_result()
    assert out == ref[:32], (out.hex(), ref[:32].hex())
    saved = [await tb.read(OFF["IV"] + 4 * i) for i in range(4)]
    assert saved == words(out[16:32])
    await tb.write(OFF["CTRL"], fbit("CTRL", "ZEROIZE"))
    await tb.idle()
    assert [await tb.read(OFF["IV"] + 4 * i) for i in range(4)] == [0] * 4
    await tb.mmio_key(key, ksz)
    for i, w in enumerate(saved):
        await tb.write(OFF["IV"] + 4 * i, w)
    await tb.write(OFF["CFG"], cfgw(ksz, CBC))
    await tb.write(OFF["CTRL"], fbit("CTRL", "IVLOAD") | fbit("CTRL", "START"))
    for b in range(2, 4):
        await tb.mmio_block(msg[16 * b:16 * b + 16], last=(b == 3))
        out += await tb.mmio_result()
    assert out == ref
    await tb.cycles(1)  # the read of the last DOUT word reaches the engine a cycle later
    assert not fget(await tb.status(), "STATUS", "BUSY")


@cocotb.test()
async def test_mmio_modes(dut) -> None:
    """Every mode, direction and key size over MMIO vs pycryptodome; latency of one block."""
    tb = Bench(dut)
    await tb.init()
    ksizes = [0] if QUICK else [0, 1, 2]
    for ksz in ksizes:
        key = tb.rng.randbytes(KEYLEN[ksz])
        await tb.mmio_key(key, ksz)
        for mode, dec in (MODES[:3] if QUICK else MODES):
            n = tb.rng.randint(1, 3)
            iv = tb.rng.randbytes(16)
            msg = rand_msg(tb, n)
            for i, w in enumerate(words(iv)):
                await tb.write(OFF["IV"] + 4 * i, w)
            await tb.write(OFF["CFG"], cfgw(ksz, mode, dec))
            await tb.write(OFF["CTRL"], fbit("CTRL", "IVLOAD") | fbit("CTRL", "START"))
            out = b""
            for b in range(n):
                await tb.mmio_block(msg[16 * b:16 * b + 16], last=(b == n - 1))
                if b == 0:
                    # cycles from the edge that took the final DIN write to OUT_VALID high
                    # (one of them: the write reaches the unit a cycle later, registered in
                    # cpl_engine_top as by the SoC's crossbar)
                    c = 0
                    await tb.settle()
                    eng = dut.u_aes.u_eng.g_aead.u_eng if AEAD else dut.u_aes.u_eng.g_aes.u_eng
                    while not int(eng.out_valid_o.value):
                        await FallingEdge(dut.clk_i)
                        await tb.settle()
                        c += 1
                    expect = NR[ksz] + 2
                    assert c == expect, (c, expect)
                    tb.perf[f"mmio_din_to_out_valid_ksz{ksz}"] = c
                out += await tb.mmio_result()
            assert out == pycryptodome_reference(mode, dec, key, iv, msg), (ksz, mode, dec)
            await tb.cycles(1)
            assert not fget(await tb.status(), "STATUS", "BUSY")
    tb.dump()


@cocotb.test()
async def test_cmac(dut) -> None:
    """CMAC over MMIO: complete, partial and empty last blocks (feeder pads, kind 1/2)."""
    tb = Bench(dut)
    await tb.init()
    key = tb.rng.randbytes(16)
    await tb.mmio_key(key, 0)
    for nbytes in ([0, 16, 20] if QUICK else [0, 1, 15, 16, 17, 32, 47, 64]):
        msg = tb.rng.randbytes(nbytes)
        full = nbytes > 0 and nbytes % 16 == 0
        padded = msg if full else msg + b"\x80" + b"\x00" * (15 - nbytes % 16)
        nb = len(padded) // 16
        for i in range(4):
            await tb.write(OFF["IV"] + 4 * i, 0)
        await tb.write(OFF["CFG"], cfgw(0, CMACM, 0, 1 if full else 2))
        await tb.write(OFF["CTRL"], fbit("CTRL", "IVLOAD") | fbit("CTRL", "START"))
        for b in range(nb):
            await tb.mmio_block(padded[16 * b:16 * b + 16], last=(b == nb - 1))
        tag = await tb.mmio_result()
        assert tag == CMAC.new(key, msg=msg, ciphermod=AES).digest(), nbytes


@cocotb.test()
async def test_errors(dut) -> None:
    """OVERRUN, UNDERFLOW, BUSY_DMA, engine configuration codes, which error is latest, clears."""
    tb = Bench(dut)
    await tb.init()
    # UNDERFLOW: DOUT read with nothing valid reads 0
    assert await tb.read(OFF["DOUT"] + 12) == 0
    assert tb.code(await tb.status()) == E_UNDERFLOW
    # engine code after a unit code: bad mode at START -> code 2 (MODE). The START reaches the
    # engine two cycles after the write (the slot decides it in the next cycle, a flip-flop
    # carries it to the engine): a STATUS read issued at once shows BUSY and no error (the
    # START on its way clears or replaces it), the engine's answer after it
    await tb.write(OFF["CFG"], cfgw(0, 6))
    await tb.write(OFF["CTRL"], fbit("CTRL", "START"))
    assert await tb.status() == fbit("STATUS", "BUSY") | fbit("STATUS", "IN_READY")
    assert tb.code(await tb.status()) == 2
    await tb.write(OFF["CFG"], cfgw(3, 0))
    await tb.write(OFF["CTRL"], fbit("CTRL", "START"))
    await tb.cycles(2)
    assert tb.code(await tb.status()) == 1
    # no key -> 6 (NO_KEY)
    await tb.write(OFF["CFG"], cfgw(0, 0))
    await tb.write(OFF["CTRL"], fbit("CTRL", "START"))
    await tb.cycles(2)
    assert tb.code(await tb.status()) == 6
    # OVERRUN: a staged block nobody takes, then another DIN write
    await tb.mmio_block(bytes(16), last=False)
    st = await tb.status()
    assert not fget(st, "STATUS", "IN_READY")
    await tb.mmio_block(bytes(16), last=False, poll=False)
    await tb.write(OFF["DIN"], 1)
    assert tb.code(await tb.status()) == E_OVERRUN
    # ZEROIZE clears the unit's error and the staged block
    await tb.write(OFF["CTRL"], fbit("CTRL", "ZEROIZE"))
    await tb.idle()
    st = await tb.status()
    assert not fget(st, "STATUS", "ERR") and fget(st, "STATUS", "IN_READY"), hex(st)
    # BUSY_DMA: while dma_own the CPU's CFG/KEY/IV/DIN/CTRL writes are refused
    key = tb.rng.randbytes(16)
    await tb.mmio_key(key, 0)
    await tb.write(OFF["CFG"], cfgw(0, ECB))
    dut.dma_own_i.value = 1
    await tb.write(OFF["CFG"], cfgw(0, CTR))
    st = await tb.status()
    assert fget(st, "STATUS", "DMA") and tb.code(st) == E_BUSY_DMA
    assert await tb.read(OFF["CFG"]) == cfgw(0, ECB)
    await tb.write(OFF["CTRL"], fbit("CTRL", "START"))
    assert not fget(await tb.status(), "STATUS", "BUSY")
    rd, err, _ = await tb.cpi("DATA", 1, 2)
    assert not err and tb.code(await tb.status()) == E_BUSY_DMA
    dut.dma_own_i.value = 0
    # an accepted START clears the unit's error; the message then runs
    await tb.write(OFF["CTRL"], fbit("CTRL", "START"))
    st = await tb.status()
    assert not fget(st, "STATUS", "ERR") and fget(st, "STATUS", "BUSY"), hex(st)
    blk = tb.rng.randbytes(16)
    await tb.mmio_block(blk, last=True)
    assert await tb.mmio_result() == AES.new(key, AES.MODE_ECB).encrypt(blk)
    # START while busy is the engine's code 4; the running message is not disturbed
    await tb.write(OFF["CTRL"], fbit("CTRL", "START"))
    await tb.mmio_block(blk, last=False)
    await tb.write(OFF["CTRL"], fbit("CTRL", "START"))
    await tb.cycles(2)
    assert tb.code(await tb.status()) == 4
    await tb.mmio_block(blk, last=True)
    assert await tb.mmio_result() == AES.new(key, AES.MODE_ECB).encrypt(blk)
    assert await tb.mmio_result() == AES.new(key, AES.MODE_ECB).encrypt(blk)


@cocotb.test()
async def test_interrupts(dut) -> None:
    """IS.DONE/ERR/OUT latch, W1C, irq_o = |(IS & IE)."""
    tb = Bench(dut)
    await tb.init()
    assert await tb.read(OFF["IS"]) == 0    # the key-store wipe after reset is not a message
    key = tb.rng.randbytes(16)
    await tb.mmio_key(key, 0)
    await tb.write(OFF["CFG"], cfgw(0, ECB))
    await tb.write(OFF["CTRL"], fbit("CTRL", "START"))
    await tb.mmio_block(bytes(16), last=True)
    for _ in range(100):
        if fget(await tb.status(), "STATUS", "OUT_VALID"):
            break
    assert await tb.read(OFF["IS"]) == fbit("IS", "OUT")
    assert not int(dut.irq_o.value)
    await tb.write(OFF["IE"], fbit("IE", "OUT"))
    await tb.cycles(1)      # the write reaches the unit a cycle later (cpl_engine_top)
    assert int(dut.irq_o.value)
    await tb.mmio_result()
    await tb.cycles(2)
    assert await tb.read(OFF["IS"]) == fbit("IS", "OUT") | fbit("IS", "DONE")
    await tb.write(OFF["IS"], fbit("IS", "OUT"))
    await tb.cycles(1)
    assert not int(dut.irq_o.value)
    assert await tb.read(OFF["IS"]) == fbit("IS", "DONE")
    await tb.write(OFF["IE"], fbit("IE", "DONE"))
    await tb.cycles(1)
    assert int(dut.irq_o.value)
    await tb.write(OFF["IS"], 7)
    await tb.write(OFF["IE"], fbit("IE", "ERR"))
    await tb.read(OFF["DOUT"])          # UNDERFLOW: ERR, then IS.ERR on the next edge
    await tb.cycles(1)
    assert await tb.read(OFF["IS"]) == fbit("IS", "ERR") and int(dut.irq_o.value)
    await tb.write(OFF["IS"], 7)
    await tb.cycles(1)
    assert not int(dut.irq_o.value)
    # zeroize (and its key-store wipe) sets nothing; a refused START raises ERR, not DONE
    await tb.write(OFF["CTRL"], fbit("CTRL", "ZEROIZE"))
    await tb.idle()
    assert await tb.read(OFF["IS"]) == 0
    await tb.write(OFF["CFG"], cfgw(0, 7))
    await tb.write(OFF["CTRL"], fbit("CTRL", "START"))
    await tb.cycles(3)
    assert await tb.read(OFF["IS"]) == fbit("IS", "ERR")


@cocotb.test()
async def test_zeroize(dut) -> None:
    """Zeroize mid-message: key, IV, staged block and output gone; a held KEYLOAD; recovery."""
    tb = Bench(dut)
    await tb.init()
    key = tb.rng.randbytes(32)
    await tb.mmio_key(key, 2)
    iv = tb.rng.randbytes(16)
    for i, w in enumerate(words(iv)):
        await tb.write(OFF["IV"] + 4 * i, w)
    await tb.write(OFF["CFG"], cfgw(2, CBC))
    await tb.write(OFF["CTRL"], fbit("CTRL", "IVLOAD") | fbit("CTRL", "START"))
    await tb.mmio_block(tb.rng.randbytes(16), last=False)
    await tb.mmio_block(tb.rng.randbytes(16), last=False)   # staged while the first runs
    assert not fget(await tb.status(), "STATUS", "IN_READY")
    for i, w in enumerate(words(key)):
        await tb.write(OFF["KEY"] + 4 * i, w)
    # ZEROIZE and KEYLOAD together: zeroize first (it clears the staged key too), then a key
    # load of the cleared staging, held through the key-store wipe
    await tb.write(OFF["CTRL"], fbit("CTRL", "ZEROIZE") | fbit("CTRL", "KEYLOAD"))
    st = await tb.status()
    assert fget(st, "STATUS", "BUSY") and not fget(st, "STATUS", "KEY_READY")
    assert fget(st, "STATUS", "IN_READY") and not fget(st, "STATUS", "OUT_VALID")
    assert [await tb.read(OFF["IV"] + 4 * i) for i in range(4)] == [0] * 4
    await tb.wait_key()
    await tb.idle()
    await tb.write(OFF["CFG"], cfgw(2, ECB))
    await tb.write(OFF["CTRL"], fbit("CTRL", "START"))
    await tb.mmio_block(bytes(16), last=True)
    assert await tb.mmio_result() == AES.new(bytes(32), AES.MODE_ECB).encrypt(bytes(16))
    # ZEROIZE, then the real key written and loaded during the wipe: held, not lost
    await tb.write(OFF["CTRL"], fbit("CTRL", "ZEROIZE"))
    for i, w in enumerate(words(key)):
        await tb.write(OFF["KEY"] + 4 * i, w)
    await tb.write(OFF["CFG"], cfgw(2, ECB))
    await tb.write(OFF["CTRL"], fbit("CTRL", "KEYLOAD"))
    assert fget(await tb.status(), "STATUS", "BUSY")
    await tb.wait_key()
    await tb.idle()
    assert [await tb.read(OFF["KEY"] + 4 * i) for i in range(8)] == [0] * 8
    msg = rand_msg(tb, 2)
    for i, w in enumerate(words(iv)):
        await tb.write(OFF["IV"] + 4 * i, w)
    await tb.write(OFF["CFG"], cfgw(2, CBC))
    await tb.write(OFF["CTRL"], fbit("CTRL", "IVLOAD") | fbit("CTRL", "START"))
    out = b""
    for b in range(2):
        await tb.mmio_block(msg[16 * b:16 * b + 16], last=(b == 1))
        out += await tb.mmio_result()
    assert out == pycryptodome_reference(CBC, 0, key, iv, msg)
    # zeroize by instruction
    await tb.ok("ZERO")
    st = await tb.status()
    assert not fget(st, "STATUS", "KEY_READY")
    await tb.idle()


@cocotb.test()
async def test_cpi(dut) -> None:
    """Every operation through cpl_dispatch, illegal encodings, waits, back-to-back rate."""
    tb = Bench(dut)
    await tb.init()
    # illegal: custom-1, targets 0 and 2-7 (only AES is attached, no DMA), bad funct3, ops 13-15
    for tgt in (0, 2, 3, 4, 5, 6, 7):
        _, err, n = await tb.cpi("STATUS", target=tgt)
        assert err and n == 1, tgt
    _, err, n = await tb.cpi("STATUS", opcode=0x2B)
    assert err and n == 1
    for name, f3 in F3.items():
        for bad in range(8):
            if bad == f3 or (name in ("KLOAD", "KLOADW") and bad in (0b000, 0b100)):
                continue
            _, err, n = await tb.cpi(name, f3=bad)
            assert err and n == 1, (name, bad)
    for op in (13, 14, 15):
        for f3 in range(8):
            _, err, _ = await tb.cpi("STATUS", op=op, f3=f3)
            assert err
    _, err, _ = await tb.cpi("IVRD", 4)
    assert err and tb.code(await tb.status()) == E_OP
    # RESULT with nothing due: err at once (an instruction with a result is answered two
    # cycles after its acceptance: forwarded, then the unit's answer registered in cpl_dispatch)
    _, err, n = await tb.cpi("RESULT")
    assert err and n == 2 and tb.code(await tb.status()) == E_UNDERFLOW
    await tb.ok("ZERO")
    await tb.idle()
    # back to back: operations without a result at one per cycle, with a result one per two
    start = cocotb.utils.get_sim_time("ns")
    for _ in range(8):
        await tb.ok("LASTB", 3)
    assert round((cocotb.utils.get_sim_time("ns") - start) / 10) == 8
    start = cocotb.utils.get_sim_time("ns")
    for _ in range(8):
        rd = await tb.ok("STATUS")
        assert fget(rd, "STATUS", "IN_READY")
    assert round((cocotb.utils.get_sim_time("ns") - start) / 10) == 16
    # LASTB writes LAST_BYTES
    await tb.ok("LASTB", 5)
    assert await tb.read(OFF["LAST_BYTES"]) == 5
    await tb.ok("LASTB", 16)
    for ksz in ([0] if QUICK else [0, 1, 2]):
        key = tb.rng.randbytes(KEYLEN[ksz])
        n = await tb.cpi_key(key, ksz)
        tb.perf[f"cpi_kloadw_ksz{ksz}"] = n
        for mode, dec in (MODES[:3] if QUICK else MODES):
            iv = tb.rng.randbytes(16)
            nb = tb.rng.randint(1, 3)
            msg = rand_msg(tb, nb)
            await tb.cpi_iv(iv)
            assert [await tb.ok("IVRD", i) for i in range(4)] == words(iv)
            await tb.ok("START", cfgw(ksz, mode, dec))
            assert await tb.read(OFF["CFG"]) == cfgw(ksz, mode, dec)
            out = b""
            for b in range(nb):
                out += await tb.cpi_block(msg[16 * b:16 * b + 16], last=(b == nb - 1))
                lat = NR[ksz]
                # DATAL reaches the unit a cycle after its acceptance and the RESULT's answer
                # is registered in cpl_dispatch: two cycles more than the engine's latency + 1
                assert tb.last_result_wait == lat + 3, tb.last_result_wait
                tb.perf[f"cpi_result_wait_after_datal_ksz{ksz}"] = tb.last_result_wait
            assert out == pycryptodome_reference(mode, dec, key, iv, msg), (ksz, mode, dec)
            _, err, n = await tb.cpi("RESULT")
            assert err and n == 2
    # KLOAD (no wait) then STATUS polling; KLOADW while a message runs answers (WRITE_BUSY)
    key = tb.rng.randbytes(16)
    ws = words(key)
    await tb.ok("KEY", ws[0], ws[1])
    await tb.ok("KEY", ws[2], ws[3])
    await tb.ok("CFG", cfgw(0, 0))
    await tb.ok("KLOAD")
    for _ in range(100):
        if fget(await tb.ok("STATUS"), "STATUS", "KEY_READY"):
            break
    await tb.ok("START", cfgw(0, ECB))
    await tb.ok("DATA", 0, 0)
    rd, err, n = await tb.cpi("KLOADW")
    assert not err and tb.code(rd) == 5, hex(rd)
    await tb.ok("DATAL", 0, 0)
    # a START refused while the message runs (START_BUSY) leaves the message's accounting
    # alone: the RESULTs issued at once still wait for the block's output (no early trap)
    await tb.ok("STATUS")
    await tb.ok("START", cfgw(0, CBC))
    await tb.cycles(2)  # the START reaches the engine two cycles after the request
    assert tb.code(await tb.ok("STATUS")) == 4
    got = wbytes([await tb.ok("RESULT") for _ in range(4)])
    assert got == AES.new(key, AES.MODE_ECB).encrypt(bytes(16))
    _, err, n = await tb.cpi("RESULT")
    assert err and n == 2
    tb.dump()


async def dma_run(tb: Bench, cfg: int, msg: bytes, nbytes: int | None = None,
                  stall: bool = False) -> tuple[bytes, int]:
    """Drive one message through the DMA word port; returns output and cycles (first input beat
    accepted to last output beat taken)."""
    d = tb.dut
    bw = min(DMA_BITS, 128) // 8
    beats = [msg[i:i + bw] for i in range(0, len(msg), bw)]
    d.dma_cfg_i.value = cfg
    d.dma_start_i.value = 1
    await FallingEdge(d.clk_i)
    d.dma_start_i.value = 0
    out = b""
    nout = len(msg) // 16 * 16 // bw
    i = 0
    cyc = 0
    started = False
    d.dma_out_ready_i.value = 1
    while len(out) < nout * bw:
        if i < len(beats) and not (stall and tb.rng.random() < 0.3):
            d.dma_in_valid_i.value = 1
            d.dma_in_data_i.value = int.from_bytes(beats[i], "little")
            d.dma_in_last_i.value = int(i == len(beats) - 1)
            d.dma_in_bytes_i.value = nbytes if nbytes is not None else 16
        else:
            d.dma_in_valid_i.value = 0
        rdy = (not stall) or tb.rng.random() < 0.7
        d.dma_out_ready_i.value = int(rdy)
        await tb.settle()
        took_in = int(d.dma_in_valid_i.value) and int(d.dma_in_ready_o.value)
        took_out = rdy and int(d.dma_out_valid_o.value)
        if took_out:
            out += int(d.dma_out_data_o.value).to_bytes(DMA_BITS // 8, "little")[:bw]
            if len(out) == nout * bw:
                assert int(d.dma_out_last_o.value)
        await FallingEdge(d.clk_i)
        if took_in:
            started = True
            i += 1
        if started:
            cyc += 1
        assert cyc < 100000
    d.dma_in_valid_i.value = 0
    d.dma_out_ready_i.value = 0
    return out, cyc


@cocotb.test()
async def test_dma_port(dut) -> None:
    """DMA word port: key beats + KEYLOAD, START, input beats in, output beats out, stalls;
    with pipelined AES and 128-bit beats, one block per cycle."""
    tb = Bench(dut)
    await tb.init()
    d = dut
    d.dma_own_i.value = 1
    key = tb.rng.randbytes(32)
    kb = DMA_BITS // 8
    for i in range(0, 32, kb):
        d.dma_keyw_valid_i.value = 1
        d.dma_keyw_data_i.value = int.from_bytes(key[i:i + kb], "little")
        await FallingEdge(d.clk_i)
    d.dma_keyw_valid_i.value = 0
    d.dma_cfg_i.value = cfgw(2, 0)
    d.dma_keyload_i.value = 1
    await FallingEdge(d.clk_i)
    d.dma_keyload_i.value = 0
    for _ in range(40):
        await FallingEdge(d.clk_i)
        if int(d.key_ready_o.value):
            break
    assert int(d.key_ready_o.value)
    # partial_ok / empty_ok follow dma_cfg_i
    for mode, p, e in ((ECB, 0, 0), (CBC, 0, 0), (CFB, 1, 0), (OFB, 1, 0), (CTR, 1, 0),
                       (CMACM, 1, 1)):
        d.dma_cfg_i.value = cfgw(2, mode)
        await tb.settle()
        assert (int(d.partial_ok_o.value), int(d.empty_ok_o.value)) == (p, e), mode
    # the CPU's DOUT read returns 0 and consumes nothing while the DMA owns the engine
    nb = 8 if QUICK else 24
    for mode, dec in ([(ECB, 0), (CTR, 0)] if QUICK else MODES):
        iv = tb.rng.randbytes(16)
        d.dma_own_i.value = 0
        for i, w in enumerate(words(iv)):
            await tb.write(OFF["IV"] + 4 * i, w)
        await tb.write(OFF["CTRL"], fbit("CTRL", "IVLOAD"))
        await tb.cycles(2)  # the IV load reaches the engine before the DMA takes the unit
        d.dma_own_i.value = 1
        msg = rand_msg(tb, nb)
        out, cyc = await dma_run(tb, cfgw(2, mode, dec), msg)
        assert out == pycryptodome_reference(mode, dec, key, iv, msg), (mode, dec)
        per = cyc / nb
        tb.perf[f"dma_cycles_per_block_mode{mode}_dec{dec}"] = round(per, 3)
        if ARCH == 2 and DMA_BITS == 128 and mode in (ECB, CTR):
            # one beat per cycle sustained: nb blocks, plus the staging cycle (beat -> staged
            # block -> engine) and the engine's block latency Nr + 1
            assert cyc == nb + 1 + NR[2] + 1, cyc
    # random stalls on both sides
    iv = tb.rng.randbytes(16)
    d.dma_own_i.value = 0
    for i, w in enumerate(words(iv)):
        await tb.write(OFF["IV"] + 4 * i, w)
    await tb.write(OFF["CTRL"], fbit("CTRL", "IVLOAD"))
    await tb.cycles(2)
    d.dma_own_i.value = 1
    msg = rand_msg(tb, nb)
    out, _ = await dma_run(tb, cfgw(2, CBC, 1), msg, stall=True)
    assert out == pycryptodome_reference(CBC, 1, key, iv, msg)
    assert await tb.read(OFF["DOUT"]) == 0
    assert not fget(await tb.status(), "STATUS", "BUSY")
    d.dma_own_i.value = 0
    tb.dump()


# ------------------------------------------------------------------------ AEAD (aead_top)
GCM, CCM = C.CV_AES_CFG_MODE_GCM, C.CV_AES_CFG_MODE_CCM


def aead_cfg(ksz: int, mode: int, dec: int, tlen: int, ivb: int = 0) -> int:
    return C.put("aes", "CFG", KSZ=ksz, MODE=mode, DEC=dec, TLEN=tlen, IVB=ivb)


def acfg(cfg: int, name: str) -> int:
    """A field of the AES CFG word (engines/aes/regs.toml)."""
    lsb, width = C.CONSTANTS[f"CV_AES_CFG_{name}_LSB"], C.CONSTANTS[f"CV_AES_CFG_{name}_WIDTH"]
    return (cfg >> lsb) & ((1 << width) - 1)


def phase(data: bytes) -> list[tuple[bytes, bool, int]]:
    """A phase as blocks (block, last, valid bytes): whole blocks, the last one with what is
    left (an empty phase: one block of 0 bytes)."""
    out = [(data[i:i + 16], False, 16) for i in range(0, len(data) - 1, 16)] or [(b"", False, 0)]
    blk, _, _ = out[-1]
    out[-1] = (blk.ljust(16, b"\0"), True, len(blk))
    return [(b.ljust(16, b"\0"), last, n) for b, last, n in out]


def ccm_b0(nonce: bytes, tlen: int, alen: int, plen: int) -> bytes:
    q = 15 - len(nonce)
    flags = ((alen > 0) << 6) | (((tlen - 2) // 2) << 3) | (q - 1)
    return bytes([flags]) + nonce + plen.to_bytes(q, "big")


def aead_message(tb: Bench, mode: int, dec: int) -> tuple[int, bytes, list, bytes, bytes]:
    """A random message: (ksz, key, IV register or None, phases, expected output)."""
    ksz = tb.rng.choice((0, 1, 2))
    key = tb.rng.randbytes(KEYLEN[ksz])
    aad = tb.rng.randbytes(tb.rng.choice((0, 5, 16, 37)))
    pt = tb.rng.randbytes(tb.rng.choice((0, 7, 16, 45)))
    if mode == GCM:
        tlen = tb.rng.choice((4, 8, 12, 16))
        nonce = tb.rng.randbytes(tb.rng.choice((12, 8)))
        c = AES.new(key, AES.MODE_GCM, nonce=nonce)
        ivb = len(nonce) != 12
        pre = [phase(nonce)] if ivb else []
        ivreg = None if ivb else nonce + bytes(4)
        aphase = aad
    else:
        tlen = tb.rng.choice((4, 10, 16))
        nonce = tb.rng.randbytes(tb.rng.randrange(7, 14))
        c = AES.new(key, AES.MODE_CCM, nonce=nonce, mac_len=tlen, msg_len=len(pt),
                    assoc_len=len(aad))
        ivb, pre = False, []
        ivreg = ccm_b0(nonce, tlen, len(aad), len(pt))
        aphase = (len(aad).to_bytes(2, "big") + aad) if aad else b""
    c.update(aad)
    ct, tag = c.encrypt_and_digest(pt)
    tag = tag[:tlen]
    text = ct if dec else pt
    phases = pre + [phase(aphase), phase(text)] + ([phase(tag)] if dec else [])
    want = (pt if dec else ct) + (b"" if dec else tag)
    cfg = aead_cfg(ksz, mode, dec, tlen, int(ivb))
    return cfg, key, ivreg, phases, want


async def aead_mmio(tb: Bench, cfg: int, ivreg: bytes | None, phases: list) -> tuple[bytes, int]:
    if ivreg is not None:
        for i, w in enumerate(words(ivreg)):
            await tb.write(OFF["IV"] + 4 * i, w)
    await tb.write(OFF["CFG"], cfg)
    await tb.write(OFF["CTRL"], (0 if ivreg is None else fbit("CTRL", "IVLOAD")) |
                   fbit("CTRL", "START"))
    out = b""
    text = len(phases) - (2 if acfg(cfg, "DEC") else 1)  # index of the text phase
    for k, ph in enumerate(phases):
        for blk, last, n in ph:
            if last:
                await tb.write(OFF["LAST_BYTES"], n)
            await tb.mmio_block(blk, last)
            if k == text and n:
                out += (await tb.mmio_result())[:n]
    out += await tb.mmio_result()
    return out, await tb.status()


async def cpi_in_ready(tb: Bench) -> None:
    """STATUS until IN_READY: a block written while one waits in the staging is dropped."""
    for _ in range(200):
        if fget(await tb.ok("STATUS"), "STATUS", "IN_READY"):
            return
    raise AssertionError("staging never free")


async def aead_cpi(tb: Bench, cfg: int, ivreg: bytes | None, phases: list) -> tuple[bytes, int]:
    if ivreg is not None:
        await tb.cpi_iv(ivreg)
    await tb.ok("START", cfg)
    out = b""
    text = len(phases) - (2 if acfg(cfg, "DEC") else 1)
    for k, ph in enumerate(phases):
        for blk, last, n in ph:
            ws = words(blk)
            await cpi_in_ready(tb)
            if last:
                await tb.ok("LASTB", n)
            await tb.ok("DATA", ws[0], ws[1])
            await tb.ok("DATAL" if last else "DATA", ws[2], ws[3])
            if k == text and n:
                out += wbytes([await tb.ok("RESULT") for _ in range(4)])[:n]
    out += wbytes([await tb.ok("RESULT") for _ in range(4)])
    return out, await tb.ok("STATUS")


async def aead_dma(tb: Bench, cfg: int, ivreg: bytes | None, phases: list) -> tuple[bytes, int]:
    """The DMA word port (the IV through MMIO before it): every phase's blocks as beats, the
    phase's last beat marked with its valid bytes; the output beats of each block."""
    d = tb.dut
    if ivreg is not None:
        for i, w in enumerate(words(ivreg)):
            await tb.write(OFF["IV"] + 4 * i, w)
        await tb.write(OFF["CTRL"], fbit("CTRL", "IVLOAD"))
        await tb.cycles(3)   # the IV load reaches the engine before the DMA owns the hub
    bw = DMA_BITS // 8
    d.dma_own_i.value = 1
    d.dma_cfg_i.value = cfg
    d.dma_start_i.value = 1
    await FallingEdge(d.clk_i)
    d.dma_start_i.value = 0
    beats = [(blk[i:i + bw], last and i + bw == 16, n) for ph in phases for blk, last, n in ph
             for i in range(0, 16, bw)]
    out, i, cyc, done = b"", 0, 0, False
    d.dma_out_ready_i.value = 1
    while not done:
        if i < len(beats):
            b, last, n = beats[i]
            d.dma_in_valid_i.value = 1
            d.dma_in_data_i.value = int.from_bytes(b, "little")
            d.dma_in_last_i.value = int(last)
            d.dma_in_bytes_i.value = n
        else:
            d.dma_in_valid_i.value = 0
        await tb.settle()
        took_in = int(d.dma_in_valid_i.value) and int(d.dma_in_ready_o.value)
        if int(d.dma_out_valid_o.value):
            out += int(d.dma_out_data_o.value).to_bytes(bw, "little")
            done = bool(int(d.dma_out_last_o.value)) and len(out) % 16 == 0
        await FallingEdge(d.clk_i)
        i += int(bool(took_in))
        cyc += 1
        if cyc >= 20000:
            sl = d.u_aes.u_hub.g_slot[1].g_on.u_slot
            eng = d.u_aes.u_eng.g_aead.u_eng
            raise AssertionError(f"DMA message stuck: cfg {cfg:#x} beats {i}/{len(beats)} out "
                                 f"{len(out)} st {int(eng.st_q.value)} busy "
                                 f"{int(sl.eng_busy_i.value)} ov {int(sl.eng_out_valid_i.value)} "
                                 f"phases {[[(la, n) for _, la, n in p] for p in phases]}")
    d.dma_in_valid_i.value = 0
    d.dma_out_ready_i.value = 0
    await tb.cycles(2)
    d.dma_own_i.value = 0
    return out, await tb.status()


@cocotb.test(skip=not AEAD)
async def test_aead(dut) -> None:
    """GCM and CCM through MMIO, the custom instructions and the DMA word port, both directions
    and a forged tag, against pycryptodome; a RESULT with no output due (AAD only) answers err
    at once, never a hang; the final block's byte count and the AUTH code."""
    tb = Bench(dut)
    await tb.init()
    runs = {"mmio": aead_mmio, "cpi": aead_cpi, "dma": aead_dma}
    nblk = 0
    for rep in range(2 if QUICK else 4):
        for mode in (GCM, CCM):
            for dec in (0, 1):
                for name, fn in runs.items():
                    cfg, key, ivreg, phases, want = aead_message(tb, mode, dec)
                    await tb.mmio_key(key, acfg(cfg, "KSZ"))
                    out, st = await fn(tb, cfg, ivreg, phases)
                    tlen = acfg(cfg, "TLEN")
                    ntext = len(want) - (0 if dec else tlen)
                    got_text = out[:ntext] if name != "dma" else b"".join(
                        out[16 * j:16 * j + 16] for j in range(len(out) // 16 - 1))[:ntext]
                    final = out[-16:]
                    assert got_text == want[:ntext], (name, mode, dec)
                    if dec:
                        assert final == bytes(16) and not fget(st, "STATUS", "ERR"), (name, st)
                    else:
                        assert final == want[ntext:] + bytes(16 - tlen), (name, mode)
                    nblk += sum(len(p) for p in phases)
                    if dec:   # the same message with a forged tag: AUTH, a zero verdict block
                        bad = phases[:-1] + [phase(bytes([phases[-1][0][0][0] ^ 1]) +
                                                   phases[-1][0][0][1:tlen])]
                        out, st = await fn(tb, cfg, ivreg, bad)
                        assert out[-16:] == bytes(16)
                        assert tb.code(st) == C.CV_AES_STATUS_ERR_CODE_AUTH, (name, hex(st))
    # a RESULT while only AAD went in: nothing is due, so it answers err at once
    cfg, key, ivreg, phases, _ = aead_message(tb, GCM, 0)
    await tb.mmio_key(key, acfg(cfg, "KSZ"))
    if ivreg is not None:
        await tb.cpi_iv(ivreg)
    await tb.ok("START", cfg)
    for ph in phases[:-1]:
        for blk, last, n in ph:
            ws = words(blk)
            await cpi_in_ready(tb)
            if last:
                await tb.ok("LASTB", n)
            await tb.ok("DATA", ws[0], ws[1])
            await tb.ok("DATAL" if last else "DATA", ws[2], ws[3])
    await tb.cycles(40)
    _, err, n = await tb.cpi("RESULT")
    assert err and n <= 3, (err, n)
    await tb.ok("ZERO")
    await tb.idle()
    tb.perf["aead_gcm_blocks"] = nblk
    tb.dump()
