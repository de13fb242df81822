# SPDX-License-Identifier: Apache-2.0
"""The Verilator harness as a user meets it (sim/verilator/cv_sim.cpp, `make run`): a hang is
stopped at a cycle limit of minutes by default and every stop names its reason; the UART output
reaches a file or a pipe while the simulation runs, so the last lines before a hang are never
lost; a signal stops the run with a report. The console's input path (a terminal, a pipe, any
line length and speed) is tested with the console, fw/tests/test_console.py."""
from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import time
from pathlib import Path

import pytest

from sim.verilator import harness

ROOT = harness.ROOT
FULL = "hang: the last full line\n"
PARTIAL = "hang: a partial line"


@pytest.fixture(scope="module")
def hang() -> Path:
    harness.build_sim()
    return harness.build_fw("hang")


def default_max_cycles() -> int:
    out = subprocess.run([str(harness.SIM_BIN), "--help"], capture_output=True, text=True)
    assert out.returncode == 0
    return int(re.search(r"--max-cycles N .*default (\d+)", out.stdout).group(1))


def test_default_limit_is_documented_and_used_by_make_run(hang: Path) -> None:
    """`make run` without MAX_CYCLES runs with the harness's default, which the README states and
    which is far below the hour-long 10^9 cycles (at the harness's speed, minutes at most)."""
    default = default_max_cycles()
    assert 0 < default <= 100_000_000
    readme = (ROOT / "sim" / "README.md").read_text()
    m = re.search(r"MAX_CYCLES[^\n]*?defaults? to ([\d,]+) cycles", readme)
    assert m and int(m.group(1).replace(",", "")) == default, "sim/README.md states the default"
    dry = subprocess.run(["make", "-n", "--no-print-directory", "run", f"ELF={hang}"], cwd=ROOT,
                         capture_output=True, text=True)
    cmd = [ln for ln in dry.stdout.splitlines() if "cv_sim" in ln and str(hang) in ln]
    assert cmd and "--max-cycles" not in cmd[-1], dry.stdout
    over = subprocess.run(["make", "-n", "--no-print-directory", "run", f"ELF={hang}",
                           "MAX_CYCLES=1234"], cwd=ROOT, capture_output=True, text=True)
    assert "--max-cycles 1234" in over.stdout


def test_cycle_limit_stop_says_why(hang: Path) -> None:
    res = harness.run_elf(hang, max_cycles=200_000)
    assert res.returncode == harness.EXIT_TIMEOUT
    assert res.stdout == FULL + PARTIAL
    assert re.search(r"cv_sim: stopped: TIMEOUT: cycle limit reached, no exit after 200000 "
                     r"cycles \(--max-cycles 200000; make run MAX_CYCLES=N sets it", res.stderr)
    assert res.cycles == 200_000  # the statistics line stays as the tools parse it


def test_make_run_limit_override(hang: Path) -> None:
    res = subprocess.run(["make", "--no-print-directory", "run", f"ELF={hang}",
                          "MAX_CYCLES=300000"], cwd=ROOT, capture_output=True, text=True,
                         timeout=600)
    assert res.returncode == 2  # make's answer to a non-zero command
    assert FULL + PARTIAL in res.stdout
    assert "cycle limit reached, no exit after 300000 cycles" in res.stderr


def test_exit_code_and_trap_are_named(hang: Path) -> None:
    res = harness.run_elf(harness.build_fw("exit42"))
    assert res.returncode == 42
    assert "cv_sim: stopped: the firmware exited with code 42\n" in res.stderr
    trap = harness.build_fw("hang", ["PROG_CFLAGS=-DHANG_TRAP"], name="hang_trap")
    res = harness.run_elf(trap, max_cycles=200_000)
    assert res.returncode == 0x7E
    assert "unexpected trap: mcause=0x00000002" in res.stdout
    assert "exited with code 126 (CV_EXIT_UNEXPECTED_TRAP: an unexpected trap" in res.stderr


def _wait_for(read, want: str, proc: subprocess.Popen, timeout: float = 60.0) -> str:
    """Call read() until its text contains want, the process still running all along."""
    deadline = time.monotonic() + timeout
    text = ""
    while want not in text:
        assert proc.poll() is None, f"the harness ended first: {text!r}"
        assert time.monotonic() < deadline, f"not written while running: got {text!r}"
        text = read(text)
    return text


def _stop(proc: subprocess.Popen) -> str:
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGTERM
    err = proc.stderr.read().decode()
    assert re.search(r"cv_sim: stopped: interrupted by signal 15 \(\w+\) after \d+ cycles", err)
    return err


def test_output_reaches_a_file_while_running(hang: Path, tmp_path: Path) -> None:
    """stdout redirected to a file is written line by line, and a partial line soon after,
    while the simulation runs (no limit here: it never stops by itself)."""
    out = tmp_path / "uart.txt"
    with open(out, "wb") as fh:
        proc = subprocess.Popen([str(harness.SIM_BIN), "--max-cycles", "0", str(hang)],
                                stdin=subprocess.DEVNULL, stdout=fh, stderr=subprocess.PIPE)
    try:
        def read(_: str) -> str:
            time.sleep(0.1)
            return out.read_text()

        _wait_for(read, FULL + PARTIAL, proc)
        _stop(proc)
    finally:
        proc.kill()
    assert out.read_text() == FULL + PARTIAL


def test_output_reaches_a_pipe_while_running(hang: Path) -> None:
    proc = subprocess.Popen([str(harness.SIM_BIN), "--max-cycles", "0", str(hang)],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    try:
        fd = proc.stdout.fileno()

        def read(text: str) -> str:
            if select.select([fd], [], [], 0.5)[0]:
                text += os.read(fd, 4096).decode()
            return text

        assert _wait_for(read, FULL + PARTIAL, proc) == FULL + PARTIAL
        _stop(proc)
    finally:
        proc.kill()
