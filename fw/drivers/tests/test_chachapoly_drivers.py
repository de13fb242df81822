# SPDX-License-Identifier: Apache-2.0
"""cv_aead's ChaCha20-Poly1305 as firmware on the simulated SoC: fw/drivers/tests/fw/
test_chachapoly_drv (RFC 8439 2.8.2 and a cryptography-vectors sample with its failing record,
pycryptodome messages; one-shot and streaming, forged and truncated tags, the engine after each
error and shared with another user, cycle counts "cycles chacha20-poly1305_<what>_<backend> N").

- On the default SoC (CHACHA_AEAD = 0): the sw backend on the package's vectors, and every
  hardware init refused with CV_ERR_HW (the default SoC's model is built by the other firmware
  tests).
- On a SoC built with CHACHA_AEAD = 1 (marker `long`, `make drivers-long`: its own Verilator
  model): the sw, mmio, cpi, cpi-dma and mmio-dma backends, byte for byte the same; on the DMA
  backends also texts of random lengths up to 4 KiB against the sw backend, one-shot and in two
  jobs, with a forged tag each (CV_ERR_AUTH, the plaintext the DMA wrote zeroed); the cycle
  counts go to build/drivers-perf/chachapoly_cycles.json."""
from __future__ import annotations

import json
import re

import pytest

from sim.verilator import harness

ROOT = harness.ROOT
PROG = "test_chachapoly_drv"
FOLDER = "fw/drivers/tests/fw/test_chachapoly_drv"
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$", re.M)
CYCLES = re.compile(r"^cycles ([\w-]+) (\d+)$", re.M)
VECTORS = re.compile(r"^(\S+): (\d+) vectors, (\d+) streamed$", re.M)


def _run(params: dict[str, int] | None) -> str:
    sim = harness.build_sim(params)
    elf = harness.build_fw(PROG, folder=FOLDER)
    res = harness.run_elf(elf, max_cycles=150_000_000, sim=sim, timeout=1500)
    print(res.stdout)
    summary = SUMMARY.findall(res.stdout)
    assert summary, res.stdout + res.stderr
    passed, failed = map(int, summary[-1])
    assert failed == 0 and passed > 0, res.stdout
    assert res.returncode == 0, res.stderr
    return res.stdout


def test_chachapoly_driver_default_soc() -> None:
    out = _run(None)
    assert "hw: no chachapoly engine" in out
    assert "cp sw done" in out and "cp mmio done" not in out
    counts = {b: (int(n), int(s)) for b, n, s in VECTORS.findall(out)}
    assert counts["sw"][0] >= 12 and counts["sw"][1] >= 10, counts


@pytest.mark.long
def test_chachapoly_driver_aead_soc() -> None:
    out = _run({"CHACHA_AEAD": 1})
    assert "hw: chachapoly engine" in out
    counts = {b: (int(n), int(s)) for b, n, s in VECTORS.findall(out)}
    assert sorted(counts) == ["cpi", "cpi-dma", "mmio", "mmio-dma", "sw"], counts
    assert len(set(counts.values())) == 1, counts   # every backend ran every vector
    for b in ("sw", "mmio", "cpi", "cpi-dma", "mmio-dma"):
        assert f"cp {b} done" in out, b
    for b in ("cpi-dma", "mmio-dma"):
        assert re.search(rf"^{b}: \d+ long texts$", out, re.M), b
    cycles = {k: int(v) for k, v in CYCLES.findall(out)}
    assert {f"chacha20-poly1305_enc_4k_{b}" for b in ("mmio", "cpi", "cpi-dma", "mmio-dma")} \
        <= cycles.keys(), cycles
    dst = ROOT / "build" / "drivers-perf"
    dst.mkdir(parents=True, exist_ok=True)
    (dst / "chachapoly_cycles.json").write_text(json.dumps(cycles, indent=1) + "\n")
