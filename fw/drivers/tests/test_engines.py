# SPDX-License-Identifier: Apache-2.0
"""cv_<engine>_available() and hardware inits in two SoC builds (fw/programs/test_engines, two
images: AES, PRINCE and PRESENT in test_engines, ChaCha and SHA-3 in test_engines_stream): the
default SoC, where every engine is built and says so, and one that soc_top's ENGINES parameter
leaves with PRINCE and PRESENT only, where the AES, ChaCha and SHA-3 drivers must answer
CV_ERR_HW from init without touching the absent windows (which answer with a bus error). The
program checks each answer against a load of the engine's ID register; this wrapper checks the
program saw the build it was run on. The reduced SoC is built quick (harness.build_sim's quick:
C++ unoptimised, no waveforms): no other test uses that model and its two programs are short."""
from __future__ import annotations

import re

import pytest

from sim.verilator import harness

SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$", re.M)
LINE = re.compile(r"^engine (\w+) (built|absent)$", re.M)
ENGINES = ["aes", "prince", "present", "chacha", "sha3"]  # engine numbers 1..5


def run(params: dict[str, int] | None) -> dict[str, str]:
    sim = harness.build_sim(params, quick=params is not None)
    seen: dict[str, str] = {}
    for prog in ("test_engines", "test_engines_stream"):
        res = harness.run_elf(harness.build_fw(prog), sim=sim)
        print(res.stdout)
        summary = SUMMARY.findall(res.stdout)
        assert summary, res.stdout + res.stderr
        passed, failed = map(int, summary[-1])
        assert failed == 0 and passed > 0, res.stdout
        assert res.returncode == 0, res.stderr
        seen.update(LINE.findall(res.stdout))
    return seen


@pytest.mark.parametrize("mask", [0b11111, 0b00110])
def test_engines(mask: int) -> None:
    seen = run(None if mask == 0b11111 else {"ENGINES": mask})
    want = {name: "built" if mask >> i & 1 else "absent" for i, name in enumerate(ENGINES)}
    assert seen == want
