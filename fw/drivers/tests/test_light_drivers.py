"""The lightweight engines' drivers (cv_prince, cv_present, cv_chacha, cv_sha3) on the default SoC:
fw/programs/test_light_drv built and run on the Verilator harness. soc/tests/test_firmware.py runs
it generically (exit 0, `N passed, 0 failed`); this test adds that every engine ran on every
backend (the program prints `light <engine> <backend> done` after each engine's checks)."""
from __future__ import annotations

import re

import pytest

from sim.verilator import harness

SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$", re.M)
ENGINES = ["prince", "present", "chacha", "sha3"]
BACKENDS = ["sw", "mmio", "cpi", "cpi-dma", "mmio-dma"]


@pytest.fixture(scope="module")
def sim() -> None:
    harness.build_sim()


def test_every_engine_and_backend(sim: None) -> None:
    res = harness.run_elf(harness.build_fw("test_light_drv"), max_cycles=40_000_000)
    print(res.stdout)
    assert "hw: dma present" in res.stdout, res.stdout
    for e in ENGINES:
        for b in BACKENDS:
            assert f"light {e} {b} done" in res.stdout, (e, b)
    summary = SUMMARY.findall(res.stdout)
    assert summary, res.stdout + res.stderr
    passed, failed = map(int, summary[-1])
    assert failed == 0 and passed > 0, res.stdout
    assert res.returncode == 0, res.stderr
