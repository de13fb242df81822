# SPDX-License-Identifier: Apache-2.0
"""Build the software crypto library natively (build/crypto-host/) and wrap it with ctypes.

Shared by the fw/crypto tests. The build is repeated by each pytest worker that needs it; it is
written to a temporary name and renamed, so parallel workers never load a half-written file.
"""
from __future__ import annotations

import ctypes
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CRYPTO = HERE.parent
ROOT = CRYPTO.parent.parent
BUILD = ROOT / "build" / "crypto-host"
SOURCES = sorted((CRYPTO / "src").glob("*.c"))
# RISC-V only (hand-scheduled isa code; on a host the C isa versions stand in)
ASM_SOURCES = sorted((CRYPTO / "src").glob("*.S"))
GEN = ROOT / "build" / "gen"  # cv_status_codes.h, generated from fw/drivers/status.toml
# CV_ZK: the isa versions too (on the host, cv_zk.h defines each instruction in C).
CFLAGS = ["-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", f"-I{CRYPTO / 'include'}",
          f"-I{CRYPTO.parent / 'drivers' / 'include'}", f"-I{GEN}", "-DCV_ZK=1"]  # cv_status.h
RV_CFLAGS = CFLAGS + ["-march=rv32im", "-mabi=ilp32", "-misa-spec=2.2",
                      "--specs=picolibc.specs"]
# CV_CRYPTO_HOST_SMALL=1: the library as size-bound programs (the console) build it,
# -DCV_CRYPTO_SMALL (fw/crypto/README.md), into its own file. That build has no constant-time
# AES (init_ct: CV_ERR_MODE), so ct=True selects the table version here.
SMALL = os.environ.get("CV_CRYPTO_HOST_SMALL") == "1"
if SMALL:
    CFLAGS.append("-DCV_CRYPTO_SMALL")

CV_OK = 0
CV_ERR_KEYLEN, CV_ERR_LENGTH, CV_ERR_ARG, CV_ERR_ROUNDS = -1, -2, -3, -4
CV_ERR_BUSY, CV_ERR_DMA, CV_ERR_MODE, CV_ERR_OUTLEN = -5, -6, -7, -8
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from tools import consts  # noqa: E402  (the status codes' single source, fw/drivers/status.toml)

CV_ERR_AUTH = consts.CV_ERR_AUTH
CV_ENCRYPT, CV_DECRYPT = 0, 1

_lib: ctypes.CDLL | None = None


def build() -> Path:
    if not (GEN / "cv_status_codes.h").exists():  # `make gen` not run yet
        subprocess.run([sys.executable, str(ROOT / "tools" / "memmap.py")], cwd=ROOT, check=True)
    BUILD.mkdir(parents=True, exist_ok=True)
    name = "libcvcrypto-small" if SMALL else "libcvcrypto"
    out = BUILD / f"{name}.so"
    tmp = BUILD / f"{name}.{os.getpid()}.so"
    subprocess.run(["gcc", *CFLAGS, "-shared", "-fPIC", "-o", str(tmp),
                    *map(str, SOURCES), str(HERE / "cv_crypto_host_shim.c")], check=True)
    os.replace(tmp, out)
    return out


def lib() -> ctypes.CDLL:
    global _lib
    if _lib is None:
        _lib = ctypes.CDLL(str(build()))
        _lib.cv_host_sizeof.restype = ctypes.c_size_t
        _lib.cv_chacha_sw_get_counter.restype = ctypes.c_uint64
        _lib.cv_chacha_sw_set_counter.argtypes = [ctypes.c_void_p, ctypes.c_uint64]
        _aead_argtypes(_lib)
        _sha2_argtypes(_lib)
    return _lib


def ctx(which: int) -> ctypes.Array:
    """A zeroed buffer the size of context struct `which` (0 AES .. 4 SHA-3, 5 GCM, 6 CCM,
    7 ChaCha20-Poly1305, 8 Poly1305, 9 SHA-2, 10 HMAC-SHA-256), 8-byte aligned."""
    n = lib().cv_host_sizeof(which)
    return (ctypes.c_uint64 * ((n + 7) // 8))()


def buf(data: bytes | int) -> ctypes.Array:
    if isinstance(data, int):
        return ctypes.create_string_buffer(data)
    return ctypes.create_string_buffer(bytes(data), len(data))


# ---- thin wrappers (bytes in, bytes out) --------------------------------------------------

def aes_init(key: bytes, ct: bool | str = False) -> tuple[int, ctypes.Array]:
    """ct: False the table version, True the constant-time one, "isa" the scalar-crypto one."""
    c = ctx(0)
    fn = (lib().cv_aes_sw_init_isa if ct == "isa" else
          lib().cv_aes_sw_init_ct if ct and not SMALL else lib().cv_aes_sw_init)
    return fn(c, bytes(key), len(key)), c


def aes_block(c: ctypes.Array, data: bytes, decrypt: bool = False) -> bytes:
    out = buf(16)
    fn = lib().cv_aes_sw_decrypt_block if decrypt else lib().cv_aes_sw_encrypt_block
    fn(c, bytes(data), out)
    return out.raw


def aes_mode(c: ctypes.Array, mode: str, data: bytes, iv: bytes | None = None,
             direction: int = CV_ENCRYPT, out_len: int | None = None
             ) -> tuple[int, bytes, bytes | None]:
    """Run one mode call; returns (status, output buffer, updated iv/ctr or None)."""
    n = len(data)
    out = buf(b"\xa5" * (out_len if out_len is not None else n))
    src = buf(data)
    ivb = buf(iv) if iv is not None else None
    f = getattr(lib(), f"cv_aes_sw_{mode}")
    if mode == "ecb":
        rc = f(c, direction, src, out, n)
    elif mode in ("cbc", "cfb128"):
        rc = f(c, direction, ivb, src, out, n)
    elif mode == "cmac":
        mac = buf(16)
        rc = f(c, src, n, mac)
        return rc, mac.raw, None
    else:  # ofb, ctr
        rc = f(c, ivb, src, out, n)
    return rc, out.raw, (ivb.raw if ivb is not None else None)


def chacha_init(key: bytes, nonce: bytes, rounds: int) -> tuple[int, ctypes.Array]:
    c = ctx(3)
    return lib().cv_chacha_sw_init(c, bytes(key), len(key), bytes(nonce), len(nonce),
                                   rounds), c


def chacha_xor(c: ctypes.Array, data: bytes) -> bytes:
    out = buf(len(data))
    assert lib().cv_chacha_sw_xor(c, buf(data), out, len(data)) == CV_OK
    return out.raw


def chacha_keystream(c: ctypes.Array, n: int) -> bytes:
    out = buf(n)
    assert lib().cv_chacha_sw_keystream(c, out, n) == CV_OK
    return out.raw


def sha3(alg: int, msg: bytes, out_len: int) -> tuple[int, bytes]:
    out = buf(b"\x5a" * out_len)
    rc = lib().cv_sha3_sw_hash(alg, buf(msg), len(msg), out, out_len)
    return rc, out.raw


def sha2(alg: int, impl: int, msg: bytes, out_len: int) -> tuple[int, bytes]:
    out = buf(b"\x5a" * out_len)
    rc = lib().cv_sha2_sw_hash(alg, impl, buf(msg), len(msg), out, out_len)
    return rc, out.raw


def hmac_sha256(impl: int, key: bytes, msg: bytes, mac_len: int = 32) -> tuple[int, bytes]:
    out = buf(b"\x5a" * mac_len)
    rc = lib().cv_hmac_sha256_sw(impl, buf(key), len(key), buf(msg), len(msg), out, mac_len)
    return rc, out.raw


def block64_init(name: str, key: bytes) -> tuple[int, ctypes.Array]:
    c = ctx(1 if name == "prince" else 2)
    return getattr(lib(), f"cv_{name}_sw_init")(c, bytes(key), len(key)), c


def block64_ecb(name: str, c: ctypes.Array, direction: int, data: bytes) -> tuple[int, bytes]:
    out = buf(b"\xa5" * len(data))
    rc = getattr(lib(), f"cv_{name}_sw_ecb")(c, direction, buf(data), out, len(data))
    return rc, out.raw


def block64_ctr(name: str, c: ctypes.Array, ctr: bytes, data: bytes) -> tuple[int, bytes, bytes]:
    out = buf(len(data))
    cb = buf(ctr)
    rc = getattr(lib(), f"cv_{name}_sw_ctr")(c, cb, buf(data), out, len(data))
    return rc, out.raw, cb.raw


# ---- AEADs (cv_gcm_sw.h, cv_ccm_sw.h, cv_chachapoly_sw.h, cv_poly1305_sw.h) ------------------
# Their functions take size_t arguments beyond the sixth, which go on the stack on x86-64:
# explicit argument types keep ctypes from passing a 32-bit int there.

AEADS = {"gcm": 5, "ccm": 6, "chachapoly": 7}


def _sha2_argtypes(lb: ctypes.CDLL) -> None:
    """size_t arguments past the sixth go on the stack: without argtypes a Python int passed
    there leaves the upper half of the slot undefined."""
    p, s, i = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int
    lb.cv_sha2_sw_init.argtypes = [p, i, i]
    lb.cv_sha2_sw_update.argtypes = [p, p, s]
    lb.cv_sha2_sw_final.argtypes = [p, p, s]
    lb.cv_sha2_sw_hash.argtypes = [i, i, p, s, p, s]
    lb.cv_hmac_sha256_sw_init.argtypes = [p, i, p, s]
    lb.cv_hmac_sha256_sw_update.argtypes = [p, p, s]
    lb.cv_hmac_sha256_sw_final.argtypes = [p, p, s]
    lb.cv_hmac_sha256_sw.argtypes = [i, p, s, p, s, p, s]


def _aead_argtypes(lb: ctypes.CDLL) -> None:
    p, s, i = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int
    for alg in AEADS:
        for op in ("encrypt", "decrypt"):
            getattr(lb, f"cv_{alg}_sw_{op}").argtypes = [p, p, s, p, s, p, p, s, p, s]
        getattr(lb, f"cv_{alg}_sw_init").argtypes = [p, p, s]
        getattr(lb, f"cv_{alg}_sw_aad").argtypes = [p, p, s]
        getattr(lb, f"cv_{alg}_sw_update").argtypes = [p, p, p, s]
        getattr(lb, f"cv_{alg}_sw_finish").argtypes = [p, p]
        getattr(lb, f"cv_{alg}_sw_verify").argtypes = [p, p]
    lb.cv_ccm_sw_init_ct.argtypes = [p, p, s]
    lb.cv_ccm_sw_init_isa.argtypes = [p, p, s]
    lb.cv_gcm_sw_init_isa.argtypes = [p, p, s]
    lb.cv_gcm_sw_start.argtypes = [p, i, p, s, s]
    lb.cv_ccm_sw_start.argtypes = [p, i, p, s, s, s, s]
    lb.cv_chachapoly_sw_start.argtypes = [p, i, p, s]
    lb.cv_gcm_sw_ghash_block.argtypes = [p, p, p]
    lb.cv_poly1305_sw_init.argtypes = [p, p]
    lb.cv_poly1305_sw_update.argtypes = [p, p, s]
    lb.cv_poly1305_sw_finish.argtypes = [p, p]
    lb.cv_poly1305_sw_mac.argtypes = [p, p, s, p]


def aead_init(alg: str, key: bytes, ct: bool | str = False) -> tuple[int, ctypes.Array]:
    """ct: True CCM on the constant-time AES, "isa" GCM or CCM on the scalar-crypto version."""
    c = ctx(AEADS[alg])
    fn = (getattr(lib(), f"cv_{alg}_sw_init_isa") if ct == "isa" else
          lib().cv_ccm_sw_init_ct if ct and not SMALL else getattr(lib(), f"cv_{alg}_sw_init"))
    return fn(c, bytes(key), len(key)), c


def _data(data: bytes, off: int) -> tuple[ctypes.Array, int]:
    """data at byte offset off of a fresh buffer (off != 0: a misaligned buffer)."""
    b = buf(b"\x5c" * off + bytes(data) + b"\x5c" * 4)
    return b, ctypes.addressof(b) + off


def aead_encrypt(alg: str, c: ctypes.Array, nonce: bytes, aad: bytes, pt: bytes, tag_len: int,
                 off: int = 0, in_place: bool = False) -> tuple[int, bytes, bytes]:
    """(status, ciphertext, tag). The output buffer starts as 0xa5 bytes, so a call that
    writes nothing returns them; the tag buffer likewise has 16 bytes of 0xa5."""
    src, sp = _data(pt, off)
    if in_place:
        dst, dp = src, sp
    else:
        dst, dp = _data(b"\xa5" * len(pt), (off + 1) & 3)
    tag = buf(b"\xa5" * 16)
    rc = getattr(lib(), f"cv_{alg}_sw_encrypt")(c, bytes(nonce), len(nonce), bytes(aad),
                                                 len(aad), sp, dp, len(pt), tag, tag_len)
    return rc, ctypes.string_at(dp, len(pt)), tag.raw


def aead_decrypt(alg: str, c: ctypes.Array, nonce: bytes, aad: bytes, ct: bytes, tag: bytes,
                 off: int = 0, in_place: bool = False) -> tuple[int, bytes]:
    src, sp = _data(ct, off)
    if in_place:
        dst, dp = src, sp
    else:
        dst, dp = _data(b"\xa5" * len(ct), (off + 3) & 3)
    rc = getattr(lib(), f"cv_{alg}_sw_decrypt")(c, bytes(nonce), len(nonce), bytes(aad),
                                                 len(aad), sp, dp, len(ct), bytes(tag),
                                                 len(tag))
    return rc, ctypes.string_at(dp, len(ct))


def aead_stream(alg: str, c: ctypes.Array, direction: int, nonce: bytes, aad: bytes,
                data: bytes, tag_len: int, aad_cuts: list[int], cuts: list[int],
                tag: bytes | None = None) -> tuple[int, bytes, bytes]:
    """start, aad in pieces ending at aad_cuts, update in pieces ending at cuts, then finish
    (encrypt: returns the tag) or verify (decrypt: against tag). Returns the first non-OK
    status (or the finish/verify status), the output and the tag."""
    lb = lib()
    if alg == "gcm":
        rc = lb.cv_gcm_sw_start(c, direction, bytes(nonce), len(nonce), tag_len)
    elif alg == "ccm":
        rc = lb.cv_ccm_sw_start(c, direction, bytes(nonce), len(nonce), len(aad), len(data),
                                tag_len)
    else:
        rc = lb.cv_chachapoly_sw_start(c, direction, bytes(nonce), len(nonce))
    out = b""
    if rc != CV_OK:
        return rc, out, b""
    prev = 0
    for cut in sorted(aad_cuts) + [len(aad)]:
        rc = getattr(lb, f"cv_{alg}_sw_aad")(c, bytes(aad[prev:cut]), cut - prev)
        if rc != CV_OK:
            return rc, out, b""
        prev = cut
    prev = 0
    for cut in sorted(cuts) + [len(data)]:
        piece = buf(data[prev:cut])
        o = buf(cut - prev)
        rc = getattr(lb, f"cv_{alg}_sw_update")(c, piece, o, cut - prev)
        if rc != CV_OK:
            return rc, out, b""
        out += o.raw
        prev = cut
    if direction == CV_ENCRYPT:
        t = buf(b"\xa5" * 16)
        rc = getattr(lb, f"cv_{alg}_sw_finish")(c, t)
        return rc, out, t.raw[:tag_len]
    rc = getattr(lb, f"cv_{alg}_sw_verify")(c, bytes(tag or b""))
    return rc, out, b""


def poly1305(key: bytes, msg: bytes) -> bytes:
    t = buf(16)
    assert lib().cv_poly1305_sw_mac(bytes(key), buf(msg), len(msg), t) == CV_OK
    return t.raw
