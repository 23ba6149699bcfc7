"""Agreement with humans: the per-summary scores of ROUGE variants (:mod:`ui.compute.agreement_variants`) on the
summaries people judged (:mod:`ui.compute.agreement_human`), and the correlations of each variant with the human
scores; the scatter's rows and the pair a selected point opens in Inspect.

Pure functions (tested in tests/app/test_meta_eval.py) and the cached wrappers the page calls. Every
number is rouge_core's: ``rouge_core.score`` per (candidate, references) pair (the numbers of
``evaluate``), ``rouge_core.stats.correlation`` for the coefficients, intervals and tests.

Caches: per-pair scores per (corpus content hash, config signature, system, documents); the
correlations of a variant per (its matrix, the human matrix, the run settings). Nothing here draws
but a progress bar (:class:`LazyProgress`) while work that is not cached runs.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence, cast

import numpy as np
import pandas as pd
import streamlit as st

from annotation import CorpusInfo, Item
from rouge_core import RougeConfig, score
from rouge_core.io.readers import Corpus, Document
from rouge_core.stats.correlation import (
    Coefficient,
    Level,
    PermutationTest,
    Resample,
    bootstrap_interval,
    correlate,
    permutation_test,
)
from rouge_core.stats.correlation_levels import too_small
from rouge_core.stats.score_matrix import ScoreMatrix, score_matrix
from ui.compute.agreement_variants import Job, Variant
from ui.compute.corpus import measure, problems
from ui.widgets.corpus_input import Loaded, Source

#: Statistic letter -> the Score field it reads.
STATISTICS = {"F": "fmeasure", "R": "recall", "P": "precision"}
LEVEL_NAMES = {"summary": "summary level", "system": "system level", "global": "global level"}
COEFFICIENT_NAMES = {"pearson": "Pearson r", "spearman": "Spearman ρ", "kendall": "Kendall τ-b"}
RESAMPLE_NAMES = {"systems": "systems", "inputs": "inputs (documents)", "both": "systems and inputs"}
#: Half the band integer human scores are spread over in the scatter, and the seed of the spread.
JITTER, JITTER_SEED = 0.15, 17
#: Seconds of scoring after which the progress bar appears (cached steps take none: no bar flickers).
PROGRESS_AFTER = 0.3

# -- the metric side -----------------------------------------------------------------------------------

#: (system, doc_id, candidate sentences, references' sentences) of one stored item.
Pair = tuple[str, str, tuple[str, ...], tuple[tuple[str, ...], ...]]


def pairs_of(items: Sequence[Item], human: ScoreMatrix) -> dict[str, tuple[Pair, ...]]:
    """The items that have a human score, per system (in the human matrix's system order)."""
    judged = set(human.systems), set(human.inputs)
    out: dict[str, list[Pair]] = {str(s): [] for s in human.systems}
    for it in items:
        if it.system in judged[0] and it.doc_id in judged[1]:
            out[it.system].append((it.system, it.doc_id, it.candidate, it.references))
    return {s: tuple(p) for s, p in out.items()}


def too_large(pairs: Mapping[str, Sequence[Pair]], jobs: Sequence[Job]) -> list[str]:
    """ "<system>: <why>" for each system too large to score here (the Corpus page's budget, under the
    config with the most measures); empty when every system fits.

    >>> from ui.compute.agreement_variants import plan
    >>> too_large({"A": (("A", "d1", ("a b",), (("a",),)),)}, plan(RougeConfig(), [Variant("ROUGE-1", "CASE")]))
    []
    """
    largest = max(jobs, key=lambda j: len(j.config.measure_labels())).config
    return [
        f"{system}: {'; '.join(p)}"
        for system, ps in pairs.items()
        if (p := problems(measure(tuple(Document(d, s, c, r) for s, d, c, r in ps)), largest))
    ]


def score_pairs(pairs: Sequence[Pair], config: RougeConfig) -> dict[str, tuple[tuple[float, float, float], ...]]:
    """Each measure's (R, P, F) per pair, in the pairs' order: ``rouge_core.score`` (evaluate's numbers)."""
    out: dict[str, list[tuple[float, float, float]]] = {label: [] for label in config.measure_labels()}
    for _, _, cand, refs in pairs:
        for label, result in score(list(cand), [list(r) for r in refs], config).items():
            s = result.score
            out.setdefault(label, []).append((s.recall, s.precision, s.fmeasure))
    return {label: tuple(v) for label, v in out.items()}


@st.cache_data(show_spinner=False, max_entries=512)
def _scored(
    content_hash: str, signature: str, system: str, doc_ids: tuple[str, ...], _pairs: tuple[Pair, ...]
) -> dict[str, tuple[tuple[float, float, float], ...]]:
    # Keyed by what decides the numbers: the stored corpus, the config and the documents scored.
    return score_pairs(_pairs, RougeConfig.from_signature(signature))


class LazyProgress:
    """A progress bar that appears only once the work has taken :data:`PROGRESS_AFTER` seconds (cached
    steps take none, so a rerun draws no bar)."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.bar: Optional[Any] = None

    def update(self, fraction: float, text: str) -> None:
        if self.bar is None and time.perf_counter() - self.start > PROGRESS_AFTER:
            self.bar = st.progress(0.0)
        if self.bar is not None:
            self.bar.progress(min(max(fraction, 0.0), 1.0), text=text)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.empty()


def score_variants(
    content_hash: str, pairs: Mapping[str, tuple[Pair, ...]], jobs: Sequence[Job]
) -> dict[tuple[str, str], dict[str, tuple[tuple[float, float, float], ...]]]:
    """(setting, system) -> measure -> (R, P, F) per pair, from the cache or scored now (one progress bar)."""
    steps = [(job, system) for job in jobs for system in pairs]
    bar = LazyProgress()
    out: dict[tuple[str, str], dict[str, tuple[tuple[float, float, float], ...]]] = {}
    for k, (job, system) in enumerate(steps):
        bar.update(k / len(steps), f"Scoring {', '.join(job.measures)} · {job.setting}: step {k + 1} of {len(steps)}")
        doc_ids = tuple(p[1] for p in pairs[system])
        got = _scored(content_hash, job.config.signature(), system, doc_ids, pairs[system])
        out.setdefault((job.setting, system), {}).update({m: got[m] for m in job.measures})
    bar.close()
    return out


def metric_matrix(
    scored: Mapping[tuple[str, str], Mapping[str, Sequence[tuple[float, float, float]]]],
    pairs: Mapping[str, Sequence[Pair]],
    variant: Variant,
    statistic: str,
    human: ScoreMatrix,
) -> np.ndarray:
    """The variant's statistic as a systems x documents matrix aligned with ``human`` (NaN: not scored)."""
    column = {"R": 0, "P": 1, "F": 2}[statistic]
    records: list[tuple[str, str, float]] = []
    for system, ps in pairs.items():
        values = scored[(variant.setting, system)][variant.measure]
        records.extend((system, p[1], v[column]) for p, v in zip(ps, values))
    return score_matrix(records, human.systems, human.inputs).values


def inspect_target(info: CorpusInfo, item: Item) -> tuple[Loaded, Document]:
    """A stored item as the corpus pair ``ui.widgets.corpus_input.open_in_inspect`` opens (named by the
    stored corpus, so Inspect's way back says where it came from)."""
    doc = Document(item.doc_id, item.system, item.candidate, item.references, item.source, item.meta, item.origin)
    corpus = Corpus((doc,), (), info.fmt, info.sentences, info.name)
    return Loaded(corpus, Source("store", info.name, ()), info.sentences, info.content_hash[:16]), doc


def jittered(values: Sequence[float], seed: int = JITTER_SEED, width: float = JITTER) -> list[float]:
    """``values`` moved up or down by up to ``width`` (seeded: the same every run) when they are all whole
    numbers, as one annotator's 1-5 scores are (equal ones would hide each other); else unchanged.

    >>> jittered([0.5, 2.0])
    [0.5, 2.0]
    >>> [round(abs(v - w), 2) <= JITTER for v, w in zip(jittered([1.0, 1.0, 3.0]), [1.0, 1.0, 3.0])]
    [True, True, True]
    >>> jittered([1.0, 1.0]) == jittered([1.0, 1.0]) != [1.0, 1.0]
    True
    """
    if not values or any(not float(v).is_integer() for v in values):
        return [float(v) for v in values]
    shifts = np.random.default_rng(seed).uniform(-width, width, len(values))
    return [float(v) + float(d) for v, d in zip(values, shifts)]


def scatter_frame(x: np.ndarray, human: ScoreMatrix) -> pd.DataFrame:
    """A row per summary scored on both sides: system, doc_id, rouge, human and the human score as drawn
    (``shown``: :func:`jittered`) (systems in matrix order).

    >>> h = score_matrix([("A", "d1", 3.5), ("B", "d1", 4.0)])
    >>> scatter_frame(np.array([[0.5], [np.nan]]), h).to_dict("records")
    [{'system': 'A', 'doc_id': 'd1', 'rouge': 0.5, 'human': 3.5, 'shown': 3.5}]
    """
    rows = [
        (str(system), str(doc), float(x[i, j]), float(human.values[i, j]))
        for i, system in enumerate(human.systems)
        for j, doc in enumerate(human.inputs)
        if not (math.isnan(x[i, j]) or math.isnan(human.values[i, j]))
    ]
    frame = pd.DataFrame(rows, columns=["system", "doc_id", "rouge", "human"])
    frame["shown"] = jittered(frame["human"].tolist())
    return frame


def picked_point(event: Any, frame: pd.DataFrame) -> Optional[tuple[str, str]]:
    """The (system, doc_id) of the first point selected on :func:`ui.render.agreement.scatter_figure`
    (a trace per system in the frame's order, ``point_index`` the row within it); None if none is.

    >>> f = pd.DataFrame({"system": ["A", "B", "B"], "doc_id": ["1", "1", "2"], "rouge": [0.1] * 3, "human": [1.0] * 3})
    >>> picked_point({"selection": {"points": [{"curve_number": 1, "point_index": 1}]}}, f)
    ('B', '2')
    >>> picked_point({"selection": {"points": []}}, f) is None
    True
    """
    try:
        points = event["selection"]["points"]
        first = points[0]
        curve, index = int(first.get("curve_number", 0)), int(first["point_index"])
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    systems = list(dict.fromkeys(frame["system"]))
    if not 0 <= curve < len(systems):
        return None
    rows = frame[frame["system"] == systems[curve]]
    if not 0 <= index < len(rows):
        return None
    return systems[curve], str(rows.iloc[index]["doc_id"])


# -- correlations ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RunSettings:
    """What the correlation table computes, and how its intervals are drawn."""

    levels: tuple[str, ...]
    coefficients: tuple[str, ...]
    resample: str
    samples: int
    seed: int
    confidence: float  # in (0, 1)

    def signature(self) -> str:
        """One line naming every setting (goes with every number on the page and in the exports).

        >>> RunSettings(("summary",), ("kendall",), "both", 1000, 0, 0.95).signature()
        'levels:summary|coef:kendall|boot:both|samples:1000|seed:0|conf:95'
        """
        return (
            f"levels:{','.join(self.levels)}|coef:{','.join(self.coefficients)}|boot:{self.resample}"
            f"|samples:{self.samples}|seed:{self.seed}|conf:{100 * self.confidence:g}"
        )


@dataclass(frozen=True)
class Cell:
    """One correlation of one variant with its bootstrap interval (NaN where undefined; ``note`` says why)."""

    variant: str
    level: str
    coefficient: str
    value: float
    low: float
    high: float
    n_used: int
    n_skipped: int
    samples_used: int
    note: str = ""


def correlation_cells(x: np.ndarray, z: np.ndarray, variant: str, settings: RunSettings) -> tuple[Cell, ...]:
    """Every (level, coefficient) of one variant: the correlation and its bootstrap interval."""
    out = []
    resample = cast(Resample, settings.resample)
    for level in settings.levels:
        for coef in settings.coefficients:
            lv, cf = cast(Level, level), cast(Coefficient, coef)
            try:
                c = correlate(x, z, lv, cf)
                if c.reason:  # groups too small (rouge_core's rule): no value, so no interval of one either
                    out.append(Cell(variant, level, coef, math.nan, math.nan, math.nan, c.n_used, c.n_skipped, 0,
                                    c.reason))  # fmt: skip
                    continue
                b = bootstrap_interval(x, z, lv, cf, resample, settings.samples, settings.confidence, settings.seed)
            except ValueError as e:
                out.append(Cell(variant, level, coef, math.nan, math.nan, math.nan, 0, 0, 0, str(e)))
                continue
            note = "" if not math.isnan(c.value) else "undefined: too few pairs, or constant scores"
            out.append(Cell(variant, level, coef, c.value, b.low, b.high, c.n_used, c.n_skipped, b.samples_used, note))
    return tuple(out)


@st.cache_data(show_spinner=False, max_entries=4096)
def cached_cells(x: np.ndarray, z: np.ndarray, variant: str, settings: RunSettings) -> tuple[Cell, ...]:
    return correlation_cells(x, z, variant, settings)


def all_cells(matrices: Mapping[str, np.ndarray], z: np.ndarray, settings: RunSettings) -> list[Cell]:
    """Every variant's cells (cached per variant), with a progress bar when they take a while."""
    out: list[Cell] = []
    bar = LazyProgress()
    for k, (label, x) in enumerate(matrices.items()):
        bar.update(k / len(matrices), f"Correlating {label}: variant {k + 1} of {len(matrices)}")
        out.extend(cached_cells(x, z, label, settings))
    bar.close()
    return out


@st.cache_data(show_spinner=False, max_entries=256)
def compare_variants(
    x1: np.ndarray, x2: np.ndarray, z: np.ndarray, level: str, coefficient: str, resample: str, samples: int, seed: int
) -> PermutationTest:
    """Deutsch et al.'s (2021) permutation test of r(x1, z) = r(x2, z) (ValueError: rouge_core's message, or
    why the level's groups are too small)."""
    reason = too_small(x1, z, level) or too_small(x2, z, level)
    if reason:
        raise ValueError(f"the {level} level is {reason}")
    return permutation_test(x1, x2, z, cast(Level, level), cast(Coefficient, coefficient), cast(Resample, resample),
                            samples, seed)  # fmt: skip
