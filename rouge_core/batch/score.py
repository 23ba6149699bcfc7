"""Many pairs at once: :func:`score_batch` and its columnar result.

A pair is what :func:`rouge_core.evaluate_corpus` takes: ``(candidate, references)``, a summary
being a string (one sentence per line) or a list of sentences, and ``references`` one summary
or a list of them. Every pair is scored by :func:`rouge_core.score`, in chunks, in this process
or in worker processes (``workers``), or by any runner (:mod:`rouge_core.batch.runners`, the Dask
runner of :mod:`rouge_core.batch.distributed`); the numbers do not depend on where a chunk ran.

The result keeps, per measure, numpy columns in pair order: precision, recall, F and the counts
hit / model / peer (``has_counts`` False where the measure has no counts: jackknifing, or ROUGE-W
where ROUGE-1.5.5 dies). Pairs are read lazily: an iterator is never held whole, only the chunks
in flight and the columns.

>>> res = score_batch([("police kill the gunman", "police killed the gunman"), ("a b", ["a c", "b"])],
...                   RougeConfig(max_n=1, rouge_l=False, wlcs_weight=None, skip_distance=None))
>>> r1 = res.measures["ROUGE-1"]
>>> r1.recall.tolist(), r1.hit.tolist(), res.ids.tolist()
([0.75, 0.66667], [3, 2], ['1', '2'])
>>> res.totals()["ROUGE-1"]
Counts(hit=5, model=7, peer=8)
"""

from __future__ import annotations

import logging
import math
from dataclasses import FrozenInstanceError, dataclass
from functools import partial
from typing import Any, Iterable, Iterator, Mapping, Optional, Sequence, Union

import numpy as np

from ..config import RougeConfig
from ..evaluate import MeasureResult, score
from ..measures.registry import measure_specs
from ..measures.scoring import Counts, Score
from ..text.custom_tokenizer import CustomTokenizer
from ..text.tokenize import TextInput
from . import compiled
from .runners import InlineRunner, ProcessRunner, Runner, ThreadRunner, chunked, resolve_workers

#: A candidate and its references (one summary or several).
Pair = tuple[TextInput, Union[TextInput, Sequence[TextInput]]]
#: Pairs a chunk holds when neither the caller nor the corpus size says otherwise.
DEFAULT_CHUNK = 512
#: Chunks per worker when the corpus size is known (so small corpora still spread over every worker).
CHUNKS_PER_WORKER = 4

_COUNT_FIELDS = ("hit", "model", "peer")
_log = logging.getLogger(__name__)


class PairError(ValueError):
    """A pair that could not be scored: ``index`` (input order, from 0) and what went wrong.

    It crosses process boundaries intact (it pickles as ``(index, cause)``).

    >>> str(PairError(3, "TypeError: candidate must be a str"))
    'pair 3 (counting from 0): TypeError: candidate must be a str'
    """

    def __init__(self, index: int, cause: str) -> None:
        super().__init__(index, cause)
        self.index = index
        self.cause = cause

    def __str__(self) -> str:
        return f"pair {self.index} (counting from 0): {self.cause}"


def score_pair(pair: Any, config: RougeConfig, index: int) -> dict[str, MeasureResult]:
    """:func:`rouge_core.score` of one pair; any failure is a :class:`PairError` naming ``index``."""
    if not isinstance(pair, (tuple, list)) or len(pair) != 2:
        size = f" of {len(pair)} items" if isinstance(pair, (tuple, list)) else ""
        raise PairError(index, f"a pair is (candidate, references), not a {type(pair).__name__}{size}")
    try:
        return score(pair[0], pair[1], config)
    except Exception as e:  # any error of any pair: name the pair, keep the cause
        raise PairError(index, f"{type(e).__name__}: {e}") from e


def score_chunk(config: RougeConfig, start: int, chunk: list[Any]) -> list[dict[str, MeasureResult]]:
    """Every pair of a chunk scored (what a worker runs for :func:`rouge_core.evaluate_corpus`): by the
    compiled chunk kernels where they serve the config (:mod:`rouge_core.batch.compiled`), else pair by pair."""
    if compiled.supported(config):
        return compiled.results(config, start, chunk)
    return [score_pair(p, config, start + k) for k, p in enumerate(chunk)]


def columns_chunk(config: RougeConfig, start: int, chunk: list[Any]) -> BatchResult:
    """A chunk scored into columns (what a worker runs for :func:`score_batch`); ids are added later.

    Counted by the compiled chunk kernels where they serve the config (:mod:`rouge_core.batch.compiled`,
    the same numbers), else pair by pair."""
    if compiled.supported(config):
        return compiled.columns(config, start, chunk)  # type: ignore[no-any-return]
    return columns_from_results(score_chunk(config, start, chunk), config)


@dataclass(frozen=True, eq=False)
class MeasureColumns:
    """One measure over a batch, one array element per pair (pair order).

    Counts are int64 where every value is whole (ROUGE-N, -L, -S, -SU) and float64 otherwise
    (ROUGE-W's weighted counts); where ``has_counts`` is False they are 0. ``notes_of(i)`` gives a
    pair's notes (stored once per distinct set: ``note_sets[note_index[i]]``).
    """

    label: str
    family: str
    precision: np.ndarray
    recall: np.ndarray
    fmeasure: np.ndarray
    hit: np.ndarray
    model: np.ndarray
    peer: np.ndarray
    has_counts: np.ndarray
    note_sets: tuple[tuple[str, ...], ...]
    note_index: np.ndarray

    def __len__(self) -> int:
        return len(self.recall)

    def score(self, i: int) -> Score:
        """Pair ``i``'s score, as :func:`rouge_core.score` gave it."""
        return Score(float(self.precision[i]), float(self.recall[i]), float(self.fmeasure[i]))

    def counts(self, i: int) -> Optional[Counts]:
        """Pair ``i``'s counts (None where the measure has none)."""
        if not self.has_counts[i]:
            return None
        return Counts(*(_py(getattr(self, f)[i]) for f in _COUNT_FIELDS))

    def notes_of(self, i: int) -> tuple[str, ...]:
        return self.note_sets[int(self.note_index[i])]

    def take(self, order: np.ndarray) -> MeasureColumns:
        """The columns in another pair order (``order`` holds pair indices)."""
        arrays = {f: getattr(self, f)[order] for f in COLUMN_FIELDS}
        return MeasureColumns(self.label, self.family, note_sets=self.note_sets, **arrays)

    def total(self, order: Optional[np.ndarray] = None) -> Counts:
        """The counts summed in pair order (or ``order``), one after the other, as ROUGE-1.5.5 adds them."""
        cols = self if order is None else self.take(order)
        return Counts(*(_sequential_sum(getattr(cols, f)) for f in _COUNT_FIELDS))


#: The per-pair arrays of a :class:`MeasureColumns`, in the order they are taken, joined and packed.
COLUMN_FIELDS = ("precision", "recall", "fmeasure", "hit", "model", "peer", "has_counts", "note_index")


def _py(x: Any) -> Union[int, float]:
    return int(x) if isinstance(x, np.integer) else float(x)


def _sequential_sum(a: np.ndarray) -> Union[int, float]:
    # Left to right (cumsum never pairs), like a Python loop from 0: the last bit of a float
    # sum depends on the order. Whole counts stay ints.
    if a.dtype.kind in "iub":
        return int(a.sum())
    return float(np.cumsum(a)[-1]) if len(a) else 0


class BatchResult:
    """Every measure of every pair as columns (:class:`MeasureColumns`), keyed by label, plus the pair ids.

    ``ids`` may be None: the ids are then ``"1"``, ``"2"``, ... (:func:`default_ids`), made the first
    time they are read, so a batch whose ids nobody reads never makes them. Immutable, like the
    frozen record it was.

    >>> res = BatchResult(RougeConfig(), None, {})
    >>> len(res), res.ids.tolist()
    (0, [])
    """

    __slots__ = ("config", "measures", "_given", "_made", "_n")
    config: RougeConfig
    measures: Mapping[str, MeasureColumns]
    _given: Optional[np.ndarray]  # the ids given (None: the default ones)
    _made: Optional[np.ndarray]  # the ids once given or made
    _n: int

    def __init__(self, config: RougeConfig, ids: Optional[np.ndarray], measures: Mapping[str, MeasureColumns]) -> None:
        n = len(ids) if ids is not None else len(next(iter(measures.values()))) if measures else 0
        for name, value in (("config", config), ("measures", measures), ("_given", ids), ("_made", ids), ("_n", n)):
            object.__setattr__(self, name, value)

    @property
    def ids(self) -> np.ndarray:
        """The pair ids, one per pair (given, or ``"1"``, ``"2"``, ... made on first read)."""
        made: Optional[np.ndarray] = self._made
        if made is None:
            made = default_ids(self._n)
            object.__setattr__(self, "_made", made)  # two threads may both make it: the same ids
        return made

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        # Default ids are not sent: the receiving process makes them if it reads them.
        return (BatchResult, (self.config, self._given, self.measures))

    def __repr__(self) -> str:
        return f"BatchResult(config={self.config!r}, ids={self.ids!r}, measures={self.measures!r})"

    def __len__(self) -> int:
        return int(self._n)

    def totals(self) -> dict[str, Optional[Counts]]:
        """Per measure the counts summed over the pairs in pair order (None when jackknifing: no counts)."""
        if self.config.multi_ref == "jackknife":
            return {k: None for k in self.measures}
        return {k: m.total() for k, m in self.measures.items()}

    def with_ids(self, ids: Sequence[str]) -> BatchResult:
        """The same columns with other ids (one per pair, unique; kept as Python strings)."""
        if len(ids) != len(self):
            raise ValueError(f"invalid ids: {len(ids)} ids for {len(self)} pairs")
        if len(set(ids)) != len(ids):
            raise ValueError("invalid ids: evaluation IDs must be unique")
        return BatchResult(self.config, object_array(ids), self.measures)


def columns_from_results(results: Sequence[Mapping[str, MeasureResult]], config: RougeConfig) -> BatchResult:
    """Per-pair results (:func:`rouge_core.score`'s) as one :class:`BatchResult` (ids ``"1"``, ``"2"``, ...,
    made when read)."""
    n = len(results)
    measures = {}
    for spec in measure_specs(config):
        rs = [r[spec.label] for r in results]
        sets: dict[tuple[str, ...], int] = {(): 0}
        arrays: dict[str, np.ndarray] = {
            "precision": np.fromiter((r.score.precision for r in rs), np.float64, n),
            "recall": np.fromiter((r.score.recall for r in rs), np.float64, n),
            "fmeasure": np.fromiter((r.score.fmeasure for r in rs), np.float64, n),
            "has_counts": np.fromiter((r.counts is not None for r in rs), np.bool_, n),
            "note_index": np.fromiter((sets.setdefault(r.notes, len(sets)) for r in rs), np.int32, n),
        }
        for f in _COUNT_FIELDS:
            values = [getattr(r.counts, f) if r.counts is not None else 0 for r in rs]
            kind = np.int64 if all(isinstance(v, int) for v in values) else np.float64
            arrays[f] = np.array(values, dtype=kind)
        measures[spec.label] = MeasureColumns(spec.label, str(spec.family), note_sets=tuple(sets), **arrays)
    return BatchResult(config, None, measures)


def default_ids(n: int) -> np.ndarray:
    """``"1"``, ``"2"``, ... ``str(n)`` (like ROUGE-1.5.5's ``-z``), as an array of Python strings."""
    return object_array([str(i) for i in range(1, n + 1)])


def object_array(items: Sequence[str]) -> np.ndarray:
    """``items`` as a numpy array of Python objects (a ``str`` array would drop trailing NULs)."""
    out = np.empty(len(items), dtype=object)
    out[:] = items
    return out


def concat(parts: Sequence[BatchResult], config: RougeConfig) -> BatchResult:
    """Batches one after the other (their ids renumbered ``"1"``, ``"2"``, ..., made when read)."""
    parts = [p for p in parts if len(p)] or [columns_from_results([], config)]
    measures = {}
    for label, first in parts[0].measures.items():
        cols = [p.measures[label] for p in parts]
        sets: dict[tuple[str, ...], int] = {}
        index = []
        for c in cols:  # renumber each part's note sets into one table
            remap = np.array([sets.setdefault(s, len(sets)) for s in c.note_sets], dtype=np.int32)
            index.append(remap[c.note_index])
        arrays = {f: np.concatenate([getattr(c, f) for c in cols]) for f in COLUMN_FIELDS if f != "note_index"}
        measures[label] = MeasureColumns(
            label, first.family, note_sets=tuple(sets), note_index=np.concatenate(index), **arrays
        )
    return BatchResult(config, None, measures)


def chunk_size_for(n: Optional[int], workers: int, chunk_size: Optional[int] = None) -> int:
    """The chunk size: ``chunk_size`` if given; else, for a corpus of known size ``n`` on several
    workers, small enough to give each worker a few chunks; else :data:`DEFAULT_CHUNK`.

    >>> chunk_size_for(92, 2), chunk_size_for(10**6, 2), chunk_size_for(None, 2), chunk_size_for(92, 1)
    (12, 512, 512, 512)
    """
    if chunk_size is not None:
        if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
            raise ValueError(f"invalid chunk_size={chunk_size!r}: expected a positive integer")
        return chunk_size
    if n is None or workers <= 1:
        return DEFAULT_CHUNK
    return max(1, min(DEFAULT_CHUNK, math.ceil(n / (CHUNKS_PER_WORKER * workers))))


def _check_config(config: object) -> RougeConfig:
    if not isinstance(config, RougeConfig):
        raise TypeError(f"config must be a RougeConfig, not {type(config).__name__}")
    return config


def _runner(
    workers: int, runner: Optional[Runner], config: RougeConfig
) -> tuple[Runner, int, Optional[Union[ProcessRunner, ThreadRunner]]]:
    """(runner to use, its worker count, the runner to close afterwards if made here): threads when
    the compiled chunk path serves the config (its kernels release the GIL), or will once a background
    build has compiled it, else processes."""
    stuck = _unpicklable_tokenizer(config)  # a lambda or a nested function cannot reach a worker process
    if runner is not None:
        if stuck and not isinstance(runner, (InlineRunner, ThreadRunner)):
            raise ValueError(
                f"the tokenizer {stuck} cannot be sent to worker processes (it cannot be pickled): "
                "define it at module level, or score in this process (workers=1, no runner)"
            )
        return runner, int(getattr(runner, "workers", 1)), None
    n = resolve_workers(workers)
    if n > 1 and stuck:
        _log.warning(
            "the tokenizer %s cannot be sent to worker processes (it cannot be pickled): scoring in this process; "
            "define it at module level to use workers",
            stuck,
        )
        return InlineRunner(), 1, None
    if n == 1:
        return InlineRunner(), 1, None
    owned: Union[ProcessRunner, ThreadRunner] = ThreadRunner(n) if compiled.threads_serve(config) else ProcessRunner(n)
    return owned, n, owned


def _unpicklable_tokenizer(config: RougeConfig) -> Optional[str]:
    """The name of ``config``'s custom tokenizer when it cannot be pickled, else None."""
    tok = config.tokenizer
    return str(tok) if isinstance(tok, CustomTokenizer) and not tok.picklable() else None


def _map_chunks(
    fn: Any,
    pairs: Iterable[Pair],
    config: RougeConfig,
    workers: int,
    chunk_size: Optional[int],
    runner: Optional[Runner],
) -> Iterator[Any]:
    """``fn(config, chunk)`` of every chunk of ``pairs``, in order, on the chosen runner (closed after)."""
    if isinstance(pairs, (str, bytes)) or not isinstance(pairs, Iterable):
        raise TypeError(f"pairs must be an iterable of (candidate, references) pairs, not {type(pairs).__name__}")
    use, n_workers, owned = _runner(workers, runner, config)
    size = chunk_size_for(len(pairs) if isinstance(pairs, Sequence) else None, n_workers, chunk_size)
    try:
        yield from use.map(partial(fn, config), chunked(pairs, size))
    finally:
        if owned is not None:
            owned.close()


def iter_scores(
    pairs: Iterable[Pair],
    config: RougeConfig = RougeConfig(),
    workers: int = 1,
    chunk_size: Optional[int] = None,
    runner: Optional[Runner] = None,
) -> Iterator[list[dict[str, MeasureResult]]]:
    """:func:`rouge_core.score` of every pair, yielded chunk by chunk in pair order (lazily).

    >>> [len(c) for c in iter_scores(iter([("a", "a")] * 5), RougeConfig(max_n=1), chunk_size=2)]
    [2, 2, 1]
    """
    yield from _map_chunks(score_chunk, pairs, _check_config(config), workers, chunk_size, runner)


def score_batch(
    pairs: Iterable[Pair],
    config: RougeConfig = RougeConfig(),
    workers: int = 1,
    chunk_size: Optional[int] = None,
    ids: Optional[Iterable[str]] = None,
    runner: Optional[Runner] = None,
) -> BatchResult:
    """Score many pairs at once: the numbers of :func:`rouge_core.score` for each, as columns.

    ``workers``: threads or processes to score in (1: this process; 0: every core): threads where
    the compiled chunk path serves the config (:mod:`rouge_core.batch.compiled`: its kernels release
    the GIL), else processes. ``pairs`` may be any
    iterable, read ``chunk_size`` pairs at a time with a bounded number of chunks in flight
    (default: a few chunks per worker for a sized corpus, else :data:`DEFAULT_CHUNK`). ``ids``
    (default ``"1"``, ``"2"``, ...) must be unique, one per pair. ``runner`` overrides ``workers``
    (e.g. :class:`rouge_core.batch.distributed.DaskRunner`). A pair that fails raises :class:`PairError`
    naming its index.

    Worker processes start by ``forkserver`` (``spawn`` where there is none): a script that asks
    for workers needs the ``if __name__ == "__main__":`` guard of :mod:`multiprocessing`. A custom
    tokenizer that cannot be pickled (a lambda, a nested function) cannot reach them: with
    ``workers`` the pairs are then scored in this process, with a warning logged; with a process or
    Dask ``runner`` it is a ``ValueError``.
    """
    config = _check_config(config)
    parts = list(_map_chunks(columns_chunk, pairs, config, workers, chunk_size, runner))
    result = concat(parts, config)
    return result if ids is None else result.with_ids([str(i) for i in ids])
