# SPDX-License-Identifier: Apache-2.0
"""The memory-map generator: docs/memmap.md is current, the products agree with the sources,
and inconsistent sources are rejected."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
import memmap  # noqa: E402


def test_docs_up_to_date() -> None:
    res = subprocess.run([sys.executable, "tools/memmap.py", "--check"], cwd=ROOT,
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr


def test_products_match_sources(tmp_path: Path) -> None:
    assert memmap.main(["--out", str(tmp_path)]) == 0
    header = (tmp_path / "cv_memmap.h").read_text()
    vh = (tmp_path / "soc_memmap.vh").read_text()
    regions = tomllib.loads((ROOT / "soc" / "memmap.toml").read_text())["region"]
    for r in regions:
        name = r["name"].upper()
        assert f"#define CV_{name}_BASE 0x{r['base']:08X}u" in header
        assert f"`define CV_{name}_BASE 32'h{r['base']:08X}" in vh
    uart = tomllib.loads((ROOT / "soc" / "regs" / "uart.toml").read_text())
    for reg in uart["reg"]:
        assert f"#define CV_UART_{reg['name']}_OFFSET 0x{reg['offset']:03X}u" in header
    assert "#define CV_UART_STATUS_TXFULL_MASK 0x00000002u" in header
    assert "#define CV_IRQ_UART 0" in header


def _copy_tree(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "soc").mkdir(parents=True)
    shutil.copy(ROOT / "soc" / "memmap.toml", root / "soc")
    shutil.copytree(ROOT / "soc" / "regs", root / "soc" / "regs")
    return root


def test_engine_regs_are_picked_up(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    (root / "engines" / "aes").mkdir(parents=True)
    (root / "engines" / "aes" / "regs.toml").write_text(
        'block = "aes"\ndoc = "test"\n[[reg]]\nname = "CTRL"\noffset = 0x0\naccess = "rw"\n'
        'doc = "control"\n[[reg.field]]\nname = "START"\nbits = "0"\ndoc = "go"\n')
    mm = memmap.load(root)
    assert "aes" in mm["blocks"]
    assert "#define CV_AES_CTRL_START_MASK 0x00000001u" in memmap.gen_c(mm)


@pytest.mark.parametrize("bad", [
    'block = "nosuch"\n',
    'block = "aes"\n[[reg]]\nname = "A"\noffset = 0x2\naccess = "rw"\ndoc = "x"\n',
    'block = "aes"\n[[reg]]\nname = "A"\noffset = 0x0\naccess = "rx"\ndoc = "x"\n',
    'block = "aes"\n[[reg]]\nname = "A"\noffset = 0x0\naccess = "rw"\ndoc = "x"\n'
    '[[reg]]\nname = "B"\noffset = 0x0\naccess = "rw"\ndoc = "x"\n',
    'block = "aes"\n[[reg]]\nname = "A"\noffset = 0x0\naccess = "rw"\ndoc = "x"\n'
    '[[reg.field]]\nname = "F"\nbits = "7:0"\n[[reg.field]]\nname = "G"\nbits = "3"\n',
])
def test_bad_sources_rejected(tmp_path: Path, bad: str) -> None:
    root = _copy_tree(tmp_path)
    (root / "engines" / "aes").mkdir(parents=True)
    (root / "engines" / "aes" / "regs.toml").write_text(bad)
    with pytest.raises(memmap.MapError):
        memmap.load(root)


# ---------------------------------------------------------------- constants (enums, cpi, status)
def _defines_c(text: str) -> dict[str, int]:
    out = {}
    for line in text.splitlines():
        m = re.match(r"#define (CV_\w+) (-?(?:0x[0-9a-fA-F]+|\d+))$", line)
        if m:
            out[m.group(1)] = int(m.group(2), 0)
    return out


def _defines_vh(text: str) -> dict[str, int]:
    out = {}
    for line in text.splitlines():
        m = re.match(r"`define (CV_\w+) (?:(\d+)'([dh]))?([0-9a-fA-F]+)$", line)
        if m:
            out[m.group(1)] = int(m.group(4), 16 if m.group(3) == "h" else 10)
    return out


def test_constants_agree(tmp_path: Path) -> None:
    """C, Verilog and Python carry the same constants, all from the same list."""
    from tools import consts
    assert memmap.main(["--out", str(tmp_path)]) == 0
    c = _defines_c((tmp_path / "cv_consts.h").read_text())
    vh = _defines_vh((tmp_path / "soc_memmap.vh").read_text())
    listed = {k["name"]: k["value"] for k in memmap.constants(memmap.load())}
    for name, value in listed.items():
        assert consts.CONSTANTS[name] == value, name
        assert vh[name] == value, name
        if not name.endswith(("_LSB", "_WIDTH")):
            assert c[name] == value, name
    # the names other code is written against
    assert (c["CV_ENGINE_AES"], c["CV_ENGINE_SHA3"], c["CV_CPI_TARGET_DMA"]) == (1, 5, 7)
    assert c["CV_CPI_OPCODE"] == 0x0B and c["CV_CPI_OP_LASTB"] == 12 and c["CV_CPI_F3_DRUNW"] == 7
    assert c["CV_AES_CFG_MODE_CMAC"] == 5 and c["CV_AES_CFG_KSZ_256"] == 2
    assert c["CV_AES_STATUS_ERR_CODE_NO_KEY"] == 6 and c["CV_CPL_STATUS_ERR_CODE_OVERRUN"] == 8
    assert vh["CV_AES_CFG_MODE_LSB"] == 2 and vh["CV_AES_CFG_MODE_WIDTH"] == 3
    status = (tmp_path / "cv_status_codes.h").read_text()
    for name, value, doc in consts.STATUS_CODES:
        assert f"  {name} = {value}," in status
        assert f'X({name}, {value}, "{doc}")' in status
    assert "typedef enum cv_dir { CV_ENCRYPT = 0, CV_DECRYPT = 1 } cv_dir_t;" in status


def test_headers_compile(tmp_path: Path) -> None:
    """The generated C headers compile together (and the X-macros expand) with -Werror."""
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None:
        pytest.skip("no host C compiler")
    assert memmap.main(["--out", str(tmp_path)]) == 0
    src = tmp_path / "t.c"
    src.write_text(
        '#include "cv_memmap.h"\n#include "cv_consts.h"\n#include "cv_status_codes.h"\n'
        "#define OPS_(n, k, op, f3) + (op) + (f3)\n#define ST_(n, v, d) { v, d },\n"
        "static const struct { int v; const char *d; } t[] = { CV_STATUS_CODES(ST_) };\n"
        "int main(void) { cv_status_t s = CV_OK; cv_dir_t d = CV_DECRYPT;\n"
        "  return (int)s + (int)d + (int)sizeof t + 0 CV_CPI_OPS(OPS_) + CV_AES_CFG_MODE_CTR; }\n")
    res = subprocess.run([cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-fsyntax-only",
                          f"-I{tmp_path}", str(src)], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    asm = tmp_path / "t.S"     # cv_consts.h is plain #defines: assembler sources may use it
    asm.write_text('#include "cv_consts.h"\n.word CV_CPI_OPCODE + CV_ENGINE_AES\n')
    res = subprocess.run([cc, "-E", f"-I{tmp_path}", str(asm)], capture_output=True, text=True)
    assert res.returncode == 0 and ".word 0x0b + 1" in res.stdout, res.stderr


def test_engine_adds_error_codes() -> None:
    """An engine's own codes join the shared ERR_CODE field's; the template keeps only its own."""
    mm = memmap.load()
    codes = {e["name"]: e["value"]
             for r in mm["blocks"]["aes"]["regs"] if r["name"] == "STATUS"
             for f in r["fields"] if f["name"] == "ERR_CODE" for e in f["enum"]}
    assert codes["KEY_MISMATCH"] == 7 and codes["OVERRUN"] == 8
    tmpl = {e["name"] for r in mm["templates"]["cpl"]["regs"] if r["name"] == "STATUS"
            for f in r["fields"] if f["name"] == "ERR_CODE" for e in f["enum"]}
    assert tmpl == {"OVERRUN", "UNDERFLOW", "BUSY_DMA", "OP", "BUSY_OTHER"}


_REG = 'block = "aes"\n[[reg]]\nname = "A"\noffset = 0x0\naccess = "rw"\ndoc = "x"\n'
_FLD = '[[reg.field]]\nname = "F"\nbits = "1:0"\ndoc = "x"\n'
_ENUM = '[[reg.field.enum]]\nname = "{}"\nvalue = {}\ndoc = "x"\n'


@pytest.mark.parametrize("bad", [
    _REG + _FLD + _ENUM.format("A", 4),                           # does not fit 2 bits
    _REG + _FLD + _ENUM.format("A", -1),
    _REG + _FLD + _ENUM.format("A", 0) + _ENUM.format("A", 1),    # name twice
    _REG + _FLD + _ENUM.format("A", 1) + _ENUM.format("B", 1),    # value twice
    _REG + _FLD + _ENUM.format("a b", 1),                         # not an identifier
    _REG + _FLD + '[[reg.field.enum]]\nname = "A"\nvalue = 1\n',   # no doc
])
def test_bad_enums_rejected(tmp_path: Path, bad: str) -> None:
    root = _copy_tree(tmp_path)
    (root / "engines" / "aes").mkdir(parents=True)
    (root / "engines" / "aes" / "regs.toml").write_text(bad)
    with pytest.raises(memmap.MapError):
        memmap.load(root)


def _cpi_variant(old: str, new: str) -> str:
    text = (ROOT / memmap.CPI_SOURCE).read_text()
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize("old,new", [
    ('name = "KEY"\n', 'name = "CFG"\n'),                  # op name twice
    ("op = 12\nfunct3 = 2\n", "op = 6\nfunct3 = 2\n"),      # LASTB encoded as START
    ("op = 12\n", "op = 16\n"),                           # op beyond 4 bits
    ("funct3 = 4\n", "funct3 = 8\n"),                     # funct3 beyond 3 bits
    ('kind = "DMA"\n', 'kind = "XYZ"\n'),
    ("num = 2\n", "num = 1\n"),                           # engine number twice
    ("num = 5\n", "num = 7\n"),                           # the DMA's target
    ('block = "sha3"\n', 'block = "nosuch"\n'),
    ("opcode = 0x0b", "opcode = 0x0c"),                   # not a 32-bit major opcode
])
def test_bad_cpi_rejected(tmp_path: Path, old: str, new: str) -> None:
    root = _copy_tree(tmp_path)
    (root / "coupling" / "regs").mkdir(parents=True)
    (root / memmap.CPI_SOURCE).write_text(_cpi_variant(old, new))
    with pytest.raises(memmap.MapError):
        memmap.load(root)


@pytest.mark.parametrize("old,new", [
    ('name = "CV_ERR_ARG"', 'name = "CV_ERR_KEYLEN"'),    # name twice
    ("value = -3\n", "value = -2\n"),                     # value twice
    ("value = -3\n", "value = 3\n"),                      # an error that is not negative
    ('name = "CV_ERR_ARG"', 'name = "ERR_ARG"'),          # no CV_ prefix
    ('doc = "Success."', 'doc = "Say \\"yes\\"."'),       # a quote in a C string
])
def test_bad_status_rejected(tmp_path: Path, old: str, new: str) -> None:
    root = _copy_tree(tmp_path)
    (root / "fw" / "drivers").mkdir(parents=True)
    text = (ROOT / memmap.STATUS_SOURCE).read_text()
    assert old in text
    (root / memmap.STATUS_SOURCE).write_text(text.replace(old, new, 1))
    with pytest.raises(memmap.MapError):
        memmap.load(root)


def test_consts_helpers(tmp_path: Path) -> None:
    """tools/consts.py packs fields by name and encodes custom instructions as the assembler
    does (`.insn r`, the form the firmware uses)."""
    from tools import consts as C
    assert C.put("aes", "CFG", KSZ=C.CV_AES_CFG_KSZ_256, MODE=C.CV_AES_CFG_MODE_CTR) == 2 | 4 << 2
    assert C.get("aes", "CFG", "MODE", 4 << 2) == C.CV_AES_CFG_MODE_CTR
    with pytest.raises(ValueError):
        C.put("aes", "CFG", KSZ=4)
    asm = shutil.which("riscv64-unknown-elf-as")
    if asm is None:
        pytest.skip("no RISC-V assembler")
    cases = [(C.CV_ENGINE_AES, "RESULT", 5, 0, 0), (C.CV_ENGINE_SHA3, "DATAL", 0, 11, 12),
             (C.CV_CPI_TARGET_DMA, "DRUNW", 10, 11, 12)]
    src = tmp_path / "t.s"
    src.write_text("".join(
        f".insn r {C.CV_CPI_OPCODE}, {C.CONSTANTS['CV_CPI_F3_' + n]}, "
        f"{C.cpi_funct7(t, C.CONSTANTS['CV_CPI_OP_' + n])}, x{rd}, x{rs1}, x{rs2}\n"
        for t, n, rd, rs1, rs2 in cases))
    obj = tmp_path / "t.o"
    subprocess.run([asm, "-march=rv32im", "-o", str(obj), str(src)], check=True)
    objcopy = shutil.which("riscv64-unknown-elf-objcopy")
    assert objcopy is not None
    subprocess.run([objcopy, "-O", "binary", "-j", ".text", str(obj), str(tmp_path / "t.bin")],
                   check=True)
    code = (tmp_path / "t.bin").read_bytes()
    words = [int.from_bytes(code[i:i + 4], "little") for i in range(0, len(code), 4)]
    assert words == [C.cpi_insn(t, n, rd, rs1, rs2) for t, n, rd, rs1, rs2 in cases]
