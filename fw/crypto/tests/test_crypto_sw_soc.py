# SPDX-License-Identifier: Apache-2.0
"""The software crypto library as firmware on the simulated SoC (Verilator harness): NIST/RFC and
VECTORS.md known answers (fw_kat/main.c, vectors generated from cryptography-vectors at build
time), bad-input codes, and cycle counts on the real core (build/crypto-perf/soc_cycles.json).
The AEADs run as a second program (fw_aead/main.c: CAVP GCM/CCM and RFC 8439 samples, forged
tags, refused inputs, streaming; cycles in build/crypto-perf/soc_cycles_aead.json)."""
from __future__ import annotations

import json
import re
import subprocess

import cvcrypto_host as h

SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$", re.M)
CYCLES = re.compile(r"^cycles (\w+) (\d+)$", re.M)


def _run_on_soc(folder: str, prog: str, max_cycles: int, min_passed: int,
                cycles_file: str) -> tuple[str, dict[str, int]]:
    """Build fw/crypto/tests/<folder> (program <prog>), run it on the SoC, require its checks to
    pass (at least min_passed of them) and keep the cycle counts it prints in
    build/crypto-perf/<cycles_file>; returns its output and those counts."""
    from sim.verilator import harness

    harness.build_sim()
    with harness.locked(f"fw-{prog}"):
        r = subprocess.run(["make", "-s", "--no-print-directory", "-C",
                            str(h.HERE / folder)], cwd=h.ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    elf = h.ROOT / "build" / "fw" / prog / f"{prog}.elf"
    res = harness.run_elf(elf, max_cycles=max_cycles)
    print(res.stdout)
    summary = SUMMARY.findall(res.stdout)
    assert summary, res.stdout + res.stderr
    passed, failed = map(int, summary[-1])
    assert failed == 0 and passed > min_passed, res.stdout
    assert res.returncode == 0, res.stderr
    cycles = {k: int(v) for k, v in CYCLES.findall(res.stdout)}
    out = h.ROOT / "build" / "crypto-perf"
    out.mkdir(parents=True, exist_ok=True)
    (out / cycles_file).write_text(json.dumps(cycles, indent=1) + "\n")
    return res.stdout, cycles


def test_crypto_firmware_on_soc() -> None:
    _, cycles = _run_on_soc("fw_kat", "test_crypto_sw", 50_000_000, 250, "soc_cycles.json")
    # Performance targets are reported by `make bench`, never asserted here; only check that
    # the firmware printed the figures the perf table is made from.
    assert {"aes128_enc_block", "aes128_dec_block", "aes128_ecb_enc_1k"} <= cycles.keys()


def test_aead_firmware_on_soc() -> None:
    stdout, cycles = _run_on_soc("fw_aead", "test_crypto_aead_sw", 80_000_000, 150,
                                 "soc_cycles_aead.json")
    counts = re.search(r"^vectors: (\d+) GCM, (\d+) CCM, (\d+) ChaCha20-Poly1305, (\d+) Poly1305$",
                       stdout, re.M)
    assert counts and all(int(n) >= 10 for n in counts.groups()), stdout
    assert {"gcm128_enc_4k", "ccm128_enc_4k", "chachapoly_enc_4k",
            "gcm128_pkt64_aad16"} <= cycles.keys()
