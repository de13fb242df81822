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
    """The trace has one record per retired instruction and leaves the run as it was; every
    branch the classifier calls mispredicted cost the core's documented 3 cycles or more (a
    wrong rule would list correctly predicted branches, which cost 0 or 1)."""
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
        assert s.lost >= 3 * s.count, s
    assert {s.kind for s in sites} == {"backward, not taken", "forward, taken"}
