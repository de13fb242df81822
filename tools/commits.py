# SPDX-License-Identifier: Apache-2.0
"""Check the shape of commit messages made since the rule was adopted.

The rule (CONTRIBUTING.md, "Commits"): a subject of at most 72 characters, `part: what to do`
in the imperative, no closing full stop; a blank line; a body that says why and what was
measured. Merge commits are not checked. Only commits after START are held to it: the history
before it is kept as it was written.

    python tools/commits.py [REV]    check START..REV (default HEAD); exit 1 on a broken rule
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START = "8206d4271488b9a50722dfe4b19051c540bf35a3"  # the last commit before the rule
MAX_SUBJECT = 72
SUBJECT = re.compile(r"^[a-z0-9][a-z0-9_./+-]*(, [a-z0-9][a-z0-9_./+-]*)*: [a-z0-9`]")
PAST = re.compile(r"^[^:]+: \w+(ed|ing)\b")


def problems(message: str) -> list[str]:
    """What is wrong with one commit message (empty when it follows the rule)."""
    lines = message.rstrip("\n").split("\n")
    subject = lines[0]
    out = []
    if len(subject) > MAX_SUBJECT:
        out.append(f"subject is {len(subject)} characters (at most {MAX_SUBJECT})")
    if not SUBJECT.match(subject):
        out.append("subject is not 'part: what to do' (lower-case part and verb)")
    elif PAST.match(subject) and not re.match(r"^[^:]+: (add|embed|feed|need|shed|speed)\b",
                                               subject):
        out.append("subject is not in the imperative ('add', not 'added' or 'adding')")
    if subject.endswith("."):
        out.append("subject ends with a full stop")
    if len(lines) < 3 or lines[1].strip() or not any(x.strip() for x in lines[2:]):
        out.append("no body after a blank line (say why, and what was measured)")
    return out


def check(rev: str = "HEAD", root: Path = ROOT) -> tuple[list[str], str]:
    """(errors, note): errors name each commit that breaks the rule; note says what was skipped."""
    def git(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True)
    if git("rev-parse", "--is-shallow-repository").stdout.strip() == "true" \
            or git("cat-file", "-e", START + "^{commit}").returncode:
        return [], f"commits: {START[:12]} is not in this clone (shallow?): not checked"
    out = git("log", "--no-merges", "--format=%H%x00%B%x01", f"{START}..{rev}")
    if out.returncode:
        return [f"git log failed: {out.stderr.strip()}"], ""
    errors = []
    count = 0
    for entry in out.stdout.split("\x01"):
        if not entry.strip():
            continue
        sha, _, message = entry.strip("\n").partition("\x00")
        count += 1
        for p in problems(message):
            errors.append(f"{sha[:12]} {message.splitlines()[0][:60]!r}: {p}")
    return errors, f"commits: {count} checked since {START[:12]}"


def main(argv: list[str]) -> int:
    errors, note = check(*(argv[:1] or ["HEAD"]))
    print(note)
    for e in errors:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
