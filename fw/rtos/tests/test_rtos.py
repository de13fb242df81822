# SPDX-License-Identifier: Apache-2.0
"""The RTOS (fw/rtos) on the simulated SoC: firmware programs under fw/rtos/tests/fw, each built
against the kernel and run on the Verilator harness, ending with `N passed, 0 failed`.

- rtos_unit: scheduling order, round robin, yield, preemption from an interrupt (latency bound),
  semaphores, mutexes (priority inversion, a chain of owners, timeouts), queues, pools, sleep
  and the tick against mtime.
- rtos_stress: many threads doing random operations on shared objects while the timer and msip
  interrupt at a high rate; the kernel's invariants (cv_os_check) and the objects' accounting
  are checked throughout. CI size here; `make rtos-long` runs the long variant (marker `long`).
- rtos_cycles: the cycle costs (context switch, yield, interrupt-to-thread latency, calls),
  written to build/rtos/cycles.json; reported, not asserted against targets.
- rtos_unexpected: an interrupt without a handler is reported and ends the run.
- rtos_drivers: the drivers under the RTOS (fw/drivers/src/cv_drv_os.c): threads sharing the
  engines through their own contexts on every hardware backend, checked against published
  answers and the sw backend; the engine locks contended, DMA waits woken by the interrupt.
- fw/rtos/tm: each Thread-Metric test over a tiny period (the scores: `make rtos-tm`).
- fw/rtos/echo: the encrypted echo beside Thread-Metric, one short run whose every reply the
  peer checks with pycryptodome (the study: `make os-study`)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sim.verilator import harness

ROOT = Path(__file__).resolve().parents[3]
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$", re.M)
CYCLES = re.compile(r"^cycles (\S+) (\d+) (\d+)$", re.M)


@pytest.fixture(scope="module")
def sim() -> None:
    harness.build_sim()


def build(prog: str, make_vars: tuple[str, ...] = (), name: str | None = None) -> Path:
    """Builds fw/rtos/tests/fw/<prog> as build/fw/<name>/<name>.elf."""
    return harness.build_fw(prog, make_vars, name, folder=f"fw/rtos/tests/fw/{prog}")


def run(prog: str, max_cycles: int, make_vars: tuple[str, ...] = (),
        name: str | None = None) -> str:
    res = harness.run_elf(build(prog, make_vars, name), max_cycles=max_cycles)
    print(res.stdout)
    summary = SUMMARY.findall(res.stdout)
    assert summary, f"{prog}: no 'N passed, N failed' line\n{res.stdout}\n{res.stderr}"
    passed, failed = map(int, summary[-1])
    assert failed == 0 and passed > 0, res.stdout
    assert res.returncode == 0, res.stderr
    return res.stdout


def test_unit(sim: None) -> None:
    """Every case of rtos_unit passes; the orders it logs are checked in the firmware."""
    out = run("rtos_unit", 10_000_000)
    for line in ("round robin:", "interrupt to thread: worst", "100 ticks:"):
        assert line in out, line


@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.long)])
def test_stress(sim: None, seed: int) -> None:
    """Random operations by 12 threads under an interrupt storm at CI size: seed 1 in make test,
    seed 2 in make rtos-long."""
    out = run("rtos_stress", 20_000_000, (f"PROG_CFLAGS=-DSEED={seed}",), f"rtos_stress_s{seed}")
    m = re.search(r"^stress: (\d+) ops, (\d+) switches, (\d+) irqs", out, re.M)
    assert m and int(m.group(1)) > 1000 and int(m.group(2)) > 100 and int(m.group(3)) > 100, out


@pytest.mark.long
@pytest.mark.parametrize("seed", [3, 4, 5, 6])
def test_stress_long(sim: None, seed: int) -> None:
    """The stress test run 20 times longer per seed (make rtos-long)."""
    run("rtos_stress", 400_000_000, (f"PROG_CFLAGS=-DSEED={seed} -DROUNDS=400",),
        f"rtos_stress_long_s{seed}")


def test_cycles(sim: None) -> None:
    """The cycle costs, measured with mcycle; build/rtos/cycles.json holds them."""
    out = run("rtos_cycles", 2_000_000)
    figures = {name: {"min": int(lo), "max": int(hi)} for name, lo, hi in CYCLES.findall(out)}
    for name in ("yield", "preempt_switch_entry", "irq_to_blocked_thread_entry",
                 "irq_to_blocked_thread_trigger", "sem_post_wait"):
        assert name in figures, name
        assert 0 < figures[name]["min"] <= figures[name]["max"] < 2000, (name, figures[name])
    dest = ROOT / "build" / "rtos"
    dest.mkdir(parents=True, exist_ok=True)
    (dest / "cycles.json").write_text(json.dumps(figures, indent=2) + "\n")


@pytest.mark.parametrize("drv_set", [1, 2], ids=["aes", "chacha_prince_sha3"])
def test_drivers(sim: None, drv_set: int) -> None:
    """Concurrent threads on the same engines through different contexts give the sw backend's
    and the published bytes; the locks were contended, long DMA jobs' waits slept until the
    interrupt and short ones polled (checked in the firmware, whose counters are printed)."""
    out = run("rtos_drivers", 3_000_000, (f"PROG_CFLAGS=-DDRV_SET={drv_set}",),
              f"rtos_drivers{drv_set}")
    m = re.search(r"^dma interrupts (\d+), dma sleeps (\d+), dma polls (\d+), "
                  r"contended locks (\d+)", out, re.M)
    assert m and int(m.group(2)) > 0 and int(m.group(3)) > 0 and int(m.group(4)) > 0, out


@pytest.mark.long
def test_drivers_aead() -> None:
    """DRV_SET 3 on a SoC built with AES_AEAD = 1 (its own model, so marker long: make
    rtos-long): cv_aead's GCM and CCM threads on cpi-dma, mmio-dma, cpi and mmio share the AES
    engine (cv_drv_os_aead.c: a streamed message holds the AES lock from start to finish, a
    yield in its middle), each output and tag against the sw backend, decrypted back; the locks
    contended and the DMA's interrupts taken (its jobs, texts below 256 bytes, are polled or
    end before a thread could sleep)."""
    sim = harness.build_sim({"AES_AEAD": 1})
    # every AEAD of the drivers and the sw baselines in one image: built for size (its cycles
    # are not measured)
    elf = build("rtos_drivers", ("CFLAGS_EXTRA=-DDRV_SET=3 -Os",), "rtos_drivers3")
    res = harness.run_elf(elf, max_cycles=10_000_000, sim=sim)
    print(res.stdout)
    summary = SUMMARY.findall(res.stdout)
    assert summary and summary[-1][1] == "0" and int(summary[-1][0]) > 0, res.stdout + res.stderr
    assert res.returncode == 0, res.stderr
    m = re.search(r"^dma interrupts (\d+), dma sleeps \d+, dma polls \d+, contended locks (\d+)",
                  res.stdout, re.M)
    assert m and int(m.group(1)) > 0 and int(m.group(2)) > 0, res.stdout


TM_TESTS = ["basic_processing", "cooperative_scheduling", "preemptive_scheduling",
            "interrupt_processing", "interrupt_preemption_processing", "message_processing",
            "synchronization_processing", "memory_allocation"]


@pytest.mark.parametrize("n", range(1, 9), ids=TM_TESTS)
def test_thread_metric_smoke(sim: None, n: int) -> None:
    """Each Thread-Metric test (fw/rtos/tm) over a period of 3 ticks of 20,000 cycles: it runs,
    counts and passes its own checks. The scores come from `make rtos-tm` (5,000,000 cycles)."""
    out = run_tm(n)
    m = re.search(r"^tm (\S+) (\d+) (\d+)$", out, re.M)
    assert m and m.group(1) == TM_TESTS[n - 1], out
    assert int(m.group(2)) > 0 and int(m.group(3)) >= 3 * 20_000 - 2_000, out


def run_tm(n: int) -> str:
    elf = harness.build_fw("tm", [f"PROG_CFLAGS=-DTM_TEST={n} -DTM_TICK=20000 -DTM_PERIOD=3"],
                           f"tm_smoke{n}", folder="fw/rtos/tm")
    res = harness.run_elf(elf, max_cycles=1_000_000)
    print(res.stdout)
    summary = SUMMARY.findall(res.stdout)
    assert summary and summary[-1][1] == "0" and res.returncode == 0, res.stdout + res.stderr
    return res.stdout


def test_unexpected_interrupt(sim: None) -> None:
    """An interrupt nobody handles is reported with its cause and ends the run with the
    runtime's unexpected-trap exit code (CV_EXIT_UNEXPECTED_TRAP, 0x7e)."""
    elf = build("rtos_unexpected")
    res = harness.run_elf(elf, max_cycles=1_000_000)
    assert "raising msip" in res.stdout and "not reached" not in res.stdout, res.stdout
    assert "cv_os: unexpected interrupt 3" in res.stdout, res.stdout
    assert res.returncode == 0x7E, res.stderr


def test_echo_smoke(sim: None) -> None:
    """The encrypted echo server beside Thread-Metric test 7 on cpi-dma (fw/rtos/echo/run.py's
    smoke): the peer's messages all answered, every reply equal to the one it computed."""
    import sys
    sys.path.insert(0, str(ROOT / "fw" / "rtos" / "echo"))
    import run as echo_run
    r = echo_run.smoke()
    assert r["sent"] >= 2 and r["replies"] == r["sent"] and r["loops"] > 0, r
