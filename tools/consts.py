# SPDX-License-Identifier: Apache-2.0
"""Cipher-V constants for Python, read from the single sources at import.

The same names and values as build/gen/cv_consts.h, cv_status_codes.h and soc_memmap.vh, all
written by tools/memmap.py from one list (memmap.constants), so Python tests and tools never
repeat a number:
  CV_ENGINE_<NAME>, CV_CPI_TARGET_DMA, CV_CPI_OPCODE, CV_CPI_OP_<NAME>, CV_CPI_F3_<NAME>
  CV_<BLOCK>_<REG>_<FIELD>_<VALUE>     field enumerations (STATUS.ERR_CODE: the error codes)
  CV_<BLOCK>_<REG>_<FIELD>_{LSB,WIDTH} field positions
  CV_<BLOCK>_<REG>_OFFSET              register offsets
  CV_<REGION>_{BASE,SIZE}              the memory map's regions
  CV_OK, CV_ERR_*, CV_ENCRYPT, CV_DECRYPT
and the tables CPI_OPS [(name, kind, op, funct3)], STATUS_CODES [(name, value, doc)],
ENGINES {name: number}. field() and put() pack configuration words from field values.

Import it as `from tools import consts` (the repository root on the path, as under pytest and
the cocotb runner).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import memmap  # noqa: E402

_MM = memmap.load()
CONSTANTS: dict[str, int] = {c["name"]: c["value"] for c in memmap.constants(_MM)}
for _block, _b, _ in memmap._all_blocks(_MM):
    for _reg in _b["regs"]:
        CONSTANTS[memmap._cid("CV", _block, _reg["name"], "OFFSET")] = _reg["offset"]
for _r in _MM["regions"]:
    CONSTANTS[memmap._cid("CV", _r["name"], "BASE")] = _r["base"]
    CONSTANTS[memmap._cid("CV", _r["name"], "SIZE")] = _r["size"]
for _s in _MM["status"]["status"] + _MM["status"]["dir"]:
    CONSTANTS[_s["name"]] = _s["value"]
globals().update(CONSTANTS)

CPI_OPS: list[tuple[str, str, int, int]] = [
    (o["name"], o["kind"], o["op"], o["funct3"]) for o in _MM["cpi"]["ops"]]
STATUS_CODES: list[tuple[str, int, str]] = [
    (s["name"], s["value"], s["doc"]) for s in _MM["status"]["status"]]
ENGINES: dict[str, int] = {e["name"]: e["num"] for e in _MM["cpi"]["engines"]}


def field(block: str, reg: str, name: str, value: int) -> int:
    """`value` placed in field `name` of register `reg` of `block` (checked to fit)."""
    p = memmap._cid("CV", block, reg, name)
    lsb, width = CONSTANTS[f"{p}_LSB"], CONSTANTS[f"{p}_WIDTH"]
    if not 0 <= value < (1 << width):
        raise ValueError(f"{p}: {value} does not fit {width} bits")
    return value << lsb


def put(block: str, reg: str, **fields: int) -> int:
    """A register word from field values by name: put("aes", "CFG", KSZ=2, MODE=4)."""
    word = 0
    for name, value in fields.items():
        word |= field(block, reg, name, value)
    return word


def get(block: str, reg: str, name: str, word: int) -> int:
    """Field `name` of register `reg` of `block` taken from `word`."""
    p = memmap._cid("CV", block, reg, name)
    return (word >> CONSTANTS[f"{p}_LSB"]) & ((1 << CONSTANTS[f"{p}_WIDTH"]) - 1)


def cpi_funct7(target: int, op: int) -> int:
    """funct7 of a custom instruction: target << 4 | op."""
    return (target << 4) | op


def cpi_insn(target: int, name: str, rd: int = 0, rs1: int = 0, rs2: int = 0) -> int:
    """The 32-bit encoding of custom instruction `name` (a CPI_OPS name) for `target`."""
    op, f3 = CONSTANTS[f"CV_CPI_OP_{name}"], CONSTANTS[f"CV_CPI_F3_{name}"]
    return ((cpi_funct7(target, op) << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12)
            | (rd << 7) | CONSTANTS["CV_CPI_OPCODE"])
