# SPDX-License-Identifier: Apache-2.0
"""CI subset of `make energy` (energy/README.md): the pieces of the flow on small inputs.

The full run (the SoC's netlist, its simulator and the cases) takes minutes and is `make
energy`; here: the generated C++ gate functions against the Python evaluator, the flattener on
a hand-made netlist, the calibration, the memory interpolation, the model's arithmetic and one
block through the `asic` synthesis family.
"""
from __future__ import annotations

import itertools
import subprocess
from pathlib import Path

import numpy as np
import pytest

from energy import calib, gatesim, tech
from synth import run as synth

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "build" / "energy" / "ci"


def test_ge_weights() -> None:
    """NAND2 is one GE; every cell of the gate set has a weight; the flip-flop is the largest."""
    assert tech.GE["$_NAND_"] == 1.0
    mapped = {"$_" + g + "_" for g in tech.ABC_GATES.split(",")} | {"$_NOT_", "$_DFF_P_"}
    assert mapped <= set(tech.GE) and mapped <= set(gatesim.TYPES)
    assert max(tech.GE, key=tech.GE.get) == "$_DFF_P_"
    assert tech.ge_of({"$_NAND_": 3, "$_DFF_P_": 1, "other": 7}) == pytest.approx(
        3 + tech.GE["$_DFF_P_"])


def test_sram_interpolation() -> None:
    """The published points are met, sizes between them interpolate monotonically, a 32-bit
    access is half a 64-bit one."""
    for size, pj in tech.HOROWITZ_SRAM_PJ.items():
        assert tech.sram_access_pj(size, 64) == pytest.approx(pj)
    e = [tech.sram_access_pj(s, 64) for s in (8192, 16384, 65536, 262144, 1 << 20)]
    assert e == sorted(e)
    assert tech.sram_access_pj(65536, 32) == pytest.approx(tech.sram_access_pj(65536, 64) / 2)


def _cpp_eval(expr: str, pins: dict[str, int]) -> int:
    """A GATE_CPP expression evaluated in Python (the mux's ?: rewritten)."""
    e = expr.format(**{k: str(v) for k, v in pins.items()})
    if "?" in e:
        inv = e.endswith("^1") and e.startswith("(")
        body = e[1:-3] if inv else e
        s, rest = body.split("?")
        b, a = rest.split(":")
        v = int(b) if int(s) else int(a)
        return v ^ 1 if inv else v
    return eval(e) & 1  # noqa: S307  (digits and & | ^ only)


@pytest.mark.parametrize("typ", sorted(t for t in gatesim.GATE_CPP if t != "$alias"))
def test_gate_functions_agree(typ: str) -> None:
    """Each gate's C++ statement and the numpy evaluator give the same output on every input."""
    pins = [p for p in "ABCDS" if "{" + p + "}" in gatesim.GATE_CPP[typ]]
    for vals in itertools.product((0, 1), repeat=len(pins)):
        p = dict(zip(pins, vals))
        want = calib.GATE_FUN[typ]({k: np.array([bool(v)]) for k, v in p.items()})
        assert _cpp_eval(gatesim.GATE_CPP[typ], p) == int(want[0]), (typ, p)


def _mod(ports: dict, cells: dict, netnames: dict | None = None) -> dict:
    return {"ports": {n: {"direction": d, "bits": b} for n, (d, b) in ports.items()},
            "cells": cells, "netnames": netnames or {}}


def test_flatten_feedthrough_and_constants() -> None:
    """A submodule output that is its input inside, or a constant, still drives the parent's
    net (an alias, not a cell); gates get the group of their instance path."""
    sub = _mod({"i": ("input", [2]), "o": ("output", [2]), "one": ("output", ["1"]),
                "n": ("output", [3])},
               {"g": {"type": "$_NOT_", "connections": {"A": [2], "Y": [3]}}})
    top = _mod({"clk_i": ("input", [2]), "a": ("input", [3]), "y": ("output", [4]),
                "k": ("output", [5]), "q": ("output", [7])},
               {"u_core": {"type": "sub", "connections": {"i": [3], "o": [4], "one": [5],
                                                          "n": [6]}},
                "ff": {"type": "$_DFF_P_", "connections": {"C": [2], "D": [6], "Q": [7]}}})
    flat = gatesim.Flat({"modules": {"top": top, "sub": sub}}, top="top")
    kinds = sorted(g[0] for g in flat.gates)
    assert kinds == ["$_NOT_", "$alias", "$alias"]
    assert [g[3] for g in flat.gates if g[0] == "$_NOT_"] == ["core"]
    assert len(flat.dffs) == 1 and flat.dffs[0][2] == "bus"
    # evaluate in topological order: y follows a, k is 1, the flop's D is not a
    for a in (0, 1):
        v = np.zeros(flat.n, np.uint8)
        v[1] = 1
        v[flat.ports["a"][0]] = a
        for i in flat.order():
            typ, pins, out, _ = flat.gates[i]
            v[out] = _cpp_eval(gatesim.GATE_CPP[typ], {k: int(v[x]) for k, x in pins.items()})
        assert v[flat.ports["y"][0]] == a and v[flat.ports["k"][0]] == 1
        assert v[flat.dffs[0][0]] == 1 - a
    typ, grp = flat.categories()
    assert grp[flat.dffs[0][1]] == gatesim.GROUPS.index("bus")


def test_group_of() -> None:
    assert gatesim.group_of(("u_core", "x")) == "core"
    assert gatesim.group_of(("u_hub",)) == "coupling"
    assert gatesim.group_of(("g_eng[1].g_on.u_eng",)) == "coupling"
    assert gatesim.group_of(("g_eng[1].g_on.u_eng", "genblk1.g_aes.u_eng")) == "aes"
    assert gatesim.group_of(("g_eng[5].g_on.u_eng", "u")) == "sha3"
    assert gatesim.group_of(("u_uart",)) == "bus"
    assert gatesim.group_of(()) == "bus"


def test_calibration() -> None:
    """The adder maps, adds (calibrate checks every sample) and gives a plausible E_GE."""
    cal = calib.calibrate(OUT / "calib")
    assert 50 < cal["ge_toggles_per_add"] < 1000
    assert 0.05 < cal["e_ge_fj_45nm"] < 10
    assert cal["e_ge_fj_65nm"] == pytest.approx(cal["e_ge_fj_45nm"] * tech.SCALE_65NM, rel=1e-3)


def test_model_arithmetic(tmp_path: Path) -> None:
    """energy/run.py's Model on made-up categories: switching = toggles x GE x E_GE, clock per
    flip-flop and cycle, leakage per GE and time, memories per access."""
    from energy import run as erun
    types = np.array([gatesim.TYPES.index("$_NAND_"), gatesim.TYPES.index("$_DFF_P_"), -1],
                     np.int16)
    groups = np.array([0, 0, -1], np.int16)
    np.save(tmp_path / "net_type.npy", types)
    np.save(tmp_path / "net_group.npy", groups)
    cal = {"e_ge_fj_45nm": 1.0}
    m = erun.Model(tmp_path, cal)
    rec = m.case(np.array([10, 4, 99], np.uint32), 100, {"imem_read": 3})
    g = gatesim.GROUPS[0]
    e = 1e-3  # pJ per GE toggle
    assert rec["toggles"][g] == 14
    assert rec["pj_45nm"][g]["switching"] == pytest.approx(
        (10 * 1 + 4 * tech.GE["$_DFF_P_"]) * e, abs=1e-3)
    assert rec["pj_45nm"][g]["clock"] == pytest.approx(
        100 * 2 * tech.CLOCK_PIN_GE * e * (1 + tech.CLOCK_TREE_FACTOR), abs=1e-3)
    leak = (1 + tech.GE["$_DFF_P_"]) * tech.LEAK_NW_PER_GE * 100 / tech.CLOCK_MHZ * 1e-3
    assert rec["pj_45nm"][g]["leakage"] == pytest.approx(leak, abs=1e-3)
    assert rec["pj_45nm"]["memories"]["access"] == pytest.approx(3 * m.sram_pj, abs=1e-3)
    assert rec["pj_65nm"][g]["switching"] == pytest.approx(
        rec["pj_45nm"][g]["switching"] * tech.SCALE_65NM, abs=1e-2)


def test_enable_flop_split_and_banks() -> None:
    """An enable flip-flop becomes its hold multiplexer and a plain flop; its enable net is
    recorded, and a constant enable is no enable."""
    cells = {f"ff{k}": {"type": "$_DFFE_PP_", "connections": {"C": [2], "D": [3], "E": [4],
                                                              "Q": [10 + k]}}
             for k in range(3)}
    cells["fc"] = {"type": "$_DFFE_PP_", "connections": {"C": [2], "D": [3], "E": ["1"],
                                                         "Q": [20]}}
    cells["fp"] = {"type": "$_DFF_P_", "connections": {"C": [2], "D": [3], "Q": [21]}}
    top = _mod({"clk_i": ("input", [2]), "d": ("input", [3]), "e": ("input", [4]),
                "q": ("output", [10])}, cells)
    flat = gatesim.Flat({"modules": {"top": top}}, top="top")
    assert sorted(g[0] for g in flat.gates) == ["$_MUX_"] * 3  # none for the constant enable
    nets, idx = gatesim.enables(flat)
    assert nets == [flat.ports["e"][0]] and list(idx) == [0, 0, 0, -1, -1]
    for (d, q, _), en in zip(flat.dffs, flat.dff_en):
        if en >= 0:  # D is the hold mux: Q when the enable is low, the data when high
            mux = next(g for g in flat.gates if g[2] == d)
            assert mux[1] == {"A": q, "B": flat.ports["d"][0], "S": en}


@pytest.mark.parametrize("typ", gatesim.FF_TYPES)
def test_flop_types_next_state(typ: str) -> None:
    """Each flip-flop cell of the energy netlist, as gates and a plain flop, takes the next
    state yosys defines for it on every input, and loads exactly when its enable net is high."""
    pins = ["D"] + (["E"] if "E_" in typ else []) + (["R"] if typ.startswith("$_SDFF") else [])
    ports = {"clk_i": ("input", [2]), "q": ("output", [10])}
    conn = {"C": [2], "Q": [10]}
    for k, p in enumerate(pins):
        ports[p.lower()] = ("input", [3 + k])
        conn[p] = [3 + k]
    flat = gatesim.Flat({"modules": {"top": _mod(ports, {"ff": {"type": typ,
                                                                  "connections": conn}})}},
                        top="top")
    d_net, q_net, _ = flat.dffs[0]
    en_net = flat.dff_en[0]
    rv = 1 if typ.endswith("1P_") else 0
    for vals in itertools.product((0, 1), repeat=len(pins) + 1):
        v = np.zeros(flat.n, np.uint8)
        v[1] = 1
        x = dict(zip(pins + ["Q"], vals))
        for p in pins:
            v[flat.ports[p.lower()][0]] = x[p]
        v[q_net] = x["Q"]
        for i in flat.order():
            t, gp, out, _ = flat.gates[i]
            v[out] = _cpp_eval(gatesim.GATE_CPP[t], {k: int(v[n]) for k, n in gp.items()})
        e, r = x.get("E", 1), x.get("R", 0)
        if typ.startswith("$_SDFFCE_"):
            want = (rv if r else x["D"]) if e else x["Q"]
        else:  # reset over enable
            want = rv if r else (x["D"] if e else x["Q"])
        assert v[d_net] == want, (typ, x)
        if en_net >= 0 and not v[en_net]:
            assert want == x["Q"]


def test_model_clock_gating(tmp_path: Path) -> None:
    """With the enable map: a bank of CG_MIN_BITS flops is clocked in its enabled cycles plus
    its ICG every cycle; a smaller bank and a plain flop every cycle; the ungated figure
    charges every flop every cycle."""
    from energy import run as erun
    ff, n_bank = gatesim.TYPES.index("$_DFF_P_"), tech.CG_MIN_BITS
    n = n_bank + 2 + 1
    np.save(tmp_path / "net_type.npy", np.full(n, ff, np.int16))
    np.save(tmp_path / "net_group.npy", np.zeros(n, np.int16))
    np.save(tmp_path / "ff_group.npy", np.zeros(n, np.int16))
    np.save(tmp_path / "ff_enable.npy", np.array([0] * n_bank + [1, 1] + [-1], np.int32))
    m = erun.Model(tmp_path, {"e_ge_fj_45nm": 1.0})
    g = gatesim.GROUPS[0]
    assert m.banks[g][1].tolist() == [n_bank] and m.ungated[g] == 3
    rec = m.case(np.zeros(n, np.uint32), 100, {}, np.array([7, 50], np.uint32))
    per_pin = 2 * tech.CLOCK_PIN_GE * 1e-3 * (1 + tech.CLOCK_TREE_FACTOR)
    pins = (n_bank * 7 + tech.ICG_CLOCK_PINS * 100 + 3 * 100) if tech.CLOCK_GATING else n * 100
    assert rec["pj_45nm"][g]["clock"] == pytest.approx(pins * per_pin, abs=1e-3)
    assert rec["clock_ungated_pj_45nm"][g] == pytest.approx(n * 100 * per_pin, abs=1e-3)


def test_asic_family_block() -> None:
    """One block through synth/run.py --family asic: kGE, flip-flops, the RAM split."""
    entry = next(e for e in synth.load_entries() if (e.block, e.config) == ("present", "key80"))
    d = synth.run_job(entry, "asic", OUT / "synth")
    rec = synth.record_of(d)
    assert list(rec) == list(synth.RECORD_KEYS)
    assert rec["kge"] > 1 and rec["ffs"] > 100 and rec["luts"] is None
    assert d["sram_bits"] == 0 and d["ram_ff_bits"] > 0  # the round-key cache: flip-flops
    assert d["kge"] == pytest.approx(d["kge_logic"] + d["kge_ff"], abs=0.02)
    assert not d["other"], d["other"]


def test_generated_cpp_compiles(tmp_path: Path) -> None:
    """The generator's C++ for a hand-made netlist compiles (the header and one comb file)."""
    m = _mod({"a": ("input", [2]), "b": ("input", [3]), "y": ("output", [4])},
             {"g": {"type": "$_AOI4_", "connections": {"A": [2], "B": [3], "C": [2], "D": [3],
                                                       "Y": [4]}}})
    flat = gatesim.Flat({"modules": {"top": m}}, top="top")
    order = flat.order()
    assert len(order) == 1
    src = tmp_path / "c.cpp"
    typ, pins, out, _ = flat.gates[0]
    stmt = f"v[{out}]=" + gatesim.GATE_CPP[typ].format(**{k: f"v[{x}]" for k, x in
                                                          pins.items()}) + ";"
    src.write_text("#include <cstdint>\nvoid f(uint8_t* v){" + stmt + "}\n")
    subprocess.run(["g++", "-c", "-o", str(tmp_path / "c.o"), str(src)], check=True)


def _tiny_soc(dmem_b_bits: int = 32, dmem_b_reads: bool = False) -> dict:
    """soc_top's ports around one flip-flop that inverts itself every cycle (q, its inverter
    output nq) and the two memories with idle pins: what gsim.cpp needs, and nothing else.
    dmem_b_bits: the data memory's port-B width; dmem_b_reads: its port B reads row 0 in
    every cycle."""
    zero = lambda n: ["0"] * n  # noqa: E731
    cells = {"ff": {"type": "$_DFF_P_", "connections": {"C": [2], "D": [6], "Q": [5]}},
             "inv": {"type": "$_NOT_", "connections": {"A": [5], "Y": [6]}}}
    nxt = 100
    for which in ("imem", "dmem"):
        bb = dmem_b_bits if which == "dmem" else 32
        bw = 14 - (bb // 32).bit_length() + 1
        pins = {"clk_i": [2], "a_req_i": ["0"], "a_we_i": ["0"], "a_addr_i": zero(14),
                "a_be_i": zero(4), "a_wdata_i": zero(32),
                "b_req_i": ["1" if which == "dmem" and dmem_b_reads else "0"],
                "b_we_i": ["0"], "b_addr_i": zero(bw), "b_be_i": zero(bb // 8),
                "b_wdata_i": zero(bb), "c_req_i": ["0"], "c_addr_i": zero(bw),
                "c_be_i": zero(bb // 8), "c_wdata_i": zero(bb)}
        pins["a_rdata_o"] = list(range(nxt, nxt + 32))
        pins["b_rdata_o"] = list(range(nxt + 32, nxt + 32 + bb))
        nxt += 32 + bb
        cells[f"u_{which}"] = {"type": "soc_ram", "connections": pins, "parameters": {
            "BYTES": format(65536, "032b"), "B_BITS": format(bb, "032b"),
            "INIT_PLUSARG": which}}
    top = _mod({"clk_i": ("input", [2]), "rst_ni": ("input", [3]), "uart_rx_i": ("input", [4]),
                "uart_tx_o": ("output", ["1"]), "uart_div_o": ("output", zero(16)),
                "sim_exit_valid_o": ("output", ["0"]), "sim_exit_code_o": ("output", zero(32)),
                "sim_putc_valid_o": ("output", ["0"]), "sim_putc_char_o": ("output", zero(8)),
                "retire_o": ("output", ["0"])}, cells, {"q": {"bits": [5]}})
    return {"modules": {"soc_top": top}}


def _run_tiny(flat: "gatesim.Flat", out: Path) -> subprocess.CompletedProcess:
    """Compile flat's simulator with the real harness into out/ and run exit42 on it for 40
    cycles with one window, cycles 10 to 20 (toggles in out/t0.bin, accesses in out/mem.txt)."""
    from sim.verilator import harness
    gatesim.compile_sim(flat, out, out / "gsim")
    elf = harness.build_fw("exit42")
    (out / "win.txt").write_text("10 20\n")
    return subprocess.run([str(out / "gsim"), "--windows", str(out / "win.txt"), "--mem",
                           str(out / "mem.txt"), "--out-prefix", str(out / "t"),
                           "--max-cycles", "40", str(elf)], capture_output=True, text=True)


def test_gsim_harness_counts_a_window() -> None:
    """The generated simulator with the real harness (energy/sim/gsim.cpp): a flop that
    inverts itself toggles once per edge, so a window of 10 cycles counts 10 on q and on its
    inverter's output and nothing elsewhere; reset and cycle counting as cv_sim's."""
    out = OUT / "gsim-tiny"
    flat = gatesim.Flat(_tiny_soc())
    res = _run_tiny(flat, out)
    assert res.returncode == 124, res.stderr  # no exit: the cycle limit
    assert "cycles 40" in res.stderr and "windows 1" in res.stderr
    tog = np.fromfile(out / "t0.bin", dtype=np.uint32)
    assert tog.size == flat.n
    q, nq = flat.dffs[0][1], flat.dffs[0][0]
    assert tog[q] == 10 and tog[nq] == 10
    assert tog.sum() == 20
    assert (out / "mem.txt").read_text().split()[1:] == [
        "imem_a", "0", "0", "dmem_a", "0", "0", "dmem_b", "0", "0", "dmem_c", "0"]


def test_gsim_ram_128_counts_bank_accesses() -> None:
    """A data memory with a 128-bit port B (the pipelined AES's SoC): a port-B read touches
    four 32-bit banks, so ten cycles of reads count 40 bank reads."""
    out = OUT / "gsim-tiny128"
    res = _run_tiny(gatesim.Flat(_tiny_soc(128, dmem_b_reads=True)), out)
    assert res.returncode == 124, res.stderr
    assert (out / "mem.txt").read_text().split()[1:] == [
        "imem_a", "0", "0", "dmem_a", "0", "0", "dmem_b", "40", "0", "dmem_c", "0"]


def _compare_full(gsim: Path, elf: Path, windows: Path, work: Path, max_cycles: int = 0) -> int:
    """Run gsim on elf (up to max_cycles, 0: to its exit) with activity skipping and with
    --full; assert every window's per-net toggles, enable counts and memory accesses are
    identical. Returns the number of windows."""
    outs = []
    for mode in ("skip", "full"):
        d = work / mode
        d.mkdir(parents=True, exist_ok=True)
        res = subprocess.run([str(gsim), "--windows", str(windows), "--mem", str(d / "mem.txt"),
                              "--out-prefix", str(d / "t"), "--max-cycles", str(max_cycles),
                              *(["--full"] if mode == "full" else []), str(elf)],
                             capture_output=True, text=True)
        assert res.returncode in (0, 124), res.stderr
        outs.append((d, res.stdout, res.stderr.splitlines()[-1]))
    (a, out_a, tail_a), (b, out_b, tail_b) = outs
    assert out_a == out_b and tail_a == tail_b
    assert (a / "mem.txt").read_text() == (b / "mem.txt").read_text()
    n = len((a / "mem.txt").read_text().splitlines())
    for k in range(n):
        for suffix in (".bin", ".en.bin"):
            assert (a / f"t{k}{suffix}").read_bytes() == (b / f"t{k}{suffix}").read_bytes()
    return n


@pytest.mark.long
def test_gsim_skipping_exact_on_the_soc(tmp_path: Path) -> None:
    """The default SoC's gate simulator (build/energy, as make energy builds it): the blocks it
    skips change nothing. AES-128 16 B in software and on the rolled engine by CPI and
    MMIO-DMA: toggles per net, enable counts and memory accesses of every window equal those of
    evaluating every gate every cycle (--full)."""
    from bench import run as bench_run
    from energy import netlist, run
    cases = [c for c in bench_run.load_cases(run.CASES)
             if c["engine"] == "aes" and c["bytes"] == 16 and c["mode"] == "ecb"
             and c["coupling"] in ("sw", "cpi", "mmio-dma")
             and bench_run.case_config(c) == bench_run.DEFAULT_CONFIG]
    assert len(cases) == 3
    rtl = run.build_rtl(run.OUT)
    gsim, _ = gatesim.build(netlist.build({}, run.OUT / "netlist"), run.OUT / "gsim")
    ((name, elf, _),) = run.build_images(cases, tmp_path, prefix="skipcheck-")
    win = tmp_path / "windows.txt"
    subprocess.run([str(rtl), "--windows", str(win), str(elf)], cwd=tmp_path, check=True,
                   capture_output=True)
    assert _compare_full(gsim, elf, win, tmp_path) == 3


def _random_logic(seed: int = 7, n_gates: int = 300) -> dict:
    """_tiny_soc with random logic beside its flop: an 8-bit LFSR (XNOR feedback, so it runs
    from all zeros), a bank of 8 enable flops loaded when three LFSR bits are 1, and n_gates
    random gates each reading earlier nets (LFSR, bank, gates), some only the quiet bank."""
    import random
    rnd = random.Random(seed)
    soc = _tiny_soc()
    cells = soc["modules"]["soc_top"]["cells"]
    nxt = [1000]

    def new() -> int:
        nxt[0] += 1
        return nxt[0]

    lfsr = [new() for _ in range(8)]
    fb = new()
    cells["fb"] = {"type": "$_XNOR_", "connections": {"A": [lfsr[7]], "B": [lfsr[5]], "Y": [fb]}}
    for k in range(8):
        cells[f"l{k}"] = {"type": "$_DFF_P_", "connections": {
            "C": [2], "D": [fb if k == 0 else lfsr[k - 1]], "Q": [lfsr[k]]}}
    a01, en = new(), new()
    cells["a01"] = {"type": "$_AND_", "connections": {"A": [lfsr[0]], "B": [lfsr[1]], "Y": [a01]}}
    cells["en"] = {"type": "$_AND_", "connections": {"A": [a01], "B": [lfsr[2]], "Y": [en]}}
    bank = [new() for _ in range(8)]
    gates = [t for t in gatesim.GATE_CPP if t != "$alias"]
    nets, quiet = list(lfsr), list(bank)
    for i in range(n_gates):
        typ = rnd.choice(gates)
        pool = quiet if i % 3 == 0 else nets + quiet
        pins = {p: [rnd.choice(pool)] for p in "ABCDS" if "{" + p + "}" in gatesim.GATE_CPP[typ]}
        y = new()
        cells[f"g{i}"] = {"type": typ, "connections": {**pins, "Y": [y]}}
        (quiet if i % 3 == 0 else nets).append(y)
    for k in range(8):
        cells[f"b{k}"] = {"type": "$_DFFE_PP_", "connections": {
            "C": [2], "E": [en], "D": [nets[-1 - k]], "Q": [bank[k]]}}
    return soc


def test_gsim_skipping_matches_every_gate_every_cycle(monkeypatch) -> None:
    """Random logic cut into small blocks and flip-flop segments: the simulator's toggles per
    net with activity skipping, with --full, and of a Python simulation of every gate every
    cycle are the same."""
    from sim.verilator import harness
    monkeypatch.setattr(gatesim, "BLOCK_GATES", 16)
    monkeypatch.setattr(gatesim, "BLOCK_MIN_GATES", 4)
    monkeypatch.setattr(gatesim, "SEG_FLOPS", 4)
    out = OUT / "gsim-skip"
    flat = gatesim.Flat(_random_logic())
    gatesim.compile_sim(flat, out, out / "gsim")
    assert len(gatesim.schedule(flat, 16, 4)) > 10
    elf = harness.build_fw("exit42")
    first, end, limit = 10, 60, 70
    (out / "win.txt").write_text(f"{first} {end}\n")
    assert _compare_full(out / "gsim", elf, out / "win.txt", out, limit) == 1
    got = np.fromfile(out / "skip" / "t0.bin", dtype=np.uint32)
    # the reference: every gate every cycle, cycles counted as gsim.cpp counts them
    order = flat.order()
    v = np.zeros(flat.n, np.uint8)
    v[1] = 1
    v[flat.ports["uart_rx_i"][0]] = 1
    tog = np.zeros(flat.n, np.uint32)

    def comb() -> None:
        for i in order:
            typ, pins, o, _ = flat.gates[i]
            v[o] = _cpp_eval(gatesim.GATE_CPP[typ], {k: int(v[x]) for k, x in pins.items()})

    comb()
    cycle = edges = 0
    while cycle < limit:
        prev = v.copy()
        q = [v[d] for d, _, _ in flat.dffs]
        for (_, qn, _), x in zip(flat.dffs, q):
            v[qn] = x
        comb()
        if v[flat.ports["rst_ni"][0]]:
            cycle += 1
        edges += 1
        if edges == 4:
            v[flat.ports["rst_ni"][0]] = 1
            comb()
        if first < cycle <= end:
            tog += v ^ prev
    assert tog.sum() > 1000 and np.count_nonzero(tog) < flat.n - 20  # busy, and quiet parts
    assert np.array_equal(got, tog)
