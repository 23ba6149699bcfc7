"""rouge_core.compat.compute: Hugging Face evaluate's rouge output (names, shapes, the bootstrap median
drawn from numpy's global random state), and rouge_core.compat.aggregate against rouge-score's
BootstrapAggregator. Generated text: tests/property/test_compat_property.py."""

from __future__ import annotations

import numpy as np
import pytest

from rouge_core.compat import aggregate, compute
from rouge_core.compat.aggregate import bootstrap_percentiles

PREDICTIONS = ["the cat sat on the mat", "a dog barked", "police kill the gunman", ""]
REFERENCES = ["the cat was on the mat", "the dog barked loudly", "police killed the gunman", "nothing"]


def test_default_names_and_per_pair_lists():
    out = compute(PREDICTIONS, REFERENCES, use_aggregator=False)
    assert list(out) == ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    # rouge1: 5/6 both ways; 2 of 3 and of 4 words (F 4/7); 3 of 4; an empty prediction scores 0.
    assert out["rouge1"] == [pytest.approx(5 / 6), pytest.approx(4 / 7), 0.75, 0.0]
    assert out["rouge2"][2] == pytest.approx(1 / 3)
    assert all(isinstance(x, float) for x in out["rougeL"])


def test_multi_reference_lists_take_the_best_reference():
    out = compute(["a b c"], [["x y", "a b c"]], rouge_types=["rouge1"], use_aggregator=False)
    assert out == {"rouge1": [1.0]}


def test_the_aggregate_is_the_bootstrap_median_under_the_global_seed():
    np.random.seed(11)
    first = compute(PREDICTIONS, REFERENCES)
    after_first = np.random.random()
    np.random.seed(11)
    again = compute(PREDICTIONS, REFERENCES)
    assert again == first and np.random.random() == after_first
    assert all(isinstance(v, float) for v in first.values())
    # The median of resample means lies within the per-pair scores' range.
    per_pair = compute(PREDICTIONS, REFERENCES, use_aggregator=False)
    assert all(min(per_pair[k]) <= first[k] <= max(per_pair[k]) for k in first)


def test_seed_draws_as_the_global_seed_would_without_touching_it():
    np.random.seed(5)
    want = compute(PREDICTIONS, REFERENCES)
    np.random.seed(123)
    state = np.random.get_state()[1].copy()
    assert compute(PREDICTIONS, REFERENCES, seed=5) == want
    assert (np.random.get_state()[1] == state).all()


def test_the_aggregate_depends_on_the_draws():
    preds = [" ".join("abcdefgh"[: k % 8 + 1]) for k in range(40)]
    refs = [" ".join("abcdefgh"[(k * 3) % 5 :]) for k in range(40)]
    values = {compute(preds, refs, rouge_types=["rouge1"], seed=s)["rouge1"] for s in range(20)}
    assert len(values) > 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"predictions": ["a"], "references": ["a", "b"]}, "1 predictions for 2 references"),
        ({"predictions": [], "references": []}, "invalid predictions: an empty list"),
        ({"predictions": "a", "references": ["a"]}, "invalid predictions: a list, not str"),
        ({"predictions": ["a", "b"], "references": ["a", ["b"]]}, "invalid references[1]: a text like references[0]"),
        ({"predictions": ["a", "b"], "references": [["a"], "b"]}, "invalid references[1]: a list of texts"),
        ({"predictions": ["a"], "references": [[]]}, "an empty list (score_multi needs at least one target)"),
        ({"predictions": ["a"], "references": ["a"], "rouge_types": ["rougeW"]}, "Invalid rouge type: 'rougeW'"),
        ({"predictions": ["a"], "references": ["a"], "use_aggregator": "no"}, "invalid use_aggregator='no'"),
        ({"predictions": [None], "references": ["a"]}, "invalid predictions[0]: a text (str), not NoneType"),
    ],
)
def test_bad_input_is_a_value_error_naming_it(kwargs, message):
    with pytest.raises(ValueError) as e:
        compute(**kwargs)
    assert message in str(e.value)


def test_a_tokenizer_callable_replaces_the_default_one():
    # Characters as tokens: "ab" and "ba" share both; the default tokenizer sees two different words.
    assert compute(["ab"], ["ba"], rouge_types=["rouge1"], use_aggregator=False) == {"rouge1": [0.0]}
    assert compute(["ab"], ["ba"], rouge_types=["rouge1"], use_aggregator=False, tokenizer=list) == {"rouge1": [1.0]}


# -- the bootstrap -------------------------------------------------------------------------------


def _rouge_score_percentiles(values, seed, n_samples=1000, confidence=0.95):
    scoring = pytest.importorskip("rouge_score.scoring")
    agg = scoring.BootstrapAggregator(confidence_interval=confidence, n_samples=n_samples)
    for v in values:
        agg.add_scores({"m": scoring.Score(0.0, 0.0, v)})
    np.random.seed(seed)
    a = agg.aggregate()["m"]
    return a.low.fmeasure, a.mid.fmeasure, a.high.fmeasure


@pytest.mark.parametrize("n", [1, 2, 7, 9, 100, 333])
def test_bootstrap_equals_rouge_scores_aggregator(n):
    values = np.random.RandomState(n).random_sample(n) / 3
    want = _rouge_score_percentiles(values.tolist(), seed=n)
    assert bootstrap_percentiles(values, random_state=np.random.RandomState(n)) == want
    np.random.seed(n)
    assert bootstrap_percentiles(values) == want


def test_bootstrap_in_small_blocks_draws_the_same(monkeypatch):
    values = np.random.RandomState(0).random_sample(50)
    want = _rouge_score_percentiles(values.tolist(), seed=3, n_samples=97, confidence=0.9)
    monkeypatch.setattr(aggregate, "BLOCK_CELLS", 170)  # 3 resamples a block, the last one short
    assert bootstrap_percentiles(values, 97, 0.9, np.random.RandomState(3)) == want


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((np.array([]),), "a non-empty 1-d array"),
        ((np.zeros((2, 2)),), "a non-empty 1-d array"),
        ((np.ones(3), 0), "invalid n_samples=0"),
        ((np.ones(3), 10, 1.5), "invalid confidence=1.5"),
    ],
)
def test_bootstrap_bad_arguments(args, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        bootstrap_percentiles(*args)
