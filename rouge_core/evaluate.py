"""Public entry points: score one candidate against its references.

``evaluate`` returns a :class:`Report` with every measure, its counts, the
per-reference breakdown and the explanations; ``score`` is the lean
counts-only path used for corpora. Both run the same measure code and the same
counting functions; an explanation's long listings (grams with positions,
sentence pairs) are computed when first read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Sequence

from .config import RougeConfig
from .measures.explain import Explanation, PairKeys
from .measures.registry import MeasureSpec, display_name, measure_specs
from .measures.scoring import ZERO, Counts, Score, mean_score, pick_best, pool
from .measures.scoring import score as counts_to_score
from .measures.skipbigram import EXPLAIN_MAX_PAIRS
from .profiles import BestBy
from .text.tokenize import Analysis, TextInput, analyze, analyze_keys

PERL_DIES = (
    "ROUGE-1.5.5 stops with 'Illegal division by zero' when a reference has no tokens for ROUGE-W; reported as 0"
)


@dataclass(frozen=True)
class ReferenceResult:
    """One measure against one reference: counts, score, ``-f B`` selection value, explanation."""

    counts: Counts
    score: Score
    select: float
    explanation: Optional[Explanation] = None  # None on the counts-only path


@dataclass(frozen=True)
class MeasureResult:
    """A measure's final score, how the references were combined, and why."""

    label: str
    family: str
    score: Score
    counts: Optional[Counts]
    per_reference: tuple[ReferenceResult, ...]
    chosen: Optional[int]
    jackknife: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Report:
    """Everything :func:`evaluate` found, keyed by measure label (``ROUGE-1``, ``ROUGE-L`` ...)."""

    config: RougeConfig
    candidate: Analysis
    references: tuple[Analysis, ...]
    measures: dict[str, MeasureResult]
    notes: tuple[str, ...]

    def scores(self) -> dict[str, Score]:
        return {k: m.score for k, m in self.measures.items()}

    def display_name(self, label: str) -> str:
        return display_name(label, self.config.profile)


def _check_text(value: object, what: str) -> TextInput:
    """A summary is a string or a sequence of sentence strings; anything else is a TypeError."""
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)) and all(isinstance(s, str) for s in value):
        return value
    raise TypeError(
        f"{what} must be a str (one sentence per line) or a list of sentence strings, "
        f"not {type(value).__name__}" + (" (decode bytes first)" if isinstance(value, bytes) else "")
    )


def _as_refs(references: TextInput | Sequence[TextInput]) -> list[TextInput]:
    if isinstance(references, str):
        return [references]
    if not isinstance(references, (list, tuple)):
        raise TypeError(f"references must be a str or a list of summaries, not {type(references).__name__}")
    return [_check_text(r, f"reference {i}") for i, r in enumerate(references, start=1)]


def _check_config(config: object) -> RougeConfig:
    if not isinstance(config, RougeConfig):
        raise TypeError(f"config must be a RougeConfig, not {type(config).__name__}")
    return config


def combine(
    per_ref: Sequence[tuple[Counts, float]],
    config: RougeConfig,
    inverse: Optional[Callable[[float], float]] = None,
    scores: Optional[Sequence[Score]] = None,
) -> tuple[Score, Optional[Counts], Optional[int], tuple[int, ...], tuple[Score, ...]]:
    """Combine per-reference counts into one score by the config's ``multi_ref`` mode.

    Returns (score, combined counts or None, chosen reference or None, jackknife
    choices, per-reference scores). ``scores``: the per-reference scores when the caller has
    them already (each ``scoring.score`` of its counts), else they are computed here.

    >>> c = RougeConfig(multi_ref="best")
    >>> combine([(Counts(1, 4, 4), 0.25), (Counts(3, 4, 4), 0.75)], c)[2]
    1
    """
    b, alpha = config.behaviour, config.alpha
    rounded = b.rounding
    if scores is None:
        scores = tuple(counts_to_score(c, rounded, alpha, inverse) for c, _ in per_ref)
    else:
        scores = tuple(scores)
    if not per_ref:
        return ZERO, None, None, (), scores

    def best(idx: Sequence[int]) -> int:
        if b.best_by == BestBy.RECALL:  # -f B: largest recall-like value, first wins ties
            return idx[pick_best([per_ref[i][1] for i in idx])]
        return idx[pick_best([scores[i].fmeasure for i in idx])]  # max F, like score_multi

    if config.multi_ref == "pooled":
        total = pool([c for c, _ in per_ref])
        return counts_to_score(total, rounded, alpha, inverse), total, None, (), scores
    if config.multi_ref == "best" or len(per_ref) == 1:
        k = best(range(len(per_ref)))
        return scores[k], per_ref[k][0], k, (), scores
    picks = tuple(best([j for j in range(len(per_ref)) if j != i]) for i in range(len(per_ref)))
    return mean_score([scores[k] for k in picks], rounded), None, None, picks, scores


def _run(
    spec: MeasureSpec,
    cand: tuple[Sequence[str], Sequence[Sequence[str]]],
    refs: Sequence[tuple[Sequence[str], Sequence[Sequence[str]]]],
    config: RougeConfig,
    explain: bool,
    keys: Optional[Sequence[PairKeys]] = None,
) -> MeasureResult:
    if keys is None:
        per = [spec.compute(cand[0], cand[1], rk, rs, explain) for rk, rs in refs]
    else:  # one PairKeys a reference, shared by the measures' explanations
        per = [spec.compute(cand[0], cand[1], rk, rs, explain, k) for (rk, rs), k in zip(refs, keys)]
    notes = list(spec.notes)
    if (
        spec.family == "W"
        and config.behaviour.wlcs_dies_on_empty_reference
        and any(not any(s for s in rs) for _, rs in refs)
    ):
        notes.append(PERL_DIES)
        zero_refs = tuple(ReferenceResult(c, ZERO, 0.0, e) for c, _, e in per)
        return MeasureResult(spec.label, spec.family, ZERO, None, zero_refs, None, (), tuple(notes))
    if explain and spec.family in ("S", "SU") and any(e is None for _, _, e in per):
        notes.append(
            f"too many skip-bigrams to list them one by one (over {EXPLAIN_MAX_PAIRS:,} on a "
            "side); the counts are exact"
        )
    score, counts, chosen, jack, scores = combine([(c, s) for c, s, _ in per], config, spec.inverse)
    if not refs:
        notes.append("no references: every score is 0")
    results = tuple(ReferenceResult(c, sc, sel, e) for (c, sel, e), sc in zip(per, scores))
    return MeasureResult(spec.label, spec.family, score, counts, results, chosen, jack, tuple(notes))


def evaluate(
    candidate: TextInput, references: TextInput | Sequence[TextInput], config: RougeConfig = RougeConfig()
) -> Report:
    """Score a candidate summary against one or more references, with explanations.

    A summary is a string with one sentence per line, or a list of sentences.

    >>> r = evaluate("police kill the gunman", "police killed the gunman", RougeConfig())
    >>> r.measures["ROUGE-L"].score.recall, r.measures["ROUGE-2"].counts
    (0.75, Counts(hit=1, model=3, peer=3))
    """
    config = _check_config(config)
    cand = analyze(_check_text(candidate, "candidate"), config)
    refs = tuple(analyze(r, config) for r in _as_refs(references))
    # Tuples made once: the explanations keep references to them (to list grams and sentence
    # pairs when a view asks), shared by all measures.
    cand_keys = (tuple(cand.keys), tuple(map(tuple, cand.sentence_keys)))
    ref_keys = [(tuple(r.keys), tuple(map(tuple, r.sentence_keys))) for r in refs]
    pair_keys = [PairKeys(cand_keys[0], rk) for rk, _ in ref_keys]
    measures = {spec.label: _run(spec, cand_keys, ref_keys, config, True, pair_keys) for spec in measure_specs(config)}
    return Report(config, cand, refs, measures, tuple(_input_notes(cand, refs)))


def score(
    candidate: TextInput, references: TextInput | Sequence[TextInput], config: RougeConfig = RougeConfig()
) -> dict[str, MeasureResult]:
    """The counts-only path: the same numbers as :func:`evaluate`, without explanations.

    >>> score("police kill the gunman", "police killed the gunman")["ROUGE-1"].score.recall
    0.75
    """
    config = _check_config(config)
    cand = analyze_keys(_check_text(candidate, "candidate"), config)
    refs = [analyze_keys(r, config) for r in _as_refs(references)]
    return {spec.label: _run(spec, cand, refs, config, False) for spec in measure_specs(config)}


def _input_notes(cand: Analysis, refs: Sequence[Analysis]) -> list[str]:
    notes = []
    if not refs:
        notes.append("no references were given: every score is 0")
    if not cand.text.strip():
        notes.append("the candidate is empty: every score is 0")
    elif not cand.tokens:
        notes.append("the candidate has no tokens after cleaning: every score is 0")
    for i, r in enumerate(refs, start=1):
        if not r.text.strip():
            notes.append(f"reference {i} is empty")
        elif not r.tokens:
            notes.append(f"reference {i} has no tokens after cleaning")
    return notes
