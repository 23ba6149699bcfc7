"""Rubrics: named, versioned lists of criteria with their scales, and SummEval's four as the default.

A rubric is never edited in place: saving changed criteria under a name stores the next version, and
judgments keep pointing at the version they were made under.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from .connection import StoreConnection
from .db import Db, new_id
from .model import Criterion, Rubric, StoreError, clean_name, now


@dataclass(frozen=True)
class CriterionSpec:
    """A criterion to save: name, what it asks of the annotator, and its scale (``integer``: whole
    numbers only, as on a Likert scale)."""

    name: str
    description: str
    scale_min: float
    scale_max: float
    integer: bool = True


#: Name of the default rubric.
SUMMEVAL_RUBRIC = "summeval"
#: SummEval's four criteria (Fabbri et al., 2021), each scored 1 (worst) to 5 (best).
SUMMEVAL_CRITERIA: tuple[CriterionSpec, ...] = (
    CriterionSpec(
        "coherence",
        "Does the summary read as one organised whole? Its sentences should follow from one another "
        "and build a clear account of the topic, not a pile of loosely related facts.",
        1,
        5,
    ),
    CriterionSpec(
        "consistency",
        "Is the summary faithful to the source article? Every fact it states should be backed by the "
        "article; invented or contradicted details count against it.",
        1,
        5,
    ),
    CriterionSpec(
        "fluency",
        "Is each sentence well written on its own? Grammar, word choice and punctuation should make it "
        "easy to read, without repetitions, broken fragments or stray formatting.",
        1,
        5,
    ),
    CriterionSpec(
        "relevance",
        "Does the summary keep what matters? It should cover the article's key points and leave out "
        "minor, redundant or off-topic details.",
        1,
        5,
    ),
)


def check_criteria(name: str, criteria: Sequence[CriterionSpec]) -> tuple[CriterionSpec, ...]:
    """The criteria of rubric ``name`` with clean names, or :class:`StoreError`: none at all, a
    duplicate name (ignoring case), a scale whose minimum is not below its maximum, a non-finite
    bound, or a fractional bound on a whole-number scale.

    >>> check_criteria("r", [CriterionSpec("a", "", 1, 5), CriterionSpec("A", "", 0, 1, False)])
    Traceback (most recent call last):
    ...
    annotation.model.StoreError: rubric 'r': criterion 2 ('A') repeats the name of criterion 1
    """
    if not criteria:
        raise StoreError(f"rubric {name!r}: no criteria; a rubric needs at least one")
    seen: dict[str, int] = {}
    out = []
    for n, spec in enumerate(criteria, 1):
        where = f"rubric {name!r}: criterion {n}"
        label = clean_name(spec.name, f"{where} name")
        if label.casefold() in seen:
            raise StoreError(f"{where} ({label!r}) repeats the name of criterion {seen[label.casefold()]}")
        seen[label.casefold()] = n
        if not isinstance(spec.description, str):
            raise StoreError(f"{where} ({label!r}): the description must be text")
        for bound in (spec.scale_min, spec.scale_max):
            if isinstance(bound, bool) or not isinstance(bound, (int, float)) or not math.isfinite(bound):
                raise StoreError(f"{where} ({label!r}): scale bound {bound!r} is not a finite number")
            if spec.integer and bound != int(bound):
                raise StoreError(f"{where} ({label!r}): scale bound {bound!r} of a whole-number scale")
        if not spec.scale_min < spec.scale_max:
            raise StoreError(
                f"{where} ({label!r}): scale minimum {spec.scale_min!r} is not below maximum {spec.scale_max!r}"
            )
        out.append(CriterionSpec(label, spec.description, spec.scale_min, spec.scale_max, bool(spec.integer)))
    return tuple(out)


class RubricsMixin(StoreConnection):
    """save_rubric, rubric, rubrics, summeval_rubric, criterion."""

    def save_rubric(self, name: str, criteria: Sequence[CriterionSpec]) -> Rubric:
        """Store ``criteria`` as the next version of rubric ``name`` (version 1 for a new name); when
        they equal the latest version's, that version is returned and nothing is stored.

        >>> from annotation import AnnotationStore
        >>> s = AnnotationStore(":memory:")
        >>> v1 = s.save_rubric("clarity", [CriterionSpec("clear", "Is it clear?", 1, 3)])
        >>> v2 = s.save_rubric("clarity", [CriterionSpec("clear", "Is it clear to a child?", 1, 3)])
        >>> same = s.save_rubric("clarity", [CriterionSpec("clear", "Is it clear to a child?", 1, 3)])
        >>> v1.version, v2.version, same == v2
        (1, 2, True)
        """
        label = clean_name(name, "rubric name")
        specs = check_criteria(label, criteria)
        with self.transaction() as conn:
            latest = conn.execute(
                "SELECT id, version FROM rubrics WHERE name = ? ORDER BY version DESC LIMIT 1", (label,)
            ).fetchone()
            if latest is not None:
                current = load_rubric(conn, int(latest[0]))
                if _specs(current) == specs:
                    return current
            version = 1 if latest is None else int(latest[1]) + 1
            cur = conn.execute(
                "INSERT INTO rubrics (name, version, created_at) VALUES (?, ?, ?) RETURNING id", (label, version, now())
            )
            rubric_id = new_id(cur)
            conn.executemany(
                "INSERT INTO criteria (rubric_id, name, description, scale_min, scale_max, integer_scale, position) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (rubric_id, c.name, c.description, c.scale_min, c.scale_max, int(c.integer), pos)
                    for pos, c in enumerate(specs)
                ],
            )
            return load_rubric(conn, rubric_id)

    def rubric(self, name: str, version: Optional[int] = None) -> Rubric:
        """Rubric ``name`` at ``version`` (default: the latest); :class:`StoreError` if there is none.

        >>> from annotation import AnnotationStore
        >>> s = AnnotationStore(":memory:")
        >>> [c.name for c in s.summeval_rubric().criteria] == [c.name for c in s.rubric("summeval").criteria]
        True
        """
        sql = "SELECT id FROM rubrics WHERE name = ?"
        args: list[Any] = [name]
        if version is not None:
            sql += " AND version = ?"
            args.append(version)
        with self.snapshot() as conn:
            row = conn.execute(sql + " ORDER BY version DESC LIMIT 1", args).fetchone()
            if row is None:
                at = "" if version is None else f" version {version}"
                raise StoreError(f"no rubric {name!r}{at} in the annotation store")
            return load_rubric(conn, int(row[0]))

    def rubrics(self) -> tuple[Rubric, ...]:
        """Every stored rubric version, by name and version.

        >>> from annotation import AnnotationStore
        >>> s = AnnotationStore(":memory:")
        >>> _ = s.summeval_rubric()
        >>> [(r.name, r.version, len(r.criteria)) for r in s.rubrics()]
        [('summeval', 1, 4)]
        """
        with self.snapshot() as conn:
            ids = [int(r[0]) for r in conn.execute("SELECT id FROM rubrics ORDER BY name, version")]
            return tuple(load_rubric(conn, i) for i in ids)

    def summeval_rubric(self) -> Rubric:
        """The default rubric, SummEval's coherence, consistency, fluency and relevance (1-5): the
        stored version with exactly these criteria, saved as a new version of ``"summeval"`` if none has.

        >>> from annotation import AnnotationStore
        >>> r = AnnotationStore(":memory:").summeval_rubric()
        >>> r.name, [c.name for c in r.criteria], r.criteria[0].scale_min, r.criteria[0].scale_max
        ('summeval', ['coherence', 'consistency', 'fluency', 'relevance'], 1.0, 5.0)
        """
        with self.snapshot() as conn:  # stored already (the usual case): read without the write lock
            found = _summeval_version(conn)
        if found is not None:
            return found
        with self.transaction() as conn:
            return _summeval_version(conn) or self.save_rubric(SUMMEVAL_RUBRIC, SUMMEVAL_CRITERIA)

    def criterion(self, criterion_id: int) -> Criterion:
        """One criterion by id (:class:`StoreError` if there is none).

        >>> from annotation import AnnotationStore
        >>> s = AnnotationStore(":memory:")
        >>> s.criterion(s.summeval_rubric().criteria[2].id).name
        'fluency'
        """
        with self.snapshot() as conn:
            return fetch_criterion(conn, criterion_id)


_CRITERION_COLUMNS = "id, rubric_id, name, description, scale_min, scale_max, integer_scale, position"


def load_rubric(conn: Db, rubric_id: int) -> Rubric:
    """Rubric version ``rubric_id`` with its criteria, read on ``conn``."""
    row = conn.execute("SELECT id, name, version, created_at FROM rubrics WHERE id = ?", (rubric_id,)).fetchone()
    if row is None:
        raise StoreError(f"no rubric version with id {rubric_id!r} in the annotation store")
    rows = conn.execute(
        f"SELECT {_CRITERION_COLUMNS} FROM criteria WHERE rubric_id = ? ORDER BY position", (rubric_id,)
    ).fetchall()
    return Rubric(int(row[0]), str(row[1]), int(row[2]), str(row[3]), tuple(_criterion(r) for r in rows))


def fetch_criterion(conn: Db, criterion_id: int) -> Criterion:
    """Criterion ``criterion_id`` read on ``conn`` (:class:`StoreError` if there is none)."""
    row = conn.execute(f"SELECT {_CRITERION_COLUMNS} FROM criteria WHERE id = ?", (criterion_id,)).fetchone()
    if row is None:
        raise StoreError(f"no criterion {criterion_id!r} in the annotation store")
    return _criterion(row)


def _criterion(row: Any) -> Criterion:
    return Criterion(
        int(row[0]), int(row[1]), str(row[2]), str(row[3]), float(row[4]), float(row[5]), bool(row[6]), int(row[7])
    )


def _summeval_version(conn: Db) -> Optional[Rubric]:
    """The latest stored version of ``"summeval"`` with exactly SummEval's criteria, if any."""
    for (rubric_id,) in conn.execute(
        "SELECT id FROM rubrics WHERE name = ? ORDER BY version DESC", (SUMMEVAL_RUBRIC,)
    ).fetchall():
        rubric = load_rubric(conn, int(rubric_id))
        if _specs(rubric) == SUMMEVAL_CRITERIA:
            return rubric
    return None


def _specs(rubric: Rubric) -> tuple[CriterionSpec, ...]:
    return tuple(CriterionSpec(c.name, c.description, c.scale_min, c.scale_max, c.integer) for c in rubric.criteria)
