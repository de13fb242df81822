# SPDX-License-Identifier: Apache-2.0
"""Reader of the NIST CAVP AES-GCM and AES-CCM response files shipped by `cryptography-vectors`.

GCM (gcmEncryptExtIV<k>.rsp, gcmDecrypt<k>.rsp): records with Key, IV, PT, AAD, CT, Tag; a
decryption record whose tag is wrong has a bare `FAIL` line instead of PT.
CCM (DVPT, VADT, VNT, VPT, VTT <k>.rsp): lengths (Alen, Plen, Nlen, Tlen) in the preamble or in
the [section] line, Key (and for some files Nonce) at section level, the rest per record; an
empty string is written `00` and cut to its length; CT is the ciphertext followed by the tag;
DVPT records carry Result = Pass / Fail.
"""
from __future__ import annotations

import re
from pathlib import Path

CCM_FILES = ("DVPT", "VADT", "VNT", "VPT", "VTT")


def _dir(sub: str) -> Path:
    import cryptography_vectors
    return Path(cryptography_vectors.__file__).parent / "ciphers" / "AES" / sub


def gcm_records(kind: str, keylen: int) -> list[dict]:
    """kind "enc" (gcmEncryptExtIV) or "dec" (gcmDecrypt): Key, IV, PT, AAD, CT, Tag (bytes),
    fail (decryption: the tag is wrong), Count, and the file name in `src`."""
    name = f"gcmEncryptExtIV{keylen}.rsp" if kind == "enc" else f"gcmDecrypt{keylen}.rsp"
    recs: list[dict] = []
    cur: dict | None = None
    for line in (_dir("GCM") / name).read_text().splitlines():
        line = line.strip()
        if line == "FAIL" and cur is not None:
            cur["fail"] = True
            continue
        if " = " not in line and not line.endswith("=") or line.startswith(("#", "[")):
            continue
        k, v = (x.strip() for x in line.split("=", 1))
        if k == "Count":
            cur = {"Count": int(v), "fail": False, "src": name}
            recs.append(cur)
        elif cur is not None:
            cur[k] = bytes.fromhex(v)
    return recs


_SECTION = re.compile(r"(\w+)\s*=\s*(\w+)")


def ccm_records(kind: str, keylen: int) -> list[dict]:
    """One of CCM_FILES: Key, Nonce, Adata, Payload, CT (ciphertext), Tag, fail (DVPT Fail),
    Tlen, Count, src."""
    name = f"{kind}{keylen}.rsp"
    ctx: dict = {}
    recs: list[dict] = []
    cur: dict | None = None
    for line in (_dir("CCM") / name).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            for k, v in _SECTION.findall(line):
                ctx[k] = int(v)
            cur = None
            continue
        if "=" not in line:
            continue
        k, v = (x.strip() for x in line.split("=", 1))
        if k in ("Alen", "Plen", "Nlen", "Tlen"):
            ctx[k] = int(v)
        elif k == "Count":
            cur = dict(ctx, Count=int(v), src=name)
            recs.append(cur)
        elif k == "Result":
            cur["fail"] = v.lower().startswith("fail")
        elif cur is None:
            ctx[k] = bytes.fromhex(v)
        else:
            cur[k] = bytes.fromhex(v)
    for r in recs:
        r["Adata"] = r.get("Adata", b"")[:r["Alen"]]
        r["Payload"] = r.get("Payload", b"")[:r["Plen"]]
        ct = r["CT"]
        r["Tag"] = ct[len(ct) - r["Tlen"]:]
        r["CT"] = ct[:len(ct) - r["Tlen"]]
        r.setdefault("fail", False)
    return recs
