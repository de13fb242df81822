# SPDX-License-Identifier: Apache-2.0
"""Read the NIST CAVP AES files shipped by the `cryptography-vectors` package.

Nothing is copied into the repository: the files are parsed from the installed package.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import cryptography_vectors

ROOT = Path(os.path.dirname(cryptography_vectors.__file__))
AES_DIR = ROOT / "ciphers" / "AES"
KINDS = ("GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT")


@dataclass
class Vector:
    """One test case: mode name, key, iv (or None), input, expected output, all bytes."""
    source: str
    mode: str
    decrypt: bool
    key: bytes
    iv: bytes | None
    data: bytes
    expect: bytes


def _records(path: Path):
    section, rec = None, {}
    for line in path.read_text().splitlines() + [""]:
        line = line.strip()
        if line.startswith("#"):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        if not line:
            if rec:
                yield section, rec
            rec = {}
            continue
        if "=" in line:
            k, v = (x.strip() for x in line.split("=", 1))
            rec[k.upper()] = v


def cavp_files(mode: str) -> list[Path]:
    """ECB, CBC, OFB: <MODE><kind><bits>.rsp; CFB-128: CFB128<kind><bits>.rsp."""
    folder, prefix = (("CFB", "CFB128") if mode == "CFB" else (mode, mode))
    files = [AES_DIR / folder / f"{prefix}{kind}{bits}.rsp"
             for kind in KINDS for bits in (128, 192, 256)]
    missing = [f for f in files if not f.exists()]
    assert not missing, f"vector files missing: {missing}"
    return files


def cavp_vectors(mode: str) -> list[Vector]:
    out = []
    for path in cavp_files(mode):
        for section, rec in _records(path):
            dec = section == "DECRYPT"
            pt, ct = bytes.fromhex(rec["PLAINTEXT"]), bytes.fromhex(rec["CIPHERTEXT"])
            iv = bytes.fromhex(rec["IV"]) if "IV" in rec else None
            out.append(Vector(path.name, mode, dec, bytes.fromhex(rec["KEY"]), iv,
                              ct if dec else pt, pt if dec else ct))
    return out


def ctr_vectors() -> list[Vector]:
    """SP 800-38A / RFC 3686 CTR files (encryption; partial last blocks are truncated)."""
    out = []
    for bits in (128, 192, 256):
        path = AES_DIR / "CTR" / f"aes-{bits}-ctr.txt"
        for _section, rec in _records(path):
            out.append(Vector(path.name, "CTR", False, bytes.fromhex(rec["KEY"]),
                              bytes.fromhex(rec["IV"]), bytes.fromhex(rec["PLAINTEXT"]),
                              bytes.fromhex(rec["CIPHERTEXT"])))
    return out


def cmac_vectors() -> list[Vector]:
    """SP 800-38B AES CMAC examples (tags are full 16 bytes)."""
    out = []
    for bits in (128, 192, 256):
        path = ROOT / "CMAC" / f"nist-800-38b-aes{bits}.txt"
        for _section, rec in _records(path):
            out.append(Vector(path.name, "CMAC", False, bytes.fromhex(rec["KEY"]), None,
                              bytes.fromhex(rec.get("MESSAGE", "")),
                              bytes.fromhex(rec["OUTPUT"])))
    return out
