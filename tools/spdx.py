# SPDX-License-Identifier: Apache-2.0
"""Check (or add) the SPDX licence line of every tracked source file.

Every source file names its licence on its first line (after a `#!` line): the comment syntax
follows the file's kind. Data and prose (JSON, Markdown, requirements.txt, .gitignore) carry
none: the LICENSE file at the root covers them.

    python tools/spdx.py          list the source files without the line (exit 1 if any)
    python tools/spdx.py --fix    add the line where it is missing
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LICENSE = "Apache-2.0"
TAG = "SPDX-License-Identifier:"

# comment syntax by file ending (or whole name): (opening, closing)
SLASH = ("// ", "")
HASH = ("# ", "")
BLOCK = ("/* ", " */")
STYLES = {".v": SLASH, ".vh": SLASH, ".sv": SLASH, ".c": SLASH, ".h": SLASH, ".cpp": SLASH,
          ".f": SLASH, ".S": BLOCK, ".ld": BLOCK, ".py": HASH, ".sh": HASH, ".mk": HASH,
          ".toml": HASH, ".sby": HASH, "Makefile": HASH, "run": HASH}


def style(path: str) -> tuple[str, str] | None:
    """The comment syntax of a source file, or None for a file that carries no licence line."""
    name = Path(path).name
    if name in STYLES:
        return STYLES[name] if name != "run" or path == ".ci/run" else None
    return STYLES.get(Path(path).suffix)


def tracked(root: Path = ROOT) -> list[str]:
    out = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True,
                         check=True).stdout
    return [p for p in out.splitlines() if style(p) and (root / p).is_file()]


def has_line(text: str) -> bool:
    lines = text.splitlines()
    head = lines[1:2] if lines[:1] and lines[0].startswith("#!") else lines[:1]
    return bool(head) and TAG + " " + LICENSE in head[0]


def add_line(text: str, syntax: tuple[str, str]) -> str:
    line = f"{syntax[0]}{TAG} {LICENSE}{syntax[1]}\n"
    if text.startswith("#!"):
        first, _, rest = text.partition("\n")
        return first + "\n" + line + rest
    return line + text


def main(argv: list[str]) -> int:
    fix = argv == ["--fix"]
    if argv and not fix:
        print("usage: spdx.py [--fix]", file=sys.stderr)
        return 2
    missing = []
    for rel in tracked():
        path = ROOT / rel
        text = path.read_text()
        if has_line(text):
            continue
        if fix:
            path.write_text(add_line(text, style(rel)))
        else:
            missing.append(rel)
    for rel in missing:
        print(f"{rel}: no '{TAG} {LICENSE}' line at the top")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
