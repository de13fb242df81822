# SPDX-License-Identifier: Apache-2.0
"""cocotb bench of the bus wrappers (ip/rtl): one engine on AXI4-Lite (ip/tests/ip_axil_top.v,
driven by cocotbext-axi's AxiLiteMaster) or Wishbone B4 pipelined (ip/tests/ip_wb_top.v, driven
by cocotbext-wishbone's WishboneMaster), with the same engine on its native port beside it for
the cycle comparison.

Tests: identity, known answers (CAVP files from cryptography-vectors, the engines' published
vectors), random messages against the references (pycryptodome, hashlib, the engines' models,
through adversarial/tests/adv_tb.py's engine table), random back-pressure and wait states,
error responses for bad offsets and widths (and that such an access changes nothing), a
protocol monitor on every cycle, and the cycles of one message through each port.

Register offsets and fields come from the generated constants (tools/consts.py).
With IP_AEAD = 1 the engine is its AEAD build (AES: aead_top, AES_AEAD = 1; ChaCha:
chachapoly_top, CHACHA_AEAD = 1), a superset of the plain engine, and test_aead runs GCM and CCM
(CAVP records and random messages against pycryptodome) or ChaCha20-Poly1305 (the package's
RFC 8439 records and random messages) through the bus, both directions, with forged tags.

Environment: IP_BUS (axil, wb), IP_ENGINE (1-5), IP_AEAD, IP_RANDOM (random messages), IP_KAT
(known answers per group, 0 = all), IP_AEAD_KAT (AEAD records per file, 0: the CI set), IP_SEED,
IP_PERF_JSON (the cycle figures are written there).
"""
from __future__ import annotations

import json
import os
import random
import tomllib
from pathlib import Path

import cocotb
import cryptography_vectors
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, RisingEdge, Timer
from cocotbext.axi import AxiLiteBus, AxiLiteMaster
from cocotbext.wishbone import WBOp, WishboneMaster
from Crypto.Cipher import AES, ChaCha20_Poly1305

from adversarial.tests.adv_tb import ENGINES, Engine
from coupling.tests.cpl_engine_tb import OFF, aead_cfg, ccm_b0, fbit, fget, wbytes, words
from engines.aead.model import vectors as aead_vectors
from engines.aes.model import vectors as aes_vectors
from engines.chacha.model import chacha_model
from engines.chacha.tests.chacha_tb import KAT as CHACHA_KAT, TC1_20_FULL
from engines.chachapoly.model import chachapoly_model
from engines.present.tests.present_tb import VECTORS as PRESENT_VECTORS
from engines.prince.tests.prince_tb import VECTORS as PRINCE_VECTORS
from engines.sha3.model import sha3_model
from tools import consts as C

BUS = os.environ.get("IP_BUS", "axil")
ENGINE = int(os.environ.get("IP_ENGINE", "1"))
N_RANDOM = int(os.environ.get("IP_RANDOM", "3"))
N_KAT = int(os.environ.get("IP_KAT", "2"))
SEED = int(os.environ.get("IP_SEED", "44"))
AEAD = os.environ.get("IP_AEAD", "0") == "1"
N_AEAD_KAT = int(os.environ.get("IP_AEAD_KAT", "0"))
PERF_JSON = os.environ.get("IP_PERF_JSON", "")
ENG: Engine = ENGINES[ENGINE]
POLL = 2000
KEY_WORDS = {r["name"]: r.get("count", 1) for r in tomllib.loads(
    (Path(__file__).resolve().parents[2] / "coupling/regs/engine.toml").read_text())["reg"]}["KEY"]
START, KEYLOAD = fbit("CTRL", "START"), fbit("CTRL", "KEYLOAD")
IVLOAD, ZEROIZE = fbit("CTRL", "IVLOAD"), fbit("CTRL", "ZEROIZE")


class BusError(Exception):
    """SLVERR / ERR where an OKAY answer was expected."""


# ------------------------------------------------------------------------------- ports
class Port:
    """Word accesses to the engine window: write(off, value) and read(off) return the answer's
    status (True: OKAY / ACK), read also the data."""

    async def write(self, off: int, value: int, strb: int = 0xF) -> bool:
        raise NotImplementedError

    async def read(self, off: int) -> tuple[int, bool]:
        raise NotImplementedError

    async def w(self, off: int, value: int) -> None:
        if not await self.write(off, value & 0xFFFFFFFF):
            raise BusError(f"write {off:#x}")

    async def r(self, off: int) -> int:
        v, ok = await self.read(off)
        if not ok:
            raise BusError(f"read {off:#x}")
        return v


class AxilPort(Port):
    def __init__(self, dut) -> None:
        self.m = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.clk, dut.rst)

    async def write(self, off, value, strb=0xF):
        # a partial strobe: the bytes of the enabled lanes, at the first lane's address
        lanes = [i for i in range(4) if strb >> i & 1]
        data = value.to_bytes(4, "little")[lanes[0]:lanes[-1] + 1]
        resp = await self.m.write(off + lanes[0], data)
        return int(resp.resp) == 0

    async def read(self, off):
        resp = await self.m.read(off, 4)
        return int.from_bytes(resp.data, "little"), int(resp.resp) == 0

    def pauses(self, rng: random.Random, p: float) -> None:
        """Random back-pressure on B and R and random gaps on AW, W and AR (None: off)."""
        def gen():
            while True:
                yield rng.random() < p
        for ch in (self.m.write_if.aw_channel, self.m.write_if.w_channel,
                   self.m.write_if.b_channel, self.m.read_if.ar_channel,
                   self.m.read_if.r_channel):
            ch.set_pause_generator(gen() if p else None)


class WbPort(Port):
    def __init__(self, dut) -> None:
        self.m = WishboneMaster(dut, "wb", dut.clk, width=32, timeout=100)
        self.idle = 0
        self.rng = random.Random(SEED)

    async def _op(self, op) -> tuple[int, bool]:
        res = (await self.m.send_cycle([op]))[0]
        return int(res.datrd), res.ack == 1

    async def write(self, off, value, strb=0xF):
        idle = self.rng.randint(0, self.idle) if self.idle else 0
        return (await self._op(WBOp(adr=off >> 2, dat=value, sel=strb, idle=idle)))[1]

    async def read(self, off):
        idle = self.rng.randint(0, self.idle) if self.idle else 0
        return await self._op(WBOp(adr=off >> 2, idle=idle))


class DirectPort(Port):
    """Hand-driven port for the cycle figures: `kind` nat (the native port), axil or wb. Inputs
    change just after a falling edge. With gap 0 the next request goes out in the cycle its
    predecessor's answer is seen (a master that issues an access per cycle); gap 1 waits a
    cycle more (a master that registers the answer first)."""

    def __init__(self, dut, kind: str, gap: int = 0) -> None:
        self.d, self.kind, self.gap = dut, kind, gap

    async def settle(self) -> None:
        await Timer(1, unit="ns")

    async def write(self, off, value, strb=0xF):
        return (await self._access(True, off, value, strb))[1]

    async def read(self, off):
        return await self._access(False, off, 0, 0xF)

    async def _access(self, we: bool, off: int, value: int, strb: int) -> tuple[int, bool]:
        d = self.d
        if self.kind == "nat":
            d.nat_req.value, d.nat_we.value, d.nat_addr.value = 1, int(we), off
            d.nat_wdata.value = value
            await FallingEdge(d.clk)
            d.nat_req.value = 0
            out = (int(d.nat_rdata.value), True)
        elif self.kind == "wb":
            d.wb_cyc.value, d.wb_stb.value, d.wb_we.value = 1, 1, int(we)
            d.wb_adr.value, d.wb_datwr.value, d.wb_sel.value = off >> 2, value, strb
            await FallingEdge(d.clk)
            d.wb_cyc.value, d.wb_stb.value = 0, 0
            await self.settle()
            assert int(d.wb_ack.value) + int(d.wb_err.value) == 1
            out = (int(d.wb_datrd.value), bool(int(d.wb_ack.value)))
        else:
            d.s_axil_bready.value, d.s_axil_rready.value = 1, 1
            if we:
                d.s_axil_awaddr.value, d.s_axil_wdata.value, d.s_axil_wstrb.value = off, value, strb
                d.s_axil_awvalid.value, d.s_axil_wvalid.value = 1, 1
            else:
                d.s_axil_araddr.value, d.s_axil_arvalid.value = off, 1
            while True:
                await self.settle()
                ready = int(d.s_axil_awready.value if we else d.s_axil_arready.value)
                await FallingEdge(d.clk)
                if ready:
                    break
            d.s_axil_awvalid.value, d.s_axil_wvalid.value, d.s_axil_arvalid.value = 0, 0, 0
            await self.settle()
            if we:
                assert int(d.s_axil_bvalid.value)
                out = (0, int(d.s_axil_bresp.value) == 0)
            else:
                assert int(d.s_axil_rvalid.value)
                out = (int(d.s_axil_rdata.value), int(d.s_axil_rresp.value) == 0)
        for _ in range(self.gap):
            await FallingEdge(d.clk)
        return out


# ------------------------------------------------------------------------------- messages
async def status(p: Port) -> int:
    return await p.r(OFF["STATUS"])


async def poll(p: Port, cond, what: str) -> int:
    for _ in range(POLL):
        st = await status(p)
        if cond(st):
            return st
    raise AssertionError(f"{what} never came (STATUS {st:#x})")


async def zeroize(p: Port) -> None:
    """ZEROIZE and wait until idle (the AES key-store wipe), so a later KEY_READY is the new
    key's."""
    await p.w(OFF["CTRL"], ZEROIZE)
    await poll(p, lambda s: not fget(s, "STATUS", "BUSY"), "idle")


async def load_key(p: Port, eng: Engine, cfg: int, key: bytes) -> None:
    for i, wd in enumerate(words(key.ljust(4 * KEY_WORDS, b"\0"))):
        await p.w(OFF["KEY"] + 4 * i, wd)
    await p.w(OFF["CFG"], eng.key_cfg(cfg))
    await p.w(OFF["CTRL"], KEYLOAD)
    await poll(p, lambda s: fget(s, "STATUS", "KEY_READY") and not fget(s, "STATUS", "BUSY"),
               "key")


async def start(p: Port, eng: Engine, cfg: int, iv: bytes) -> None:
    if eng.has_iv:
        for i, wd in enumerate(words(iv[:eng.iv_len])):
            await p.w(OFF["IV"] + 4 * i, wd)
    await p.w(OFF["CFG"], cfg)
    await p.w(OFF["CTRL"], START | (IVLOAD if eng.has_iv else 0))


async def out_block(p: Port, nwords: int) -> bytes:
    await poll(p, lambda s: fget(s, "STATUS", "OUT_VALID"), "output")
    return wbytes([await p.r(OFF["DOUT"] + 4 * i) for i in range(nwords)])


async def in_block(p: Port, blk: bytes, last: bool) -> None:
    await poll(p, lambda s: fget(s, "STATUS", "IN_READY"), "input ready")
    ws = words(blk)
    for i, wd in enumerate(ws[:-1]):
        await p.w(OFF["DIN"] + 4 * i, wd)
    await p.w(OFF["DINL" if last else "DIN"] + 4 * (len(ws) - 1), ws[-1])


async def message(p: Port, eng: Engine, cfg: int, iv: bytes, msg: bytes) -> bytes:
    """START, every block in, every output block out (SHA-3: after the last block), as the
    programmer's guide of coupling/README.md; the output cut to the reference length."""
    await start(p, eng, cfg, iv)
    nw = eng.block // 4
    out = b""
    if eng.num == C.CV_ENGINE_SHA3:
        nblk = max(1, (len(msg) + 7) // 8)
        for b in range(nblk):
            chunk = msg[8 * b:8 * b + 8]
            if b == nblk - 1:
                await p.w(OFF["LAST_BYTES"], len(chunk))
            await in_block(p, chunk.ljust(8, b"\0"), b == nblk - 1)
        olen = eng.out_len(cfg, len(msg))
        while len(out) < olen:
            out += await out_block(p, nw)
        return out[:olen]
    for b in range(0, len(msg), eng.block):
        blk = msg[b:b + eng.block]
        await in_block(p, blk.ljust(eng.block, b"\0"), b + eng.block >= len(msg))
        out += await out_block(p, nw)
    return out[:len(msg)]


async def run_case(p: Port, cfg: int, key: bytes, iv: bytes, msg: bytes) -> bytes:
    await zeroize(p)
    if ENG.has_key:
        await load_key(p, ENG, cfg, key)
    return await message(p, ENG, cfg, iv, msg)


# ------------------------------------------------------------------------------- known answers
def kat_cases() -> list[tuple[str, int, bytes, bytes, bytes, bytes]]:
    """(name, cfg, key, iv, input, expected output) of the engine's published vectors; N_KAT
    per group (AES: mode, key size and direction; SHA-3: file) (0: all)."""
    cut = (lambda xs: xs if N_KAT == 0 else xs[:N_KAT])
    out = []
    if ENGINE == C.CV_ENGINE_AES:
        modes = {"ECB": C.CV_AES_CFG_MODE_ECB, "CBC": C.CV_AES_CFG_MODE_CBC,
                 "CFB": C.CV_AES_CFG_MODE_CFB128, "OFB": C.CV_AES_CFG_MODE_OFB}
        ksz = {16: C.CV_AES_CFG_KSZ_128, 24: C.CV_AES_CFG_KSZ_192, 32: C.CV_AES_CFG_KSZ_256}
        for mode, code in modes.items():
            # N_KAT per key size and direction of the mode (what the wrapper passes on: CFG,
            # key, IV); the engine's own tests run every file
            groups: dict[tuple[int, bool], list] = {}
            for v in aes_vectors.cavp_vectors(mode):
                if mode == "OFB" and v.decrypt:
                    continue        # OFB decryption is the encryption (CFG.DEC must be 0)
                groups.setdefault((len(v.key), v.decrypt), []).append(v)
            for vs in groups.values():
                for v in cut(vs):
                    cfg = C.put("aes", "CFG", KSZ=ksz[len(v.key)], MODE=code, DEC=int(v.decrypt))
                    out.append((v.source, cfg, v.key, v.iv or bytes(16), v.data, v.expect))
    elif ENGINE == C.CV_ENGINE_PRINCE:
        cfg = C.put("prince", "CFG", DEC=0, MODE=C.CV_PRINCE_CFG_MODE_ECB)
        for pt, k0, k1, ct in PRINCE_VECTORS:
            out.append(("prince", cfg, ((k0 << 64) | k1).to_bytes(16, "big"), bytes(8),
                        pt.to_bytes(8, "big"), ct.to_bytes(8, "big")))
    elif ENGINE == C.CV_ENGINE_PRESENT:
        for bits, key, pt, ct in PRESENT_VECTORS:
            ksz = C.CV_PRESENT_CFG_KSZ_128 if bits == 128 else C.CV_PRESENT_CFG_KSZ_80
            cfg = C.put("present", "CFG", DEC=0, KSZ=ksz, MODE=C.CV_PRESENT_CFG_MODE_ECB)
            out.append((f"present{bits}", cfg, key.to_bytes(bits // 8, "big"), bytes(8),
                        pt.to_bytes(8, "big"), ct.to_bytes(8, "big")))
    elif ENGINE == C.CV_ENGINE_CHACHA:
        # keystream through the XOR mode on a zero block: the first 16 bytes are the vector's
        for key, nonce, rounds, first16 in CHACHA_KAT:
            cfg = C.put("chacha", "CFG", ROUNDS=rounds, K128=0, RFC=0, XOR=1)
            iv = chacha_model.make_iv(0, nonce)
            ks = chacha_model.block(key, iv, rounds)
            assert ks[:16].hex() == first16
            out.append(("chacha", cfg, key, iv, bytes(64), ks))
        cfg = C.put("chacha", "CFG", ROUNDS=20, K128=0, RFC=0, XOR=1)
        out.append(("chacha-tc1", cfg, bytes(32), bytes(16), bytes(64), bytes.fromhex(TC1_20_FULL)))
    else:
        root = Path(cryptography_vectors.__file__).parent / "hashes" / "SHA3"
        for mode in ("SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512"):
            path = root / f"{mode.replace('-', '_')}ShortMsg.rsp"
            recs, rec = [], {}
            for line in path.read_text().splitlines():
                if " = " in line:
                    k, v = line.split(" = ")
                    rec[k.strip()] = v.strip()
                    if k.strip() == "MD":
                        recs.append(rec)
                        rec = {}
            # lengths spread over the file (empty, short, around the rate), not its first ones
            recs = [r for r in recs if int(r["Len"]) % 8 == 0]
            picks = recs if N_KAT == 0 else recs[::max(1, len(recs) // (2 * N_KAT))]
            for r in picks:
                msg = bytes.fromhex(r["Msg"])[:int(r["Len"]) // 8]
                out.append((path.name, sha3_model.cfg_word(mode), b"", b"", msg,
                             bytes.fromhex(r["MD"])))
    return out


# ------------------------------------------------------------------------------- bench
class Bench:
    def __init__(self, dut) -> None:
        self.dut = dut
        self.rng = random.Random(SEED * 8 + ENGINE)
        self.cycle = 0
        self.checks = 0

    async def init(self) -> Port:
        d = self.dut
        cocotb.start_soon(Clock(d.clk, 10, unit="ns").start())
        cocotb.start_soon(self._count())
        d.nat_req.value, d.nat_we.value, d.nat_addr.value, d.nat_wdata.value = 0, 0, 0, 0
        if BUS == "wb":
            for n in ("cyc", "stb", "we", "adr", "datwr", "sel"):
                getattr(d, f"wb_{n}").value = 0
        d.rst.value = 1
        for _ in range(3):
            await RisingEdge(d.clk)
        d.rst.value = 0
        await RisingEdge(d.clk)
        port = AxilPort(d) if BUS == "axil" else WbPort(d)
        await RisingEdge(d.clk)
        cocotb.start_soon(self.monitor())
        return port

    async def _count(self) -> None:
        while True:
            await RisingEdge(self.dut.clk)
            self.cycle += 1

    async def monitor(self) -> None:
        """Protocol checks on every rising edge (values as the edge samples them)."""
        d = self.dut
        if BUS == "axil":
            prev = None
            outstanding_w = outstanding_r = 0
            while True:
                await RisingEdge(d.clk)
                s = {n: int(getattr(d, f"s_axil_{n}").value) for n in (
                    "awvalid", "awready", "wvalid", "wready", "bvalid", "bready", "bresp",
                    "arvalid", "arready", "rvalid", "rready", "rresp", "rdata")}
                assert s["awready"] == s["wready"], "AW and W are taken together"
                assert not s["awready"] or (s["awvalid"] and s["wvalid"]), "ready without valid"
                assert not s["arready"] or s["arvalid"], "ARREADY without ARVALID"
                assert not (s["awready"] and s["arready"]), "one access per cycle"
                if prev and prev["bvalid"] and not prev["bready"]:
                    assert s["bvalid"] and s["bresp"] == prev["bresp"], "B changed while waiting"
                if prev and prev["rvalid"] and not prev["rready"]:
                    assert (s["rvalid"] and s["rresp"] == prev["rresp"]
                            and s["rdata"] == prev["rdata"]), "R changed while waiting"
                outstanding_w += (s["awvalid"] & s["awready"]) - (s["bvalid"] & s["bready"])
                outstanding_r += (s["arvalid"] & s["arready"]) - (s["rvalid"] & s["rready"])
                assert 0 <= outstanding_w <= 1 and 0 <= outstanding_r <= 1, "response count"
                self.checks += 1
                prev = s
        else:
            req_prev = 0
            while True:
                await RisingEdge(d.clk)
                ack, err = int(d.wb_ack.value), int(d.wb_err.value)
                assert not (ack and err), "ACK and ERR together"
                assert int(d.wb_stall.value) == 0
                assert ack + err == req_prev, "one answer per request, in the next cycle"
                req_prev = int(d.wb_cyc.value) & int(d.wb_stb.value)
                self.checks += 1


def write_perf(key: str, value) -> None:
    if not PERF_JSON:
        return
    path = Path(PERF_JSON)
    data = json.loads(path.read_text()) if path.exists() else {}
    data[key] = value
    path.write_text(json.dumps(data, indent=1, sort_keys=True))


@cocotb.test()
async def test_identity(dut):
    """ID (magic, engine number, layout version) and CAP answer as in the native window."""
    tb = Bench(dut)
    p = await tb.init()
    ident = await p.r(OFF["ID"])
    assert fget(ident, "ID", "MAGIC") == C.CV_CPL_ID_MAGIC_CIPHER_V
    assert fget(ident, "ID", "ENGINE") == ENGINE
    assert fget(ident, "ID", "VERSION") == C.CV_CPL_ID_VERSION_V1_0
    assert fget(await p.r(OFF["CAP"]), "CAP", "BLOCK_BYTES") == ENG.block


@cocotb.test()
async def test_known_answers(dut):
    """The engine's published vectors through the bus."""
    tb = Bench(dut)
    p = await tb.init()
    cases = kat_cases()
    for name, cfg, key, iv, data, want in cases:
        got = await run_case(p, cfg, key, iv, data)
        assert got == want, f"{name}: {got.hex()} != {want.hex()}"
    dut._log.info("%d known answers passed", len(cases))


@cocotb.test()
async def test_random(dut):
    """Random configurations, keys, IVs and messages against the references."""
    tb = Bench(dut)
    p = await tb.init()
    for _ in range(N_RANDOM):
        await random_case(tb, p)


async def random_case(tb: Bench, p: Port) -> None:
    rng = tb.rng
    cfg, klen = ENG.rand_cfg(rng)
    key = rng.randbytes(klen)
    iv = rng.randbytes(16)
    if ENGINE == C.CV_ENGINE_CHACHA:
        iv = bytes(8) + iv[8:]      # block counter 0 (RFC: 32 bits, original: 64), random nonce
    msg = rng.randbytes(ENG.rand_len(rng, cfg))
    got = await run_case(p, cfg, key, iv, msg)
    want = ENG.ref(cfg, key, iv, msg)
    assert got == want, f"cfg {cfg:#x} key {key.hex()} iv {iv.hex()}: {got.hex()} != {want.hex()}"


@cocotb.test()
async def test_backpressure(dut):
    """Random messages with random back-pressure (AXI: B and R not ready, AW/W/AR gaps) or
    master wait states (Wishbone: idle cycles before each request)."""
    tb = Bench(dut)
    p = await tb.init()
    if isinstance(p, AxilPort):
        p.pauses(random.Random(SEED), 0.4)
    else:
        p.idle = 3
    for _ in range(max(1, N_RANDOM // 2 + 1)):
        await random_case(tb, p)


@cocotb.test()
async def test_errors(dut):
    """Offsets outside the map, unaligned offsets and partial widths answer SLVERR / ERR and
    change nothing; the next access is served normally."""
    tb = Bench(dut)
    p = await tb.init()
    cfg, _ = ENG.rand_cfg(tb.rng)
    await p.w(OFF["CFG"], cfg)
    await p.w(OFF["IE"], fbit("IE", "DONE"))
    ends = [OFF["LAST_BYTES"] + 4, OFF["KEY"] - 4, OFF["DOUT"] + 4 * 16, 0xFFC, 0x800]
    for off in ends:
        assert not await p.write(off, 0xFFFFFFFF), f"write {off:#x} answered OKAY"
        v, ok = await p.read(off)
        assert not ok and v == 0, f"read {off:#x}: {ok} {v:#x}"
    # a partial write to CFG: refused, CFG keeps its value
    for strb in (0x1, 0x3, 0xC, 0x8):
        assert not await p.write(OFF["CFG"], ~cfg & 0xFFFFFFFF, strb), f"strobe {strb:#x}"
    if isinstance(p, AxilPort):     # unaligned byte address (Wishbone has no byte address)
        assert int((await p.m.read(OFF["STATUS"] + 1, 1)).resp) != 0
    assert await p.r(OFF["CFG"]) == cfg
    assert await p.r(OFF["IE"]) == fbit("IE", "DONE")
    # the error leaves the engine usable: a message right after it
    await random_case(tb, p)


@cocotb.test()
async def test_irq(dut):
    """The interrupt output is OR(IS & IE): DONE of a message raises it, IS write-1 clears it."""
    tb = Bench(dut)
    p = await tb.init()
    cfg, klen = ENG.rand_cfg(tb.rng)
    await p.w(OFF["IE"], fbit("IE", "DONE"))
    await run_case(p, cfg, tb.rng.randbytes(klen), tb.rng.randbytes(16), bytes(ENG.block))
    await poll(p, lambda s: not fget(s, "STATUS", "BUSY"), "idle")
    for _ in range(4):
        await RisingEdge(dut.clk)
    assert int(dut.irq.value) == 1 and await p.r(OFF["IS"]) & fbit("IS", "DONE")
    await p.w(OFF["IS"], fbit("IS", "DONE") | fbit("IS", "OUT"))
    await p.w(OFF["IE"], 0)
    for _ in range(2):
        await RisingEdge(dut.clk)
    assert int(dut.irq.value) == 0


@cocotb.test()
async def test_cycles(dut):
    """Cycles of one message (START to the last output word) through the bus and through the
    native port, same engine, same configuration, hand-driven masters; with a master that issues
    an access per cycle the bus adds nothing."""
    tb = Bench(dut)
    d = dut
    cocotb.start_soon(Clock(d.clk, 10, unit="ns").start())
    for n in ("nat_req", "nat_we", "nat_addr", "nat_wdata"):
        getattr(d, n).value = 0
    if BUS == "axil":
        for n in ("awvalid", "wvalid", "arvalid", "bready", "rready", "awaddr", "wdata", "wstrb",
                  "araddr", "awprot", "arprot"):
            getattr(d, f"s_axil_{n}").value = 0
    else:
        for n in ("cyc", "stb", "we", "adr", "datwr", "sel"):
            getattr(d, f"wb_{n}").value = 0
    d.rst.value = 1
    cocotb.start_soon(tb._count())
    for _ in range(3):
        await FallingEdge(d.clk)
    d.rst.value = 0
    rng = random.Random(SEED)
    cfg, klen = ENG.rand_cfg(rng)
    if ENGINE == C.CV_ENGINE_AES:
        cfg = C.put("aes", "CFG", KSZ=C.CV_AES_CFG_KSZ_128, MODE=C.CV_AES_CFG_MODE_ECB, DEC=0)
        klen = 16
    elif ENGINE == C.CV_ENGINE_SHA3:
        cfg = sha3_model.cfg_word("SHA3-256")
    key, iv, msg = rng.randbytes(klen), bytes(16), rng.randbytes(ENG.block)
    want = ENG.ref(cfg, key, iv, msg)
    figures = {}
    for gap in (0, 1):
        for kind in ("nat", BUS):
            p = DirectPort(d, kind, gap)
            await zeroize(p)
            if ENG.has_key:
                await load_key(p, ENG, cfg, key)
            c0 = tb.cycle
            got = await message(p, ENG, cfg, iv, msg)
            figures[f"{kind}-gap{gap}"] = tb.cycle - c0
            assert got == want
    dut._log.info("cycles of one message (%s, %d bytes): %s", ENG.name, len(msg), figures)
    write_perf(f"{ENG.name}-{BUS}", figures)
    assert figures[f"{BUS}-gap0"] == figures["nat-gap0"], figures


# ------------------------------------------------------------------------------- AEAD
GCM, CCM = C.CV_AES_CFG_MODE_GCM, C.CV_AES_CFG_MODE_CCM
AES_KSZ = {16: C.CV_AES_CFG_KSZ_128, 24: C.CV_AES_CFG_KSZ_192, 32: C.CV_AES_CFG_KSZ_256}


def aead_phase(data: bytes, size: int) -> list[tuple[bytes, bool, int]]:
    """A phase as (block, last, valid bytes): whole blocks, the last one with what is left
    (an empty phase: one block of 0 bytes), zero padded."""
    out = [(data[i:i + size], i + size >= len(data)) for i in range(0, len(data), size)]
    out = out or [(b"", True)]
    return [(b.ljust(size, b"\0"), last, len(b)) for b, last in out]


def aead_message(mode: int | None, key: bytes, nonce: bytes, aad: bytes, text_len: int,
                 tag_len: int, dec: bool) -> tuple[int, int, bytes | None, list[bytes]]:
    """(key-load CFG, message CFG, IV register or None, the phases before the text) of one
    message as coupling/README.md's AEAD guide has it: mode GCM / CCM (AES) or None
    (ChaCha20-Poly1305). GCM with a nonce of other than 12 bytes: J0 through GHASH, the nonce a
    phase of its own before the AAD; CCM: B0 in IV, the AAD phase led by its 2-byte length."""
    if mode is None:
        kcfg = C.put("chacha", "CFG", ROUNDS=20, K128=0, RFC=1, XOR=1)
        return (kcfg, kcfg | C.put("chacha", "CFG", AEAD=1, DEC=int(dec)),
                chacha_model.make_iv(0, nonce), [aad])
    ivb = mode == GCM and len(nonce) != 12
    kcfg = aead_cfg(AES_KSZ[len(key)], 0, 0, 0)
    cfg = aead_cfg(AES_KSZ[len(key)], mode, int(dec), tag_len, int(ivb))
    if mode == GCM:
        return kcfg, cfg, (None if ivb else nonce + bytes(4)), ([nonce] if ivb else []) + [aad]
    aphase = (len(aad).to_bytes(2, "big") + aad) if aad else b""
    return kcfg, cfg, ccm_b0(nonce, tag_len, len(aad), text_len), [aphase]


def aead_job(mode: int | None, key: bytes, nonce: bytes, aad: bytes, text: bytes, tag: bytes,
             dec: bool) -> tuple[int, bytes | None, list]:
    """(CFG, IV register or None, phases as blocks) of one message (aead_message); `tag` the
    received tag (decryption) or the expected one (encryption: its length is the tag
    length)."""
    _, cfg, ivreg, pre = aead_message(mode, key, nonce, aad, len(text), len(tag), dec)
    size = 64 if mode is None else 16
    phases = [aead_phase(ph, size) for ph in pre + [text] + ([tag] if dec else [])]
    return cfg, ivreg, phases


async def aead_run(p: Port, cfg: int, ivreg: bytes | None, phases: list,
                   dec: bool) -> tuple[bytes, bytes, int]:
    """START, every phase's blocks (LAST_BYTES before each phase's last block), the output of
    each non-empty text block and the final block: (text out, final block, STATUS)."""
    if ivreg is not None:
        for i, wd in enumerate(words(ivreg)):
            await p.w(OFF["IV"] + 4 * i, wd)
    await p.w(OFF["CFG"], cfg)
    await p.w(OFF["CTRL"], START | (0 if ivreg is None else IVLOAD))
    nw = ENG.block // 4
    text, out = len(phases) - (2 if dec else 1), b""
    for k, ph in enumerate(phases):
        for blk, last, n in ph:
            if last:
                await p.w(OFF["LAST_BYTES"], n)
            await in_block(p, blk, last)
            if k == text and n:
                out += (await out_block(p, nw))[:n]
    final = await out_block(p, nw)
    return out, final, await status(p)


async def aead_check(p: Port, what: str, mode: int | None, key: bytes, nonce: bytes, aad: bytes,
                     pt: bytes, ct: bytes, tag: bytes, fail: bool = False) -> None:
    """Encrypt (unless `fail`: a record whose tag is wrong) and decrypt one message; a
    decryption with the tag's first byte flipped answers AUTH with a zero final block."""
    auth = (C.CV_AES_STATUS_ERR_CODE_AUTH if mode is not None
            else C.CV_CHACHA_STATUS_ERR_CODE_AUTH)
    await zeroize(p)
    await load_key(p, ENG, aead_message(mode, key, nonce, aad, len(pt), len(tag), False)[0], key)
    if not fail:
        cfg, ivreg, phases = aead_job(mode, key, nonce, aad, pt, tag, False)
        out, final, st = await aead_run(p, cfg, ivreg, phases, False)
        assert out == ct and final[:len(tag)] == tag, f"{what}: encrypt"
        assert final[len(tag):] == bytes(len(final) - len(tag)) and not fget(st, "STATUS", "ERR")
    for forged in ((False, True) if not fail else (True,)):
        t = (bytes([tag[0] ^ 1]) + tag[1:]) if forged and not fail else tag
        cfg, ivreg, phases = aead_job(mode, key, nonce, aad, ct, t, True)
        out, final, st = await aead_run(p, cfg, ivreg, phases, True)
        assert final == bytes(len(final)), f"{what}: verdict block"
        if forged:
            assert fget(st, "STATUS", "ERR") and fget(st, "STATUS", "ERR_CODE") == auth, \
                f"{what}: STATUS {st:#x}"
        else:
            assert out == pt and not fget(st, "STATUS", "ERR"), f"{what}: decrypt"


def aead_kats() -> list[tuple]:
    """(name, mode, key, nonce, aad, pt, ct, tag, fail) of the CAVP GCM and CCM files (AES) or
    the package's ChaCha20-Poly1305 records. IP_AEAD_KAT = N: N records spread over each file
    (ip-long); 0: the CI set, one record from each kind of file with the key sizes rotated
    (what the wrapper passes on is the same for every key size: the engine's own tests run
    every record), and GCM's and CCM's refused records."""
    def cut(xs: list, n: int) -> list:
        return xs[::max(1, len(xs) // n)][:n]
    n = N_AEAD_KAT or 1
    out = []
    if ENGINE == C.CV_ENGINE_CHACHA:
        recs = chachapoly_model.vector_cases()
        picks = cut([r for r in recs if not r.get("fail")], 2 * n) + \
            cut([r for r in recs if r.get("fail")], n)
        return [("chacha20-poly1305", None, r["key"], r["nonce"], r["aad"], r["pt"], r["ct"],
                 r["tag"], bool(r.get("fail"))) for r in picks]
    gcm = [("enc", 128, False), ("dec", 256, False), ("dec", 192, True)]
    ccm = [("DVPT", 128, False), ("DVPT", 256, True), ("VADT", 192, False),
           ("VNT", 256, False), ("VPT", 128, False), ("VTT", 192, False)]
    if N_AEAD_KAT:
        gcm = [(k, kl, f) for k in ("enc", "dec") for kl in (128, 192, 256) for f in (0, 1)
               if k == "dec" or not f]
        ccm = [(k, kl, f) for k in ("DVPT", "VADT", "VNT", "VPT", "VTT") for kl in (128, 192, 256)
               for f in (0, 1) if k == "DVPT" or not f]
    for kind, kl, fail in gcm:
        for r in cut([r for r in aead_vectors.gcm_records(kind, kl) if r["fail"] == fail], n):
            out.append((f"{r['src']}#{r['Count']}", GCM, r["Key"], r["IV"], r["AAD"],
                        r.get("PT", b""), r["CT"], r["Tag"], r["fail"]))
    for kind, kl, fail in ccm:
        recs = [r for r in aead_vectors.ccm_records(kind, kl) if r.get("fail", False) == fail]
        for r in cut(recs, n):
            out.append((f"{r['src']}#{r['Count']}", CCM, r["Key"], r["Nonce"], r["Adata"],
                        r.get("Payload", b""), r["CT"], r["Tag"], r.get("fail", False)))
    return out


@cocotb.test(skip=not AEAD or ENGINE not in (C.CV_ENGINE_AES, C.CV_ENGINE_CHACHA))
async def test_aead(dut):
    """The AEAD build through the bus: known answers, random messages (random lengths, tag
    lengths and nonce lengths) against pycryptodome, forged tags."""
    tb = Bench(dut)
    p = await tb.init()
    n = 0
    for name, mode, key, nonce, aad, pt, ct, tag, fail in aead_kats():
        await aead_check(p, name, mode, key, nonce, aad, pt, ct, tag, fail)
        n += 1
    rng = tb.rng
    for i in range(N_RANDOM):
        aad, pt = rng.randbytes(rng.choice((0, 5, 16, 70))), rng.randbytes(rng.randrange(0, 150))
        if ENGINE == C.CV_ENGINE_CHACHA:
            key, nonce, mode = rng.randbytes(32), rng.randbytes(12), None
            c = ChaCha20_Poly1305.new(key=key, nonce=nonce)
        else:
            key, mode = rng.randbytes(rng.choice((16, 24, 32))), (GCM, CCM)[i % 2]
            if mode == GCM:
                nonce, tlen = rng.randbytes(rng.choice((12, 12, 8, 20))), rng.choice((4, 8, 12,
                                                                                     13, 16))
                c = AES.new(key, AES.MODE_GCM, nonce=nonce, mac_len=tlen)
            else:
                nonce, tlen = rng.randbytes(rng.randrange(7, 14)), rng.choice((4, 6, 10, 16))
                c = AES.new(key, AES.MODE_CCM, nonce=nonce, mac_len=tlen, msg_len=len(pt),
                            assoc_len=len(aad))
        c.update(aad)
        ct, tag = c.encrypt_and_digest(pt)
        await aead_check(p, f"random {i}", mode, key, nonce, aad, pt, ct, tag)
        n += 1
    dut._log.info("%d AEAD messages passed (each encrypted and decrypted, with a forged tag)", n)
