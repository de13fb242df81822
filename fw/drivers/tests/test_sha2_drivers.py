# SPDX-License-Identifier: Apache-2.0
"""The SHA-2 driver (cv_sha2: SHA-256, SHA-512, HMAC-SHA-256) as firmware on the simulated SoC:
fw/drivers/tests/fw/test_sha2_drv, fed over the UART one record per prompt. Each digest or tag
is checked against hashlib/hmac, the backends against each other (in the firmware, which also
streams and reads from an odd address), and the cycle counts for equal lengths must be equal
(random data, random keys: nothing may depend on them).

- On the default SoC, a firmware built without FW_ZK: the sw backend, the isa backend refused
  with CV_ERR_HW (seconds; the default SoC's model is built by the other firmware tests).
- On the SoC with ZK = 1 (RVC = 1 as well, with FW_RVC=1), a firmware built with FW_ZK=1
  (marker `long`, `make drivers-long`: its own Verilator model): sw and isa, CAVP SHA-2 ShortMsg
  and RFC 4231 HMAC from cryptography-vectors beside random messages; the cycle counts go to
  build/drivers-perf/sha2_cycles<-config>.json."""
from __future__ import annotations

import hashlib
import hmac
import json
import random
import re
import sys
from pathlib import Path

import pytest

from sim.verilator import harness

ROOT = harness.ROOT
FOLDER = "fw/drivers/tests/fw/test_sha2_drv"
SUMMARY = re.compile(r"^(?:sha2> )*(\d+) passed, (\d+) failed$", re.M)
RESULT = re.compile(r"^(?:sha2> )*r ([0-9a-f]+) (\d+) (\d+)$", re.M)
sys.path.insert(0, str(ROOT / "fw" / "crypto" / "tests"))
from test_crypto_sw_sha2 import SHA2, VEC, parse_rsp  # noqa: E402  (the host tests' parser)


def _ref(op: str, key: bytes, msg: bytes) -> bytes:
    if op == "M":
        return hmac.new(key, msg, hashlib.sha256).digest()
    return (hashlib.sha512 if op == "5" else hashlib.sha256)(msg).digest()


def _records(rng: random.Random, n_random: int, max_len: int, cavp: bool
             ) -> list[tuple[str, bytes, bytes]]:
    recs: list[tuple[str, bytes, bytes]] = []
    if cavp:
        for op, name in (("2", "SHA256ShortMsg"), ("5", "SHA512ShortMsg")):
            for r in parse_rsp(SHA2 / f"{name}.rsp")[::5]:
                if int(r["Len"]) % 8 == 0:
                    recs.append((op, b"", bytes.fromhex(r["Msg"])[: int(r["Len"]) // 8]))
        for r in parse_rsp(VEC / "HMAC" / "rfc-4231-sha256.txt"):
            if {"Key", "Msg", "MD"} <= r.keys():
                recs.append(("M", bytes.fromhex(r["Key"]), bytes.fromhex(r["Msg"])))
    # random data: each length twice, so equal lengths with different bytes and keys are timed
    lens = [0, 1, 55, 56, 63, 64, 111, 112, 127, 128] + [rng.randrange(max_len)
                                                         for _ in range(n_random)]
    for n in lens:
        for _ in range(2):
            for op in "25M":
                key = rng.randbytes(rng.choice([16, 32, 64, 65, 100])) if op == "M" else b""
                recs.append((op, key, rng.randbytes(n)))
    return recs


def _run(params: dict[str, int] | None, make_vars: list[str], recs: list[tuple[str, bytes, bytes]],
         isa: bool, max_cycles: int) -> dict[str, int]:
    sim = harness.build_sim(params)
    elf = harness.build_fw("test_sha2_drv", make_vars, folder=FOLDER)
    lines = [f"{op} {key.hex()} {msg.hex()}" if op == "M" else f"{op} {msg.hex()}"
             for op, key, msg in recs] + ["Q"]
    res = harness.run_elf(elf, stdin=("\n".join(lines) + "\n").encode(), sim=sim,
                          max_cycles=max_cycles, extra_args=["--rx-prompt", "sha2> "],
                          timeout=1800)
    summary = SUMMARY.findall(res.stdout)
    assert summary, res.stdout[-3000:] + res.stderr
    passed, failed = map(int, summary[-1])
    assert failed == 0 and passed > 0, res.stdout[-3000:]
    assert res.returncode == 0, res.stderr
    assert f"isa {int(isa)}" in res.stdout
    got = RESULT.findall(res.stdout)
    assert len(got) == len(recs)
    timing: dict[tuple[str, int, int], set[tuple[int, int]]] = {}
    cycles: dict[str, int] = {}
    for (op, key, msg), (hexd, c_sw, c_isa) in zip(recs, got):
        assert bytes.fromhex(hexd) == _ref(op, key, msg), (op, len(key), len(msg))
        assert (int(c_isa) > 0) == isa
        timing.setdefault((op, len(key), len(msg)), set()).add((int(c_sw), int(c_isa)))
        alg = {"2": "sha2-256", "5": "sha2-512", "M": "hmac-sha2-256"}[op]
        cycles[f"{alg}_{len(msg)}_sw"] = int(c_sw)
        if isa:
            cycles[f"{alg}_{len(msg)}_isa"] = int(c_isa)
    varying = {k: v for k, v in timing.items() if len(v) > 1}
    assert not varying, varying   # equal lengths, different data and keys: equal cycles
    return cycles


def test_sha2_driver_default_soc() -> None:
    rng = random.Random(0x5A2D)
    _run(None, [], _records(rng, 0, 0, cavp=False)[:24], isa=False, max_cycles=5_000_000)


@pytest.mark.long
@pytest.mark.parametrize("rvc", [0, 1], ids=["zk", "rvc-zk"])
def test_sha2_driver_zk_soc(rvc: int) -> None:
    rng = random.Random(0x5A2E + rvc)
    params = {"ZK": 1, **({"RVC": 1} if rvc else {})}
    make_vars = (["FW_RVC=1"] if rvc else []) + ["FW_ZK=1"]
    cycles = _run(params, make_vars, _records(rng, 12, 1200, cavp=True) +
                  [(op, b"k" * 32, rng.randbytes(4096)) for op in "25M"], isa=True,
                  max_cycles=300_000_000)
    dst = ROOT / "build" / "drivers-perf"
    dst.mkdir(parents=True, exist_ok=True)
    (dst / f"sha2_cycles-{'rvc-zk' if rvc else 'zk'}.json").write_text(
        json.dumps(cycles, indent=1) + "\n")
