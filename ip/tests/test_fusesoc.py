# SPDX-License-Identifier: Apache-2.0
"""The FuseSoC packages of ip/cores: up to date with the parts' RTL lists, and every core's
lint target (Verilator -Wall through FuseSoC/Edalize) clean; each engine's known answer through
its `sim` target (Icarus) and, with IP_LONG=1 (`make ip-long`), through `sim_wb` too; the
SoC's sim target with a firmware image (marked long)."""
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
LINT += [("wrappers", "lint_dma"), ("wrappers", "lint_wb_dma")]
SIM = [(e, "sim") for e in cores.ENGINES.values()] + [("wrappers", "sim_wb"), ("coupling", "sim")]
SIM += [(e, "sim_wb") for e in cores.ENGINES.values()] if LONG else []


def vlnv(name: str) -> str:
    text = (ROOT / "ip" / "cores" / f"{name}.core").read_text()
    return next(line.split(":", 1)[1].strip() for line in text.splitlines()
                if line.startswith("name:"))


def fusesoc(name: str, target: str, args: list[str] = ()) -> str:
    BUILD.mkdir(parents=True, exist_ok=True)
    conf = BUILD / "fusesoc.conf"      # no user configuration or library reaches the test
    conf.write_text("[main]\n")
    res = subprocess.run(
        ["fusesoc", "--config", str(conf), "--cores-root", "ip/cores", "run", "--build-root",
         str(BUILD / f"{name}-{target}"), "--target", target, vlnv(name), *args],
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


@pytest.mark.long
def test_fusesoc_soc_sim() -> None:
    """The SoC core's sim target (Icarus, sim/icarus/tb_soc.v) runs a firmware image to its end:
    example_aes, every coupling style of AES against the software baseline (minutes: long)."""
    from sim.icarus.run import elf_to_hex
    subprocess.run(["make", "-C", "fw/programs/example_aes"], cwd=ROOT, check=True,
                   capture_output=True)
    img = BUILD / "soc-img"
    img.mkdir(parents=True, exist_ok=True)
    hexes = elf_to_hex(ROOT / "build/fw/example_aes/example_aes.elf", img)
    out = fusesoc("soc", "sim", [f"--imem={(ROOT / hexes['imem']).resolve()}",
                                 f"--dmem={(ROOT / hexes['dmem']).resolve()}",
                                 "--max_cycles=2000000"])
    assert "all backends agree: yes" in out and "EXIT 0 " in out, out[-3000:]
