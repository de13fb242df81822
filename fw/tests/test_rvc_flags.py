# SPDX-License-Identifier: Apache-2.0
"""The compressed build's alignment flags: one list in fw/common.mk (RVC_ALIGN), used by every
FW_RVC=1 image, and the same in core/tests/coresim.py, which builds the core bench's programs
that docs/results/rvc.md times."""
from __future__ import annotations

import re
from pathlib import Path

from core.tests import coresim

ROOT = Path(__file__).resolve().parents[2]


def test_rvc_align_flags_agree() -> None:
    mk = (ROOT / "fw" / "common.mk").read_text()
    m = re.search(r"^RVC_ALIGN := (.*)$", mk, re.M)
    assert m, "fw/common.mk defines RVC_ALIGN"
    assert m.group(1).split() == coresim.RVC_ALIGN
    # only the compressed build takes them: the rv32im images keep their layout
    block = mk[mk.index("ifeq ($(FW_RVC),1)"):]
    assert "CFLAGS_RVC := $(RVC_ALIGN)" in block[:block.index("endif")]
