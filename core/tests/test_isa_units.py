# SPDX-License-Identifier: Apache-2.0
"""core_rvc and core_zk, the C expander and the scalar-crypto unit, on their own benches
(Icarus: the benches are loops over vectors, compiled in a second) against Spike and binutils
(core/tests/isa_ref.py)."""
from __future__ import annotations

import random
import subprocess
import time
from pathlib import Path

import pytest

from core.tests import isa_ref

ROOT = isa_ref.ROOT
BUILD = ROOT / "build" / "core" / "units"
AES_SBOX = ["engines/aes/rtl/aes_sbox.v", "engines/aes/rtl/aes_sbox_git.v",
            "engines/aes/rtl/aes_sbox_cf.v"]
RVC_SRC = ["core/rtl/core_rvc.v"]
ZK_SRC = ["core/rtl/core_zk.v", *AES_SBOX]


def _vvp(top: str, sources: list[str], params: dict[str, int] | None = None) -> Path:
    BUILD.mkdir(parents=True, exist_ok=True)
    tag = "".join(f"_{k}{v}" for k, v in (params or {}).items())
    vvp = BUILD / f"{top}{tag}.vvp"
    subprocess.run(["iverilog", "-g2012", "-o", str(vvp), "-s", top,
                    *[f"-P{top}.{k}={v}" for k, v in (params or {}).items()],
                    *sources, f"core/tb/{top}.v"], check=True, cwd=ROOT)
    return vvp


@pytest.mark.parametrize("top,sources", [("core_rvc", RVC_SRC), ("core_zk", ZK_SRC)])
def test_unit_lint(top: str, sources: list[str]) -> None:
    res = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", top, *sources],
                         cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr


# ------------------------------------------------------------------------------------- RV32C

def _rvc_reference() -> dict[int, int | None]:
    """The Spike/binutils reference, derived once into build/ and kept until isa_ref.py
    changes (a couple of seconds to derive)."""
    cache = isa_ref.RVC_CACHE
    if not cache.exists() or cache.stat().st_mtime < Path(isa_ref.__file__).stat().st_mtime:
        isa_ref.write_rvc_cache(isa_ref.rvc_reference(), cache)
    return isa_ref.read_rvc_cache(cache)


def test_rvc_exhaustive() -> None:
    """Every parcel of quadrants 0-2: illegal exactly where Spike traps, else the word binutils
    assembles from the expansion of objdump's decoding; an illegal parcel gives the word 0."""
    t0 = time.time()
    ref = _rvc_reference()
    out = BUILD / "core_rvc.out"
    subprocess.run(["vvp", "-n", str(_vvp("core_rvc_tb", RVC_SRC)), f"+out={out}"],
                   check=True, cwd=ROOT, capture_output=True)
    rtl = {}
    for line in out.read_text().splitlines():
        p, w, ill = line.split()
        rtl[int(p, 16)] = (int(w, 16), ill == "1")
    bad = []
    for p, want in sorted(ref.items()):
        word, ill = rtl[p]
        if (want is None) != ill or (want is not None and word != want) or (ill and word):
            bad.append(f"{p:04x}: rtl {word:08x} illegal={int(ill)}, reference "
                       + ("illegal" if want is None else f"{want:08x}"))
    legal = sum(w is not None for w in ref.values())
    print(f"core_rvc: {len(ref)} parcels ({legal} legal), {len(bad)} mismatches, "
          f"{time.time() - t0:.1f} s")
    assert not bad, "\n".join(bad[:20])
    assert all(rtl[p][1] for p in range(3, 65536, 4)), "quadrant 3 must be flagged"


# ---------------------------------------------------------------------------------------- Zk

R_OPS = ["ror", "rol", "andn", "orn", "xnor", "pack", "packh", "clmul", "clmulh", "xperm4",
         "xperm8", "sha512sum0r", "sha512sum1r", "sha512sig0l", "sha512sig0h", "sha512sig1l",
         "sha512sig1h"]
UNARY_OPS = ["brev8", "rev8", "zip", "unzip", "sha256sig0", "sha256sig1", "sha256sum0",
             "sha256sum1"]
AES_OPS = ["aes32esi", "aes32esmi", "aes32dsi", "aes32dsmi"]
# Not Zk: match_o must be 0 (and rd_o 0) for the base instructions sharing OP / OP-IMM.
BASE_OPS = ["add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and", "mul", "mulh",
            "mulhsu", "mulhu", "div", "divu", "rem", "remu"]
BASE_IMM = ["addi", "slti", "sltiu", "xori", "ori", "andi"]
BASE_SHIFT = ["slli", "srli", "srai"]


def edge_values(rng: random.Random) -> list[int]:
    singles = [1 << k for k in range(32)]
    return [0, 0xFFFF_FFFF, 0x8000_0000, 0x7FFF_FFFF, 1, 0x5555_5555, 0xAAAA_AAAA,
            0x0123_4567, 0x0302_0100] + singles + [v ^ 0xFFFF_FFFF for v in singles[::5]] + \
        [rng.getrandbits(32) for _ in range(8)]


def small_index(rng: random.Random) -> int:
    """An xperm index word whose elements are mostly in range."""
    return sum(rng.randrange(0, 10) << (4 * k) for k in range(8)) if rng.random() < 0.5 else \
        sum(rng.randrange(0, 6) << (8 * k) for k in range(4))


def zk_vectors(seed: int, n_random: int) -> list[tuple[str, int, int]]:
    """Edge operands against every instruction (every shamt and bs), then n_random vectors of
    random operands, instructions and immediates."""
    rng = random.Random(seed)
    edges = edge_values(rng)
    vec: list[tuple[str, int, int]] = []
    pairs = [(a, b) for a in edges[::3] for b in edges[::4]]
    for op in R_OPS:
        vec += [(f"{op} a2, a0, a1", a, b) for a, b in pairs]
    for op in UNARY_OPS:
        vec += [(f"{op} a2, a0", a, 0) for a in edges]
    for sh in range(32):
        vec += [(f"rori a2, a0, {sh}", a, 0) for a in edges[::6]]
        vec += [(f"ror a2, a0, a1", a, sh | (rng.getrandbits(27) << 5)) for a in edges[::12]]
        vec += [(f"rol a2, a0, a1", a, sh) for a in edges[::12]]
    for op in AES_OPS:
        for bs in range(4):
            vec += [(f"{op} a2, a0, a1, {bs}", a, b) for a, b in pairs[::4]]
            vec += [(f"{op} a2, a0, a1, {bs}", rng.getrandbits(32), k << (8 * bs))
                    for k in range(256)]
    for op in ("xperm4", "xperm8"):
        vec += [(f"{op} a2, a0, a1", rng.getrandbits(32), small_index(rng)) for _ in range(64)]
    for op in BASE_OPS:
        vec += [(f"{op} a2, a0, a1", rng.getrandbits(32), rng.getrandbits(32))]
    for op in BASE_IMM:
        vec += [(f"{op} a2, a0, {rng.randrange(-2048, 2048)}", rng.getrandbits(32), 0)]
    for op in BASE_SHIFT:
        vec += [(f"{op} a2, a0, {rng.randrange(32)}", rng.getrandbits(32), 0)]
    for _ in range(n_random):
        kind = rng.randrange(4)
        a, b = rng.getrandbits(32), rng.getrandbits(32)
        if kind == 0:
            vec.append((f"{rng.choice(R_OPS)} a2, a0, a1", a, b))
        elif kind == 1:
            vec.append((f"{rng.choice(UNARY_OPS)} a2, a0", a, b))
        elif kind == 2:
            vec.append((f"rori a2, a0, {rng.randrange(32)}", a, b))
        else:
            vec.append((f"{rng.choice(AES_OPS)} a2, a0, a1, {rng.randrange(4)}", a, b))
    return vec


def run_zk(vectors: list[tuple[str, int, int]], name: str, sbox: int = 0) -> int:
    """Spike's rd against core_zk's for every vector; returns the vector count."""
    t0 = time.time()
    ref = isa_ref.zk_reference(vectors, name)
    t1 = time.time()
    inp, out = BUILD / f"{name}.in", BUILD / f"{name}.out"
    BUILD.mkdir(parents=True, exist_ok=True)
    inp.write_text("".join(f"{w:08x}\n{a:08x}\n{b:08x}\n"
                           for (w, _), (_, a, b) in zip(ref, vectors)))
    subprocess.run(["vvp", "-n", str(_vvp("core_zk_tb", ZK_SRC, {"SBOX": sbox})), f"+in={inp}",
                    f"+out={out}", f"+n={len(vectors)}"], check=True, cwd=ROOT,
                   capture_output=True)
    bad = []
    base = set(BASE_OPS + BASE_IMM + BASE_SHIFT)
    for (text, a, b), (word, want), line in zip(vectors, ref, out.read_text().splitlines()):
        rd, match = int(line.split()[0], 16), line.split()[1] == "1"
        is_base = text.split()[0] in base
        if is_base and (match or rd):
            bad.append(f"{text} ({word:08x}): not Zk, yet match={int(match)} rd={rd:08x}")
        elif not is_base and (not match or rd != want):
            bad.append(f"{text} ({word:08x}) rs1={a:08x} rs2={b:08x}: rtl {rd:08x} "
                       f"match={int(match)}, spike {want:08x}")
    print(f"core_zk SBOX={sbox}: {len(vectors)} vectors, {len(bad)} mismatches "
          f"(spike {t1 - t0:.1f} s, bench {time.time() - t1:.1f} s)")
    assert not bad, "\n".join(bad[:20])
    return len(vectors)


def decode_space() -> list[int]:
    """Every OP word (funct7 x funct3) and every OP-IMM word whose rs2 field can be a function
    code (funct3 001 and 101: funct7 x rs2 field), plus the other OP-IMM funct3 values;
    rd = a2, rs1 = a0, rs2 = a1."""
    def word(opcode: int, f3: int, f7: int, f5: int) -> int:
        return (f7 << 25) | (f5 << 20) | (10 << 15) | (f3 << 12) | (12 << 7) | opcode
    words = [word(0b0110011, f3, f7, 11) for f7 in range(128) for f3 in range(8)]
    words += [word(0b0010011, f3, f7, f5) for f3 in (1, 5) for f7 in range(128)
              for f5 in range(32)]
    words += [word(0b0010011, f3, 0x55, 0x15) for f3 in (0, 2, 3, 4, 6, 7)]
    return words


def test_zk_decode() -> None:
    """match_o exactly where Spike executes the word with Zkn and traps without it, over the
    whole OP / OP-IMM function space; rd_o = 0 wherever match_o is 0."""
    t0 = time.time()
    words = decode_space()
    with_zk = isa_ref.legal_spike(words, isa_ref.ZK_ISA, "zk_legal")
    without = isa_ref.legal_spike(words, "rv32imc", "zk_legal_base")
    rng = random.Random(5)
    ops = [(w, rng.getrandbits(32), rng.getrandbits(32)) for w in words]
    inp, out = BUILD / "zk_decode.in", BUILD / "zk_decode.out"
    BUILD.mkdir(parents=True, exist_ok=True)
    inp.write_text("".join(f"{w:08x}\n{a:08x}\n{b:08x}\n" for w, a, b in ops))
    subprocess.run(["vvp", "-n", str(_vvp("core_zk_tb", ZK_SRC)), f"+in={inp}", f"+out={out}",
                    f"+n={len(ops)}"], check=True, cwd=ROOT, capture_output=True)
    bad = []
    for w, zk, base, line in zip(words, with_zk, without, out.read_text().splitlines()):
        rd, match = int(line.split()[0], 16), line.split()[1] == "1"
        want = zk and not base
        if match != want or (not match and rd):
            bad.append(f"{w:08x}: match={int(match)} rd={rd:08x}, spike: legal with Zkn "
                       f"{int(zk)}, without {int(base)}")
    print(f"core_zk decode: {len(words)} words, {sum(a and not b for a, b in zip(with_zk, without))}"
          f" Zk, {len(bad)} mismatches, {time.time() - t0:.1f} s")
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize("sbox", [0, 1])
def test_zk_spike(sbox: int) -> None:
    """Edge operands against every instruction, shamt and bs, and 2,000 random vectors."""
    run_zk(zk_vectors(seed=1 + sbox, n_random=2000), f"zk_ci{sbox}", sbox)


@pytest.mark.long
def test_zk_spike_long() -> None:
    """200,000 random vectors (plus the edge set) on the default S-box."""
    run_zk(zk_vectors(seed=7, n_random=200_000), "zk_long")
