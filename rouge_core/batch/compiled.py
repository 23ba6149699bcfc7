"""A chunk of :func:`rouge_core.score_batch` counted in a few compiled calls (:mod:`.kernels.chunk`).

Python only reads each pair's texts and joins them into one UTF-8 buffer
(:mod:`rouge_core.batch.chunk_texts`); tokenizing, word ids,
stemming and stopwords (by a table made once per distinct word), and every count of every
(pair, reference) run compiled, and the scores are computed column by column by
:func:`rouge_core.measures.scoring.scores` (:func:`rouge_core.measures.scoring.score`'s arithmetic on columns). The
numbers are those of :func:`rouge_core.score` (tests compare every column, every profile): a pair
this path does not take (a malformed pair, no reference, several references to combine by ``best``
or ``jackknife``, ROUGE-W of a token-less reference where ROUGE-1.5.5 dies) goes through
:func:`rouge_core.batch.score.score_pair` and lands in the same columns. Configs it does not serve at all
(no numba, the ``unicode`` tokenizer, a length limit, ROUGE-W as one weighted LCS of the whole text)
use the per-pair path for the whole chunk.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import accumulate
from typing import Any, Optional, Sequence

import numpy as np

from ..config import RougeConfig
from ..kernels import aot, backend, background, served
from ..kernels.stemmers import nltk_stem_ids
from ..measures.lcs import weights
from ..measures.registry import FAMILY, Family, MeasureSpec, kernel_rows, measure_specs
from ..measures.scoring import Counts, pool_rows, scores, selection
from ..profiles import Stemmer
from ..text.tokenize import TOKENIZER_REGISTRY, ByteRule, key_function
from .chunk_texts import plain_all, text_buffer
from .chunk_texts import plain_texts as plain_texts  # where it was first

#: Tokenizers whose rule the compiled tokenizer reproduces (on Python's ``lower()`` for rouge-score).
#: The tokenizers this path serves: each one's rule on UTF-8 bytes (from the tokenizer registry).
BYTE_TOKENIZERS: dict[str, ByteRule] = {
    n: t.byte_rule for n, t in TOKENIZER_REGISTRY.items() if t.byte_rule is not None
}


def supported(config: RougeConfig) -> bool:
    """Whether :func:`columns` serves this config (else the per-pair path does).

    >>> supported(RougeConfig(word_limit=10))
    False
    """
    return _served(config) and chunk_kernels_work(config)


@lru_cache(maxsize=32)
def _served(config: RougeConfig) -> bool:
    # What the config asks, known once per config: every chunk asks (in the scoring thread, GIL held).
    return (
        config.tokenizer in BYTE_TOKENIZERS
        and config.word_limit is None
        and config.byte_limit is None
        and (config.wlcs_weight is None or config.behaviour.wlcs_runs)
        and all(FAMILY[s.family].kernel_code is not None for s in _specs(config))
    )


@lru_cache(maxsize=32)
def _specs(config: RougeConfig) -> tuple[MeasureSpec, ...]:
    """:func:`measure_specs` of ``config``, made once per config (not once per chunk).

    >>> [s.label for s in _specs(RougeConfig(max_n=1, wlcs_weight=None, skip_distance=None))]
    ['ROUGE-1', 'ROUGE-L']
    """
    return tuple(measure_specs(config))


#: The kernel group of :mod:`rouge_core.kernels.chunk` (see :mod:`rouge_core.kernels.backend`).
CHUNK = "chunk kernels"
#: The chunk kernels that map words to keys (:func:`~rouge_core.kernels.chunk.compact`,
#: :func:`~rouge_core.kernels.chunk.localize`), used by a config that stems or drops stopwords only:
#: a group of their own, so a run that does neither compiles none of them, nor a stemmer.
CHUNK_KEYS = "chunk keying kernels"


def _chunk_check() -> bool:
    """Compile (or load) the chunk kernels on a small case with known counts, words as they are."""
    config = RougeConfig(max_n=2, skip_distance=-1, rouge_su=True)
    c = ChunkCounts(config, measure_specs(config), [CHECK_TEXTS])
    # ROUGE-1, 2, L, W-1.2, S*, SU*: every word matches, "police kill" is the one shared bigram, the
    # union LCS "police kill gunmen" is one run of the reference (3^1.2), 4 shared skip-bigrams
    # (the per-pair path's numbers)
    return bool(c.hit[:, 0].tolist() == [4.0, 1.0, 3.0, 3.0**1.2, 4.0, 7.0])


def _keys_check() -> bool:
    """Compile (or load) the keying kernels, and the counts of words mapped to keys, on a known case.

    Stopwords rather than stems: the keys come from Python's stopword list, so the check compiles
    no stemmer (a config that stems checks its own stemmer at its first word)."""
    config = RougeConfig(max_n=2, skip_distance=-1, rouge_su=True, remove_stopwords=True)
    c = ChunkCounts(config, measure_specs(config), [CHECK_TEXTS])
    # "the" dropped from both sides: "police kill gunmen" each (the per-pair path's numbers)
    return bool(c.hit[:, 0].tolist() == [3.0, 2.0, 3.0, 3.0**1.2, 3.0, 5.0])


#: The checks' pair (candidate, reference).
CHECK_TEXTS = ("Police kill the gunmen", "the police kill gunmen")

backend.register(CHUNK, _chunk_check)
backend.register(CHUNK_KEYS, lambda: backend.ready(CHUNK) and _keys_check())
aot.register(CHUNK, "chunk", ("tokenize", "intern_pairs", "chunk_counts"))
aot.register(CHUNK_KEYS, "chunk", ("compact", "localize"))


def keyed(config: RougeConfig) -> bool:
    """Whether a chunk of this config maps words to keys (stems, or drops stopwords).

    >>> keyed(RougeConfig()), keyed(RougeConfig(stem=True)), keyed(RougeConfig(remove_stopwords=True))
    (False, True, True)
    """
    return bool(config.stem or config.remove_stopwords)


def chunk_kernels_work(config: Optional[RougeConfig] = None) -> bool:
    """The backend is numba and the chunk kernels compile (or load) and count a small case right;
    checked once a process (:func:`rouge_core.kernels.backend.ready`). With a ``config`` that maps
    words to keys (:func:`keyed`), the keying kernels too; without one, the chunk kernels alone.
    The per-pair kernels (:func:`rouge_core.kernels.impl`) are not loaded for it: a run on the chunk
    path alone does not pay their loading."""
    if config is not None and keyed(config):
        return backend.ready(CHUNK_KEYS)
    return backend.ready(CHUNK)


def threads_serve(config: RougeConfig) -> bool:
    """Whether threads are the runner for this config's chunks: the chunk kernels serve it, or will
    once the background build has compiled them (:func:`rouge_core.kernels.background.building`;
    each chunk asks again and switches, where worker processes would each compile them now).

    >>> threads_serve(RougeConfig(word_limit=10))
    False
    """
    return supported(config) or (_served(config) and background.building())


def kernels_loaded(start: int, chunk: list[Any]) -> list[bool]:
    """Whether this process has checked and loaded the chunk kernels already, once per item of
    ``chunk``: a chunk function, so a worker pool can be asked without loading anything."""
    return [backend.passed(CHUNK)] * len(chunk)


class ChunkCounts:
    """Every count of a chunk's plain pairs: ``hit``/``model``/``peer`` are (measure, row) arrays,
    a row per (pair, reference); ``rows[p]`` is pair ``p``'s first row (and the end)."""

    def __init__(self, config: RougeConfig, specs: Sequence[MeasureSpec], texts: Sequence[Sequence[str]]) -> None:
        chunk = served("chunk")
        rule = BYTE_TOKENIZERS[str(config.tokenizer)]
        buf, text_start, text_end = text_buffer([t for pt in texts for t in pt], rule.lower_first)
        tok_start, tok_end, text_tok, sent_begin, sent_end, text_sent, tok_hash = chunk.tokenize(
            buf, text_start, text_end, np.frombuffer(rule.word, dtype=np.uint8)
        )
        self.pair_text = np.fromiter(accumulate(map(len, texts), initial=0), np.int64, len(texts) + 1)
        if config.stem or config.remove_stopwords:  # words -> keys once per distinct word of the chunk
            whole = np.array([0, len(text_tok) - 1], dtype=np.int64)  # the chunk's words, one numbering
            ids, n_words, first = chunk.intern_pairs(buf, tok_start, tok_end, tok_hash, text_tok, whole)
            first = first[: n_words[0]]
            stemmed = None  # rouge-score's stemmer alone: every word stemmed and numbered in one compiled call
            if config.stem and not config.remove_stopwords and config.behaviour.stemmer == Stemmer.NLTK:
                stemmed = nltk_stem_ids(buf, tok_start[first], tok_end[first])  # None under pure Python
            if stemmed is not None:
                key_of, n_keys = stemmed
            else:
                key = key_function(config)
                key_ids: dict[str, int] = {}
                raw = buf.tobytes()
                starts, ends = tok_start[first].tolist(), tok_end[first].tolist()
                keys = (key(raw[s:e].decode("ascii")) for s, e in zip(starts, ends))
                key_of = np.fromiter(
                    (-1 if k is None else key_ids.setdefault(k, len(key_ids)) for k in keys), np.int64, len(first)
                )
                n_keys = len(key_ids)
            ids, text_tok, sent_begin, sent_end = chunk.compact(ids, key_of, text_tok, sent_begin, sent_end)
            lid, pair_vocab = chunk.localize(ids, n_keys, text_tok, self.pair_text)
        else:  # the words themselves: ids within each pair straight away
            lid, pair_vocab, _ = chunk.intern_pairs(buf, tok_start, tok_end, tok_hash, text_tok, self.pair_text)
        self.rows = self.pair_text - np.arange(len(texts) + 1)
        self.lengths = np.diff(text_tok)  # tokens per text
        n_rows = int(self.rows[-1])
        fam = [s.family for s in specs]
        w = config.wlcs_weight
        longest = int((sent_end - sent_begin).max()) if len(sent_end) else 0
        f = np.asarray(weights(w, longest + 1) if w is not None else [0.0], dtype=np.float64)
        self.hit = np.zeros((len(specs), n_rows))
        self.model = np.zeros((len(specs), n_rows))
        self.peer = np.zeros((len(specs), n_rows))
        self.w_base = np.zeros(n_rows)
        chunk.chunk_counts(
            lid,
            pair_vocab,
            text_tok,
            sent_begin,
            sent_end,
            text_sent,
            self.pair_text,
            np.asarray(kernel_rows(specs), dtype=np.int64).reshape(len(specs), 2),
            config.behaviour.union_budget,
            w is not None and w != 1.0,
            f,
            config.resolved.skip_distance,
            config.behaviour.su_last_unigram,
            self.hit,
            self.model,
            self.peer,
            self.w_base,
        )
        if Family.W in fam and w is not None:
            m = fam.index(Family.W)
            double = config.behaviour.wlcs_double_weight
            self.model[m] = [b**w if double else b for b in self.w_base.tolist()]
            cand_len = np.repeat(self.lengths[self.pair_text[:-1]], np.diff(self.rows))
            self.peer[m] = [float(x) ** w for x in cand_len.tolist()]

    def empty_reference(self) -> np.ndarray:
        """Per pair: whether a reference has no token."""
        empty = self.lengths == 0
        empty[self.pair_text[:-1]] = False  # the candidates
        seen = np.concatenate(([0], np.cumsum(empty)))
        return np.asarray(seen[self.pair_text[1:]] - seen[self.pair_text[:-1]] > 0)


def columns(config: RougeConfig, start: int, chunk: list[Any]) -> Any:
    """:func:`rouge_core.batch.score.columns_chunk` of a chunk, counted by the compiled chunk kernels."""
    from .score import BatchResult, MeasureColumns, score_pair

    specs = _specs(config)
    texts = plain_all(chunk)
    plain = [k for k, t in enumerate(texts) if t is not None]
    counts = ChunkCounts(config, specs, [texts[k] for k in plain])  # type: ignore[misc]
    # The pairs taken here: one reference, or several pooled; not a token-less reference where
    # ROUGE-1.5.5's ROUGE-W dies (the per-pair path notes it).
    n_refs = np.diff(counts.rows)
    take = (n_refs == 1) | ((n_refs > 1) & (config.multi_ref == "pooled"))
    if config.behaviour.wlcs_dies_on_empty_reference and any(s.family == Family.W for s in specs):
        take &= ~counts.empty_reference()
    sel = np.flatnonzero(take)  # positions among the plain pairs
    fast_idx = np.array(plain, dtype=np.int64)[sel]  # positions in the chunk
    row_idx = counts.rows[:-1][sel]
    pooled = np.flatnonzero(n_refs[sel] > 1)  # positions among the taken pairs
    pooled_rows = counts.rows[sel[pooled]], counts.rows[sel[pooled] + 1]
    n = len(chunk)
    every = len(fast_idx) == n  # every pair taken here (the common case): the columns are the values
    taken = np.zeros(n, dtype=np.bool_)
    taken[fast_idx] = True
    slow_results = {k: score_pair(chunk[k], config, start + k) for k in np.flatnonzero(~taken).tolist()}
    # The taken pairs' counts, a row per measure (new arrays), then every measure's scores in one
    # call of :func:`scores` (element by element: the numbers of one call per measure), but ROUGE-W's
    # (its f^-1 is one Python call a value, on a column).
    hits, models, peers = (a[:, row_idx] for a in (counts.hit, counts.model, counts.peer))
    if len(pooled):  # the references' counts pooled as the per-pair path pools them
        for every_row, taken_rows in zip((counts.hit, counts.model, counts.peer), (hits, models, peers)):
            for m in range(len(specs)):
                taken_rows[m, pooled] = pool_rows(every_row[m], *pooled_rows)
    rule = config.behaviour.rounding, config.alpha
    weighted = [m for m, s in enumerate(specs) if s.family == Family.W]
    if not weighted:
        ps, rs, fs = scores(hits, models, peers, *rule)
    else:
        ps, rs, fs = np.zeros_like(hits), np.zeros_like(hits), np.zeros_like(hits)
        plain_rows = [m for m in range(len(specs)) if m not in weighted]
        if plain_rows:
            ps[plain_rows], rs[plain_rows], fs[plain_rows] = scores(
                hits[plain_rows], models[plain_rows], peers[plain_rows], *rule
            )
        for m in weighted:
            ps[m], rs[m], fs[m] = scores(hits[m], models[m], peers[m], *rule, config.wlcs_weight)
    measures = {}
    for m, spec in enumerate(specs):
        is_w = spec.family == Family.W
        sets: dict[tuple[str, ...], int] = {(): 0}
        values = dict(zip(_COLUMNS, (ps[m], rs[m], fs[m], hits[m], models[m], peers[m])))
        cols: dict[str, np.ndarray]
        if every:  # pair order already: the measure's rows (float64, each its own memory)
            cols = dict(values)
        else:
            cols = {name: np.zeros(n) for name in _COLUMNS}
            for name, v in values.items():
                cols[name][fast_idx] = v
        has = taken.copy()
        note = np.zeros(n, dtype=np.int32)
        note[fast_idx] = sets.setdefault(spec.notes, len(sets))
        for k, res in slow_results.items():
            mr = res[spec.label]
            sc, co = mr.score, mr.counts
            cols["precision"][k], cols["recall"][k], cols["fmeasure"][k] = sc.precision, sc.recall, sc.fmeasure
            if co is not None:
                has[k] = True
                cols["hit"][k], cols["model"][k], cols["peer"][k] = co.hit, co.model, co.peer
            note[k] = sets.setdefault(mr.notes, len(sets))
        whole = not (is_w and has.any())  # ROUGE-W's counts are floats, the others whole numbers
        for name in ("hit", "model", "peer"):
            if whole:
                cols[name] = cols[name].astype(np.int64)
        measures[spec.label] = MeasureColumns(
            spec.label, str(spec.family), has_counts=has, note_sets=tuple(sets), note_index=note, **cols
        )
    return BatchResult(config, None, measures)


#: A measure's float columns, in :func:`rouge_core.measures.scoring.scores`' order and then the counts.
_COLUMNS = ("precision", "recall", "fmeasure", "hit", "model", "peer")


def _reference_values(
    config: RougeConfig, spec: MeasureSpec, counts: ChunkCounts, m: int
) -> tuple[list[Any], list[float]]:
    """Per row: the measure's :class:`~rouge_core.measures.scoring.Counts` (the Python types the per-pair
    path gives) and its ``-f B`` selection value (:mod:`rouge_core.measures`' and
    :func:`rouge_core.measures.summary_lcs.lcs_measure`'s)."""
    hits, models, peers = counts.hit[m].tolist(), counts.model[m].tolist(), counts.peer[m].tolist()
    if spec.family == Family.W:
        w = config.wlcs_weight
        assert w is not None
        made = [Counts(h, mo, pe) for h, mo, pe in zip(hits, models, peers)]
        return made, [selection(h, b, w=w) for h, b in zip(hits, counts.w_base.tolist())]
    made = [Counts(int(h), int(mo), int(pe)) for h, mo, pe in zip(hits, models, peers)]
    # ROUGE-1.5.5 rounds the n-gram and skip-bigram selection values, not the LCS ones
    rounded = config.behaviour.rounding and spec.family not in (Family.L, Family.LFLAT)
    return made, [selection(h, mo, rounded) for h, mo in zip(hits, models)]


def results(config: RougeConfig, start: int, chunk: list[Any]) -> list[dict[str, Any]]:
    """:func:`rouge_core.batch.score.score_chunk` of a chunk: :func:`rouge_core.score`'s results from the
    compiled chunk counts. Several references are combined by :func:`rouge_core.evaluate.combine`;
    one reference's score is its own in every mode (computed column by column by
    :func:`rouge_core.measures.scoring.scores`),
    chosen (reference 0) unless pooled."""
    from ..evaluate import MeasureResult, ReferenceResult, combine
    from ..measures.scoring import Score
    from .score import score_pair

    specs = measure_specs(config)
    texts = plain_all(chunk)
    plain = [k for k, t in enumerate(texts) if t is not None]
    counts = ChunkCounts(config, specs, [texts[k] for k in plain])  # type: ignore[misc]
    dies = config.behaviour.wlcs_dies_on_empty_reference and any(s.family == Family.W for s in specs)
    skip = counts.empty_reference().tolist() if dies else [False] * len(plain)
    values = [_reference_values(config, spec, counts, m) for m, spec in enumerate(specs)]
    rounded, alpha = config.behaviour.rounding, config.alpha
    row_scores = []  # per measure, each row's Score
    for m, spec in enumerate(specs):
        w = config.wlcs_weight if spec.family == Family.W else None
        p, r, f = scores(counts.hit[m], counts.model[m], counts.peer[m], rounded, alpha, w)
        row_scores.append([Score(*x) for x in zip(p.tolist(), r.tolist(), f.tolist())])
    chosen_one = None if config.multi_ref == "pooled" else 0
    out: list[Optional[dict[str, Any]]] = [None] * len(chunk)
    rows = counts.rows.tolist()
    for j, k in enumerate(plain):
        if skip[j]:
            continue  # ROUGE-W's note and zero: the per-pair path
        r0, r1 = rows[j], rows[j + 1]
        measures = {}
        for spec, (made, sel), sc in zip(specs, values, row_scores):
            if r1 - r0 == 1:
                c, one = made[r0], sc[r0]
                alone = (ReferenceResult(c, one, sel[r0]),)
                measures[spec.label] = MeasureResult(spec.label, spec.family, one, c, alone, chosen_one, (), spec.notes)
                continue
            per = [(made[q], sel[q]) for q in range(r0, r1)]
            score, total, chosen, jack, each = combine(per, config, spec.inverse, sc[r0:r1])
            refs = tuple(ReferenceResult(c, e, s) for (c, s), e in zip(per, each))
            measures[spec.label] = MeasureResult(spec.label, spec.family, score, total, refs, chosen, jack, spec.notes)
        out[k] = measures
    return [r if r is not None else score_pair(chunk[k], config, start + k) for k, r in enumerate(out)]
