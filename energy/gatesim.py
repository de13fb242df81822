# SPDX-License-Identifier: Apache-2.0
"""A zero-delay, cycle-based simulator of the energy netlist, compiled to C++ (energy/README.md).

Verilator's toggle coverage on this netlist generates far more C++ than compiles in the time
`make energy` has, so the toggles are counted by a simulator of our own, generated from yosys's JSON netlist:
- the hierarchy is flattened here: every net gets an index, every gate and flip-flop the group
  of the instance it sits in (group_of);
- a flip-flop with an enable or a synchronous reset (FF_TYPES) becomes gates, as the asic
  family maps it (a reset gate on the data, the enable's hold multiplexer), and a plain
  flip-flop, and its enable net is recorded (with a reset over the enable, enable | reset):
  flops sharing one enable net in one group are a register bank, which the model clock-gates
  (energy/tech.py), and the harness counts the cycles each enable net is high;
- the gates are sorted in topological order, cut into blocks (schedule) and written as
  straight-line C++, one function per block, one statement per gate on a byte per net; the
  flip-flops are a table (D, Q), the program and data memories (soc_ram, a black box in the
  netlist) a C++ model of soc_ram.v's ports (energy/sim/gsim.cpp);
- the harness (energy/sim/gsim.cpp) clocks it exactly as the Verilator harnesses do, evaluates
  only the blocks whose inputs changed (generate), and over each window of the RTL run
  (energy/sim/en_sim.cpp) adds each net's change per cycle, writing the per-net counts of each
  window to a binary file.

    python energy/gatesim.py [--netlist build/energy/netlist] [--out build/energy/gsim]
"""
from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# C++ of each gate on bytes holding 0 or 1 (pins A, B, C, D, S as yosys names them)
GATE_CPP = {
    "$_NOT_": "{A}^1", "$_BUF_": "{A}", "$alias": "{A}",
    "$_AND_": "{A}&{B}", "$_NAND_": "({A}&{B})^1", "$_OR_": "{A}|{B}", "$_NOR_": "({A}|{B})^1",
    "$_XOR_": "{A}^{B}", "$_XNOR_": "({A}^{B})^1",
    "$_ANDNOT_": "{A}&({B}^1)", "$_ORNOT_": "{A}|({B}^1)",
    "$_MUX_": "{S}?{B}:{A}", "$_NMUX_": "({S}?{B}:{A})^1",
    "$_AOI3_": "(({A}&{B})|{C})^1", "$_OAI3_": "(({A}|{B})&{C})^1",
    "$_AOI4_": "(({A}&{B})|({C}&{D}))^1", "$_OAI4_": "(({A}|{B})&({C}|{D}))^1",
}
TYPES = sorted(t for t in GATE_CPP if t != "$alias") + ["$_DFF_P_"]
# The flip-flop cells of the energy netlist (synth/run.py gate_mapping(enable_ffs=True)): plain,
# with an enable, and with a synchronous reset and an enable (reset over enable, enable over
# reset; reset value 0 or 1); Flat._flop maps each onto gates and a plain flop.
FF_TYPES = ("$_DFF_P_", "$_DFFE_PP_", "$_SDFFE_PP0P_", "$_SDFFE_PP1P_", "$_SDFFCE_PP0P_",
            "$_SDFFCE_PP1P_")
# Groups, in report order. An instance path's group: group_of.
ENGINES = {1: "aes", 2: "prince", 3: "present", 4: "chacha", 5: "sha3"}
GROUPS = ("core", "coupling", "aes", "prince", "present", "chacha", "sha3", "bus")
RAM_TYPE = "soc_ram"
STATEMENTS_PER_FILE = 6000
# The simulator's activity skipping (generate): at most BLOCK_GATES gates per block, a block
# cut where the group changes once it holds BLOCK_MIN_GATES; flip-flops in segments of
# SEG_FLOPS (a block reading one is evaluated when one of the segment's flops changed).
BLOCK_GATES = 256
BLOCK_MIN_GATES = 32
SEG_FLOPS = 32


def group_of(path: tuple[str, ...]) -> str:
    """The group of an instance path below soc_top: the core; each engine (the engine's own top
    inside its cpl_eng slot); the coupling layer (dispatcher, hub, DMA, the cpl_eng slot around
    each engine: CTR counters, bus slicing); bus and peripherals (crossbar, UART, timer,
    interrupt controller, simulation control, soc_top's own glue)."""
    if not path:
        return "bus"
    head = path[0]
    if head == "u_core":
        return "core"
    if head in ("u_cpi", "u_hub", "u_dma"):
        return "coupling"
    if head.startswith("g_eng["):
        e = int(head[len("g_eng["):head.index("]")])
        return ENGINES[e] if len(path) > 1 else "coupling"
    return "bus"


class Flat:
    """The flattened netlist: nets 0 and 1 are the constants."""

    def __init__(self, netlist: dict, top: str = "soc_top"):
        self.mods = netlist["modules"]
        self.n = 2
        self.gates: list[tuple[str, dict[str, int], int, str]] = []
        self.dffs: list[tuple[int, int, str]] = []
        self.dff_en: list[int] = []   # per flip-flop: its enable net, -1 for none
        self._share: dict[tuple, int] = {}
        self.rams: list[dict] = []
        self.name: dict[int, str] = {}
        self.clock: int | None = None
        top_mod = self.mods[top]
        pmap = {}
        self.ports: dict[str, list[int]] = {}
        self.top_inputs: set[str] = set()
        for pname, p in top_mod["ports"].items():  # inputs: a net each
            if p["direction"] == "input":
                self.ports[pname] = []
                self.top_inputs.add(pname)
                for b in p["bits"]:
                    pmap[b] = self._new(pname)
                    self.ports[pname].append(pmap[b])
        self._inst(top, (), pmap)
        for pname, p in top_mod["ports"].items():  # outputs: read where they are driven
            if p["direction"] == "output":
                self.ports[pname] = [1 if b == "1" else self.top_net.get(b, 0)
                                     for b in p["bits"]]

    def _gate(self, typ: str, pins: dict[str, int], grp: str, shared: bool = False) -> int:
        """A gate's output net; shared: one gate per distinct (type, inputs, group), for the
        inverted reset and the enable OR that a bank of flops shares."""
        key = (typ, tuple(sorted(pins.items())), grp)
        if shared and key in self._share:
            return self._share[key]
        out = self._new("")
        self.gates.append((typ, pins, out, grp))
        if shared:
            self._share[key] = out
        return out

    def _flop(self, typ: str, p: dict[str, int], grp: str) -> None:
        """A flip-flop of FF_TYPES as gates and a plain D flip-flop. A synchronous reset R to
        value v gates the data (D & ~R, or D | R); an enable E becomes the hold multiplexer
        (E ? data : Q) and is recorded as the flop's enable net. $_SDFFE_ (reset over enable)
        loads when E | R, $_SDFFCE_ (enable over reset) when E. A constant-1 enable is none."""
        d, q, en = p["D"], p["Q"], p.get("E", 1)
        if "R" in p:
            r = p["R"]
            if typ[-3] == "0":
                d = self._gate("$_AND_", {"A": d, "B": self._gate("$_NOT_", {"A": r}, grp,
                                                                   shared=True)}, grp)
            else:
                d = self._gate("$_OR_", {"A": d, "B": r}, grp)
            if typ.startswith("$_SDFFE_") and en != 1:
                en = self._gate("$_OR_", {"A": en, "B": r}, grp, shared=True)
        if en != 1:
            d = self._gate("$_MUX_", {"A": q, "B": d, "S": en}, grp)
        self.dffs.append((d, q, grp))
        self.dff_en.append(en if en != 1 else -1)

    def _new(self, name: str) -> int:
        i = self.n
        self.n += 1
        self.name[i] = name
        return i

    def _inst(self, mname: str, path: tuple[str, ...], pmap: dict) -> None:
        mod = self.mods[mname]
        local = dict(pmap)
        if not path:
            self.top_net = local

        def net(b) -> int:
            if b in ("0", "x", "z"):
                return 0
            if b == "1":
                return 1
            if b not in local:
                local[b] = self._new("")
            return local[b]

        for nn, info in mod["netnames"].items():  # names for the report
            for k, b in enumerate(info["bits"]):
                if isinstance(b, int):
                    i = net(b)
                    if not self.name.get(i):
                        self.name[i] = ".".join(path + (nn,)) + (f"[{k}]" if len(
                            info["bits"]) > 1 else "")
        grp = group_of(path)
        for cname, c in mod["cells"].items():
            typ, conn = c["type"], c["connections"]
            if typ in GATE_CPP:
                pins = {k: net(v[0]) for k, v in conn.items() if k != "Y"}
                self.gates.append((typ, pins, net(conn["Y"][0]), grp))
            elif typ in FF_TYPES:
                clk = net(conn["C"][0])
                if self.clock is None:
                    self.clock = clk
                elif clk != self.clock:
                    raise ValueError(f"{'.'.join(path + (cname,))}: a second clock")
                self._flop(typ, {k: net(v[0]) for k, v in conn.items() if k != "C"}, grp)
            elif typ == RAM_TYPE:
                self.rams.append({"name": cname, "params": c["parameters"],
                                  "pins": {k: [net(b) for b in v] for k, v in conn.items()}})
            elif typ in self.mods:
                # A submodule's port bits map to the parent's nets: inputs first. An output bit
                # that is an input bit or another output bit inside (a feed-through) or a
                # constant drives its parent net through an alias (no cell, no energy).
                sub = self.mods[typ]
                smap: dict = {}
                aliases = []
                for want in ("input", "output"):
                    for pn, p in sub["ports"].items():
                        if p["direction"] != want:
                            continue
                        for sb, pb in zip(p["bits"], conn.get(pn, [])):
                            if not isinstance(sb, int):
                                if want == "output":
                                    aliases.append((net(pb), 1 if sb == "1" else 0))
                            elif sb in smap:
                                if want == "output" and net(pb) != smap[sb]:
                                    aliases.append((net(pb), smap[sb]))
                            else:
                                smap[sb] = net(pb)
                self._inst(typ, path + (cname,), smap)
                for dst, src in aliases:
                    if dst > 1:
                        self.gates.append(("$alias", {"A": src}, dst, grp))
            else:
                raise ValueError(f"{'.'.join(path + (cname,))}: cell type {typ} not simulated")

    def order(self) -> list[int]:
        """Gate indices in topological order (flops, memories and inputs are the sources)."""
        driver = {}
        for i, (_, _, out, _) in enumerate(self.gates):
            if out in driver:
                raise ValueError(f"net {self.name.get(out)} has two drivers")
            driver[out] = i
        deps = [[driver[x] for x in pins.values() if x in driver]
                for _, pins, _, _ in self.gates]
        users: list[list[int]] = [[] for _ in self.gates]
        indeg = [0] * len(self.gates)
        for i, ds in enumerate(deps):
            for d in ds:
                users[d].append(i)
                indeg[i] += 1
        ready = [i for i, k in enumerate(indeg) if k == 0]
        out = []
        while ready:
            i = ready.pop()
            out.append(i)
            for u in users[i]:
                indeg[u] -= 1
                if indeg[u] == 0:
                    ready.append(u)
        if len(out) != len(self.gates):
            raise ValueError("combinational loop in the netlist")
        return out

    def categories(self) -> tuple[np.ndarray, np.ndarray]:
        """Per net: its driver's type index in TYPES and group index in GROUPS (-1: an input,
        a constant or a memory output, not a cell of the netlist)."""
        typ = np.full(self.n, -1, np.int16)
        grp = np.full(self.n, -1, np.int16)
        for t, _, out, g in self.gates:
            if t in TYPES:
                typ[out], grp[out] = TYPES.index(t), GROUPS.index(g)
        for _, q, g in self.dffs:
            typ[q], grp[q] = TYPES.index("$_DFF_P_"), GROUPS.index(g)
        return typ, grp


def enables(flat: Flat) -> tuple[list[int], np.ndarray]:
    """The distinct enable nets (a constant-1 enable is no enable) and, per flip-flop, the
    index of its enable net in that list (-1: clocked every cycle)."""
    nets = sorted({e for e in flat.dff_en if e > 1})
    idx = {e: k for k, e in enumerate(nets)}
    return nets, np.array([idx.get(e, -1) for e in flat.dff_en], np.int32)


def ram_param(ram: dict, key: str) -> int | str:
    v = ram["params"][key]
    return int(v, 2) if isinstance(v, str) and set(v) <= {"0", "1"} else v


def schedule(flat: Flat, max_gates: int, min_gates: int) -> list[list[int]]:
    """The gates in topological order, cut into blocks: Kahn's algorithm that stays in one group
    while that group has a gate ready (a stack, so it follows each gate's fanout, and a block
    tends to be one cone), a block ending where the group changes (once it holds min_gates) or
    at max_gates. Every gate of a block reads only nets of earlier blocks, of its own block's
    earlier gates, or sources (flip-flops, memories, inputs)."""
    order = flat.order()   # checks for two drivers and combinational loops
    driver = {out: i for i, (_, _, out, _) in enumerate(flat.gates)}
    users: list[list[int]] = [[] for _ in flat.gates]
    indeg = [0] * len(flat.gates)
    for i, (_, pins, _, _) in enumerate(flat.gates):
        for x in set(pins.values()):
            if x in driver:
                users[driver[x]].append(i)
                indeg[i] += 1
    gidx = [GROUPS.index(g) for _, _, _, g in flat.gates]
    ready: list[list[int]] = [[] for _ in GROUPS]
    for i in reversed(order):
        if indeg[i] == 0:
            ready[gidx[i]].append(i)
    blocks: list[list[int]] = [[]]
    cur, done = 0, 0
    while done < len(flat.gates):
        if not ready[cur]:
            cur = max(range(len(GROUPS)), key=lambda g: len(ready[g]))
            if len(blocks[-1]) >= min_gates:
                blocks.append([])
        i = ready[cur].pop()
        if len(blocks[-1]) >= max_gates:
            blocks.append([])
        blocks[-1].append(i)
        done += 1
        for u in users[i]:
            indeg[u] -= 1
            if indeg[u] == 0:
                ready[gidx[u]].append(u)
    return [b for b in blocks if b]


def generate(flat: Flat, out: Path) -> list[Path]:
    """Write the model's C++ (gsim_model.h and gsim_comb<k>.cpp files); returns the files.

    The nets are numbered anew for the simulator (GSIM_ORIG maps each back to the Flat's index,
    the numbering of every file a run writes): first the sources in segments (each input port,
    flip-flops in runs of SEG_FLOPS sorted by group and enable net, each memory read port's
    32-bit lanes, then the undriven nets), then each block's gate outputs in its evaluation
    order. A block is a function; the harness (energy/sim/gsim.cpp) evaluates a block only when
    a net it reads from a segment or another block changed since its last evaluation: in a
    zero-delay simulation its outputs are a function of those nets, so a skipped block's nets
    hold the values an evaluation would give and toggle nowhere."""
    out.mkdir(parents=True, exist_ok=True)
    blocks = schedule(flat, BLOCK_GATES, BLOCK_MIN_GATES)
    rams = {}
    for r in flat.rams:
        which = str(ram_param(r, "INIT_PLUSARG"))
        if ram_param(r, "B_BITS") not in (32, 128):
            raise ValueError("the gate simulator models soc_ram with B_BITS = 32 or 128 only")
        rams[which] = r
    if set(rams) != {"imem", "dmem"}:
        raise ValueError(f"expected the imem and dmem soc_ram instances, found {sorted(rams)}")

    # sources, in segments
    segs: list[list[int]] = []
    for pname, bits in flat.ports.items():
        if pname == "clk_i":  # never driven: the harness clocks the flip-flop table
            continue
        ins = [b for b in bits if b > 1]
        if ins and pname in flat.top_inputs:
            segs.append(ins)
    en_of = flat.dff_en
    fl = sorted(range(len(flat.dffs)), key=lambda i: (GROUPS.index(flat.dffs[i][2]), en_of[i], i))
    for k in range(0, len(fl), SEG_FLOPS):
        segs.append([flat.dffs[i][1] for i in fl[k:k + SEG_FLOPS]])
    for which in sorted(rams):
        pins = rams[which]["pins"]
        for pin in ("a_rdata_o", "b_rdata_o"):
            bits = pins[pin]
            for k in range(0, len(bits), 32):
                segs.append([b for b in bits[k:k + 32] if b > 1])
    new = np.full(flat.n, -1, np.int64)
    new[0], new[1] = 0, 1
    nxt = 2
    seg_lo = []
    for sg in segs:
        seg_lo.append(nxt)
        for b in sg:
            if new[b] >= 0:
                raise ValueError(f"net {flat.name.get(b)} driven twice")
            new[b] = nxt
            nxt += 1
    seg_lo.append(nxt)
    gate_out = np.zeros(flat.n, bool)
    for _, _, o, _ in flat.gates:
        gate_out[o] = True
    undriven = [i for i in range(2, flat.n) if new[i] < 0 and not gate_out[i]]
    for i in undriven:
        new[i] = nxt
        nxt += 1
    n_src = nxt
    blk_lo = []
    for b in blocks:
        blk_lo.append(nxt)
        for i in b:
            o = flat.gates[i][2]
            if new[o] >= 0:
                raise ValueError(f"net {flat.name.get(o)} driven twice")
            new[o] = nxt
            nxt += 1
    blk_lo.append(nxt)
    assert nxt == flat.n
    # who reads whom: per segment and per block, the blocks that read one of its nets
    owner = np.full(flat.n, -1, np.int64)        # block index, or -2 - segment index
    for k, sg in enumerate(segs):
        for b in sg:
            owner[new[b]] = -2 - k
    for k in range(len(blocks)):
        owner[blk_lo[k]:blk_lo[k + 1]] = k
    seg_rd: list[set[int]] = [set() for _ in segs]
    blk_rd: list[set[int]] = [set() for _ in blocks]
    for k, b in enumerate(blocks):
        for i in b:
            for x in flat.gates[i][1].values():
                w = owner[new[x]]
                if w >= 0 and w != k:
                    blk_rd[w].add(k)
                elif w <= -2:
                    seg_rd[-2 - w].add(k)

    files = []
    src: list[str] = []
    fns = []
    for k, b in enumerate(blocks):
        stmts = [f"v[{new[o]}]=" + GATE_CPP[typ].format(**{p: f"v[{new[x]}]" for p, x in
                                                           pins.items()}) + ";"
                 for typ, pins, o, _ in (flat.gates[i] for i in b)]
        src.append(f"void gsim_b{k}(uint8_t* __restrict v) {{\n" + "\n".join(stmts) + "\n}")
        fns.append(len(stmts))
        if sum(fns) >= STATEMENTS_PER_FILE or k == len(blocks) - 1:
            p = out / f"gsim_comb{len(files)}.cpp"
            p.write_text("// Generated by energy/gatesim.py. Do not edit.\n#include <cstdint>\n"
                         + "\n".join(src) + "\n")
            files.append(p)
            src, fns = [], []

    def arr(name: str, ids, typ: str = "int32_t") -> str:
        ids = [int(x) for x in ids]
        return f"static const {typ} {name}[{max(1, len(ids))}] = {{{','.join(map(str, ids)) or '0'}}};"

    def csr(prefix: str, sets: list[set[int]]) -> list[str]:
        off, flat_ = [0], []
        for s_ in sets:
            flat_ += sorted(s_)
            off.append(len(flat_))
        return [arr(f"{prefix}_RD_OFF", off), arr(f"{prefix}_RD", flat_)]

    orig = np.empty(flat.n, np.int64)
    orig[new] = np.arange(flat.n)
    en_nets = enables(flat)[0]
    hdr = ["// Generated by energy/gatesim.py. Do not edit.", "#pragma once", "#include <cstdint>",
           f"constexpr int32_t GSIM_NETS = {flat.n};",
           f"constexpr int32_t GSIM_SRC = {n_src};",
           f"constexpr int32_t GSIM_DFFS = {len(flat.dffs)};",
           arr("GSIM_DFF_D", [new[d] for d, _, _ in flat.dffs]),
           arr("GSIM_DFF_Q", [new[q] for _, q, _ in flat.dffs]),
           f"constexpr int32_t GSIM_NEN = {len(en_nets)};",
           arr("GSIM_EN", [new[e] for e in en_nets]),
           arr("GSIM_ORIG", orig),
           f"constexpr int32_t GSIM_NSEG = {len(segs)};",
           arr("GSIM_SEG_LO", seg_lo), *csr("GSIM_SEG", seg_rd),
           f"constexpr int32_t GSIM_NBLK = {len(blocks)};",
           arr("GSIM_BLK_LO", blk_lo), *csr("GSIM_BLK", blk_rd)]
    for p in ("rst_ni", "uart_rx_i", "uart_tx_o", "uart_div_o", "sim_exit_valid_o",
              "sim_exit_code_o", "sim_putc_valid_o", "sim_putc_char_o", "retire_o"):
        hdr.append(arr(f"GSIM_{p.upper()}", [new[x] for x in flat.ports[p]]))
    for which, r in rams.items():
        hdr.append(f"constexpr uint32_t GSIM_{which.upper()}_BYTES = {ram_param(r, 'BYTES')};")
        for pin, ids in sorted(r["pins"].items()):
            if pin != "clk_i":
                hdr.append(arr(f"GSIM_{which.upper()}_{pin.upper()}", [new[x] for x in ids]))
    hdr += [f"void gsim_b{k}(uint8_t* __restrict v);" for k in range(len(blocks))]
    hdr.append("static void (*const GSIM_BLK_FN[])(uint8_t* __restrict) = {"
               + ",".join(f"gsim_b{k}" for k in range(len(blocks))) + "};")
    (out / "gsim_model.h").write_text("\n".join(hdr) + "\n")
    return files


def build(netlist_dir: Path, out: Path, force: bool = False) -> tuple[Path, Flat | None]:
    """Generate and compile the simulator (build/energy/gsim/gsim) unless it is up to date
    with the netlist and the harness. Returns the binary and, when it was rebuilt, the Flat."""
    out.mkdir(parents=True, exist_ok=True)
    harness = ROOT / "energy" / "sim" / "gsim.cpp"
    h = hashlib.sha256()
    for f in (netlist_dir / "sources.sha256", harness, Path(__file__)):
        h.update(f.read_bytes())
    digest = h.hexdigest()
    binary = out / "gsim"
    stamp = out / "build.sha256"
    if not force and binary.exists() and stamp.exists() and stamp.read_text().strip() == digest:
        return binary, None
    flat = Flat(json.loads((netlist_dir / "netlist.json").read_text()))
    compile_sim(flat, out, binary)
    stamp.write_text(digest + "\n")
    return binary, flat


def compile_sim(flat: Flat, out: Path, binary: Path) -> None:
    """Generate the C++ of a flattened netlist into out/src, compile it with the harness into
    binary, and write each net's type, group and name beside it (out/net_*.npy, .json)."""
    harness = ROOT / "energy" / "sim" / "gsim.cpp"
    srcs = generate(flat, out / "src")
    typ, grp = flat.categories()
    np.save(out / "net_type.npy", typ)
    np.save(out / "net_group.npy", grp)
    # per flip-flop: its group and the index of its enable net in the harness's GSIM_EN
    np.save(out / "ff_group.npy", np.array([GROUPS.index(g) for _, _, g in flat.dffs], np.int16))
    np.save(out / "ff_enable.npy", enables(flat)[1])
    (out / "net_names.json").write_text(json.dumps([flat.name.get(i, "") for i in
                                                    range(flat.n)]))
    (out / "obj").mkdir(exist_ok=True)
    objs = [out / "obj" / (s.stem + ".o") for s in [*srcs, harness]]

    def cc(src: Path, obj: Path) -> None:
        subprocess.run(["g++", "-O1", "-std=c++17", "-c",
                        f"-I{out / 'src'}", f"-I{ROOT / 'build' / 'gen'}",
                        f"-I{ROOT / 'fw' / 'runtime' / 'include'}", str(src), "-o", str(obj)],
                       check=True)

    # one compiler per core: the files are independent
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        for f in [pool.submit(cc, s, o) for s, o in zip([*srcs, harness], objs)]:
            f.result()
    subprocess.run(["g++", "-o", str(binary), *map(str, objs)], check=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--netlist", type=Path, default=ROOT / "build" / "energy" / "netlist")
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "energy" / "gsim")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args(argv)
    binary, flat = build(args.netlist, args.out, args.force)
    if flat:
        print(f"gsim: {flat.n:,} nets, {len(flat.gates):,} gates, {len(flat.dffs):,} flip-flops")
    print(f"gsim: {binary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
