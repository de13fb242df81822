# SPDX-License-Identifier: Apache-2.0
"""Verilator -Wall lint of every RTL part.

Each part lists its RTL in <part>/rtl/sources.f; its first line after the SPDX licence line
names the top module as `// top: <module>`. A part that is linted with parameters lists extra lines `// lint: -GNAME=V`,
one configuration per line (each is linted separately).
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def lint_configs(filelist: Path) -> tuple[str, list[list[str]]]:
    lines = filelist.read_text().splitlines()
    if lines and lines[0].startswith("// SPDX-License-Identifier:"):
        lines = lines[1:]
    if not lines or not lines[0].startswith("// top:"):
        raise SystemExit(f"lint: {filelist} must start with '// top: <module>'")
    top = lines[0].split(":", 1)[1].strip()
    configs = [line.split(":", 1)[1].split() for line in lines if line.startswith("// lint:")]
    return top, configs or [[]]


def main() -> int:
    failures = 0
    for filelist in sorted(ROOT.glob("**/rtl/sources.f")):
        if ".venv" in filelist.parts or "build" in filelist.parts:
            continue
        top, configs = lint_configs(filelist)
        for extra in configs:
            cmd = ["verilator", "--lint-only", "-Wall", f"-I{ROOT / 'build' / 'gen'}",
                   "-f", str(filelist.relative_to(ROOT)), "--top-module", top, *extra]
            res = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
            status = "clean" if res.returncode == 0 else "FAILED"
            print(f"lint {top} {' '.join(extra)}: {status}")
            if res.returncode:
                failures += 1
                print(res.stderr)
    print(f"lint: {failures} failing configuration(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
