"""What the Annotate page needs besides widgets: the store it opens (or why it cannot), the item order
of an annotator, the criteria of an edited rubric, and the agreement table. No widgets here (the page
draws them)."""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any, Iterable, Mapping, Optional, Sequence, TypeVar, Union

import numpy as np
import pandas as pd

from annotation import (
    JUDGMENT_COLUMNS,
    AnnotationStore,
    CriterionSpec,
    Item,
    Judgment,
    Rubric,
    StoreError,
    data_dir,
)
from annotation.database import where
from annotation.store import FILE_NAME
from rouge_core.io.csv_writer import write_csv
from rouge_core.stats.annotator_agreement import Measurement, disagreements, krippendorff_alpha
from ui.render.literal import md_literal

#: Levels of measurement the agreement table reports (SummEval's 1-5 scales are ordinal; interval too).
LEVELS: tuple[Measurement, ...] = ("ordinal", "interval")


def open_store() -> AnnotationStore:
    """The configured store (``ROUGE_LENS_DATABASE_URL``, else the file in the data directory,
    ``ROUGE_LENS_DATA``); opened per run, cheap, closed by the caller."""
    return AnnotationStore()


#: How every message of :func:`store_or_message` starts (the Annotate and Agreement pages show it as it is).
CANNOT_OPEN = "The annotation store cannot be opened: "


def store_or_message() -> Union[AnnotationStore, str]:
    """The configured store (``ROUGE_LENS_DATABASE_URL``, else the file in the data directory), or, when
    it cannot be opened (not an SQLite file, a newer schema, a folder in its place, ``ROUGE_LENS_DATA``
    naming a file, a bad URL, a PostgreSQL server that cannot be reached), the message to show instead. The
    store refuses such a file before writing anything, so it is left as it was. Closed by the caller.

    >>> import os, tempfile
    >>> from pathlib import Path
    >>> from unittest import mock
    >>> folder = Path(tempfile.mkdtemp()) / "annotations.sqlite3"
    >>> folder.mkdir()
    >>> with mock.patch.dict(os.environ, {"ROUGE_LENS_DATA": str(folder.parent)}):
    ...     store_or_message() == f"{CANNOT_OPEN}{folder}: a folder is where the store's file should be"
    True
    """
    try:
        target = where()
    except StoreError as e:
        return f"{CANNOT_OPEN}{e}"
    if target.kind == "postgresql" or target.path:  # a database named by ROUGE_LENS_DATABASE_URL
        try:
            return AnnotationStore(target.url if target.kind == "postgresql" else target.path)
        except StoreError as e:
            return f"{CANNOT_OPEN}{e}"
    try:
        folder = data_dir()
    except FileExistsError as e:
        return f"{CANNOT_OPEN}{e.filename}: the data folder is a file (ROUGE_LENS_DATA must name a folder)"
    except OSError as e:
        return f"{CANNOT_OPEN}{e.filename or data_dir(create=False)}: the data folder cannot be made ({e.strerror})"
    try:
        return AnnotationStore(folder / FILE_NAME)
    except StoreError as e:
        return f"{CANNOT_OPEN}{e}"
    except OSError as e:  # not raised by the store today; a file system error is still a message, not a traceback
        return f"{CANNOT_OPEN}{folder / FILE_NAME}: {e.strerror or e}"


def criterion_specs(rows: Iterable[Mapping[str, Any]]) -> list[CriterionSpec]:
    """The criteria of the rubric editor's rows (name, description, min, max), blank rows left out; a
    scale of whole numbers is an integer scale. A missing or non-numeric scale raises (``KeyError``,
    ``TypeError``, ``ValueError``): the editor says the rubric was not saved.

    >>> rows = [{"name": " clarity ", "description": None, "min": 1, "max": 5},
    ...         {"name": None, "description": "", "min": None, "max": None}]
    >>> criterion_specs(rows)
    [CriterionSpec(name='clarity', description='', scale_min=1.0, scale_max=5.0, integer=True)]
    >>> criterion_specs([{"name": "x", "description": "", "min": 0, "max": 0.5}])[0].integer
    False
    """
    return [
        CriterionSpec(
            str(r.get("name") or "").strip(),
            str(r.get("description") or ""),
            float(r["min"]),
            float(r["max"]),
            float(r["min"]).is_integer() and float(r["max"]).is_integer(),
        )
        for r in rows
        if any(v not in (None, "") for v in r.values())
    ]


T = TypeVar("T")


def order(items: Sequence[T], annotator: str, blind: bool, corpus_hash: str, overlap: int = 0) -> list[T]:
    """The items (or their ids) in the order this annotator sees them: the corpus order, or in blind
    mode a shuffle.
    In blind mode the first ``overlap`` items (the corpus's overlap, :meth:`AnnotationStore.overlap`)
    are the same items in the same order for everyone (seeded by the corpus only), so two annotators
    share them and agreement has units to pair; the rest follow in a shuffle seeded by the annotator's
    name and the corpus. The same person gets the same order every time; with ``overlap`` 0 the order
    is the one of earlier versions (a resumed annotator keeps their place).

    >>> from annotation import Item
    >>> its = [Item(i, 1, i, f"d{i}", "A", (), (), None, {}, "") for i in range(6)]
    >>> [i.id for i in order(its, "ann", False, "h", overlap=3)]
    [0, 1, 2, 3, 4, 5]
    >>> order(its, "ann", True, "h") == order(its, "ann", True, "h") != its
    True
    >>> order(its, "ann", True, "h", 3)[:3] == order(its, "bob", True, "h", 3)[:3]
    True
    """
    if not blind:
        return list(items)
    k = min(max(overlap, 0), len(items))
    first = [int(i) for i in _permutation(corpus_hash, len(items))[:k]] if k else []
    taken = set(first)
    rest = [item for n, item in enumerate(items) if n not in taken]  # in corpus order, as before overlaps
    return [items[n] for n in first] + [rest[int(i)] for i in _permutation(f"{annotator}\0{corpus_hash}", len(rest))]


def _permutation(seed_text: str, n: int) -> np.ndarray:
    """A permutation of ``range(n)`` fixed by ``seed_text`` (the same on every machine and run)."""
    seed = int.from_bytes(hashlib.sha256(seed_text.encode()).digest()[:8], "big")
    return np.random.default_rng(seed).permutation(n)


def shared_markdown(counts: Mapping[str, int], overlap: int) -> str:
    """What the page says about overlap, as Markdown (annotator names shown literally): how many items
    everyone judges (``overlap``) and how many judged items this annotator shares with each other one
    (:meth:`AnnotationStore.shared_counts`).

    >>> shared_markdown({"bo": 3, "c*y": 0}, 5)
    'Every annotator judges the same first 5 items. Items you share with others so far: bo 3, c\\\\*y 0.'
    >>> shared_markdown({}, 0)
    'No overlap is set: items are shared only by chance. No one else has judged an item yet.'
    """
    head = (
        f"Every annotator judges the same first {overlap} item{'s' if overlap != 1 else ''}."
        if overlap
        else "No overlap is set: items are shared only by chance."
    )
    if not counts:
        return f"{head} No one else has judged an item yet."
    shares = ", ".join(f"{md_literal(name, limit=60)} {n}" for name, n in counts.items())
    return f"{head} Items you share with others so far: {shares}."


def judged_items(judgments: Sequence[Judgment], rubric: Rubric) -> set[int]:
    """Items with a judgment on every criterion of ``rubric`` (this rubric version)."""
    wanted = {c.id for c in rubric.criteria}
    by_item: dict[int, set[int]] = {}
    for j in judgments:
        by_item.setdefault(j.item_id, set()).add(j.criterion_id)
    return {i for i, got in by_item.items() if wanted <= got}


def resume_position(ordered: Sequence[int], done: set[int], skipped: set[int]) -> int:
    """Where to resume in the item ids ``ordered``: the first item neither judged nor skipped (the last
    item when all are).

    >>> resume_position([5, 3, 9], done={5}, skipped={3}), resume_position([5, 3], {5, 3}, set())
    (2, 1)
    """
    for k, item_id in enumerate(ordered):
        if item_id not in done and item_id not in skipped:
            return k
    return max(len(ordered) - 1, 0)


def agreement_table(
    judgments: Sequence[Judgment], criteria: Sequence[str], annotators: Optional[Sequence[str]] = None
) -> pd.DataFrame:
    """Krippendorff's alpha per criterion (ordinal and interval) over the annotators who judged it.

    One row per criterion: the annotators, the items judged by at least two of them (pairable), and
    alpha per level (NaN with the reason when it is not defined).
    """
    rows = []
    for name in criteria:
        matrix, units, people = reliability_matrix(judgments, name, annotators)
        row: dict[str, object] = {"criterion": name, "annotators": len(people)}
        reasons = []
        for level in LEVELS:
            if len(people) < 2:
                row[f"alpha ({level})"] = math.nan
                reasons.append("fewer than 2 annotators")
                continue
            res = krippendorff_alpha(matrix, level)
            row[f"alpha ({level})"] = res.alpha
            row["items judged by 2+"] = res.pairable_units
            if res.reason:
                reasons.append(res.reason)
        row.setdefault("items judged by 2+", 0)
        row["note"] = "; ".join(dict.fromkeys(reasons))
        rows.append(row)
    return pd.DataFrame(rows)


def reliability_matrix(
    judgments: Sequence[Judgment], criterion: str, annotators: Optional[Sequence[str]] = None
) -> tuple[np.ndarray, list[int], list[str]]:
    """Annotators x items values of one criterion (NaN where an annotator did not judge an item)."""
    chosen = [j for j in judgments if j.criterion == criterion and (annotators is None or j.annotator in annotators)]
    people = sorted({j.annotator for j in chosen})
    units = sorted({j.item_id for j in chosen})
    pi, ui = {p: k for k, p in enumerate(people)}, {u: k for k, u in enumerate(units)}
    m = np.full((len(people), len(units)), np.nan)
    for j in chosen:
        m[pi[j.annotator], ui[j.item_id]] = j.value
    return m, units, people


def disagreement_table(
    judgments: Sequence[Judgment], criterion: str, items: dict[int, Item], threshold: float
) -> pd.DataFrame:
    """Items whose values on ``criterion`` span more than ``threshold``, largest spread first."""
    matrix, units, people = reliability_matrix(judgments, criterion)
    rows = []
    for d in disagreements(matrix, units, people, threshold) if len(units) else ():
        item = items.get(int(d.unit))  # type: ignore[call-overload]
        rows.append(
            {
                "document": item.doc_id if item else str(d.unit),
                "system": item.system if item else "",
                "spread": d.spread,
                "values": ", ".join(f"{p}: {v:g}" for p, v in d.values),
            }
        )
    return pd.DataFrame(rows, columns=["document", "system", "spread", "values"])


def own_judgments(store: AnnotationStore, fmt: str, corpus_id: int, annotator: str) -> str:
    """The judgments ``annotator`` made on corpus ``corpus_id`` as CSV or JSON Lines text, with the
    columns of :func:`annotation.export_judgments`: a campaign's member exports their own rows, never
    another's (the store is asked for theirs only).

    >>> from rouge_core.io.readers import read_corpus
    >>> s = AnnotationStore(":memory:")
    >>> cid = s.add_corpus(read_corpus(b'{"id": "d1", "candidate": "a", "reference": "b"}', "x.jsonl"))
    >>> fluency = s.summeval_rubric().criterion("fluency")
    >>> _ = s.record(s.items(cid)[0].id, fluency, "ann", 4), s.record(s.items(cid)[0].id, fluency, "bob", 2)
    >>> [line[:27] for line in own_judgments(s, "csv", cid, "ann").splitlines()[1:]]
    ['x.jsonl,d1,,fluency,ann,4,s']
    >>> json.loads(own_judgments(s, "jsonl", cid, "bob"))["value"]
    2
    """
    rows = (
        (j.corpus, j.doc_id, j.system, j.criterion, j.annotator, j.value)
        + (j.rubric, j.rubric_version, j.source, j.created_at, j.updated_at)
        for j in store.judgments(corpus_id, annotator=annotator)
    )
    if fmt == "jsonl":
        return "".join(json.dumps(dict(zip(JUDGMENT_COLUMNS, row)), ensure_ascii=False) + "\n" for row in rows)
    return write_csv(JUDGMENT_COLUMNS, rows)  # the project's CSV writer: a cell starting like a formula is defused
