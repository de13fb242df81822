#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Write build/crypto-fw/crypto_aead_vectors.h for the AEAD firmware test: a sample of the NIST
CAVP GCM (encrypt and decrypt, FAIL records included) and CCM (DVPT, VADT, VNT, VPT, VTT) files
and the RFC 8439 ChaCha20-Poly1305 and Poly1305 vectors, read from the installed
cryptography-vectors package at build time (never copied into the repository)."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
OUT = ROOT / "build" / "crypto-fw" / "crypto_aead_vectors.h"
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "fw_kat"))
from gen_vectors import Blob, c_table, write_header  # noqa: E402  (fw_kat's byte blob, C writer)
from test_crypto_sw_aead import VEC, read_records, unhex  # noqa: E402

GCM, CCM, CHACHAPOLY, POLY1305 = 0, 1, 2, 3
MAX = 32  # bytes of text and of AAD per CAVP vector: keeps the image small


def rec(blob: Blob, alg: int, key: bytes, nonce: bytes, aad: bytes, pt: bytes, ct: bytes,
        tag: bytes, fail: bool) -> str:
    return (f"{{{alg}, {len(key)}, {len(nonce)}, {len(tag)}, {int(fail)}, {len(aad)}, "
            f"{len(ct)}, {blob.add(key)}, {blob.add(nonce)}, {blob.add(aad)}, {blob.add(pt)}, "
            f"{blob.add(ct)}, {blob.add(tag)}}}")


def gcm_records(blob: Blob) -> list[str]:
    """Per file, the first record of every 60th [IVlen, PTlen, AADlen, Taglen] section that fits
    MAX (decrypt files: its first FAIL record too), which spans IV lengths 8..1024 bits and all
    seven tag lengths."""
    out = []
    for kind in ("EncryptExtIV", "Decrypt"):
        for bits in (128, 192, 256):
            seen: set[tuple[str, ...]] = set()
            for r in read_records(VEC / "ciphers" / "AES" / "GCM" / f"gcm{kind}{bits}.rsp"):
                sec = (r["IVLEN"], r["PTLEN"], r["AADLEN"], r["TAGLEN"])
                pt_len, aad_len = int(r["PTLEN"]) // 8, int(r["AADLEN"]) // 8
                first = sec not in seen
                seen.add(sec)
                if len(seen) % 60 or pt_len > MAX or aad_len > MAX:
                    continue
                fail = "FAIL" in r
                if not (first or (fail and ("F",) + sec not in seen)):
                    continue
                if fail:
                    seen.add(("F",) + sec)
                pt = b"" if fail else unhex(r["PT"])
                out.append(rec(blob, GCM, unhex(r["KEY"]), unhex(r["IV"]), unhex(r["AAD"]), pt,
                               unhex(r["CT"]), unhex(r["TAG"]), fail))
    return out


def ccm_records(blob: Blob) -> list[str]:
    out = []
    for bits in (128, 192, 256):
        for i, r in enumerate(read_records(VEC / "ciphers" / "AES" / "CCM" / f"DVPT{bits}.rsp")):
            if i % 40:
                continue
            alen, plen = int(r["ALEN"]), int(r["PLEN"])
            if alen > MAX or plen > MAX:
                continue
            ct = unhex(r["CT"])
            fail = r["RESULT"].startswith("Fail")
            pt = b"" if fail else unhex(r["PAYLOAD"])[:plen]
            out.append(rec(blob, CCM, unhex(r["KEY"]), unhex(r["NONCE"]),
                           unhex(r["ADATA"])[:alen], pt, ct[:plen], ct[plen:], fail))
        for kind in ("VADT", "VNT", "VPT", "VTT"):
            seen: set[str] = set()
            for r in read_records(VEC / "ciphers" / "AES" / "CCM" / f"{kind}{bits}.rsp"):
                sec = r["ALEN"] + "/" + r["PLEN"] + "/" + r["NLEN"] + "/" + r["TLEN"]
                if sec in seen or len(seen) % 16:
                    seen.add(sec)
                    continue
                seen.add(sec)
                alen, plen = int(r["ALEN"]), int(r["PLEN"])
                if alen > MAX or plen > MAX:
                    continue
                ct = unhex(r["CT"])
                out.append(rec(blob, CCM, unhex(r["KEY"]), unhex(r["NONCE"]),
                               unhex(r["ADATA"])[:alen], unhex(r["PAYLOAD"])[:plen], ct[:plen],
                               ct[plen:], False))
    return out


def chachapoly_records(blob: Blob) -> list[str]:
    out = []
    for name in ("boringssl.txt", "openssl.txt"):
        for r in read_records(VEC / "ciphers" / "ChaCha20Poly1305" / name):
            pt = unhex(r.get("IN") or r.get("PLAINTEXT", ""))
            if len(pt) > 40 and r["COUNT"] != "1":  # COUNT 1: RFC 8439 2.8.2, 114 bytes
                continue
            fail = r.get("RESULT") == "CIPHERFINAL_ERROR"
            out.append(rec(blob, CHACHAPOLY, unhex(r["KEY"]), unhex(r.get("NONCE") or r["IV"]),
                           unhex(r.get("AD", r.get("AAD", ""))), b"" if fail else pt,
                           unhex(r.get("CT") or r.get("CIPHERTEXT", "")), unhex(r["TAG"]), fail))
    for r in read_records(VEC / "poly1305" / "rfc7539.txt"):
        msg = unhex(r["MSG"])
        out.append(rec(blob, POLY1305, unhex(r["KEY"]), b"", b"", msg, msg, unhex(r["TAG"]),
                       False))
    return out


def main() -> int:
    blob = Blob()
    recs = gcm_records(blob)
    n_gcm = len(recs)
    recs += ccm_records(blob)
    n_ccm = len(recs) - n_gcm
    recs += chachapoly_records(blob)
    lines = ["/* crypto_aead_vectors.h: GENERATED by fw/crypto/tests/fw_aead/gen_vectors.py from",
             " * the installed cryptography-vectors package. Do not edit, do not commit. */",
             "#include <stdint.h>", "",
             "/* alg: 0 GCM, 1 CCM, 2 ChaCha20-Poly1305, 3 Poly1305 (key, pt = message, tag);",
             " * fail: decryption must return CV_ERR_AUTH (pt is then empty). */",
             "typedef struct { uint8_t alg, key_len, nonce_len, tag_len, fail; uint16_t aad_len, "
             "len; uint16_t key, nonce, aad, pt, ct, tag; } kat_aead_t;", "",
             *blob.c_array("aead_data"), *c_table("kat_aead_t", "kat_aead", recs)]
    write_header(OUT, lines)
    print(f"{OUT}: {n_gcm} GCM, {n_ccm} CCM, {len(recs) - n_gcm - n_ccm} ChaCha20-Poly1305 and "
          f"Poly1305 vectors, {len(blob.data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
