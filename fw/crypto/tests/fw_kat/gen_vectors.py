#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Write build/crypto-fw/crypto_kat_vectors.h for the firmware known-answer test: a subset of the
NIST CAVP AES files, RFC 3686 CTR, SP 800-38B CMAC and the CAVP SHA-3 short messages, read from
the installed cryptography-vectors package at build time (never copied into the repository),
plus RFC 7539 ChaCha20. The PRINCE, PRESENT and ChaCha 8/20 vectors of VECTORS.md are in main.c.
"""
from __future__ import annotations

import sys
from pathlib import Path

import cryptography_vectors

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
OUT = ROOT / "build" / "crypto-fw" / "crypto_kat_vectors.h"
VEC = Path(cryptography_vectors.__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from test_crypto_sw_aes import parse_rsp  # noqa: E402  (the host tests' CAVP parser)

MODES = {"ECB": 0, "CBC": 1, "CFB128": 2, "OFB": 3, "CTR": 4, "CMAC": 5}
MAX_LEN = 32      # bytes of message per vector: keeps the image small
PER_FILE = {"GFSbox": 1, "KeySbox": 1, "VarKey": 1, "VarTxt": 1, "MMT": 2}  # per section


class Blob:
    """All vector bytes in one array; identical strings (zero keys and IVs...) stored once."""

    def __init__(self) -> None:
        self.data = bytearray()
        self.seen: dict[bytes, int] = {}

    def add(self, b: bytes) -> int:
        if b not in self.seen:
            self.seen[b] = len(self.data)
            self.data += b
        return self.seen[b]

    def c_array(self, name: str) -> list[str]:
        """The bytes as a C array, 16 per line (records index it with 16-bit offsets)."""
        assert len(self.data) < 65536
        lines = [f"static const uint8_t {name}[{len(self.data)}] = {{"]
        for i in range(0, len(self.data), 16):
            lines.append("  " + ", ".join(f"0x{b:02x}" for b in self.data[i:i + 16]) + ",")
        return lines + ["};"]


def c_table(typ: str, name: str, recs: list[str]) -> list[str]:
    """Records (C initialisers) as a const array of typ."""
    return [f"static const {typ} {name}[{len(recs)}] = {{", *(f"  {r}," for r in recs), "};"]


def write_header(out: Path, lines: list[str]) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines) + "\n")


def aes_records(blob: Blob) -> list[str]:
    recs = []
    for mdir, prefix in (("ECB", "ECB"), ("CBC", "CBC"), ("CFB", "CFB128"), ("OFB", "OFB")):
        for kind in ("GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT"):
            for bits in (128, 192, 256):
                f = VEC / "ciphers" / "AES" / mdir / f"{prefix}{kind}{bits}.rsp"
                count = {"ENCRYPT": 0, "DECRYPT": 0}
                for section, r in parse_rsp(f):
                    pt, ct = bytes.fromhex(r["PLAINTEXT"]), bytes.fromhex(r["CIPHERTEXT"])
                    if count[section] >= PER_FILE[kind] or len(pt) > MAX_LEN:
                        continue
                    count[section] += 1
                    enc = section == "ENCRYPT"
                    key = bytes.fromhex(r["KEY"])
                    iv = bytes.fromhex(r.get("IV", "00" * 16))
                    src, dst = (pt, ct) if enc else (ct, pt)
                    recs.append(f"{{{MODES[prefix]}, {0 if enc else 1}, {len(key)}, {len(src)}, "
                                f"{blob.add(key)}, {blob.add(iv)}, {blob.add(src)}, "
                                f"{blob.add(dst)}}}")
    for bits in (128, 192, 256):
        for _, r in parse_rsp(VEC / "ciphers" / "AES" / "CTR" / f"aes-{bits}-ctr.txt"):
            key, iv = bytes.fromhex(r["KEY"]), bytes.fromhex(r["IV"])
            pt, ct = bytes.fromhex(r["PLAINTEXT"]), bytes.fromhex(r["CIPHERTEXT"])
            recs.append(f"{{{MODES['CTR']}, 0, {len(key)}, {len(pt)}, {blob.add(key)}, "
                        f"{blob.add(iv)}, {blob.add(pt)}, {blob.add(ct)}}}")
        for _, r in parse_rsp(VEC / "CMAC" / f"nist-800-38b-aes{bits}.txt"):
            key, msg = bytes.fromhex(r["KEY"]), bytes.fromhex(r["MESSAGE"])
            tag = bytes.fromhex(r["OUTPUT"])
            recs.append(f"{{{MODES['CMAC']}, 0, {len(key)}, {len(msg)}, {blob.add(key)}, "
                        f"{blob.add(bytes(16))}, {blob.add(msg)}, {blob.add(tag)}}}")
    return recs


def sha3_records(blob: Blob) -> list[str]:
    recs = []
    for alg, name in enumerate(("SHA3_224", "SHA3_256", "SHA3_384", "SHA3_512")):
        text = (VEC / "hashes" / "SHA3" / f"{name}ShortMsg.rsp").read_text()
        n = 0
        rec: dict[str, str] = {}
        for line in text.splitlines() + [""]:
            line = line.strip()
            if "=" in line and not line.startswith("["):
                k, v = (s.strip() for s in line.split("=", 1))
                rec[k] = v
            elif not line and rec:
                ln = int(rec.get("Len", "1"))
                if "MD" in rec and ln % 8 == 0 and n < 4 and (ln // 8) in (0, 1, 3, 71, 72, 73, 135,
                                                                         136, 137, 143, 144):
                    msg = bytes.fromhex(rec["Msg"])[: ln // 8]
                    md = bytes.fromhex(rec["MD"])
                    recs.append(f"{{{alg}, {len(msg)}, {len(md)}, {blob.add(msg)}, "
                                f"{blob.add(md)}}}")
                    n += 1
                rec = {}
    return recs


def chacha_records(blob: Blob) -> list[str]:
    recs = []
    for _, r in parse_rsp(VEC / "ciphers" / "ChaCha20" / "rfc7539.txt"):
        key, nonce = bytes.fromhex(r["KEY"]), bytes.fromhex(r["NONCE"])
        pt, ct = bytes.fromhex(r["PLAINTEXT"]), bytes.fromhex(r["CIPHERTEXT"])
        recs.append(f"{{{int(r['INITIAL_BLOCK_COUNTER'])}u, {len(pt)}, {blob.add(key)}, "
                    f"{blob.add(nonce)}, {blob.add(pt)}, {blob.add(ct)}}}")
    return recs


def main() -> int:
    blob = Blob()
    aes, sha3, chacha = aes_records(blob), sha3_records(blob), chacha_records(blob)
    lines = ["/* crypto_kat_vectors.h: GENERATED by fw/crypto/tests/fw_kat/gen_vectors.py from the",
             " * installed cryptography-vectors package. Do not edit, do not commit. */",
             "#include <stdint.h>", "",
             "typedef struct { uint8_t mode, dir, key_len; uint16_t len; "
             "uint16_t key, iv, in, out; } kat_aes_t;",
             "typedef struct { uint8_t alg; uint16_t len; uint8_t md_len; uint16_t msg, md; } "
             "kat_sha3_t;",
             "typedef struct { uint32_t counter; uint16_t len; uint16_t key, nonce, in, out; } "
             "kat_chacha_t;", "", *blob.c_array("kat_data")]
    for name, typ, recs in (("kat_aes", "kat_aes_t", aes), ("kat_sha3", "kat_sha3_t", sha3),
                            ("kat_chacha", "kat_chacha_t", chacha)):
        lines += c_table(typ, name, recs)
    write_header(OUT, lines)
    print(f"{OUT}: {len(aes)} AES, {len(sha3)} SHA-3, {len(chacha)} ChaCha vectors, "
          f"{len(blob.data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
