# SPDX-License-Identifier: Apache-2.0
"""Generate the memory-map products from the single sources.

Sources:
  soc/memmap.toml        the regions (name, base, size, kind, doc)
  soc/regs/*.toml        register blocks of the SoC peripherals
  coupling/regs/*.toml   the DMA block, and the engine-window layout shared by every engine
  engines/*/regs.toml    register blocks of the engines (include the shared layout)
  coupling/regs/cpi.toml the engine numbers and the custom-instruction table
  fw/drivers/status.toml the status codes and directions of the C API

A register file names its region with `block = "<region>"` and lists `[[reg]]` tables
(name, offset, access in rw/ro/wo/w1c, reset, doc, optional count = N for an array of N
consecutive words) each with optional `[[reg.field]]` tables (name, bits = "MSB:LSB" or "N",
doc, optional `[[reg.field.enum]]` tables: name, value, doc). A file may also list interrupt
lines `[[line]]` (name, num): the interrupt controller's inputs. A file with
`template = "<name>"` instead of `block` is a layout shared by several blocks: it is emitted
once under its own name (CV_<NAME>_...) and a block file pulls it in with `include = "<path>"`;
the block's own `[[reg]]` tables then add registers, or add fields to (and may replace the doc
of) an included register of the same name, or add enumeration values to an included field of
the same name (a field table without `bits`). The format is documented in soc/README.md.

Products:
  build/gen/cv_memmap.h        C: base addresses, sizes, register offsets/addresses, field masks
  build/gen/cv_consts.h        C and assembler: engine numbers, custom instructions, field
                               enumerations (error codes included); plain #defines
  build/gen/cv_status_codes.h  C: the API's cv_status_t and cv_dir_t, CV_STATUS_CODES(X)
  build/gen/soc_memmap.vh      Verilog `defines: the map, field positions and every constant
  docs/memmap.md               the register tables (committed; `--check` verifies it is current)
  docs/constants.md            the constant tables (committed, checked the same way)
  fw/drivers/README.md         its table of status codes, between the STATUS_BEGIN/STATUS_END
                               markers (committed, checked the same way)
tools/consts.py gives Python the same constants (under the same names) from the same sources.
"""
from __future__ import annotations

import argparse
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ACCESS = ("rw", "ro", "wo", "w1c")
CPI_SOURCE = Path("coupling/regs/cpi.toml")
STATUS_SOURCE = Path("fw/drivers/status.toml")
NAME_RE = re.compile(r"^[A-Z0-9_]+$")
IDENT_RE = re.compile(r"^[A-Z][A-Z0-9_]*$")


class MapError(Exception):
    """A source file breaks the format or the map is inconsistent."""


def _bits(spec: str | int, where: str) -> tuple[int, int]:
    text = str(spec)
    try:
        if ":" in text:
            msb, lsb = (int(x) for x in text.split(":"))
        else:
            msb = lsb = int(text)
    except ValueError as exc:
        raise MapError(f"{where}: bad bit range {spec!r}") from exc
    if not 0 <= lsb <= msb <= 31:
        raise MapError(f"{where}: bit range {spec!r} outside 31:0")
    return msb, lsb


def load(root: Path = ROOT) -> dict:
    """Read and check every source; return {'regions': [...], 'blocks': {...}, 'lines': [...]}."""
    mm = tomllib.loads((root / "soc" / "memmap.toml").read_text())
    regions = mm.get("region", [])
    names = set()
    for r in regions:
        for key in ("name", "base", "size", "kind", "doc"):
            if key not in r:
                raise MapError(f"region {r.get('name', '?')}: missing {key}")
        if r["name"] in names:
            raise MapError(f"region {r['name']} defined twice")
        names.add(r["name"])
        if r["size"] <= 0 or r["size"] & (r["size"] - 1) or r["base"] % r["size"]:
            raise MapError(f"region {r['name']}: size must be a power of two and base aligned")
    spans = sorted((r["base"], r["base"] + r["size"], r["name"]) for r in regions)
    for (_, end, a), (start, _, b) in zip(spans, spans[1:]):
        if start < end:
            raise MapError(f"regions {a} and {b} overlap")

    files = (sorted((root / "soc" / "regs").glob("*.toml"))
             + sorted(p for p in (root / "coupling" / "regs").glob("*.toml")
                      if p != root / CPI_SOURCE)
             + sorted(root.glob("engines/*/regs.toml")))
    blocks: dict[str, dict] = {}
    templates: dict[str, dict] = {}
    lines: list[dict] = []
    for path in files:
        where = str(path.relative_to(root))
        data = tomllib.loads(path.read_text())
        if "template" in data:
            name = data["template"]
            if name in names:
                raise MapError(f"{where}: template name {name!r} is also a region")
            templates[name] = {"doc": data.get("doc", ""), "source": where,
                               "regs": _regs(data.get("reg", []), where, 0x1000)}
            continue
        block = data.get("block")
        if block not in names:
            raise MapError(f"{where}: block {block!r} is not a region of soc/memmap.toml")
        if block in blocks:
            raise MapError(f"{where}: block {block} described twice")
        region = next(r for r in regions if r["name"] == block)
        raw = list(data.get("reg", []))
        if "include" in data:
            inc = tomllib.loads((root / data["include"]).read_text())
            merged = [dict(r, field=[dict(f, enum=[dict(e, inherited=True)
                                                   for e in f.get("enum", [])])
                                     for f in r.get("field", [])])
                      for r in inc.get("reg", [])]
            by_name = {r["name"]: r for r in merged}
            for reg in raw:
                base = by_name.get(reg.get("name"))
                if base is None:
                    merged.append(reg)
                    continue
                fields = {f["name"]: f for f in base["field"]}
                for f in reg.get("field", []):
                    if "bits" not in f and f.get("name") in fields:
                        # more values for an included field (an engine's own error codes)
                        fields[f["name"]]["enum"] += f.get("enum", [])
                    else:
                        base["field"].append(f)
                for key in ("doc", "reset"):
                    if key in reg:
                        base[key] = reg[key]
            raw = merged
        regs = _regs(raw, where, region["size"])
        for ln in data.get("line", []):
            lines.append({"name": ln["name"], "num": ln["num"], "block": block})
        blocks[block] = {"doc": data.get("doc", ""), "source": where, "regs": regs}
    nums = [ln["num"] for ln in lines]
    if len(set(nums)) != len(nums):
        raise MapError("interrupt line numbers repeat")
    cpi = _cpi(root, names)
    status = _status(root)
    return {"regions": regions, "blocks": blocks, "templates": templates,
            "lines": sorted(lines, key=lambda x: x["num"]), "cpi": cpi, "status": status}


def _unique(items: list[dict], key: str, where: str) -> None:
    seen: set = set()
    for item in items:
        if item[key] in seen:
            raise MapError(f"{where}: {key} {item[key]!r} repeats")
        seen.add(item[key])


def _need(item: dict, keys: tuple[str, ...], where: str) -> None:
    for key in keys:
        if key not in item:
            raise MapError(f"{where} {item.get('name', '?')}: missing {key}")


def _cpi(root: Path, regions: set[str]) -> dict:
    """The engine numbers and the custom-instruction table (empty when the file is absent)."""
    path = root / CPI_SOURCE
    if not path.exists():
        return {"opcode": None, "dma_target": None, "engines": [], "ops": []}
    where = str(CPI_SOURCE)
    data = tomllib.loads(path.read_text())
    _need(data, ("opcode", "dma_target"), where)
    if not 0 <= data["opcode"] < 128 or data["opcode"] & 3 != 3:
        raise MapError(f"{where}: opcode must be a 32-bit major opcode (7 bits, low bits 11)")
    dma = data["dma_target"]
    if not 1 <= dma <= 7:
        raise MapError(f"{where}: dma_target must fit funct7[6:4] and not be 0")
    engines = data.get("engine", [])
    for e in engines:
        _need(e, ("name", "num", "block"), f"{where}: engine")
        if not IDENT_RE.match(e["name"]):
            raise MapError(f"{where}: engine name {e['name']!r} is not an upper-case identifier")
        if not 1 <= e["num"] <= 7 or e["num"] == dma:
            raise MapError(f"{where}: engine {e['name']} number must be 1..7, not the DMA's")
        if e["block"] not in regions:
            raise MapError(f"{where}: engine {e['name']} block {e['block']!r} is not a region")
    _unique(engines, "name", where)
    _unique(engines, "num", where)
    ops = data.get("op", [])
    for o in ops:
        _need(o, ("name", "kind", "op", "funct3", "doc"), f"{where}: op")
        if not IDENT_RE.match(o["name"]):
            raise MapError(f"{where}: op name {o['name']!r} is not an upper-case identifier")
        if o["kind"] not in ("ENG", "DMA"):
            raise MapError(f"{where}: op {o['name']}: kind must be ENG or DMA")
        if not 0 <= o["op"] <= 15 or not 0 <= o["funct3"] <= 7:
            raise MapError(f"{where}: op {o['name']}: op must fit 4 bits and funct3 3 bits")
    _unique(ops, "name", where)
    enc = [{"k": (o["kind"], o["op"], o["funct3"])} for o in ops]
    _unique(enc, "k", f"{where}: (kind, op, funct3)")
    return {"opcode": data["opcode"], "dma_target": dma, "engines": engines, "ops": ops}


def _status(root: Path) -> dict:
    """The C API's status codes and directions (empty when the file is absent)."""
    path = root / STATUS_SOURCE
    if not path.exists():
        return {"status": [], "dir": []}
    where = str(STATUS_SOURCE)
    data = tomllib.loads(path.read_text())
    out = {}
    for key in ("status", "dir"):
        items = data.get(key, [])
        for s in items:
            _need(s, ("name", "value", "doc"), f"{where}: {key}")
            if not IDENT_RE.match(s["name"]) or not s["name"].startswith("CV_"):
                raise MapError(f"{where}: {s['name']!r} is not an upper-case CV_ identifier")
            if any(c in s["doc"] for c in '"\\\n'):
                raise MapError(f"{where}: {s['name']}: doc must not hold quotes or backslashes")
        _unique(items, "name", where)
        _unique(items, "value", where)
        out[key] = items
    if out["status"] and out["status"][0]["value"] != 0:
        raise MapError(f"{where}: the first status must be the success code, value 0")
    if any(s["value"] >= 0 for s in out["status"][1:]):
        raise MapError(f"{where}: error codes must be negative")
    return out


def _regs(raw: list[dict], where: str, size: int) -> list[dict]:
    """Check and normalise one block's [[reg]] tables (sorted by offset)."""
    regs = []
    offsets: dict[int, str] = {}
    for reg in raw:
        rw = f"{where}: {reg.get('name', '?')}"
        for key in ("name", "offset", "access", "doc"):
            if key not in reg:
                raise MapError(f"{rw}: missing {key}")
        if reg["access"] not in ACCESS:
            raise MapError(f"{rw}: access must be one of {ACCESS}")
        count = reg.get("count", 1)
        if reg["offset"] % 4 or not 0 <= reg["offset"] or reg["offset"] + 4 * count > size:
            raise MapError(f"{rw}: offset must be word aligned and inside the region")
        for k in range(count):
            off = reg["offset"] + 4 * k
            if off in offsets:
                raise MapError(f"{rw}: offset 0x{off:X} shared with {offsets[off]}")
            offsets[off] = reg["name"]
        fields = []
        used = 0
        for f in reg.get("field", []):
            msb, lsb = _bits(f.get("bits", ""), f"{rw}.{f.get('name', '?')}")
            mask = ((1 << (msb - lsb + 1)) - 1) << lsb
            if used & mask:
                raise MapError(f"{rw}.{f['name']}: overlaps another field")
            used |= mask
            fields.append({"name": f["name"], "msb": msb, "lsb": lsb, "mask": mask,
                           "doc": f.get("doc", ""),
                           "enum": _enum(f.get("enum", []), msb - lsb + 1,
                                         f"{rw}.{f['name']}")})
        regs.append({"name": reg["name"], "offset": reg["offset"], "access": reg["access"],
                     "count": count, "reset": reg.get("reset", 0), "doc": reg["doc"],
                     "fields": fields})
    return sorted(regs, key=lambda r: r["offset"])


def _enum(raw: list[dict], width: int, where: str) -> list[dict]:
    """Check one field's enumeration: names unique identifiers, values distinct and fitting."""
    out = []
    for e in raw:
        _need(e, ("name", "value", "doc"), f"{where}: enum")
        if not NAME_RE.match(str(e["name"])):
            raise MapError(f"{where}: enum name {e['name']!r} is not upper case [A-Z0-9_]")
        if not isinstance(e["value"], int) or not 0 <= e["value"] < (1 << width):
            raise MapError(f"{where}: enum {e['name']} value {e['value']!r} does not fit "
                           f"{width} bits")
        out.append({"name": str(e["name"]), "value": e["value"], "doc": e["doc"],
                    "inherited": bool(e.get("inherited", False))})
    _unique(out, "name", f"{where}: enum")
    _unique(out, "value", f"{where}: enum")
    return sorted(out, key=lambda e: e["value"])


def _cid(*parts: str) -> str:
    return "_".join(p.upper().replace("-", "_") for p in parts)


def _all_blocks(mm: dict):
    """(name, block, is_block) for the shared templates first, then the real blocks."""
    for name, b in mm["templates"].items():
        yield name, b, False
    for name, b in mm["blocks"].items():
        yield name, b, True


def gen_c(mm: dict) -> str:
    out = ["/* Generated by tools/memmap.py from soc/memmap.toml and the register files."
           " Do not edit. */",
           "#ifndef CV_MEMMAP_H", "#define CV_MEMMAP_H", "",
           "#include <stdint.h>", "",
           "/* Access one 32-bit memory-mapped register by address. */",
           "#define CV_REG32(addr) (*(volatile uint32_t *)(uintptr_t)(addr))", ""]
    for r in mm["regions"]:
        out.append(f"#define {_cid('CV', r['name'], 'BASE')} 0x{r['base']:08X}u")
        out.append(f"#define {_cid('CV', r['name'], 'SIZE')} 0x{r['size']:08X}u")
    for block, b, is_block in _all_blocks(mm):
        out += ["", f"/* {block}: {b['doc']} */"]
        for reg in b["regs"]:
            p = _cid("CV", block, reg["name"])
            out.append(f"#define {p}_OFFSET 0x{reg['offset']:03X}u")
            if is_block:
                out.append(f"#define {p}_ADDR ({_cid('CV', block, 'BASE')} + {p}_OFFSET)")
            if reg["count"] > 1:
                out.append(f"#define {p}_COUNT {reg['count']}")
            out.append(f"#define {p}_RESET 0x{reg['reset']:08X}u")
            for f in reg["fields"]:
                out.append(f"#define {p}_{_cid(f['name'])}_SHIFT {f['lsb']}")
                out.append(f"#define {p}_{_cid(f['name'])}_MASK 0x{f['mask']:08X}u")
    out += ["", "/* Interrupt controller lines. */"]
    for ln in mm["lines"]:
        out.append(f"#define {_cid('CV_IRQ', ln['name'])} {ln['num']}")
    out.append(f"#define CV_IRQ_COUNT {len(mm['lines'])}")
    out += ["", "#endif /* CV_MEMMAP_H */", ""]
    return "\n".join(out)


def constants(mm: dict) -> list[dict]:
    """Every named constant, in one list that the C, Verilog and Python products are written
    from: {name, value, width (Verilog literal size; None: unsized), doc, group}. Groups: engine,
    cpi, enum, field (positions: Verilog and Python only; C has SHIFT/MASK in cv_memmap.h)."""
    out: list[dict] = []
    cpi = mm["cpi"]
    for e in cpi["engines"]:
        out.append({"name": f"CV_ENGINE_{e['name']}", "value": e["num"], "width": None,
                    "doc": f"engine number of the {e['block']} window", "group": "engine"})
    if cpi["opcode"] is not None:
        out.append({"name": "CV_CPI_TARGET_DMA", "value": cpi["dma_target"], "width": None,
                    "doc": "custom-instruction target of the DMA", "group": "engine"})
        out.append({"name": "CV_CPI_OPCODE", "value": cpi["opcode"], "width": 7,
                    "doc": "major opcode of the custom instructions", "group": "cpi"})
    for o in cpi["ops"]:
        out.append({"name": f"CV_CPI_OP_{o['name']}", "value": o["op"], "width": 4,
                    "doc": o["doc"], "group": "cpi"})
        out.append({"name": f"CV_CPI_F3_{o['name']}", "value": o["funct3"], "width": 3,
                    "doc": "", "group": "cpi"})
    for block, b, _ in _all_blocks(mm):
        for reg in b["regs"]:
            for f in reg["fields"]:
                p = _cid("CV", block, reg["name"], f["name"])
                width = f["msb"] - f["lsb"] + 1
                for e in f["enum"]:
                    out.append({"name": f"{p}_{_cid(e['name'])}", "value": e["value"],
                                "width": width, "doc": e["doc"], "group": "enum"})
                out.append({"name": f"{p}_LSB", "value": f["lsb"], "width": None, "doc": "",
                            "group": "field"})
                out.append({"name": f"{p}_WIDTH", "value": width, "width": None, "doc": "",
                            "group": "field"})
    names = [c["name"] for c in out]
    if len(set(names)) != len(names):
        dup = sorted({n for n in names if names.count(n) > 1})
        raise MapError(f"constant names repeat: {', '.join(dup)}")
    return out


def _c_num(value: int, width: int | None) -> str:
    return f"0x{value:02x}" if width == 7 else str(value)


def gen_consts_h(mm: dict) -> str:
    out = ["/* Generated by tools/memmap.py from coupling/regs/cpi.toml and the register files."
           " Do not edit.",
           " * Plain #defines only: C and assembler sources may include it (docs/constants.md). */",
           "#ifndef CV_CONSTS_H", "#define CV_CONSTS_H", ""]
    consts = constants(mm)
    out.append("/* Engine numbers: ID.ENGINE, the custom-instruction target, DMA ENGINE.SEL. */")
    for c in consts:
        if c["group"] == "engine":
            out.append(f"#define {c['name']} {c['value']}")
    cpi = mm["cpi"]
    if cpi["ops"]:
        out += ["", "/* Custom instructions: R-type, funct7 = target << 4 | op,"
                " funct3 = {xd, xs1, xs2}. */"]
        for c in consts:
            if c["group"] == "cpi":
                out.append(f"#define {c['name']} {_c_num(c['value'], c['width'])}")
        out += ["", "/* X(NAME, kind (ENG: target argument, DMA: target CV_CPI_TARGET_DMA), "
                "op, funct3) */", "#define CV_CPI_OPS(X) \\"]
        rows = [f"  X({o['name'] + ',':<7} {o['kind']}, {str(o['op']) + ',':<3} {o['funct3']})"
                for o in cpi["ops"]]
        out += [r + " \\" for r in rows[:-1]] + [rows[-1]]
    out += ["", "/* Field enumerations: CV_<BLOCK>_<REG>_<FIELD>_<VALUE>"
            " (STATUS.ERR_CODE: the error codes). */"]
    for c in consts:
        if c["group"] == "enum":
            out.append(f"#define {c['name']} {c['value']}")
    out += ["", "#endif /* CV_CONSTS_H */", ""]
    return "\n".join(out)


def gen_status_h(mm: dict) -> str:
    st = mm["status"]
    out = ["/* Generated by tools/memmap.py from fw/drivers/status.toml. Do not edit. */",
           "#ifndef CV_STATUS_CODES_H", "#define CV_STATUS_CODES_H", "",
           "/* The result of every Cipher-V crypto API call: CV_OK, or a negative error. */",
           "typedef enum cv_status {"]
    out += [f"  {s['name'] + ' = ' + str(s['value']) + ',':<22}/* {s['doc']} */"
            for s in st["status"]]
    out += ["} cv_status_t;", "", "/* The direction of a cipher operation. */",
            "typedef enum cv_dir { " + ", ".join(f"{d['name']} = {d['value']}"
                                                 for d in st["dir"]) + " } cv_dir_t;", "",
            "/* X(NAME, value, \"meaning\") for every status code. */",
            "#define CV_STATUS_CODES(X) \\"]
    rows = [f"  X({s['name']}, {s['value']}, \"{s['doc']}\")" for s in st["status"]]
    out += [r + " \\" for r in rows[:-1]] + rows[-1:]
    out += ["", "#endif /* CV_STATUS_CODES_H */", ""]
    return "\n".join(out)


def gen_vh(mm: dict) -> str:
    out = ["// Generated by tools/memmap.py from soc/memmap.toml and the register files."
           " Do not edit.",
           "`ifndef SOC_MEMMAP_VH", "`define SOC_MEMMAP_VH"]
    for r in mm["regions"]:
        out.append(f"`define {_cid('CV', r['name'], 'BASE')} 32'h{r['base']:08X}")
        out.append(f"`define {_cid('CV', r['name'], 'SIZE')} 32'h{r['size']:08X}")
        out.append(f"`define {_cid('CV', r['name'], 'AW')} {(r['size'] - 1).bit_length()}")
    for block, b, is_block in _all_blocks(mm):
        size = next((r["size"] for r in mm["regions"] if r["name"] == block), 0x1000)
        aw = (size - 1).bit_length()
        for reg in b["regs"]:
            p = _cid("CV", block, reg["name"])
            out.append(f"`define {p}_OFFSET {aw}'h{reg['offset']:X}")
            if reg["count"] > 1:
                out.append(f"`define {p}_COUNT {reg['count']}")
            out.append(f"`define {p}_RESET 32'h{reg['reset']:08X}")
            for f in reg["fields"]:
                out.append(f"`define {p}_{_cid(f['name'])}_MSB {f['msb']}")
                out.append(f"`define {p}_{_cid(f['name'])}_LSB {f['lsb']}")
                out.append(f"`define {p}_{_cid(f['name'])}_WIDTH {f['msb'] - f['lsb'] + 1}")
        # the block's decode: a word-aligned offset of one of its registers (the bus wrappers
        # answer any other offset with an error)
        terms = []
        for reg in b["regs"]:
            lo, n = reg["offset"], reg["count"]
            hi = f"((a) <= {aw}'h{lo + 4 * (n - 1):X})"
            terms.append(f"((a) == {aw}'h{lo:X})" if n == 1 else
                         hi if lo == 0 else f"(((a) >= {aw}'h{lo:X}) && {hi})")
        out.append(f"`define {_cid('CV', block, 'MAPPED')}(a) "
                   f"(((a) & {aw}'h3) == {aw}'h0 && ({' || '.join(terms)}))")
    for ln in mm["lines"]:
        out.append(f"`define {_cid('CV_IRQ', ln['name'])} {ln['num']}")
    out.append(f"`define CV_IRQ_COUNT {len(mm['lines'])}")
    # engine numbers, custom instructions and field enumerations (sized as their field): the
    # same list as cv_consts.h and tools/consts.py
    for c in constants(mm):
        if c["group"] == "field":
            continue                    # emitted with the register above
        value = str(c["value"]) if c["width"] is None else f"{c['width']}'d{c['value']}"
        out.append(f"`define {c['name']} {value}")
    out += ["`endif", ""]
    return "\n".join(out)


def gen_md(mm: dict) -> str:
    out = ["# Cipher-V memory map", "",
           "Generated by `tools/memmap.py` from `soc/memmap.toml`, `soc/regs/*.toml` and "
           "`engines/*/regs.toml`; do not edit (a test checks it is current).", "",
           "Addresses not covered by a region answer with a bus error (access-fault trap). "
           "Enumerated fields list their values by name; `docs/constants.md` gives their "
           "meanings and generated names.", "",
           "| region | base | size | kind | description |", "|---|---|---|---|---|"]
    for r in sorted(mm["regions"], key=lambda x: x["base"]):
        out.append(f"| `{r['name']}` | `0x{r['base']:08X}` | {r['size'] // 1024} KiB | "
                   f"{r['kind']} | {r['doc']} |")
    if mm["lines"]:
        out += ["", "## Interrupt lines (soc_intc)", "", "| line | source |", "|---|---|"]
        for ln in mm["lines"]:
            out.append(f"| {ln['num']} | {ln['name'].lower()} |")
    for block, b, is_block in _all_blocks(mm):
        if is_block:
            region = next(r for r in mm["regions"] if r["name"] == block)
            title = f"## {block} (`0x{region['base']:08X}`, from `{b['source']}`)"
        else:
            title = (f"## Shared layout `{block}` (from `{b['source']}`; "
                     f"C/Verilog `CV_{block.upper()}_*`)")
        out += ["", title, "", b["doc"],
                "", "| offset | register | access | reset | fields | description |",
                "|---|---|---|---|---|---|"]
        for reg in b["regs"]:
            fields = "<br>".join(
                f"`{f['name']}` [{f['msb']}:{f['lsb']}]" if f["msb"] != f["lsb"]
                else f"`{f['name']}` [{f['lsb']}]" for f in reg["fields"]) or "-"
            fdocs = " ".join(f"{f['name']}: {f['doc']}" + (
                " (" + ", ".join(f"{e['value']} {e['name']}" for e in f["enum"]) + ")"
                if f["enum"] else "") for f in reg["fields"] if f["doc"])
            doc = reg["doc"] + (f" ({fdocs})" if fdocs else "")
            off = f"`0x{reg['offset']:03X}`"
            name = f"`{reg['name']}`"
            if reg["count"] > 1:
                off += f"-`0x{reg['offset'] + 4 * reg['count'] - 4:03X}`"
                name = f"`{reg['name']}[0..{reg['count'] - 1}]`"
            out.append(f"| {off} | {name} | {reg['access']} | "
                       f"`0x{reg['reset']:X}` | {fields} | {doc} |")
    out.append("")
    return "\n".join(out)


def status_table(st: dict) -> list[str]:
    """The status codes as a Markdown table (docs/constants.md, fw/drivers/README.md)."""
    return (["| value | name | meaning |", "|---|---|---|"] +
            [f"| {s['value']} | `{s['name']}` | {s['doc']} |" for s in st["status"]])


README_SOURCE = Path("fw/drivers/README.md")
STATUS_BEGIN = "<!-- STATUS_BEGIN: generated by tools/memmap.py from fw/drivers/status.toml -->"
STATUS_END = "<!-- STATUS_END -->"


def gen_readme(mm: dict, text: str) -> str:
    """text (fw/drivers/README.md) with its status table between the markers regenerated."""
    if STATUS_BEGIN not in text or STATUS_END not in text:
        raise MapError(f"{README_SOURCE}: no {STATUS_BEGIN} ... {STATUS_END} section")
    head, rest = text.split(STATUS_BEGIN, 1)
    tail = rest.split(STATUS_END, 1)[1]
    return "\n".join([head + STATUS_BEGIN, *status_table(mm["status"]), STATUS_END]) + tail


def gen_constants_md(mm: dict) -> str:
    cpi, st = mm["cpi"], mm["status"]
    out = ["# Cipher-V constants", "",
           "Generated by `tools/memmap.py` from `coupling/regs/cpi.toml`, the register files "
           "(field enumerations) and `fw/drivers/status.toml`; do not edit (a test checks it is "
           "current). The same names are defined in C (`build/gen/cv_consts.h`, "
           "`build/gen/cv_status_codes.h`), Verilog (`build/gen/soc_memmap.vh`) and Python "
           "(`tools/consts.py`).", ""]
    if cpi["opcode"] is not None:
        out += ["## Engine numbers", "",
                "An engine's number is its `ID.ENGINE`, its custom-instruction target and the "
                "DMA's `ENGINE.SEL` for it.", "", "| number | engine | window | name |",
                "|---|---|---|---|"]
        for e in cpi["engines"]:
            out.append(f"| {e['num']} | {e['name']} | `{e['block']}` | `CV_ENGINE_{e['name']}` |")
        out.append(f"| {cpi['dma_target']} | DMA (custom-instruction target) | `dma` | "
                   f"`CV_CPI_TARGET_DMA` |")
        out += ["", "## Custom instructions", "",
                f"R-type with major opcode `0x{cpi['opcode']:02x}` (`CV_CPI_OPCODE`, custom-0): "
                "`funct7` = target << 4 | op, `funct3` = {xd, xs1, xs2} must equal the table's "
                "value. Names: `CV_CPI_OP_<NAME>`, `CV_CPI_F3_<NAME>`; C also has the table as "
                "`CV_CPI_OPS(X)`.", ""]
        for kind, title in (("ENG", "Engine operations (target: the engine number)"),
                            ("DMA", f"DMA operations (target {cpi['dma_target']})")):
            out += [f"{title}:", "", "| op | name | funct3 | effect |", "|---|---|---|---|"]
            for o in cpi["ops"]:
                if o["kind"] == kind:
                    out.append(f"| {o['op']} | `{o['name']}` | {o['funct3']:03b} | {o['doc']} |")
            out.append("")
    errs, enums = [], []
    for block, b, is_block in _all_blocks(mm):
        for reg in b["regs"]:
            for f in reg["fields"]:
                own = [e for e in f["enum"] if not e["inherited"]]
                if own:
                    (errs if f["name"] == "ERR_CODE" else enums).append((block, reg, f, own))
    if errs:
        out += ["## Hardware error codes (`STATUS.ERR_CODE`)", "",
                "The shared layout `cpl` holds the coupling unit's codes, common to every engine "
                "window; each engine adds its own below 8. Names: "
                "`CV_<BLOCK>_STATUS_ERR_CODE_<NAME>` (an engine window has the unit's codes "
                "under its own name too).", ""]
        for block, reg, f, own in errs:
            out += [f"### `{block}`", "", "| code | name | meaning |", "|---|---|---|"]
            for e in own:
                out.append(f"| {e['value']} | `{e['name']}` | {e['doc']} |")
            out.append("")
    if enums:
        out += ["## Field enumerations", "",
                "Names: `CV_<BLOCK>_<REG>_<FIELD>_<VALUE>`.", ""]
        for block, reg, f, own in enums:
            bits = f"{f['msb']}:{f['lsb']}" if f["msb"] != f["lsb"] else f"{f['lsb']}"
            out += [f"### `{block}` {reg['name']}.{f['name']} [{bits}]", "", f["doc"], "",
                    "| value | name | meaning |", "|---|---|---|"]
            for e in own:
                out.append(f"| {e['value']} | `{e['name']}` | {e['doc']} |")
            out.append("")
    if st["status"]:
        out += ["## C API status codes (`cv_status_t`)", ""] + status_table(st)
        out += ["", "## Directions (`cv_dir_t`)", "", "| value | name | meaning |",
                "|---|---|---|"]
        out += [f"| {d['value']} | `{d['name']}` | {d['doc']} |" for d in st["dir"]]
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true",
                    help="only check that docs/memmap.md is up to date (exit 1 if not)")
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "gen",
                    help="folder for the C header and the Verilog include")
    args = ap.parse_args(argv)
    try:
        mm = load()
    except MapError as exc:
        print(f"memmap: {exc}", file=sys.stderr)
        return 2
    try:
        readme = ROOT / README_SOURCE
        docs = ((ROOT / "docs" / "memmap.md", gen_md(mm)),
                (ROOT / "docs" / "constants.md", gen_constants_md(mm)),
                (readme, gen_readme(mm, readme.read_text())))
        products = ((args.out / "cv_memmap.h", gen_c(mm)),
                    (args.out / "cv_consts.h", gen_consts_h(mm)),
                    (args.out / "cv_status_codes.h", gen_status_h(mm)),
                    (args.out / "soc_memmap.vh", gen_vh(mm)))
    except MapError as exc:
        print(f"memmap: {exc}", file=sys.stderr)
        return 2
    if args.check:
        stale = [p for p, text in docs if not p.exists() or p.read_text() != text]
        for p in stale:
            print(f"memmap: {p.relative_to(ROOT)} is out of date: run `make gen`",
                  file=sys.stderr)
        return 1 if stale else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for path, text in products + docs:
        # rewrite only on change so make-style dependencies do not rebuild needlessly
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
