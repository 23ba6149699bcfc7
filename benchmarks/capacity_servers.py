"""The several-server side of the capacity benchmark (``bench_capacity --servers N --database
postgresql``): a fresh PostgreSQL schema per run, the servers' environment, which server each simulated
annotator uses, and the configurations' servers started (N on PostgreSQL, one on SQLite).

>>> spread(5, 2)
[0, 1, 0, 1, 0]
"""

from __future__ import annotations

import os
import secrets
import tempfile
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Optional
from urllib.parse import parse_qs, urlsplit

from annotation import AnnotationStore
from annotation.database import DATABASE_ENV, connect_postgres, where
from annotation.model import StoreError

from .bench_annotate import fill_sample
from .proc_cpu import postmasters

#: The environment variable the test suite's PostgreSQL URL is in: the default of ``--database-url``.
TEST_ENV = "ROUGE_LENS_TEST_DATABASE_URL"


def spread(k: int, servers: int) -> list[int]:
    """The server (0-based) each of ``k`` annotators uses: round-robin, so the servers' loads differ by
    at most one annotator.

    >>> spread(4, 2), spread(3, 1)
    ([0, 1, 0, 1], [0, 0, 0])
    """
    if servers < 1:
        raise ValueError(f"at least one server, not {servers}")
    return [i % servers for i in range(k)]


def database_url(given: Optional[str], env: Optional[dict[str, str]] = None) -> str:
    """The PostgreSQL URL to measure on: ``given``, else ``$ROUGE_LENS_TEST_DATABASE_URL``; a
    :class:`StoreError` saying what to pass when there is none or it is not a PostgreSQL URL.

    >>> database_url(None, {TEST_ENV: "postgresql://u@/db?host=/tmp/pg"})
    'postgresql://u@/db?host=/tmp/pg'
    >>> try:
    ...     database_url(None, {})
    ... except StoreError as e:
    ...     print(e)
    --database postgresql needs a server: --database-url postgresql://... or ROUGE_LENS_TEST_DATABASE_URL
    """
    url = (given if given is not None else (os.environ if env is None else env).get(TEST_ENV, "")).strip()
    if not url:
        raise StoreError(f"--database postgresql needs a server: --database-url postgresql://... or {TEST_ENV}")
    if where(url).kind != "postgresql":
        raise StoreError(f"--database-url: not a PostgreSQL URL ({where(url).shown})")
    return url


def schema_url(url: str, schema: str) -> str:
    """``url`` with its search path set to ``schema`` (libpq's ``options``), as tests/conftest.py does.

    >>> schema_url("postgresql://u@/db?host=/tmp/pg", "bench_1")
    'postgresql://u@/db?host=/tmp/pg&options=-csearch_path%3Dbench_1'
    >>> schema_url("postgresql://u@h/db", "bench_1")
    'postgresql://u@h/db?options=-csearch_path%3Dbench_1'
    """
    return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"


def socket_dir(url: str) -> Optional[str]:
    """The Unix socket directory ``url`` connects through (``host=/dir`` or a host that is a path), or None.

    >>> socket_dir("postgresql://postgres@/lens_dev?host=/tmp/devpg"), socket_dir("postgresql://u@db:5432/x")
    ('/tmp/devpg', None)
    """
    parts = urlsplit(url)
    hosts = parse_qs(parts.query).get("host", []) + [parts.hostname or ""]
    return next((h for h in hosts if h.startswith("/")), None)


def _admin(url: str, sql: str) -> None:
    """Run one statement on ``url`` and commit it; a :class:`StoreError` (password masked) on failure."""
    import psycopg

    target = where(url)
    conn = connect_postgres(target)
    try:
        conn.execute(sql)
        conn.commit()
    except psycopg.Error as error:
        raise StoreError(f"PostgreSQL at {target.shown}: {str(error).strip().splitlines()[0]}") from None
    finally:
        conn.close()


@contextmanager
def fresh_schema(url: str) -> Iterator[str]:
    """A URL of the database ``url`` names whose search path is a new, empty schema ``bench_<hex>``
    (so runs do not see each other's rows), dropped afterwards with everything in it."""
    from annotation import postgres

    name = f"bench_{secrets.token_hex(5)}"
    _admin(url, f"CREATE SCHEMA {name}")
    try:
        yield schema_url(url, name)
    finally:
        postgres.close_idle()  # this process's kept connections would hold the schema's tables
        _admin(url, f"DROP SCHEMA {name} CASCADE")


@contextmanager
def store_env(url: Optional[str]) -> Iterator[None]:
    """``ROUGE_LENS_DATABASE_URL`` set to ``url`` (None: unset, the data directory's SQLite file) while
    servers are started (they copy the environment), then as it was.

    >>> with store_env("postgresql://u@/db"):
    ...     os.environ[DATABASE_ENV]
    'postgresql://u@/db'
    """
    before = os.environ.get(DATABASE_ENV)
    if url is None:
        os.environ.pop(DATABASE_ENV, None)
    else:
        os.environ[DATABASE_ENV] = url
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(DATABASE_ENV, None)
        else:
            os.environ[DATABASE_ENV] = before


@dataclass
class Setup:
    """One configuration's running servers: their processes and URLs, the store's address (to count the
    rows) and the PostgreSQL server processes to charge (none for SQLite)."""

    label: str
    store: str
    procs: list[Any]
    urls: list[str]
    postmasters: list[int] = field(default_factory=list)


def store_sample(address: str) -> None:
    """The SummEval sample stored in the store at ``address`` as the Annotate page stores it."""
    from ui.widgets.corpus_input import read_source, sample_source

    loaded = read_source(sample_source("summeval"), "lines")
    with AnnotationStore(address) as s:
        s.add_corpus(loaded.corpus, loaded.source.name)


def start_sqlite(stack: ExitStack) -> Setup:
    """One server on an SQLite store in a new data directory, stopped (and removed) with ``stack``."""
    from tests.browser.conftest import start_server, stop_server

    data = Path(stack.enter_context(tempfile.TemporaryDirectory()))
    fill_sample(data, 0)  # the corpus the page loads, stored once for every annotator
    with store_env(None):  # a URL in this shell's environment must not send the SQLite run elsewhere
        proc, url = start_server(data)
    stack.callback(stop_server, proc)
    return Setup("1 server, SQLite", str(data / "annotations.sqlite3"), [proc], [url])


def start_postgres(stack: ExitStack, database: str, n: int) -> Setup:
    """``n`` servers, each with its own data directory, on a new schema of ``database``; the servers are
    stopped, then the schema dropped, with ``stack``."""
    from tests.browser.conftest import start_server, stop_server

    url = stack.enter_context(fresh_schema(database))
    store_sample(url)
    procs, urls = [], []
    for _ in range(n):
        data = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        with store_env(url):
            proc, address = start_server(data)
        stack.callback(stop_server, proc)
        procs.append(proc)
        urls.append(address)
    label = f"{n} server{'s' if n > 1 else ''}, PostgreSQL"
    return Setup(label, url, procs, urls, postmasters(socket_dir(database)))
