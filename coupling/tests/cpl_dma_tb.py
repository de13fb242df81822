# SPDX-License-Identifier: Apache-2.0
"""cocotb bench of cpl_dma alone: a memory model on port B and Python models of the units.

Every cycle: just after the falling edge the bench drives the memory read data, the unit
models' outputs (functions of their state only, like registers) and the bus/cpi requests; 1 ns
later it samples the DUT, which shows what the next rising edge will transfer, and updates the
models as that edge will. So the unit models behave like a unit whose outputs are registered.

Environment: DMA_BITS (32/128), CPL_DMA_PERF_JSON (measured cycle figures are written there).
"""
from __future__ import annotations

import hashlib
import json
import os
import random
from dataclasses import dataclass, field

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, Timer
from Crypto.Cipher import AES

from tools import consts as C

DMA_BITS = int(os.environ.get("DMA_BITS", "32"))
PB = DMA_BITS // 8
PERF_JSON = os.environ.get("CPL_DMA_PERF_JSON", "")
TRACE = int(os.environ.get("CPL_DMA_TRACE", "0"))        # print the first N cycles
# A_WRITE = 1 builds: the probability that the CPU leaves port A free in a cycle (a_free_i,
# random per cycle, from a stream of its own); the write queue's port-A writes land in the same
# memory model. The benches with real units (cpl_dma_aes_top, adv_top) build A_WRITE = 1.
A_FREE = float(os.environ.get("CPL_DMA_A_FREE", "0.5"))

DMEM_BASE = C.CV_DMEM_BASE
DMEM_BYTES = C.CV_DMEM_SIZE
DMA_WIN = {n: C.CONSTANTS[f"CV_DMA_{n}_OFFSET"]
           for n in ("ID", "CAP", "CTRL", "STATUS", "IE", "IS", "SRC", "DST", "LEN", "OUTLEN",
                     "ENGINE", "ECFG", "DONE_BYTES", "AAD", "TAG", "MLEN")}
RANGE, ALIGN, OVERLAP, LENGTH, ENGINE, BUSY, ABORTED = (
    C.CONSTANTS[f"CV_DMA_STATUS_ERR_CODE_{n}"]
    for n in ("RANGE", "ALIGN", "OVERLAP", "LENGTH", "ENGINE", "BUSY", "ABORTED"))
E = C.ENGINES
BLOCK = {E["AES"]: 16, E["PRINCE"]: 8, E["PRESENT"]: 8, E["CHACHA"]: 64, E["SHA3"]: 8}
# the bench's build: ENGINES = 0x36 (PRESENT absent)
ENGINES_ATTACHED = (E["AES"], E["PRINCE"], E["CHACHA"], E["SHA3"])
KEY = bytes(range(0x20, 0x40))
# the DMA operations of the custom-instruction table: name -> (op, funct3)
D = {name: (op, f3) for name, kind, op, f3 in C.CPI_OPS if kind == "DMA"}


def insn(op: int, f3: int) -> int:
    """custom-0 R-type to the DMA's target, operation op; rd = x10, rs1 = x11, rs2 = x12."""
    return ((C.cpi_funct7(C.CV_CPI_TARGET_DMA, op) << 25) | (12 << 20) | (11 << 15) | (f3 << 12)
            | (10 << 7) | C.CV_CPI_OPCODE)


def status_fields(st: int) -> tuple[int, int, int, int]:
    return st & 1, (st >> 1) & 1, (st >> 2) & 1, (st >> 8) & 0xF


# ------------------------------------------------------------------------------- unit model
@dataclass
class UnitModel:
    """One unit's side of the DMA word port, with an engine behind it.

    mode: 'ecb'  AES-ECB with the loaded key (whole blocks)
          'ctr'  in XOR AES(key, counter) per block (partial last block allowed)
          'hash' one output block at the end: SHA-256 of the blocks and the last-block byte
                 count, truncated to the block (shows the padding and dma_in_bytes)
    lat: cycles from taking a block to its result; pipe: a new block every cycle."""
    num: int
    block: int
    mode: str = "ecb"
    lat: int = 10
    pipe: bool = False
    key_bytes: int = 16
    partial_ok: int = 0
    empty_ok: int = 0
    noread: int = 0         # input ignored: the DMA sends zero beats without reading
    refuse: int = 0                 # err code raised at start instead of running (0: accept)
    fail_after: int = -1            # raise err (code 3) when this many blocks were taken
    drop_busy_after: int = -1       # act as if zeroized by the CPU after this many blocks
    # state
    key: bytes = b""
    busy: bool = False
    err: int = 0
    key_ready: int = 1
    key_wait: int = 0
    keyw: list = field(default_factory=list)
    acc: list = field(default_factory=list)
    pending: tuple | None = None
    inflight: list = field(default_factory=list)
    outreg: tuple | None = None
    obeat: int = 0
    taken: int = 0
    ctr: int = 0
    hashbuf: bytearray = field(default_factory=bytearray)
    # what the DMA did
    starts: int = 0
    zeroizes: int = 0
    keyloads: list = field(default_factory=list)
    cfgs: list = field(default_factory=list)
    in_beats: int = 0
    out_beats: int = 0
    last_bytes: int = -1
    own_cycles: int = 0
    drv_in_ready: int = 0           # the in_ready driven this cycle (decides the transfer)

    @property
    def beat(self) -> int:
        return min(PB, self.block)

    def reset_msg(self) -> None:
        self.acc, self.pending, self.inflight, self.outreg = [], None, [], None
        self.obeat, self.taken, self.ctr, self.hashbuf = 0, 0, 0, bytearray()

    def zeroize(self) -> None:
        self.reset_msg()
        self.busy, self.err, self.key, self.key_ready = False, 0, b"", 0
        self.zeroizes += 1

    def will_take(self) -> bool:
        return self.pending is not None and self.busy and (self.pipe or not self.inflight)

    def in_ready(self) -> int:
        completes = len(self.acc) + 1 == self.block // self.beat
        return int(self.busy and (not completes or self.pending is None or self.will_take()))

    def out_data(self) -> int:
        if self.outreg is None:
            return 0
        data = self.outreg[0][self.obeat * self.beat:(self.obeat + 1) * self.beat]
        return int.from_bytes(data, "little")

    def out_last(self) -> int:
        return int(self.outreg is not None and self.outreg[1] and
                   self.obeat == len(self.outreg[0]) // self.beat - 1)

    def compute(self, blk: bytes, last: bool, nbytes: int) -> tuple[bytes, bool] | None:
        if self.mode == "ecb":
            return AES.new(self.key, AES.MODE_ECB).encrypt(blk), last
        if self.mode == "ctr":
            ks = AES.new(self.key, AES.MODE_ECB).encrypt(self.ctr.to_bytes(16, "big"))
            self.ctr += 1
            ks = (ks * 4)[:self.block]
            return bytes(a ^ b for a, b in zip(blk, ks)), last
        self.hashbuf += blk
        if not last:
            return None
        dig = hashlib.sha256(bytes(self.hashbuf) + bytes([nbytes])).digest()
        return (dig * 2)[:self.block], True

    def edge(self, s: dict) -> None:
        """Apply what the coming rising edge transfers (s: sampled DUT outputs for this unit)."""
        if s["own"]:
            self.own_cycles += 1
        if s["zeroize"]:
            self.zeroize()
            return
        if self.key_wait:
            self.key_wait -= 1
            if self.key_wait == 0:
                self.key_ready = 1
        # output side
        if self.outreg is not None and s["out_ready"]:
            self.out_beats += 1
            self.obeat += 1
            if self.obeat * self.beat == len(self.outreg[0]):
                if self.outreg[1]:
                    self.busy = False
                self.outreg, self.obeat = None, 0
        for f in self.inflight:
            f[0] -= 1
        if self.inflight and self.inflight[0][0] <= 0 and self.outreg is None:
            res = self.inflight.pop(0)[1]
            if res is not None:
                self.outreg = res
        take = self.will_take()
        if take:
            blk, last, nbytes = self.pending
            self.pending = None
            self.taken += 1
            if self.taken == self.fail_after:
                self.err = 3
            if self.taken == self.drop_busy_after:
                self.reset_msg()
                self.busy = False
            else:
                self.inflight.append([self.lat, self.compute(blk, last, nbytes)])
        if s["in_valid"] and self.drv_in_ready:
            self.in_beats += 1
            self.acc.append(s["in_data"].to_bytes(PB, "little")[:self.beat])
            if s["in_last"]:
                self.last_bytes = s["in_bytes"]
            if len(self.acc) == self.block // self.beat:
                assert self.pending is None or take, "unit model overrun"
                self.pending = (b"".join(self.acc), bool(s["in_last"]), s["in_bytes"])
                self.acc = []
        if s["start"]:
            self.starts += 1
            self.cfgs.append(s["cfg"])
            if self.refuse:
                self.err = self.refuse
            else:
                self.reset_msg()
                self.busy, self.err, self.last_bytes = True, 0, -1
        if s["keyw_valid"]:
            self.keyw.append(s["keyw_data"].to_bytes(PB, "little"))
        if s["keyload"]:
            key = b"".join(self.keyw)
            self.keyw = []
            self.keyloads.append((key, s["cfg"]))
            if s["cfg"] == 0xBAD:
                self.err = 1
            else:
                self.key = key[:self.key_bytes]
                self.key_ready, self.key_wait = 0, 10


IDLE_PORT = {k: 0 for k in ("own", "zeroize", "start", "keyw_valid", "keyload", "in_valid",
                             "out_ready", "cfg", "keyw_data", "in_data", "in_last", "in_bytes")}


# ------------------------------------------------------------------------------- bench
class Bench:
    def __init__(self, dut, models: bool = True) -> None:
        self.dut = dut
        self.models = models            # False: a real unit is attached (cpl_dma_aes_top)
        self.ubus: tuple | None = None  # a request to the unit's window (real unit only)
        self.cycle = 0
        self.mem = bytearray(random.Random(1).randbytes(DMEM_BYTES))
        self.units: dict[int, UnitModel] = {}
        self.rdata = 0
        self.bus: tuple | None = None
        self.cpi_req: tuple | None = None
        self.cpi_rsp: list = []
        self.cpi_accept_cycle = 0
        self.mem_reads = 0
        self.mem_writes = 0
        self.a_writes = 0
        self.a_free = 0
        self.a_rng = random.Random(7)
        self.driven: dict[str, int] = {}
        self._h: dict = {}               # signal handles by name (a lookup costs a VPI call)

    def sig(self, name: str):
        h = self._h.get(name)
        if h is None:
            h = self._h[name] = getattr(self.dut, name)
        return h

    # Read data, the unit window's read data and the interrupt are read when the bench asks for
    # them (right after the cycle that answers), not sampled every cycle: signal reads are most
    # of the bench's cost.
    @property
    def bus_rdata(self) -> int:
        return int(self.sig("rdata_o").value)

    @property
    def ubus_rdata(self) -> int:
        return int(self.sig("urdata_o").value)

    @property
    def irq(self) -> int:
        return int(self.sig("irq_o").value)

    async def init(self) -> None:
        d = self.dut
        cocotb.start_soon(Clock(d.clk_i, 10, unit="ns").start())
        names = ["req_i", "we_i", "addr_i", "wdata_i", "cpi_req_valid_i", "cpi_req_insn_i",
                 "cpi_req_rs1_i", "cpi_req_rs2_i", "mem_rdata_i", "a_free_i"]
        if self.models:
            names += ["dma_in_ready_i", "dma_out_valid_i", "dma_out_data_i", "dma_out_last_i",
                      "partial_ok_i", "empty_ok_i", "noread_i", "eng_busy_i", "key_ready_i",
                      "err_i", "err_code_i", "key_bytes_i", "hub_other_i"]
        else:
            names += ["ureq_i", "uwe_i", "uaddr_i", "uwdata_i"]
        for name in names:
            getattr(d, name).value = 0
        d.rst_ni.value = 0
        for _ in range(3):
            await FallingEdge(d.clk_i)
        d.rst_ni.value = 1
        if self.models:
            self.set_units([UnitModel(1, 16)])

    def set_units(self, units: list[UnitModel]) -> None:
        self.units = {u.num: u for u in units}

    # ---- one cycle
    async def tick(self) -> None:
        d = self.dut
        await FallingEdge(d.clk_i)
        self.cycle += 1
        vec = {k: 0 for k in ("in_ready", "out_valid", "out_last", "partial_ok", "empty_ok",
                              "noread", "busy", "key_ready", "err")}
        odata = 0
        codes = 0
        kbytes = 0
        for num, u in self.units.items():
            i = num - 1
            u.drv_in_ready = u.in_ready()
            vec["in_ready"] |= u.drv_in_ready << i
            vec["out_valid"] |= int(u.outreg is not None) << i
            vec["out_last"] |= u.out_last() << i
            vec["partial_ok"] |= u.partial_ok << i
            vec["empty_ok"] |= u.empty_ok << i
            vec["noread"] |= u.noread << i
            vec["busy"] |= int(u.busy) << i
            vec["key_ready"] |= u.key_ready << i
            vec["err"] |= int(u.err != 0) << i
            odata |= u.out_data() << (DMA_BITS * i)
            codes |= (u.err & 0xF) << (4 * i)
            kbytes |= (u.key_bytes & 0xFF) << (8 * i)
        drive = self.drive
        drive("mem_rdata_i", self.rdata)
        self.a_free = int(A_FREE > 0 and self.a_rng.random() < A_FREE)
        drive("a_free_i", self.a_free)
        if not self.models:
            if self.ubus is not None:
                we, uaddr, data = self.ubus[:3]
                if len(self.ubus) > 3:      # the engine window (adv_top's usel_i), with the request
                    drive("usel_i", self.ubus[3])
                drive("ureq_i", 1)
                drive("uwe_i", we)
                drive("uaddr_i", uaddr)
                drive("uwdata_i", data)
                self.ubus = None
            else:
                drive("ureq_i", 0)
        else:
            self.drive_models(vec, odata, codes, kbytes)
        await self.tick_rest()

    def drive_models(self, vec: dict, odata: int, codes: int, kbytes: int) -> None:
        drive = self.drive
        drive("dma_in_ready_i", vec["in_ready"])
        drive("dma_out_valid_i", vec["out_valid"])
        drive("dma_out_last_i", vec["out_last"])
        drive("dma_out_data_i", odata)
        drive("partial_ok_i", vec["partial_ok"])
        drive("empty_ok_i", vec["empty_ok"])
        drive("noread_i", vec["noread"])
        drive("eng_busy_i", vec["busy"])
        drive("key_ready_i", vec["key_ready"])
        drive("err_i", vec["err"])
        drive("err_code_i", codes)
        drive("key_bytes_i", kbytes)

    async def tick_rest(self) -> None:
        drive = self.drive
        if self.bus is not None:
            we, addr, data = self.bus
            drive("req_i", 1)
            drive("we_i", we)
            drive("addr_i", addr)
            drive("wdata_i", data)
            self.bus = None
        else:
            drive("req_i", 0)
        if self.cpi_req is not None:
            ins, rs1, rs2 = self.cpi_req
            drive("cpi_req_valid_i", 1)
            drive("cpi_req_insn_i", ins)
            drive("cpi_req_rs1_i", rs1)
            drive("cpi_req_rs2_i", rs2)
        else:
            drive("cpi_req_valid_i", 0)
        await Timer(1, unit="ns")
        self.sample()

    def drive(self, name: str, value: int) -> None:
        """Write a DUT input only when it changes (VPI writes are the bench's main cost)."""
        if self.driven.get(name) != value:
            self.sig(name).value = value
            self.driven[name] = value

    def sample(self) -> None:
        d = self.dut
        if TRACE and self.cycle < TRACE and self.models:
            print(self.cycle, "st", int(d.st_q.value), "ib", int(d.ib_q.value), "tin",
                  int(d.tin_q.value), "rleft", int(d.rleft_q.value), "fcnt", int(d.fcnt_q.value),
                  "req", int(d.mem_req_o.value), int(d.mem_we_o.value), "inv",
                  int(d.dma_in_valid_o.value), "inr", int(d.dma_in_ready_i.value), "ov",
                  int(d.dma_out_valid_i.value), "or", int(d.dma_out_ready_o.value), "busy",
                  int(d.eng_busy_i.value), "own", int(d.dma_own_o.value), "start",
                  int(d.dma_start_o.value), "settle", int(d.settle_q.value), "ob",
                  int(d.ob_q.value), "jolen", int(d.jolen_q.value))
        sig = self.sig
        if int(sig("cpi_rsp_valid_o").value):
            self.cpi_rsp.append((int(sig("cpi_rsp_data_o").value), int(sig("cpi_rsp_err_o").value),
                                 self.cycle))
        if self.cpi_req is not None and int(sig("cpi_req_ready_o").value):
            self.cpi_req = None
            self.cpi_accept_cycle = self.cycle
        # memory
        self.rdata_next = None
        if int(sig("mem_req_o").value):
            if int(sig("mem_we_o").value):
                self.port_write("mem")
            else:
                addr = int(sig("mem_addr_o").value) * PB
                self.rdata = int.from_bytes(self.mem[addr:addr + PB], "little")
                self.mem_reads += 1
        # port A (after port B: a read of a word written in the same cycle gets the old data)
        if int(sig("a_req_o").value):
            assert self.a_free, "port A written in a cycle the CPU uses it"
            self.port_write("a")
            self.a_writes += 1
        if not self.models:
            return
        # units (every strobe comes with own)
        own = int(d.dma_own_o.value)
        if not own:
            for u in self.units.values():
                u.edge(IDLE_PORT)
            return
        zer = int(d.dma_zeroize_o.value)
        start = int(d.dma_start_o.value)
        kwv = int(d.dma_keyw_valid_o.value)
        kld = int(d.dma_keyload_o.value)
        inv = int(d.dma_in_valid_o.value)
        ordy = int(d.dma_out_ready_o.value)
        common = {"cfg": int(d.dma_cfg_o.value), "keyw_data": int(d.dma_keyw_data_o.value),
                  "in_data": int(d.dma_in_data_o.value), "in_last": int(d.dma_in_last_o.value),
                  "in_bytes": int(d.dma_in_bytes_o.value)}
        for num, u in self.units.items():
            b = 1 << (num - 1)
            u.edge(dict(common, own=own & b, zeroize=zer & b, start=start & b,
                        keyw_valid=kwv & b, keyload=kld & b, in_valid=inv & b,
                        out_ready=ordy & b))
        # strobes for an engine without a model must never appear
        modeled = sum(1 << (n - 1) for n in self.units)
        assert (own | zer | start | kwv | kld | inv | ordy) & ~modeled == 0, "strobe to no unit"

    def port_write(self, port: str) -> None:
        """A port word write on port `port` ("mem": B, "a": A), byte enables applied."""
        sig = self.sig
        addr = int(sig(f"{port}_addr_o").value) * PB
        be = int(sig(f"{port}_be_o").value)
        wd = int(sig(f"{port}_wdata_o").value).to_bytes(PB, "little")
        for b in range(PB):
            if (be >> b) & 1:
                self.mem[addr + b] = wd[b]
        self.mem_writes += 1

    async def ticks(self, n: int) -> None:
        for _ in range(n):
            await self.tick()

    # ---- SoC bus
    async def write(self, reg: str, value: int) -> None:
        self.bus = (1, DMA_WIN[reg], value & 0xFFFFFFFF)
        await self.tick()

    async def read(self, reg: str) -> int:
        self.bus = (0, DMA_WIN[reg], 0)
        await self.tick()
        await self.tick()
        return self.bus_rdata

    async def status(self) -> int:
        return await self.read("STATUS")

    # ---- cpi
    async def cpi(self, op: int, f3: int, rs1: int = 0, rs2: int = 0,
                  limit: int = 20000) -> tuple[int, int, int]:
        """Issue one instruction; returns (rd, err, cycles from acceptance to the response)."""
        self.cpi_rsp = []
        self.cpi_req = (insn(op, f3), rs1 & 0xFFFFFFFF, rs2 & 0xFFFFFFFF)
        n = 0
        while not self.cpi_rsp:
            await self.tick()
            n += 1
            assert n < limit, "no cpi response"
        assert len(self.cpi_rsp) == 1
        data, err, cyc = self.cpi_rsp[0]
        assert cyc > self.cpi_accept_cycle, "response in the acceptance cycle"
        return data, err, cyc - self.cpi_accept_cycle

    async def wait_idle(self, limit: int = 20000) -> int:
        n = 0
        while True:
            st = await self.status()
            if not st & 1:
                return st
            n += 1
            assert n < limit, "DMA never idle"

    # ---- jobs
    async def program(self, sel: int, ecfg: int, src: int, dst: int, length: int,
                      outlen: int = 0, pad: int = 0) -> None:
        await self.write("ENGINE", sel | (pad << 8))
        await self.write("ECFG", ecfg)
        await self.write("SRC", src)
        await self.write("DST", dst)
        await self.write("LEN", length)
        await self.write("OUTLEN", outlen)

    async def run_mmio(self, *args, **kw) -> int:
        await self.program(*args, **kw)
        await self.write("CTRL", 1)
        return await self.wait_idle()

    def perf(self, key: str, value) -> None:
        if not PERF_JSON:
            return
        data = json.loads(open(PERF_JSON).read()) if os.path.exists(PERF_JSON) else {}
        data[key] = value
        with open(PERF_JSON, "w") as f:
            json.dump(data, f, indent=1, sort_keys=True)


def addr(off: int) -> int:
    return DMEM_BASE + off


async def setup(dut, units: list[UnitModel] | None = None) -> Bench:
    tb = Bench(dut)
    await tb.init()
    if units is not None:
        tb.set_units(units)
    for u in tb.units.values():
        u.key = KEY[:u.key_bytes]
    await tb.ticks(2)
    return tb


def expect_ecb(data: bytes, key: bytes = KEY[:16]) -> bytes:
    return AES.new(key, AES.MODE_ECB).encrypt(data)


def expect_ctr(data: bytes, block: int, key: bytes = KEY[:16]) -> bytes:
    out = bytearray()
    for i in range(0, len(data), block):
        ks = AES.new(key, AES.MODE_ECB).encrypt((i // block).to_bytes(16, "big"))
        ks = (ks * 4)[:block]
        out += bytes(a ^ b for a, b in zip(data[i:i + block], ks))
    return bytes(out)


def expect_hash(data: bytes, block: int, pad: bool) -> bytes:
    n = len(data)
    nbl = max(1, -(-n // block))
    msg = bytearray(data) + bytearray(nbl * block - n)
    if pad and (n == 0 or n % block):
        msg[n] = 0x80
    nbytes = n - (nbl - 1) * block
    return (hashlib.sha256(bytes(msg) + bytes([nbytes])).digest() * 2)[:block]


# ------------------------------------------------------------------------------- tests
@cocotb.test()
async def test_registers(dut) -> None:
    """ID, CAP, read/write registers, masks, IE/IS and the interrupt line."""
    tb = await setup(dut)
    assert await tb.read("ID") == C.put("dma", "ID", MAGIC=C.CONSTANTS["CV_DMA_ID_MAGIC_CIPHER_V"],
                                         ENGINE=C.CONSTANTS["CV_DMA_ID_ENGINE_DMA"],
                                         VERSION=C.CONSTANTS["CV_DMA_ID_VERSION_V1_0"])
    assert await tb.read("CAP") == (0x36 << 16) | (PB << 8) | PB
    for reg in ("SRC", "DST", "LEN", "OUTLEN", "ECFG"):
        await tb.write(reg, 0xA5A5_0000 | DMA_WIN[reg])
        assert await tb.read(reg) == 0xA5A5_0000 | DMA_WIN[reg]
    await tb.write("ENGINE", 0xFFFF_FFFF)
    assert await tb.read("ENGINE") == 0x10F
    await tb.write("IE", 0xFF)
    assert await tb.read("IE") == 3
    assert await tb.read("CTRL") == 0
    assert await tb.status() == 0
    # a failing command (engine 15) sets IS.ERR and raises the line; the checks run in the two
    # cycles after the command (CHECK, DECIDE), which a read issued at once still sees as busy
    await tb.write("CTRL", 1)
    assert status_fields(await tb.status()) == (1, 0, 0, 0)
    assert status_fields(await tb.status()) == (0, 0, 1, ENGINE)
    assert await tb.read("IS") == 2 and tb.irq == 1
    await tb.write("IS", 2)
    assert await tb.read("IS") == 0 and tb.irq == 0
    assert tb.units[1].starts == 0


async def check_job(tb: Bench, unit: UnitModel, src: int, dst: int, n: int, outlen: int = 0,
                    pad: int = 0, ecfg: int = 0x11, use_cpi: bool = False) -> int:
    """Run a job on fresh random data; check DST, DONE_BYTES and that nothing else changed."""
    rng = random.Random(src * 7 + n)
    data = rng.randbytes(n)
    tb.mem[src:src + n] = data
    before = bytes(tb.mem)
    # the unit sees whole blocks (zero padded here: PAD only with the hash model); a noread
    # unit sees zeros and the job reads nothing
    padded = data + bytes(max(1, -(-n // unit.block)) * unit.block - n)
    if unit.noread:
        padded = bytes(len(padded))
    reads0 = tb.mem_reads
    if unit.mode == "ecb":
        exp = expect_ecb(padded, unit.key)
    elif unit.mode == "ctr":
        exp = expect_ctr(padded, unit.block, unit.key)
    else:
        exp = expect_hash(data, unit.block, bool(pad))
    written = min(outlen or n, len(exp))
    exp = exp[:written]
    t0 = tb.cycle
    if TRACE:
        print(f"job unit {unit.num} src {src:#x} dst {dst:#x} n {n} outlen {outlen} at {t0}")
    if use_cpi:
        await tb.cpi(*D["DSEL"], unit.num | (pad << 8), ecfg)
        await tb.cpi(*D["DADDR"], addr(src), addr(dst))
        rd, err, cyc = await tb.cpi(*D["DRUNW"], n, outlen)
        assert err == 0, f"DRUNW failed, status {rd:#x}"
        st = rd
    else:
        st = await tb.run_mmio(unit.num, ecfg, addr(src), addr(dst), n, outlen, pad)
        cyc = tb.cycle - t0
    assert status_fields(st) == (0, 1, 0, 0), f"status {st:#x}"
    got = bytes(tb.mem[dst:dst + written])
    assert got == exp[:written], f"DST differs (n={n} outlen={outlen})"
    after = bytearray(tb.mem)
    after[dst:dst + written] = before[dst:dst + written]
    assert bytes(after) == before, "memory outside DST changed"
    assert await tb.read("DONE_BYTES") == written
    assert unit.cfgs[-1] == ecfg
    if unit.noread:
        assert tb.mem_reads == reads0, f"a noread job read memory ({tb.mem_reads - reads0} words)"
    else:
        assert n == 0 or tb.mem_reads > reads0
    return cyc


@cocotb.test()
async def test_ecb_jobs(dut) -> None:
    """Whole-block jobs of many sizes, in place and out of place, through MMIO and cpi."""
    u = UnitModel(1, 16, "ecb", lat=10)
    tb = await setup(dut, [u])
    for n in (16, 32, 48, 64, 80, 160, 256, 1024):
        await check_job(tb, u, 0x1000, 0x4000, n)
        await check_job(tb, u, 0x2000, 0x2000, n)
        await check_job(tb, u, 0x3000, 0x8000, n, use_cpi=True)
    # OUTLEN shorter than LEN: the rest of the output is dropped, DONE_BYTES counts written
    await check_job(tb, u, 0x1000, 0x4000, 64, outlen=20 if PB == 4 else 32)
    # buffers at the very ends of dmem
    await check_job(tb, u, 0, DMEM_BYTES - 64, 64)
    await check_job(tb, u, DMEM_BYTES - 64, 0, 64)


@cocotb.test()
async def test_partial_and_padding(dut) -> None:
    """Partial last blocks (CTR-like), narrow beats (8-byte blocks on a 128-bit port), 64-byte
    blocks, zero and 10* padding, empty messages, the last block's byte count."""
    units = [UnitModel(1, 16, "ctr", lat=10, partial_ok=1),
             UnitModel(2, 8, "ctr", lat=3, partial_ok=1),
             UnitModel(4, 64, "ctr", lat=20, partial_ok=1, key_bytes=32),
             UnitModel(5, 8, "hash", lat=2, partial_ok=1, empty_ok=1, key_bytes=0)]
    tb = await setup(dut, units)
    u1, u2, u4, u5 = units
    for n in (1, 3, 4, 5, 15, 17, 31, 33, 100):
        await check_job(tb, u1, 0x1000, 0x5000, n)
        await check_job(tb, u2, 0x1000, 0x5000, n)
        await check_job(tb, u4, 0x1100, 0x1100, n)
    # OUTLEN below LEN with a partial block; above LEN (only the produced bytes are written)
    await check_job(tb, u1, 0x1000, 0x5000, 37, outlen=9)
    await check_job(tb, u2, 0x1000, 0x5000, 20, outlen=64)
    for pad in (0, 1):
        for n in (0, 1, 7, 8, 9, 16, 23, 64):
            await check_job(tb, u5, 0x2000, 0x6000, n, outlen=8, pad=pad)
            assert u5.last_bytes == (n - (max(1, -(-n // 8)) - 1) * 8)
    assert u5.in_beats > 0


@cocotb.test()
async def test_noread(dut) -> None:
    """A unit that ignores its input (noread_i: ChaCha keystream) gets zero beats and the job
    reads nothing; the output and every byte outside DST as usual."""
    u = UnitModel(4, 64, "ctr", lat=20, partial_ok=1, key_bytes=32, noread=1)
    tb = await setup(dut, [u])
    for n in (1, 64, 100, 256):
        await check_job(tb, u, 0x1000, 0x5000, n)
        await check_job(tb, u, 0x1000, 0x5000, n, use_cpi=True)
    t_nord = await check_job(tb, u, 0x1000, 0x5000, 4096)
    u.noread = 0
    t_read = await check_job(tb, u, 0x1000, 0x5000, 4096)
    dut._log.info("4 KiB on a 64-byte unit (lat 20): %d cycles without reads, %d with", t_nord,
                  t_read)


@cocotb.test()
async def test_checks(dut) -> None:
    """Every check: the error code, IS.ERR, no unit activity, memory untouched."""
    u1 = UnitModel(1, 16, "ecb")
    u5 = UnitModel(5, 8, "hash", empty_ok=0, partial_ok=0, key_bytes=0)
    tb = await setup(dut, [u1, u5])
    await tb.write("IE", 2)
    top = DMEM_BYTES
    cases = [
        # (sel, src, dst, len, outlen, code)
        (1, addr(0) - 16, addr(0x100), 16, 0, RANGE),
        (1, addr(0x100), addr(0) - 16, 16, 0, RANGE),
        (1, addr(top - 16), addr(0x100), 32, 0, RANGE),
        (1, addr(0x100), addr(top - 16), 16, 32, RANGE),
        (1, addr(0x100), addr(0x200), 0xFFFF_FFF0, 0, RANGE),         # wraps 32 bits
        (1, 0xFFFF_FFF0, addr(0x200), 0x20, 0, RANGE),
        (1, addr(0x100) + 2, addr(0x200), 16, 0, ALIGN),
        (1, addr(0x100), addr(0x200) + PB // 2, 16, 0, ALIGN),
        (1, addr(0x100), addr(0x110), 32, 0, OVERLAP),
        (1, addr(0x110), addr(0x100), 32, 0, OVERLAP),
        (1, addr(0x100), addr(0x0F0), 32, 0, OVERLAP),
        (1, addr(0x100), addr(0x0E0), 16, 48, OVERLAP),
        (1, addr(0x100), addr(0x200), 17, 0, LENGTH),                 # ECB without partial_ok
        (1, addr(0x100), addr(0x200), 0, 16, LENGTH),                 # empty without empty_ok
        (5, addr(0x100), addr(0x200), 0, 8, LENGTH),
        (5, addr(0x100), addr(0x200), 12, 8, LENGTH),
        (3, addr(0x100), addr(0x200), 16, 0, ENGINE),                 # PRESENT not attached
        (0, addr(0x100), addr(0x200), 16, 0, ENGINE),
        (6, addr(0x100), addr(0x200), 16, 0, ENGINE),
        (15, addr(0x100), addr(0x200), 16, 0, ENGINE),
    ]
    if PB > 4:
        cases.append((1, addr(0x100) + 4, addr(0x200), 16, 0, ALIGN))
    before = bytes(tb.mem)
    for sel, src, dst, n, olen, code in cases:
        for use_cpi in (False, True):
            await tb.write("IS", 3)
            if use_cpi:
                await tb.cpi(*D["DSEL"], sel, 0x11)
                await tb.cpi(*D["DADDR"], src, dst)
                rd, err, cyc = await tb.cpi(*D["DRUNW"], n, olen)
                assert err == 1 and cyc == 3, f"DRUNW case {code}: err {err} after {cyc}"
                rd, err, _ = await tb.cpi(*D["DSTAT"])
                st = rd
            else:
                st = await tb.run_mmio(sel, 0x11, src, dst, n, olen)
            assert status_fields(st) == (0, 0, 1, code), \
                f"sel {sel} src {src:#x} dst {dst:#x} len {n}: status {st:#x}, want {code}"
            assert await tb.read("IS") == 2 and tb.irq == 1
    # DRUN (no wait) with a failing check answers at once without a trap
    rd, err, cyc = await tb.cpi(*D["DRUN"], 17, 0)
    assert (err, cyc) == (0, 1)
    await tb.tick()  # its DECIDE cycle (the answer came in CHECK)
    assert bytes(tb.mem) == before, "memory changed by a rejected job"
    # a refused job owns its unit only in its CHECK and DECIDE cycles (no start, no beat): two
    # cycles per rejected job of an attached engine, cpi and MMIO alike, and the last DRUN
    # (engine of the last case)
    n_owned = 2 * (sum(2 for sel, *_ in cases if sel in (1, 5)) + (cases[-1][0] in (1, 5)))
    assert u1.starts == 0 and u5.starts == 0 and u1.in_beats == 0
    assert u1.own_cycles + u5.own_cycles == n_owned, (u1.own_cycles, u5.own_cycles, n_owned)
    assert tb.mem_reads == 0 and tb.mem_writes == 0
    # allowed corner cases: equal buffers, adjacent buffers, a buffer ending at the top
    await check_job(tb, u1, 0x100, 0x100, 32)
    await check_job(tb, u1, 0x100, 0x120, 32)
    await check_job(tb, u1, 0x120, 0x100, 32)
    await check_job(tb, u1, top - 32, 0x100, 32)


@cocotb.test()
async def test_busy_abort_errors(dut) -> None:
    """Commands while busy, ABORT, engine refusal, engine error mid-job, unit zeroized."""
    u = UnitModel(1, 16, "ecb", lat=10)
    tb = await setup(dut, [u])
    n = 1024
    data = random.Random(5).randbytes(n)
    tb.mem[0x1000:0x1000 + n] = data
    exp = expect_ecb(data, u.key)
    # START and KEYLOAD while busy: BUSY, the job completes correctly
    await tb.program(1, 0x11, addr(0x1000), addr(0x4000), n)
    await tb.write("CTRL", 1)
    await tb.ticks(30)
    await tb.write("CTRL", 1)
    st = await tb.status()
    assert status_fields(st) == (1, 0, 1, BUSY)
    await tb.write("CTRL", 2)
    rd, err, _ = await tb.cpi(*D["DRUNW"], 16, 0)             # DRUNW while busy traps at once
    assert err == 1
    rd, err, _ = await tb.cpi(*D["DRUN"], 16, 0)             # DRUN while busy: no trap
    assert err == 0
    assert await tb.read("LEN") == n                      # a rejected DRUN changes nothing
    rd, err, cyc = await tb.cpi(*D["DWAIT"])                 # DWAIT
    assert err == 0 and status_fields(rd) == (0, 1, 1, BUSY) and cyc > 1
    assert bytes(tb.mem[0x4000:0x4000 + n]) == exp
    assert u.starts == 1
    # ABORT mid-job: stops, zeroizes the engine, ABORTED; nothing outside DST changes
    tb.mem[0x4000:0x4000 + n] = bytes(n)
    before = bytes(tb.mem)
    await tb.write("CTRL", 1)
    await tb.ticks(100)
    await tb.write("CTRL", 4)
    st = await tb.wait_idle()
    assert status_fields(st) == (0, 0, 1, ABORTED)
    assert u.zeroizes == 1 and not u.busy
    done = await tb.read("DONE_BYTES")
    assert 0 < done < n and done % PB == 0
    assert bytes(tb.mem[0x4000:0x4000 + done]) == exp[:done]
    assert bytes(tb.mem[0x4000 + done:]) == before[0x4000 + done:]
    assert bytes(tb.mem[:0x4000]) == before[:0x4000]
    reads, writes = tb.mem_reads, tb.mem_writes
    await tb.ticks(20)
    assert (tb.mem_reads, tb.mem_writes) == (reads, writes), "port B active after the abort"
    # ABORT while idle does nothing
    await tb.write("CTRL", 4)
    assert status_fields(await tb.status()) == (0, 0, 1, ABORTED)
    # the engine refuses the start (e.g. no key): ENGINE, zeroized, DRUNW traps
    u.key = KEY[:16]
    u.key_ready = 1
    u.refuse = 6
    await tb.cpi(*D["DADDR"], addr(0x1000), addr(0x4000))
    rd, err, _ = await tb.cpi(*D["DRUNW"], 64, 0)
    assert err == 1 and status_fields(rd) == (0, 0, 1, ENGINE)
    assert u.zeroizes == 2
    # engine error mid-job
    u.refuse, u.err, u.key = 0, 0, KEY[:16]
    u.fail_after = 3
    rd, err, _ = await tb.cpi(*D["DRUNW"], 256, 0)
    assert err == 1 and status_fields(rd) == (0, 0, 1, ENGINE) and u.zeroizes == 3
    # the unit is zeroized by the CPU mid-job: busy falls with input left -> ABORTED
    u.fail_after, u.err, u.key = -1, 0, KEY[:16]
    u.drop_busy_after = 2
    rd, err, _ = await tb.cpi(*D["DRUNW"], 512, 0)
    assert err == 1 and status_fields(rd) == (0, 0, 1, ABORTED)
    # and the DMA works again afterwards
    u.drop_busy_after, u.key = -1, KEY[:16]
    await check_job(tb, u, 0x1000, 0x4000, 64, use_cpi=True)


@cocotb.test()
async def test_abort_offsets(dut) -> None:
    """ABORT at every cycle of a stretch of a job on a pipelined unit (an output beat nearly
    every cycle, so with the write queue (A_WRITE = 1) beats are queued when it comes): DONE_BYTES
    is exactly the prefix of DST that was written, nothing else changed, no port active after."""
    u = UnitModel(1, 16, "ecb", lat=4, pipe=True)
    tb = await setup(dut, [u])
    n = 2048
    data = random.Random(9).randbytes(n)
    tb.mem[0x1000:0x1000 + n] = data
    exp = expect_ecb(data)
    await tb.program(1, 0x11, addr(0x1000), addr(0x4000), n)
    for delay in range(8, 40):
        u.key, u.key_ready = KEY[:16], 1              # (the abort wiped it)
        tb.mem[0x4000:0x4000 + n] = bytes(n)
        before = bytes(tb.mem)
        await tb.write("CTRL", 1)
        await tb.ticks(delay)
        await tb.write("CTRL", 4)
        st = await tb.wait_idle()
        assert status_fields(st) == (0, 0, 1, ABORTED), (delay, status_fields(st))
        done = await tb.read("DONE_BYTES")
        assert done % PB == 0 and done < n, (delay, done)
        assert bytes(tb.mem[0x4000:0x4000 + done]) == exp[:done], delay
        assert bytes(tb.mem[0x4000 + done:]) == before[0x4000 + done:], delay
        assert bytes(tb.mem[:0x4000]) == before[:0x4000], delay
        writes = tb.mem_writes
        await tb.ticks(5)
        assert tb.mem_writes == writes, f"a write after the abort (delay {delay})"


@cocotb.test()
async def test_cpi_ops(dut) -> None:
    """Every cpi-dma operation, the funct3 checks, DKEY/DKEYW, DSTAT, DWAIT."""
    u1 = UnitModel(1, 16, "ecb", key_bytes=16)
    u4 = UnitModel(4, 64, "ctr", key_bytes=32, partial_ok=1)
    u2 = UnitModel(2, 8, "ctr", key_bytes=10, partial_ok=1)
    tb = await setup(dut, [u1, u4, u2])
    legal: dict[int, set[int]] = {}
    for op, f3 in D.values():
        legal.setdefault(op, set()).add(f3)
    for op in range(16):
        for f3 in range(8):
            if f3 in legal.get(op, set()):
                continue
            _, err, cyc = await tb.cpi(op, f3, 1, 2)
            assert (err, cyc) == (1, 1), f"op {op} funct3 {f3:03b} not rejected"
    assert await tb.read("SRC") == 0 and await tb.read("ENGINE") == 0
    # DSEL, DADDR write the registers; DSTAT reads STATUS
    assert (await tb.cpi(*D["DSEL"], 0x104, 0x1234))[:2] == (0, 0)
    assert await tb.read("ENGINE") == 0x104 and await tb.read("ECFG") == 0x1234
    assert (await tb.cpi(*D["DADDR"], addr(0x10), addr(0x20)))[:2] == (0, 0)
    assert await tb.read("SRC") == addr(0x10) and await tb.read("DST") == addr(0x20)
    assert (await tb.cpi(*D["DSTAT"])) == (0, 0, 1)
    assert (await tb.cpi(*D["DWAIT"])) == (0, 0, 1)          # DWAIT while idle: at once
    # DKEYW: the key read from memory, bytes past the key size zero, KEYLOAD with the cfg
    tb.mem[0x800:0x840] = bytes(range(0x80, 0xC0))
    for u, kb in ((u1, 16), (u4, 32), (u2, 10)):
        await tb.cpi(*D["DSEL"], u.num, 0)
        rd, err, cyc = await tb.cpi(*D["DKEYW"], addr(0x800), 0x40 + kb)
        assert err == 0 and status_fields(rd) == (0, 1, 0, 0), f"DKEYW {rd:#x}"
        key, cfg = u.keyloads[-1]
        padded = -(-kb // PB) * PB
        assert cfg == 0x40 + kb
        assert key == bytes(range(0x80, 0x80 + kb)) + bytes(padded - kb), key.hex()
        assert await tb.read("SRC") == addr(0x800) and await tb.read("ECFG") == 0x40 + kb
        tb.perf(f"dkeyw_cycles_{kb}", cyc)
    # DKEY returns at once; DWAIT waits for the key
    await tb.cpi(*D["DSEL"], 1, 0)
    rd, err, cyc = await tb.cpi(*D["DKEY"], addr(0x800), 0x50)
    assert (err, cyc) == (0, 1)
    rd, err, cyc = await tb.cpi(*D["DWAIT"])
    assert err == 0 and status_fields(rd) == (0, 1, 0, 0) and cyc > 5
    # key-load failures: unaligned / out of range / an engine that refuses the size
    rd, err, _ = await tb.cpi(*D["DKEYW"], addr(0x801), 0x50)
    assert err == 1 and status_fields((await tb.cpi(*D["DSTAT"]))[0])[3] == ALIGN
    rd, err, _ = await tb.cpi(*D["DKEYW"], addr(DMEM_BYTES - 8), 0x50)
    assert err == 1 and status_fields((await tb.cpi(*D["DSTAT"]))[0])[3] == RANGE
    rd, err, _ = await tb.cpi(*D["DKEYW"], addr(0x800), 0xBAD)
    assert err == 1 and status_fields(rd)[2:] == (1, ENGINE), f"{rd:#x}"
    # MMIO KEYLOAD of a key-less engine: ENGINE
    u4.key_bytes = 0
    await tb.write("ENGINE", 4)
    await tb.write("CTRL", 2)
    await tb.tick()  # CHECK
    await tb.tick()  # DECIDE
    assert status_fields(await tb.status()) == (0, 0, 1, ENGINE)
    # a job after a key load uses the new key (ECB through DRUNW)
    u1.err = 0
    await tb.cpi(*D["DSEL"], 1, 0)
    await tb.cpi(*D["DKEYW"], addr(0x800), 0x50)
    assert u1.key == bytes(range(0x80, 0x90))
    await check_job(tb, u1, 0x1000, 0x2000, 48, use_cpi=True)


@cocotb.test()
async def test_throughput(dut) -> None:
    """Sustained rate and single-block latency: reported (CPL_DMA_PERF_JSON), not asserted;
    the data are checked."""
    rolled = UnitModel(1, 16, "ecb", lat=10)
    tb = await setup(dut, [rolled])
    n = 4096
    cyc = await check_job(tb, rolled, 0x1000, 0x4000, n, use_cpi=True)
    blocks = n // 16
    tb.perf("rolled_4k_cycles", cyc)
    tb.perf("rolled_4k_cycles_per_block", cyc / blocks)
    dut._log.info("DMA_BITS=%d rolled AES model: 4 KiB in %d cycles, %.2f cycles/block",
                  DMA_BITS, cyc, cyc / blocks)
    one = await check_job(tb, rolled, 0x1000, 0x4000, 16, use_cpi=True)
    tb.perf("rolled_16B_drunw_cycles", one)
    dut._log.info("DMA_BITS=%d single 16-byte job: DRUNW answered %d cycles after acceptance",
                  DMA_BITS, one)
    # a pipelined engine: one block per cycle, 10 in flight
    piped = UnitModel(1, 16, "ecb", lat=10, pipe=True)
    tb.set_units([piped])
    piped.key = KEY[:16]
    cyc = await check_job(tb, piped, 0x1000, 0x4000, n, use_cpi=True)
    tb.perf("pipelined_4k_cycles", cyc)
    tb.perf("pipelined_4k_cycles_per_block", cyc / blocks)
    dut._log.info("DMA_BITS=%d pipelined AES model: 4 KiB in %d cycles, %.2f cycles/block",
                  DMA_BITS, cyc, cyc / blocks)
    tb.perf("a_writes", tb.a_writes)
