# SPDX-License-Identifier: Apache-2.0
"""The LiteX demo (ip/litex/demo.py) end to end: its packages, the SoC, the firmware, the
Verilator build and the run; the demo fails unless the firmware's summary counts every check
passed. Long (the Verilator build takes minutes): `make litex-demo` runs the same, and
`python -m pytest -m long ip/litex` runs this test."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.long
def test_litex_demo():
    subprocess.run(["bash", "tools/setup.sh", "litex"], cwd=ROOT, check=True)
    res = subprocess.run([sys.executable, "-m", "ip.litex.demo"], cwd=ROOT,
                         capture_output=True, text=True, timeout=3600)
    tail = res.stdout[-4000:] + res.stderr[-2000:]
    assert res.returncode == 0, tail
    m = re.search(r"^cipher-v litex: (\d+) passed, 0 failed$", res.stdout, re.M)
    assert m and int(m.group(1)) > 0, tail
