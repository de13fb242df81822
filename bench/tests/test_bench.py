# SPDX-License-Identifier: Apache-2.0
"""The benchmark machinery on a small case set: records in the SYSTEM.md section 3 format, every
output verified, a wrong reference caught, cases grouped by SoC configuration (a second model
build with DMA_BITS=128), the in-place path of E203-NICE's 40,020-byte message, and the
report's comparison with the seeds' figures."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import refs, run

CASES = """
[[suite]]
engine = "aes"
coupling = "sw"
algorithms = ["aes-128", "aes-256"]
modes = ["init", "ecb", "cbc", "ctr", "cmac"]
directions = ["encrypt", "decrypt"]
sizes = [16, 48]

# 40,020 B: expanded for CTR only (not whole blocks), and run in place (out == in)
[[suite]]
engine = "aes"
coupling = "sw"
algorithms = ["aes-128"]
modes = ["ecb", "ctr"]
directions = ["encrypt"]
sizes = [40020]

# software on a second build configuration: the per-configuration model/firmware path
[[suite]]
engine = "aes"
coupling = "sw"
dma_bits = 128
algorithms = ["aes-192"]
modes = ["ofb"]
directions = ["encrypt"]
sizes = [32]
"""
N_DEFAULT = 2 * (1 + 12 + 2) + 1


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bench-small")
    (out / "cases.toml").write_text(CASES)
    assert run.main(["--cases", str(out / "cases.toml"), "--out", str(out)]) == 0
    return out


def test_results_json_format(small: Path) -> None:
    data = json.loads((small / "results.json").read_text())
    assert set(data) == {"config", "records"}
    assert data["config"]["soc"]["DMA_BITS"] in (32, 128)
    recs = data["records"]
    # 2 algorithms x (init + 3 modes x 2 directions x 2 sizes + cmac x 2 sizes), CTR 40,020 B,
    # and the second configuration's one case
    assert len(recs) == N_DEFAULT + 1
    for r in recs:
        assert tuple(r) == run.RECORD_KEYS
        assert r["verified"] is True
        assert r["coupling"] == "sw" and r["arch"] is None
        assert r["key_bits"] == int(r["algorithm"].split("-")[1])
        assert isinstance(r["cycles"], int) and 0 < r["instret"] <= r["cycles"]
        if r["mode"] in ("init", "cmac"):
            assert r["direction"] is None
        if r["mode"] == "init":
            assert r["bytes"] is None
    assert [r["bytes"] for r in recs if r["bytes"] == 40020] == [40020]  # ctr only
    assert [r["dma_bits"] for r in recs].count(128) == 1
    builds = data["config"]["builds"]
    assert [(b["name"], b["cases"], b["exit"]) for b in builds] == [
        ("rolled-dma32", N_DEFAULT, 0), ("rolled-dma128", 1, 0)]
    assert builds[1]["params"] == {"DMA_BITS": 128} and builds[0]["params"] == {}
    md = (small / "results.md").read_text()
    assert "| aes-128 | cbc | encrypt | sw |" in md and "32 of 32 records verified" in md and "2 firmware images" in md
    summary = (small / "summary.md").read_text()
    # the seeds' figures beside the matching rows (FAC-V SW key init 163 for AES-128)
    assert "| aes-128 key setup | sw |" in summary and "| 163 |" in summary
    assert {p.name for p in small.glob("*.png")} == {"aes-128.png", "aes-192.png", "aes-256.png"}


def test_wrong_reference_is_caught(small: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Flip one bit of every expected output: no record may claim to be verified."""
    good = refs.REFS["aes"]

    def bad(case: dict, key: bytes, iv: bytes, msg: bytes) -> bytes:
        out = bytearray(good(case, key, iv, msg))
        out[0] ^= 1
        return bytes(out)

    monkeypatch.setitem(refs.REFS, "aes", bad)
    cases = [c for c in run.load_cases(small / "cases.toml") if c["dma_bits"] is None]
    records, runs = run.run_cases(cases, 50_000_000, small, "bench-" + small.name)
    assert [r.result.returncode for r in runs] == [0]
    assert len(records) == N_DEFAULT and not any(r["verified"] for r in records)


def test_inputs_replay() -> None:
    """xorshift32 replay: the first outputs of seed 1 (x ^= x<<13, >>17, <<5)."""
    data, state = refs.xorshift32_bytes(1, 8)
    assert int.from_bytes(data[:4], "little") == 270369
    assert int.from_bytes(data[4:], "little") == 67634689
    assert state == 67634689


def test_config_overrides() -> None:
    """Build configurations -> soc_top -G overrides, relative to soc_top's own defaults."""
    with_aes = {"AES_ARCH": 0, "AES_SBOX": 0, "DMA_BITS": 32}
    assert run.config_overrides(("rolled", 32), with_aes) == {}
    assert run.config_overrides(("pipelined", 128), with_aes) == {"AES_ARCH": 2, "DMA_BITS": 128}
    assert run.config_overrides(("unrolled2", 32), with_aes) == {"AES_ARCH": 1}
    assert run.config_overrides(("rolled", 128), {"DMA_BITS": 32}) == {"DMA_BITS": 128}
    with pytest.raises(ValueError, match="AES_ARCH"):
        run.config_overrides(("pipelined", 128), {"DMA_BITS": 32})
    with pytest.raises(ValueError, match="unknown"):
        run.config_overrides(("rolled", 64), with_aes)


def test_shipped_cases() -> None:
    """bench/cases.toml: every backend on the default SoC, 40,020 B only where allowed, the
    other builds present, and every case fits the firmware's message buffer."""
    cases = run.load_cases(run.ROOT / "bench" / "cases.toml")
    groups = run.group_configs(cases)
    assert list(groups)[0] == run.DEFAULT_CONFIG
    assert set(groups) >= {("rolled", 32), ("unrolled2", 32), ("pipelined", 128), ("rolled", 128)}
    default = {c["coupling"] for c in groups[run.DEFAULT_CONFIG]}
    assert default == {"sw", "mmio", "cpi", "cpi-dma", "mmio-dma"}
    assert all(c["mode"] not in ("ecb", "cbc") for c in cases if c["bytes"] == 40020)
    assert max(c["bytes"] or 0 for c in cases) <= 40032  # BENCH_IN_BYTES in bench.h
    assert len({c["id"] for c in cases}) == len(cases)
    # the lightweight engines: every backend, and a moderate number of rows
    for engine in ("prince", "present", "chacha", "sha3"):
        assert {c["coupling"] for c in cases if c["engine"] == engine} == default, engine
    assert len([c for c in cases if c["engine"] != "aes"]) <= run.MAX_IMAGE_CASES


def test_report_targets() -> None:
    """Cycles per block, the seeds' range figures and the target check on made-up records."""
    rec = {"engine": "aes", "algorithm": "aes-128", "key_bits": 128, "mode": "ctr",
           "direction": "encrypt", "coupling": "cpi-dma", "arch": "rolled", "dma_bits": 32,
           "bytes": 40020, "cycles": 26_000, "instret": 10, "verified": True}
    fig = {"match": {"engine": "aes", "mode": "ctr", "bytes": 40020}, "cycles": 27632,
           "seed_per_block": 11.05, "source": "E203", "target_per_block": 10.5}
    assert run.per_block(rec) == pytest.approx(10.395, abs=0.001)
    assert run.target_met(rec, fig) == "yes"
    assert run.target_met(dict(rec, cycles=26_300), fig) == "no"
    assert run.target_met(dict(rec, verified=False), fig) == "unverified"
    row = run.comparison([rec], [fig])[2]
    assert row.startswith("| aes-128 ctr encrypt 40,020 B | cpi-dma rolled dma32 | 26,000 | 10.4 |")
    rng = {"match": {"bytes": 64}, "cycles": [1129, 1525], "source": "AES-RV", "target_max": 80}
    assert run.seed_cycles(rng) == "1,129-1,525" and run.seed_per_block(rng) is None
    assert run.target_met(dict(rec, bytes=64, cycles=81), rng) == "no"


def test_diff_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """bench/diff.py pairs records by what they measure, whatever their order, and reports the
    changed, the one-sided and the unverified ones (exit 1 only for the last)."""
    from bench import diff

    def rec(alg: str, nbytes: int, cycles: int, instret: int, verified: bool = True) -> dict:
        return {"engine": "aes", "algorithm": alg, "key_bits": 128, "mode": "ecb",
                "direction": "encrypt", "coupling": "cpi", "arch": "rolled", "dma_bits": 32,
                "bytes": nbytes, "cycles": cycles, "instret": instret, "verified": verified}

    old = tmp_path / "old.json"
    new = tmp_path / "new.json"
    old.write_text(json.dumps({"records": [
        rec("aes-128", 16, 100, 50), rec("aes-128", 32, 200, 90), rec("aes-256", 16, 140, 60)]}))
    new.write_text(json.dumps({"records": [
        rec("aes-128", 32, 203, 90), rec("aes-128", 16, 100, 50), rec("aes-192", 16, 120, 55)]}))
    res = diff.compare(diff.load(old), diff.load(new))
    assert res["common"] == 2
    assert [(c[1], c[2]) for c in res["changed"]] == [(200, 203)]
    assert [k[1] for k in res["only_old"]] == ["aes-256"]
    assert [k[1] for k in res["only_new"]] == ["aes-192"]
    assert diff.main([str(old), str(new)]) == 0
    out = capsys.readouterr().out
    assert "2 records in both runs, 1 changed" in out and "cycles 200 -> 203 (+3)" in out
    new.write_text(json.dumps({"records": [rec("aes-128", 16, 100, 50, verified=False)]}))
    assert diff.main([str(old), str(new)]) == 1
    out = capsys.readouterr().out
    assert "not verified: aes-128 key 128 ecb encrypt 16 B [cpi rolled dma32]" in out
