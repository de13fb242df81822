# SPDX-License-Identifier: Apache-2.0
"""The Cipher-V benchmark: build the SoC and the benchmark firmware, run every case, check every
output against a package reference, and report.

    python bench/run.py [--cases bench/cases.toml] [--coupling sw,...] [--gen-only] [--no-plots]
    python bench/run.py --report build/bench/results.json   # the reports again, nothing run

Cases are data (bench/cases.toml, expanded here); published seed figures are data too
(bench/seeds.toml). Cases are grouped by SoC build configuration (a suite's arch and dma_bits;
software suites run on the default SoC): each configuration gets its own Verilator model
(soc_top parameters AES_ARCH, DMA_BITS as -G overrides, sim/part.mk SIM_PARAMS), its own case
table and firmware image, and one run.

Time: every record also gets fmax_mhz, the ECP5 Fmax of its SoC build from the committed record
synth/fmax.json (used only when it was measured on the same RTL: synth/run.py rtl_hash, the one
hash both use), and ns = cycles / Fmax; both None otherwise. No synthesis runs here.

Outputs in build/bench/ (--out): results.json (every record and the run's configuration),
results.md (every row), records.txt (one line per record), <algorithm>.png (cycles vs size per
backend), <algorithm>-speedup.png (speed-up over sw), run.log (raw firmware output of every
configuration). Outputs in docs/results/ (--docs; <out>/docs when --out is given): bench.md
(key figures per AES backend, each build's Fmax, the seeds' figures beside ours in cycles and
in time, cycles per block, the verification line, links to the plots), bench-summary.json (the
figures the top README's headline table is generated from: tools/readme_results.py) and the
plots of PUBLISHED_PLOTS.
Exit status 0 only when every record ran and was verified.
"""
from __future__ import annotations

import argparse
import datetime
import json
import shutil
import re
import subprocess
import sys
import time
import tomllib
import zlib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sim.verilator import harness  # noqa: E402
from synth import run as synth  # noqa: E402  (the Fmax record and the RTL hash)

OUT = ROOT / "build" / "bench"   # main() may point it elsewhere (--out)
DOCS = ROOT / "docs" / "results"  # the committed results (--docs)
NO_DIRECTION = {"init", "cmac", "hash", "keystream", "xor", "mac"}
BLOCK_BYTES = {"aes": 16, "prince": 8, "present": 8, "chacha": 64, "sha3": None, "sha2": None}
SHA2_BLOCK = {"sha2-256": 64, "sha2-512": 128, "hmac-sha2-256": 64}
# SHA-3 and SHAKE absorb the message in blocks of the sponge's rate (bytes), which set their
# cycles per block; a message shorter than one rate block has no per-block figure.
SHA3_RATE = {"sha3-224": 144, "sha3-256": 136, "sha3-384": 104, "sha3-512": 72,
             "shake128": 168, "shake256": 136}
# Modes that take whole blocks only: a size that is not a whole number of blocks (E203-NICE's
# 40,020 bytes) is not expanded for them (the API answers CV_ERR_LENGTH, nothing to measure).
WHOLE_BLOCK_MODES = {"ecb", "cbc"}
# Authenticated encryption (AES-GCM, AES-CCM, ChaCha20-Poly1305 as engine chacha, mode aead:
# fw/programs/bench/bench_aead.c through cv_aead.h): a suite gives aad_sizes (each a case: the
# AAD's bytes) and tag_bytes; the hardware backends run on the SoC built with AES_AEAD = 1 (the
# AES engine is aead_top) or CHACHA_AEAD = 1 (the ChaCha engine is chachapoly_top), the sw
# backend on the default SoC as every software suite. Their records carry aad_bytes and
# tag_bytes (None for every other mode).
AEAD_MODES = {"gcm", "ccm", "aead"}
# SoC build configurations: a suite's arch and dma_bits -> soc_top parameters. Software suites
# (arch/dma_bits omitted) run on the default SoC. ASSUMED_DEFAULTS stand for parameters soc_top
# does not declare (yet): such a configuration builds only if it asks for the assumed value.
# A configuration is (arch, dma_bits, tags...): the tag "zk" builds the core with ZK = 1 and the
# images with FW_ZK=1 (the isa coupling: the core's scalar-crypto instructions); "aead" builds
# the AES engine as aead_top (AES_AEAD = 1: the hardware GCM and CCM cases), "chachapoly" the
# ChaCha engine as chachapoly_top (CHACHA_AEAD = 1: the hardware ChaCha20-Poly1305 cases).
ARCH_PARAM = {"rolled": 0, "pipelined": 2}
DEFAULT_CONFIG = ("rolled", 32)
ISA_COUPLING = "isa"
CONFIG_TAGS = {"zk": "ZK", "aead": "AES_AEAD", "chachapoly": "CHACHA_AEAD"}
ASSUMED_DEFAULTS = {"AES_ARCH": 0, "AES_SBOX": 0, "DMA_BITS": 32, "ZK": 0, "AES_AEAD": 0,
                    "CHACHA_AEAD": 0}
# What is timed: "blocking" the call that does the whole work (every backend), "start" the DMA
# backends' asynchronous start (cv_aes_start: returns with the job running; the wait and the
# check follow outside the timed region). START_CALLS: the backends and modes that have one.
CALLS = ("blocking", "start")
START_CALLS = {"engine": "aes", "couplings": ("cpi-dma", "mmio-dma"),
               "modes": ("ecb", "cbc", "cfb128", "ofb", "ctr")}
# what a record measures (equal in two runs: the same measurement), then what was measured, then
# the time: the ECP5 Fmax of the SoC build it ran on (synth/fmax.json, only when measured on
# the same RTL) and cycles / Fmax in ns; both None without such an Fmax
RECORD_ID = ("engine", "algorithm", "key_bits", "mode", "direction", "coupling", "call", "arch",
             "dma_bits", "bytes", "aad_bytes", "tag_bytes")
RECORD_KEYS = RECORD_ID + ("cycles", "instret", "verified", "fmax_mhz", "ns")
LINE = re.compile(r"^BENCH id=(\d+) cycles=(\d+) instret=(\d+) status=(-?\d+) crc=([0-9a-f]{8})$")


def key_bits(algorithm: str) -> int | None:
    m = re.search(r"-(\d+)$", algorithm)
    if algorithm.startswith(("aes-", "present-")) and m:
        return int(m.group(1))
    return {"prince": 128, "present-80": 80}.get(algorithm)


def load_cases(path: Path) -> list[dict]:
    """Expand the suites of cases.toml into case records (without results)."""
    cases: list[dict] = []
    for suite in tomllib.loads(path.read_text())["suite"]:
        calls = suite.get("calls", ["blocking"])
        for call in calls:
            if call not in CALLS:
                raise ValueError(f"{path}: unknown call {call!r} (one of {', '.join(CALLS)})")
            if call == "start" and (suite["engine"] != START_CALLS["engine"] or
                                    suite["coupling"] not in START_CALLS["couplings"]):
                raise ValueError(f"{path}: {suite['engine']} {suite['coupling']} has no start "
                                 "call (the AES DMA backends only)")
        for alg in suite["algorithms"]:
            for mode, call in ((m, c) for c in calls for m in suite["modes"]):
                if call == "start" and mode not in START_CALLS["modes"]:
                    continue  # init and CMAC have no asynchronous start
                dirs = [None] if mode in NO_DIRECTION else suite.get("directions", [None])
                sizes = [None] if mode == "init" else suite["sizes"]
                blk = BLOCK_BYTES.get(suite["engine"])
                if mode in WHOLE_BLOCK_MODES and blk:
                    sizes = [s for s in sizes if s % blk == 0]
                aead = mode in AEAD_MODES
                aads = suite.get("aad_sizes", [0]) if aead else [None]
                for direction, size, aad in ((d, z, a) for d in dirs for z in sizes
                                             for a in aads):
                    cid = len(cases)
                    cases.append({
                        "id": cid, "engine": suite["engine"], "algorithm": alg,
                        "key_bits": suite.get("key_bits", key_bits(alg)), "mode": mode,
                        "direction": direction, "coupling": suite["coupling"],
                        "call": call,
                        "arch": suite.get("arch"), "dma_bits": suite.get("dma_bits"),
                        "bytes": size,
                        "aad_bytes": aad,
                        "tag_bytes": suite.get("tag_bytes", 16) if aead else None,
                        # a non-zero xorshift32 seed per case
                        "seed": ((cid + 1) * 0x9E3779B9) & 0xFFFF_FFFF or 1,
                    })
    return cases


def _cid(prefix: str, name: str) -> str:
    return prefix + re.sub(r"[^A-Za-z0-9]", "_", name).upper()


def gen_header(cases: list[dict]) -> str:
    rows = []
    for c in cases:
        d = {"encrypt": "BENCH_DIR_ENCRYPT", "decrypt": "BENCH_DIR_DECRYPT"}.get(
            c["direction"], "BENCH_DIR_NONE")
        rows.append(f"  {{{_cid('BENCH_ENGINE_', c['engine'])}, "
                    f"{_cid('BENCH_COUPLING_', c['coupling'])}, "
                    f"{_cid('BENCH_ALG_', c['algorithm'])}, "
                    f"{_cid('BENCH_MODE_', c['mode'])}, {d}, {(c['key_bits'] or 0) // 8}, "
                    f"{_cid('BENCH_CALL_', c.get('call', 'blocking'))}, "
                    f"{c['id']}, {c['bytes'] or 0}, 0x{c['seed']:08x}u, "
                    f"{c.get('aad_bytes') or 0}, {c.get('tag_bytes') or 0}}},")
    return "\n".join([
        "/* Generated by bench/run.py from bench/cases.toml. Do not edit. */",
        "#ifndef BENCH_CASES_H", "#define BENCH_CASES_H", '#include "bench.h"',
        f"#define BENCH_NCASES {len(cases)}u",
        "static const bench_case_t bench_cases[BENCH_NCASES] = {", *rows, "};", "#endif", ""])


def write_header(cases: list[dict], out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    path = out / "bench_cases.h"
    text = gen_header(cases)
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def soc_params() -> dict[str, int]:
    """soc_top's integer parameters and their defaults."""
    text = (ROOT / "soc" / "rtl" / "soc_top.v").read_text()
    return {m.group(1): int(m.group(2)) for m in
            re.finditer(r"parameter integer (\w+)\s*=\s*(\d+)", text)}


def soc_config() -> dict:
    """Build parameters of the default SoC (soc_top's defaults) and the tools."""
    gcc = subprocess.run(["riscv64-unknown-elf-gcc", "--version"], capture_output=True,
                         text=True).stdout.splitlines()
    return {"soc": soc_params(), "cflags": "-march=rv32im -mabi=ilp32 -misa-spec=2.2 -O2",
            "compiler": gcc[0] if gcc else None, "simulator": "verilator (cv_sim harness)"}


def case_config(case: dict) -> tuple:
    """The SoC configuration a case runs on: (arch, dma_bits, tags...); software: the default
    SoC; the isa coupling: tag "zk" (the core's ZK = 1); a hardware AEAD case (modes gcm, ccm,
    not sw nor isa, which run on the CPU): tag "aead" (AES_AEAD = 1); a hardware
    ChaCha20-Poly1305 case: tag "chachapoly" (CHACHA_AEAD = 1)."""
    base = (case["arch"] or DEFAULT_CONFIG[0], case["dma_bits"] or DEFAULT_CONFIG[1])
    hw_aead = case["mode"] in AEAD_MODES and case["coupling"] not in ("sw", ISA_COUPLING)
    tags = (("zk",) if case["coupling"] == ISA_COUPLING else ()) + (
        (("chachapoly",) if case["engine"] == "chacha" else ("aead",)) if hw_aead else ())
    return base + tags


def config_name(cfg: tuple) -> str:
    return f"{cfg[0]}-dma{cfg[1]}" + "".join(f"-{x}" for x in cfg[2:])


def config_fw_vars(cfg: tuple) -> list[str]:
    """The firmware build's make variables of a configuration (fw/common.mk FW_ZK)."""
    return ["FW_ZK=1"] if "zk" in cfg[2:] else []


def config_overrides(cfg: tuple, params: dict[str, int] | None = None) -> dict:
    """soc_top -G overrides for a configuration (arch, dma_bits[, aead]) (only where it differs
    from soc_top's default). Raises ValueError when the configuration is unknown or needs a
    parameter soc_top lacks."""
    params = soc_params() if params is None else params
    arch, dma = cfg[:2]
    if arch not in ARCH_PARAM or dma not in (32, 128) or set(cfg[2:]) - set(CONFIG_TAGS):
        raise ValueError(f"unknown configuration {config_name(cfg)}")
    want = {"AES_ARCH": ARCH_PARAM[arch], "DMA_BITS": dma,
            **{p: int(t in cfg[2:]) for t, p in CONFIG_TAGS.items()}}
    over = {}
    for k, v in want.items():
        if k in params:
            if params[k] != v:
                over[k] = v
        elif ASSUMED_DEFAULTS[k] != v:
            raise ValueError(f"configuration {config_name(cfg)} needs soc_top parameter {k}, "
                             "which soc/rtl/soc_top.v does not declare")
    return over


MAX_ATTEMPTS = 12  # runs per image when cases hang or trap (each drops the failed ones)
MAX_IMAGE_CASES = 600  # cases per firmware image (the case table lives in the 64 KiB imem)
# The aead runner set links cv_aead's engines (AES and ChaCha) and every software AEAD, the aes
# set every AES driver path and both software AES versions (and the isa one on the ZK build):
# fewer cases per image leave room for them in the 64 KiB program memory.
IMAGE_CASES = {"aead": 240, "aes": 450}


@dataclass
class ConfigRun:
    """One configuration's build and runs. A run that stops early (a case hung past the firmware
    watchdog, a trap, the cycle limit) fails its first unreported case and every later case of
    the same (engine, coupling, mode), and the rest run again, at most MAX_ATTEMPTS times."""
    name: str
    arch: str
    dma_bits: int
    overrides: dict
    cases: int
    image: str = "aes0"
    result: harness.RunResult | None = None   # the last run
    results: list = field(default_factory=list)
    error: str | None = None
    seconds: float = 0.0
    got: dict = field(default_factory=dict)
    failures: list = field(default_factory=list)  # {"id", "reason"} of cases that did not finish
    fmax: dict = field(default_factory=dict)  # build_fmax(): this build's Fmax on its RTL

    @property
    def cycles(self) -> int:
        return sum(r.cycles or 0 for r in self.results)

    @property
    def ok(self) -> bool:
        return (not self.error and not self.failures and self.result is not None
                and self.result.returncode == 0)

    def summary(self) -> dict:
        r = self.result
        return {"name": self.name, "arch": self.arch, "dma_bits": self.dma_bits,
                "params": self.overrides, "image": self.image, "cases": self.cases,
                "runs": len(self.results),
                "exit": r.returncode if r else None, "error": self.error,
                "failures": self.failures, "sim_cycles": self.cycles,
                "sim_mcycles_per_s": r.mcycles_per_s if r else None,
                "sim_mcycles_per_cpu_s": r.mcycles_per_cpu_s if r else None,
                "seconds": round(self.seconds, 1),
                **{k: self.fmax.get(k) for k in ("synth", "rtl_hash", "fmax_mhz", "fmax_note")}}


def group_configs(cases: list[dict]) -> dict[tuple[str, int], list[dict]]:
    """Cases by configuration, the default SoC first."""
    groups: dict[tuple[str, int], list[dict]] = {}
    for c in sorted(cases, key=lambda c: case_config(c) != DEFAULT_CONFIG):
        groups.setdefault(case_config(c), []).append(c)
    return groups


def _stop_reason(res: harness.RunResult, cid: int) -> str:
    if f"BENCH hung id={cid}" in res.stdout:
        return "hung (firmware watchdog)"
    if res.returncode == harness.EXIT_TIMEOUT:
        return "simulation cycle limit"
    tail = [ln.strip() for ln in (res.stdout + res.stderr).splitlines() if ln.strip()
            and not ln.startswith("cv_sim:")][-3:]
    return f"run ended (exit {res.returncode}): " + " / ".join(tail)


def bench_set(c: dict) -> str:
    """The firmware image's runner set of a case (fw/programs/bench/Makefile BENCH_SET)."""
    if c["mode"] in AEAD_MODES:
        return "aead"
    return {"aes": "aes", "sha2": "sha"}.get(c["engine"], "light")


def images(cases: list[dict]) -> list[tuple[str, list[dict]]]:
    """Split one configuration's cases into firmware images (program memory is 64 KiB): the
    runner set (aes, aead, light, sha = SHA-2: Makefile BENCH_SET) and at most MAX_IMAGE_CASES
    cases each (IMAGE_CASES for a set that needs a smaller table)."""
    out = []
    for bset in ("aes", "aead", "light", "sha"):
        cs = [c for c in cases if bench_set(c) == bset]
        cap = IMAGE_CASES.get(bset, MAX_IMAGE_CASES)
        for i in range(0, len(cs), cap):
            out.append((f"{bset}{i // cap}", cs[i:i + cap]))
    return out


def run_config(cfg: tuple[str, int], cases: list[dict], max_cycles: int, out: Path,
               fw_name: str, image: str = "aes0") -> ConfigRun:
    """Build the configuration's model and one firmware image of its cases, run them, parse
    the BENCH lines."""
    t0 = time.monotonic()
    first = cfg == DEFAULT_CONFIG and image == "aes0"
    run = ConfigRun(config_name(cfg), cfg[0], cfg[1], {}, len(cases), image=image)
    tag = f"{run.name}-{image}"
    gen = out if first else out / tag
    remaining = list(cases)
    by_id = {c["id"]: c for c in cases}
    try:
        run.overrides = config_overrides(cfg)
        # hashed as the model is built from it (the RTL may change while the benchmark runs)
        run.fmax = build_fmax(run.overrides)
        sim = harness.build_sim(run.overrides)
        while remaining and len(run.results) < MAX_ATTEMPTS:
            write_header(remaining, gen)
            elf = harness.build_fw("bench", [f"BENCH_GEN={gen}",
                                             f"BENCH_SET={image.rstrip('0123456789')}",
                                             *config_fw_vars(cfg)],
                                   name=fw_name if first else f"{fw_name}-{tag}")
            res = harness.run_elf(elf, max_cycles=max_cycles, timeout=3600, sim=sim)
            run.result = res
            run.results.append(res)
            for line in res.stdout.splitlines():
                m = LINE.match(line.strip())
                if m:
                    run.got[int(m.group(1))] = m
            if "BENCH done" in res.stdout:
                break
            missing = [c for c in remaining if c["id"] not in run.got]
            if not missing:
                break
            bad = missing[0]
            # a backend's first stop drops the rest of that mode; a second stop, all of it
            again = any(by_id[f["id"]]["coupling"] == bad["coupling"] and
                        by_id[f["id"]]["engine"] == bad["engine"] for f in run.failures)
            run.failures.append({"id": bad["id"], "reason": _stop_reason(res, bad["id"])})
            for c in missing[1:]:
                if (c["engine"], c["coupling"]) == (bad["engine"], bad["coupling"]) and (
                        again or c["mode"] == bad["mode"]):
                    run.failures.append({"id": c["id"], "reason": f"not run: case {bad['id']} "
                                         f"({bad['coupling']} {bad['mode']}) failed"})
            dropped = {f["id"] for f in run.failures}
            remaining = [c for c in missing if c["id"] not in dropped]
        else:
            if remaining:
                run.error = f"gave up after {MAX_ATTEMPTS} runs"
    except (ValueError, RuntimeError) as e:
        run.error = str(e)
    run.seconds = time.monotonic() - t0
    return run


def image_jobs(cases: list[dict]) -> list[tuple[tuple[str, int], str, list[dict]]]:
    """(configuration, image, its cases) in run order: one build and run each, the order
    results.json's builds are in."""
    return [(cfg, image, ics) for cfg, cs in group_configs(cases).items()
            for image, ics in images(cs)]


def run_cases(cases: list[dict], max_cycles: int, out: Path = OUT,
              fw_name: str = "bench") -> tuple[list[dict], list[ConfigRun]]:
    """Build and run the benchmark firmware for these cases, one run per SoC configuration;
    return the records (in case order, `verified` decided against bench/refs.py) and the runs."""
    from bench import refs  # pycryptodome: only needed once there is something to check

    jobs = image_jobs(cases)
    runs = [run_config(cfg, ics, max_cycles, out, fw_name, image) for cfg, image, ics in jobs]
    # each case's time from the Fmax of the build its image ran on
    fmax_of_case = {c["id"]: run.fmax.get("fmax_mhz")
                    for run, (_, _, ics) in zip(runs, jobs) for c in ics}
    log = []
    for run in runs:
        log.append(f"=== configuration {run.name} (soc_top overrides {run.overrides or 'none'}),"
                   f" image {run.image}, {run.cases} cases\n")
        if run.error:
            log.append(f"error: {run.error}\n")
        for i, res in enumerate(run.results):
            log.append(f"--- run {i + 1}\n{res.stdout}{res.stderr}")
        log += [f"failed: case {f['id']}: {f['reason']}\n" for f in run.failures]
    (out / "run.log").write_text("".join(log))
    by_id = {c["id"]: c for c in cases}
    for run in runs:  # describe the failed cases for the report
        for f in run.failures:
            c = by_id[f["id"]]
            f["case"] = " ".join(str(x) for x in (
                backend(c), c["algorithm"], c["mode"], c["direction"] or "",
                f"{c['bytes']} B" if c["bytes"] else "") if x)
    got = {cid: m for run in runs for cid, m in run.got.items()}
    records = []
    for c in cases:
        m = got.get(c["id"])
        rec = {k: c.get(k) for k in RECORD_KEYS}
        rec["cycles"] = int(m.group(2)) if m else None
        rec["instret"] = int(m.group(3)) if m else None
        ok = bool(m) and int(m.group(4)) == 0
        if ok:
            want = zlib.crc32(refs.expected(c)) & 0xFFFF_FFFF
            ok = int(m.group(5), 16) == want
        rec["verified"] = ok
        rec["fmax_mhz"] = fmax_of_case.get(c["id"])
        rec["ns"] = to_ns(rec["cycles"], rec["fmax_mhz"])
        records.append(rec)
    return records, runs


def build_fmax(overrides: dict) -> dict:
    """The ECP5 Fmax of the SoC build with these soc_top overrides, on today's RTL: the
    synth/blocks.toml soc entry with the same parameters, its RTL hash (synth.rtl_hash: the one
    function synth/run.py keys synth/fmax.json with) and the record's Fmax when the hashes are
    equal; else fmax_mhz None and fmax_note saying why."""
    return synth.fmax_of(synth.soc_entry(overrides))


def refresh_fmax(data: dict, cases: list[dict]) -> int:
    """--report --refresh-fmax: give each build of a results.json the Fmax synth/fmax.json holds
    now when that record was measured on the RTL the build ran (the rtl_hash the run kept), and
    recompute the records' fmax_mhz and ns; so a place and route that finishes after `make bench`
    reaches its tables without simulating again. Returns the number of builds that got one."""
    jobs = [ics for _, _, ics in image_jobs(cases)]
    builds = data["config"]["builds"]
    if len(jobs) != len(builds) or len(cases) != len(data["records"]) or any(
            tuple(c.get(k) for k in RECORD_ID) != tuple(r.get(k) for k in RECORD_ID)
            for c, r in zip(cases, data["records"])):
        raise SystemExit("bench: --refresh-fmax: the results are not from bench/cases.toml's cases")
    fmax_of_case, got = {}, 0
    for b, ics in zip(builds, jobs):
        now = build_fmax(b.get("params") or {})
        if now["rtl_hash"] == b.get("rtl_hash"):
            b.update({k: now[k] for k in ("synth", "fmax_mhz", "fmax_note")})
            got += now["fmax_mhz"] is not None
        for c in ics:
            fmax_of_case[c["id"]] = b.get("fmax_mhz")
    for c, r in zip(cases, data["records"]):
        r["fmax_mhz"] = fmax_of_case.get(c["id"])
        r["ns"] = to_ns(r["cycles"], r["fmax_mhz"])
    return got


def to_ns(cycles: int | float | None, fmax_mhz: float | None) -> float | None:
    """cycles at fmax_mhz in ns (None when either is missing)."""
    if cycles is None or not fmax_mhz:
        return None
    return round(cycles * 1000.0 / fmax_mhz, 1)


def backend(r: dict) -> str:
    """A record's backend label: coupling plus the hardware build ("cpi-dma rolled dma32"), and
    " start" for the asynchronous start call."""
    return r["coupling"] + (f" {r['arch']}" if r["arch"] else "") + (
        f" dma{r['dma_bits']}" if r["dma_bits"] else "") + (
        " start" if r.get("call", "blocking") == "start" else "")


def mode_label(r: dict) -> str:
    """A record's mode as the tables show it: AEAD modes with their AAD ("gcm aad32")."""
    return r["mode"] + (f" aad{r['aad_bytes']}" if r.get("aad_bytes") else "")


def block_bytes(r: dict) -> int | None:
    """Bytes per block of a record's algorithm (SHA-3: the rate), None when it has none."""
    if r["engine"] == "sha3":
        return SHA3_RATE.get(r["algorithm"])
    if r["engine"] == "sha2":
        return SHA2_BLOCK.get(r["algorithm"])
    return BLOCK_BYTES.get(r["engine"])


def per_block(r: dict) -> float | None:
    blk = block_bytes(r)
    if r["cycles"] is None or not blk or not r["bytes"]:
        return None
    if r["engine"] in ("sha3", "sha2") and r["bytes"] < blk:
        return None
    return r["cycles"] / (r["bytes"] / blk)


def matches(rec: dict, f: dict) -> bool:
    """A record matches a seed figure when it has every field of the figure's match table; a
    figure without `call` matches blocking calls only."""
    want = {"call": "blocking", **f["match"]}
    return all(rec.get(k, "blocking" if k == "call" else None) == v for k, v in want.items())


def seed_figure(rec: dict, figures: list[dict]) -> dict | None:
    for f in figures:
        if matches(rec, f):
            return f
    return None


def fmt(n: int | float | None) -> str:
    if n is None:
        return "-"
    return f"{n:,.0f}" if isinstance(n, int) or n >= 100 else f"{n:.2f}" if n < 10 else f"{n:.1f}"


def seed_cycles(f: dict) -> str:
    c = f["cycles"]
    return f"{c[0]:,}-{c[1]:,}" if isinstance(c, list) else f"{c:,}"


def seed_per_block(f: dict) -> float | None:
    if "seed_per_block" in f:
        return f["seed_per_block"]
    size, c = f["match"].get("bytes"), f["cycles"]
    blk = BLOCK_BYTES.get(f["match"].get("engine", ""))
    if not size or not blk or isinstance(c, list) or size < 2 * blk:
        return None
    return c / (size / blk)


def target_met(rec: dict, f: dict) -> str:
    """"yes"/"no" against the figure's numeric target (target_max cycles or target_per_block),
    "" when it has none. Reported, never asserted."""
    if "target_max" not in f and "target_per_block" not in f:
        return ""
    if not rec["verified"] or rec["cycles"] is None:
        return "unverified"
    ok = True
    if "target_max" in f:
        ok &= rec["cycles"] <= f["target_max"]
    if "target_per_block" in f:
        pb = per_block(rec)
        ok &= pb is not None and pb <= f["target_per_block"]
    return "yes" if ok else "no"


def table_rows(records: list[dict], figures: list[dict]) -> list[list[str]]:
    rows = []
    for r in records:
        cpi = r["cycles"] / r["instret"] if r["cycles"] and r["instret"] else None
        f = seed_figure(r, figures)
        rows.append([r["algorithm"], mode_label(r), r["direction"] or "-", r["coupling"],
                     r.get("call", "blocking"), r["arch"] or "-", str(r["dma_bits"] or "-"),
                     fmt(r["bytes"]), fmt(r["cycles"]), fmt(per_block(r)), fmt(r["instret"]),
                     f"{cpi:.2f}" if cpi else "-", fmt(r.get("fmax_mhz")), fmt(r.get("ns")),
                     "yes" if r["verified"] else "NO",
                     f"{seed_cycles(f)} ({f['source']})" if f else ""])
    return rows


HEAD = ["algorithm", "mode", "dir", "coupling", "call", "arch", "dma", "bytes", "cycles",
        "cycles/block", "instret", "CPI", "Fmax MHz", "ns", "verified", "seed figure"]


def text_table(rows: list[list[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(HEAD)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(HEAD, widths)).rstrip()]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    return "\n".join(lines) + "\n"


def load_figures(path: Path) -> list[dict]:
    """bench/seeds.toml's figures, each with `clock_mhz`, the clock its cycles were counted at
    (the figure's own, else its seed's [seed.<name>] table; None when the seed publishes none).
    Raises ValueError for a figure whose `seed` is not in the seed tables."""
    data = tomllib.loads(path.read_text())
    seeds = data.get("seed", {})
    out = []
    for f in data.get("figure", []):
        if f.get("seed") not in seeds:
            raise ValueError(f"{path}: figure {f.get('source')!r}: seed {f.get('seed')!r} has "
                             f"no [seed.<name>] table")
        out.append({**f, "clock_mhz": f.get("clock_mhz", seeds[f["seed"]].get("clock_mhz"))})
    return out


def seed_ns(f: dict) -> tuple[float, float] | None:
    """The seed's figure in ns at its own clock: (low, high), equal for a single figure."""
    if not f.get("clock_mhz"):
        return None
    c = f["cycles"] if isinstance(f["cycles"], list) else [f["cycles"]] * 2
    return (c[0] * 1000.0 / f["clock_mhz"], c[1] * 1000.0 / f["clock_mhz"])


def scaled(value: float | None, rec: dict, f: dict) -> float | None:
    """A record's cycles or ns for the seed's message size (`seed_bytes`, when the record ran
    another size: E203-NICE's 40,020 bytes from 40,016, or from 4 KiB per block), else as is."""
    want = f.get("seed_bytes")
    if value is None or not want or not rec["bytes"] or want == rec["bytes"]:
        return value
    return value * want / rec["bytes"]


def compare_rows(records: list[dict], figures: list[dict]) -> list[dict]:
    """One row per seed figure and matching record: {"figure", "record", "fastest" (the record
    was picked as the fastest backend), "ns" (ours for the seed's work, scaled to seed_bytes),
    "seed_ns", "faster" ("yes"/"no"; "no Fmax" without our ns; "unverified"; "no seed clock";
    None where the figure is not compared in time: `time = false`), "fewer_cycles"}.
    A figure with `pick = "fastest"` matches the work on every backend and keeps the one with
    the least ns (verified records; least cycles when none has ns)."""
    rows = []
    for f in figures:
        hits = [r for r in records if matches(r, f)]
        fastest = f.get("pick") == "fastest"
        if fastest:
            ok = [r for r in hits if r["verified"] and r["cycles"] is not None]
            timed = [r for r in ok if r.get("ns") is not None]
            hits = ([min(timed, key=lambda r: r["ns"])] if timed else
                    [min(ok, key=lambda r: r["cycles"])] if ok else hits[:1])
        for r in hits:
            ns = scaled(r.get("ns"), r, f)
            sns = seed_ns(f)
            low = f["cycles"][0] if isinstance(f["cycles"], list) else f["cycles"]
            cyc = scaled(r["cycles"], r, f)
            if not f.get("time", True):
                faster = None
            elif not r["verified"] or r["cycles"] is None:
                faster = "unverified"
            elif sns is None:
                faster = "no seed clock"
            elif ns is None:
                faster = "no Fmax"
            else:
                faster = "yes" if ns < sns[0] else "no"
            rows.append({"figure": f, "record": r, "fastest": fastest, "ns": ns,
                         "seed_ns": sns, "faster": faster,
                         "fewer_cycles": None if cyc is None or not r["verified"]
                         else cyc < low})
    return rows


def beaten_line(rows: list[dict]) -> str:
    """"N of M seed rows beaten in time" over the rows compared in time, and the cycles."""
    timed = [x for x in rows if x["faster"] is not None]
    won = sum(x["faster"] == "yes" for x in timed)
    nofmax = sum(x["faster"] == "no Fmax" for x in timed)
    noclock = sum(x["faster"] == "no seed clock" for x in timed)
    fewer = sum(bool(x["fewer_cycles"]) for x in rows)
    return (f"{won} of {len(timed)} seed rows beaten in time (our ns at the build's ECP5 Fmax "
            f"against the seed's cycles at its own clock"
            + (f"; {nofmax} without an Fmax measured on this RTL" if nofmax else "")
            + (f"; {noclock} whose seed publishes no clock" if noclock else "")
            + f"). In cycles: {fewer} of {len(rows)} rows fewer than the seed.")


def _ns_cell(x: dict) -> str:
    r, f = x["record"], x["figure"]
    if x["faster"] is None:
        return "-"
    if x["ns"] is None:
        return "no Fmax"
    note = (f" ({r['bytes']:,} B scaled to {f['seed_bytes']:,} B)"
            if f.get("seed_bytes") and r["bytes"] and f["seed_bytes"] != r["bytes"] else "")
    return f"{fmt(x['ns'])} @ {r['fmax_mhz']:g} MHz{note}"


def comparison(records: list[dict], figures: list[dict]) -> list[str]:
    """The seeds' published figures (bench/seeds.toml) beside the matching records, in cycles
    and in time, and the count of rows beaten in time."""
    rows = compare_rows(records, figures)
    out = []
    for x in rows:
        r, f = x["record"], x["figure"]
        work = " ".join(str(p) for p in (
            r["algorithm"], "key setup" if r["mode"] == "init" else r["mode"],
            r["direction"] or "", f"{r['bytes']:,} B" if r["bytes"] else "") if p)
        cyc = fmt(r["cycles"]) + ("" if r["verified"] else " (unverified)")
        sns = x["seed_ns"]
        seed_time = ("-" if x["faster"] is None else "no clock" if sns is None else
                     (fmt(sns[0]) if sns[0] == sns[1] else f"{fmt(sns[0])}-{fmt(sns[1])}")
                     + f" @ {f['clock_mhz']:g} MHz")
        label = ("fastest: " if x["fastest"] else "") + backend(r)
        out.append(f"| {work} | {label} | {cyc} | {fmt(per_block(r))} | {_ns_cell(x)} | "
                   f"{seed_cycles(f)} | {fmt(seed_per_block(f))} | {seed_time} | "
                   f"{x['faster'] or '-'} | {f['source']} | {f.get('target', '')} | "
                   f"{target_met(r, f)} |")
    if not out:
        return []
    return ["| work | Cipher-V backend | cycles | cycles/block | ns @ Fmax | seed cycles | "
            "seed cycles/block | seed ns @ clock | faster in time | seed source | target | met |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|", *out, "", beaten_line(rows)]


def load_targets(path: Path) -> list[dict]:
    """bench/targets.toml's targets (Cipher-V's own goals for work no seed publishes)."""
    targets = tomllib.loads(path.read_text())["target"]
    for t in targets:
        if ("target_max" in t) == ("target_per_block" in t):
            raise ValueError(f"{path}: {t['work']}: give one of target_max, target_per_block")
    return targets


def target_rows(records: list[dict], targets: list[dict]) -> list[str]:
    """A row per target of bench/targets.toml: the best matching record (fewest cycles among
    the verified ones of the target's couplings), the target, whether it is met, and the
    baseline coupling's figure for the same work. A target no record of this run matches is
    left out."""
    out = []
    for t in targets:
        f = {"match": t["match"], **{k: t[k] for k in ("target_max", "target_per_block")
                                      if k in t}}
        got = [r for r in records if r["coupling"] in t["couplings"] and matches(r, f)
               and r["verified"] and r["cycles"] is not None]
        if not got:
            continue
        best = min(got, key=lambda r: r["cycles"])
        base_match = {k: v for k, v in t["match"].items() if k not in ("arch", "dma_bits")}
        base = [r for r in records if r["coupling"] == t["baseline"] and r["verified"]
                and matches(r, {"match": base_match})]
        bcell = (f"{fmt(base[0]['cycles'])} ({fmt(per_block(base[0]))}/block)"
                 if base and "target_per_block" in t else
                 fmt(base[0]["cycles"]) if base else "-")
        out.append(f"| {t['work']} | {backend(best)} | {fmt(best['cycles'])} | "
                   f"{fmt(per_block(best))} | {t['target']} | {target_met(best, f)} | "
                   f"{t['baseline']}: {bcell} |")
    if not out:
        return []
    return ["| work | best backend | cycles | cycles/block | target | met | software |",
            "|---|---|---|---|---|---|---|", *out]


def fmax_lines(builds: list[dict]) -> list[str]:
    """Each SoC build's ECP5 Fmax (synth/fmax.json) or why it has none, once per build."""
    out, seen = [], set()
    for b in builds:
        if b["name"] in seen or "fmax_note" not in b:
            continue
        seen.add(b["name"])
        what = (f"{b['fmax_mhz']:g} MHz" if b.get("fmax_mhz") else b.get("fmax_note") or "-")
        out.append(f"- {b['name']} ({b.get('synth') or 'no synth entry'}): {what}")
    return out


def key_figures(records: list[dict]) -> list[str]:
    """One row per AES backend: key setup, one and five ECB blocks, CTR in bulk, and the
    four-block range over the modes (the figures the seeds publish and the targets name)."""
    idx: dict[tuple, dict] = {}
    backends: list[tuple] = []
    fmax: dict[tuple, float | None] = {}
    for r in records:
        if r["engine"] != "aes":
            continue
        b = (r["coupling"], r["arch"], r["dma_bits"], r.get("call", "blocking"))
        if b not in backends:
            backends.append(b)
        fmax[b] = fmax.get(b) or r.get("fmax_mhz")
        idx[(b, r["algorithm"], r["mode"], r["direction"], r["bytes"])] = r

    def cyc(b: tuple, alg: str, mode: str, d: str | None, size: int | None,
            blocks: bool = False) -> str:
        r = idx.get((b, alg, mode, d, size))
        if not r or r["cycles"] is None:
            return "-"
        v = fmt(per_block(r)) if blocks else fmt(r["cycles"])
        return v if r["verified"] else v + " (unverified)"

    rows = ["| AES backend | key setup 128/192/256 | AES-128 ECB enc 16 B / 80 B | "
            "AES-256 ECB enc 16 B / 80 B | AES-128 CTR cycles/block 4 KiB / 40,020 B | "
            "AES-256 64 B (4 blocks), each mode enc/dec: min-max | ECP5 Fmax MHz |",
            "|---|---|---|---|---|---|---|"]
    for b in backends:
        label = backend({"coupling": b[0], "arch": b[1], "dma_bits": b[2], "call": b[3]})
        init = " / ".join(cyc(b, f"aes-{k}", "init", None, None) for k in (128, 192, 256))
        e128 = " / ".join(cyc(b, "aes-128", "ecb", "encrypt", s) for s in (16, 80))
        e256 = " / ".join(cyc(b, "aes-256", "ecb", "encrypt", s) for s in (16, 80))
        ctr = " / ".join(cyc(b, "aes-128", "ctr", "encrypt", s, True) for s in (4096, 40020))
        four = [idx.get((b, "aes-256", m, d, 64)) for m in ("ecb", "cbc", "cfb128", "ofb", "ctr")
                for d in ("encrypt", "decrypt")]
        four = [r for r in four if r and r["cycles"] is not None]
        rng = "-"
        if four:
            rng = f"{min(r['cycles'] for r in four):,}-{max(r['cycles'] for r in four):,}"
            if not all(r["verified"] for r in four):
                rng += " (unverified)"
        rows.append(f"| {label} | {init} | {e128} | {e256} | {ctr} | {rng} | "
                    f"{fmt(fmax[b]) if fmax[b] else 'no Fmax'} |")
    return rows if backends else []


def bulk_table(records: list[dict]) -> list[str]:
    """Cycles per block at each (algorithm, backend, mode, direction)'s largest size."""
    best: dict[tuple, dict] = {}
    cols: list[tuple] = []
    for r in records:
        if (r["mode"] == "init" or not r["bytes"] or per_block(r) is None
                or r.get("call", "blocking") != "blocking"):
            continue
        col = (mode_label(r), r["direction"])
        if col not in cols:
            cols.append(col)
        key = ((r["algorithm"], backend(r)), col)
        if key not in best or r["bytes"] > best[key]["bytes"]:
            best[key] = r
    rows_keys = list(dict.fromkeys(k[0] for k in best))
    if not rows_keys:
        return []
    names = [f"{m} {d[:3]}" if d else m for m, d in cols]
    out = ["| algorithm | backend | " + " | ".join(names) + " |",
           "|---|---|" + "---|" * len(cols)]
    for rk in rows_keys:
        cells = []
        for col in cols:
            r = best.get((rk, col))
            cells.append("" if not r else
                         fmt(per_block(r)) + ("" if r["verified"] else " (unverified)"))
        out.append(f"| {rk[0]} | {rk[1]} | " + " | ".join(cells) + " |")
    return out


def verified_line(records: list[dict], builds: list[dict]) -> str:
    """How many records were verified, on which configurations, and what the run cost.
    builds: results.json's config.builds (ConfigRun.summary() of every image run)."""
    verified = sum(r["verified"] for r in records)
    cyc = sum(b.get("sim_cycles") or 0 for b in builds)
    secs = sum(b.get("seconds") or 0 for b in builds)
    speed = [b["sim_mcycles_per_s"] for b in builds if b.get("sim_mcycles_per_s")]
    names = list(dict.fromkeys(b["name"] for b in builds))
    return (f"{verified} of {len(records)} records verified against pycryptodome (the light "
            f"engines: hashlib and the engines' models), on {len(names)} SoC configuration"
            f"{'s' if len(names) != 1 else ''} ({', '.join(names)}), {len(builds)} firmware "
            f"image{'s' if len(builds) != 1 else ''}."
            + (f" {cyc / 1e6:,.1f} M simulated cycles in {secs:.0f} s (builds included);"
               f" simulation speed {min(speed):.2f}-{max(speed):.2f} M cycles/s." if speed else ""))


def failure_lines(builds: list[dict]) -> list[str]:
    """Cases that did not finish: the first of each stop with its reason, then a count of the
    cases dropped with it."""
    out = []
    for b in builds:
        fails = b.get("failures") or []
        for f in fails:
            if not f["reason"].startswith("not run"):
                dropped = sum(1 for g in fails
                              if g["reason"].startswith(f"not run: case {f['id']} "))
                out.append(f"- {b['name']}: {f.get('case', f['id'])}: {f['reason']}"
                           + (f"; {dropped} later cases of that backend and mode not run"
                              if dropped else ""))
        if b.get("error"):
            out.append(f"- {b['name']}: {b['error'].splitlines()[0]}")
    return ["Cases that did not finish:", "", *out, ""] if out else []


def markdown(records: list[dict], figures: list[dict], builds: list[dict]) -> str:
    """Every row: one per (algorithm, mode, direction, backend), cycles per size."""
    sizes = sorted({r["bytes"] for r in records if r["bytes"]})
    groups: dict[tuple, dict] = {}
    for r in records:
        key = (r["engine"], r["algorithm"], mode_label(r), r["direction"], backend(r))
        groups.setdefault(key, {})[r["bytes"]] = r
    out = ["| algorithm | mode | dir | backend | init | " + " | ".join(f"{s} B" for s in sizes)
           + " | cycles/block (largest) |",
           "|---|---|---|---|---|" + "---|" * len(sizes) + "---|"]
    for key, by_size in groups.items():
        engine, alg, mode, direction, label = key

        def cell(r: dict | None) -> str:
            if not r or r["cycles"] is None:
                return ""
            return fmt(r["cycles"]) + ("" if r["verified"] else " (unverified)")
        if mode == "init":
            out.append(f"| {alg} | key setup | - | {label} | {cell(by_size.get(None))} |"
                       + " |" * len(sizes) + " |")
            continue
        big = by_size[max(by_size)]
        out.append(f"| {alg} | {mode} | {direction or '-'} | {label} | | "
                   + " | ".join(cell(by_size.get(s)) for s in sizes)
                   + f" | {fmt(per_block(big))} |")
    cmp_rows = comparison(records, figures)
    if cmp_rows:
        out += ["", "Beside the seeds' published figures (cycles, and time at each clock):", "",
                *cmp_rows]
    fl = fmax_lines(builds)
    if fl:
        out += ["", "ECP5 Fmax of each SoC build (synth/fmax.json, on this RTL only):", "", *fl]
    out += ["", *failure_lines(builds), verified_line(records, builds), ""]
    return "\n".join(out)


# The plots copied into docs/results/ and linked from bench.md: one algorithm per engine (the
# other key sizes and round counts look alike); every plot stays in build/bench/.
PUBLISHED_PLOTS = ("aes-128", "prince", "present-80", "chacha20", "sha3-256")


def run_header(what: str, command: str, config: dict) -> list[str]:
    """A results file's opening: what it is, the command that writes it, the commit measured."""
    commit = config.get("commit") or "unknown"
    date = config.get("date") or "unknown"
    return [f"# {what}", "",
            f"Generated by `{command}`: do not edit. Measured on commit `{commit}`, {date}.", ""]


def energy_lines(summary: Path | None = None) -> list[str]:
    """The seeds' power and energy figures beside the energy model's (energy/seeds.toml and
    the committed summary of `make energy`, docs/results/energy-summary.json), in the table
    energy.md prints; none before a `make energy` has written the summary."""
    summary = summary or DOCS / "energy-summary.json"
    if not summary.exists():
        return []
    from energy import run as energy_run  # here: energy/run.py imports this module
    data = json.loads(summary.read_text())
    seeds = tomllib.loads((ROOT / "energy" / "seeds.toml").read_text())
    rows = energy_run.seed_energy_rows(data["records"], seeds)
    if not rows:
        return []
    return ["## Energy beside the seeds", "",
            "The seeds' published power and energy figures (energy/seeds.toml) beside the "
            "energy model's (`make energy`, measured on commit "
            f"`{data.get('commit', 'unknown')}`, {data.get('date', 'unknown')}: "
            "[energy.md](energy.md), where the model and the like-with-like rules are "
            "stated).", "", *rows, ""]


def bench_md(records: list[dict], figures: list[dict], config: dict,
             plots: list[str]) -> str:
    """docs/results/bench.md: key figures per AES backend, the comparison with the seeds, cycles
    per block in bulk, the verification line and the plots. plots: published PNG names."""
    builds = config.get("builds", [])
    out = run_header("Benchmark results", "make bench", config)
    out += ["Clock cycles on the simulated SoC (Verilator), counted by `mcycle` around the one "
            "API call that does the work; every output is checked against a reference. Backends "
            "are named `coupling arch dmaN` (`rolled dma32` is the default SoC); `sw` is the "
            "software baseline on the same core. How a case is measured: "
            "[bench/README.md](../../bench/README.md).", ""]
    kf = key_figures(records)
    if kf:
        out += ["## Key figures per AES backend", "",
                "Cycles per call (the CTR column: cycles per 16-byte block); `start` rows: the "
                "DMA backends' asynchronous start call alone (the job running on return).", "",
                *kf, ""]
    fl = fmax_lines(builds)
    if fl:
        out += ["## Clock: ECP5 Fmax per SoC build", "",
                "Time = cycles / Fmax, with the ECP5 Fmax (LFE5U-85F, speed 8, nextpnr) of the "
                "build a record ran on, taken from `synth/fmax.json` only when it was measured "
                "on the same RTL (same hash of sources, generated include and parameters); "
                "otherwise the record's time is null.", "", *fl, ""]
    cmp_rows = comparison(records, figures)
    if cmp_rows:
        out += ["## Beside the seeds' published figures", "",
                "The published figures of the systems Cipher-V descends from (bench/seeds.toml) "
                "beside the matching rows: in cycles, and in time, ours at our build's Fmax "
                "against the seed's cycles at its own published clock (`faster in time`; `no "
                "Fmax` when our build has no Fmax measured on this RTL). FAC-V's rows coupling "
                "for coupling (RoCC Mem = our DMA backends' start call); `fastest:` rows take our "
                "fastest backend for the seed's work. `target` is Cipher-V's own goal for the "
                "row and `met` says whether this run meets it (reported, never asserted).", "",
                *cmp_rows, ""]
    trows = target_rows(records, load_targets(ROOT / "bench" / "targets.toml"))
    if trows:
        out += ["## Cipher-V's targets for authenticated encryption and the scalar-crypto ISA",
                "", "Work no seed publishes, against Cipher-V's own targets "
                "(bench/targets.toml): the best backend the target names, at the default "
                "SoC's build unless the row names another; the software figure beside it. "
                "Reported, never asserted.", "", *trows, ""]
    energy = energy_lines()
    if energy:
        out += energy
    bulk = bulk_table(records)
    if bulk:
        out += ["## Cycles per block", "",
                "At the largest message measured per row (40,020 B where the mode takes it, "
                "else 4,096 B; SHA-3 and SHAKE per block of the sponge's rate).", "", *bulk, ""]
    out += ["## Verification", "", *failure_lines(builds), verified_line(records, builds)
            + " Every row, per message size: `build/bench/results.md` after `make bench`.", ""]
    if plots:
        out += ["## Plots", "", "Cycles against message size per backend (one panel per mode, "
                "decrypt dashed), and the speed-up over `sw`; the other algorithms' plots are "
                "written to `build/bench/`.", ""]
        out += [f"![{name[:-4].replace('-speedup', ': speed-up over sw')}]({name})"
                for name in plots] + [""]
    return "\n".join(out)


# The figures of the top README's headline table (tools/readme_results.py), every backend:
# (name, algorithm, mode, direction, bytes); bytes None for the key setup.
HEADLINE_CALLS = [
    ("aes-128 key setup", "aes-128", "init", None, None),
    ("aes-128 ecb encrypt 16 B", "aes-128", "ecb", "encrypt", 16),
    ("prince ecb encrypt 8 B", "prince", "ecb", "encrypt", 8),
    ("present-80 ecb encrypt 8 B", "present-80", "ecb", "encrypt", 8),
    ("chacha20 keystream 64 B", "chacha20", "keystream", None, 64),
    ("sha3-256 hash 64 B", "sha3-256", "hash", None, 64),
]
# bulk: (name, algorithm, mode, direction): cycles per block at the largest size measured
HEADLINE_BULK = [
    ("aes-128 ctr encrypt", "aes-128", "ctr", "encrypt"),
    ("prince ecb encrypt", "prince", "ecb", "encrypt"),
    ("present-80 ecb encrypt", "present-80", "ecb", "encrypt"),
    ("chacha20 keystream", "chacha20", "keystream", None),
    ("sha3-256 hash", "sha3-256", "hash", None),
]


def bench_summary(records: list[dict], config: dict) -> dict:
    """docs/results/bench-summary.json: the run's verification totals, and the cycles of
    HEADLINE_CALLS and cycles per block of HEADLINE_BULK per backend (verified records only)."""
    ok = [r for r in records if r["verified"] and r["cycles"] is not None
          and r.get("call", "blocking") == "blocking"]
    calls = []
    for name, alg, mode, d, size in HEADLINE_CALLS:
        got = {backend(r): r["cycles"] for r in ok if (r["algorithm"], r["mode"], r["direction"],
                                                        r["bytes"]) == (alg, mode, d, size)}
        calls.append({"name": name, "algorithm": alg, "mode": mode, "direction": d,
                      "bytes": size, "cycles": got})
    bulk = []
    for name, alg, mode, d in HEADLINE_BULK:
        best: dict[str, dict] = {}
        for r in ok:
            if (r["algorithm"], r["mode"], r["direction"]) == (alg, mode, d) and per_block(r):
                b = backend(r)
                if b not in best or r["bytes"] > best[b]["bytes"]:
                    best[b] = r
        blk = {block_bytes(r) for r in best.values()}
        bulk.append({"name": name, "algorithm": alg, "mode": mode, "direction": d,
                     "block_bytes": blk.pop() if len(blk) == 1 else None,
                     "bytes": {b: r["bytes"] for b, r in best.items()},
                     "cycles_per_block": {b: round(per_block(r), 3) for b, r in best.items()}})
    builds = config.get("builds", [])
    return {"generated_by": "make bench (bench/run.py)", "commit": config.get("commit"),
            "date": config.get("date"), "records": len(records),
            "verified": sum(r["verified"] for r in records),
            "configurations": list(dict.fromkeys(b["name"] for b in builds)),
            "fmax_mhz": {b["name"]: b.get("fmax_mhz") for b in builds},
            "calls": calls, "bulk": bulk}


def write_reports(data: dict, out: Path, docs: Path | None, figures: list[dict],
                  plots: bool = True) -> list[Path]:
    """Every report of one run from its results.json content: results.md, records.txt and the
    plots in out; bench.md, bench-summary.json and the published plots in docs (None: none).
    Returns the plots written."""
    records, config = data["records"], data["config"]
    builds = config.get("builds", [])
    (out / "records.txt").write_text(text_table(table_rows(records, figures)))
    (out / "results.md").write_text(markdown(records, figures, builds))
    pngs = plot(records, out) if plots else []
    if docs is None:
        return pngs
    docs.mkdir(parents=True, exist_ok=True)
    published = []
    for name in PUBLISHED_PLOTS:
        for png in (out / f"{name}.png", out / f"{name}-speedup.png"):
            if png.exists():
                shutil.copyfile(png, docs / png.name)
                published.append(png.name)
    (docs / "bench.md").write_text(bench_md(records, figures, config, published))
    (docs / "bench-summary.json").write_text(
        json.dumps(bench_summary(records, config), indent=1) + "\n")
    return pngs


def git_commit() -> str | None:
    """The checked-out commit (short hash), None outside a git work tree."""
    res = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                         text=True)
    return res.stdout.strip() or None if res.returncode == 0 else None


def utc_now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


MODES_PLOTTED = ["ecb", "cbc", "cfb128", "ofb", "ctr", "cmac", "keystream", "xor", "hash"]


def _series(rs: list[dict]) -> dict[tuple, list[tuple[int, int]]]:
    series: dict[tuple, list] = {}
    for r in rs:
        series.setdefault((backend(r), r["mode"], r["direction"]), []).append(
            (r["bytes"], r["cycles"]))
    for pts in series.values():
        pts.sort()
    return series


def plot(records: list[dict], out: Path) -> list[Path]:
    """Per algorithm: cycles vs size per backend (one panel per mode; decrypt dashed), and
    where hardware rows exist, speed-up over sw per backend (same panels)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    paths = []
    for alg in sorted({r["algorithm"] for r in records}):
        rs = [r for r in records if r["algorithm"] == alg and r["bytes"] and r["cycles"]
              and r["verified"] and r.get("call", "blocking") == "blocking"]
        modes = [m for m in MODES_PLOTTED if any(r["mode"] == m for r in rs)]
        if not modes:
            continue
        series = _series(rs)
        labels = sorted({s[0] for s in series}, key=lambda b: (b != "sw", b))
        colors = {b: plt.cm.tab10(i % 10) for i, b in enumerate(labels)}
        for kind in ("cycles", "speedup"):
            if kind == "speedup" and labels == ["sw"] or kind == "speedup" and "sw" not in labels:
                continue
            ncol = min(3, len(modes))
            nrow = (len(modes) + ncol - 1) // ncol
            fig, axes = plt.subplots(nrow, ncol, figsize=(5 * ncol, 3.8 * nrow), squeeze=False)
            for ax, mode in zip(axes.flat, modes):
                for (b, m, d), pts in sorted(series.items(), key=lambda kv: str(kv[0])):
                    if m != mode:
                        continue
                    if kind == "speedup":
                        sw = dict(series.get(("sw", m, d), []))
                        if b == "sw" or not sw:
                            continue
                        pts = [(s, sw[s] / c) for s, c in pts if s in sw and c]
                    ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", markersize=3,
                            color=colors[b], linestyle="--" if d == "decrypt" else "-",
                            label=b if d != "decrypt" else None)
                ax.set_xscale("log", base=2)
                ax.set_yscale("log")
                ax.set_title(mode)
                ax.set_xlabel("message bytes")
                ax.set_ylabel("cycles" if kind == "cycles" else "speed-up over sw (x)")
                ax.grid(True, which="both", alpha=0.3)
            for ax in list(axes.flat)[len(modes):]:
                ax.set_visible(False)
            # one legend entry per backend over every panel (the first may have no series: a
            # mode only sw runs has nothing to plot as a speed-up)
            handles, names = [], []
            for ax in axes.flat:
                for h, n in zip(*ax.get_legend_handles_labels()):
                    if n not in names:
                        handles.append(h)
                        names.append(n)
            if names:
                fig.legend(handles, names, loc="lower center", ncol=min(5, len(names)),
                           fontsize=8)
            fig.suptitle(f"{alg}: " + ("cycles (mcycle around the API call) vs message size"
                                       if kind == "cycles" else "speed-up over the sw backend")
                         + " per backend; decrypt dashed")
            fig.tight_layout(rect=(0, 0.06, 1, 0.97))
            path = out / (f"{alg}.png" if kind == "cycles" else f"{alg}-speedup.png")
            fig.savefig(path, dpi=100)
            plt.close(fig)
            paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=Path, default=ROOT / "bench" / "cases.toml")
    ap.add_argument("--coupling", help="only these couplings (comma-separated, e.g. sw)")
    ap.add_argument("--gen-only", action="store_true",
                    help="only write build/bench/bench_cases.h (the default SoC's cases)")
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("--max-cycles", type=int, default=1_000_000_000)
    ap.add_argument("--out", type=Path, default=OUT, help="output folder (default build/bench)")
    ap.add_argument("--docs", type=Path,
                    help="folder of the committed results (default docs/results for a full run "
                         "into build/bench, <out>/docs with --out, none for a subset)")
    ap.add_argument("--report", type=Path, metavar="RESULTS_JSON",
                    help="run nothing: write the reports of this results.json (into its folder)")
    ap.add_argument("--commit", help="with --report: the commit measured, when the file lacks it")
    ap.add_argument("--date", help="with --report: the date of the run, when the file lacks it")
    ap.add_argument("--refresh-fmax", action="store_true",
                    help="with --report: take each build's Fmax from synth/fmax.json where it was "
                         "measured on the RTL the run used, and write results.json again")
    args = ap.parse_args(argv)
    figures = load_figures(ROOT / "bench" / "seeds.toml")
    if args.report:
        data = json.loads(args.report.read_text())
        for key in ("commit", "date"):
            if getattr(args, key):
                data["config"][key] = getattr(args, key)
        out = args.report.resolve().parent
        if args.refresh_fmax:
            got = refresh_fmax(data, load_cases(args.cases))
            args.report.write_text(json.dumps(data, indent=1) + "\n")
            print(f"bench: Fmax for {got} of {len(data['config']['builds'])} builds")
        docs = args.docs or (DOCS if out == OUT else out / "docs")
        pngs = write_reports(data, out, docs, figures, plots=not args.no_plots)
        print(f"bench: wrote {out / 'results.md'}, records.txt{''.join(', ' + p.name for p in pngs)}"
              f"; {docs / 'bench.md'}, bench-summary.json")
        return 0

    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    cases = load_cases(args.cases)
    if args.coupling:
        keep = set(args.coupling.split(","))
        cases = [c for c in cases if c["coupling"] in keep]
    if args.gen_only:
        first = images(group_configs(cases).get(DEFAULT_CONFIG, []))
        write_header(first[0][1] if first else [], out)
        return 0
    subset = bool(args.coupling) or args.cases.resolve() != ROOT / "bench" / "cases.toml"
    docs = args.docs or (out / "docs" if out != OUT else None if subset else DOCS)
    fw_name = "bench" if out == OUT else "bench-" + out.name
    t0 = time.monotonic()
    commit, date = git_commit(), utc_now()
    records, runs = run_cases(cases, args.max_cycles, out, fw_name)
    config = soc_config()
    config.update(commit=commit, date=date)
    config["builds"] = [r.summary() for r in runs]
    config["seconds"] = round(time.monotonic() - t0, 1)
    data = {"config": config, "records": records}
    (out / "results.json").write_text(json.dumps(data, indent=1) + "\n")
    pngs = write_reports(data, out, docs, figures, plots=not args.no_plots)
    print((out / "results.md").read_text())
    verified = sum(r["verified"] for r in records)
    for r in runs:
        res = r.result
        print(f"bench: {r.name} {r.image}: {r.cases} cases in {len(r.results)} run(s), "
              + (f"{r.cycles:,} simulated cycles at {res.mcycles_per_s} M cycles/s wall clock, "
                 f"{r.seconds:.0f} s with the builds" if res else "")
              + (f"; error: {r.error}" if r.error else ""))
        for f in r.failures:
            print(f"bench: {r.name}: case {f['id']} failed: {f['reason']}")
    for line in fmax_lines(config["builds"]):
        print(f"bench: Fmax {line[2:]}")
    print("bench: " + beaten_line(compare_rows(records, figures)))
    print(f"bench: {verified}/{len(records)} records verified in {config['seconds']:.0f} s")
    print(f"bench: wrote {out / 'results.json'}, results.md, records.txt"
          + "".join(f", {p.name}" for p in pngs)
          + (f"; {docs / 'bench.md'}, bench-summary.json" if docs else
             "; a subset: docs/results left as it was (--docs DIR to write one)"))
    ok = all(not r.error for r in runs)
    return 0 if verified == len(records) and ok else 1


if __name__ == "__main__":
    sys.exit(main())
