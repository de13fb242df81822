# SPDX-License-Identifier: Apache-2.0
"""`make os-study`: what crypto costs the rest of the system (FAC-V Tables 8 and 9).

Runs each Thread-Metric test (fw/rtos/tm) alone (baseline), beside the echo server without
crypto, and beside the echo server with each AES backend, at two loads in 80-byte AES-256
messages per million simulated cycles. The network peer is this script: it writes the
messages, each SLIP-framed with a Fletcher-32 checksum and encrypted with pycryptodome's
AES-256-CTR, into a schedule the Verilator harness sends on the UART's RX line at their cycles
(cv_sim --rx-file), and checks every reply frame the firmware sent on TX: the count, the
checksum, the reply's nonce, and the plaintext changed as fw/rtos/echo/echo.c documents. One
lost, late (after the run) or corrupted reply fails the run.

The SoC is built with UART_FIFO_DEPTH=128 (a frame fits the receive FIFO, as a network
interface's buffer would hold it) and the firmware sets the UART to 1 cycle per bit; the isa
backend runs on the same SoC with the core's scalar-crypto extensions (ZK=1), its firmware built
with FW_ZK=1. Every program is built once (the loads share it) and its functions start on
64-byte boundaries (-falign-functions=64), so the branch target buffer (indexed by pc[5:2])
sees Thread-Metric's and the kernel's branches at the same places whatever the backend's code
before them: a backend's score moves by its load alone. The simulations then run --jobs at a
time.
Writes build/os/results.json, docs/results/os_study.md and docs/results/os_study.png.
--period sets the measurement period in ticks of --tick cycles (default 100 x 50,000: the
issue's 5,000,000 cycles per test); --jobs the simulations at a time (default 2); --tests,
--backends and --loads select a subset; --smoke is the CI check (one short run)."""
from __future__ import annotations

import argparse
import concurrent.futures
import datetime
import json
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from Crypto.Cipher import AES
from Crypto.Util import Counter

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from sim.verilator import harness  # noqa: E402

TESTS = ["basic_processing", "cooperative_scheduling", "preemptive_scheduling",
         "interrupt_processing", "interrupt_preemption_processing", "message_processing",
         "synchronization_processing", "memory_allocation"]
BACKENDS = {"sw": 0, "mmio": 1, "cpi": 2, "cpi-dma": 3, "mmio-dma": 4, "isa": 8}
ISA = "isa"               # built with FW_ZK=1, run on the SoC with ZK=1
LOADS = [20, 100, 200]
KEY = bytes(range(32))   # the firmware's key (echo.c)
DATA = 80
FRAME = 104
SIM_PARAMS = {"UART_FIFO_DEPTH": 128}
SIM_PARAMS_ZK = {**SIM_PARAMS, "ZK": 1}
ALIGN = "-falign-functions=64"   # every program of the study, its libraries too
FMAX_MHZ = 74.4          # the default SoC's Fmax (README headline): messages per second
SUMMARY = re.compile(rb"^(\d+) passed, (\d+) failed$", re.M)
TM_LINE = re.compile(rb"^tm (\S+) (\d+) (\d+)$", re.M)
ECHO_LINE = re.compile(rb"^echo (\d+) (\d+) (\d+) (\d+)", re.M)
CYCLES_LINE = re.compile(rb"^echo_cycles (\d+) (\d+) (\d+)$", re.M)
SIM_STATS = re.compile(rb"cv_sim: exit -?\d+, cycles (\d+), .* \(([\d.]+) per CPU s\)")
END, ESC, ESC_END, ESC_ESC = 0xC0, 0xDB, 0xDC, 0xDD


def fletcher32(data: bytes) -> int:
    a = b = 0xFFFF
    for i in range(0, len(data), 2):
        a = (a + (data[i] | data[i + 1] << 8)) % 0xFFFF or 0xFFFF
        b = (b + a) % 0xFFFF or 0xFFFF
    return b << 16 | a


def slip(payload: bytes) -> bytes:
    out = bytearray([END])
    for c in payload:
        out += bytes([ESC, ESC_END]) if c == END else bytes([ESC, ESC_ESC]) if c == ESC else \
            bytes([c])
    out.append(END)
    return bytes(out)


def ctr(nonce: bytes, data: bytes) -> bytes:
    c = Counter.new(128, initial_value=int.from_bytes(nonce, "big"))
    return AES.new(KEY, AES.MODE_CTR, counter=c).encrypt(data)


@dataclass
class Message:
    cycle: int
    frame: bytes       # the request's payload (before SLIP)
    reply: bytes       # the reply the server must send (before SLIP)


def messages(rate: int, start: int, end: int, crypto: bool, seed: int) -> list[Message]:
    """Messages every 10^6/rate cycles from start to end, each with its expected reply."""
    import random
    rng = random.Random(seed)
    out, step = [], 1_000_000 // rate
    for seq, cycle in enumerate(range(start, end, step)):
        plain = b"ECHO" + seq.to_bytes(4, "little") + rng.randbytes(DATA - 8)
        nonce = rng.randbytes(12) + bytes(4)
        body = nonce + (ctr(nonce, plain) if crypto else plain) + seq.to_bytes(4, "little")
        frame = body + fletcher32(body).to_bytes(4, "little")
        changed = b"REPL" + plain[4:8] + bytes(~c & 0xFF for c in plain[8:])
        rnonce = bytes([nonce[0] ^ 0x80]) + nonce[1:]
        rbody = rnonce + (ctr(rnonce, changed) if crypto else changed) + seq.to_bytes(4, "little")
        out.append(Message(cycle, frame, rbody + fletcher32(rbody).to_bytes(4, "little")))
    return out


def split_output(raw: bytes) -> tuple[bytes, list[bytes]]:
    """The UART output as text and SLIP frames (decoded; a frame never holds END)."""
    text, frames, cur, in_frame = bytearray(), [], bytearray(), False
    for c in raw:
        if c == END:
            if in_frame and cur:
                frames.append(bytes(cur))
                cur = bytearray()
                in_frame = False
            else:
                in_frame = True
            continue
        (cur if in_frame else text).append(c)
    out = []
    for f in frames:
        dec, i = bytearray(), 0
        while i < len(f):
            if f[i] == ESC and i + 1 < len(f):
                dec.append(END if f[i + 1] == ESC_END else ESC if f[i + 1] == ESC_ESC else 0)
                i += 2
            else:
                dec.append(f[i])
                i += 1
        out.append(bytes(dec))
    return bytes(text), out


def build(make_vars: list[str], folder: str, prog: str, name: str) -> Path:
    """Builds fw/rtos/<folder> as build/fw/<prog> and keeps its ELF as build/os/<name>.elf. The
    flags that differ between the study's programs (TM_TEST, TM_TICK, TM_PERIOD, ECHO_BACKEND)
    are read by tm.c and echo.c alone: they go in PROG_CFLAGS, so the libraries are built once
    per set of the other flags (fw/common.mk), and, as make does not see a change of flags, the
    two objects are removed so that they, and only they, are compiled again."""
    zk = "FW_ZK=1" in make_vars
    out = ROOT / "build" / ("fw-zk" if zk else "fw") / prog
    for stale in ("obj/tm.c.o", "obj/echo.c.o", f"{prog}.elf"):
        (out / stale).unlink(missing_ok=True)
    elf = harness.build_fw(folder, make_vars, prog, folder=f"fw/rtos/{folder}")
    dest = ROOT / "build" / "os" / f"{name}.elf"
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(elf, dest)
    return dest


def build_one(test: int, backend: str | None, tick: int, period: int, link: str = "") -> Path:
    """The program of one Thread-Metric test: backend None is the baseline (Thread-Metric
    alone), "none" the echo without crypto, else the echo on that AES backend. link: extra
    firmware flags (the smoke's UART on the default SoC; the smoke keeps the default layout)."""
    b = -1 if backend == "none" else BACKENDS.get(backend or "", -1)
    name = f"os_t{test}_{backend or 'base'}_{tick}x{period}{'_smoke' if link else ''}"
    flags = f"-DTM_TEST={test} -DTM_TICK={tick} -DTM_PERIOD={period}"
    common = [] if link else [f"CFLAGS_EXTRA={ALIGN}"]
    if backend is None:
        return build([*common, f"PROG_CFLAGS={flags}"], "tm", f"os_tm_t{test}", name)
    zk = ["FW_ZK=1"] if backend == ISA else []
    return build([*common, *zk, f"PROG_CFLAGS={flags} -DECHO_BACKEND={b} {link}"], "echo",
                 "os_echo_smoke" if link else f"os_echo_t{test}_{backend}", name)


def run_one(test: int, backend: str | None, rate: int, tick: int, period: int, sim: Path,
            elf: Path, seed: int = 1) -> dict:
    """Runs one Thread-Metric program (build_one) at rate messages per million cycles. Returns
    the score, the echo's counts (overload: messages were lost) and its cycles, and what the
    simulation cost; raises on any other failure."""
    name = elf.stem
    msgs: list[Message] = []
    args = []
    if backend is not None:
        # The reporter measures from its first tick to period ticks later: the messages start
        # 10,000 cycles into the measurement and end with it.
        start, end = tick + 10_000, (period + 1) * tick
        msgs = messages(rate, start, end, backend != "none", seed * 1000 + test)
        sched = ROOT / "build" / "os" / f"{name}_{rate}.rx"
        sched.parent.mkdir(parents=True, exist_ok=True)
        sched.write_text("".join(f"{m.cycle} {slip(m.frame).hex()}\n" for m in msgs))
        args = ["--rx-file", str(sched)]
    max_cycles = (period + 6) * tick + 1_000_000
    t0 = time.monotonic()
    res = subprocess.run([str(sim), "--max-cycles", str(max_cycles), *args, str(elf)],
                         capture_output=True, timeout=7200)
    wall = time.monotonic() - t0
    text, frames = split_output(res.stdout)
    where = f"{name} at {rate}/M"
    failed = RuntimeError(f"{where} failed (exit {res.returncode}):\n"
                          f"{text.decode(errors='replace')}\n{res.stderr.decode()}")
    m = TM_LINE.search(text)
    if not m or m.group(1).decode() != TESTS[test - 1]:
        raise failed
    row = {"loops": int(m.group(2)), "cycles": int(m.group(3)), "wall_s": round(wall, 1)}
    st = SIM_STATS.search(res.stderr)
    if st:
        row.update(sim_cycles=int(st.group(1)),
                   cpu_s=round(int(st.group(1)) / 1e6 / float(st.group(2)), 1))
    if backend is not None:
        e, c = ECHO_LINE.search(text), CYCLES_LINE.search(text)
        if not e or not c:
            raise failed
        _, _, bad, dropped = map(int, e.groups())
        row.update(isr_cycles=int(c.group(1)), server_cycles=int(c.group(2)),
                   aes_cycles=int(c.group(3)))
        # Each reply must be the next expected one, or a later one when messages were dropped.
        want = iter(msgs)
        matched = sum(1 for got in frames if any(got == w.reply for w in want))
        row.update(sent=len(msgs), replies=len(frames))
        if bad or matched != len(frames):
            raise RuntimeError(f"{where}: corrupted replies ({bad} bad frames seen by the server, "
                               f"{len(frames) - matched} wrong replies)\n{failed}")
        if dropped or len(frames) != len(msgs):
            # The server could not keep up: receive buffers full, messages lost. Not a score.
            row.update(overload=True, lost=len(msgs) - len(frames))
            return row
    s = SUMMARY.findall(text)
    if res.returncode or not s or s[-1][1] != b"0":
        raise failed
    return row


SMOKE_LINK = "-DUART_DIV=4 -DTX_ROOM=16"


def smoke() -> dict:
    """The CI check on the default SoC (no model of its own to build): test 7 beside the echo
    on cpi-dma at 20 messages per million cycles, 4 ticks of 20,000 cycles, the UART at 4 cycles
    per bit (its 16-byte FIFO then has 640 cycles of margin), every reply checked."""
    elf = build_one(7, "cpi-dma", 20_000, 4, link=SMOKE_LINK)
    r = run_one(7, "cpi-dma", 20, 20_000, 4, harness.build_sim(), elf)
    if r.get("overload") or r["replies"] != r["sent"] or not r["sent"]:
        raise RuntimeError(f"smoke: messages lost: {r}")
    return r


PARTIAL = ROOT / "build" / "os" / "results.partial.json"


def study(tick: int, period: int, tests: list[int], backends: list[str], loads: list[int],
          jobs: int, resume: bool = False) -> dict:
    """Builds every program once (serially: the libraries are shared), then runs the
    simulations, jobs at a time. Prints each run as it ends and what the study cost. Each
    finished run is kept in build/os/results.partial.json; resume takes the runs found there
    (same tick and period) instead of running them again."""
    res: dict = {"tick_cycles": tick, "period_ticks": period, "loads": loads, "tests": {}}
    done: dict = {}
    if resume and PARTIAL.exists():
        old = json.loads(PARTIAL.read_text())
        if (old["tick_cycles"], old["period_ticks"]) == (tick, period):
            done = old["runs"]
    t0 = time.monotonic()
    sims = {False: harness.build_sim(SIM_PARAMS)}
    if ISA in backends:
        sims[True] = harness.build_sim(SIM_PARAMS_ZK)
    elfs, runs = {}, []
    for t in tests:
        for be in [None, "none", *backends]:
            elfs[t, be] = build_one(t, be, tick, period)
        runs.append((t, None, 0))
        runs += [(t, be, rate) for rate in loads for be in ["none", *backends]]
    t_build = time.monotonic() - t0

    def key_of(be: str | None, rate: int) -> str:
        return "baseline" if be is None else f"{be}@{rate}"

    for t, be, rate in runs:
        if f"{t} {key_of(be, rate)}" in done:
            res["tests"].setdefault(TESTS[t - 1], {})[key_of(be, rate)] = \
                done[f"{t} {key_of(be, rate)}"]
    todo = [r for r in runs if f"{r[0]} {key_of(r[1], r[2])}" not in done]
    print(f"built {len(elfs)} programs and {len(sims)} models in {t_build:.0f} s; "
          f"{len(todo)} runs ({len(runs) - len(todo)} resumed), {jobs} at a time", flush=True)
    PARTIAL.parent.mkdir(parents=True, exist_ok=True)

    def one(t: int, be: str | None, rate: int) -> dict:
        return run_one(t, be, rate, tick, period, sims[be == ISA], elfs[t, be])

    t1 = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futs = {pool.submit(one, *r): r for r in todo}
        for f in concurrent.futures.as_completed(futs):
            t, be, rate = futs[f]
            r = f.result()
            key = key_of(be, rate)
            res["tests"].setdefault(TESTS[t - 1], {})[key] = r
            done[f"{t} {key}"] = r
            PARTIAL.write_text(json.dumps({"tick_cycles": tick, "period_ticks": period,
                                           "runs": done}) + "\n")
            print(f"{TESTS[t - 1]} {key} " + (f"overload: {r['lost']} of {r['sent']} lost"
                  if r.get("overload") else f"{r['loops']}" +
                  (f" ({r['sent']} messages)" if be else "")) +
                  f" [{r.get('cpu_s', 0)} CPU s]", flush=True)
    # Rows in test order, columns in run order (the table and the plot read them so).
    res["tests"] = {TESTS[t - 1]: {("baseline" if be is None else f"{be}@{rate}"):
                                   res["tests"][TESTS[t - 1]][
                                       "baseline" if be is None else f"{be}@{rate}"]
                                   for (tt, be, rate) in runs if tt == t}
                    for t in tests}
    cyc = sum(r.get("sim_cycles", 0) for row in res["tests"].values() for r in row.values())
    cpu = sum(r.get("cpu_s", 0) for row in res["tests"].values() for r in row.values())
    res["cost"] = {"build_s": round(t_build), "run_wall_s": round(time.monotonic() - t1),
                   "runs": len(runs), "jobs": jobs, "sim_mcycles": round(cyc / 1e6, 1),
                   "sim_cpu_s": round(cpu), "cpu_s_per_mcycle": round(cpu / (cyc / 1e6), 3)
                   if cyc else None}
    print(f"cost: {res['cost']}", flush=True)
    return res


def commit() -> str:
    r = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                       text=True)
    return r.stdout.strip() or "unknown"


def decrease(base: int, x: int) -> float:
    return 100.0 * (base - x) / base if base else 0.0


def write_table(res: dict, backends: list[str]) -> str:
    tick, period, loads = res["tick_cycles"], res["period_ticks"], res["loads"]
    lines = [
        "# Crypto under the RTOS: Thread-Metric beside an encrypted echo server", "",
        f"Generated by `make os-study` (fw/rtos/echo/run.py): do not edit. Commit "
        f"`{res.get('commit', commit())}`, "
        f"{datetime.date.today().isoformat()}. How it works: "
        "[fw/rtos/echo/README.md](../../fw/rtos/echo/README.md).", "",
        f"Each score is the loops of one Thread-Metric test over {period} ticks of {tick:,} "
        f"cycles ({period * tick:,} cycles). FAC-V Tables 8 and 9 in form: the score alone "
        "(baseline), beside the echo server without crypto (echo), and beside the echo with "
        "each AES-256 backend, with the decrease against echo in brackets (isa: on the "
        "same SoC with the core's scalar-crypto extensions, ZK = 1). Loads in 80-byte "
        "messages per million cycles; at the SoC's " f"{FMAX_MHZ} MHz: "
        + ", ".join(f"{r}/M = {r * FMAX_MHZ:,.0f} messages/s" for r in loads) + ". Every "
        "reply was checked by the peer: none corrupted, and none lost except in the runs "
        "marked overload. Unlike FAC-V there is no IPv6 / 6LoWPAN / UDP stack: the echo "
        "column's cost is the UART link (its interrupt, SLIP, the checksum).", ""]
    for rate in loads:
        lines += [f"## {rate} messages per million cycles", "",
                  "| test | baseline | echo | " + " | ".join(backends) + " |",
                  "|---|---|---|" + "---|" * len(backends)]
        for name, row in res["tests"].items():
            if f"none@{rate}" not in row or "baseline" not in row:
                continue
            e = row[f"none@{rate}"]
            echo = None if e.get("overload") else e["loops"]
            cells = [f"{row['baseline']['loops']:,}",
                     f"overload ({e['lost']} lost)" if echo is None else
                     f"{echo:,} ({decrease(row['baseline']['loops'], echo):.1f} %)"]
            for be in backends:
                r = row.get(f"{be}@{rate}", {})
                if r.get("overload"):
                    cells.append(f"overload ({r['lost']} lost)")
                elif r and echo is not None:
                    cells.append(f"{r['loops']:,} ({decrease(echo, r['loops']):.1f} %)")
                elif r:
                    cells.append(f"{r['loops']:,}")
                else:
                    cells.append("-")
            lines.append(f"| {name.replace('_', ' ')} | " + " | ".join(cells) + " |")
        lines.append("")
    lines += cost_table(res, backends)
    c = res.get("cost")
    if c:
        lines += [f"The study's own cost: {c['runs']} simulations, {c['jobs']} at a time, "
                  f"{c['sim_mcycles']:,} simulated Mcycles in {c['sim_cpu_s']:,} CPU s "
                  f"({c['cpu_s_per_mcycle']} CPU s per Mcycle) and {c['run_wall_s']:,} s of "
                  f"wall clock, after {c['build_s']} s of builds (every program once).", ""]
    lines += ["Echo's bracket: its decrease against the baseline; a backend's: against echo. "
              "`overload (n lost)`: the server could not keep up with the load (its receive "
              "buffers filled and n of the messages were lost), so the run has no score; every "
              "reply it did send was checked and correct.", ""]
    return "\n".join(lines)


def per_msg(r: dict, key: str) -> float | None:
    return r[key] / r["replies"] if r.get("replies") and key in r else None


def cost_table(res: dict, backends: list[str]) -> list[str]:
    """Where the decrease comes from: each backend's AES cycles per message (the server's two
    cv_aes_ctr calls, mcycle spans, means over the tests) times the load, as a share of the
    processor, and that share over what the echo leaves Thread-Metric (echo's loops over the
    baseline's: the decrease the AES work alone would cause), beside the decrease measured
    (mean, min and max over the tests); and the echo's own cycles per message (the receive
    interrupt, the server without crypto)."""
    lines = []
    for rate in res["loads"]:
        rows = []
        for be in ["none", *backends]:
            runs = [row[f"{be}@{rate}"] for row in res["tests"].values()
                    if f"{be}@{rate}" in row]
            ok = [r for r in runs if not r.get("overload") and "aes_cycles" in r]
            if not ok:
                continue
            aes = sum(per_msg(r, "aes_cycles") for r in ok) / len(ok)
            srv = sum(per_msg(r, "server_cycles") for r in ok) / len(ok)
            isr = sum(per_msg(r, "isr_cycles") for r in ok) / len(ok)
            if be == "none":
                rows.append(f"| echo | {isr:,.0f} | {srv:,.0f} | - | - | - | - |")
                continue
            both = [row for row in res["tests"].values()
                    if "loops" in row.get(f"none@{rate}", {}) and "baseline" in row
                    and not row[f"none@{rate}"].get("overload")
                    and "loops" in row.get(f"{be}@{rate}", {})
                    and not row[f"{be}@{rate}"].get("overload")]
            dec = [decrease(row[f"none@{rate}"]["loops"], row[f"{be}@{rate}"]["loops"])
                   for row in both]
            left = [row[f"none@{rate}"]["loops"] / row["baseline"]["loops"] for row in both]
            share = 100 * aes * rate / 1e6
            rows.append(f"| {be} | {isr:,.0f} | {srv:,.0f} | {aes:,.0f} | {share:.2f} % | " +
                        (f"{sum(share / x for x in left) / len(left):.2f} % | "
                         if left else "- | ") +
                        (f"{sum(dec) / len(dec):.2f} % ({min(dec):.1f} to {max(dec):.1f} %)"
                         if dec else "-") + " |")
        if len(rows) < 2:
            continue
        lines += [f"## Where the decrease comes from, {rate} messages per million cycles", "",
                  "Cycles per message, means over the tests (mcycle spans in echo.c, which "
                  "include any interrupt taken inside them): the receive interrupt, the server "
                  "thread's work on one request, and the AES-256 CTR calls within it (80 bytes "
                  "decrypted, 80 encrypted). AES x load is that work's share of the processor; "
                  "expected, that share over the part the echo leaves Thread-Metric (echo's "
                  "loops over the baseline's): the decrease the AES work alone would cause; "
                  "the decrease is the measured one against echo, mean (min to max) over the "
                  "tests.", "",
                  "| backend | receive interrupt | server | AES | AES x load | expected | "
                  "decrease |",
                  "|---|---|---|---|---|---|---|", *rows, ""]
    return lines


def plot(res: dict, backends: list[str], path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    loads = res["loads"]
    fig, axes = plt.subplots(1, len(loads), figsize=(6 * len(loads), 4.5), sharey=True)
    axes = axes if len(loads) > 1 else [axes]
    names = list(res["tests"])
    for ax, rate in zip(axes, loads):
        width = 0.8 / max(1, len(backends))
        for k, be in enumerate(backends):
            ys = []
            for n in names:
                row = res["tests"][n]
                r, e = row.get(f"{be}@{rate}", {}), row.get(f"none@{rate}", {})
                ok = not r.get("overload") and not e.get("overload") and "loops" in r \
                    and "loops" in e
                ys.append(decrease(e["loops"], r["loops"]) if ok else float("nan"))
            ax.bar([i + k * width for i in range(len(names))], ys, width, label=be)
        if all(r.get("overload") for n in names for k, r in res["tests"][n].items()
               if k.endswith(f"@{rate}") and not k.startswith("none@")):
            ax.text(0.5, 0.5, "every backend overloads the server:\nmessages lost, no score",
                    ha="center", va="center", transform=ax.transAxes)
        ax.set_xticks([i + 0.4 - width / 2 for i in range(len(names))])
        ax.set_xticklabels([n.replace("_processing", "").replace("_", " ") for n in names],
                           rotation=40, ha="right", fontsize=8)
        ax.set_title(f"{rate} messages / million cycles")
        ax.set_ylabel("Thread-Metric decrease against echo, %")
        ax.grid(axis="y", alpha=0.3)
    axes[0].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tick", type=int, default=50_000)
    ap.add_argument("--period", type=int, default=100, help="ticks per measurement")
    ap.add_argument("--tests", default="1-8")
    ap.add_argument("--backends", default=",".join(BACKENDS))
    ap.add_argument("--loads", default=",".join(map(str, LOADS)))
    ap.add_argument("--jobs", type=int, default=2, help="simulations at a time")
    ap.add_argument("--resume", action="store_true",
                    help="take the runs kept in build/os/results.partial.json")
    ap.add_argument("--table-only", action="store_true",
                    help="rewrite the table and the plot from build/os/results.json")
    ap.add_argument("--smoke", action="store_true",
                    help="the CI check (smoke()) alone")
    a = ap.parse_args()
    if a.smoke:
        print(f"smoke: {smoke()}")
        return
    dest = ROOT / "build" / "os"
    if a.table_only:
        res = json.loads((dest / "results.json").read_text())
        backends = [k.split("@")[0] for k in next(iter(res["tests"].values()))
                    if k.endswith(f"@{res['loads'][0]}") and not k.startswith("none@")]
        write_outputs(res, backends)
        return
    lo, _, hi = a.tests.partition("-")
    tests = list(range(int(lo), int(hi or lo) + 1))
    backends = [b for b in a.backends.split(",") if b]
    loads = [int(x) for x in a.loads.split(",")]
    res = study(a.tick, a.period, tests, backends, loads, a.jobs, a.resume)
    res["commit"] = commit()
    dest.mkdir(parents=True, exist_ok=True)
    (dest / "results.json").write_text(json.dumps(res, indent=2) + "\n")
    write_outputs(res, backends)


def write_outputs(res: dict, backends: list[str]) -> None:
    md = write_table(res, backends)
    (ROOT / "docs" / "results" / "os_study.md").write_text(md)
    plot(res, backends, ROOT / "docs" / "results" / "os_study.png")
    print(md)


if __name__ == "__main__":
    main()
