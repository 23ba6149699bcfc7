"""ROUGE-1.5.5's data directory (``-e DIR``): the WordNet exception DB behind ``-m``, read without a DB library.

ROUGE-1.5.5.pl opens two files in its data directory, whatever the options:
``DIR/smart_common_words.txt`` (the ``-s`` stopwords; missing: the script stops with
``Cannot open DIR/smart_common_words.txt``) and ``DIR/WordNet-2.0.exc.db``, a Berkeley DB
hash file tied with Perl's ``DB_File`` (missing, or not a hash DB: ``Cannot open exception db
file for reading: DIR/WordNet-2.0.exc.db``). ``-m`` replaces a token of 4+ characters by its
DB value if it is a key, else stems it with Porter. The DB is built by
``WordNet-2.0-Exceptions/buildExeptionDB.pl`` from ``adj.exc adv.exc noun.exc verb.exc``
(lines ``inflected base ...``: key = first field, value = second, a later line wins); the
common install recipe builds it from no file at all, so most installs hold **0 keys** and
``-m`` is Porter alone. :meth:`DataDirectory.exception_map` tells which map ``-m`` must use:

* the DB's own keys and values when the file can be read (no key at all: Porter alone);
* a Berkeley DB hash this module cannot read: the map built from the ``.exc`` files of the
  directory (``DIR/WordNet-2.0-Exceptions/*.exc``, else ``DIR/*.exc``; files in name order,
  later lines win), else rouge_core's pinned WordNet 2.0 map, with a warning saying so.

Format facts relied on (the Berkeley DB hash access method as libdb writes it; checked on
files made by Perl's ``DB_File`` with libdb 5.3, format version 9; all integers in the byte
order of the machine that wrote the file, which the magic number reveals):

* The file is a sequence of pages of ``pagesize`` bytes; page 0 is the hash metadata page:
  offset 12 magic ``0x00061561`` (u32), 16 version (u32; 9 for libdb 4.6 to 5.3, 8 before
  with unsorted pages, 10 after), 20 pagesize (u32, a power of two from 512 to 65536), 24 encryption
  algorithm (u8, 0 = none), 25 page type (u8, 8 = hash metadata), 26 meta flags (u8, bit 0 =
  page checksums), 32 last page number (u32), 48 flags (u32: 0x01 duplicates, 0x02
  sub-databases), 72 max_bucket (u32), 76 high_mask, 80 low_mask, 84 fill factor, 88 nelem
  (u32, keys counted by libdb; not relied on), 92 h_charkey (u32, the hash function's check
  value), 96 spares (32 x u32).
* Bucket ``b`` (0 to max_bucket) starts on page ``b + spares[ceil(log2(b + 1))]``; further
  pages of the same bucket follow through ``next_pgno``. A bucket page that was never written
  (all zeros, type 0) or lies past the end of the file is an empty bucket.
* Every other page starts with a 26-byte header: 0 LSN (8 bytes), 8 pgno (u32), 12 prev_pgno,
  16 next_pgno (u32, 0 = none), 20 entries (u16), 22 hf_offset (u16), 24 level (u8), 25 type
  (u8: 13 = hash page, 2 = unsorted hash page of libdb before 4.6, 7 = overflow page).
* A hash page holds ``entries`` u16 item offsets right after its header; item ``i`` runs from
  its offset to the offset of item ``i - 1`` (the end of the page for item 0). Items alternate
  key, data. An item's first byte is its type: 1 = the bytes follow; 3 = stored off-page
  (3 pad bytes, u32 first overflow page, u32 total length), on overflow pages whose
  ``hf_offset`` bytes after the header are data, chained through ``next_pgno``; 2, 4
  (duplicates) and 5 (external files) are not read here.
* The empty DB of the install recipe is 12,288 bytes: the metadata page (max_bucket 1,
  spares 1, 1), page 1 never written (zeros) and page 2 a hash page with 0 entries.

Not read (a warning names the map used instead): Berkeley DB 1.85/1.86 hash files (magic at
offset 0), encrypted or checksummed files, other versions, duplicate items. A file with no
Berkeley DB hash magic (a B-tree, text, a truncated metadata page) stops the run with the
script's own message, as ROUGE-1.5.5.pl stops on it.
"""

from __future__ import annotations

import os
import re
import struct
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Optional

from ..text.stem import wordnet_exceptions
from .perl_inputs import MAX_CONFIG_BYTES, FileTooLarge, UsageError, read_bytes, read_text, shown

__all__ = [
    "DB_NAME",
    "STOPWORDS_NAME",
    "EXC_SUBDIR",
    "UnreadableDatabase",
    "NotAHashDatabase",
    "read_hash_database",
    "read_exc_files",
    "find_exc_files",
    "ExceptionMap",
    "DataDirectory",
    "open_data_directory",
]

DB_NAME = "WordNet-2.0.exc.db"
STOPWORDS_NAME = "smart_common_words.txt"
#: Where ROUGE-1.5.5 keeps the WordNet sources of the DB, inside its data directory.
EXC_SUBDIR = "WordNet-2.0-Exceptions"
#: Largest exception DB read (the full WordNet 2.0 DB is 294,912 bytes).
MAX_DB_BYTES = 64 * 1024 * 1024

_HASH_MAGIC = 0x00061561
_HASH_VERSIONS = (8, 9, 10)
_P_HASHMETA, _P_HASH_UNSORTED, _P_HASH, _P_OVERFLOW = 8, 2, 13, 7
_H_KEYDATA, _H_OFFPAGE = 1, 3
_PAGE_HEADER = 26
_WS = re.compile(r"[ \t\n\r\f\v]+")


class UnreadableDatabase(ValueError):
    """A Berkeley DB hash file this module does not read (the message says why)."""


class NotAHashDatabase(ValueError):
    """No Berkeley DB hash file at all: ROUGE-1.5.5.pl cannot tie it either."""


def _ceil_log2(n: int) -> int:
    i = 0
    while (1 << i) < n:
        i += 1
    return i


def read_hash_database(data: bytes) -> dict[bytes, bytes]:
    """Every key and value of a Berkeley DB hash file (see the module docstring for the format).

    Raises :class:`NotAHashDatabase` for a file that is no hash DB, :class:`UnreadableDatabase`
    for one this reader does not handle.

    >>> read_hash_database(b"not a database" * 100)
    Traceback (most recent call last):
    ...
    rouge_core.io.exception_db.NotAHashDatabase: not a Berkeley DB hash file
    """
    if len(data) >= 8 and _HASH_MAGIC in (struct.unpack_from("<I", data)[0], struct.unpack_from(">I", data)[0]):
        raise UnreadableDatabase("a Berkeley DB 1.85 hash file, a format rouge_core does not read")
    if len(data) < 512:
        raise NotAHashDatabase("not a Berkeley DB hash file" if len(data) < 16 else "a truncated metadata page")
    order = next((o for o in "<>" if struct.unpack_from(o + "I", data, 12)[0] == _HASH_MAGIC), None)
    if order is None:
        raise NotAHashDatabase("not a Berkeley DB hash file")
    u32 = struct.Struct(order + "I").unpack_from
    version, pagesize = u32(data, 16)[0], u32(data, 20)[0]
    if data[25] != _P_HASHMETA or pagesize not in [1 << k for k in range(9, 17)]:
        raise NotAHashDatabase("not a Berkeley DB hash file")
    if len(data) < pagesize:
        raise NotAHashDatabase("a truncated metadata page")
    if version not in _HASH_VERSIONS:
        raise UnreadableDatabase(f"hash format version {version}, rouge_core reads versions 8 to 10")
    if data[24] or data[26] & 1:
        raise UnreadableDatabase("an encrypted or checksummed DB")
    if u32(data, 48)[0] & 0x03:
        raise UnreadableDatabase("a DB with duplicate keys or sub-databases")
    max_bucket = u32(data, 72)[0]
    spares = struct.unpack_from(order + "32I", data, 96)
    n_pages = len(data) // pagesize
    header = struct.Struct(order + "8xIIIHHBB")

    def page(pgno: int) -> tuple[bytes, tuple[int, ...]]:
        p = data[pgno * pagesize : (pgno + 1) * pagesize]
        return p, header.unpack_from(p)  # pgno, prev, next, entries, hf_offset, level, type

    def overflow(pgno: int, total: int) -> bytes:
        out, seen = bytearray(), set()
        while len(out) < total:
            if pgno == 0 or pgno >= n_pages or pgno in seen:
                raise UnreadableDatabase(f"a broken overflow chain at page {pgno}")
            seen.add(pgno)
            p, (own, _, nxt, _, length, _, kind) = page(pgno)
            if kind != _P_OVERFLOW or own != pgno or _PAGE_HEADER + length > pagesize:
                raise UnreadableDatabase(f"page {pgno} is not an overflow page")
            out += p[_PAGE_HEADER : _PAGE_HEADER + length]
            pgno = nxt
        if len(out) != total:
            raise UnreadableDatabase("an overflow item longer than its length")
        return bytes(out)

    def item(p: bytes, start: int, end: int, pgno: int) -> bytes:
        kind = p[start]
        if kind == _H_KEYDATA:
            return p[start + 1 : end]
        if kind == _H_OFFPAGE and end - start == 12:
            first, total = struct.unpack_from(order + "II", p, start + 4)
            return overflow(first, total)
        raise UnreadableDatabase(f"an item of type {kind} on page {pgno} (duplicates are not read)")

    table: dict[bytes, bytes] = {}
    visited: set[int] = set()
    for bucket in range(max_bucket + 1):
        pgno = bucket + spares[_ceil_log2(bucket + 1)]
        if pgno >= n_pages:  # bucket pages grow with the bucket number: the rest were never written
            break
        while pgno:
            if pgno >= n_pages:
                break
            if pgno in visited:
                raise UnreadableDatabase(f"page {pgno} is reached twice")
            visited.add(pgno)
            p, (own, _, nxt, entries, _, _, kind) = page(pgno)
            if kind == 0 and not any(p):
                break  # a bucket page never written: empty
            if kind not in (_P_HASH, _P_HASH_UNSORTED) or own != pgno or entries % 2:
                raise UnreadableDatabase(f"page {pgno} (bucket {bucket}) is not a hash page")
            offsets = struct.unpack_from(f"{order}{entries}H", p, _PAGE_HEADER)
            end, values = pagesize, []
            for off in offsets:
                if not _PAGE_HEADER + 2 * entries <= off < end:
                    raise UnreadableDatabase(f"a bad item offset on page {pgno}")
                values.append(item(p, off, end, pgno))
                end = off
            table.update(zip(values[0::2], values[1::2]))
            pgno = nxt
    return table


def read_exc_files(paths: list[str]) -> dict[str, str]:
    """The map ``buildExeptionDB.pl`` builds from WordNet ``.exc`` files, read in the order given.

    Per line: fields split on whitespace (a leading blank gives an empty first field, as Perl's
    ``split``); key = first field, value = second (empty if none); a later line wins.
    """
    table: dict[str, str] = {}
    for path in paths:
        text = read_text(path, MAX_CONFIG_BYTES, "a WordNet exception file")
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        for line in lines:
            fields = _WS.split(line)
            while fields and fields[-1] == "":
                fields.pop()
            table[fields[0] if fields else ""] = fields[1] if len(fields) > 1 else ""
    return table


def find_exc_files(directory: str) -> list[str]:
    """The ``*.exc`` files of ``DIR/WordNet-2.0-Exceptions`` (else of ``DIR``), in name order."""
    for where in (os.path.join(directory, EXC_SUBDIR), directory):
        try:
            names = sorted(os.listdir(where))
        except OSError:
            continue
        paths = [os.path.join(where, n) for n in names if n.endswith(".exc")]
        paths = [p for p in paths if os.path.isfile(p)]
        if paths:
            return paths
    return []


@dataclass(frozen=True)
class ExceptionMap:
    """The exception map ``-m`` uses for a data directory.

    ``table`` is None for Porter alone (a DB without keys); ``warning`` is set when the map is
    not exactly the DB's content (the DB could not be read).
    """

    table: Optional[Mapping[str, str]]
    source: str
    warning: Optional[str] = None


@dataclass(frozen=True)
class DataDirectory:
    """A ROUGE-1.5.5 data directory that passed the script's checks (both files present).

    ``db_table`` holds the DB's keys and values, or is None with ``db_problem`` saying why
    the DB could not be read.
    """

    path: str
    stopwords_path: str
    db_path: str
    stopwords: tuple[str, ...]  # the lines of the stopword file, as Perl reads them
    db_table: Optional[Mapping[bytes, bytes]]
    db_problem: Optional[str] = None

    def exception_map(self) -> ExceptionMap:
        """The map ``-m`` stems with: the DB's, else (unreadable DB) the ``.exc`` files' or the pinned one."""
        if self.db_table is not None:
            if not self.db_table:
                return ExceptionMap(None, f"{self.db_path} (0 keys: Porter alone)")
            table = {
                k.decode("utf-8", "surrogateescape"): v.decode("utf-8", "surrogateescape")
                for k, v in self.db_table.items()
            }
            return ExceptionMap(MappingProxyType(table), f"{self.db_path} ({len(table):,} keys)")
        head = f"-m: cannot read {shown(self.db_path)} ({self.db_problem}); "
        tail = "; --no-stem-exceptions reproduces an empty DB"
        files = find_exc_files(self.path)
        if files:
            table = read_exc_files(files)
            where = shown(os.path.dirname(files[0]))
            names = ", ".join(shown(os.path.basename(f), 40) for f in files[:8]) + (", ..." if len(files) > 8 else "")
            return ExceptionMap(
                MappingProxyType(table),
                f"{where}/*.exc",
                head + f"using the map built from {names} in {where} ({len(table):,} keys, later files win)" + tail,
            )
        return ExceptionMap(
            wordnet_exceptions(),
            "rouge_core's pinned WordNet 2.0 map",
            head + "using rouge_core's pinned WordNet 2.0 map" + tail,
        )

    def stopword_difference(self, ours: frozenset[str]) -> Optional[str]:
        """None if the stopword file removes the same tokens as ``ours``, else a one-line description.

        Only entries that can equal a ROUGE-1.5.5 token count (``[a-z0-9]+``; Perl keeps a
        ``\\r`` at the end of a line, so such an entry never matches).
        """

        def usable(words: Iterable[str]) -> set[str]:
            return {w for w in words if re.fullmatch("[a-z0-9]+", w)}

        theirs, mine = usable(self.stopwords), usable(ours)
        if theirs == mine:
            return None
        return (
            f"{len(theirs - mine):,} words only in {shown(self.stopwords_path)}, "
            f"{len(mine - theirs):,} only in rouge_core's list"
        )


def _read_db(path: str) -> Optional[bytes]:
    """The DB file's bytes (None above :data:`MAX_DB_BYTES`); Perl's message if it is missing or no file."""
    try:
        return read_bytes(
            path, MAX_DB_BYTES, "the exception DB", prefix=f"Cannot open exception db file for reading: {shown(path)}"
        )
    except FileTooLarge:
        return None


def open_data_directory(directory: str) -> DataDirectory:
    """ROUGE-1.5.5.pl's checks of ``-e DIR``, with its messages (raised as :class:`UsageError`, or
    :class:`~rouge_core.io.perl_inputs.InputError` for a file that cannot be read).

    The paths are ``DIR/smart_common_words.txt`` and ``DIR/WordNet-2.0.exc.db`` joined as the
    script joins them; both files must exist (with or without ``-m``/``-s``), and a DB file that
    is no Berkeley DB hash file stops the run as it stops the script.

    >>> open_data_directory("/nonexistent")
    Traceback (most recent call last):
    ...
    rouge_core.io.perl_inputs.InputError: Cannot open /nonexistent/smart_common_words.txt: No such file or directory
    """
    stop_path, db_path = f"{directory}/{STOPWORDS_NAME}", f"{directory}/{DB_NAME}"
    lines = read_text(stop_path, MAX_CONFIG_BYTES, "a stopword list").split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # Perl reads no line after the last newline
    data = _read_db(db_path)
    if data is None:
        return DataDirectory(directory, stop_path, db_path, tuple(lines), None, f"larger than {MAX_DB_BYTES:,} bytes")
    try:
        table = read_hash_database(data)
    except NotAHashDatabase as e:
        raise UsageError(f"Cannot open exception db file for reading: {shown(db_path)} ({e})") from None
    except UnreadableDatabase as e:  # a hash DB the script may well read: -m says which map it uses
        return DataDirectory(directory, stop_path, db_path, tuple(lines), None, str(e))
    return DataDirectory(directory, stop_path, db_path, tuple(lines), MappingProxyType(table))
