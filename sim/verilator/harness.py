# SPDX-License-Identifier: Apache-2.0
"""Build and run firmware on the Verilator SoC harness (build/sim/verilator/cv_sim).

Used by the firmware tests (soc/tests) and the benchmark (bench/run.py). Builds go through make
under a file lock, so parallel pytest workers never build the same thing at once.
"""
from __future__ import annotations

import contextlib
import fcntl
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Mapping, Sequence

ROOT = Path(__file__).resolve().parents[2]
SIM_BIN = ROOT / "build" / "sim" / "verilator" / "cv_sim"
FW_BUILD = ROOT / "build" / "fw"
EXIT_TIMEOUT = 124
EXIT_HARNESS = 125

_STATS = re.compile(r"cv_sim: exit (-?\d+), cycles (\d+), instret (\d+), ([\d.]+) Mcycles/s"
                    r" \(([\d.]+) per CPU s\)")


@contextlib.contextmanager
def locked(name: str) -> Iterator[None]:
    """Hold build/locks/<name>.lock: one pytest worker at a time builds a given thing."""
    lock_dir = ROOT / "build" / "locks"
    lock_dir.mkdir(parents=True, exist_ok=True)
    with open(lock_dir / f"{name}.lock", "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _make(args: Sequence[str]) -> None:
    res = subprocess.run(["make", "--no-print-directory", *args], cwd=ROOT, capture_output=True,
                         text=True)
    if res.returncode:
        raise RuntimeError(f"make {' '.join(args)} failed:\n{res.stdout[-4000:]}\n"
                           f"{res.stderr[-4000:]}")


def sim_config_name(params: Mapping[str, int] | None = None, quick: bool = False) -> str:
    """The build folder name of a configuration (sim/part.mk SIM_CFG): "" for the default SoC,
    else e.g. "AES_ARCH2-DMA_BITS128" (parameters in name order), "-quick" appended for a quick
    build."""
    return "-".join([f"{k}{v}" for k, v in sorted((params or {}).items())] +
                    (["quick"] if quick else []))


def build_sim(params: Mapping[str, int] | None = None, quick: bool = False) -> Path:
    """Build (if out of date) the Verilator harness and return its path. params overrides
    soc_top parameters (-G), e.g. {"DMA_BITS": 128}; each configuration has its own folder
    build/sim/verilator/<sim_config_name>/ (none: the default SoC, build/sim/verilator/cv_sim).
    quick: the model's C++ unoptimised and without waveforms (sim/part.mk SIM_QUICK), for short
    programs on a configuration no other test builds: a fraction of the build's CPU."""
    name = sim_config_name(params, quick)
    if not name:
        with locked("cv_sim"):
            _make(["-s", "sim-build"])
        return SIM_BIN
    spec = " ".join(f"{k}={v}" for k, v in sorted((params or {}).items()))
    with locked(f"cv_sim-{name}"):
        _make(["-s", "sim-build", f"SIM_PARAMS={spec}", f"SIM_QUICK={int(quick)}"])
    return SIM_BIN.parent / name / SIM_BIN.name


def build_fw(prog: str, make_vars: Sequence[str] = (), name: str | None = None,
             folder: str | None = None) -> Path:
    """Build fw/programs/<prog> as build/fw/<name>/<name>.elf (name defaults to prog; another
    name builds a variant, e.g. with other make variables, without touching the default).
    folder: a program kept elsewhere (a part's own test programs, e.g. fw/rtos/tests/fw/<prog>),
    relative to the repository. make_vars FW_RVC=1 / FW_ZK=1 build into their own folders
    (fw/common.mk), whose ELF is returned."""
    name = name or prog
    with locked(f"fw-{name}"):
        _make(["-s", "-C", folder or f"fw/programs/{prog}", f"PROG={name}", *make_vars])
    # fw/common.mk: FW_RVC=1 builds into build/fw-rvc, FW_ZK=1 into build/fw-zk, both fw-rvc-zk
    tags = [t for t in ("RVC", "ZK") if f"FW_{t}=1" in make_vars]
    folder_name = "-".join(["fw", *(t.lower() for t in tags)])
    return FW_BUILD.parent / folder_name / name / f"{name}.elf"


@dataclass
class RunResult:
    returncode: int
    stdout: str
    stderr: str
    cycles: int | None
    instret: int | None
    mcycles_per_s: float | None      # wall clock
    mcycles_per_cpu_s: float | None  # per CPU second of the harness process


def run_elf(elf: Path, stdin: bytes = b"", max_cycles: int = 10_000_000,
            extra_args: Sequence[str] = (), timeout: float = 300.0,
            sim: Path | None = None) -> RunResult:
    """Run one ELF on the harness (sim: a configuration's model from build_sim(params), default
    the default SoC); stdout is the UART output."""
    cmd = [str(sim or SIM_BIN), "--max-cycles", str(max_cycles), *extra_args, str(elf)]
    res = subprocess.run(cmd, input=stdin, capture_output=True, timeout=timeout)
    err = res.stderr.decode(errors="replace")
    m = _STATS.search(err)
    return RunResult(res.returncode, res.stdout.decode(errors="replace"), err,
                     int(m.group(2)) if m else None, int(m.group(3)) if m else None,
                     float(m.group(4)) if m else None, float(m.group(5)) if m else None)


def fw_programs(prefix: str = "test_") -> list[str]:
    """Names of the firmware programs in fw/programs whose folder starts with prefix."""
    return sorted(p.name for p in (ROOT / "fw" / "programs").iterdir()
                  if p.is_dir() and p.name.startswith(prefix) and (p / "Makefile").exists())
