"""The interactive console (fw/programs/console, `make console`) driven through a pipe: every
command against a package or model reference, and bad input answered with an error line and the
prompt back (the console never stops on bad input)."""
from __future__ import annotations

import hashlib
import random

import pytest
from Crypto.Cipher import AES, ChaCha20
from Crypto.Hash import CMAC

from engines.present.model import present_model
from engines.prince.model import prince_model
from sim.verilator import harness

PROMPT = "cv> "


@pytest.fixture(scope="module")
def console() -> object:
    harness.build_sim()
    return harness.build_fw("console")


def run(elf: object, lines: list[str], max_cycles: int = 60_000_000) -> list[str]:
    """Send the lines (one per prompt) and return the answer to each, in order."""
    res = harness.run_elf(elf, stdin=("\n".join(lines) + "\nquit\n").encode(),
                          max_cycles=max_cycles, extra_args=["--rx-prompt", PROMPT])
    assert res.returncode == 0, res.stdout[-2000:] + res.stderr
    chunks = res.stdout.split(PROMPT)
    assert chunks[0].startswith("Cipher-V console")
    assert chunks[-1].strip() == "bye"
    answers = [c.strip() for c in chunks[1:-1]]
    assert len(answers) == len(lines), res.stdout
    return answers


def test_ciphers_and_hashes(console: object) -> None:
    rng = random.Random(7)
    k = rng.randbytes(16)
    iv = rng.randbytes(16)
    msg = rng.randbytes(48)
    pk = rng.randbytes(16)
    ck = rng.randbytes(32)
    nonce = rng.randbytes(12)
    text = "Cipher-V says hello"
    lines = [
        f"key aes {k.hex()}",
        f"iv aes {iv.hex()}",
        f"enc aes cbc {msg.hex()}",
        f"dec aes ctr {msg[:21].hex()}",
        f'mac aes "{text}"',
        f"key prince {pk.hex()}",
        f"enc prince ecb {msg[:16].hex()}",
        f"dec prince ecb {msg[:8].hex()}",
        f"key present {pk[:10].hex()}",
        f"enc present ecb {msg[:8].hex()}",
        f"key chacha {ck.hex()}",
        f"iv chacha {nonce.hex()}",
        f'enc chacha20 "{text}"',
        f'hash sha3-256 "{text}"',
        f"hash shake128:40 {msg.hex()}",
        "hash sha3-512 \"\"",
    ]
    out = run(console, lines)
    pkey = int.from_bytes(pk, "big")
    want = {
        2: AES.new(k, AES.MODE_CBC, iv=iv).encrypt(msg).hex(),
        3: AES.new(k, AES.MODE_CTR, nonce=b"", initial_value=iv).decrypt(msg[:21]).hex(),
        4: CMAC.new(k, text.encode(), ciphermod=AES).hexdigest(),
        6: prince_model.ecb(msg[:16], pkey).hex(),
        7: prince_model.ecb(msg[:8], pkey, decrypt_=True).hex(),
        9: present_model.encrypt(int.from_bytes(msg[:8], "big"),
                                 int.from_bytes(pk[:10], "big"), 80).to_bytes(8, "big").hex(),
        12: ChaCha20.new(key=ck, nonce=nonce).encrypt(text.encode()).hex(),
        13: hashlib.sha3_256(text.encode()).hexdigest(),
        14: hashlib.shake_128(msg).hexdigest(40),
        15: hashlib.sha3_512(b"").hexdigest(),
    }
    for i, expect in want.items():
        assert out[i] == expect, f"{lines[i]!r}: got {out[i]!r}"
    assert out[0] == "key aes: 16 bytes" and out[11] == "iv chacha: 12 bytes"


def test_bad_input_keeps_the_prompt(console: object) -> None:
    lines = [
        "frobnicate",
        "enc aes ecb 00112233",            # no key yet
        "key aes 0011",                    # wrong size
        "key aes zz00112233445566778899aabbccddeeff",
        "key aes 000102030405060708090a0b0c0d0e0f",
        "enc aes ecb 001",                 # odd digits
        "enc aes ecb 00112233",            # not a whole block
        "enc aes xts 00",                  # unknown mode
        "enc rot13 ecb 00",
        "enc chacha7 00",
        "hash md5 00",
        "hash sha3-256:8 00",
        "backend quantum",
        "enc aes ecb 00112233445566778899aabbccddeeff",  # still works after all that
    ]
    out = run(console, lines)
    for i, answer in enumerate(out[:-1]):
        if i == 4:
            assert answer == "key aes: 16 bytes"
        else:
            assert answer.startswith("error:"), f"{lines[i]!r}: {answer!r}"
    assert out[-1] == "69c4e0d86a7b0430d8cdb78070b4c55a"


def test_help_selftest_and_backends(console: object) -> None:
    lines = ["help", "selftest"]
    lines += [f"backend {b}" for b in ("mmio", "cpi", "cpi-dma", "mmio-dma", "sw")]
    out = run(console, lines)
    for cmd in ("backend", "key", "iv", "enc", "dec", "mac", "hash", "selftest", "time", "quit"):
        assert f"\n  {cmd}" in "\n" + out[0], cmd
    assert out[1].splitlines()[-1].endswith(" passed, 0 failed"), out[1]
    assert "FAIL" not in out[1]
    assert out[2].startswith("backend mmio")
