# SPDX-License-Identifier: Apache-2.0
"""AES engine: cocotb benches on every architecture (Verilator) and a smoke run on Icarus,
and the formal proof that the composite-field S-boxes equal the FIPS-197 tables."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from sim.cocotb_run import BUILD, ROOT, run

SOURCES = ["engines/aes/rtl/sources.f"]
TB = "engines.aes.tests.aes_tb"
CONFIGS = {  # arch: S-box implementation simulated with it in the long runs
    0: 0,
    2: 0,
}
# (arch, sbox) of the benches: the rolled datapath in both forms (table S-boxes: the block-RAM
# round tables of aes_dp_tbl, the SoC's build; composite: aes_dp_rolled) and the pipelined one.
# CI runs the SoC's build whole and the pipelined one on the quick subset of every bench test
# (CI_BENCHES); the composite S-box's equality with the tables is proved in CI
# (test_aes_sbox_formal), its datapath runs in make aes-long, which runs every bench whole.
BENCHES = [(0, 0), (0, 1), (2, 0)]
IDS = ["rolled-table", "rolled", "pipelined"]
CI_BENCHES = [0, 2]  # indices into BENCHES


def _run(arch: int, sbox: int, sim: str, quick: bool) -> None:
    name = f"aes-a{arch}-s{sbox}{'-quick' if quick else ''}"
    perf = BUILD / f"aes_perf_arch{arch}_s{sbox}_{sim}.json"
    tc = os.environ.get("AES_TESTCASE")   # e.g. test_timing, to rerun one bench test
    # a quick bench runs for seconds: its model's C++ is built unoptimised (half the build)
    run(name, "aes_top", SOURCES, TB, sim=sim, parameters={"ARCH": arch, "SBOX": sbox},
        testcase=tc.split(",") if tc else None, cxx_o0=quick,
        extra_env={"AES_ARCH": str(arch), "AES_SBOX": str(sbox),
                   "AES_QUICK": "1" if quick else "0",
                   "AES_PERF_JSON": str(perf)})
    if not tc:
        assert json.loads(perf.read_text())["arch"] == arch


@pytest.mark.parametrize("arch,sbox", [BENCHES[i] for i in CI_BENCHES],
                         ids=[IDS[i] for i in CI_BENCHES])
def test_aes_verilator(arch: int, sbox: int) -> None:
    _run(arch, sbox, "verilator", quick=(arch, sbox) != BENCHES[0])


@pytest.mark.long
@pytest.mark.parametrize("arch,sbox", BENCHES[1:], ids=IDS[1:])
def test_aes_verilator_whole(arch: int, sbox: int) -> None:
    _run(arch, sbox, "verilator", quick=False)


def test_aes_icarus_smoke() -> None:
    """Icarus: the rolled datapath with the table S-boxes (block-RAM round tables), on a subset
    of every bench test."""
    _run(0, 0, "icarus", quick=True)


LONG = int(os.environ.get("AES_LONG", "100000"))
LONG_ARCHS = [int(a) for a in os.environ.get("AES_LONG_ARCH", "0 2").split()]


@pytest.mark.long
@pytest.mark.parametrize("arch", LONG_ARCHS)
def test_aes_long(arch: int) -> None:
    sbox = CONFIGS[arch]
    run(f"aes-a{arch}-s{sbox}", "aes_top", SOURCES, TB, sim="verilator",
        parameters={"ARCH": arch, "SBOX": sbox}, testcase="test_long_random",
        extra_env={"AES_ARCH": str(arch), "AES_SBOX": str(sbox), "AES_LONG": str(LONG),
                   "AES_LONG_JSON": str(BUILD / f"aes_long_arch{arch}.json")})
