"""Build the software crypto library natively (build/crypto-host/) and wrap it with ctypes.

Shared by the fw/crypto tests. The build is repeated by each pytest worker that needs it; it is
written to a temporary name and renamed, so parallel workers never load a half-written file.
"""
from __future__ import annotations

import ctypes
import os
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
CRYPTO = HERE.parent
ROOT = CRYPTO.parent.parent
BUILD = ROOT / "build" / "crypto-host"
SOURCES = sorted((CRYPTO / "src").glob("*.c"))
CFLAGS = ["-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", f"-I{CRYPTO / 'include'}"]
RV_CFLAGS = CFLAGS + ["-march=rv32im", "-mabi=ilp32", "-misa-spec=2.2",
                      "--specs=picolibc.specs"]

CV_OK = 0
CV_ERR_KEYLEN, CV_ERR_LENGTH, CV_ERR_ARG, CV_ERR_ROUNDS = -1, -2, -3, -4
CV_ERR_BUSY, CV_ERR_DMA, CV_ERR_MODE, CV_ERR_OUTLEN = -5, -6, -7, -8
CV_ENCRYPT, CV_DECRYPT = 0, 1

_lib: ctypes.CDLL | None = None


def build() -> Path:
    BUILD.mkdir(parents=True, exist_ok=True)
    out = BUILD / "libcvcrypto.so"
    tmp = BUILD / f"libcvcrypto.{os.getpid()}.so"
    subprocess.run(["gcc", *CFLAGS, "-shared", "-fPIC", "-o", str(tmp),
                    *map(str, SOURCES), str(HERE / "cv_crypto_host_shim.c")], check=True)
    os.replace(tmp, out)
    return out


def lib() -> ctypes.CDLL:
    global _lib
    if _lib is None:
        _lib = ctypes.CDLL(str(build()))
    return _lib


def ctx(which: int) -> ctypes.Array:
    """A zeroed buffer the size of context struct `which` (0 AES .. 4 SHA-3), 8-byte aligned."""
    n = lib().cv_host_sizeof(which)
    return (ctypes.c_uint64 * ((n + 7) // 8))()


def buf(data: bytes | int) -> ctypes.Array:
    if isinstance(data, int):
        return ctypes.create_string_buffer(data)
    return ctypes.create_string_buffer(bytes(data), len(data))
