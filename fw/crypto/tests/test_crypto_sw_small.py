# SPDX-License-Identifier: Apache-2.0
"""The library as size-bound programs (the console) build it, -DCV_CRYPTO_SMALL: the AEAD, SHA-3,
PRESENT, PRINCE, ChaCha and AES tests of this folder again, on that build of the host library
(cvcrypto_host.py, CV_CRYPTO_HOST_SMALL=1), in a pytest of their own: the library is loaded
once per process. The isa variants are left out (no size-bound program builds them)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
FILES = ("test_crypto_sw_aead.py", "test_crypto_sw_light.py", "test_crypto_sw_aes.py")


def test_small_build_passes_the_library_tests() -> None:
    env = {**os.environ, "CV_CRYPTO_HOST_SMALL": "1"}
    start = time.time()
    res = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
                          "-m", "not long", "-k", "not isa", *FILES],
                         cwd=HERE, env=env, capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stdout[-4000:] + res.stderr[-2000:]
    m = re.search(r"(\d+) passed", res.stdout)
    assert m and int(m.group(1)) >= 100, res.stdout[-2000:]
    lib = HERE.parents[2] / "build" / "crypto-host" / "libcvcrypto-small.so"
    assert lib.stat().st_mtime >= start - 1  # the run built and loaded the small library
