# SPDX-License-Identifier: Apache-2.0
"""The FuseSoC packages of ip/cores: up to date with the parts' RTL lists, and every core's
lint target (Verilator -Wall through FuseSoC/Edalize) clean; each engine's known answer through
its `sim` target (Icarus) and, with IP_LONG=1 (`make ip-long`), through `sim_wb` too."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from ip import fusesoc as cores

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build" / "fusesoc"
LONG = os.environ.get("IP_LONG", "0") == "1"
NAMES = sorted(cores.cores())
LINT = [(n, "lint") for n in NAMES if n != "memmap"]
LINT += [(e, "lint_wb") for e in cores.ENGINES.values()] + [("wrappers", "lint_wb")]
SIM = [(e, "sim") for e in cores.ENGINES.values()] + [("wrappers", "sim_wb"), ("coupling", "sim")]
SIM += [(e, "sim_wb") for e in cores.ENGINES.values()] if LONG else []


def vlnv(name: str) -> str:
    text = (ROOT / "ip" / "cores" / f"{name}.core").read_text()
    return next(line.split(":", 1)[1].strip() for line in text.splitlines()
                if line.startswith("name:"))


def fusesoc(name: str, target: str) -> str:
    BUILD.mkdir(parents=True, exist_ok=True)
    conf = BUILD / "fusesoc.conf"      # no user configuration or library reaches the test
    conf.write_text("[main]\n")
    res = subprocess.run(
        ["fusesoc", "--config", str(conf), "--cores-root", "ip/cores", "run", "--build-root",
         str(BUILD / f"{name}-{target}"), "--target", target, vlnv(name)],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    out = res.stdout + res.stderr
    assert res.returncode == 0, out[-4000:]
    return out


def test_cores_up_to_date() -> None:
    assert cores.main(["--check"]) == 0


def test_core_metadata() -> None:
    for name in NAMES:
        text = (ROOT / "ip" / "cores" / f"{name}.core").read_text()
        assert text.startswith("CAPI=2:\n")
        assert "\nlicense: Apache-2.0\n" in text
        assert vlnv(name).endswith(":" + cores.VERSION)


@pytest.mark.parametrize("name,target", LINT)
def test_fusesoc_lint(name: str, target: str) -> None:
    fusesoc(name, target)


@pytest.mark.parametrize("name,target", SIM)
def test_fusesoc_sim(name: str, target: str) -> None:
    out = fusesoc(name, target)
    assert "ip_kat_tb: ENGINE" in out and ": PASS" in out and "FAIL" not in out, out[-2000:]
