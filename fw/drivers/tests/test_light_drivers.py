# SPDX-License-Identifier: Apache-2.0
"""The lightweight engines' drivers (cv_prince, cv_present, cv_chacha, cv_sha3) on the default SoC:
fw/programs/test_light_drv built and run on the Verilator harness. soc/tests/test_firmware.py runs
it generically (exit 0, `N passed, 0 failed`); this test adds that every engine ran on every
backend (the program prints `light <engine> <backend> done` after each engine's checks), and that
SHAKE squeezed in pieces as an XOF (70,003 bytes on the hardware backends, past the engine's
65,535-byte OUTLEN field) equals hashlib's output."""
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
    xof = {b: (alg, n, fnv, tail) for b, alg, n, fnv, tail in XOF.findall(res.stdout)}
    assert sorted(xof) == sorted(BACKENDS), res.stdout
    for b, (alg, n, fnv, tail) in xof.items():
        out = getattr(hashlib, f"shake_{128 if alg == '4' else 256}")(XOF_MSG).digest(int(n))
        h = 0x811C9DC5
        for byte in out:
            h = ((h ^ byte) * 0x01000193) & 0xFFFFFFFF
        assert (fnv, tail) == (f"{h:08x}", out[-16:].hex()), (b, alg, n)
        assert int(n) > 65_535 or b == "sw", (b, n)
    summary = SUMMARY.findall(res.stdout)
    assert summary, res.stdout + res.stderr
    passed, failed = map(int, summary[-1])
    assert failed == 0 and passed > 0, res.stdout
    assert res.returncode == 0, res.stderr
