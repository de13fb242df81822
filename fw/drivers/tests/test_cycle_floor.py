# SPDX-License-Identifier: Apache-2.0
"""fw/programs/cycle_floor on the default SoC: every bare instruction sequence it times gives the
driver API's bytes (the figures are reported in fw/drivers/README.md, never asserted)."""
from __future__ import annotations

import re

from sim.verilator import harness

FLOOR = re.compile(r"^floor (\S+) (\d+) \(api (\d+)\)( WRONG)?$", re.M)


def test_floor_sequences_match_the_api() -> None:
    harness.build_sim()
    res = harness.run_elf(harness.build_fw("cycle_floor"), max_cycles=2_000_000)
    print(res.stdout)
    rows = FLOOR.findall(res.stdout)
    assert len(rows) == 10, res.stdout + res.stderr
    assert not [r for r in rows if r[3]], res.stdout
    # a bare sequence is never slower than the API call that does the same work
    assert all(int(fl) <= int(api) for _, fl, api, _ in rows), rows
    assert "all outputs match the API's" in res.stdout
    assert res.returncode == 0, res.stderr
