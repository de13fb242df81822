# SPDX-License-Identifier: Apache-2.0
"""pytest entry points of the AEAD engine's cocotb bench (aead_top): Verilator on the rolled
datapath (block-RAM round tables, the SoC's AES build) and on the pipelined one with the
two-cycle GHASH, an Icarus smoke run, and the long CAVP / random campaign.

In `make test` the rolled build (the SoC's) runs the bench; the pipelined build, a Verilator
build of its own, runs it with a third of the rolled build's CAVP sample and random messages in
`make aead-long` (CI_SIZES; there also every record and AEAD_LONG messages).
The Icarus smoke run takes the CCM CAVP sample and the error cases (GCM, CCM); the GCM CAVP
sample on Icarus, most of the smoke run's time, is marked long (test_aead_icarus_gcm,
`make aead-long`)."""
from __future__ import annotations

import json
import os

import pytest

from sim.cocotb_run import BUILD, run

SOURCES = ["engines/aead/rtl/sources.f"]
TB = "engines.aead.tests.aead_tb"
# (ARCH, SBOX, DIGIT): rolled with table S-boxes and DIGIT 16 (8 cycles per GHASH block under
# the 10 of AES-128); pipelined with DIGIT 64 (2 cycles per block)
BENCHES = {"rolled": (0, 0, 16), "pipelined": (2, 0, 64)}
# CI sizes of the pipelined build, a third of the rolled build's (the bench's defaults): its
# handshakes and timing are checked in full, its volume in make aead-long
CI_SIZES = {"rolled": {}, "pipelined": {"AEAD_CAVP": "4", "AEAD_RANDOM": "20"}}
SMOKE = ["test_ccm_cavp", "test_errors"]


def _run(cfg: str, sim: str, testcase: list[str] | None = None,
         env: dict[str, str] | None = None, suffix: str = "") -> None:
    arch, sbox, digit = BENCHES[cfg]
    perf = BUILD / f"aead_perf_{cfg}_{sim}.json"
    tc = os.environ.get("AEAD_TESTCASE")   # e.g. test_timing, to rerun one bench test
    if tc:
        testcase = tc.split(",")
    run(f"aead-{cfg}{suffix}", "aead_top", SOURCES, TB, sim=sim,
        parameters={"ARCH": arch, "SBOX": sbox, "DIGIT": digit}, testcase=testcase,
        extra_env={"AEAD_ARCH": str(arch), "AEAD_SBOX": str(sbox), "AEAD_DIGIT": str(digit),
                   "AEAD_PERF_JSON": str(perf), **(env or {})})
    if testcase is None or "test_timing" in testcase:
        print(json.dumps(json.loads(perf.read_text()), indent=1))


@pytest.mark.parametrize("cfg", [
    "rolled", pytest.param("pipelined", marks=pytest.mark.long)])
def test_aead_verilator(cfg: str) -> None:
    _run(cfg, "verilator", env=CI_SIZES[cfg])


def test_aead_icarus_smoke() -> None:
    _run("rolled", "icarus", SMOKE, {"AEAD_CAVP": "2"})


@pytest.mark.long
def test_aead_icarus_gcm() -> None:
    _run("rolled", "icarus", ["test_gcm_cavp"], {"AEAD_CAVP": "2"})


@pytest.mark.long
@pytest.mark.parametrize("cfg", list(BENCHES))
def test_aead_long(cfg: str) -> None:
    """Every CAVP GCM and CCM record and AEAD_LONG random messages per mode."""
    _run(cfg, "verilator", ["test_gcm_cavp", "test_ccm_cavp", "test_random_differential"],
         {"AEAD_CAVP": "0", "AEAD_RANDOM": os.environ.get("AEAD_LONG", "2000"),
          "AEAD_MAXLEN": os.environ.get("AEAD_LONG_MAXLEN", "4096")}, suffix="-long")
