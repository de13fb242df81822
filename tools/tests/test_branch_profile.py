# SPDX-License-Identifier: Apache-2.0
"""tools/branch_profile.py: the Icarus retirement trace and the branch classifier."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from sim.icarus import run as icarus
from sim.verilator import harness

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("branch_profile", ROOT / "tools" / "branch_profile.py")
branch_profile = importlib.util.module_from_spec(_spec)
sys.modules["branch_profile"] = branch_profile  # dataclasses look their module up there
_spec.loader.exec_module(branch_profile)


def test_trace_and_mispredicted_branches() -> None:
    """The trace has one record per retired instruction and leaves the run as it was; the
    profile lists the branches that lost cycles (each at least one), among them the output
    loops' exits, and none that the trace shows retiring next cycle."""
    elf = harness.build_fw("exit42")  # prints a line and exits 42: ~700 instructions
    plain = icarus.run(elf, max_cycles=20_000)
    traced = icarus.run(elf, max_cycles=20_000, trace=True)
    assert traced.returncode == 42 == plain.returncode
    assert (traced.stdout, traced.cycles, traced.instret) == \
        (plain.stdout, plain.cycles, plain.instret)
    assert len(traced.trace) == traced.instret
    cycles = [c for c, _ in traced.trace]
    assert cycles == sorted(cycles) and cycles[-1] <= traced.cycles
    sites = branch_profile.profile(elf, traced.trace)
    assert sites, "the output loops leave by mispredicted branches"
    for s in sites:
        assert s.lost >= s.count, s
    assert "backward, not taken" in {s.kind for s in sites}  # a loop's exit
    listed = sum(s.count for s in sites)
    gaps = sum(1 for (c, _), (n, _) in zip(traced.trace, traced.trace[1:]) if n - c > 1)
    assert listed <= gaps
