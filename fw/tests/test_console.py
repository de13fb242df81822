# SPDX-License-Identifier: Apache-2.0
"""The interactive console (fw/programs/console, `make console`) driven through a pipe: every
command against a package or model reference, and bad input answered with an error line and the
prompt back (the console never stops on bad input). Then as a user drives it through the harness,
on a terminal (a pty) and through a pipe, a line at a time after each prompt: lines past 256
characters, every byte value, a slow writer, lines too long for the console."""
from __future__ import annotations

import hashlib
import os
import pty
import random
import re
import select
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from Crypto.Cipher import AES, ChaCha20, ChaCha20_Poly1305
from Crypto.Hash import CMAC

from engines.chacha.model import chacha_model
from engines.present.model import present_model
from engines.prince.model import prince_model
from sim.verilator import harness

# the software AEADs' tests: their CAVP reader and CCM*'s definition
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "crypto" / "tests"))
from test_crypto_sw_aead import VEC, ccm_star_reference, read_records, unhex  # noqa: E402

PROMPT = "cv> "


@pytest.fixture(scope="module")
def console() -> object:
    harness.build_sim()
    return harness.build_fw("console")


def run(elf: object, lines: list[str], max_cycles: int = 60_000_000,
        sim: Path | None = None) -> list[str]:
    """Send the lines (one per prompt) and return the answer to each, in order (sim: another SoC
    build's model, harness.build_sim)."""
    res = harness.run_elf(elf, stdin=("\n".join(lines) + "\nquit\n").encode(),
                          max_cycles=max_cycles, extra_args=["--rx-prompt", PROMPT], sim=sim)
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
        f"dec aes cbc {msg.hex()}",
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
        16: AES.new(k, AES.MODE_CBC, iv=iv).decrypt(msg).hex(),
    }
    for i, expect in want.items():
        assert out[i] == expect, f"{lines[i]!r}: got {out[i]!r}"
    assert out[0] == "key aes: 16 bytes"
    assert out[1] == f"iv aes: {iv.hex()}"
    assert out[11] == f"iv chacha: nonce {nonce.hex()}\niv chacha: counter 0"


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
    words = set(re.findall(r"[\w-]+", out[0]))
    for cmd in ("backend", "key", "iv", "counter", "enc", "dec", "mac", "hash", "selftest", "time",
                "quit", "prince", "present", "chacha20", "cpi-dma", "gcm", "ccm",
                "chacha20-poly1305", "aead"):
        assert cmd in words, cmd
    # what persists between commands, and that IVs and the counter do not advance
    kept = out[0][out[0].index("kept between commands"):]
    for what in ("backend", "keys", "IVs", "nonce", "counter", "never advance"):
        assert what in kept, what
    # the known answers of every engine on every backend
    assert out[1].splitlines()[-1] == "selftest: 35 passed, 0 failed", out[1]
    assert "FAIL" not in out[1]
    for b in ("sw", "mmio", "cpi", "cpi-dma", "mmio-dma"):
        for name in ("aes-128 fips197", "prince", "present-80", "present-128", "chacha8",
                     "chacha20", "sha3-512"):
            assert any(ln.split()[0].startswith(name.split()[0]) and ln.split()[-2] == b and
                       ln.endswith("PASS") for ln in out[1].splitlines()[:-1]), (name, b)
    assert out[2].startswith("backend mmio (every engine)")


HW = ("mmio", "cpi", "cpi-dma", "mmio-dma")


def test_light_engines_every_backend(console: object) -> None:
    """PRINCE, PRESENT, ChaCha and SHA-3 commands on each hardware backend against the models and
    hashlib; the same bytes as the software backend."""
    rng = random.Random(11)
    pk, rk, ck = rng.randbytes(16), rng.randbytes(16), rng.randbytes(16)
    ctr, nonce = rng.randbytes(8), rng.randbytes(8)
    msg = rng.randbytes(40)
    text = "lightweight"
    setup = [f"key prince {pk.hex()}", f"key present {rk.hex()}", f"key chacha {ck.hex()}",
             f"iv block {ctr.hex()}", f"iv chacha {nonce.hex()}"]
    ops = [f"enc prince ecb {msg[:16].hex()}", f"enc prince ctr {msg[:21].hex()}",
           f"dec present ecb {msg[:24].hex()}", f"enc present ctr {msg[:13].hex()}",
           f"enc chacha8 {msg.hex()}", f'enc chacha12 "{text}"', f"enc chacha20 {msg.hex()}",
           f"hash sha3-224 {msg.hex()}", f'hash shake256:100 "{text}"']
    pkey, rkey = int.from_bytes(pk, "big"), int.from_bytes(rk, "big")

    def ctr_mode(enc, data: bytes) -> bytes:
        c, out = int.from_bytes(ctr, "big"), b""
        for i in range(0, len(data), 8):
            ks = enc((c + i // 8) % 2**64).to_bytes(8, "big")
            out += bytes(a ^ b for a, b in zip(data[i:i + 8], ks))
        return out

    def pres_dec(data: bytes) -> bytes:
        return b"".join(present_model.decrypt(int.from_bytes(data[i:i + 8], "big"), rkey,
                                              128).to_bytes(8, "big")
                        for i in range(0, len(data), 8))

    want = [prince_model.ecb(msg[:16], pkey).hex(),
            ctr_mode(lambda b: prince_model.encrypt(b, pkey), msg[:21]).hex(),
            pres_dec(msg[:24]).hex(),
            ctr_mode(lambda b: present_model.encrypt(b, rkey, 128), msg[:13]).hex(),
            chacha_model.encrypt(ck, chacha_model.make_iv(0, nonce), msg, 8).hex(),
            chacha_model.encrypt(ck, chacha_model.make_iv(0, nonce), text.encode(), 12).hex(),
            chacha_model.encrypt(ck, chacha_model.make_iv(0, nonce), msg, 20).hex(),
            hashlib.sha3_224(msg).hexdigest(), hashlib.shake_256(text.encode()).hexdigest(100)]
    lines = list(setup)
    for b in ("sw",) + HW:
        lines += [f"backend {b}"] + ops
    out = run(console, lines)
    for j, b in enumerate(("sw",) + HW):
        base = len(setup) + j * (len(ops) + 1)
        assert out[base] == f"backend {b} (every engine)"
        for i, expect in enumerate(want):
            assert out[base + 1 + i] == expect, f"{b}: {ops[i]!r}: got {out[base + 1 + i]!r}"


def test_light_bad_input_and_timing(console: object) -> None:
    lines = ["backend cpi-dma",
             "enc prince ecb 0011223344556677",       # no key yet
             "key prince 00112233",                     # wrong size
             "key present 00112233445566778899aabb",    # 12 bytes: wrong size
             "key prince 000102030405060708090a0b0c0d0e0f",
             "enc prince ecb 00112233",                 # not a whole block
             "enc prince cbc 0011223344556677",         # mode the engine does not have
             "iv chacha 0011",                          # nonce size
             "hash shake128:0 00",
             "enc prince ecb 0011223344556677",         # still works
             "time"]
    out = run(console, lines)
    for i in range(1, 9):
        if i == 4:
            assert out[i] == "key prince: 16 bytes"
        else:
            assert out[i].startswith("error:"), f"{lines[i]!r}: {out[i]!r}"
    k = int.from_bytes(bytes(range(16)), "big")
    assert out[9] == prince_model.ecb(bytes.fromhex("0011223344556677"), k).hex()
    rows = out[10].splitlines()
    assert rows[0].split() == ["cycles", "sw", "mmio", "cpi", "cpi-dma", "mmio-dma"]
    for name in ("aes-128", "prince", "present-80", "chacha20", "sha3-512"):
        row = next(r for r in rows if r.split()[0] == name)
        cycles = [int(x) for x in row.split()[-5:]]
        assert all(c > 0 for c in cycles), row


RFC8439_PLAINTEXT = (b"Ladies and Gentlemen of the class of '99: If I could offer you only one "
                     b"tip for the future, sunscreen would be it.")


def test_chacha20_rfc8439_encryption(console: object) -> None:
    """RFC 8439 section 2.4.2 (key 00..1f, nonce 000000000000004a00000000, counter 1) on every
    backend, checked against pycryptodome; the counter and the IVs are shown, persist and do not
    advance."""
    key = bytes(range(32))
    nonce = bytes.fromhex("000000000000004a00000000")
    want = ChaCha20.new(key=key, nonce=nonce)
    want.seek(64)  # block counter 1
    want = want.encrypt(RFC8439_PLAINTEXT).hex()
    text = RFC8439_PLAINTEXT.decode()
    lines = [f"key chacha {key.hex()}", f"iv chacha {nonce.hex()}", "counter chacha 1"]
    for b in ("sw",) + HW:
        lines += [f"backend {b}", f'enc chacha20 "{text}"']
    lines += [f'enc chacha20 "{text}"', "iv chacha", "counter chacha", "iv", "key"]
    out = run(console, lines)
    assert out[1] == f"iv chacha: nonce {nonce.hex()}\niv chacha: counter 0"
    assert out[2] == f"iv chacha: nonce {nonce.hex()}\niv chacha: counter 1"
    for j, b in enumerate(("sw",) + HW):
        assert out[3 + 2 * j] == f"backend {b} (every engine)"
        assert out[4 + 2 * j] == want, b
    n = 3 + 2 * (1 + len(HW))
    assert out[n] == want  # the same command again: the counter did not advance
    assert out[n + 1] == out[n + 2] == out[2]
    assert out[n + 3] == ("iv aes: " + "00" * 16 + "\niv block: " + "00" * 8 + "\n" + out[2] +
                          "\niv aead: nonce " + "00" * 12)
    assert out[n + 4] == ("key aes: not set\nkey prince: not set\nkey present: not set\n"
                          "key chacha: 32 bytes")


def test_chacha_counter_both_layouts(console: object) -> None:
    """The original layout's 64-bit counter carries across 2^32 (pycryptodome's 8-byte nonce
    variant has the same layout); RFC 8439's is 32 bits, and a larger one is refused."""
    rng = random.Random(12)
    key, n8, n12 = rng.randbytes(32), rng.randbytes(8), rng.randbytes(12)
    msg = rng.randbytes(150)
    lines = [f"key chacha {key.hex()}", f"iv chacha {n8.hex()}", "counter chacha 0xffffffff",
             f"enc chacha20 {msg.hex()}", "counter chacha 4294967296", f"enc chacha8 {msg.hex()}",
             f"iv chacha {n12.hex()}", f"enc chacha20 {msg.hex()}", "counter chacha 0x7",
             f"enc chacha20 {msg.hex()}", "counter chacha 18446744073709551616",
             "counter chacha 12ab", "counter aes 1"]
    out = run(console, lines)

    def ref(nonce: bytes, counter: int, data: bytes) -> str:
        c = ChaCha20.new(key=key, nonce=nonce)
        c.seek(64 * counter)
        return c.encrypt(data).hex()

    assert out[2] == f"iv chacha: nonce {n8.hex()}\niv chacha: counter 4294967295"
    assert out[3] == ref(n8, 0xFFFFFFFF, msg)
    assert out[4].endswith("iv chacha: counter 0x0000000100000000")
    assert out[5] == chacha_model.encrypt(key, chacha_model.make_iv(2**32, n8), msg, 8).hex()
    assert out[7].startswith("error: a 12-byte nonce (RFC 8439) takes a 32-bit counter")
    assert out[9] == ref(n12, 7, msg)
    for i in (10, 11, 12):
        assert out[i].startswith("error:"), out[i]


AUTH_FAIL = "error: authentication failed: the tag does not match, no plaintext (-12)"


def cavp(path: Path, want: dict[str, str], limit: int = 200) -> dict[str, str]:
    """The first record of a CAVP file with the fields given and texts of at most limit bytes."""
    return next(r for r in read_records(path) if all(r.get(k) == v for k, v in want.items()) and
                len(r.get("PT", r.get("PAYLOAD", ""))) <= 2 * limit)


def aead_ref(alg: str, key: bytes, nonce: bytes, aad: bytes, pt: bytes, tag_len: int) -> str:
    """pycryptodome's ciphertext and tag, as the console prints them (RFC 5116: C || T)."""
    if alg == "chacha20-poly1305":
        e = ChaCha20_Poly1305.new(key=key, nonce=nonce)
    else:
        mode = AES.MODE_GCM if alg == "gcm" else AES.MODE_CCM
        e = AES.new(key, mode, nonce=nonce, mac_len=tag_len)
    e.update(aad)
    ct, tag = e.encrypt_and_digest(pt)
    return (ct + tag).hex()


def test_aead_commands(console: object) -> None:
    """AES-GCM, AES-CCM (with CCM*) and ChaCha20-Poly1305 from the console on the sw backend: CAVP
    records (a 1-byte GCM nonce, a 4-byte CCM tag), RFC 8439 section 2.8.2, random messages
    against pycryptodome, decryption of each back, and forged tags answered with the
    authentication error and no plaintext."""
    gcm_dir, ccm_dir = VEC / "ciphers" / "AES" / "GCM", VEC / "ciphers" / "AES" / "CCM"
    g1 = cavp(gcm_dir / "gcmEncryptExtIV256.rsp", {"IVLEN": "96", "TAGLEN": "128",
                                                   "AADLEN": "160", "PTLEN": "408"})
    g2 = cavp(gcm_dir / "gcmEncryptExtIV128.rsp", {"IVLEN": "8", "TAGLEN": "96",
                                                   "AADLEN": "128", "PTLEN": "128"})
    gf = next(r for r in read_records(gcm_dir / "gcmDecrypt128.rsp")
              if "FAIL" in r and r["IVLEN"] == "96" and r["PTLEN"] == "128")
    c1 = cavp(ccm_dir / "VADT128.rsp", {"ALEN": "32"})
    c2 = cavp(ccm_dir / "VTT192.rsp", {"TLEN": "4"})
    cf = next(r for r in read_records(ccm_dir / "DVPT256.rsp")
              if r["RESULT"].startswith("Fail") and int(r["PLEN"]) > 0 and int(r["ALEN"]) > 0)
    rng = random.Random(5116)
    rk, rc = rng.randbytes(24), rng.randbytes(32)
    rn, raad, rpt = rng.randbytes(12), rng.randbytes(13), rng.randbytes(40)
    cn = rng.randbytes(13)
    # RFC 8439 section 2.8.2
    pk = bytes(range(0x80, 0xa0))
    pn = bytes.fromhex("070000004041424344454647")
    paad = bytes.fromhex("50515253c0c1c2c3c4c5c6c7")
    ptext = RFC8439_PLAINTEXT.decode()
    rfc_tag = "1ae10b594f09e26a7e902ecbd0600691"

    def gcm_lines(r: dict[str, str], tlen: int) -> list[str]:
        return [f"key aes {r['KEY']}", f"iv aead {r['IV']}",
                f"enc aes gcm:{tlen} {r['AAD']} {r['PT']}",
                f"dec aes gcm:{tlen} {r['AAD']} {r['CT']}{r['TAG']}"]

    def ccm_lines(r: dict[str, str]) -> list[str]:
        alen, plen, tlen = int(r["ALEN"]), int(r["PLEN"]), int(r["TLEN"])
        aad, pt = r["ADATA"][:2 * alen] or '""', r["PAYLOAD"][:2 * plen] or '""'
        return [f"key aes {r['KEY']}", f"iv aead {r['NONCE']}", f"enc aes ccm:{tlen} {aad} {pt}",
                f"dec aes ccm:{tlen} {aad} {r['CT']}"]

    lines = (gcm_lines(g1, 16) + gcm_lines(g2, 12) +
             [f"key aes {gf['KEY']}", f"iv aead {gf['IV']}",
              f"dec aes gcm {gf['AAD'] or chr(34) * 2} {gf['CT']}{gf['TAG']}"] +
             ccm_lines(c1) + ccm_lines(c2) +
             [f"key aes {cf['KEY']}", f"iv aead {cf['NONCE']}",
              f"dec aes ccm:{cf['TLEN']} {cf['ADATA'][:2 * int(cf['ALEN'])]} {cf['CT']}"])
    n_cavp = len(lines)
    rand = [("gcm", 13, rk, rn), ("ccm", 10, rk, cn), ("chacha20-poly1305", 16, rc, rn)]
    for alg, tlen, key, nonce in rand:
        cmd = "chacha20-poly1305" if alg.startswith("chacha") else f"aes {alg}:{tlen}"
        ref = aead_ref(alg, key, nonce, raad, rpt, tlen)
        forged = ref[:-2] + f"{int(ref[-2:], 16) ^ 0x80:02x}"
        lines += [f"key {'chacha' if alg.startswith('chacha') else 'aes'} {key.hex()}",
                  f"iv aead {nonce.hex()}", f"enc {cmd} {raad.hex()} {rpt.hex()}",
                  f"dec {cmd} {raad.hex()} {ref}", f"dec {cmd} {raad.hex()} {forged}"]
    lines.append(f"dec {cmd} {raad[1:].hex()} {ref}")  # one byte of AAD less
    star = ccm_star_reference(rk, cn[:11], rpt)  # CCM*: CTR from A_1, no tag
    lines += [f"key aes {rk.hex()}", f"iv aead {cn[:11].hex()}", f"enc aes ccm:0 \"\" {rpt.hex()}",
              f"dec aes ccm:0 \"\" {star.hex()}",
              f"key chacha {pk.hex()}", f"iv aead {pn.hex()}",
              f'enc chacha20-poly1305 {paad.hex()} "{ptext}"', "iv aead"]
    out = run(console, lines)

    def check(i: int, want: str) -> None:
        assert out[i] == want, f"{lines[i]!r}: got {out[i]!r}"

    for j, (r, tlen) in enumerate(((g1, 16), (g2, 12))):
        check(4 * j + 2, r["CT"] + r["TAG"][:2 * tlen])
        check(4 * j + 3, r["PT"])
        assert out[4 * j + 1] == f"iv aead: nonce {r['IV']}"
    check(10, AUTH_FAIL)
    for j, r in enumerate((c1, c2)):
        check(11 + 4 * j + 2, r["CT"])
        check(11 + 4 * j + 3, r["PAYLOAD"][:2 * int(r["PLEN"])])
    check(21, AUTH_FAIL)
    for j, (alg, tlen, key, nonce) in enumerate(rand):
        b = n_cavp + 5 * j
        check(b + 2, aead_ref(alg, key, nonce, raad, rpt, tlen))
        check(b + 3, rpt.hex())
        check(b + 4, AUTH_FAIL)  # the last tag byte changed
    b = n_cavp + 5 * len(rand)
    check(b, AUTH_FAIL)  # one byte of AAD less
    b += 1
    check(b + 2, star.hex())
    check(b + 3, rpt.hex())
    rfc = aead_ref("chacha20-poly1305", pk, pn, paad, RFC8439_PLAINTEXT, 16)
    assert rfc.endswith(rfc_tag)
    check(b + 6, rfc)
    check(b + 7, f"iv aead: nonce {pn.hex()}")


def test_aead_bad_input(console: object) -> None:
    """Every refused AEAD argument gets an error line and the prompt; nothing is printed of a
    plaintext; the console goes on."""
    k = bytes(range(16))
    lines = ["enc aes gcm 00 00",                      # no key yet
             f"key aes {k.hex()}",
             "enc aes gcm:5 \"\" 00",                  # GCM tag length
             "enc aes ccm:3 \"\" 00",                  # CCM tag length (odd)
             "enc aes ccm:17 \"\" 00",                 # above 16
             "enc aes gcm:x \"\" 00",
             "enc aes ccm:0 0011 00",                  # CCM* with AAD
             "iv aead 00112233445566778899aabbccdd",   # 14 bytes: not for CCM
             "enc aes ccm \"\" 00",
             "enc aes gcm 00",                         # no data after the AAD
             "dec aes gcm \"\" 0011",                  # shorter than the tag
             "enc aes gcm zz 00",
             "iv aead \"\"",                            # empty nonce
             "key chacha " + k.hex(),                  # 16 bytes: ChaCha20, not -Poly1305
             "enc chacha20-poly1305 \"\" 00",
             "backend mmio",
             "enc aes gcm \"\" 00",                     # a backend the console does not have
             "backend sw",
             "enc aes gcm \"\" \"\""]                    # still works: the tag of nothing
    out = run(console, lines)
    for i, answer in enumerate(out):
        if lines[i].startswith(("key", "backend")) or i == len(lines) - 1:
            continue
        if i == 7:
            assert answer == "iv aead: nonce 00112233445566778899aabbccdd"
            continue
        assert answer.startswith("error:"), f"{lines[i]!r}: {answer!r}"
    assert "tag length" in out[2] and "tag length" in out[3] and "tag length" in out[4]
    assert "nonce length" in out[8] and "CCM*" in out[6]
    assert out[14] == "error: key length not supported (-1)"
    assert out[16] == ("error: AEAD on mmio: this console has the sw backend only (AEAD_HW=1 "
                       "builds the others)")
    want = AES.new(k, AES.MODE_GCM, nonce=bytes.fromhex("00112233445566778899aabbccdd"))
    assert out[-1] == want.digest().hex()


@pytest.mark.long
@pytest.mark.parametrize("soc", ["AES_AEAD", "CHACHA_AEAD"])
def test_aead_hw_console_on_the_aead_socs(soc: str) -> None:
    """The console built with AEAD_HW=1 on the SoC builds with AEAD engines: the AEAD on the
    engine's every backend gives pycryptodome's bytes and refuses a forged tag; the algorithms
    of the other engine, which that SoC builds without AEAD, get the hardware error; the default
    console names its sw backend as the only one there."""
    sim = harness.build_sim({soc: 1})
    hw = harness.build_fw("console", ["AEAD_HW=1"], name="console_aead_hw")
    rng = random.Random(soc)
    ak, ck, nonce = rng.randbytes(32), rng.randbytes(32), rng.randbytes(12)
    aad, pt = rng.randbytes(20), rng.randbytes(70)
    mine = ["aes gcm:12", "aes ccm:8"] if soc == "AES_AEAD" else ["chacha20-poly1305"]
    other = "chacha20-poly1305" if soc == "AES_AEAD" else "aes gcm"
    lines = [f"key aes {ak.hex()}", f"key chacha {ck.hex()}", f"iv aead {nonce.hex()}"]
    want = []
    for b in ("sw",) + HW:
        lines.append(f"backend {b}")
        want.append(f"backend {b} (every engine)")
        for cmd in mine:
            alg, _, t = cmd.split()[-1].partition(":")
            key = ck if alg.startswith("chacha") else ak
            ref = aead_ref(alg, key, nonce, aad, pt, int(t or 16))
            forged = ref[:-1] + ("0" if ref[-1] != "0" else "1")
            lines += [f"enc {cmd} {aad.hex()} {pt.hex()}", f"dec {cmd} {aad.hex()} {ref}",
                      f"dec {cmd} {aad.hex()} {forged}"]
            want += [ref, pt.hex(), AUTH_FAIL]
        if b != "sw":
            lines.append(f"enc {other} {aad.hex()} {pt.hex()}")
            want.append("error: not in this SoC's hardware (or a hardware error) (-11)")
    out = run(hw, lines, sim=sim)[3:]
    assert out == want
    plain = run(harness.build_fw("console"), lines[:3] + ["backend cpi", f"enc {mine[0]} 00 00"],
                sim=sim)
    assert plain[-1] == ("error: AEAD on cpi: this console has the sw backend only (AEAD_HW=1 "
                         "builds the others)")


class Session:
    """The console under the harness as a user drives it (`make console`'s command line): stdin a
    terminal (a pty in the canonical mode a shell leaves, echo off so stdout holds only the
    console's output) or a pipe, stdout a pipe; each line is sent after the prompt is back."""

    def __init__(self, elf: object, tty: bool) -> None:
        if tty:
            self.wfd, rfd = pty.openpty()
            attrs = termios.tcgetattr(rfd)
            attrs[3] &= ~termios.ECHO
            termios.tcsetattr(rfd, termios.TCSANOW, attrs)
        else:
            rfd, self.wfd = os.pipe()
        self.proc = subprocess.Popen(
            [str(harness.SIM_BIN), "--quiet", "--max-cycles", "0", "--rx-prompt", PROMPT,
             str(elf)], stdin=rfd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        os.close(rfd)
        self.buf = b""
        try:
            assert self.answer().startswith("Cipher-V console")
        except BaseException:
            self.__exit__(AssertionError)
            raise

    def answer(self, timeout: float = 60.0) -> str:
        """The output up to the next prompt (an AssertionError when it does not come)."""
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while PROMPT.encode() not in self.buf:
            left = deadline - time.monotonic()
            assert left > 0, f"the console stopped answering; last output {self.buf[-300:]!r}"
            if select.select([fd], [], [], left)[0]:
                chunk = os.read(fd, 65536)
                assert chunk, f"the harness ended: {self.proc.stderr.read()!r}"
                self.buf += chunk
        text, _, self.buf = self.buf.partition(PROMPT.encode())
        return text.decode(errors="replace").strip()

    def send(self, line: bytes | str, chunk: int = 0, pause: float = 0.0) -> None:
        data = (line.encode() if isinstance(line, str) else line) + b"\n"
        step = chunk or len(data)
        for i in range(0, len(data), step):
            os.write(self.wfd, data[i:i + step])
            time.sleep(pause)

    def ask(self, line: bytes | str, **kw: float) -> str:
        self.send(line, **kw)
        return self.answer()

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, exc_type: object, *_: object) -> None:
        """quit must end the run cleanly; after a failure the run is only stopped."""
        try:
            if exc_type is None:
                self.send("quit")
                out, err = self.proc.communicate(timeout=60)
                assert (self.buf + out).decode().strip() == "bye", out
                assert self.proc.returncode == 0, err
        finally:
            self.proc.kill()
            self.proc.wait()
            os.close(self.wfd)


def _hash_line(payload: bytes) -> bytes:
    return b'hash sha3-256 "' + payload + b'"'


@pytest.mark.parametrize("tty", [True, False], ids=["terminal", "pipe"])
def test_long_lines_and_any_byte(console: object, tty: bool) -> None:
    """A line past 256 characters reaches the console whole (it made the harness stop releasing
    input on a terminal), on a pipe also when written slowly in pieces; every byte value arrives
    as data; a line longer than any terminal or console buffer gets an error and the console
    goes on; on a terminal, Ctrl-D does not end the session."""
    rng = random.Random(21 + tty)
    key, msg = rng.randbytes(16), rng.randbytes(256)
    with Session(console, tty) as s:
        assert s.ask(f"key aes {key.hex()}") == "key aes: 16 bytes"
        line = f"enc aes ecb {msg.hex()}"
        assert len(line) > 512
        slow = {} if tty else {"chunk": 37, "pause": 0.02}
        assert s.ask(line, **slow) == AES.new(key, AES.MODE_ECB).encrypt(msg).hex()
        # Every byte but the line end, the quote, NUL (ends a C string) and CR (dropped by the
        # console); a terminal's control characters and DEL are its line editing keys.
        skip = {0x00, 0x0A, 0x0D, 0x22} | (set(range(0x20)) | {0x7F} if tty else set())
        payload = bytes(b for b in range(256) if b not in skip)
        assert s.ask(_hash_line(payload), **slow) == hashlib.sha3_256(payload).hexdigest()
        assert s.ask("x" * 5000).startswith("error: line longer than")
        if tty:
            os.write(s.wfd, b"\x04")  # Ctrl-D: an end of file for this read, not for the user
        else:
            assert s.ask(b"\x00\x01\xff junk \r") == ""  # an empty command: just the prompt
            assert s.ask("y" * 100_000).startswith("error: line longer than")
        assert s.ask(f"enc aes ecb {msg[:16].hex()}") == \
            AES.new(key, AES.MODE_ECB).encrypt(msg[:16]).hex()
