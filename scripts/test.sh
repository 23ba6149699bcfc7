#!/usr/bin/env bash
# Installs everything the test suite needs (Python packages, Debian's Chromium) and runs it all.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install -q -r requirements-dev.txt
if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
fi
# Gates (configured in pyproject.toml): ruff lint and format on everything, mypy (strict on
# rouge_core, checked on ui).
python3 -m ruff check .
python3 -m ruff format --check .
python3 -m mypy
set +e
python3 -m pytest "$@"
rc=$?
set -e
if [ "$rc" -eq 5 ]; then
  echo "pytest collected no tests: failing on purpose" >&2
  exit 1
fi
exit "$rc"
