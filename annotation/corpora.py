"""Corpora and their items in the annotation store: a read :class:`~rouge_core.io.readers.Corpus` is
stored once (by the hash of its documents) and its documents become items, in input order."""

from __future__ import annotations

import hashlib
import json
from types import MappingProxyType
from typing import Any, Optional, Union

from rouge_core.io.readers.model import Corpus

from .connection import StoreConnection
from .db import Db, new_id
from .model import CorpusInfo, Item, StoreError, clean_name, now

_ITEM_COLUMNS = (
    "id, corpus_id, position, doc_id, system, candidate_json, references_json, source_text, meta_json, origin"
)
_CORPUS_COLUMNS = (
    "c.id, c.name, c.content_hash, c.format, c.sentences, c.created_at, "
    "(SELECT COUNT(*) FROM items i WHERE i.corpus_id = c.id)"
)


def content_hash(corpus: Corpus) -> str:
    """SHA-256 of a corpus's documents (IDs, systems, sentences, references, sources, other fields):
    the same documents give the same hash whatever the file was called or its format.

    >>> from rouge_core.io.readers import read_corpus
    >>> a = read_corpus(b'{"id": "1", "candidate": "a b", "reference": "a c"}', "a.jsonl")
    >>> b = read_corpus(b'{"reference": "a c", "candidate": "a b", "id": "1"}', "b.jsonl")
    >>> content_hash(a) == content_hash(b), len(content_hash(a))
    (True, 64)
    """
    digest = hashlib.sha256()
    for d in corpus.documents:
        record = [d.doc_id, d.system, d.candidate, d.references, d.source, dict(d.meta)]
        digest.update(_json(record).encode("utf-8"))
        digest.update(b"\n")
    return digest.hexdigest()


class CorporaMixin(StoreConnection):
    """add_corpus, corpora, corpus, items, item."""

    def add_corpus(self, corpus: Corpus, name: Optional[str] = None) -> int:
        """Store a corpus and its documents as items; its id. Adding the same documents again returns
        the stored corpus's id (under its first name). ``name`` defaults to the corpus's file name; a
        name already used by different documents is refused.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> c = read_corpus(b'{"id": "d1", "system": "A", "candidate": "a b", "reference": "a c"}', "x.jsonl")
        >>> with AnnotationStore(":memory:") as s:
        ...     first = s.add_corpus(c, "news")
        ...     first == s.add_corpus(c, "again"), [i.candidate_text for i in s.items(first)]
        (True, ['a b'])
        """
        label = clean_name(corpus.name if name is None else name, "corpus name")
        digest = content_hash(corpus)
        with self.snapshot() as conn:  # stored already: found without the write lock (a read-only file works)
            row = conn.execute("SELECT id FROM corpora WHERE content_hash = ?", (digest,)).fetchone()
        if row is not None:
            return int(row[0])
        with self.transaction() as conn:  # looked up again: another writer may have stored it meanwhile
            row = conn.execute("SELECT id FROM corpora WHERE content_hash = ?", (digest,)).fetchone()
            if row is not None:
                return int(row[0])
            if not corpus.documents:
                raise StoreError(f"corpus {label!r}: no documents to store")
            if conn.execute("SELECT 1 FROM corpora WHERE name = ?", (label,)).fetchone() is not None:
                raise StoreError(f"corpus name {label!r}: a corpus with other documents has it; choose another name")
            cur = conn.execute(
                "INSERT INTO corpora (name, content_hash, format, sentences, created_at) "
                "VALUES (?, ?, ?, ?, ?) RETURNING id",
                (label, digest, corpus.fmt, corpus.sentences, now()),
            )
            corpus_id = new_id(cur)
            conn.executemany(
                "INSERT INTO items (corpus_id, position, doc_id, system, candidate_json, references_json, "
                "source_text, meta_json, origin) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    (corpus_id, pos, d.doc_id, d.system, _json(d.candidate), _json(d.references))
                    + (d.source, _json(dict(d.meta)), d.origin)
                    for pos, d in enumerate(corpus.documents)
                ),
            )
            return corpus_id

    def corpora(self) -> tuple[CorpusInfo, ...]:
        """The stored corpora, by name.

        >>> from annotation import AnnotationStore
        >>> AnnotationStore(":memory:").corpora()
        ()
        """
        with self.snapshot() as conn:
            rows = conn.execute(f"SELECT {_CORPUS_COLUMNS} FROM corpora c ORDER BY c.name").fetchall()
        return tuple(_corpus_info(r) for r in rows)

    def corpus(self, key: Union[int, str]) -> CorpusInfo:
        """The stored corpus with this id or name (:class:`StoreError` if there is none).

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}', "x.jsonl"))
        >>> info = s.corpus("x.jsonl")
        >>> info.id == cid, info.fmt, info.n_items
        (True, 'jsonl', 1)
        """
        column = "name" if isinstance(key, str) else "id"
        with self.snapshot() as conn:
            row = conn.execute(f"SELECT {_CORPUS_COLUMNS} FROM corpora c WHERE c.{column} = ?", (key,)).fetchone()
        if row is None:
            raise StoreError(f"no corpus {key!r} in the annotation store")
        return _corpus_info(row)

    def items(self, corpus_id: int, system: Optional[str] = None, doc_id: Optional[str] = None) -> tuple[Item, ...]:
        """The items of a corpus in input order, optionally of one system and/or one document.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"system": "A", "candidate": "a", "reference": "b"}\\n'
        ...                                b'{"system": "B", "candidate": "c", "reference": "b"}', "x.jsonl"))
        >>> [(i.position, i.system, i.references) for i in s.items(cid, system="B")]
        [(1, 'B', (('b',),))]
        """
        sql = f"SELECT {_ITEM_COLUMNS} FROM items WHERE corpus_id = ?"
        args: list[Any] = [corpus_id]
        if system is not None:
            sql += " AND system = ?"
            args.append(system)
        if doc_id is not None:
            sql += " AND doc_id = ?"
            args.append(doc_id)
        with self.snapshot() as conn:
            rows = conn.execute(sql + " ORDER BY position", args).fetchall()
        return tuple(_item(r) for r in rows)

    def item_ids(self, corpus_id: int) -> list[int]:
        """The ids of a corpus's items in input order (:class:`StoreError` for an unknown corpus): what
        a page needs to order the items without reading their texts.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}\\n' * 3, "x.jsonl"))
        >>> s.item_ids(cid) == [i.id for i in s.items(cid)]
        True
        """
        with self.snapshot() as conn:
            return corpus_item_ids(conn, corpus_id)

    def item(self, item_id: int) -> Item:
        """One item by id (:class:`StoreError` if there is none).

        >>> from annotation import AnnotationStore
        >>> AnnotationStore(":memory:").item(7)
        Traceback (most recent call last):
        ...
        annotation.model.StoreError: no item 7 in the annotation store
        """
        with self.snapshot() as conn:
            return fetch_item(conn, item_id)


def corpus_item_ids(conn: Db, corpus_id: int) -> list[int]:
    """The ids of the corpus's items in input order, read on ``conn`` (:class:`StoreError` for an
    unknown corpus)."""
    rows = conn.execute("SELECT id FROM items WHERE corpus_id = ? ORDER BY position", (corpus_id,)).fetchall()
    if not rows and conn.execute("SELECT 1 FROM corpora WHERE id = ?", (corpus_id,)).fetchone() is None:
        raise StoreError(f"no corpus {corpus_id!r} in the annotation store")
    return [int(r[0]) for r in rows]


def fetch_item(conn: Db, item_id: int) -> Item:
    """The item ``item_id`` read on ``conn`` (:class:`StoreError` if there is none)."""
    row = conn.execute(f"SELECT {_ITEM_COLUMNS} FROM items WHERE id = ?", (item_id,)).fetchone()
    if row is None:
        raise StoreError(f"no item {item_id!r} in the annotation store")
    return _item(row)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


def _corpus_info(row: Any) -> CorpusInfo:
    return CorpusInfo(int(row[0]), str(row[1]), str(row[2]), str(row[3]), str(row[4]), str(row[5]), int(row[6]))


def _item(row: Any) -> Item:
    candidate = tuple(str(s) for s in json.loads(row[5]))
    references = tuple(tuple(str(s) for s in ref) for ref in json.loads(row[6]))
    meta = json.loads(row[8])
    return Item(
        int(row[0]),
        int(row[1]),
        int(row[2]),
        str(row[3]),
        str(row[4]),
        candidate,
        references,
        None if row[7] is None else str(row[7]),
        MappingProxyType(meta if isinstance(meta, dict) else {}),
        str(row[9]),
    )
