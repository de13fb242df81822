#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate fw/crypto/src/cv_*_sw_tables.h: the constant lookup tables of the software baselines.

Every table is computed here from its definition (GF(2^8) arithmetic for AES, the 4-bit S-boxes
and bit permutation for PRESENT), never typed in, so the header can always be regenerated and a
test checks that the committed copy matches this script.
"""
from __future__ import annotations

import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"


def xtime(a: int) -> int:
    a <<= 1
    return (a ^ 0x11B) & 0xFF if a & 0x100 else a


def gmul(a: int, b: int) -> int:
    r = 0
    while b:
        if b & 1:
            r ^= a
        a = xtime(a)
        b >>= 1
    return r


def aes_sbox() -> list[int]:
    inv = [0] * 256
    for x in range(1, 256):
        for y in range(1, 256):
            if gmul(x, y) == 1:
                inv[x] = y
                break
    sbox = []
    for x in range(256):
        b = inv[x]
        s = 0x63
        for k in range(5):
            s ^= ((b << k) | (b >> (8 - k))) & 0xFF
        sbox.append(s)
    return sbox


def rotl32(x: int, n: int) -> int:
    return ((x << n) | (x >> (32 - n))) & 0xFFFFFFFF


def aes_tables() -> dict[str, list[int]]:
    """T-tables for little-endian column words (row r of a column in bits 8r..8r+7)."""
    sbox = aes_sbox()
    inv = [0] * 256
    for i, s in enumerate(sbox):
        inv[s] = i
    te0 = []
    td0 = []
    for x in range(256):
        s = sbox[x]
        # Column contribution of a row-0 input byte: rows 0..3 get 2s, s, s, 3s.
        te0.append(gmul(s, 2) | s << 8 | s << 16 | gmul(s, 3) << 24)
        v = inv[x]
        # InvMixColumns row-0 input: rows 0..3 get 14v, 9v, 13v, 11v.
        td0.append(gmul(v, 14) | gmul(v, 9) << 8 | gmul(v, 13) << 16 | gmul(v, 11) << 24)
    t = {"cv_aes_sbox": sbox, "cv_aes_inv_sbox": inv}
    for r in range(4):
        t[f"cv_aes_te{r}"] = [rotl32(v, 8 * r) for v in te0]
        t[f"cv_aes_td{r}"] = [rotl32(v, 8 * r) for v in td0]
    return t


def keccak_rc() -> list[int]:
    """The 24 iota constants from the degree-8 LFSR of FIPS 202 (Algorithm 5)."""
    def rc_bit(t: int) -> int:
        if t % 255 == 0:
            return 1
        r = 0x80  # R = 10000000 with R[0] as the most significant bit of this byte
        for _ in range(t % 255):
            r8 = r & 1
            r >>= 1
            if r8:
                r ^= 0x80 | 0x08 | 0x04 | 0x02  # R[0], R[4], R[5], R[6]
        return r >> 7
    out = []
    for ir in range(24):
        v = 0
        for j in range(7):
            if rc_bit(j + 7 * ir):
                v |= 1 << ((1 << j) - 1)
        out.append(v)
    return out


def keccak_rho() -> dict[tuple[int, int], int]:
    r = {(0, 0): 0}
    x, y = 1, 0
    for t in range(24):
        r[(x, y)] = ((t + 1) * (t + 2) // 2) % 64
        x, y = y, (2 * x + 3 * y) % 5
    return r


def interleave(v: int) -> tuple[int, int]:
    e = o = 0
    for i in range(32):
        e |= ((v >> (2 * i)) & 1) << i
        o |= ((v >> (2 * i + 1)) & 1) << i
    return e, o


def sha3_tables() -> dict[str, list[int]]:
    rc = []
    for v in keccak_rc():
        rc.extend(interleave(v))
    # byte -> (even bits in the low nibble, odd bits in the high nibble), and back
    ilv = [interleave(x)[0] | interleave(x)[1] << 4 for x in range(256)]
    dei = [0] * 256
    for x, y in enumerate(ilv):
        dei[y] = x
    return {"cv_sha3_rc": rc, "cv_sha3_ilv8": ilv, "cv_sha3_dei8": dei}


def _rot(v: str, n: int) -> str:
    return v if n % 32 == 0 else f"ROTL32({v}, {n % 32})"


# Lane complementing (Keccak implementation overview, section "lane complementing transform"):
# these lanes are kept inverted inside the permutation, which lets chi use AND/OR forms that need
# far fewer NOTs (RV32IM has no and-not). The generator works out, for every chi output, which
# form gives the right value from the (possibly inverted) inputs.
KECCAK_COMPLEMENT = (1, 2, 8, 12, 17, 20)


def _chi_form(sx: int, sy: int, sz: int, so: int) -> tuple[int, str, int, int]:
    """Cheapest (not_y, op, not_z, not_out) with out = [~](X ^ ([~]Y op [~]Z)) equal to the
    stored chi output x ^ (~y & z) (stored value = true value ^ s for each status s)."""
    best = None
    for ny in (0, 1):
        for nz in (0, 1):
            for op in ("&", "|"):
                for no in (0, 1):
                    ok = True
                    for x in (0, 1):
                        for y in (0, 1):
                            for z in (0, 1):
                                X, Y, Z = x ^ sx, y ^ sy, z ^ sz
                                yy, zz = Y ^ ny, Z ^ nz
                                f = (yy & zz) if op == "&" else (yy | zz)
                                got = X ^ f ^ no
                                want = x ^ ((1 - y) & z) ^ so
                                ok &= got == want
                    cost = ny + nz + no
                    if ok and (best is None or cost < best[0]):
                        best = (cost, ny, op, nz, no)
    assert best is not None
    return best[1], best[2], best[3], best[4]


def sha3_round() -> str:
    """One Keccak-f round on the interleaved, lane-complemented state a -> e, fully unrolled
    (theta, rho, pi, chi, iota), one output plane at a time so chi runs on registers."""
    rho = keccak_rho()
    comp = set(KECCAK_COMPLEMENT)
    s_c = [sum(1 for y in range(5) if x + 5 * y in comp) & 1 for x in range(5)]
    s_d = [s_c[(x - 1) % 5] ^ s_c[(x + 1) % 5] for x in range(5)]
    L = ["static void keccak_round(const uint32_t *a, uint32_t *e, const uint32_t *rc) {",
         "  uint32_t c0e, c0o, c1e, c1o, c2e, c2o, c3e, c3o, c4e, c4o;",
         "  uint32_t d0e, d0o, d1e, d1o, d2e, d2o, d3e, d3o, d4e, d4o;",
         "  uint32_t b0e, b0o, b1e, b1o, b2e, b2o, b3e, b3o, b4e, b4o;"]
    for x in range(5):
        for h, k in (("e", 0), ("o", 1)):
            L += _assign(f"  c{x}{h}", [f"a[{2 * (x + 5 * y) + k}]" for y in range(5)])
    for x in range(5):
        L.append(f"  d{x}e = c{(x - 1) % 5}e ^ ROTL32(c{(x + 1) % 5}o, 1);")
        L.append(f"  d{x}o = c{(x - 1) % 5}o ^ c{(x + 1) % 5}e;")
    for Y in range(5):
        s_b = []
        for X in range(5):
            sx, sy = (X + 3 * Y) % 5, X
            lane = sx + 5 * sy
            s_b.append((lane in comp) ^ s_d[sx])
            r = rho[(sx, sy)]
            ev, od = f"(a[{2 * lane}] ^ d{sx}e)", f"(a[{2 * lane + 1}] ^ d{sx}o)"
            if r % 2 == 0:
                L.append(f"  b{X}e = {_rot(ev, r // 2)};")
                L.append(f"  b{X}o = {_rot(od, r // 2)};")
            else:
                L.append(f"  b{X}e = {_rot(od, (r + 1) // 2)};")
                L.append(f"  b{X}o = {_rot(ev, (r - 1) // 2)};")
        for X in range(5):
            lane = X + 5 * Y
            X1, X2 = (X + 1) % 5, (X + 2) % 5
            ny, op, nz, no = _chi_form(s_b[X], s_b[X1], s_b[X2], int(lane in comp))
            for h, k in (("e", 0), ("o", 1)):
                yv = f"~b{X1}{h}" if ny else f"b{X1}{h}"
                zv = f"~b{X2}{h}" if nz else f"b{X2}{h}"
                expr = f"b{X}{h} ^ ({yv} {op} {zv})"
                if lane == 0:
                    expr += f" ^ rc[{k}]"
                L.append(f"  e[{2 * lane + k}] = {'~(' + expr + ')' if no else expr};")
    L.append("}")
    L.append("")
    L.append("/* Lanes kept inverted inside the permutation (see keccak_round). */")
    L.append("static void keccak_complement(uint32_t *s) {")
    for lane in KECCAK_COMPLEMENT:
        L.append(f"  s[{2 * lane}] = ~s[{2 * lane}];")
        L.append(f"  s[{2 * lane + 1}] = ~s[{2 * lane + 1}];")
    L.append("}")
    return "\n".join(L) + "\n"


PRESENT_SBOX = [0xC, 0x5, 0x6, 0xB, 0x9, 0x0, 0xA, 0xD, 0x3, 0xE, 0xF, 0x8, 0x4, 0x7, 0x1, 0x2]


def present_tables() -> dict[str, list[int]]:
    """PRESENT tables for 32-bit halves (lo = state bits 31..0, hi = bits 63..32).

    pLayer sends bit 4j+m to 16m+j, so byte k (nibbles 2k, 2k+1) lands on bits 2k, 2k+1 of each
    16-bit group m: the image of byte k is the image of byte 0 shifted left by 2k. cv_present_sp
    holds S-box + pLayer of byte 0 with the groups 0, 1 (lo word) at bits 0,1 / 16,17 and the
    groups 2, 3 (hi word) at bits 8,9 / 24,25, so four shifted entries can be summed in one
    register without collisions and split into lo and hi at the end.
    Decryption uses P^-1(16m+j) = 4j+m: byte k = 2m+h goes to word h, bits 4b+m;
    cv_present_ip[x] is P^-1 of S^-1(x) for byte 0 (bits 4b), shifted by m by the caller.
    """
    inv = [0] * 16
    for i, v in enumerate(PRESENT_SBOX):
        inv[v] = i
    sp, ip = [], []
    for x in range(256):
        y = PRESENT_SBOX[x & 0xF] | PRESENT_SBOX[x >> 4] << 4
        v = 0
        for b in range(8):
            if (y >> b) & 1:
                j, m = b // 4, b % 4
                pos = 16 * m + j              # 0, 1, 16, 17, 32, 33, 48, 49
                v |= 1 << (pos if pos < 32 else pos - 32 + 8)
        sp.append(v)
        z = inv[x & 0xF] | inv[x >> 4] << 4
        ip.append(sum(1 << (4 * b) for b in range(8) if (z >> b) & 1))
    sb8 = [PRESENT_SBOX[x & 0xF] | PRESENT_SBOX[x >> 4] << 4 for x in range(256)]
    isb8 = [inv[x & 0xF] | inv[x >> 4] << 4 for x in range(256)]
    return {"cv_present_sp": sp, "cv_present_ip": ip, "cv_present_sbox8": sb8,
            "cv_present_inv_sbox8": isb8}


def prince_tables() -> tuple[dict[str, list[int]], str]:
    """PRINCE round tables built from the verified bit-level model (tests/cvsw_prince_model.py).

    F(y) = M'(S(SR(y))) and H(z) = M'(S^-1(SR^-1(z))) are sums over the 16 input nibbles of a
    16-entry table each (4-bit S-box, the nibble gather of SR and the 16x16 M-hat block of the
    output chunk folded together), 1 KiB per function. Entries are pre-shifted into the 32-bit
    word (hi = chunks 0-1, lo = chunks 2-3) that the output chunk lives in.
    """
    sys.path.insert(0, str(SRC.parent / "tests"))
    import cvsw_prince_model as pm  # noqa: E402  (the model the tests check against the paper)
    sri = [pm.SR.index(i) for i in range(16)]
    mats = [pm.M0, pm.M1, pm.M1, pm.M0]
    tabs = {}
    code = []
    for name, box, gather in (("f", pm.SBOX, pm.SR), ("h", pm.SBOX_INV, sri)):
        t = [0] * 256
        dest = [0] * 16
        for c in range(4):
            for r in range(4):
                src = gather[4 * c + r]
                dest[src] = c
                for v in range(16):
                    val = pm.mat16(mats[c], box[v] << (12 - 4 * r))
                    t[16 * src + v] = val << 16 if c % 2 == 0 else val
        tabs[f"cv_prince_{name}"] = t
        code.append(f"static inline __attribute__((always_inline)) void prince_{name}(")
        code.append("    uint32_t *ph, uint32_t *pl, const uint32_t *tab) {")
        code.append("  const uint32_t h = *ph, l = *pl;")
        code.append("  uint32_t nh = 0, nl = 0;")
        for src in range(16):
            w = "h" if src < 8 else "l"
            k = src % 8
            idx = f"({w} << 2) & 0x3cu" if k == 7 else f"({w} >> {26 - 4 * k}) & 0x3cu"
            d = "nh" if dest[src] < 2 else "nl"
            code.append(f"  {d} ^= TL(tab, {64 * src} + ({idx}));")
        code.append("  *ph = nh;")
        code.append("  *pl = nl;")
        code.append("}")
    sb8 = [pm.SBOX[x & 0xF] | pm.SBOX[x >> 4] << 4 for x in range(256)]
    isb8 = [pm.SBOX_INV[x & 0xF] | pm.SBOX_INV[x >> 4] << 4 for x in range(256)]
    tabs["cv_prince_inv_sbox8"] = isb8
    tabs["cv_prince_sbox8"] = sb8
    rc = []
    for v in pm.RC:
        rc += [v >> 32, v & 0xFFFFFFFF]
    tabs["cv_prince_rc"] = rc
    return tabs, "\n".join(code) + "\n"


def _assign(lhs: str, terms: list[str], op: str = " ^ ", suffix: str = ";") -> list[str]:
    """'lhs = t0 ^ t1 ^ ...;' wrapped at 100 columns (generated code follows the house style)."""
    lines, cur = [], lhs + " = "
    indent = " " * len(cur)
    for i, t in enumerate(terms):
        piece = t + (op.rstrip() if i < len(terms) - 1 else suffix)
        if len(cur) + len(piece) > 100 and cur.strip() and not cur.endswith("= "):
            lines.append(cur.rstrip())
            cur = indent
        cur += piece + (" " if i < len(terms) - 1 else "")
    lines.append(cur.rstrip())
    return lines


def _lin_code(out: str, src: str, cols: list[int]) -> list[str]:
    """out_i = XOR of src_j over the j with bit i of cols[j] set (a GF(2)-linear map)."""
    lines = []
    for i in range(8):
        terms = [f"{src}{j}" for j in range(8) if (cols[j] >> i) & 1]
        lines += _assign(f"  const uint32_t {out}{i}", terms or ["0"])
    return lines



# ---- GF(2^8) as GF((2^4)^2) for the bitsliced inversion -------------------------------------
# GF(16) = GF(2)[x]/(x^4 + x + 1); GF(256) = GF(16)[Y]/(Y^2 + Y + LAMBDA). An element a Y + b is
# the 8-bit vector (b in bits 0-3, a in bits 4-7). Its inverse is (a D^-1) Y + (a + b) D^-1 with
# D = LAMBDA a^2 + a b + b^2 in GF(16), D^-1 = D^14: five GF(16) products in all, against four
# GF(256) products (each four times larger) for x^254 in the AES basis.

def _g16_mul(a: int, b: int) -> int:
    r = 0
    for i in range(4):
        if (b >> i) & 1:
            r ^= a << i
    for k in (6, 5, 4):
        if (r >> k) & 1:
            r ^= 0b10011 << (k - 4)
    return r


def _tower_lambda() -> int:
    for lam in range(1, 16):
        if all(_g16_mul(t, t) ^ t != lam for t in range(16)):
            return lam
    raise AssertionError


TOWER_LAMBDA = _tower_lambda()


def _t_mul(u: int, v: int) -> int:
    a, b, c, d = u >> 4, u & 15, v >> 4, v & 15
    ac = _g16_mul(a, c)
    hi = ac ^ _g16_mul(a, d) ^ _g16_mul(b, c)
    lo = _g16_mul(ac, TOWER_LAMBDA) ^ _g16_mul(b, d)
    return hi << 4 | lo


def _tower_iso() -> tuple[list[int], list[int]]:
    """Columns of the GF(2)-linear isomorphism AES basis -> tower basis, and of its inverse."""
    for g in range(2, 256):
        pw = [1]
        for _ in range(8):
            pw.append(_t_mul(pw[-1], g))
        # g is a root of the AES polynomial x^8 + x^4 + x^3 + x + 1
        if pw[8] ^ pw[4] ^ pw[3] ^ pw[1] ^ pw[0] == 0:
            cols = pw[:8]
            inv = []
            for t in range(8):  # solve M v = e_t by brute force over the 256 vectors
                for v in range(256):
                    img = 0
                    for j in range(8):
                        if (v >> j) & 1:
                            img ^= cols[j]
                    if img == 1 << t:
                        inv.append(v)
                        break
            if len(inv) == 8:
                return cols, inv
    raise AssertionError


def _lin_gen(out: str, srcs: list[str], cols: list[int], nout: int) -> list[str]:
    """out_i = XOR of srcs[j] for the j with bit i of cols[j] set."""
    lines = []
    for i in range(nout):
        terms = [srcs[j] for j in range(len(srcs)) if (cols[j] >> i) & 1]
        lines += _assign(f"  const uint32_t {out}{i}", terms or ["0"])
    return lines


def _mul16_code(out: str, a: list[str], b: list[str]) -> list[str]:
    """Bitsliced GF(16) product: 16 ANDs, 7 partial sums reduced mod x^4 + x + 1."""
    lines = []
    for k in range(7):
        terms = [f"({a[i]} & {b[k - i]})" for i in range(4) if 0 <= k - i < 4]
        lines += _assign(f"  const uint32_t {out}_p{k}", terms)
    red = []
    for k in range(7):  # x^k mod x^4 + x + 1
        v = 1 << k
        for j in (6, 5, 4):
            if (v >> j) & 1:
                v ^= 0b10011 << (j - 4)
        red.append(v)
    for i in range(4):
        terms = [f"{out}_p{k}" for k in range(7) if (red[k] >> i) & 1]
        lines += _assign(f"  const uint32_t {out}{i}", terms)
    return lines


def _check_tower(to_t: list[int], from_t: list[int]) -> None:
    """The formula behind _tower_inv_body, evaluated on bytes, must invert every AES element."""
    def lin(cols: list[int], v: int) -> int:
        r = 0
        for j in range(8):
            if (v >> j) & 1:
                r ^= cols[j]
        return r
    for x in range(256):
        u = lin(to_t, x)
        a, b = u >> 4, u & 15
        d = _g16_mul(_g16_mul(a, a), TOWER_LAMBDA) ^ _g16_mul(a, b) ^ _g16_mul(b, b)
        d2 = _g16_mul(d, d)
        d12 = _g16_mul(_g16_mul(d2, d), _g16_mul(d2, d))
        d12 = _g16_mul(d12, d12)
        di = _g16_mul(d12, d2)  # d^14
        y = lin(from_t, _g16_mul(a, di) << 4 | _g16_mul(a ^ b, di))
        assert (x == 0 and y == 0) or gmul(x, y) == 1, x


def _tower_inv_body(src: str, dst: str) -> list[str]:
    """Straight-line GF(2^8) inversion of the slices src0..7 (AES basis) into dst0..7."""
    to_t, from_t = _tower_iso()
    _check_tower(to_t, from_t)
    names = [f"{src}{i}" for i in range(8)]
    c = _lin_gen("t", names, to_t, 8)
    b = [f"t{i}" for i in range(4)]
    a = [f"t{i + 4}" for i in range(4)]
    # D = LAMBDA a^2 + b^2 + a b: the squares and the constant product are linear
    lin_a = [_g16_mul(_g16_mul(1 << j, 1 << j), TOWER_LAMBDA) for j in range(4)]
    lin_b = [_g16_mul(1 << j, 1 << j) for j in range(4)]
    c += _lin_gen("dl", a + b, lin_a + lin_b, 4)
    c += _mul16_code("ab", a, b)
    c += [f"  const uint32_t d{i} = dl{i} ^ ab{i};" for i in range(4)]
    d = [f"d{i}" for i in range(4)]
    sq = [_g16_mul(1 << j, 1 << j) for j in range(4)]
    c += _lin_gen("d2_", d, sq, 4)
    c += _mul16_code("d3_", [f"d2_{i}" for i in range(4)], d)
    q4 = [_g16_mul(v, v) for v in sq]  # x -> x^4
    c += _lin_gen("d12_", [f"d3_{i}" for i in range(4)], q4, 4)
    c += _mul16_code("di", [f"d12_{i}" for i in range(4)], [f"d2_{i}" for i in range(4)])
    di = [f"di{i}" for i in range(4)]
    c += [f"  const uint32_t apb{i} = {a[i]} ^ {b[i]};" for i in range(4)]
    c += _mul16_code("na", a, di)
    c += _mul16_code("nb", [f"apb{i}" for i in range(4)], di)
    c += _lin_gen(dst, [f"nb{i}" for i in range(4)] + [f"na{i}" for i in range(4)], from_t, 8)
    return c


def aes_ct_code() -> str:
    """Straight-line bitsliced S-box and inverse S-box: GF(2^8) inversion through the tower
    field GF((2^4)^2), plus the affine maps of FIPS-197 5.1.1 / 5.3.2."""
    # affine: s_i = b_i ^ b_{i+4} ^ b_{i+5} ^ b_{i+6} ^ b_{i+7} ^ c_i (c = 0x63)
    fwd = [sum(1 << ((j - k) % 8) for k in (0, 4, 5, 6, 7)) for j in range(8)]
    # inverse affine: b_i = s_{i+2} ^ s_{i+5} ^ s_{i+7} ^ d_i (d = 0x05); column j feeds
    # outputs i with j = i+2, i+5 or i+7
    inv = [sum(1 << ((j - k) % 8) for k in (2, 5, 7)) for j in range(8)]
    out = ["static void ct_gf_inv(uint32_t *s) {"]
    out += [f"  const uint32_t in{i} = s[{i}];" for i in range(8)]
    out += _tower_inv_body("in", "y")
    out += [f"  s[{i}] = y{i};" for i in range(8)]
    out.append("}")
    out.append("")
    out.append("static void ct_sbox(uint32_t *s) {")
    out.append("  ct_gf_inv(s);")
    out += [f"  const uint32_t y{i} = s[{i}];" for i in range(8)]
    out += _lin_code("z", "y", fwd)
    for i in range(8):
        out.append(f"  s[{i}] = z{i}{' ^ CT_ONES' if (0x63 >> i) & 1 else ''};")
    out.append("}")
    out.append("")
    out.append("static void ct_inv_sbox(uint32_t *s) {")
    out += [f"  const uint32_t sv{i} = s[{i}];" for i in range(8)]
    out += _lin_code("a", "sv", inv)
    out += [f"  s[{i}] = a{i}{' ^ CT_ONES' if (0x05 >> i) & 1 else ''};" for i in range(8)]
    out.append("  ct_gf_inv(s);")
    out.append("}")
    return "\n".join(out) + "\n"


def gcm_tables() -> dict[str, list[int]]:
    """GHASH reduction of the byte that a multiplication by x^8 pushes out of the block: its bits
    stand for x^128 .. x^135 (MSB first), and x^(128+j) = x^j (1 + x + x^2 + x^7), which is
    0xE100 >> j as a big-endian 16-bit string in bytes 0-1. Stored as the little-endian word
    that bytes 0-1 form (cv_gcm_sw.c reads blocks as little-endian words)."""
    out = []
    for r in range(256):
        v = 0
        for j in range(8):
            if r & (0x80 >> j):
                v ^= 0xE100 >> j
        out.append((v >> 8) | (v & 0xFF) << 8)
    return {"cv_gcm_reduce": out}


def emit(name: str, ctype: str, values: list[int], width: int) -> str:
    per_line = 7 if width == 8 else 12
    fmt = "0x%08xu" if width == 8 else "0x%02x"
    lines = [f"static const {ctype} {name}[{len(values)}] = {{"]
    for i in range(0, len(values), per_line):
        lines.append("  " + ", ".join(fmt % v for v in values[i:i + per_line]) + ",")
    lines.append("};")
    return "\n".join(lines) + "\n"


def header(fname: str, purpose: str, tables: dict[str, list[int]], code: str = "") -> str:
    guard = fname.upper().replace(".", "_")
    parts = ["// SPDX-License-Identifier: Apache-2.0", f"/* {fname}: {purpose}.",
             " * GENERATED by fw/crypto/tools/gen_tables.py: do not edit. Included by exactly one",
             " * source file. */",
             f"#ifndef {guard}", f"#define {guard}", "", "#include <stdint.h>", ""]
    for name, vals in tables.items():
        if max(vals) < 256 and ("sbox" in name or name.endswith("8")):
            parts.append(emit(name, "uint8_t", vals, 2))
        else:
            parts.append(emit(name, "uint32_t", vals, 8))
    if code:
        parts.append(code)
    parts.append(f"#endif /* {guard} */")
    return "\n".join(parts) + "\n"


def outputs() -> dict[Path, str]:
    return {SRC / "cv_aes_sw_tables.h": header("cv_aes_sw_tables.h",
                                               "AES S-boxes, T-tables and the bitsliced S-box",
                                               aes_tables(), aes_ct_code()),
            SRC / "cv_sha3_sw_tables.h": header("cv_sha3_sw_tables.h",
                                                "Keccak constants and unrolled round",
                                                sha3_tables(), sha3_round()),
            SRC / "cv_present_sw_tables.h": header("cv_present_sw_tables.h",
                                                   "PRESENT S-box/pLayer tables",
                                                   present_tables()),
            SRC / "cv_gcm_sw_tables.h": header("cv_gcm_sw_tables.h",
                                               "GHASH reduction table", gcm_tables()),
            SRC / "cv_prince_sw_tables.h": header("cv_prince_sw_tables.h",
                                                  "PRINCE round tables and unrolled layers",
                                                  *prince_tables())}


def main() -> int:
    check = len(sys.argv) > 1 and sys.argv[1] == "--check"
    bad = 0
    for path, text in outputs().items():
        if check:
            if not path.exists() or path.read_text() != text:
                print(f"{path} differs from the generator")
                bad += 1
        else:
            path.write_text(text)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
