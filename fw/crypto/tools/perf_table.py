#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Print the Markdown tables of fw/crypto/README.md: instruction counts under Spike
(build/crypto-perf/perf.json, written by tests/test_crypto_sw_rv32.py) and, with --soc, cycles on
the simulated SoC (build/crypto-perf/soc_cycles.json and soc_cycles_aead.json, written by
tests/test_crypto_sw_soc.py)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def rows(r: dict[str, int]) -> list[tuple[str, int, int]]:
    """(label, instructions, bytes processed or 0)."""
    out: list[tuple[str, int, int]] = []
    for b in (128, 192, 256):
        a = f"aes{b}"
        out += [(f"AES-{b} key expansion, table (enc + dec keys)", r[f"{a}_init"], 0),
                (f"AES-{b} encrypt 1 block, table", r[f"{a}_enc_block"], 16),
                (f"AES-{b} decrypt 1 block, table", r[f"{a}_dec_block"], 16)]
        for m, k in (("ECB enc", "ecb_enc_1k"), ("ECB dec", "ecb_dec_1k"),
                     ("CBC enc", "cbc_enc_1k"), ("CBC dec", "cbc_dec_1k"),
                     ("CFB128 enc", "cfb_enc_1k"), ("OFB", "ofb_1k"), ("CTR", "ctr_1k"),
                     ("CMAC", "cmac_1k")):
            out.append((f"AES-{b} {m}, 1 KiB", r[f"{a}_{k}"], 1024))
        out += [(f"AES-{b} key expansion, constant-time", r[f"{a}_init_ct"], 0),
                (f"AES-{b} encrypt 1 block, constant-time", r[f"{a}_ct_enc_block"], 16),
                (f"AES-{b} decrypt 1 block, constant-time", r[f"{a}_ct_dec_block"], 16),
                (f"AES-{b} ECB enc 1 KiB, constant-time", r[f"{a}_ct_ecb_enc_1k"], 1024)]
    out += [("PRINCE key setup", r["prince_init"], 0),
            ("PRINCE encrypt 1 block", r["prince_enc_block"], 8),
            ("PRINCE decrypt 1 block", r["prince_dec_block"], 8),
            ("PRINCE ECB enc, 1 KiB", r["prince_ecb_enc_1k"], 1024),
            ("PRINCE CTR, 1 KiB", r["prince_ctr_1k"], 1024)]
    for b in (80, 128):
        out += [(f"PRESENT-{b} key setup", r[f"present{b}_init"], 0),
                (f"PRESENT-{b} encrypt 1 block", r[f"present{b}_enc_block"], 8),
                (f"PRESENT-{b} decrypt 1 block", r[f"present{b}_dec_block"], 8)]
    out += [("PRESENT-80 ECB enc, 1 KiB", r["present80_ecb_enc_1k"], 1024),
            ("PRESENT-80 CTR, 1 KiB", r["present80_ctr_1k"], 1024)]
    for n in (8, 12, 20):
        out += [(f"ChaCha{n} init", r[f"chacha{n}_init"], 0),
                (f"ChaCha{n} XOR 64 bytes", r[f"chacha{n}_64"], 64),
                (f"ChaCha{n} XOR 1 KiB", r[f"chacha{n}_1k"], 1024)]
    for b in (128, 192, 256):
        out += [(f"AES-{b}-GCM key setup (AES keys + GHASH table)", r[f"gcm{b}_init"], 0),
                (f"AES-{b}-GCM encrypt 4 KiB, no AAD", r[f"gcm{b}_enc_4k"], 4096),
                (f"AES-{b}-GCM decrypt 4 KiB, no AAD", r[f"gcm{b}_dec_4k"], 4096),
                (f"AES-{b}-GCM 64-byte packet, 16 bytes of AAD", r[f"gcm{b}_pkt64_aad16"], 64)]
    out += [("AES-128-GCM empty message (tag only)", r["gcm128_empty"], 0),
            ("GHASH one block", r["ghash_block"], 16),
            ("AES-128-CCM encrypt 4 KiB, 16-byte tag", r["ccm128_enc_4k"], 4096),
            ("AES-128-CCM decrypt 4 KiB, 16-byte tag", r["ccm128_dec_4k"], 4096),
            ("AES-128-CCM 64-byte packet, 16 bytes of AAD", r["ccm128_pkt64_aad16"], 64),
            ("AES-128-CCM encrypt 4 KiB, constant-time AES", r["ccm128_ct_enc_4k"], 4096),
            ("ChaCha20-Poly1305 encrypt 4 KiB", r["chachapoly_enc_4k"], 4096),
            ("ChaCha20-Poly1305 decrypt 4 KiB", r["chachapoly_dec_4k"], 4096),
            ("ChaCha20-Poly1305 64-byte packet, 16 bytes of AAD", r["chachapoly_pkt64_aad16"],
             64),
            ("Poly1305 4 KiB", r["poly1305_4k"], 4096)]
    out.append(("Keccak-f[1600] (one permutation)", r["keccakf"], 0))
    for k, label in (("sha3_224", "SHA3-224"), ("sha3_256", "SHA3-256"),
                     ("sha3_384", "SHA3-384"), ("sha3_512", "SHA3-512"),
                     ("shake128", "SHAKE128 (32-byte output)"),
                     ("shake256", "SHAKE256 (64-byte output)")):
        out += [(f"{label}, empty message", r[f"{k}_0"], 0),
                (f"{label}, 64-byte message", r[f"{k}_64"], 64),
                (f"{label}, 1 KiB message", r[f"{k}_1k"], 1024)]
    return out


SOC_ROWS = [("aes128_init", "AES-128 key expansion, table", 0),
            ("aes128_enc_block", "AES-128 encrypt 1 block, table", 16),
            ("aes128_dec_block", "AES-128 decrypt 1 block, table", 16),
            ("aes128_ecb_enc_1k", "AES-128 ECB enc, 1 KiB", 1024),
            ("aes128_ctr_1k", "AES-128 CTR, 1 KiB", 1024),
            ("aes256_enc_block", "AES-256 encrypt 1 block, table", 16),
            ("aes128_ct_enc_block", "AES-128 encrypt 1 block, constant-time", 16),
            ("prince_enc_block", "PRINCE encrypt 1 block", 8),
            ("present80_enc_block", "PRESENT-80 encrypt 1 block", 8),
            ("chacha8_64", "ChaCha8 XOR 64 bytes", 64),
            ("chacha20_64", "ChaCha20 XOR 64 bytes", 64),
            ("keccakf", "Keccak-f[1600]", 0),
            ("sha3_512_64", "SHA3-512 of a 64-byte message", 64)]


# (key, label, bytes, unit bytes): the AEADs also per 16-byte block or per 64 bytes
SOC_AEAD_ROWS = [("gcm128_init", "AES-128-GCM key setup", 0, 0),
                 ("gcm128_enc_4k", "AES-128-GCM encrypt 4 KiB", 4096, 16),
                 ("gcm128_dec_4k", "AES-128-GCM decrypt 4 KiB", 4096, 16),
                 ("gcm128_pkt64_aad16", "AES-128-GCM 64-byte packet + 16 bytes AAD", 64, 0),
                 ("ghash_block", "GHASH one block", 16, 16),
                 ("ccm128_enc_4k", "AES-128-CCM encrypt 4 KiB", 4096, 16),
                 ("ccm128_dec_4k", "AES-128-CCM decrypt 4 KiB", 4096, 16),
                 ("ccm128_pkt64_aad16", "AES-128-CCM 64-byte packet + 16 bytes AAD", 64, 0),
                 ("chachapoly_enc_4k", "ChaCha20-Poly1305 encrypt 4 KiB", 4096, 64),
                 ("chachapoly_dec_4k", "ChaCha20-Poly1305 decrypt 4 KiB", 4096, 64),
                 ("chachapoly_pkt64_aad16", "ChaCha20-Poly1305 64-byte packet + 16 bytes AAD",
                  64, 0)]


def soc_table(path: Path) -> None:
    r = json.loads(path.read_text())
    print("| operation | cycles on the SoC | per byte |")
    print("|---|---:|---:|")
    for key, label, nb in SOC_ROWS:
        n = r[key]
        print(f"| {label} | {n:,} | {n / nb:.1f} |" if nb else f"| {label} | {n:,} | |")
    aead = path.with_name("soc_cycles_aead.json")
    if aead.exists():
        r = json.loads(aead.read_text())
        print()
        print("| AEAD operation | cycles on the SoC | per byte | per block (16 or 64 bytes) |")
        print("|---|---:|---:|---:|")
        for key, label, nb, unit in SOC_AEAD_ROWS:
            n = r[key]
            per_byte = f"{n / nb:.1f}" if nb else ""
            per_unit = f"{n * unit / nb:,.0f} / {unit} B" if unit else ""
            print(f"| {label} | {n:,} | {per_byte} | {per_unit} |")


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--soc":
        soc_table(ROOT / "build/crypto-perf/soc_cycles.json")
        return 0
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build/crypto-perf/perf.json"
    r = json.loads(path.read_text())
    print("| operation | instructions | per byte |")
    print("|---|---:|---:|")
    for label, n, nb in rows(r):
        print(f"| {label} | {n:,} | {n / nb:.1f} |" if nb else f"| {label} | {n:,} | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
