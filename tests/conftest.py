"""The databases the annotation store's tests run on: ``database`` is an SQLite file, then a PostgreSQL
schema of its own on the test server scripts/test.sh starts (``ROUGE_LENS_TEST_DATABASE_URL``; skipped
without one); ``pg_url`` is the PostgreSQL one alone. The store's behaviour must be the same on both
(issue 19, point 5)."""

from __future__ import annotations

import os
import secrets
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

# The suite's own processes compile a kernel group when they first need it, as they always have: a
# background build (rouge_core.kernels.background) would make their first calls pure Python, the same
# numbers but a compiled-path test skipped. tests/unit/test_kernels_background.py tests that build.
os.environ.setdefault("ROUGE_LENS_COMPILE", "foreground")

#: Set by scripts/test.sh (scripts/postgres.sh): an empty database on a throwaway local server.
TEST_URL = os.environ.get("ROUGE_LENS_TEST_DATABASE_URL", "")


@contextmanager
def pg_schema() -> Iterator[str]:
    """A URL of the test database whose search path is a new schema (dropped after), so each test
    starts from an empty store and tests running at once do not meet."""
    if not TEST_URL:
        pytest.skip("no test PostgreSQL: run scripts/test.sh (it starts one)")
    import psycopg

    from annotation import postgres

    name = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(TEST_URL, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {name}")
    joiner = "&" if "?" in TEST_URL else "?"
    try:
        yield f"{TEST_URL}{joiner}options=-csearch_path%3D{name}"
    finally:
        postgres.close_idle()
        with psycopg.connect(TEST_URL, autocommit=True) as admin:
            admin.execute(f"DROP SCHEMA {name} CASCADE")


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A new, empty store's address: an SQLite file, or a PostgreSQL URL (:func:`pg_schema`)."""
    if request.param == "sqlite":
        yield str(tmp_path / "store.sqlite3")
        return
    with pg_schema() as url:
        yield url


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A new, empty store on the test PostgreSQL (:func:`pg_schema`)."""
    with pg_schema() as url:
        yield url
