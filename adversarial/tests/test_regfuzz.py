"""Register-interface fuzzing of the five engine units (adversarial/tests/regfuzz_tb.py):
random accesses, commands, custom instructions and resets with invariants after every step and
periodic recoveries checked against the references. Size: ADV_OPS (make adversarial-long)."""
from __future__ import annotations

from adversarial.tests.adv_tb import COUNTERS, merge, run_campaign


def test_regfuzz() -> None:
    rec = merge("regfuzz", "mmio+cpi+dma", [run_campaign("regfuzz",
                                                         "adversarial.tests.regfuzz_tb", 32)])
    print(rec)
    assert rec["operations"] > 0
    assert {k: rec[k] for k in COUNTERS} == dict.fromkeys(COUNTERS, 0), rec["details"]
