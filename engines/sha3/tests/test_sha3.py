# SPDX-License-Identifier: Apache-2.0
"""pytest entry points of the SHA-3 engine: model self-check and the cocotb bench."""
from __future__ import annotations

from engines.sha3.model import sha3_model as model
from sim.cocotb_run import run

SOURCES = ["engines/sha3/rtl/sources.f"]
SMOKE = ["test_smoke", "test_errors", "test_xof", "test_zeroize_reset"]


def test_model_against_cavp() -> None:
    """The model (hashlib, packing, Monte Carlo loops) against every CAVP record it is used for."""
    for mode in model.MODES:
        kinds = ["ShortMsg", "LongMsg"] + (["VariableOut"] if mode.startswith("SHAKE") else [])
        for kind in kinds:
            header, records = model.parse_rsp(model.rsp_path(mode, kind))
            assert records
            for r in records:
                msg = bytes.fromhex(r["Msg"])[:int(r.get("Len", len(r["Msg"]) * 4)) // 8]
                assert model.unpack([(w, n) for w, n, _ in model.pack(msg)]) == msg
                if "MD" in r:
                    assert model.digest(mode, msg).hex() == r["MD"]
                else:
                    n = int(r.get("Outputlen", header.get("Outputlen", "0"))) // 8
                    assert model.digest(mode, msg, n).hex() == r["Output"]
        header, records = model.parse_rsp(model.rsp_path(mode, "Monte"))
        if mode.startswith("SHA3"):
            got = model.sha3_monte(bytes.fromhex(header["Seed"]),
                                   lambda m, n: model.digest(mode, m), len(records))
            assert [g.hex() for g in got] == [r["MD"] for r in records]
        else:
            got = model.shake_monte(bytes.fromhex(header["Msg"]),
                                    lambda m, n: model.digest(mode, m, n),
                                    int(header["Minimum Output Length (bits)"]),
                                    int(header["Maximum Output Length (bits)"]), len(records))
            assert [(n, g.hex()) for n, g in got] == [(int(r["Outputlen"]), r["Output"])
                                                     for r in records]


def test_sha3_verilator() -> None:
    run("sha3", "sha3_top", SOURCES, "engines.sha3.tests.sha3_tb", sim="verilator")


def test_sha3_icarus_smoke() -> None:
    run("sha3", "sha3_top", SOURCES, "engines.sha3.tests.sha3_tb", sim="icarus", testcase=SMOKE)
