# SPDX-License-Identifier: Apache-2.0
"""Core tests: lint, directed assembly programs (Verilator and Icarus), lockstep against Spike,
the fetch buffer's formal check. `make test` runs one lockstep seed (11); seeds 12 to 14, the
same run on other random programs, are marked long (`make core-long`)."""
from __future__ import annotations

import subprocess

import pytest

from core.lockstep import lockstep
from core.tests import coresim
from tools import sby

DIRECTED = ["smoke", "rv32i", "rv32m", "csr", "traps", "irq", "cpi"]


def test_lint() -> None:
    res = subprocess.run(["verilator", "--lint-only", "-Wall", "-f", "core/rtl/sources.f",
                          "--top-module", "core_top"], cwd=coresim.ROOT, capture_output=True,
                         text=True)
    assert res.returncode == 0, res.stderr


def _check(res: coresim.Result) -> None:
    assert res.tohost is not None, res.output
    assert res.tohost == 1, f"test {res.tohost >> 1} failed\n{res.output}"


@pytest.mark.parametrize("imem_lat", [1, 2], ids=["imem1", "imem2"])
@pytest.mark.parametrize("stall", [0, 1], ids=["nowait", "waitstates"])
@pytest.mark.parametrize("name", DIRECTED)
def test_directed(name: str, stall: int, imem_lat: int) -> None:
    prog = coresim.compile_asm(coresim.ASM / f"{name}.S", name=f"{name}_{stall}")
    _check(coresim.run(prog, plusargs=[f"+stall={stall}", "+seed=5", f"+imem_lat={imem_lat}"]))


@pytest.mark.parametrize("lat", [2, 3, 7, 20])
def test_cpi_latency(lat: int) -> None:
    prog = coresim.compile_asm(coresim.ASM / "cpi.S", name=f"cpi_lat{lat}")
    _check(coresim.run(prog, plusargs=[f"+cpi_lat={lat}"]))


def test_cpi_timing() -> None:
    """A coprocessor answering on the next cycle costs no stall unless rd is used at once."""
    prog = coresim.compile_asm(coresim.ASM / "cpi_timing.S")
    _check(coresim.run(prog, plusargs=["+cpi_lat=1"]))


@pytest.mark.parametrize("imem_lat", [1, 2])
def test_timing(imem_lat: int) -> None:
    """Every constant cost of core/README.md exactly, at both fetch latencies (asm/timing.S)."""
    prog = coresim.compile_asm(coresim.ASM / "timing.S", name=f"timing_lat{imem_lat}",
                               extra=[f"-DIMEM_LAT={imem_lat}"])
    _check(coresim.run(prog, plusargs=[f"+imem_lat={imem_lat}"]))


@pytest.mark.parametrize("imem_lat", [1, 2])
def test_perf_cpi(imem_lat: int) -> None:
    """Compiled C (crc32, insertion sort, recursion, copy loop): CPI <= 1.3, with the fetch
    port's latency of the bench (1) and of the SoC (2)."""
    prog = coresim.compile_asm([coresim.ASM / "crt.S", coresim.ASM / "perf.c"],
                               extra=["-O2", "-ffreestanding"])
    res = coresim.run(prog, plusargs=[f"+imem_lat={imem_lat}"])
    _check(res)
    cpi = res.cycles / res.instret
    print(f"perf (imem latency {imem_lat}): {res.instret} instructions, {res.cycles} cycles, "
          f"CPI {cpi:.3f}")
    assert cpi <= 1.3


@pytest.mark.parametrize("imem_lat", [1, 2])
def test_cipher_cpi(imem_lat: int) -> None:
    """The repository's software ciphers (fw/crypto: AES-128, ChaCha20, PRESENT-80, PRINCE,
    SHA3-256 on 256 bytes, self-checked in asm/ciphers.c): CPI <= 1.3, the core's target
    (core/README.md, "Costs (cycles per instruction)")."""
    crypto = coresim.ROOT / "fw" / "crypto"
    srcs = coresim.CIPHERS_SOURCES
    drivers = coresim.ROOT / "fw" / "drivers" / "include"  # cv_status.h, shared with the drivers
    gen = coresim.ROOT / "build" / "gen"  # cv_status_codes.h (`make gen`)
    prog = coresim.compile_asm(srcs, name="ciphers",
                               extra=["-O2", "-ffreestanding", f"-I{crypto / 'include'}",
                                      f"-I{drivers}", f"-I{gen}"])
    res = coresim.run(prog, plusargs=[f"+imem_lat={imem_lat}"])
    _check(res)
    cpi = res.cycles / res.instret
    print(f"ciphers (imem latency {imem_lat}): {res.instret} instructions, {res.cycles} cycles, "
          f"CPI {cpi:.3f}")
    assert cpi <= 1.3


@pytest.mark.parametrize("name", ["rv32i", "rv32m", "csr", "traps", "cpi"])
def test_icarus(name: str) -> None:
    prog = coresim.compile_asm(coresim.ASM / f"{name}.S", name=f"{name}_icarus")
    _check(coresim.run(prog, sim="icarus", plusargs=["+stall=1"]))


@pytest.mark.parametrize("seed", [11] + [pytest.param(s, marks=pytest.mark.long)
                                         for s in (12, 13, 14)])
def test_lockstep(seed: int) -> None:
    """~50k random instructions per seed against Spike (half of them with wait states)."""
    coresim.build_verilator()
    total = 0
    k = 0
    while total < 50000:
        n, bad = lockstep.run_one(seed * 1000 + k, lockstep.ITEMS_PER_PROGRAM, stall=bool(k % 2),
                                  keep=False)
        assert bad == 0, f"lockstep mismatch (seed {seed * 1000 + k}), see the output above"
        total += n
        k += 1


@pytest.mark.parametrize("seed", [21] + [pytest.param(s, marks=pytest.mark.long)
                                         for s in (22, 23, 24)])
def test_lockstep_rvc_zk(seed: int) -> None:
    """RV32IMC + Zkn on the core built with RVC = 1 and ZK = 1 against Spike
    (--isa=rv32imc_zicntr_zkn): compressed forms, 32-bit instructions straddling words, 2-byte
    aligned jump targets, illegal parcels and every scalar-crypto instruction; about 20k
    instructions for seed 21, 100k for each long seed."""
    coresim.build_verilator(rvc=True, zk=True)
    total = 0
    k = 0
    goal = 100000 if seed != 21 else 20000
    while total < goal:
        n, bad = lockstep.run_one(seed * 1000 + k, min(lockstep.ITEMS_PER_PROGRAM, goal // 2),
                                  stall=bool(k % 2), keep=False, rvc=True, zk=True)
        assert bad == 0, f"lockstep mismatch (seed {seed * 1000 + k}), see the output above"
        total += n
        k += 1


@pytest.mark.parametrize("imem_lat", [1, 2])
@pytest.mark.parametrize("stall", [0, 1], ids=["nowait", "waitstates"])
def test_irq_rvc(stall: int, imem_lat: int) -> None:
    """asm/irq.S built with C on the core with RVC = 1: interrupts at every cycle offset of a
    loop of compressed and straddling instructions (mepc with bit 1, mret to it)."""
    prog = coresim.compile_asm(coresim.ASM / "irq.S", name=f"irq_rvc_{stall}", rvc=True)
    _check(coresim.run(prog, plusargs=[f"+stall={stall}", "+seed=5", f"+imem_lat={imem_lat}"],
                       rvc=True, zk=True))


@pytest.mark.parametrize("imem_lat", [1, 2])
def test_zk_timing(imem_lat: int) -> None:
    """Zkt: each scalar-crypto instruction costs the same for every operand and byte select
    (asm/zk_timing.S, 32-bit code on the core built with RVC = 1 and ZK = 1)."""
    prog = coresim.compile_asm(coresim.ASM / "zk_timing.S", zk=True)
    _check(coresim.run(prog, plusargs=[f"+imem_lat={imem_lat}"], rvc=True, zk=True))


@pytest.mark.long
def test_fetch_formal() -> None:
    """core_fetch against an abstract memory and ID (core/formal/fv_fetch.v): the head is the
    word at the head's pc through any redirect, prediction and response timing (BMC, 11 cycles
    from reset), and the cover task reaches a full buffer emptied through its ring (9 cycles).
    About 80 s of solver time: `make core-long`; make test checks the fetch by lockstep."""
    status = sby.run(coresim.ROOT / "core" / "formal" / "fetch.sby",
                     coresim.BUILD / "formal" / "fetch", tasks=["bmc", "cover"])
    assert status == {"bmc": "PASS", "cover": "PASS"}, \
        f"{status}; logs in build/core/formal/fetch_*/logfile.txt"


def test_fetch_formal_rvc() -> None:
    """core_fetch with the C extension against a memory of any contents (fv_fetch.v, RVC = 1):
    the head is the instruction at the head's pc, expanded if compressed, across word
    boundaries, through any redirect, prediction and response timing, with its length, immediate,
    pre-decode and error (BMC, 8 cycles from reset); the cover task reaches a straddling
    instruction, a compressed jump predicted taken to a word's upper half, and a refetch."""
    status = sby.run(coresim.ROOT / "core" / "formal" / "fetch.sby",
                     coresim.BUILD / "formal" / "fetch", tasks=["c_bmc", "c_cover"])
    assert status == {"c_bmc": "PASS", "c_cover": "PASS"}, \
        f"{status}; logs in build/core/formal/fetch_c_*/logfile.txt"


@pytest.mark.long
def test_fetch_formal_rvc_deep() -> None:
    """The C fetch's assertions for 9 cycles from reset (`make core-long`)."""
    status = sby.run(coresim.ROOT / "core" / "formal" / "fetch.sby",
                     coresim.BUILD / "formal" / "fetch", tasks=["c_deep"], timeout=7200)
    assert status == {"c_deep": "PASS"}, \
        f"{status}; log in build/core/formal/fetch_c_deep/logfile.txt"


@pytest.mark.long
def test_fetch_formal_deep() -> None:
    """The same assertions for 12 cycles from reset (`make core-long`)."""
    status = sby.run(coresim.ROOT / "core" / "formal" / "fetch.sby",
                     coresim.BUILD / "formal" / "fetch", tasks=["deep"])
    assert status == {"deep": "PASS"}, f"{status}; log in build/core/formal/fetch_deep/logfile.txt"
