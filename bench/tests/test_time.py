# SPDX-License-Identifier: Apache-2.0
"""Time as a benchmark figure, without simulation: the RTL hash and the Fmax record
(synth/run.py: rtl_hash, save_fmax, fmax_of, soc_entry) on a throw-away design and on the real
SoC builds, the start-call cases, and the comparison with the seeds in time (clocks, scaling to
the seed's size, the fastest backend, the count of rows beaten)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import run
from synth import run as synth

TOP_V = """`default_nettype none
`include "t_inc.vh"
module t_top #(
  parameter integer W = 8,
  parameter [3:0]   MASK = 4'b1010
) (
  input  wire clk_i,
  output wire q_o
);
  assign q_o = clk_i;
endmodule
"""


def design(tmp: Path) -> tuple[Path, synth.Entry]:
    """A two-file design with an include on its own include path, and an entry building it."""
    (tmp / "t_top.v").write_text(TOP_V)
    (tmp / "t_inc.vh").write_text("`define T_WIDTH 8\n")
    (tmp / "sources.f").write_text(f"+incdir+{tmp}\n{tmp / 't_top.v'}\n")
    return tmp, synth.Entry(block="soc", config="t", top="t_top",
                            sources=[str(tmp / "sources.f")], params={"W": 16})


def test_hash_and_record_lookup(tmp_path: Path) -> None:
    """A record written with the design's hash gives its Fmax (and the ns); a changed source,
    include or parameter gives null with the reason; the same RTL again finds it again."""
    tmp, entry = design(tmp_path)
    record = tmp / "fmax.json"
    assert synth.fmax_of(entry, record)["fmax_mhz"] is None  # no record file yet
    assert "not measured" in synth.fmax_of(entry, record)["fmax_note"]
    h = synth.rtl_hash(entry)
    assert len(h) == 64 and synth.rtl_hash(entry) == h  # deterministic
    synth.save_fmax(entry, {"rtl_hash": h, "fmax_mhz": 50.0, "commit": "c", "date": "d"}, record)
    data = json.loads(record.read_text())
    assert set(data) == {"about", "records"}
    rec = data["records"]["soc:t"]
    assert (rec["rtl_hash"], rec["fmax_mhz"]) == (h, 50.0)
    assert rec["params"] == {"W": 16, "MASK": 10}  # as built: the defaults plus the override
    got = synth.fmax_of(entry, record)
    assert (got["synth"], got["fmax_mhz"], got["fmax_note"]) == ("soc:t", 50.0, None)
    assert run.to_ns(1234, got["fmax_mhz"]) == 24680.0
    assert run.to_ns(1234, None) is None and run.to_ns(None, 50.0) is None

    (tmp / "t_top.v").write_text(TOP_V.replace("assign q_o = clk_i;", "assign q_o = ~clk_i;"))
    got = synth.fmax_of(entry, record)
    assert got["fmax_mhz"] is None and got["fmax_note"] == "Fmax of soc:t not measured on this RTL"
    (tmp / "t_top.v").write_text(TOP_V)
    assert synth.fmax_of(entry, record)["fmax_mhz"] == 50.0

    (tmp / "t_inc.vh").write_text("`define T_WIDTH 9\n")
    assert synth.fmax_of(entry, record)["fmax_mhz"] is None
    (tmp / "t_inc.vh").write_text("`define T_WIDTH 8\n")
    assert synth.fmax_of(entry, record)["fmax_mhz"] == 50.0

    # a figure from another placer is another flow's: it does not count for the entry
    static = synth.Entry(block="soc", config="t", top="t_top", sources=entry.sources,
                         params={"W": 16}, ecp5_placer="static")
    got = synth.fmax_of(static, record)
    assert got["fmax_mhz"] is None and "heap placer" in got["fmax_note"]
    synth.save_fmax(static, {"rtl_hash": h, "fmax_mhz": 60.0, "placer": "static"}, record)
    assert synth.fmax_of(static, record)["fmax_mhz"] == 60.0
    assert synth.fmax_of(entry, record)["fmax_mhz"] is None
    synth.save_fmax(entry, {"rtl_hash": h, "fmax_mhz": 50.0, "commit": "c", "date": "d"}, record)

    other = synth.Entry(block="soc", config="t", top="t_top", sources=entry.sources,
                        params={"W": 32})
    assert synth.fmax_of(other, record)["fmax_mhz"] is None
    # an override equal to the default builds the same design: the same hash
    plain = synth.Entry(block="soc", config="u", top="t_top", sources=entry.sources)
    assert synth.rtl_hash(plain) == synth.rtl_hash(
        synth.Entry(block="soc", config="u", top="t_top", sources=entry.sources,
                    params={"W": 8, "MASK": "4'b1010"}))
    assert synth.rtl_hash(plain) != h
    # a measurement without an Fmax (not placed) records null and the reason
    synth.save_fmax(plain, {"rtl_hash": synth.rtl_hash(plain), "fmax_mhz": None,
                            "skip": "needs 90000 LUT4"}, record)
    got = synth.fmax_of(plain, record)
    assert got["fmax_mhz"] is None and "needs 90000 LUT4" in got["fmax_note"]
    assert synth.fmax_of(entry, record)["fmax_mhz"] == 50.0  # the other record stays
    # a bench build's overrides find the entry with the same parameters as built
    assert synth.soc_entry({"W": 16}, [plain, entry]) is entry
    assert synth.soc_entry({}, [entry, plain]) is plain
    assert synth.soc_entry({"W": 3}, [plain, entry]) is None


def test_verilog_int() -> None:
    assert [synth.verilog_int(t) for t in ("65536", "5'b11111", "32'h1000_0000", "4'd9", 7)] \
        == [65536, 31, 0x1000_0000, 9, 7]
    assert synth.verilog_int("FOO_BAR") == "FOO_BAR"


def test_bench_builds_and_the_soc_record(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The benchmark's builds map to blocks.toml's soc entries by parameters (none for a build
    synthesis does not list); the default SoC's record gives its Fmax only on today's RTL."""
    def entry_of(cfg: tuple[str, int]) -> str | None:
        e = synth.soc_entry(run.config_overrides(cfg))
        return e and f"{e.block}:{e.config}"

    assert entry_of(run.DEFAULT_CONFIG) == "soc:default"
    assert entry_of(("rolled", 128)) == "soc:dma128"
    assert entry_of(("pipelined", 128)) == "soc:full"
    assert entry_of(("pipelined", 32)) is None
    none = run.build_fmax(run.config_overrides(("pipelined", 32)))
    assert none["fmax_mhz"] is None and "no synth/blocks.toml soc entry" in none["fmax_note"]
    full = run.build_fmax(run.config_overrides(("pipelined", 128)))
    assert full["fmax_mhz"] is None and "not placed on ECP5" in full["fmax_note"]

    record = tmp_path / "fmax.json"
    monkeypatch.setattr(synth, "FMAX_RECORD", record)
    default = synth.soc_entry({})
    h = synth.rtl_hash(default)
    synth.save_fmax(default, {"rtl_hash": h, "fmax_mhz": 62.5})
    got = run.build_fmax({})
    assert (got["synth"], got["rtl_hash"], got["fmax_mhz"]) == ("soc:default", h, 62.5)
    assert run.build_fmax({"DMA_BITS": 128})["fmax_mhz"] is None  # another build, no record
    synth.save_fmax(default, {"rtl_hash": "0" * 64, "fmax_mhz": 62.5})  # other RTL
    got = run.build_fmax({})
    assert got["fmax_mhz"] is None and got["fmax_note"].endswith("not measured on this RTL")


def test_start_cases(tmp_path: Path) -> None:
    """calls = ["blocking", "start"] expands start cases for the DMA backends' modes that have
    one (not init, not CMAC), the case table carries the call, and start elsewhere is refused."""
    toml = tmp_path / "cases.toml"
    toml.write_text("""
[[suite]]
engine = "aes"
coupling = "cpi-dma"
calls = ["blocking", "start"]
arch = "rolled"
dma_bits = 32
algorithms = ["aes-128"]
modes = ["init", "ecb", "cmac"]
directions = ["encrypt"]
sizes = [16, 80]
""")
    cases = run.load_cases(toml)
    assert [(c["mode"], c["call"], c["bytes"]) for c in cases] == [
        ("init", "blocking", None), ("ecb", "blocking", 16), ("ecb", "blocking", 80),
        ("cmac", "blocking", 16), ("cmac", "blocking", 80),
        ("ecb", "start", 16), ("ecb", "start", 80)]
    header = run.gen_header(cases)
    assert header.count("BENCH_CALL_START") == 2 and header.count("BENCH_CALL_BLOCKING") == 5
    assert run.backend(cases[-1]) == "cpi-dma rolled dma32 start"
    toml.write_text(toml.read_text().replace('"cpi-dma"', '"cpi"'))
    with pytest.raises(ValueError, match="no start call"):
        run.load_cases(toml)
    toml.write_text(toml.read_text().replace('"start"', '"async"'))
    with pytest.raises(ValueError, match="unknown call"):
        run.load_cases(toml)


def rec(coupling: str, cycles: int, fmax: float | None, **kw) -> dict:
    arch, dma = (None, None) if coupling == "sw" else ("rolled", 32)
    r = {"engine": "aes", "algorithm": "aes-128", "key_bits": 128, "mode": "ecb",
         "direction": "encrypt", "coupling": coupling, "call": "blocking", "arch": arch,
         "dma_bits": dma, "bytes": 16, "cycles": cycles, "instret": 1, "verified": True,
         "fmax_mhz": fmax}
    r.update(kw)
    r["ns"] = run.to_ns(r["cycles"], r["fmax_mhz"])
    return r


def test_comparison_in_time() -> None:
    """Seed time at its clock against ours at our Fmax: faster or not, no Fmax, the start call
    matched only by figures that ask for it, the fastest backend, scaling to the seed's size,
    and rows compared in cycles only left out of the count."""
    recs = [rec("cpi-dma", 60, 50.0), rec("cpi-dma", 12, 50.0, call="start"),
            rec("cpi", 40, 100.0), rec("mmio", 90, None),
            rec("cpi-dma", 27_000, 100.0, mode="cbc", bytes=40016)]
    figs = [
        {"seed": "F", "clock_mhz": 65, "cycles": 20, "source": "RoCC Mem",
         "match": {"coupling": "cpi-dma", "call": "start", "bytes": 16}},
        {"seed": "F", "clock_mhz": 65, "cycles": 66, "source": "RoCC",
         "match": {"coupling": "cpi", "bytes": 16}},
        {"seed": "F", "clock_mhz": 65, "cycles": 189, "source": "MMIO",
         "match": {"coupling": "mmio", "bytes": 16}},
        {"seed": "R", "clock_mhz": 241, "cycles": [150, 200], "source": "fast",
         "match": {"mode": "ecb", "bytes": 16}, "pick": "fastest"},
        {"seed": "E", "clock_mhz": 60, "cycles": 27632, "source": "E203", "seed_bytes": 40020,
         "match": {"mode": "cbc", "bytes": 40016}},
        {"seed": "E", "clock_mhz": 60, "cycles": 27632, "source": "cycles only", "time": False,
         "match": {"mode": "cbc", "bytes": 40016}},
        {"seed": "A", "clock_mhz": None, "cycles": 1311, "source": "no clock",
         "match": {"coupling": "cpi", "bytes": 16}},
    ]
    rows = run.compare_rows(recs, figs)
    got = [(x["figure"]["source"], run.backend(x["record"]), x["faster"]) for x in rows]
    assert got == [
        ("RoCC Mem", "cpi-dma rolled dma32 start", "yes"),  # 240 ns < 307.7 ns
        ("RoCC", "cpi rolled dma32", "yes"),                 # 400 ns < 1,015.4 ns
        ("MMIO", "mmio rolled dma32", "no Fmax"),
        ("fast", "cpi rolled dma32", "yes"),                 # least ns: cpi's 400 (not start)
        ("E203", "cpi-dma rolled dma32", "yes"),
        ("cycles only", "cpi-dma rolled dma32", None),
        ("no clock", "cpi rolled dma32", "no seed clock")]
    assert rows[0]["seed_ns"] == pytest.approx((307.69, 307.69), abs=0.01)
    assert rows[3]["fastest"] and rows[3]["ns"] == 400.0
    assert rows[3]["seed_ns"] == pytest.approx((622.4, 829.9), abs=0.1)
    # 27,000 cycles at 100 MHz for 40,016 B = 270,000 ns, scaled to 40,020 B
    assert rows[4]["ns"] == pytest.approx(270_000 * 40020 / 40016)
    assert rows[4]["seed_ns"][0] == pytest.approx(460_533.3, abs=0.1)
    assert run.compare_rows([dict(recs[4], fmax_mhz=50.0, cycles=23_100, ns=462_000.0)],
                            figs[4:5])[0]["faster"] == "no"  # 462,046 ns scaled > 460,533
    line = run.beaten_line(rows)
    assert line.startswith("4 of 6 seed rows beaten in time")
    assert "1 without an Fmax measured on this RTL" in line and "1 whose seed publishes" in line
    table = run.comparison(recs, figs)
    assert "| 240 @ 50 MHz | 20 | - | 308 @ 65 MHz | yes |" in table[2]
    assert "| fastest: cpi rolled dma32 |" in table[5]
    assert "(40,016 B scaled to 40,020 B)" in table[6]
    assert table[-1] == line
    # no Fmax anywhere: the fastest row falls back to the fewest cycles, time unknown
    slow = [dict(r, fmax_mhz=None, ns=None) for r in recs]
    x = run.compare_rows(slow, figs[3:4])[0]
    assert run.backend(x["record"]) == "cpi rolled dma32" and x["faster"] == "no Fmax"


def test_shipped_seeds() -> None:
    """bench/seeds.toml: every figure names a seed with a table, the four clocks, FAC-V's RoCC
    Mem encryption figures on the start call, E203-NICE's CBC rows on a case that exists, and
    every fastest-backend figure has cases to pick from."""
    figs = run.load_figures(run.ROOT / "bench" / "seeds.toml")
    clocks = {f["seed"]: f["clock_mhz"] for f in figs}
    assert clocks == {"FAC-V": 65, "E203-NICE": 60, "VexRiscv-LiteX": 75, "AES-RV": 241,
                      "A-core": None}
    rocc_mem = [f for f in figs if f["source"].startswith("FAC-V RoCC Mem (start)")]
    assert len(rocc_mem) == 8 and all(f["match"]["call"] == "start" for f in rocc_mem)
    cases = run.load_cases(run.ROOT / "bench" / "cases.toml")
    e203 = [f for f in figs if f.get("seed_bytes") == 40020]
    assert len(e203) == 3 and all(f["match"]["mode"] == "cbc" for f in e203)
    for f in e203 + [f for f in figs if f.get("pick") == "fastest"] + rocc_mem:
        assert any(run.matches(c, f) for c in cases), f["source"]
    assert len([f for f in figs if f.get("pick") == "fastest"]) == 12


def test_synth_run_refreshes_the_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """synth/run.py records every ECP5 measurement of a soc entry in the Fmax record, with the
    hash taken by the job (the synthesis itself replaced by a stand-in here), and nothing for
    other families or blocks."""
    record = tmp_path / "fmax.json"
    monkeypatch.setattr(synth, "FMAX_RECORD", record)

    def fake_job(entry: synth.Entry, family: str, out: Path, budget: float | None,
                 place_only: bool = False) -> dict:
        return {"block": entry.block, "config": entry.config, "family": family, "luts": 1,
                "ffs": 1, "brams": 64, "dsps": 0, "fmax_mhz": 71.5 if family == "ecp5" else None,
                "warnings": [], "cells": {}, "seconds": 0.1, "commit": "c", "date": "d",
                "rtl_hash": synth.rtl_hash(entry)}

    monkeypatch.setattr(synth, "run_job", fake_job)
    args = ["--out", str(tmp_path / "synth"), "--bench", str(tmp_path / "none.json")]
    assert synth.main(["--only", "soc:default,core", "--family", "xilinx7", *args]) == 0
    assert not record.exists()
    assert synth.main(["--only", "soc:default,core", "--family", "ecp5", *args]) == 0
    recs = json.loads(record.read_text())["records"]
    assert list(recs) == ["soc:default"] and recs["soc:default"]["fmax_mhz"] == 71.5
    assert run.build_fmax({})["fmax_mhz"] == 71.5  # today's RTL: the benchmark finds it


def test_refresh_fmax(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--report --refresh-fmax gives a finished run's builds the Fmax recorded since, only where
    the record was measured on the RTL the build ran, and recomputes every record's ns."""
    cases = run.load_cases(run.ROOT / "bench" / "cases.toml")
    record = tmp_path / "fmax.json"
    monkeypatch.setattr(synth, "FMAX_RECORD", record)
    builds = []
    for cfg, cs in run.group_configs(cases).items():
        for _ in run.images(cs):
            params = run.config_overrides(cfg)
            h = run.build_fmax(params)["rtl_hash"] if cfg == run.DEFAULT_CONFIG else "0" * 64
            builds.append({"params": params, "rtl_hash": h, "fmax_mhz": None})
    records = [{**{k: c.get(k) for k in run.RECORD_ID}, "cycles": 1000, "fmax_mhz": None,
                "ns": None} for c in cases]
    data = {"config": {"builds": builds}, "records": records}
    assert run.refresh_fmax(data, cases) == 0  # nothing recorded yet
    assert all(r["ns"] is None for r in records)
    default = synth.soc_entry({})
    synth.save_fmax(default, {"rtl_hash": synth.rtl_hash(default), "fmax_mhz": 50.0})
    synth.save_fmax(synth.soc_entry({"DMA_BITS": 128}), {"rtl_hash": "1" * 64, "fmax_mhz": 99.0})
    n_default = sum(len(ics) for _, ics in run.images(run.group_configs(cases)[run.DEFAULT_CONFIG]))
    assert run.refresh_fmax(data, cases) == len(run.images(
        run.group_configs(cases)[run.DEFAULT_CONFIG]))
    timed = [r for r in records if r["ns"] is not None]
    assert len(timed) == n_default and all(r["ns"] == 20000.0 for r in timed)
    with pytest.raises(SystemExit):
        run.refresh_fmax(data, cases[1:])
