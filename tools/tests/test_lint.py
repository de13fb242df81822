# SPDX-License-Identifier: Apache-2.0
"""`make lint` in the test suite: every RTL part, in every configuration its sources.f names,
is Verilator -Wall clean."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_all_rtl_lint_clean() -> None:
    res = subprocess.run([sys.executable, "tools/lint.py"], cwd=ROOT, capture_output=True,
                         text=True, timeout=1200)
    assert res.returncode == 0, res.stdout[-4000:] + res.stderr[-2000:]
    assert "lint: 0 failing configuration(s)" in res.stdout
