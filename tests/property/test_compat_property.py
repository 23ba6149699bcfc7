"""rouge_core.compat equals the packages it stands in for, on generated text, float for float (==).

* ``RougeScorer`` against rouge-score 0.1.2's ``rouge_scorer.RougeScorer`` (the pinned oracle): every
  name, with and without the stemmer, ``split_summaries`` False (and True when NLTK's punkt_tab data
  is installed), custom tokenizers, ``score``, ``score_multi`` and ``score_batch``.
* ``compute`` against Hugging Face evaluate's rouge. evaluate loads its rouge module from the Hub,
  which this machine cannot reach, so :func:`evaluate_rouge` composes rouge-score exactly as
  evaluate's ``rouge.py`` (``Rouge._compute``) does: one ``RougeScorer``, ``score_multi`` when
  ``references[0]`` is a list, then per-pair F lists or ``BootstrapAggregator().aggregate()[k].mid.fmeasure``.
  The aggregate is random, so both sides run under the same ``np.random.seed``.
  :func:`test_evaluate_itself` compares with ``evaluate.load("rouge")`` where it can be loaded.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rouge_core.compat import ROUGE_TYPES, RougeScorer, compute
from rouge_core.compat.lines import NEWLINE_STANDIN

rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")
scoring = pytest.importorskip("rouge_score.scoring")

TYPES = list(ROUGE_TYPES)
PIECES = [
    "the", "The", "THE", "cat", "cats", "Cats", "running", "runs", "RUNNING", "police", "killed", "kill",
    "generously", "dying", "skies", "a", "x1", "42", "3.14", "U.S.", "Mr.", "Dr.", "don't", "e-mail",
    "café", "CAFÉ", "naïve", "Straße", "ﬁne", "ΣΑΣ", "Привет", "北京", "東京タワー", "한국어",
    "\u212aelvin", "\u0130stanbul", "😀", "\u00a0", "—", "…", "",
]  # fmt: skip
SEPARATORS = [" ", " ", " ", "  ", "\n", "\n\n", "\n \n", "\t", ", ", ". ", "! ", "? ", "\r\n", "-", "'", ""]
piece = st.sampled_from(PIECES) | st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=4
)
summary = st.lists(st.tuples(piece, st.sampled_from(SEPARATORS)), max_size=16).map(
    lambda parts: "".join(p + s for p, s in parts)
)
#: A custom tokenizer's text never holds the adapter's newline stand-in (U+FFFF: a noncharacter).
plain_summary = summary.map(lambda s: s.replace(NEWLINE_STANDIN, "?"))

PROPERTY = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Tokenize:
    """A callable as rouge-score's Tokenizer interface (what evaluate's rouge wraps a callable in)."""

    def __init__(self, fn):
        self.fn = fn

    def tokenize(self, text):
        return self.fn(text)


def spaces(text):
    return text.split(" ")


#: Tokenizers whose whole-text and line-by-line tokens differ (list and spaces keep "\n") or agree.
TOKENIZERS = {"split": str.split, "list": list, "spaces": spaces}


def as_tuples(scores):
    return {k: tuple(v) for k, v in scores.items()}


def punkt_installed() -> bool:
    nltk = pytest.importorskip("nltk")
    try:
        nltk.data.find("tokenizers/punkt_tab")
    except LookupError:
        return False
    return True


PUNKT = pytest.mark.skipif(
    not punkt_installed(),
    reason="NLTK's punkt_tab data is not installed (python3 scripts/punkt_data.py, then export NLTK_DATA)",
)

# -- RougeScorer ---------------------------------------------------------------------------------

ORACLES = {stem: rouge_scorer.RougeScorer(TYPES, use_stemmer=stem) for stem in (False, True)}
OURS = {stem: RougeScorer(TYPES, use_stemmer=stem) for stem in (False, True)}


@PROPERTY
@given(summary, summary, st.booleans())
def test_score_equals_rouge_score(target, prediction, stem):
    got = OURS[stem].score(target, prediction)
    assert list(got) == TYPES
    assert as_tuples(got) == as_tuples(ORACLES[stem].score(target, prediction))


@PROPERTY
@given(st.lists(summary, min_size=1, max_size=3), summary, st.booleans())
def test_score_multi_equals_rouge_score(targets, prediction, stem):
    assert as_tuples(OURS[stem].score_multi(targets, prediction)) == as_tuples(
        ORACLES[stem].score_multi(targets, prediction)
    )


@FEW
@given(st.lists(st.tuples(summary | st.lists(summary, min_size=1, max_size=3), summary), max_size=8), st.booleans())
def test_score_batch_equals_a_rouge_score_loop(pairs, stem):
    oracle = ORACLES[stem]
    want = [oracle.score(t, p) if isinstance(t, str) else oracle.score_multi(t, p) for t, p in pairs]
    got = OURS[stem].score_batch([t for t, _ in pairs], [p for _, p in pairs])
    assert [as_tuples(g) for g in got] == [as_tuples(w) for w in want]


@PROPERTY
@given(st.lists(st.sampled_from(TYPES), min_size=1, max_size=4), summary, summary, st.booleans())
def test_any_subset_of_names_equals_rouge_score(names, target, prediction, stem):
    ours, oracle = RougeScorer(names, use_stemmer=stem), rouge_scorer.RougeScorer(names, use_stemmer=stem)
    assert as_tuples(ours.score(target, prediction)) == as_tuples(oracle.score(target, prediction))


@FEW
@given(
    st.sampled_from(sorted(TOKENIZERS)), st.booleans(), st.lists(plain_summary, min_size=1, max_size=2), plain_summary
)
def test_custom_tokenizer_equals_rouge_score(name, stem, targets, prediction):
    fn = TOKENIZERS[name]
    # use_stemmer is ignored by both once a tokenizer is given.
    oracle = rouge_scorer.RougeScorer(TYPES, use_stemmer=stem, tokenizer=Tokenize(fn))
    for ours in (RougeScorer(TYPES, use_stemmer=stem, tokenizer=fn), RougeScorer(TYPES, tokenizer=Tokenize(fn))):
        assert as_tuples(ours.score(targets[0], prediction)) == as_tuples(oracle.score(targets[0], prediction))
        assert as_tuples(ours.score_multi(targets, prediction)) == as_tuples(oracle.score_multi(targets, prediction))


@PUNKT
@FEW
@given(st.lists(summary, min_size=1, max_size=2), summary, st.booleans())
def test_split_summaries_equals_rouge_score(targets, prediction, stem):
    names = ["rouge1", "rougeL", "rougeLsum"]
    ours = RougeScorer(names, use_stemmer=stem, split_summaries=True)
    oracle = rouge_scorer.RougeScorer(names, use_stemmer=stem, split_summaries=True)
    assert as_tuples(ours.score(targets[0], prediction)) == as_tuples(oracle.score(targets[0], prediction))
    assert as_tuples(ours.score_multi(targets, prediction)) == as_tuples(oracle.score_multi(targets, prediction))


@PUNKT
@FEW
@given(st.sampled_from(sorted(TOKENIZERS)), plain_summary, plain_summary)
def test_split_summaries_with_a_custom_tokenizer_equals_rouge_score(name, target, prediction):
    fn = TOKENIZERS[name]
    ours = RougeScorer(["rouge2", "rougeLsum"], split_summaries=True, tokenizer=fn)
    oracle = rouge_scorer.RougeScorer(["rouge2", "rougeLsum"], split_summaries=True, tokenizer=Tokenize(fn))
    assert as_tuples(ours.score(target, prediction)) == as_tuples(oracle.score(target, prediction))


# -- compute -------------------------------------------------------------------------------------


def evaluate_rouge(predictions, references, rouge_types=None, use_aggregator=True, use_stemmer=False, tokenizer=None):
    """Evaluate's rouge (``evaluate/metrics/rouge/rouge.py``, ``Rouge._compute``), step for step on rouge-score."""
    if rouge_types is None:
        rouge_types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    multi_ref = isinstance(references[0], list)
    if tokenizer is not None:
        tokenizer = Tokenize(tokenizer)
    scorer = rouge_scorer.RougeScorer(rouge_types=rouge_types, use_stemmer=use_stemmer, tokenizer=tokenizer)
    aggregator = scoring.BootstrapAggregator() if use_aggregator else None
    scores = []
    for ref, pred in zip(references, predictions):
        score = scorer.score_multi(ref, pred) if multi_ref else scorer.score(ref, pred)
        if aggregator is not None:
            aggregator.add_scores(score)
        else:
            scores.append(score)
    if aggregator is not None:
        result = aggregator.aggregate()
        return {key: result[key].mid.fmeasure for key in result}
    return {key: [score[key].fmeasure for score in scores] for key in scores[0]}


pairs = st.lists(st.tuples(summary, summary), min_size=1, max_size=12)
multi_pairs = st.lists(st.tuples(summary, st.lists(summary, min_size=1, max_size=3)), min_size=1, max_size=8)
rouge_types = st.none() | st.lists(st.sampled_from(TYPES), min_size=1, max_size=4)


@FEW
@given(pairs | multi_pairs, rouge_types, st.booleans(), st.booleans(), st.integers(0, 2**32 - 1))
def test_compute_equals_evaluate(data, names, aggregate, stem, seed):
    predictions, references = [p for p, _ in data], [r for _, r in data]
    np.random.seed(seed)
    want = evaluate_rouge(predictions, references, names, aggregate, stem)
    after = np.random.random()
    np.random.seed(seed)
    got = compute(predictions, references, names, aggregate, stem)
    assert got == want
    assert list(got) == list(want)
    assert np.random.random() == after  # the global state advanced by as many draws as evaluate's
    assert compute(predictions, references, names, aggregate, stem, seed=seed) == want


@FEW
@given(st.lists(st.tuples(plain_summary, plain_summary), min_size=1, max_size=6), st.sampled_from(sorted(TOKENIZERS)))
def test_compute_with_a_tokenizer_equals_evaluate(data, name):
    predictions, references = [p for p, _ in data], [r for _, r in data]
    fn = TOKENIZERS[name]
    assert compute(predictions, references, use_aggregator=False, tokenizer=fn) == evaluate_rouge(
        predictions, references, use_aggregator=False, tokenizer=fn
    )
    np.random.seed(3)
    want = evaluate_rouge(predictions, references, tokenizer=fn)
    assert compute(predictions, references, tokenizer=fn, seed=3) == want


def test_evaluate_itself():
    evaluate = pytest.importorskip("evaluate")
    try:
        rouge = evaluate.load("rouge")
    except (OSError, ImportError, ValueError) as e:  # no network (connection, missing module script), said below
        pytest.skip(f"evaluate.load('rouge') cannot load its module here: {type(e).__name__}: {e}")
    predictions = ["the cat sat on the mat.\nIt slept.", "police kill the gunman", "", "Ünïcode tëxt 42"]
    references = ["the cat was on the mat.\nIt slept well.", "police killed the gunman", "something", "unicode text"]
    for aggregate in (False, True):
        np.random.seed(0)
        want = rouge.compute(predictions=predictions, references=references, use_aggregator=aggregate)
        np.random.seed(0)
        assert compute(predictions, references, use_aggregator=aggregate) == want
