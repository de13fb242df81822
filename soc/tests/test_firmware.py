# SPDX-License-Identifier: Apache-2.0
"""Firmware tests on the whole SoC: every fw/programs/test_* program runs on the Verilator harness
and must exit 0 with its last line `N passed, 0 failed`; plus the harness contract (exit code,
max-cycles timeout) and the Icarus cross-check.

Icarus takes seconds of CPU per thousand SoC cycles, so `make test` cross-checks one program,
test_traps (every synchronous exception, the coprocessor's refusal, bus faults); test_printf and
test_irq are cross-checked in `make soc-long` (marker `long`)."""
from __future__ import annotations

import re

import pytest

from sim.verilator import harness

# stdin and extra harness arguments for the programs that need them
STDIN = {"test_uart_echo": b"ping\nCipher-V line two\n0123456789abcdefXYZ"}
ARGS = {"test_uart_echo": ["--rx-gap", "3000"]}
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$", re.M)


@pytest.fixture(scope="session")
def sim() -> None:
    harness.build_sim()


# Programs whose own wrapper runs them with every check below and more (fw/drivers/tests): run
# once there, not twice.
WRAPPED = {"test_aes_kat", "test_aes_rand", "test_aes_bad", "test_aes_bg", "test_aes_cycles",
           "test_aes_misuse", "test_light_drv", "test_light_bad", "test_sha3_drv",
           "test_engines", "test_engines_stream"}


@pytest.mark.parametrize("prog", [p for p in harness.fw_programs("test_") if p not in WRAPPED])
def test_program(sim: None, prog: str) -> None:
    elf = harness.build_fw(prog)
    res = harness.run_elf(elf, stdin=STDIN.get(prog, b""), max_cycles=20_000_000,
                          extra_args=ARGS.get(prog, []))
    print(res.stdout)
    summary = SUMMARY.findall(res.stdout)
    assert summary, f"{prog}: no 'N passed, N failed' line\n{res.stdout}\n{res.stderr}"
    passed, failed = map(int, summary[-1])
    assert failed == 0 and passed > 0, res.stdout
    assert res.stdout.rstrip().endswith(f"{passed} passed, 0 failed")
    assert res.returncode == 0, res.stderr


def test_wrapped_programs_exist() -> None:
    """A renamed wrapped program would otherwise silently drop out of both runs."""
    assert WRAPPED <= set(harness.fw_programs("test_"))


def test_uart_echo_output(sim: None) -> None:
    """The echoed lines come back on stdout; a wrong input is detected as a failure."""
    elf = harness.build_fw("test_uart_echo")
    res = harness.run_elf(elf, stdin=STDIN["test_uart_echo"], extra_args=ARGS["test_uart_echo"])
    assert "echo: ping\necho: Cipher-V line two\n" in res.stdout
    bad = harness.run_elf(elf, stdin=b"pong\nsomething else\n0123456789abcdefXYZ",
                          extra_args=["--rx-gap", "3000"])
    assert bad.returncode == 1 and SUMMARY.search(bad.stdout).group(2) != "0"


def test_exit_code_and_stats(sim: None) -> None:
    res = harness.run_elf(harness.build_fw("exit42"))
    assert res.returncode == 42
    assert res.stdout == "exiting with 42\n"
    assert res.cycles and res.instret and 0 < res.instret <= res.cycles


def test_printf_and_putc(sim: None) -> None:
    res = harness.run_elf(harness.build_fw("test_printf"))
    lines = res.stdout.splitlines()
    assert lines[0] == "hello from Cipher-V"
    assert "putc ok" in lines  # simctrl PUTC, written after the UART flush


def test_trace(sim: None, tmp_path) -> None:
    """--trace writes a waveform (FST, or VCD where the FST writer is not available)."""
    wave = tmp_path / "exit42.fst"
    res = harness.run_elf(harness.build_fw("exit42"), extra_args=["--trace", str(wave)])
    assert res.returncode == 42
    head = wave.read_bytes()[:64]
    assert wave.stat().st_size > 1000 and (b"$version" in head or head[:1] == b"\x00")


def test_max_cycles_timeout(sim: None) -> None:
    """A program that never exits (waits for UART input that never comes) is stopped loudly."""
    res = harness.run_elf(harness.build_fw("test_uart_echo"), stdin=b"", max_cycles=50_000)
    assert res.returncode == harness.EXIT_TIMEOUT
    assert "TIMEOUT" in res.stderr and res.cycles == 50_000


def test_bad_elf(sim: None, tmp_path) -> None:
    junk = tmp_path / "junk.elf"
    junk.write_bytes(b"not an elf at all" * 10)
    assert harness.run_elf(junk).returncode == harness.EXIT_HARNESS


@pytest.mark.parametrize("prog", [pytest.param("test_printf", marks=pytest.mark.long), "test_traps",
                                  pytest.param("test_irq", marks=pytest.mark.long)])
def test_icarus_cross_check(sim: None, prog: str) -> None:
    """The same program under Icarus gives the same UART text, exit code and cycle counts."""
    from sim.icarus import run as icarus

    elf = harness.build_fw(prog)
    ver = harness.run_elf(elf)
    ica = icarus.run(elf, max_cycles=200_000)
    assert ica.returncode == 0 == ver.returncode
    assert ica.stdout.strip() == ver.stdout.strip()
    assert (ica.cycles, ica.instret) == (ver.cycles, ver.instret)
