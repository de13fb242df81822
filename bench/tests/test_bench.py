"""The benchmark machinery on a small case set: records in the SYSTEM.md section 3 format, every
output verified, and a wrong reference caught."""
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
"""


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bench-small")
    (out / "cases.toml").write_text(CASES)
    assert run.main(["--cases", str(out / "cases.toml"), "--out", str(out), "--no-plots"]) == 0
    return out


def test_results_json_format(small: Path) -> None:
    data = json.loads((small / "results.json").read_text())
    assert set(data) == {"config", "records"}
    assert data["config"]["soc"]["DMA_BITS"] in (32, 128)
    recs = data["records"]
    # 2 algorithms x (init + 3 modes x 2 directions x 2 sizes + cmac x 2 sizes)
    assert len(recs) == 2 * (1 + 12 + 2)
    for r in recs:
        assert tuple(r) == run.RECORD_KEYS
        assert r["verified"] is True
        assert r["coupling"] == "sw" and r["arch"] is None and r["dma_bits"] is None
        assert r["key_bits"] == int(r["algorithm"].split("-")[1])
        assert isinstance(r["cycles"], int) and 0 < r["instret"] <= r["cycles"]
        if r["mode"] in ("init", "cmac"):
            assert r["direction"] is None
        if r["mode"] == "init":
            assert r["bytes"] is None
    md = (small / "results.md").read_text()
    assert "| aes-128 | cbc | encrypt | sw |" in md and "30 of 30 records verified" in md


def test_wrong_reference_is_caught(small: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Flip one bit of every expected output: no record may claim to be verified."""
    good = refs.REFS["aes"]

    def bad(case: dict, key: bytes, iv: bytes, msg: bytes) -> bytes:
        out = bytearray(good(case, key, iv, msg))
        out[0] ^= 1
        return bytes(out)

    monkeypatch.setitem(refs.REFS, "aes", bad)
    cases = run.load_cases(small / "cases.toml")
    records, res = run.run_cases(cases, 50_000_000, small, "bench-" + small.name)
    assert res.returncode == 0
    assert not any(r["verified"] for r in records)


def test_inputs_replay() -> None:
    """xorshift32 replay: the first outputs of seed 1 (x ^= x<<13, >>17, <<5)."""
    data, state = refs.xorshift32_bytes(1, 8)
    assert int.from_bytes(data[:4], "little") == 270369
    assert int.from_bytes(data[4:], "little") == 67634689
    assert state == 67634689
