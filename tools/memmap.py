# SPDX-License-Identifier: Apache-2.0
"""Generate the memory-map products from the single sources.

Sources:
  soc/memmap.toml        the regions (name, base, size, kind, doc)
  soc/regs/*.toml        register blocks of the SoC peripherals
  coupling/regs/*.toml   the DMA block, and the engine-window layout shared by every engine
  engines/*/regs.toml    register blocks of the engines (include the shared layout)

A register file names its region with `block = "<region>"` and lists `[[reg]]` tables
(name, offset, access in rw/ro/wo/w1c, reset, doc, optional count = N for an array of N
consecutive words) each with optional `[[reg.field]]` tables (name, bits = "MSB:LSB" or "N",
doc). A file may also list interrupt lines `[[line]]` (name, num): the interrupt controller's
inputs. A file with `template = "<name>"` instead of `block` is a layout shared by several
blocks: it is emitted once under its own name (CV_<NAME>_...) and a block file pulls it in with
`include = "<path>"`; the block's own `[[reg]]` tables then add registers, or add fields to (and
may replace the doc of) an included register of the same name. The format is documented in
soc/README.md.

Products:
  build/gen/cv_memmap.h   C: base addresses, sizes, register offsets/addresses, field masks
  build/gen/soc_memmap.vh Verilog `defines used by soc_xbar and the peripherals
  docs/memmap.md          the documentation table (committed; `--check` verifies it is current)
"""
from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ACCESS = ("rw", "ro", "wo", "w1c")


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
             + sorted((root / "coupling" / "regs").glob("*.toml"))
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
            merged = [dict(r, field=list(r.get("field", []))) for r in inc.get("reg", [])]
            by_name = {r["name"]: r for r in merged}
            for reg in raw:
                base = by_name.get(reg.get("name"))
                if base is None:
                    merged.append(reg)
                    continue
                base["field"] += reg.get("field", [])
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
    return {"regions": regions, "blocks": blocks, "templates": templates,
            "lines": sorted(lines, key=lambda x: x["num"])}


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
                           "doc": f.get("doc", "")})
        regs.append({"name": reg["name"], "offset": reg["offset"], "access": reg["access"],
                     "count": count, "reset": reg.get("reset", 0), "doc": reg["doc"],
                     "fields": fields})
    return sorted(regs, key=lambda r: r["offset"])


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
    for ln in mm["lines"]:
        out.append(f"`define {_cid('CV_IRQ', ln['name'])} {ln['num']}")
    out.append(f"`define CV_IRQ_COUNT {len(mm['lines'])}")
    out += ["`endif", ""]
    return "\n".join(out)


def gen_md(mm: dict) -> str:
    out = ["# Cipher-V memory map", "",
           "Generated by `tools/memmap.py` from `soc/memmap.toml`, `soc/regs/*.toml` and "
           "`engines/*/regs.toml`; do not edit (a test checks it is current).", "",
           "Addresses not covered by a region answer with a bus error (access-fault trap).", "",
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
            fdocs = " ".join(f"{f['name']}: {f['doc']}" for f in reg["fields"] if f["doc"])
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
    md_path = ROOT / "docs" / "memmap.md"
    md = gen_md(mm)
    if args.check:
        if not md_path.exists() or md_path.read_text() != md:
            print("memmap: docs/memmap.md is out of date: run `make gen`", file=sys.stderr)
            return 1
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    for path, text in ((args.out / "cv_memmap.h", gen_c(mm)),
                       (args.out / "soc_memmap.vh", gen_vh(mm)), (md_path, md)):
        # rewrite only on change so make-style dependencies do not rebuild needlessly
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
