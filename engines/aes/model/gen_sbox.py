# SPDX-License-Identifier: Apache-2.0
"""Derive the AES S-box tables and the tower-field constants used by the RTL.

Run `python -m engines.aes.model.gen_sbox` to print them; the RTL files aes_sbox_lut.v and
aes_sbox_cf.v hold the printed values. Everything is computed from the field definitions
(FIPS-197 section 5.1.1), nothing is copied.
"""
from __future__ import annotations

AES_POLY = 0x11B       # x^8 + x^4 + x^3 + x + 1
GF16_POLY = 0x13       # x^4 + x + 1


def gf256_mul(a: int, b: int) -> int:
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        if a & 0x100:
            a ^= AES_POLY
        b >>= 1
    return r


def gf256_inv(a: int) -> int:
    if a == 0:
        return 0
    r = 1
    for _ in range(254):
        r = gf256_mul(r, a)
    return r


def affine(x: int) -> int:
    r = 0
    for i in range(8):
        bit = 0
        for k in (0, 4, 5, 6, 7):
            bit ^= (x >> ((i + k) % 8)) & 1
        r |= bit << i
    return r ^ 0x63


SBOX = [affine(gf256_inv(x)) for x in range(256)]
INV_SBOX = [0] * 256
for _x, _y in enumerate(SBOX):
    INV_SBOX[_y] = _x


def gf16_mul(a: int, b: int) -> int:
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        if a & 0x10:
            a ^= GF16_POLY
        b >>= 1
    return r


def lambdas() -> list[int]:
    """Every lambda making Y^2 + Y + lambda irreducible over GF(16): each gives a tower field."""
    return [lam for lam in range(1, 16) if all(gf16_mul(y, y) ^ y ^ lam for y in range(16))]


# The tower representation the RTL uses: lambda and which of the AES polynomial's eight roots
# becomes the image of x. Every choice gives the same S-box; they differ in the density of the
# basis-change matrices and so in LUTs. Chosen by synthesising all 8 x 8 choices inside the
# rolled engine (engines/aes/README.md, "Area and speed"; model/sbox_sweep.py): lambda 14 with
# root 4 gave the fewest 7-series LUT6 there.
LAMBDA = 14
ROOT = 4


def cf_mul(a: int, b: int, lam: int = LAMBDA) -> int:
    """GF((2^4)^2) product, element = hi*Y + lo, Y^2 = Y + lambda."""
    a1, a0, b1, b0 = a >> 4, a & 15, b >> 4, b & 15
    hh = gf16_mul(a1, b1)
    hi = hh ^ gf16_mul(a1, b0) ^ gf16_mul(a0, b1)
    lo = gf16_mul(hh, lam) ^ gf16_mul(a0, b0)
    return (hi << 4) | lo


def cf_pow(a: int, n: int, lam: int = LAMBDA) -> int:
    r = 1
    for _ in range(n):
        r = cf_mul(r, a, lam)
    return r


def roots(lam: int = LAMBDA) -> list[int]:
    """The eight roots beta of the AES polynomial in the tower field, in increasing order."""
    return [beta for beta in range(2, 256)
            if not (cf_pow(beta, 8, lam) ^ cf_pow(beta, 4, lam) ^ cf_pow(beta, 3, lam)
                    ^ beta ^ 1)]


def find_iso(lam: int = LAMBDA, root: int = ROOT) -> list[int]:
    """Columns of the matrix M mapping the AES basis x^i to beta^i in the tower field."""
    beta = roots(lam)[root]
    return [cf_pow(beta, i, lam) for i in range(8)]


def mat_apply(cols: list[int], x: int) -> int:
    r = 0
    for i in range(8):
        if (x >> i) & 1:
            r ^= cols[i]
    return r


def mat_from_func(f) -> list[int]:
    return [f(1 << i) for i in range(8)]


def mat_inv(cols: list[int]) -> list[int]:
    table = {mat_apply(cols, x): x for x in range(256)}
    assert len(table) == 256
    return [table[1 << i] for i in range(8)]


def verilog_matrix(cols: list[int]) -> str:
    """Pack the 8 columns as a 64-bit constant, column i in bits [8i+7:8i]."""
    v = 0
    for i, c in enumerate(cols):
        v |= c << (8 * i)
    return f"64'h{v:016x}"


def constants(lam: int = LAMBDA, root: int = ROOT) -> dict[str, str]:
    """The RTL constants of aes_sbox_cf for tower representation (lam, root), as Verilog
    literals (the defaults are the representation the RTL uses)."""
    m = find_iso(lam, root)
    minv = mat_inv(m)
    aff_lin = mat_from_func(lambda x: affine(x) ^ 0x63)
    aff_lin_inv = mat_inv(aff_lin)
    # forward: S(x) = A(Minv(inv(M x))) ^ 63 ; inverse: Sinv(y) = Minv(inv(M Ainv (y ^ 63)))
    fwd_out = mat_from_func(lambda z: mat_apply(aff_lin, mat_apply(minv, z)))
    inv_in = mat_from_func(lambda y: mat_apply(m, mat_apply(aff_lin_inv, y)))
    # (aes_sbox_cf applies A^-1 outside the input basis change and folds A into the forward
    # output matrix: it holds M_IN, M_OUT and M_FWD_OUT; M_INV_IN_FOLDED is for reference)
    return {"LAMBDA": f"4'h{lam:x}", "M_IN": verilog_matrix(m), "M_OUT": verilog_matrix(minv),
            "M_FWD_OUT": verilog_matrix(fwd_out),
            "M_INV_IN_FOLDED": verilog_matrix(inv_in)}


def check(lam: int = LAMBDA, root: int = ROOT) -> None:
    """Model the tower-field S-box in Python and compare it with the table."""
    m = find_iso(lam, root)
    minv = mat_inv(m)

    def cf_inv(a: int) -> int:
        return 0 if a == 0 else cf_pow(a, 254, lam)

    for x in range(256):
        z = cf_inv(mat_apply(m, x))
        assert affine(mat_apply(minv, z)) == SBOX[x]


def case_table(table: list[int]) -> str:
    return "\n".join(f"      8'h{x:02x}: {name} = 8'h{y:02x};" for name in ["s"]
                     for x, y in enumerate(table))


def tbox() -> list[int]:
    """aes_tbl_rom's 1024 entries: address {final, dec, x}. Rounds 1..Nr-1: encryption
    {02, 03, 01, 01}.S(x), decryption {0e, 0b, 0d, 09}.S^-1(x) (the first row of MixColumns and
    of InvMixColumns); the final round: {S(x), 0, 0, 0} and {S^-1(x), 0, 0, 0}, so the same
    XOR of products gives the final round (no MixColumns). Byte 0 in bits 31:24."""
    out = []
    for final in (0, 1):
        for table, coef in ((SBOX, (2, 3, 1, 1)), (INV_SBOX, (0x0E, 0x0B, 0x0D, 0x09))):
            for x in range(256):
                c = (1, 0, 0, 0) if final else coef
                out.append(int.from_bytes(bytes(gf256_mul(k, table[x]) for k in c), "big"))
    return out


def rom_init(table: list[int], name: str = "rom", per_line: int = 3) -> str:
    """Verilog initial assignments of a 32-bit ROM, per_line entries a line."""
    lines = []
    for i in range(0, len(table), per_line):
        lines.append("    " + " ".join(f"{name}[{j}] = 32'h{table[j]:08x};"
                                       for j in range(i, min(i + per_line, len(table)))))
    return "\n".join(lines)


if __name__ == "__main__":
    check()
    for k, v in constants().items():
        print(f"localparam {k} = {v};")
    print(case_table(SBOX))
    print("----")
    print(case_table(INV_SBOX))
    print("---- GF(2^8) inverse (aes_sbox_git.v)")
    print(case_table([gf256_inv(x) for x in range(256)]))
    print("---- T-box ROM (aes_tbl_rom.v)")
    print(rom_init(tbox()))
