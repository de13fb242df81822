# SPDX-License-Identifier: Apache-2.0
"""The AEAD driver (cv_aead) as firmware on the simulated SoC: fw/drivers/tests/fw/
test_aead_drv (the generated vectors: a CAVP GCM/CCM sample, pycryptodome GCM/CCM messages, CCM*
by its definition; one-shot and streaming, forged tags, refused arguments, the AES engine shared
with another user, cycle counts "cycles aes128_<alg>_<what>_<backend> N").

- On the default SoC (AES_AEAD = 0): the sw backend, and every hardware init refused with
  CV_ERR_HW (a few seconds: the default SoC's model is built by the other firmware tests).
- On a SoC built with AES_AEAD = 1 (marker `long`, `make drivers-long`: its own Verilator model):
  the sw, mmio, cpi, cpi-dma and mmio-dma backends, byte for byte the same; on the DMA backends
  also their buffer rules (misaligned: CV_ERR_DMA, overlapping: CV_ERR_ARG, nothing written, in
  place allowed) and texts of random lengths up to 4 KiB (0, partial and whole blocks, CCM*)
  one-shot and in two jobs against the sw backend, with a forged tag each (CV_ERR_AUTH, the
  plaintext the DMA wrote zeroed); the cycle counts (of the image built with -Os, its Makefile)
  go to build/drivers-perf/aead_cycles.json.
- On the SoC with ZK = 1, an FW_ZK=1 image (marker `long`, the model the other isa tests build):
  sw and isa (GCM and CCM on the core's Zkne/Zknd, GHASH on Zbkc) on every vector, isa against
  sw on texts of random lengths up to 4 KiB, equal cycles for unrelated keys and data;
  build/drivers-perf/aead_cycles-zk.json (the image and its libraries built with -Os)."""
from __future__ import annotations

import json
import re

import pytest

from sim.verilator import harness

ROOT = harness.ROOT
PROG = "test_aead_drv"
FOLDER = "fw/drivers/tests/fw/test_aead_drv"
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$", re.M)
CYCLES = re.compile(r"^cycles ([\w-]+) (\d+)$", re.M)
VECTORS = re.compile(r"^(\S+): (\d+) vectors, (\d+) streamed$", re.M)


def _run(params: dict[str, int] | None, make_vars: tuple[str, ...] = ()) -> str:
    sim = harness.build_sim(params)
    elf = harness.build_fw(PROG, list(make_vars), folder=FOLDER)
    res = harness.run_elf(elf, max_cycles=150_000_000, sim=sim, timeout=1500)
    print(res.stdout)
    summary = SUMMARY.findall(res.stdout)
    assert summary, res.stdout + res.stderr
    passed, failed = map(int, summary[-1])
    assert failed == 0 and passed > 0, res.stdout
    assert res.returncode == 0, res.stderr
    return res.stdout


def test_aead_driver_default_soc() -> None:
    out = _run(None)
    assert "hw: no aead engine" in out
    assert "aead sw done" in out and "aead mmio done" not in out
    assert "isa: not in this image" in out
    counts = {b: (int(n), int(s)) for b, n, s in VECTORS.findall(out)}
    assert counts["sw"][0] >= 50 and counts["sw"][1] >= 20, counts


@pytest.mark.long
def test_aead_driver_aead_soc() -> None:
    out = _run({"AES_AEAD": 1})
    assert "hw: aead engine" in out
    counts = {b: (int(n), int(s)) for b, n, s in VECTORS.findall(out)}
    assert sorted(counts) == ["cpi", "cpi-dma", "mmio", "mmio-dma", "sw"], counts
    assert len(set(counts.values())) == 1, counts   # every backend ran every vector
    for b in ("sw", "mmio", "cpi", "cpi-dma", "mmio-dma"):
        assert f"aead {b} done" in out, b
    for b in ("cpi-dma", "mmio-dma"):
        assert re.search(rf"^{b}: \d+ long texts$", out, re.M), b
    cycles = {k: int(v) for k, v in CYCLES.findall(out)}
    assert {"aes128_gcm_pkt64_aad16_mmio", "aes128_gcm_enc_4k_cpi",
            "aes128_ccm_enc_4k_mmio", "aes128_gcm_enc_4k_cpi-dma",
            "aes128_ccm_dec_4k_mmio-dma"} <= cycles.keys(), cycles
    dst = ROOT / "build" / "drivers-perf"
    dst.mkdir(parents=True, exist_ok=True)
    (dst / "aead_cycles.json").write_text(json.dumps(cycles, indent=1) + "\n")


@pytest.mark.long
def test_aead_driver_zk_soc() -> None:
    # the FW_ZK image holds the isa backend beside every sw AEAD: it fits imem built for size,
    # the libraries too (its cycle counts are those of -Os code)
    out = _run({"ZK": 1}, ("FW_ZK=1", "CFLAGS_EXTRA=-Os"))
    counts = {b: (int(n), int(s)) for b, n, s in VECTORS.findall(out)}
    assert sorted(counts) == ["isa", "sw"] and counts["isa"] == counts["sw"], counts
    assert "aead sw done" in out and "aead isa done" in out
    cycles = {k: int(v) for k, v in CYCLES.findall(out)}
    assert {"aes128_gcm_enc_4k_isa", "aes128_gcm_dec_4k_isa",
            "aes128_ccm_enc_4k_isa"} <= cycles.keys()
    dst = ROOT / "build" / "drivers-perf"
    dst.mkdir(parents=True, exist_ok=True)
    (dst / "aead_cycles-zk.json").write_text(json.dumps(cycles, indent=1) + "\n")
