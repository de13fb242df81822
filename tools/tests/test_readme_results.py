# SPDX-License-Identifier: Apache-2.0
"""tools/readme_results.py: the headline table is written between its markers and nowhere else,
from the three summaries; a missing summary or marker fails with a message that names it; the
repository's README stays a short front door whose table matches the committed summaries."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tools import readme_results as rr

ROOT = Path(__file__).resolve().parents[2]

BENCH = {
    "commit": "beefcafe", "date": "day 1 07:00 UTC", "records": 10, "verified": 10,
    "configurations": ["rolled-dma32"],
    "calls": [
        {"name": "aes-128 key setup", "cycles": {"sw": 2833, "mmio rolled dma32": 74,
                                                 "cpi rolled dma32": 75}},
        {"name": "aes-128 ecb encrypt 16 B",
         "cycles": {"sw": 1058, "cpi rolled dma32": 73, "cpi-dma rolled dma32": 84,
                    "cpi pipelined dma128": 68}},
    ],
    "bulk": [
        {"name": "aes-128 ctr encrypt", "block_bytes": 16,
         "cycles_per_block": {"sw": 1043.0, "cpi-dma rolled dma32": 10.0,
                              "cpi-dma pipelined dma128": 1.25}},
    ],
}
SYNTH = {"commit": "cafebeef", "date": "day 0", "records": 66, "failed": 0, "blocks": [
    {"block": "core", "config": "default", "luts": 1994, "fmax_mhz": 80.6, "ecp5_fits": True},
    {"block": "soc", "config": "default", "luts": 20471, "fmax_mhz": 40.0, "ecp5_fits": True},
    {"block": "aes", "config": "rolled-table", "luts": 3563, "fmax_mhz": 61.8,
     "ecp5_fits": True},
    {"block": "aes", "config": "pipelined", "luts": 31777, "fmax_mhz": 35.1,
     "ecp5_fits": True},
]}
ADV = {"campaigns": 18, "operations": 8_073_157, "clean": True}


@pytest.fixture(autouse=True)
def no_routed_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests' figures are the summaries' alone unless a test writes an Fmax record."""
    monkeypatch.setattr(rr, "FMAX", tmp_path / "fmax.json")


@pytest.fixture
def results(tmp_path: Path) -> Path:
    out = tmp_path / "results"
    out.mkdir()
    for name, data in (("bench", BENCH), ("synth", SYNTH), ("adversarial", ADV)):
        (out / f"{name}-summary.json").write_text(json.dumps(data))
    return out


README = """# Title

Prose before, with a table of its own:

| a | b |
|---|---|

<!-- headline:begin (generated) -->
old table
<!-- headline:end -->

Prose after.
"""


def test_writes_only_between_markers(tmp_path: Path, results: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text(README)
    args = ["--readme", str(readme), "--results", str(results)]
    assert rr.main(args) == 0
    text = readme.read_text()
    head, rest = text.split("<!-- headline:begin (generated) -->\n")
    table, tail = rest.split("<!-- headline:end -->")
    assert head == README.split("<!-- headline:begin")[0]
    assert tail == "\n\nProse after.\n"
    assert "old table" not in table
    lines = table.splitlines()
    assert lines[0].startswith("| block | one call, cycles: sw / hardware |")
    rows = {ln.split(" | ")[0][2:]: ln for ln in lines[2:] if ln.startswith("| ")}
    # the fastest coupling of the build, named; sw beside the default build only
    assert "| 1,058 / 73 (cpi) | 1,043 / 10.0 (cpi-dma) |" in rows["AES-128, rolled (the SoC's default)"]
    pipe = rows["AES-128, pipelined, 128-bit DMA (area: composite S-boxes)"]
    assert "| - / 68 (cpi) | - / 1.25 (cpi-dma) |" in pipe
    # Mbps at the lower of the block's and the SoC's Fmax: 128 bits x 40 MHz / 10 and 35.1 / 1.25
    assert rows["AES-128, rolled (the SoC's default)"].endswith("| 512 | 3,563 | 61.8 |")
    assert pipe.endswith("| 3,594 | 31,777 | 35.1 |")
    assert rows["RV32IM core"].endswith("| - | - | - | 1,994 | 80.6 |")
    assert "| 2,833 / 74 (mmio) |" in rows["AES-128 key setup"]
    assert rows["PRINCE (64-bit block)"] == "| PRINCE (64-bit block) | - | - | - | - | - |"
    assert "Verified: 10 of 10 benchmark records" in table and "every counter zero" in table
    # a second run changes nothing, and --check agrees
    assert rr.main(args) == 0 and readme.read_text() == text
    assert rr.main(args + ["--check"]) == 0
    readme.write_text(text.replace("| 512 |", "| 513 |"))
    assert rr.main(args + ["--check"]) == 1


def test_missing_summary_fails_clearly(tmp_path: Path, results: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    readme = tmp_path / "README.md"
    readme.write_text(README)
    (results / "synth-summary.json").unlink()
    assert rr.main(["--readme", str(readme), "--results", str(results)]) == 1
    err = capsys.readouterr().err
    assert "synth-summary.json missing" in err and "make synth" in err
    assert readme.read_text() == README


@pytest.mark.parametrize("text", [README.replace("<!-- headline:end -->\n", ""),
                                  README.replace("<!-- headline:begin (generated) -->\n", ""),
                                  README + "<!-- headline:begin -->\n<!-- headline:end -->\n"])
def test_markers_required(tmp_path: Path, results: Path, text: str,
                          capsys: pytest.CaptureFixture[str]) -> None:
    readme = tmp_path / "README.md"
    readme.write_text(text)
    assert rr.main(["--readme", str(readme), "--results", str(results)]) == 1
    assert "headline:begin" in capsys.readouterr().err
    assert readme.read_text() == text


def test_repository_readme(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README is a front door of at most 160 lines whose only generated part is the
    headline table (at most 12 rows), and that table is the one the committed summaries and
    Fmax records give."""
    monkeypatch.setattr(rr, "FMAX", ROOT / "synth" / "fmax.json")
    text = (ROOT / "README.md").read_text()
    assert len(text.splitlines()) <= 160
    assert text.count("headline:begin") == 1 and "bench:begin" not in text
    table = text.split("<!-- headline:end -->")[0].split("-->\n")[-1]
    rows = [ln for ln in table.splitlines() if ln.startswith("| ")][1:]  # after the header
    assert 0 < len(rows) <= 12
    copy = tmp_path / "README.md"
    shutil.copyfile(ROOT / "README.md", copy)
    assert rr.main(["--readme", str(copy), "--check"]) == 0


def test_routed_soc_fmax_wins(tmp_path: Path, results: Path) -> None:
    """A synth/fmax.json record made with the flow's placer gives the SoC's Fmax (and so the
    throughputs); one made with another placer is ignored."""
    from synth import run as synth

    entry = next(e for e in synth.load_entries() if (e.block, e.config) == rr.SOC)
    other = "heap" if entry.ecp5_placer != "heap" else "static"
    readme = tmp_path / "README.md"
    for placer, soc, aes in ((entry.ecp5_placer, "55.5", "710"), (other, "40.0", "512")):
        rec = {"records": {"soc:default": {"block": "soc", "config": "default",
                                           "fmax_mhz": 55.5, "placer": placer}}}
        (tmp_path / "fmax.json").write_text(json.dumps(rec))
        readme.write_text(README)
        assert rr.main(["--readme", str(readme), "--results", str(results)]) == 0
        rows = {ln.split(" | ")[0][2:]: ln for ln in readme.read_text().splitlines()
                if ln.startswith("| ")}
        assert rows["SoC, default build: core, five engines, rolled AES, 32-bit DMA"].endswith(
            f"| 20,471 | {soc} |")
        # 128 bits x min(61.8, SoC) MHz / 10 cycles
        assert rows["AES-128, rolled (the SoC's default)"].endswith(f"| {aes} | 3,563 | 61.8 |")
