"""Fuzzing the API: any text, any valid config, and bad arguments.

Asserted for every input: no exception but the documented ``TypeError``/``ValueError``
(with a message naming the argument), ``evaluate()`` and ``score()`` agree, every score
is finite and in [0, 1] (the paper's union LCS without a hit budget may give P > 1,
documented in rouge_core.measures.summary_lcs), and counts are finite.

Bounded for CI (``FUZZ_EXAMPLES``, default 150 per test); a release run sets
``FUZZ_EXAMPLES=5000`` (see the README's section on tests).
"""

from __future__ import annotations

import math
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rouge_core import RougeConfig, evaluate, evaluate_corpus, score
from rouge_core.config import MAX_BOOTSTRAP_SAMPLES, MAX_WLCS_WEIGHT, MIN_WLCS_WEIGHT, PROFILES, TOKENIZERS
from rouge_core.text.tokenizers_extra import is_installed

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "150"))
FUZZ = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)

# Text that hits the tokenizers' corners: any Unicode, control characters, CRLF, blank lines,
# combining marks, CJK, the Kelvin sign, dotted I, emoji, markup and Markdown payloads.
ODD = [
    "\r\n",
    "\n\n",
    "\t",
    "\x00",
    "\u200b",
    "\u0301",
    "\u212a",
    "\u0130",
    "警察",
    "🙂",
    "<script>",
    "![t](http://h/i.png)",
    "[x](http://h)",
    "&amp;",
    "U.S.",
    "3.14",
    "-",
    "'s",
    "n't",
    "\ufeff",
]
words = st.sampled_from(["police", "killed", "the", "gunman", "kill", "a", "b", "c", "café", "Zürich"])
token = st.one_of(words, st.sampled_from(ODD), st.text(max_size=6))
texts = st.lists(token, max_size=40).map(" ".join) | st.text(max_size=200)


@st.composite
def configs(draw: st.DrawFn) -> RougeConfig:
    limit = draw(st.sampled_from(["none", "word", "byte"]))
    return RougeConfig(
        profile=draw(st.sampled_from(PROFILES)),
        tokenizer=draw(st.none() | st.sampled_from([t for t in TOKENIZERS if is_installed(t)])),
        stem=draw(st.booleans()),
        stem_exceptions=draw(st.booleans()),
        remove_stopwords=draw(st.booleans()),
        max_n=draw(st.none() | st.integers(1, 9)),
        rouge_l=draw(st.booleans()),
        flat_lcs=draw(st.none() | st.booleans()),
        wlcs_weight=draw(st.none() | st.floats(MIN_WLCS_WEIGHT, MAX_WLCS_WEIGHT)),
        skip_distance=draw(st.none() | st.integers(-1, 12)),
        rouge_s=draw(st.booleans()),
        rouge_su=draw(st.booleans()),
        alpha=draw(st.floats(0, 1) | st.sampled_from([0.0, 1.0, 5e-324, 1e-310, 1 - 1e-16])),
        multi_ref=draw(st.none() | st.sampled_from(["pooled", "best", "jackknife"])),
        word_limit=draw(st.integers(1, 30)) if limit == "word" else None,
        byte_limit=draw(st.integers(1, 200)) if limit == "byte" else None,
    )


def _check_report(report_measures, other_measures, config: RougeConfig) -> None:
    assert set(report_measures) == set(other_measures)
    for label, m in report_measures.items():
        s = m.score
        assert m.score == other_measures[label].score, label
        for v in (s.precision, s.recall, s.fmeasure):
            assert math.isfinite(v), (label, s)
            assert v >= 0, (label, s)
        unclipped = config.profile == "paper" and m.family == "L"
        if not unclipped:
            assert s.precision <= 1 and s.recall <= 1 and s.fmeasure <= 1, (label, s)
        assert s.recall <= 1, (label, s)
        if m.counts is not None:
            assert all(math.isfinite(x) for x in (m.counts.hit, m.counts.model, m.counts.peer)), label


@FUZZ
@given(configs(), texts, st.lists(texts, max_size=3))
def test_any_text_any_config(config, cand, refs):
    report = evaluate(cand, refs, config)
    _check_report(report.measures, score(cand, refs, config), config)


@FUZZ
@given(configs(), st.lists(texts, max_size=4), st.lists(st.lists(texts, max_size=3), min_size=1, max_size=2))
def test_sentence_lists(config, cand, refs):
    report = evaluate(cand, refs, config)
    _check_report(report.measures, score(cand, refs, config), config)


@settings(max_examples=max(EXAMPLES // 5, 10), deadline=None)
@given(configs(), st.lists(st.tuples(texts, st.lists(texts, min_size=1, max_size=2)), min_size=1, max_size=4))
def test_corpus_intervals_are_finite(config, pairs):
    config = config.with_(bootstrap_samples=20, averaging=0 if config.multi_ref == "jackknife" else config.averaging)
    rep = evaluate_corpus(pairs, config)
    for m in rep.measures.values():
        for iv in (m.recall, m.precision, m.fmeasure):
            for v in (iv.average, iv.ci_low, iv.ci_high):
                assert v is None or math.isfinite(v)


# -- the reproduced crashes of issue 7, one test each -------------------------------------------


def test_rouge_w_on_a_long_one_line_reference_does_not_overflow():
    """rouge155 ROUGE-W with w = 10 and a 1,210-word one-line reference raised OverflowError
    (base ** w); w is now at most 5, where (sum |M_i|^w)^w stays finite for any text."""
    ref = " ".join(f"w{i % 300}" for i in range(1210))
    cand = " ".join(f"w{i % 290}" for i in range(1000))
    for profile in PROFILES:
        rep = evaluate(cand, ref, RougeConfig(profile=profile, wlcs_weight=MAX_WLCS_WEIGHT))
        m = rep.measures["ROUGE-W-5"]
        assert 0 <= m.score.recall <= 1 and 0 < m.score.precision <= 1 and math.isfinite(m.counts.model)
        assert m.score == score(cand, ref, RougeConfig(profile=profile, wlcs_weight=5.0))["ROUGE-W-5"].score


@pytest.mark.parametrize("w", [0.01, 0.5, 0.99, 5.000001, 10, 400, 1e308, float("inf"), float("nan")])
def test_weights_outside_1_to_5_are_refused_naming_the_limit(w):
    with pytest.raises(ValueError, match=r"invalid wlcs_weight=.*from 1 to 5"):
        RougeConfig(wlcs_weight=w)


def test_weight_one_is_plain_lcs():
    rep = evaluate("a c b", "a b c", RougeConfig(wlcs_weight=1.0, profile="paper"))
    assert rep.measures["ROUGE-W-1"].score == rep.measures["ROUGE-L"].score


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("alpha", [5e-324, 1e-310, 5.6e-309, 1e-300])
def test_tiny_alpha_gives_recall_not_nan(profile, alpha):
    """alpha below about 5.6e-309 made beta^2 overflow and F = NaN; F -> R as alpha -> 0."""
    rep = evaluate("police kill the gunman", "police killed the gunman", RougeConfig(profile=profile, alpha=alpha))
    for m in rep.measures.values():
        assert math.isfinite(m.score.fmeasure)
        assert m.score.fmeasure == pytest.approx(m.score.recall, abs=1e-5)
    corpus = evaluate_corpus(
        [("a b c", "a b d"), ("a", "a")], RougeConfig(profile=profile, alpha=alpha, bootstrap_samples=10, averaging=1)
    )
    assert all(math.isfinite(m.fmeasure.average) for m in corpus.measures.values())


@pytest.mark.parametrize("samples", [10**12, 10**8, MAX_BOOTSTRAP_SAMPLES + 1])
def test_bootstrap_samples_are_capped(samples):
    with pytest.raises(ValueError, match=r"invalid bootstrap_samples=.*from 1 to 100,000"):
        RougeConfig(bootstrap_samples=samples)


def test_bootstrap_in_blocks_equals_one_block():
    """The resampling runs in blocks of bounded memory; the numbers do not depend on the block size."""
    import rouge_core.stats.bootstrap as stats

    pairs = [(f"a b c{i}", [f"a c{i % 3} b", "b"]) for i in range(50)]
    for profile in PROFILES:
        cfg = RougeConfig(profile=profile, bootstrap_samples=300, max_n=2, skip_distance=None)
        whole = evaluate_corpus(pairs, cfg)
        old = stats.BLOCK_CELLS
        try:
            stats.index_blocks.__defaults__ = (None, 7 * 50 + 3)
            blocked = evaluate_corpus(pairs, cfg)
        finally:
            stats.index_blocks.__defaults__ = (None, old)
        assert blocked.measures == whole.measures


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: evaluate(b"abc", ["abc"]), "candidate must be a str.*decode bytes"),
        (lambda: evaluate(None, ["abc"]), "candidate must be a str"),
        (lambda: evaluate("abc", None), "references must be a str or a list"),
        (lambda: evaluate("abc", [b"abc"]), "reference 1 must be a str"),
        (lambda: evaluate("abc", ["abc", 3]), "reference 2 must be a str"),
        (lambda: score(["a", 1], "a"), "candidate must be a str"),
        (lambda: evaluate("a", "a", {"profile": "paper"}), "config must be a RougeConfig"),
        (lambda: RougeConfig.from_signature(None), "signature must be a str"),
    ],
)
def test_bad_argument_types_are_named(call, match):
    with pytest.raises(TypeError, match=match):
        call()
