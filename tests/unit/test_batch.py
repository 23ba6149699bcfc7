"""rouge_core.batch and rouge_core.batch.runners: score_batch gives score()'s numbers, on any number of workers;
inputs are read lazily; errors name the pair; the bootstrap's memory is bounded per block."""

from __future__ import annotations

import itertools
import json
import tracemalloc
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from benchmarks.bench_workers import news_pairs
from rouge_core import PROFILES, BatchResult, PairError, RougeConfig, evaluate_corpus, score, score_batch
from rouge_core.batch.corpus import summarize_batch
from rouge_core.batch.runners import InlineRunner, ProcessRunner, cores, resolve_workers
from rouge_core.batch.score import chunk_size_for, iter_scores
from rouge_core.stats.bootstrap import BLOCK_CELLS, bootstrap_sums, index_pieces, perl_resample_indices, resample_sums
from rouge_core.text.stem import ExceptionTable

DATA = Path(__file__).parents[1] / "conformance" / "data"
CASES = [json.loads(line) for line in (DATA / "cases.jsonl").read_text(encoding="utf-8").splitlines()]
#: The conformance cases (empty and token-less references, -f B ties, byte limits ...) and generated pairs.
PAIRS = [(c["candidate"], c["references"]) for c in CASES] + news_pairs(40, seed=3)

OPTIONS = [
    dict(max_n=4, skip_distance=4, rouge_su=True),
    dict(max_n=2, skip_distance=-1, rouge_su=True, multi_ref="best", stem=True),
    dict(max_n=1, wlcs_weight=1.5, remove_stopwords=True, word_limit=20, alpha=0.3),
]


def _configs():
    for profile, kw in itertools.product(PROFILES, OPTIONS):
        yield RougeConfig(profile=profile, **kw)
    yield RougeConfig(profile="paper", multi_ref="jackknife", max_n=2, skip_distance=4)


CONFIGS = list(_configs())


def assert_same_as_score(res: BatchResult, pairs, config: RougeConfig) -> None:
    assert len(res) == len(pairs) and list(res.measures) == config.measure_labels()
    for i, (cand, refs) in enumerate(pairs):
        want = score(cand, refs, config)
        for label, m in want.items():
            col = res.measures[label]
            assert col.score(i) == m.score, (i, label)
            assert col.counts(i) == m.counts, (i, label)
            assert col.notes_of(i) == m.notes, (i, label)
            if m.counts is not None:  # the same Python type too (ints stay ints)
                assert [type(x) for x in (col.counts(i).hit, col.counts(i).model)] == [
                    type(float(m.counts.hit)) if isinstance(m.counts.hit, float) else int,
                    type(float(m.counts.model)) if isinstance(m.counts.model, float) else int,
                ]


@pytest.mark.parametrize("config", CONFIGS, ids=[c.signature() for c in CONFIGS])
def test_score_batch_equals_score_for_every_pair(config):
    assert_same_as_score(score_batch(PAIRS, config), PAIRS, config)


def test_workers_and_chunks_change_no_number():
    config = RougeConfig(max_n=2, skip_distance=4, rouge_su=True, stem=True)
    one = score_batch(PAIRS, config)
    with ProcessRunner(2) as pool:
        for res in (
            score_batch(PAIRS, config, workers=2),
            score_batch(PAIRS, config, workers=2, chunk_size=1),
            score_batch(iter(PAIRS), config, runner=pool, chunk_size=7),
            score_batch(PAIRS, config, runner=InlineRunner(), chunk_size=5),
        ):
            for label, m in one.measures.items():
                other = res.measures[label]
                for field in ("precision", "recall", "fmeasure", "hit", "model", "peer", "has_counts"):
                    a, b = getattr(m, field), getattr(other, field)
                    assert a.dtype == b.dtype and (a == b).all(), (label, field)
                assert [m.notes_of(i) for i in range(len(m))] == [other.notes_of(i) for i in range(len(m))]
            assert res.ids.tolist() == one.ids.tolist()
    assert_same_as_score(score_batch(PAIRS, CONFIGS[1], workers=2, chunk_size=3), PAIRS, CONFIGS[1])


def test_every_profile_on_two_workers():
    for config in CONFIGS[::3]:
        assert_same_as_score(score_batch(PAIRS, config, workers=2), PAIRS, config)


def test_workers_zero_means_every_core():
    assert resolve_workers(0) == cores() >= 1
    with pytest.raises(ValueError, match="workers"):
        resolve_workers(-1)
    with pytest.raises(ValueError, match="chunk_size"):
        score_batch(PAIRS, RougeConfig(), chunk_size=0)
    res = score_batch(PAIRS[:10], RougeConfig(max_n=1), workers=0)
    assert (
        res.measures["ROUGE-1"].recall.tolist()
        == score_batch(PAIRS[:10], RougeConfig(max_n=1)).measures["ROUGE-1"].recall.tolist()
    )


def test_chunk_sizes():
    assert chunk_size_for(92, 2) == 12 and chunk_size_for(10**7, 8) == 512 and chunk_size_for(None, 4) == 512
    assert chunk_size_for(3, 2) == 1 and chunk_size_for(5, 2, 2) == 2


class Counted:
    """An iterator of pairs that counts what was taken from it."""

    def __init__(self, n: int) -> None:
        self.taken = 0
        self.n = n

    def __iter__(self):
        for i in range(self.n):
            self.taken += 1
            yield (f"a b c{i}", [f"a c{i % 5} b"])


@pytest.mark.parametrize("make", [InlineRunner, lambda: ProcessRunner(2, in_flight=3)])
def test_an_iterator_is_read_a_bounded_number_of_chunks_ahead(make):
    runner = make()
    source = Counted(10_000)
    it = iter_scores(iter(source), RougeConfig(max_n=1), chunk_size=50, runner=runner)
    first = next(it)
    in_flight = getattr(runner, "in_flight", 1)
    assert len(first) == 50 and source.taken <= 50 * in_flight + 1
    for _ in range(5):
        next(it)
    assert source.taken <= 50 * (6 + in_flight) + 1
    it.close()
    if isinstance(runner, ProcessRunner):
        runner.close()


def test_generator_input_and_ids():
    config = RougeConfig(max_n=1, rouge_l=False, wlcs_weight=None, skip_distance=None)
    res = score_batch((p for p in PAIRS), config, workers=2, ids=(f"d{i}" for i in range(len(PAIRS))))
    assert res.ids.tolist() == [f"d{i}" for i in range(len(PAIRS))]
    assert (res.measures["ROUGE-1"].recall == score_batch(PAIRS, config).measures["ROUGE-1"].recall).all()
    with pytest.raises(ValueError, match="unique"):
        score_batch(PAIRS[:2], config, ids=["a", "a"])
    with pytest.raises(ValueError, match="2 pairs"):
        score_batch(PAIRS[:2], config, ids=["a"])
    empty = score_batch([], config)
    assert len(empty) == 0 and empty.totals() == {"ROUGE-1": empty.measures["ROUGE-1"].total()}


@pytest.mark.parametrize("workers", [1, 2])
def test_a_bad_pair_is_named_by_its_index(workers):
    pairs = list(PAIRS[:50])
    pairs[37] = (b"bytes", ["a reference"])
    with pytest.raises(PairError, match=r"pair 37 \(counting from 0\): TypeError: candidate must be a str") as e:
        score_batch(iter(pairs), RougeConfig(max_n=1), workers=workers, chunk_size=4)
    assert e.value.index == 37
    pairs[37] = ("only a candidate",)
    with pytest.raises(PairError, match="pair 37 .*a pair is \\(candidate, references\\), not a tuple of 1 items"):
        score_batch(pairs, RougeConfig(max_n=1), workers=workers)
    with pytest.raises(PairError, match="pair 37"):
        evaluate_corpus(pairs, RougeConfig(max_n=1), workers=workers)
    with pytest.raises(TypeError, match="config must be a RougeConfig"):
        score_batch(pairs, {"max_n": 1}, workers=workers)


def test_the_stem_exception_table_reaches_the_workers():
    # "mice" is "rodent" in the table: "rodent" and "ran" match, R = 2/3 (0.66667 as rouge155 prints it);
    # the pinned WordNet map makes it "mouse": only "ran" matches, R = 1/3 (0.33333). The table travels
    # with the config, to threads and processes.
    pairs = [("the mice ran", "a rodent ran")] * 6
    config = RougeConfig(max_n=1, stem=True)
    table = replace(config, exception_table=ExceptionTable.of("test", {"mice": "rodent"}))
    assert score_batch(pairs, config, workers=2).measures["ROUGE-1"].recall.tolist() == [0.33333] * 6
    inline = score_batch(pairs, table).measures["ROUGE-1"].recall.tolist()
    with ProcessRunner(2) as pool:
        spread = score_batch(pairs, table, runner=pool, chunk_size=1).measures["ROUGE-1"].recall.tolist()
    threads = score_batch(pairs, table, workers=2, chunk_size=1).measures["ROUGE-1"].recall.tolist()
    assert inline == spread == threads == [0.66667] * 6
    assert score_batch(pairs, config).measures["ROUGE-1"].recall.tolist() == [0.33333] * 6  # nothing left behind


def test_workers_are_threads_on_the_compiled_chunk_path_and_processes_otherwise(monkeypatch):
    from rouge_core.batch import compiled, runners

    used = []
    for cls in (runners.ThreadRunner, runners.ProcessRunner):
        real = cls.map
        monkeypatch.setattr(
            cls, "map", lambda self, fn, chunks, real=real: used.append(type(self)) or real(self, fn, chunks)
        )
    fast, slow = RougeConfig(max_n=2), RougeConfig(max_n=2, tokenizer="unicode")
    assert not compiled.supported(slow)
    for config in (fast, slow):
        assert_same_as_score(score_batch(PAIRS, config, workers=2, chunk_size=7), PAIRS, config)
    assert used == [
        runners.ThreadRunner if compiled.supported(fast) else runners.ProcessRunner,
        runners.ProcessRunner,
    ]


@pytest.mark.parametrize("config", CONFIGS[:3] + [RougeConfig(profile="paper", averaging=1)])
def test_evaluate_corpus_on_workers_is_identical(config):
    ids = [f"doc{i:03d}" for i in range(len(PAIRS))][::-1]
    a = evaluate_corpus(PAIRS, config, ids=ids)
    seen = []
    b = evaluate_corpus(PAIRS, config, ids=ids, workers=2, progress=lambda d, t: seen.append((d, t)))
    assert a.instances == b.instances and a.measures == b.measures
    assert seen[-1] == (len(PAIRS), len(PAIRS)) and len(seen) > 1


@pytest.mark.parametrize("averaging", [0, 1, 2])
@pytest.mark.parametrize("profile", ["rouge155", "paper"])
def test_summarize_batch_equals_evaluate_corpus(profile, averaging):
    config = RougeConfig(profile=profile, averaging=averaging, bootstrap_samples=300, wlcs_weight=1.2)
    ids = [f"{i % 7}-{i}" for i in range(len(PAIRS))]
    report = evaluate_corpus(PAIRS, config, ids=ids, peer_id="S")
    summary = summarize_batch(score_batch(PAIRS, config, workers=2, ids=ids), peer_id="S")
    for label, m in report.measures.items():
        s = summary[label]
        assert (s.recall, s.precision, s.fmeasure, s.totals, s.notes) == (
            m.recall,
            m.precision,
            m.fmeasure,
            m.totals,
            m.notes,
        )
    assert any("would abort" in n for n in report.measures["ROUGE-W-1.2"].notes) == (profile == "rouge155")


# -- the bootstrap's blocks ------------------------------------------------------------------------


def _loop_sums(values: np.ndarray, idx: np.ndarray) -> np.ndarray:
    # The reference: one draw after the other, as ROUGE-1.5.5 adds them.
    total = np.zeros((idx.shape[0], values.shape[1]))
    for j in range(idx.shape[1]):
        total = total + values[idx[:, j]]
    return total


def _loop_perl(n: int, samples: int) -> np.ndarray:
    from rouge_core.stats.bootstrap import Drand48

    out = np.zeros((samples, n), dtype=np.int64)
    for s in range(samples):
        g = Drand48(s)
        out[s] = [g.index(n) for _ in range(n)]
    return out


@pytest.mark.parametrize("n", [1, 3, 92, 401])
def test_vectorised_perl_draws_equal_drand48(n):
    assert (perl_resample_indices(n, 40) == _loop_perl(n, 40)).all()


@pytest.mark.parametrize("perl", [True, False])
@pytest.mark.parametrize("cells", [1, 5, 64, 10_000])
def test_bootstrap_sums_do_not_depend_on_the_block_size(perl, cells):
    values = np.random.default_rng(4).random((57, 6))
    idx = perl_resample_indices(57, 30) if perl else np.random.default_rng(9).integers(0, 57, size=(30, 57))
    want = _loop_sums(values, idx)
    rng = None if perl else np.random.default_rng(9)
    assert (bootstrap_sums(values, 30, perl, rng, cells=cells) == want).all()
    assert (resample_sums(values, idx, cells=cells) == want).all()
    pieces = list(index_pieces(57, 30, perl, None if perl else np.random.default_rng(9), cells))
    assert all(p.size <= max(cells, 57 if cells >= 57 else cells) for _, _, p in pieces)
    whole = np.zeros((30, 57), dtype=np.int64)
    for row, col, p in pieces:
        whole[row : row + p.shape[0], col : col + p.shape[1]] = p
    assert (whole == idx).all()


def test_bootstrap_memory_is_bounded_by_the_block():
    # 200 resamples of 100,000 instances: all the indices at once would be 160 MB of int64.
    n, samples, cells = 100_000, 200, 200_000
    values = np.random.default_rng(1).random((n, 3))
    tracemalloc.start()
    try:
        bootstrap_sums(values, samples, True, cells=cells)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * cells * 8, peak  # a few blocks of `cells` 8-byte numbers, never samples x n
    assert BLOCK_CELLS * 8 <= 32 * 2**20
