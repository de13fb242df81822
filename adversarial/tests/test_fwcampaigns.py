# SPDX-License-Identifier: Apache-2.0
"""Adversarial firmware campaigns on the Verilator SoC: custom-instruction fuzzing
(fw/programs/test_adv_cpi, adversarial/adv_cpi.md), interrupt storms (fw/programs/test_adv_irq,
adversarial/adv_irq.md) and API-level fuzzing of the drivers (fw/programs/test_apifuzz and its
five sibling images, adversarial/apifuzz.md). Each writes build/adversarial/<campaign>.json and
requires every counter to be zero.

`make test` already runs every program at its CI size through soc/tests/test_firmware.py (the
same checks, pass/fail only), so these are marked long and run by `make adversarial` (CI size,
for the report) and `make adversarial-long` (ADV_OPS >= 1,000,000). ADV_OPS = custom
instructions for adv_cpi, interrupts taken for adv_irq, API calls for apifuzz; large campaigns
run as several simulations of CHUNK operations with consecutive seeds (ADV_SEED, default 1);
apifuzz runs ADV_JOBS of its simulations at once (default 1: the test already shares the machine
with pytest's other workers; the long run of that campaign alone can use every core), and with
ADV_RESUME=1 it takes the simulations already in build/adversarial/apifuzz-runs.jsonl (same image,
calls, seed and build) from there instead of running them again: a long run stopped part-way
resumes where it was."""
from __future__ import annotations

import json
import os
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from sim.verilator import harness

pytestmark = pytest.mark.long

OUT = harness.ROOT / "build" / "adversarial"
ADV_OPS = int(os.environ.get("ADV_OPS", "3000"))
ADV_SEED = int(os.environ.get("ADV_SEED", "1"))
ADV_JOBS = max(1, int(os.environ.get("ADV_JOBS", "1")))
ADV_RESUME = os.environ.get("ADV_RESUME", "0") == "1"
LONG = ADV_OPS >= 1_000_000 or os.environ.get("ADV_LONG", "0") == "1"
# cycle budget per operation, with a margin over what one takes: only a hang runs into it
CYCLES_PER_OP = {"adv_cpi": 2_500, "adv_irq": 400, "apifuzz": 25_000}
CHUNK = {"adv_cpi": 50_000, "adv_irq": 100_000, "apifuzz": 20_000}
# apifuzz's images (fw/programs/test_apifuzz*: one cannot hold every driver at -O2) and each one's
# share of the campaign's calls: AES has the largest API. APIFUZZ_OS of each image's calls run
# with the drivers built for size (ADV_OS=1, as the console links them: their slow paths).
APIFUZZ_PARTS = {"test_apifuzz": 0.4, "test_apifuzz_prince": 0.15, "test_apifuzz_present": 0.15,
                 "test_apifuzz_chacha": 0.15, "test_apifuzz_sha3": 0.15, "test_apifuzz_sha2": 0.15}
# images built with FW_ZK=1 and run on the SoC with ZK = 1: SHA-2's isa backend (the core's Zknh)
APIFUZZ_ZK = {"test_apifuzz_sha2"}
APIFUZZ_OS = 0.2
# interrupts one test_adv_irq round takes at the default period, rounded down, so that a campaign
# takes at least ADV_OPS
IRQS_PER_ROUND = 2_000
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$", re.M)
SIM_SECONDS: dict[str, float] = {}  # seconds of simulation on one core per campaign
_LOCK = threading.Lock()            # SIM_SECONDS and the runs log, shared by ADV_JOBS threads


def _campaign(prog: str) -> str:
    """adv_cpi, adv_irq, apifuzz (every apifuzz image)."""
    return "apifuzz" if prog.startswith("test_apifuzz") else prog.replace("test_", "")


def _stats(prog: str, stdout: str) -> dict[str, int]:
    """The program's statistics line (`adv_cpi: seed 1 ops 1000 ...`); {} when it is missing."""
    line = [ln for ln in stdout.splitlines() if ln.startswith(_campaign(prog) + ": part ")
            or (not prog.startswith("test_apifuzz") and ln.startswith(_campaign(prog) + ":"))]
    if not line:
        return {}
    words = line[-1].split(":", 1)[1].split()
    return {k: int(v) for k, v in zip(words[::2], words[1::2])}


def _run(prog: str, make_vars: dict[str, int], ops: int) -> tuple[dict[str, int], int, int, str]:
    """One simulation: (statistics, failed checks, hang (0/1), output tail)."""
    name = prog.replace("test_", "") + "_" + "_".join(f"{k}{v}" for k, v in make_vars.items())
    elf = harness.build_fw(prog, [f"{k}={v}" for k, v in make_vars.items()], name=name)
    sim = harness.build_sim({"ZK": 1}) if make_vars.get("FW_ZK") else None
    campaign = _campaign(prog)
    max_cycles = ops * CYCLES_PER_OP[campaign] + 20_000_000
    t0 = time.monotonic()
    res = harness.run_elf(elf, max_cycles=max_cycles, timeout=max(600.0, max_cycles / 50_000),
                          sim=sim)
    # seconds of one core: the simulator's CPU time (its cycles over its speed per CPU second),
    # so that the figure holds when simulations share the cores; wall time when it gave none
    seconds = time.monotonic() - t0
    if res.cycles and res.mcycles_per_cpu_s:
        seconds = res.cycles / (res.mcycles_per_cpu_s * 1e6)
    with _LOCK:
        SIM_SECONDS[campaign] = SIM_SECONDS.get(campaign, 0.0) + seconds
    if res.returncode == harness.EXIT_TIMEOUT:
        stats, failed, hang = {}, 0, 1
    else:
        summary = SUMMARY.findall(res.stdout)
        failed = int(summary[-1][1]) if summary else 1
        stats, hang = _stats(prog, res.stdout), 0
        if (res.returncode != 0 or not stats) and failed == 0:
            failed = 1   # an unexpected trap or a crash: no summary or statistics line
    # every simulation's figures as they come: a long run that is stopped keeps what it did
    OUT.mkdir(parents=True, exist_ok=True)
    with _LOCK, open(OUT / f"{campaign}-runs.jsonl", "a") as f:
        f.write(json.dumps({"prog": prog, **make_vars, "stats": stats, "failed": failed,
                            "hang": hang, "mcycles_per_s": res.mcycles_per_cpu_s,
                            "seconds": round(seconds, 1)}) + "\n")
    return stats, failed, hang, res.stdout[-2000:]


def _run_key(prog: str, make_vars: dict[str, int]) -> str:
    return json.dumps([prog, make_vars], sort_keys=True)


def _logged_runs(campaign: str) -> dict[str, dict]:
    """The simulations of build/adversarial/<campaign>-runs.jsonl by _run_key, each with its
    simulation seconds (logged, or its cycles over its logged speed)."""
    path = OUT / f"{campaign}-runs.jsonl"
    out = {}
    for line in path.read_text().splitlines() if path.exists() else []:
        rec = json.loads(line)
        make_vars = {k: v for k, v in rec.items()
                     if k not in ("prog", "stats", "failed", "hang", "mcycles_per_s", "seconds")}
        if "seconds" not in rec:
            speed = rec.get("mcycles_per_s") or 0.0
            rec["seconds"] = rec["stats"].get("cycles", 0) / (speed * 1e6) if speed else 0.0
        out[_run_key(rec["prog"], make_vars)] = rec
    return out


def _write(rec: dict) -> dict:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"{rec['campaign']}.json").write_text(json.dumps(rec, indent=1))
    return rec


def _check(rec: dict, tails: list[str]) -> None:
    counters = ("hangs", "lost_or_corrupted_bytes", "key_leaks", "timing_variations",
                "other_failures")
    bad = {k: rec[k] for k in counters if rec[k]}
    assert not bad, f"{rec['campaign']}: {bad}\n" + "\n".join(tails)


def _chunks(total: int, size: int) -> list[int]:
    return [min(size, total - i) for i in range(0, total, size)]


def test_adv_cpi(sim: None) -> None:
    tot = dict(ops=0, illegal=0, legal=0, legal_trapped=0, trap_errors=0, reg_errors=0,
               key_leaks=0, cycles=0)
    hangs = failed = 0
    tails = []
    for i, n in enumerate(_chunks(ADV_OPS, CHUNK["adv_cpi"])):
        st, f, h, tail = _run("test_adv_cpi", {"ADV_OPS": n, "ADV_SEED": ADV_SEED + i}, n)
        hangs, failed = hangs + h, failed + f
        for k in tot:
            tot[k] += st.get(k, 0)
        if f or h:
            tails.append(tail)
    rec = _write({
        "campaign": "adv_cpi", "interface": "custom instructions (cpi, cpi-dma)",
        "operations": tot["ops"], "hangs": hangs,
        "lost_or_corrupted_bytes": 4 * tot["reg_errors"], "key_leaks": tot["key_leaks"],
        "timing_variations": 0,
        "other_failures": tot["trap_errors"] + failed, "seed": ADV_SEED, "long": LONG,
        "details": (f"{tot['illegal']} illegal (trapped, mtval = insn), {tot['legal']} legal "
                    f"({tot['legal_trapped']} of them answered err: RESULT/DRUNW/DKEYW), "
                    f"{tot['cycles']} cycles; corrupted bytes = 4 x registers changed that "
                    f"the reference keeps; key leaks = key register words reading non-zero; "
                    f"timing not measured here (adversarial/consttime.md)")})
    assert tot["ops"] == ADV_OPS or hangs or failed
    _check(rec, tails)


def test_adv_irq(sim: None) -> None:
    tot = dict(jobs=0, messages=0, timer=0, dma=0, aes=0, prince=0, spurious=0, errors=0,
               bad_bytes=0, cycles=0)
    hangs = failed = 0
    tails = []
    rounds = max(2, -(-ADV_OPS // IRQS_PER_ROUND))
    per_run = max(2, CHUNK["adv_irq"] // IRQS_PER_ROUND)
    for i, n in enumerate(_chunks(rounds, per_run)):
        st, f, h, tail = _run("test_adv_irq", {"ADV_ROUNDS": n, "ADV_SEED": ADV_SEED + i},
                              n * IRQS_PER_ROUND)
        hangs, failed = hangs + h, failed + f
        for k in tot:
            tot[k] += st.get(k, 0)
        if f or h:
            tails.append(tail)
    irqs = tot["timer"] + tot["dma"] + tot["aes"] + tot["prince"]
    rec = _write({
        "campaign": "adv_irq", "interface": "interrupts (timer, unit DONE, DMA) + cpi + DMA",
        "operations": irqs, "hangs": hangs, "lost_or_corrupted_bytes": tot["bad_bytes"],
        "key_leaks": 0, "timing_variations": 0,
        "other_failures": tot["spurious"] + tot["errors"] + failed, "seed": ADV_SEED,
        "long": LONG,
        "details": (f"{rounds} rounds: {tot['jobs']} DMA jobs, {tot['messages']} cpi messages; "
                    f"interrupts taken: timer {tot['timer']}, DMA {tot['dma']}, AES DONE "
                    f"{tot['aes']}, PRINCE DONE {tot['prince']}; {tot['cycles']} cycles; "
                    f"key leaks and timing not measured here")})
    _check(rec, tails)


def test_apifuzz(sim: None) -> None:
    keys = ("calls", "ok", "errors", "hangs", "traps", "status_errors", "wrong_calls",
            "wrong_bytes", "stray_calls", "stray_bytes", "events", "cycles")
    tot = dict.fromkeys(keys, 0)
    per_part: dict[str, int] = {}
    hangs = failed = os_calls = 0
    tails = []
    SIM_SECONDS.pop("apifuzz", None)
    runs = []   # (image, make variables, calls) of every simulation
    for k, (prog, share) in enumerate(APIFUZZ_PARTS.items()):
        calls = max(100, round(ADV_OPS * share))
        os_share = max(50, round(calls * APIFUZZ_OS))
        for os_build, part_calls in ((0, calls - os_share), (1, os_share)):
            for i, n in enumerate(_chunks(part_calls, CHUNK["apifuzz"])):
                # seeds: consecutive per simulation, apart per image and build
                seed = ADV_SEED + 1000 * k + 500 * os_build + i
                zk = {"FW_ZK": 1} if prog in APIFUZZ_ZK else {}
                runs.append((prog, {"ADV_OPS": n, "ADV_SEED": seed, "ADV_OS": os_build, **zk}, n))
    done = _logged_runs("apifuzz") if ADV_RESUME else {}
    todo = [r for r in runs if _run_key(r[0], r[1]) not in done]
    with ThreadPoolExecutor(ADV_JOBS) as pool:
        ran = dict(zip((_run_key(p, v) for p, v, _ in todo), pool.map(lambda r: _run(*r), todo)))
    results = []
    for prog, make_vars, _ in runs:
        key = _run_key(prog, make_vars)
        if key in ran:
            results.append(ran[key])
        else:   # resumed: the logged figures, its simulation time from its cycles and speed
            rec = done[key]
            with _LOCK:
                SIM_SECONDS["apifuzz"] = SIM_SECONDS.get("apifuzz", 0.0) + rec["seconds"]
            results.append((rec["stats"], rec["failed"], rec["hang"],
                            "(resumed from apifuzz-runs.jsonl: no output kept)"))
    for (prog, make_vars, _), (st, f, h, tail) in zip(runs, results):
        hangs, failed = hangs + h, failed + f
        for key in tot:
            tot[key] += st.get(key, 0)
        per_part[prog] = per_part.get(prog, 0) + st.get("calls", 0)
        os_calls += st.get("calls", 0) if make_vars["ADV_OS"] else 0
        if f or h:
            tails.append(tail)
    wall = SIM_SECONDS.get("apifuzz", 0.0) or 1.0
    parts = ", ".join(f"{p.replace('test_apifuzz', 'aes').replace('aes_', '')} {n}"
                      for p, n in per_part.items())
    rec = _write({
        "campaign": "apifuzz",
        "interface": ("C API of every driver (AES, PRINCE, PRESENT, ChaCha, SHA-3, SHA-2), "
                      "every backend"),
        "operations": tot["calls"], "hangs": tot["hangs"] + hangs,
        "lost_or_corrupted_bytes": tot["wrong_bytes"] + tot["stray_bytes"], "key_leaks": 0,
        "timing_variations": 0,
        "other_failures": tot["traps"] + tot["status_errors"] + failed, "seed": ADV_SEED,
        "long": LONG,
        "details": (f"{tot['calls']} API calls in {len(per_part)} images ({parts}; "
                    f"{os_calls} of them "
                    f"with the drivers built for size): {tot['ok']} answered "
                    f"CV_OK, {tot['errors']} an error; {tot['events']} contexts zero-filled, "
                    f"filled with garbage or changed after init between calls; traps "
                    f"{tot['traps']}, status codes against the contract {tot['status_errors']}, "
                    f"calls with wrong output {tot['wrong_calls']} ({tot['wrong_bytes']} bytes), "
                    f"calls writing outside their destinations {tot['stray_calls']} "
                    f"({tot['stray_bytes']} bytes); {tot['cycles']} cycles, "
                    f"{tot['calls'] / wall:.0f} calls per second of simulation (one core); key "
                    f"leaks and timing not measured here")})
    assert tot["calls"] >= ADV_OPS or hangs or failed
    _check(rec, tails)


@pytest.fixture(scope="module")
def sim() -> None:
    harness.build_sim()
