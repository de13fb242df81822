# SPDX-License-Identifier: Apache-2.0
"""The AES driver (fw/drivers) on the default SoC: the firmware programs fw/programs/test_aes_*
and example_aes built and run on the Verilator harness. soc/tests/test_firmware.py runs every
test_* program generically (exit 0, `N passed, 0 failed`); these tests add what is specific to
the driver: every backend really ran, the known-answer vectors are the published ones, and the
cycle figures are recorded (build/drivers/aes_cycles.json; reported, never asserted). The misuse
program built for size (-Os, test_misuse_size_optimised) is marked long: `make drivers-long`."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sim.verilator import harness

HERE = Path(__file__).resolve().parent
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$", re.M)
CYCLES = re.compile(r"^cycles (\S+) (\S+) (\d+)$", re.M)
BACKENDS = ["sw", "mmio", "cpi", "cpi-dma", "mmio-dma"]


def soc_has_dma() -> bool:
    """Whether the default SoC instantiates the DMA engine (then its backends must run)."""
    top = (harness.ROOT / "soc" / "rtl" / "soc_top.v").read_text()
    return re.search(r"^\s*cpl_dma\b", top, re.M) is not None


def expected(backends: list[str]) -> list[str]:
    return [b for b in backends if soc_has_dma() or not b.endswith("dma")]


@pytest.fixture(scope="module")
def sim() -> None:
    harness.build_sim()


def run(prog: str, max_cycles: int = 40_000_000, make_vars: tuple[str, ...] = (),
        name: str | None = None, sim: Path | None = None) -> str:
    res = harness.run_elf(harness.build_fw(prog, make_vars=make_vars, name=name),
                          max_cycles=max_cycles, sim=sim)
    print(res.stdout)
    want = "hw: dma present" if soc_has_dma() else "hw: dma absent"
    assert want in res.stdout, res.stdout
    summary = SUMMARY.findall(res.stdout)
    assert summary, f"{prog}: no summary\n{res.stdout}\n{res.stderr}"
    passed, failed = map(int, summary[-1])
    assert failed == 0 and passed > 0, res.stdout
    assert res.returncode == 0, res.stderr
    return res.stdout


def test_kat_vectors_are_current() -> None:
    """The vectors in test_aes_kat are what gen_aes_kat.py derives and anchors to the published
    NIST values (pycryptodome computes them; the script checks the published first blocks)."""
    r = subprocess.run([sys.executable, str(HERE / "gen_aes_kat.py"), "--check"])
    assert r.returncode == 0, "fw/programs/test_aes_kat/aes_kat_vectors.h is stale"


def test_kat_every_backend(sim: None) -> None:
    out = run("test_aes_kat")
    for b in expected(BACKENDS):
        assert f"kat {b} done" in out


def test_random_every_backend(sim: None) -> None:
    out = run("test_aes_rand")
    for b in expected(BACKENDS[1:]):
        assert f"rand {b} done" in out


def test_bad_inputs(sim: None) -> None:
    out = run("test_aes_bad")
    for part in ("api", "unit", "dma") if soc_has_dma() else ("api", "unit"):
        assert f"{part} checks done" in out


@pytest.mark.parametrize("size", ["ci", pytest.param("whole", marks=pytest.mark.long)])
def test_misuse(sim: None, size: str) -> None:
    """The API contract under misuse on every backend (never-initialised and changed contexts,
    overlapping buffers, buffers outside data memory, calls during a background job): every call
    runs guarded, so a trap or a hang is a failed check, not the end of the run. At the CI size
    every third byte of the context's checked parts is flipped (GUARD_TAMPER_STEP=3, guard_util.h),
    whole each byte (make drivers-long)."""
    out = (run("test_aes_misuse", make_vars=("PROG_CFLAGS=-DGUARD_TAMPER_STEP=3",),
               name="test_aes_misuse_ci") if size == "ci" else run("test_aes_misuse"))
    for b in expected(BACKENDS):
        assert f"misuse {b} done" in out


@pytest.mark.long
def test_misuse_size_optimised(sim: None) -> None:
    """The same with the drivers built for size (-Os, as the console links them): their one path
    through every check keeps the same contract."""
    res = harness.run_elf(harness.build_fw("test_aes_misuse", make_vars=["CFLAGS_EXTRA=-Os"],
                                           name="test_aes_misuse_os"), max_cycles=40_000_000)
    print(res.stdout)
    summary = SUMMARY.findall(res.stdout)
    assert summary, res.stdout + res.stderr
    passed, failed = map(int, summary[-1])
    assert failed == 0 and passed > 0, res.stdout
    assert res.returncode == 0, res.stderr
    for b in expected(BACKENDS):
        assert f"misuse {b} done" in res.stdout


def test_background_job(sim: None) -> None:
    out = run("test_aes_bg")
    for b in expected(["cpi-dma", "mmio-dma"]):
        m = re.search(rf"^bg {b}: timer interrupts (\d+), dma interrupts 1$", out, re.M)
        assert m and int(m.group(1)) >= 3, out


def test_cycle_figures(sim: None) -> None:
    """Records the figures; the program itself checks outputs and constant time."""
    out = run("test_aes_cycles")
    figs: dict[str, dict[str, int]] = {}
    for backend, what, cycles in CYCLES.findall(out):
        figs.setdefault(backend, {})[what] = int(cycles)
    assert set(figs) == set(expected(BACKENDS))
    dest = harness.ROOT / "build" / "drivers"
    dest.mkdir(parents=True, exist_ok=True)
    (dest / "aes_cycles.json").write_text(json.dumps(figs, indent=1) + "\n")


@pytest.mark.long
@pytest.mark.parametrize("rvc", [0, 1], ids=["zk", "rvc-zk"])
def test_aes_isa(rvc: int) -> None:
    """The isa backend (the core's Zkne/Zknd): test_aes_kat, test_aes_rand and test_aes_cycles
    built with FW_ZK=1 (and FW_RVC=1) on the SoC with ZK = 1 (and RVC = 1), its own Verilator
    model: the published answers, random data against the sw backend, and its cycles with equal
    counts for other keys and data (build/drivers/aes_cycles_isa-<id>.json: reported, never
    asserted)."""
    sim = harness.build_sim({"ZK": 1, **({"RVC": 1} if rvc else {})})
    mv = (("FW_RVC=1",) if rvc else ()) + ("FW_ZK=1",)
    assert "kat isa done" in run("test_aes_kat", make_vars=mv, sim=sim)
    assert "rand isa done" in run("test_aes_rand", make_vars=mv, sim=sim)
    out = run("test_aes_cycles", make_vars=mv, sim=sim)
    figs = {what: int(c) for b, what, c in CYCLES.findall(out) if b == "isa"}
    assert {"init-128", "ecb-enc-128-4096", "key-sched-enc-128", "key-sched-dec-128"} <= figs.keys()
    dest = harness.ROOT / "build" / "drivers"
    dest.mkdir(parents=True, exist_ok=True)
    (dest / f"aes_cycles_isa-{'rvc-zk' if rvc else 'zk'}.json").write_text(
        json.dumps(figs, indent=1) + "\n")


def test_example(sim: None) -> None:
    res = harness.run_elf(harness.build_fw("example_aes"))
    print(res.stdout)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "all backends agree: yes" in res.stdout
    for b in expected(BACKENDS):
        assert re.search(rf"^{re.escape(b)} +cbc 32 B in +\d+ cycles$", res.stdout, re.M)
    assert "failed: status" not in res.stdout
    if soc_has_dma():
        assert re.search(r"^ctr job done after \d+ polls", res.stdout, re.M)
