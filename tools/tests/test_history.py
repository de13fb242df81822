# SPDX-License-Identifier: Apache-2.0
"""History lives in git: no dates, commit hashes or tracker references in code comments,
READMEs and docs.

Generated results files (docs/results/) may name the commit and day they were measured on, and
the long campaign records (adversarial/long/*.json) are data; everything else tracked is held to
the rule. A commit hash is told from other hex by its shape: 7 to 12 hex digits with at least one
letter and one digit, standing alone (not 0x..., 0b..., 'h..., part of a longer vector or name).
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATE = re.compile(r"\b20[0-9]{2}-[01][0-9]-[0-3][0-9]\b")
TRACKER = re.compile(r"\b[Ii]ssue #?[0-9]+")  # the tracker is not part of the repository
HEX = re.compile(r"(?<![0-9A-Za-z_'\"#.:/-])[0-9a-f]{7,12}(?![0-9A-Za-z_'\"])")
EXEMPT = ("docs/results/", "adversarial/long/", "LICENSE")
SELF = "tools/tests/test_history.py"  # its own examples of what it looks for
# the starting commit of the commit-message rule is data of that check, not history
ALLOWED = {("tools/commits.py", "8206d4271488b9a50722dfe4b19051c540bf35a3")}


def looks_like_hash(token: str) -> bool:
    return (not token.startswith(("0x", "0b")) and re.search(r"[a-f]", token) is not None
            and re.search(r"[0-9]", token) is not None)


def findings(root: Path = ROOT) -> list[str]:
    files = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True,
                           check=True).stdout.split()
    out = []
    for rel in files:
        if rel.startswith(EXEMPT) or rel.endswith((".json", ".png")) or rel == SELF:
            continue
        try:
            text = (root / rel).read_text()
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        for num, line in enumerate(text.splitlines(), 1):
            if DATE.search(line):
                out.append(f"{rel}:{num}: date: {line.strip()[:80]}")
            if TRACKER.search(line):
                out.append(f"{rel}:{num}: tracker reference: {line.strip()[:80]}")
            for m in HEX.finditer(line):
                if looks_like_hash(m.group(0)) and not any(
                        rel == f and m.group(0) in full for f, full in ALLOWED):
                    out.append(f"{rel}:{num}: commit hash? {m.group(0)}: {line.strip()[:80]}")
    return out


def test_no_dates_or_hashes_outside_results() -> None:
    found = findings()
    assert not found, f"{len(found)} places:\n" + "\n".join(found[:60])


def test_detector_shape() -> None:
    assert looks_like_hash("9f62d9f") and looks_like_hash("8206d42")
    assert not looks_like_hash("0b10011") and not looks_like_hash("1234567")
    assert DATE.search("measured 2026-12-01") and not DATE.search("10^6 x 2026")
    assert TRACKER.search("as issue 7 asks") and TRACKER.search("issue #8")
    assert not TRACKER.search("issue a request")
