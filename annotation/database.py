"""Which database the annotation store lives in: ``ROUGE_LENS_DATABASE_URL``, read once, checked.

SQLite in the data directory is the embedded default; ``sqlite:///relative/file`` or
``sqlite:////absolute/file`` (as SQLAlchemy writes them) names another file. A ``postgresql://`` URL
names a PostgreSQL server that several app servers share (issue 19, point 5; the driver is psycopg 3,
imported only then). A bad URL, or a server that cannot be reached, is a
:class:`~annotation.model.StoreError` whose message names the server without its password.

>>> where("").kind, where("sqlite:////data/a.sqlite3").path, where("sqlite:///a.sqlite3").path
('sqlite', '/data/a.sqlite3', 'a.sqlite3')
>>> w = where("postgresql://ann:pw@db.example.org:5432/lens")
>>> w.kind, w.shown
('postgresql', 'postgresql://ann:***@db.example.org:5432/lens')
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Literal, Optional
from urllib.parse import urlsplit, urlunsplit

from .model import StoreError

#: The environment variable that names the store's database (unset or empty: SQLite in the data directory).
DATABASE_ENV = "ROUGE_LENS_DATABASE_URL"
#: Seconds a connection attempt to PostgreSQL waits before the app says the server cannot be reached.
CONNECT_TIMEOUT = 10


@dataclass(frozen=True)
class Where:
    """A database: ``kind`` ``sqlite`` with its file ``path`` (None: the data directory's default file), or
    ``postgresql`` with its ``url``; ``shown`` is the URL with any password masked, for messages."""

    kind: Literal["sqlite", "postgresql"]
    path: Optional[str] = None
    url: str = ""
    shown: str = ""


def _masked(url: str) -> str:
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username or ''}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


def where(url: Optional[str] = None) -> Where:
    """The database ``url`` names (default: ``$ROUGE_LENS_DATABASE_URL``); refuses what it cannot use.

    >>> try:
    ...     where("mysql://x/y")
    ... except StoreError as e:
    ...     print(e)
    ROUGE_LENS_DATABASE_URL: 'mysql' is not a database the store supports (sqlite:///FILE or postgresql://...)
    """
    text = (os.environ.get(DATABASE_ENV, "") if url is None else url).strip()
    if not text:
        return Where("sqlite")
    try:
        parts = urlsplit(text)
        scheme = parts.scheme.lower()
        parts.port  # noqa: B018  (a bad port raises here)
    except ValueError as error:
        raise StoreError(f"{DATABASE_ENV}: not a URL ({error})") from None
    if scheme == "sqlite":
        path = parts.path[1:] if parts.path.startswith("/") and not parts.netloc else ""
        if not path:
            raise StoreError(f"{DATABASE_ENV}: sqlite URLs name a file, as sqlite:///path/to/annotations.sqlite3")
        return Where("sqlite", path=path, url=text, shown=text)
    if scheme in ("postgresql", "postgres"):
        if not parts.path.strip("/"):
            raise StoreError(f"{DATABASE_ENV}: the PostgreSQL URL names no database ({_masked(text)})")
        return Where("postgresql", url=text, shown=_masked(text))
    raise StoreError(
        f"{DATABASE_ENV}: {scheme or text[:20]!r} is not a database the store supports "
        "(sqlite:///FILE or postgresql://...)"
    )


def connect_postgres(target: Where) -> Any:
    """An open psycopg connection to ``target`` (autocommit off); a :class:`StoreError` naming the server
    (password masked) when the driver is missing or the server cannot be reached."""
    if target.kind != "postgresql":
        raise StoreError(f"not a PostgreSQL database: {target.shown or target.kind}")
    try:
        import psycopg
    except ImportError:
        raise StoreError("PostgreSQL needs the psycopg package: pip install 'psycopg[binary]'") from None
    try:
        return psycopg.connect(target.url, connect_timeout=CONNECT_TIMEOUT)
    except psycopg.Error as error:
        reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise StoreError(f"cannot reach PostgreSQL at {target.shown}: {reason}") from None
