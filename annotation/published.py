"""Published human judgments as stored judgments, and the human scores of a corpus in long form.

* SummEval (Fabbri et al., 2021): each record's ``expert_annotations`` (3 experts) and
  ``turker_annotations`` (5 crowd workers), dicts of coherence, consistency, fluency and relevance
  (1-5), become judgments on the default SummEval rubric by annotators ``summeval-expert-1`` ...
  and ``summeval-turker-1`` ..., with source ``summeval-expert`` / ``summeval-turker``.
* REALSumm (Bhandari et al., 2020): each record's ``scores.litepyramid_recall`` (0-1) becomes a
  judgment on criterion ``litepyramid_recall`` of rubric ``realsumm`` by annotator ``realsumm``,
  source ``realsumm``.

The labels are positions in the published lists: ``summeval-expert-2`` is the second expert of every
record, as the data gives it. Importing is one transaction and idempotent: importing the same corpus
again adds no rows and changes none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence

from rouge_core.io.readers.model import Corpus

from .judgments import annotator_id, upsert_judgment
from .model import Criterion, StoreError, now
from .rubrics import CriterionSpec
from .store import AnnotationStore

#: Document.meta field -> source label (and annotator name prefix) of SummEval's published judgments.
SUMMEVAL_FIELDS: Mapping[str, str] = {
    "expert_annotations": "summeval-expert",
    "turker_annotations": "summeval-turker",
}
#: Rubric, criterion, annotator and source of REALSumm's LitePyramid recall.
REALSUMM_RUBRIC = "realsumm"
REALSUMM_SOURCE = "realsumm"
LITEPYRAMID = CriterionSpec(
    "litepyramid_recall",
    "Share of the reference's summary content units (SCUs) that crowd workers found in the summary "
    "(LitePyramid, as published with REALSumm).",
    0,
    1,
    integer=False,
)


@dataclass(frozen=True)
class HumanScore:
    """The mean of the chosen annotators' values for one system's summary of one document."""

    system: str
    doc_id: str
    value: float
    n: int


def import_summeval(store: AnnotationStore, corpus: Corpus, name: Optional[str] = None) -> dict[str, int]:
    """Store a SummEval corpus (see :meth:`AnnotationStore.add_corpus`) and its expert and turker
    judgments; the number of judgments per source. A record whose annotations are malformed or off
    the 1-5 scale raises :class:`StoreError` naming the record and field, and nothing is stored.

    >>> from rouge_core.io.readers import read_corpus
    >>> rec = ('{"id": "d1", "model_id": "M8", "decoded": "a", "references": ["b"], "expert_annotations": '
    ...        '[{"coherence": 2, "consistency": 5, "fluency": 4, "relevance": 3}], "turker_annotations": []}')
    >>> s = AnnotationStore(":memory:")
    >>> import_summeval(s, read_corpus(rec.encode(), "summeval.jsonl"))
    {'summeval-expert': 4, 'summeval-turker': 0}
    >>> [(j.annotator, j.criterion, j.value) for j in s.judgments()][:2]
    [('summeval-expert-1', 'coherence', 2), ('summeval-expert-1', 'consistency', 5)]
    """
    counts = {source: 0 for source in SUMMEVAL_FIELDS.values()}
    with store.transaction() as conn:
        corpus_id = store.add_corpus(corpus, name)
        rubric = store.summeval_rubric()
        found = False
        stamp = now()
        for doc, item in zip(corpus.documents, store.items(corpus_id)):
            for field, source in SUMMEVAL_FIELDS.items():
                if field not in doc.meta:
                    continue
                found = True
                for n, judged in enumerate(_annotation_list(doc.meta[field], doc.origin, field), 1):
                    who = annotator_id(conn, f"{source}-{n}")
                    for criterion in rubric.criteria:
                        value = _value(judged, criterion, f"{doc.origin}: field {field!r}[{n - 1}]")
                        upsert_judgment(conn, (item.id, criterion.id, who), value, source, stamp, stamp, "changed")
                        counts[source] += 1
        if not found:
            raise StoreError(f"{corpus.name}: no record has expert_annotations or turker_annotations")
    return counts


def import_realsumm(store: AnnotationStore, corpus: Corpus, name: Optional[str] = None) -> int:
    """Store a REALSumm corpus and each record's ``scores.litepyramid_recall``; the number of scores.

    >>> from rouge_core.io.readers import read_corpus
    >>> rec = b'{"doc_id": 0, "system": "bart", "candidate": "<t> a </t>", "reference": "<t> b </t>", '
    >>> rec += b'"scores": {"litepyramid_recall": 0.6}}'
    >>> s = AnnotationStore(":memory:")
    >>> import_realsumm(s, read_corpus(rec, "realsumm.jsonl")), s.judgments()[0].value
    (1, 0.6)
    """
    count = 0
    with store.transaction() as conn:
        corpus_id = store.add_corpus(corpus, name)
        criterion = store.save_rubric(REALSUMM_RUBRIC, [LITEPYRAMID]).criteria[0]
        who = annotator_id(conn, REALSUMM_SOURCE)
        stamp = now()
        for doc, item in zip(corpus.documents, store.items(corpus_id)):
            scores = doc.meta.get("scores")
            if not isinstance(scores, Mapping) or LITEPYRAMID.name not in scores:
                continue
            value = _value(scores, criterion, f"{doc.origin}: field 'scores'")
            upsert_judgment(conn, (item.id, criterion.id, who), value, REALSUMM_SOURCE, stamp, stamp, "changed")
            count += 1
        if not count:
            raise StoreError(f"{corpus.name}: no record has scores.litepyramid_recall")
    return count


def import_published(store: AnnotationStore, corpus: Corpus, name: Optional[str] = None) -> dict[str, int]:
    """The published judgments a corpus carries (SummEval's or REALSumm's, told by its format), stored;
    the number of judgments per source (empty when the corpus has none).

    >>> from rouge_core.io.readers import read_corpus
    >>> s = AnnotationStore(":memory:")
    >>> import_published(s, read_corpus(b'{"candidate": "a", "reference": "b"}', "x.jsonl"))
    {}
    """
    if corpus.fmt == "summeval":
        return import_summeval(store, corpus, name)
    if corpus.fmt == "realsumm":
        return {REALSUMM_SOURCE: import_realsumm(store, corpus, name)}
    return {}


def human_scores(
    store: AnnotationStore,
    corpus_id: int,
    criterion: str,
    sources: Optional[Sequence[str]] = None,
    annotators: Optional[Sequence[str]] = None,
    rubric: Optional[str] = None,
) -> tuple[HumanScore, ...]:
    """The human score of each judged item of a corpus on ``criterion`` (by name, in any version of
    any rubric unless ``rubric`` names one): the mean over the judgments from ``sources`` and
    ``annotators`` (default: all), in item order. Long form, one row per (system, document).

    >>> from rouge_core.io.readers import read_corpus
    >>> s = AnnotationStore(":memory:")
    >>> cid = s.add_corpus(read_corpus(b'{"id": "d1", "system": "A", "candidate": "a", "reference": "b"}', "x.jsonl"))
    >>> fluency = s.summeval_rubric().criterion("fluency")
    >>> _ = s.record(s.items(cid)[0].id, fluency, "al", 4), s.record(s.items(cid)[0].id, fluency, "bo", 5)
    >>> human_scores(s, cid, "fluency")
    (HumanScore(system='A', doc_id='d1', value=4.5, n=2),)
    """
    where = ["i.corpus_id = ?", "cr.name = ?"]
    args: list[Any] = [corpus_id, criterion]
    for column, chosen in (("j.source", sources), ("a.name", annotators)):
        if chosen is not None:
            where.append(f"{column} IN ({', '.join('?' * len(chosen))})" if chosen else "1 = 0")  # chose none: no row
            args.extend(chosen)
    if rubric is not None:
        where.append("r.name = ?")
        args.append(rubric)
    sql = (
        "SELECT i.system, i.doc_id, SUM(j.value), COUNT(*) FROM judgments j JOIN items i ON i.id = j.item_id "
        "JOIN criteria cr ON cr.id = j.criterion_id JOIN rubrics r ON r.id = cr.rubric_id "
        f"JOIN annotators a ON a.id = j.annotator_id WHERE {' AND '.join(where)} GROUP BY i.id ORDER BY i.position"
    )
    with store.snapshot() as conn:
        rows = conn.execute(sql, args).fetchall()
    return tuple(HumanScore(str(r[0]), str(r[1]), float(r[2]) / int(r[3]), int(r[3])) for r in rows)


def _annotation_list(value: object, origin: str, field: str) -> list[Mapping[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
        raise StoreError(f"{origin}: field {field!r}: expected a list of objects (one per annotator)")
    return value


def _value(judged: Mapping[str, Any], criterion: Criterion, where: str) -> float:
    if criterion.name not in judged:
        raise StoreError(f"{where}: no {criterion.name!r}")
    return criterion.check(judged[criterion.name], f"{where}.{criterion.name}")
