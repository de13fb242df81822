#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs what Cipher-V needs on a fresh machine of the project's kind, and nothing when it is
# already there: the Debian cross toolchain and tools, then a Python virtual environment pinned by
# requirements.txt. Idempotent; called by every Makefile target that needs a tool.
#
# `tools/setup.sh litex` adds what only the LiteX demo needs (make litex-demo, ip/litex): the
# Debian libraries LiteX's Verilator simulation links (libevent, json-c, zlib) and the Python
# packages pinned in ip/litex/requirements.txt, installed into the same .venv.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf device-tree-compiler
              iverilog g++ make liblz4-dev)
LITEX_APT_PACKAGES=(libevent-dev libjson-c-dev zlib1g-dev)

apt_install() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
      || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing Debian packages: ${missing[*]}"
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

apt_install "${APT_PACKAGES[@]}"

# The venv is rebuilt when requirements.txt changes (the stamp holds its hash).
stamp=.venv/.requirements.sha256
want=$(sha256sum requirements.txt | cut -d' ' -f1)
if [ ! -x .venv/bin/python ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "setup: creating the Python environment (.venv) from requirements.txt"
  python3 -m venv .venv
  .venv/bin/pip install -q --upgrade pip
  .venv/bin/pip install -q -r requirements.txt
  echo "$want" > "$stamp"
fi

if [ "${1:-}" = "litex" ]; then
  apt_install "${LITEX_APT_PACKAGES[@]}"
  stamp=.venv/.requirements-litex.sha256
  want=$(sha256sum ip/litex/requirements.txt | cut -d' ' -f1)
  if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    echo "setup: installing the LiteX demo's packages (ip/litex/requirements.txt)"
    .venv/bin/pip install -q -r ip/litex/requirements.txt
    echo "$want" > "$stamp"
  fi
fi
