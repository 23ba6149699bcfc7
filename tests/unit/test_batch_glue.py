"""score_batch's Python glue between the compiled calls (issue 22, target 6): ids made only when read,
rouge155's rounding on columns; the columns stay those of the rounding one value at a time."""

from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.bench_workers import news_pairs
from rouge_core import BatchResult, RougeConfig, kernels, score, score_batch
from rouge_core.batch import score as batch_score
from rouge_core.batch.compiled import supported
from rouge_core.measures import scoring

FIELDS = ("precision", "recall", "fmeasure", "hit", "model", "peer", "has_counts", "note_index")
#: The two profiles' batch configs: rouge155's defaults (eight measures, rounded) and rouge-score's
#: (ROUGE-1, 2, L, Lsum as Lflat's sentences: unrounded), the latter also stemmed.
PROFILE_CONFIGS = {
    "rouge155": RougeConfig(),
    "rouge-score": RougeConfig(profile="rouge-score", max_n=2, wlcs_weight=None, skip_distance=None),
    "rouge-score-stem": RougeConfig(profile="rouge-score", max_n=2, wlcs_weight=None, skip_distance=None, stem=True),
}
#: The benchmarks' news pairs (lists of sentences), as strings too (what rouge-score is given).
NEWS = news_pairs(600, seed=5)
NEWS_TEXT = [(" ".join(c), " ".join(r[0])) for c, r in NEWS]


def _rounded_one_by_one(a: np.ndarray) -> np.ndarray:
    """``round5_all`` as it was: every value through :func:`rouge_core.measures.scoring.round5` (any shape)."""
    x = np.asarray(a, dtype=np.float64)
    return np.array([scoring.round5(v) for v in x.ravel().tolist()], dtype=np.float64).reshape(x.shape)


def _assert_same_columns(a: BatchResult, b: BatchResult) -> None:
    assert list(a.measures) == list(b.measures) and len(a) == len(b)
    for label, m in a.measures.items():
        o = b.measures[label]
        assert m.note_sets == o.note_sets, label
        for f in FIELDS:
            x, y = getattr(m, f), getattr(o, f)
            assert x.dtype == y.dtype and np.array_equal(x.view(np.uint8), y.view(np.uint8)), (label, f)


def _before_and_after(pairs: list, config: RougeConfig, monkeypatch: pytest.MonkeyPatch) -> None:
    after = score_batch(pairs, config)
    with monkeypatch.context() as m:
        m.setattr(scoring, "round5_all", _rounded_one_by_one)
        before = score_batch(pairs, config)
    _assert_same_columns(after, before)
    assert after.ids.tolist() == before.ids.tolist() == [str(i) for i in range(1, len(pairs) + 1)]


@pytest.mark.parametrize("profile", list(PROFILE_CONFIGS))
@pytest.mark.parametrize("corpus", ["sentences", "text"])
def test_bench_corpora_columns_are_identical_to_the_one_value_rounding(
    profile: str, corpus: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _before_and_after(NEWS if corpus == "sentences" else NEWS_TEXT, PROFILE_CONFIGS[profile], monkeypatch)


WORDS = st.sampled_from(["the", "police", "killed", "kill", "gunman", "a", "of", "runs", "ran", "42", "."])
SUMMARY = st.lists(st.lists(WORDS, max_size=12).map(" ".join), max_size=4).map("\n".join)
PAIRS = st.lists(st.tuples(SUMMARY, st.one_of(SUMMARY, st.lists(SUMMARY, min_size=1, max_size=3))), max_size=30)


@settings(max_examples=40, deadline=None)
@given(pairs=PAIRS, profile=st.sampled_from(list(PROFILE_CONFIGS)))
def test_generated_pairs_columns_are_identical_and_equal_score(pairs: list, profile: str) -> None:
    config = PROFILE_CONFIGS[profile]
    after = score_batch(pairs, config)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(scoring, "round5_all", _rounded_one_by_one)
        before = score_batch(pairs, config)
    _assert_same_columns(after, before)
    for i, (cand, refs) in enumerate(pairs):
        for label, want in score(cand, refs, config).items():
            assert after.measures[label].score(i) == want.score, (i, label)


def test_a_batch_makes_no_ids_unless_they_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Made ids cost 17 % of the rouge-score batch's glue: a chunk's ids were made and dropped, then
    the whole batch's, whether or not anyone read them."""
    made: list[int] = []
    real = batch_score.default_ids
    monkeypatch.setattr(batch_score, "default_ids", lambda n: made.append(n) or real(n))
    config = PROFILE_CONFIGS["rouge-score"]
    for workers in (1, 2):
        res = score_batch(NEWS_TEXT, config, workers=workers, chunk_size=100)
        assert (
            len(res) == 600
            and res.measures["ROUGE-1"].recall[3] == score(*NEWS_TEXT[3], config)["ROUGE-1"].score.recall
        )
        assert made == []
    assert res.ids.tolist() == [str(i) for i in range(1, 601)] and made == [600]
    assert res.ids is res.ids and made == [600]  # made once, then kept


@pytest.mark.parametrize("workers", [1, 2])
def test_ids_asked_for_are_there_and_read_right(workers: int) -> None:
    config = PROFILE_CONFIGS["rouge155"]
    ids = [f"news-{i:03d}" for i in range(len(NEWS))]
    res = score_batch(iter(NEWS), config, workers=workers, ids=iter(ids), chunk_size=64)
    assert res.ids.tolist() == ids and res.ids.dtype == object and len(res) == len(NEWS)
    plain = score_batch(NEWS, config)
    _assert_same_columns(res, plain)
    again = plain.with_ids(ids)
    assert again.ids.tolist() == ids and plain.ids.tolist() == [str(i) for i in range(1, len(NEWS) + 1)]


def test_a_batch_result_crosses_processes_and_stays_frozen() -> None:
    config = RougeConfig(max_n=1, rouge_l=False, wlcs_weight=None, skip_distance=None)
    res = score_batch([("a b", "a c"), ("b", "b")], config)
    back = pickle.loads(pickle.dumps(res))
    assert back._given is None and back.ids.tolist() == ["1", "2"]  # default ids are not sent
    named = pickle.loads(pickle.dumps(res.with_ids(["x", "y"])))
    assert named.ids.tolist() == ["x", "y"] and named.measures["ROUGE-1"].recall.tolist() == [0.5, 1.0]
    with pytest.raises(FrozenInstanceError):
        res.ids = np.array(["z", "w"], dtype=object)  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del res.config
    assert "ids=array(['1', '2'], dtype=object)" in repr(res)
    keyword = BatchResult(config=config, ids=None, measures=res.measures)
    assert len(keyword) == 2 and keyword.ids.tolist() == ["1", "2"]


def test_the_compiled_path_serves_the_benchmark_configs() -> None:
    """The tests above measure the chunk path's glue, not the per-pair path."""
    if kernels.impl() is None:
        pytest.skip("the chunk path needs numba")
    assert all(supported(c) for c in PROFILE_CONFIGS.values())


class _Shouting(str):
    """A sentence whose ``str()`` differs from its characters: as_text takes ``str(s)``."""

    def __str__(self) -> str:
        return self.upper() + " extra"


@pytest.mark.parametrize("profile", ["rouge155", "rouge-score"])
def test_sentence_lists_of_any_shape_read_as_score_reads_them(profile: str) -> None:
    """The joined fast path for lists of plain strs leaves tuples and str subclasses to the general rule."""
    config = PROFILE_CONFIGS[profile]
    pairs = [
        (["police kill", "the gunman"], [["police killed", "the gunman"]]),
        (("police kill", "the gunman"), ("police killed the gunman",)),
        ([_Shouting("police kill"), "the gunman"], [[_Shouting("extra police"), "gunman"]]),
        ([], [["a"]]),
        (["a", 3], ["a"]),  # not text: the per-pair path's error
    ]
    res = score_batch(pairs[:4], config)
    for i, (cand, refs) in enumerate(pairs[:4]):
        for label, want in score(cand, refs, config).items():
            assert res.measures[label].score(i) == want.score and res.measures[label].counts(i) == want.counts
    assert res.measures["ROUGE-1"].hit.tolist()[2] == 3  # "police", "extra", "gunman": str() was read
    with pytest.raises(batch_score.PairError, match="pair 4"):
        score_batch(pairs, config)


@pytest.mark.parametrize("rounded", [True, False])
def test_scores_of_a_row_per_measure_are_each_rows_scores(rounded: bool) -> None:
    """The chunk path scores every measure in one call (a row each): the numbers of one call a row."""
    rng = np.random.default_rng(4)
    hit = rng.integers(0, 40, size=(7, 300)).astype(np.float64)
    model, peer = hit + rng.integers(0, 40, size=hit.shape), hit + rng.integers(0, 40, size=hit.shape)
    model[0, :5] = peer[1, :5] = 0.0
    for alpha in (0.0, 0.2, 0.5, 1.0):
        together = scoring.scores(hit, model, peer, rounded, alpha)
        for m in range(7):
            one = scoring.scores(hit[m], model[m], peer[m], rounded, alpha)
            for a, b in zip(together, one):
                assert np.array_equal(a[m].view(np.uint64), b.view(np.uint64)), (alpha, m)
