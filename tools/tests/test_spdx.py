# SPDX-License-Identifier: Apache-2.0
"""Every tracked source file names its licence (tools/spdx.py)."""
from __future__ import annotations

from tools import spdx


def test_every_source_file_has_the_spdx_line() -> None:
    files = spdx.tracked()
    assert len(files) > 300  # the whole tree was listed, not an empty selection
    missing = [f for f in files if not spdx.has_line((spdx.ROOT / f).read_text())]
    assert not missing, "no SPDX line: " + ", ".join(missing)


def test_line_goes_after_a_shebang() -> None:
    text = spdx.add_line("#!/bin/sh\necho\n", spdx.HASH)
    assert text == "#!/bin/sh\n# SPDX-License-Identifier: Apache-2.0\necho\n"
    assert spdx.has_line(text)
    assert not spdx.has_line("#!/bin/sh\necho\n# SPDX-License-Identifier: Apache-2.0\n")
    assert spdx.style("fw/runtime/crt0.S") == spdx.BLOCK
    assert spdx.style("docs/memmap.md") is None
