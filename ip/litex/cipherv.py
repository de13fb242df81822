# SPDX-License-Identifier: Apache-2.0
"""Cipher-V engines for a LiteX SoC: the migen side of ip/litex/rtl/ip_wbc_engine.v.

    from ip.litex.cipherv import add_engine, add_sources
    add_sources(soc.platform)                      # the engines' Verilog, the map header path
    add_engine(soc, "aes", 1, 0x83000000)          # name, engine number, window origin

add_engine() puts one engine on the SoC's Wishbone bus as an uncached 4 KiB region named
cipherv_<name> (LiteX writes CIPHERV_<NAME>_BASE into generated/mem.h) with a CSR
cipherv_<name>_errors. The window must lie in the CPU's uncached I/O region (VexRiscv:
0x80000000 and up). The register map is docs/memmap.md's engine window; `make gen` writes the
header soc_memmap.vh the RTL includes (build/gen).
"""
from __future__ import annotations

from pathlib import Path

from migen import ClockSignal, If, Instance, ResetSignal, Signal

from litex.gen import LiteXModule
from litex.soc.integration.soc import SoCRegion
from litex.soc.interconnect import wishbone
from litex.soc.interconnect.csr import CSRStatus

ROOT = Path(__file__).resolve().parents[2]
# name -> Cipher-V engine number (ip_wbc_engine's ENGINE parameter, coupling/README.md)
ENGINE_NUMS = {"aes": 1, "prince": 2, "present": 3, "chacha": 4, "sha3": 5}
ENGINE_WINDOW_SIZE = 0x1000


def expand_filelist(path: Path) -> list[Path]:
    """The Verilog files of a sources.f, its -f lines expanded (paths relative to the root)."""
    out: list[Path] = []
    for line in path.read_text().splitlines():
        line = line.split("//", 1)[0].strip()
        if not line:
            continue
        if line.startswith("-f"):
            out += expand_filelist(ROOT / line[2:].strip())
        elif not line.startswith(("+", "-")):
            out.append(ROOT / line)
    return out


def rtl_sources() -> list[Path]:
    """The Verilog files of the adapter and everything under it."""
    return expand_filelist(ROOT / "ip" / "litex" / "rtl" / "sources.f")


def add_sources(platform) -> None:
    """Adds the engines' Verilog and the generated header's directory to a LiteX platform."""
    for f in rtl_sources():
        platform.add_source(str(f))
    platform.add_verilog_include_path(str(ROOT / "build" / "gen"))


class CipherVEngine(LiteXModule):
    """One Cipher-V engine on a LiteX Wishbone bus (classic, 32-bit, word addressed): the
    Verilog adapter ip_wbc_engine takes the low ten bits of LiteX's 30-bit word address (the
    word in the engine's 4 KiB window) and answers ACK, or ERR for an offset that is no
    register or a SEL other than 4'hF. LiteX's masters wait for ACK and LiteX's VexRiscv ignores
    ERR (its Wishbone ERR inputs are unused), so an ERR answer also raises ACK here, and the
    module counts the ERR answers in a CSR (<name>_errors) for the firmware to check. irq is
    the engine's interrupt output (OR(IS & IE), level), for the SoC to wire to its interrupt
    controller; the CSR <name>_irq reads it (the demo polls STATUS and checks the line there)."""

    def __init__(self, engine: int, **params: int) -> None:
        self.bus = wishbone.Interface(data_width=32, address_width=32, addressing="word")
        self.irq = Signal()
        ack = Signal()
        self._errors = CSRStatus(32, name="errors", description="ERR answers of the window")
        errors = Signal(32)
        self.sync += If(self.bus.cyc & self.bus.err, errors.eq(errors + 1))
        self.comb += self._errors.status.eq(errors)
        self._irq = CSRStatus(1, name="irq", description="The engine's interrupt output")
        self.comb += self._irq.status.eq(self.irq)
        self.specials += Instance(
            "ip_wbc_engine",
            p_ENGINE=engine, **{f"p_{k}": v for k, v in params.items()},
            i_clk_i=ClockSignal("sys"), i_rst_ni=~ResetSignal("sys"),
            i_wb_cyc_i=self.bus.cyc, i_wb_stb_i=self.bus.stb, i_wb_we_i=self.bus.we,
            i_wb_adr_i=self.bus.adr[:10], i_wb_dat_i=self.bus.dat_w, i_wb_sel_i=self.bus.sel,
            o_wb_ack_o=ack, o_wb_err_o=self.bus.err, o_wb_dat_o=self.bus.dat_r,
            o_irq_o=self.irq)
        # LiteX's masters end an access on ACK alone (its bus timeout answers ACK with ERR), so
        # an ERR answer is given with ACK too: the access ends (a read returns 0) instead of
        # waiting for LiteX's timeout, while ERR still marks it.
        self.comb += self.bus.ack.eq(ack | self.bus.err)


def add_engine(soc, name: str, num: int, origin: int, **params: int) -> CipherVEngine:
    """One engine as a Wishbone slave of soc (a LiteX SoC) at origin, uncached; params are the
    engine's build options (AES_ARCH, AES_SBOX, PRINCE_FOLDED, PRESENT_KEY128, PRESENT_RPC:
    ip/README.md), the SoC's defaults when left out."""
    eng = CipherVEngine(num, **params)
    soc.add_module(name=f"cipherv_{name}", module=eng)
    soc.bus.add_slave(f"cipherv_{name}", eng.bus, SoCRegion(
        origin=origin, size=ENGINE_WINDOW_SIZE, cached=False))
    return eng
