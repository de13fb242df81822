# SPDX-License-Identifier: Apache-2.0
"""The lightweight engines' drivers (cv_prince, cv_present, cv_chacha, cv_sha3) on the default SoC:
fw/programs/test_light_drv (PRINCE, PRESENT, ChaCha) and test_sha3_drv (SHA-3, its misuse too)
built and run on the Verilator harness, and test_light_bad (PRINCE, PRESENT and ChaCha under
misuse, every call guarded: a trap or a hang is a failed check). soc/tests/test_firmware.py runs
them generically (exit 0, `N passed, 0 failed`); these tests add that every engine ran on every
backend (the programs print `light <engine> <backend> done` and `bad <engine> <backend> done`
after each engine's checks), and that SHAKE squeezed in pieces as an XOF (70,003 bytes on the
hardware backends, past the engine's 65,535-byte OUTLEN field) equals hashlib's output.

CI runs the programs at their CI size (`CI_FLAGS`: every third byte of a context's control part
flipped instead of each, and the 70,003-byte XOF on mmio and cpi-dma only); `make drivers-long`
(marker `long`) runs them whole, at -O2 and -Os."""
from __future__ import annotations

import hashlib
import re

import pytest

from sim.verilator import harness

SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$", re.M)
XOF = re.compile(r"^xof (\S+) (\d) (\d+) ([0-9a-f]{8}) ([0-9a-f]{32})$", re.M)
XOF_MSG = bytes((7 * i + 3) & 0xFF for i in range(100))  # test_xof's message
ENGINES = ["prince", "present", "chacha", "sha3"]
BACKENDS = ["sw", "mmio", "cpi", "cpi-dma", "mmio-dma"]
CI_FLAGS = "-DGUARD_TAMPER_STEP=3 -DXOF_CI"
XOF_CI = {"cpi-dma"}  # the backends squeezing past OUTLEN at the CI size
SIZES = [pytest.param("ci"), pytest.param("whole", marks=pytest.mark.long)]


@pytest.fixture(scope="module")
def sim() -> None:
    harness.build_sim()


def run(prog: str, size: str, size_optimised: bool = False) -> str:
    # -Os builds the libraries so too; the CI knobs are the program's own
    make_vars = ((["CFLAGS_EXTRA=-Os"] if size_optimised else [])
                 + ([f"PROG_CFLAGS={CI_FLAGS}"] if size == "ci" else []))
    name = prog + "".join(f"_{t}" for t, on in (("os", size_optimised), ("ci", size == "ci")) if on)
    elf = (harness.build_fw(prog, make_vars=make_vars, name=name)
           if make_vars else harness.build_fw(prog))
    res = harness.run_elf(elf, max_cycles=60_000_000)
    print(res.stdout)
    summary = SUMMARY.findall(res.stdout)
    assert summary, res.stdout + res.stderr
    passed, failed = map(int, summary[-1])
    assert failed == 0 and passed > 0, res.stdout
    assert res.returncode == 0, res.stderr
    return res.stdout


@pytest.mark.parametrize("size", SIZES)
def test_every_engine_and_backend(sim: None, size: str) -> None:
    """test_light_drv and test_sha3_drv (SHA-3's misuse too) as the programs build them."""
    out = run("test_light_drv", size) + run("test_sha3_drv", size)
    assert "hw: dma present" in out, out
    for e in ENGINES:
        for b in BACKENDS:
            assert f"light {e} {b} done" in out, (e, b)
    for b in BACKENDS:
        assert re.search(rf"^bad sha3 {re.escape(b)} done", out, re.M), b
    xof = {b: (alg, n, fnv, tail) for b, alg, n, fnv, tail in XOF.findall(out)}
    assert sorted(xof) == sorted(BACKENDS), out
    for b, (alg, n, fnv, tail) in xof.items():
        out = getattr(hashlib, f"shake_{128 if alg == '4' else 256}")(XOF_MSG).digest(int(n))
        h = 0x811C9DC5
        for byte in out:
            h = ((h ^ byte) * 0x01000193) & 0xFFFFFFFF
        assert (fnv, tail) == (f"{h:08x}", out[-16:].hex()), (b, alg, n)
        past = b in XOF_CI if size == "ci" else b != "sw"
        assert (int(n) > 65_535) == past, (b, n)


@pytest.mark.parametrize("size_optimised,size", [
    (False, "ci"), pytest.param(False, "whole", marks=pytest.mark.long),
    pytest.param(True, "whole", marks=pytest.mark.long)], ids=["O2-ci", "O2", "Os"])
def test_misuse(sim: None, size_optimised: bool, size: str) -> None:
    """The API contract under misuse on every backend (never-initialised and changed contexts,
    overlapping buffers, buffers outside data memory), with the drivers built as the programs
    build them (test_light_bad; SHA-3's misuse runs in test_sha3_drv, checked above) and for
    size (-Os, as the console links them: every call takes their slow path, one copy of each
    operation; test_light_bad and test_sha3_drv, marker `long`: `make drivers-long`)."""
    out = run("test_light_bad", size, size_optimised)
    if size_optimised:
        out += run("test_sha3_drv", size, size_optimised)
    for e in ENGINES if size_optimised else ENGINES[:3]:
        for b in BACKENDS:
            assert re.search(rf"^bad {e} {re.escape(b)} done", out, re.M), (e, b)
