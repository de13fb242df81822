# SPDX-License-Identifier: Apache-2.0
"""adversarial/report.py: records gathered into the JSON summary and the markdown table; a
malformed record is refused."""
from __future__ import annotations

import json

import pytest

from adversarial import report


def rec(name: str, **kw) -> dict:
    r = {"campaign": name, "interface": "cpi", "operations": 1000, "hangs": 0,
         "lost_or_corrupted_bytes": 0, "key_leaks": 0, "timing_variations": 0,
         "other_failures": 0, "seed": 7, "long": False, "details": f"{name} details"}
    r.update(kw)
    return r


def test_report_table_and_summary(tmp_path) -> None:
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "b.json").write_text(json.dumps(rec("zeta", operations=1_234_567, long=True)))
    (src / "a.json").write_text(json.dumps(rec("alpha", key_leaks=2)))
    (src / "parts").mkdir()   # sub-folders (per-run parts) are not campaigns
    (src / "parts" / "x.json").write_text("{}")
    doc = report.write(src, out)
    assert [r["campaign"] for r in doc["campaigns"]] == ["alpha", "zeta"]
    s = doc["summary"]
    assert (s["campaigns"], s["operations"], s["key_leaks"], s["clean"]) == (2, 1_235_567, 2,
                                                                             False)
    assert json.loads((out / "adversarial.json").read_text()) == doc
    md = (out / "adversarial.md").read_text().splitlines()
    assert md[0].startswith("| campaign | interface | operations | hangs |")
    assert md[2] == "| alpha | cpi | 1,000 | 0 | 0 | 2 | 0 | 0 | CI |"
    assert md[3] == "| zeta | cpi | 1,234,567 | 0 | 0 | 0 | 0 | 0 | long |"
    assert "FAILURES" in md[5]
    assert "- `zeta` (seed 7): zeta details" in md


def test_report_clean(tmp_path) -> None:
    (tmp_path / "a.json").write_text(json.dumps(rec("a")))
    doc = report.write(tmp_path, tmp_path / "out")
    assert doc["summary"]["clean"]
    assert "every counter is zero." in (tmp_path / "out" / "adversarial.md").read_text()


@pytest.mark.parametrize("bad", [{"hangs": "0"}, {"long": 1}, {"operations": True}])
def test_report_rejects_bad_fields(tmp_path, bad) -> None:
    (tmp_path / "a.json").write_text(json.dumps(rec("a", **bad)))
    with pytest.raises(ValueError, match="field"):
        report.load(tmp_path)


def test_report_rejects_missing_field(tmp_path) -> None:
    r = rec("a")
    del r["key_leaks"]
    (tmp_path / "a.json").write_text(json.dumps(r))
    with pytest.raises(ValueError, match="missing field 'key_leaks'"):
        report.load(tmp_path)


def test_report_kept_long_records(tmp_path) -> None:
    """A kept long record replaces a CI-size one of the same campaign; a fresh long one in
    build/ wins over the kept one."""
    src, long = tmp_path / "src", tmp_path / "long"
    src.mkdir()
    long.mkdir()
    (src / "a.json").write_text(json.dumps(rec("a")))
    (src / "b.json").write_text(json.dumps(rec("b", operations=5, long=True)))
    (long / "a.json").write_text(json.dumps(rec("a", operations=1_000_000, long=True)))
    (long / "b.json").write_text(json.dumps(rec("b", operations=7, long=True)))
    (long / "c.json").write_text(json.dumps(rec("c", operations=9, long=True)))
    got = {r["campaign"]: r["operations"] for r in report.load(src, long)}
    assert got == {"a": 1_000_000, "b": 5, "c": 9}
    assert [r["operations"] for r in report.load(src)] == [1000, 5]


def test_report_keep_copies_long_records(tmp_path) -> None:
    src, long = tmp_path / "src", tmp_path / "long"
    src.mkdir()
    (src / "a.json").write_text(json.dumps(rec("a")))
    (src / "b.json").write_text(json.dumps(rec("b", long=True)))
    report.keep(src, long)
    assert sorted(p.name for p in long.iterdir()) == ["b.json"]
