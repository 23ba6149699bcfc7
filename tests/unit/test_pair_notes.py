"""rouge_core.text.pair_notes gives, without scoring, the notes rouge_core.evaluate gives a pair's input
(issue 16, point 13): word for word, for every tokenizer, with stopwords, stemming and length limits."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rouge_core import RougeConfig, evaluate
from rouge_core.text.pair_notes import CorpusNotes, corpus_notes, pair_notes, unicode_hint

CONFIGS = [
    RougeConfig(),
    RougeConfig(remove_stopwords=True, stem=True),
    RougeConfig(tokenizer="unicode", remove_stopwords=True),
    RougeConfig(profile="rouge-score"),
    RougeConfig(word_limit=1),
    RougeConfig(byte_limit=3, remove_stopwords=True),
]
PIECES = ["", " ", "\n", "the", "of", "Gunman", "警察", "。", "é", "K", "\u212a", "!!", "a-b", "\x00", "2", "\t"]
summary = st.one_of(
    st.lists(st.sampled_from(PIECES), max_size=6).map("".join),
    st.lists(st.lists(st.sampled_from(PIECES), max_size=3).map("".join), max_size=3),  # a list of sentences
)


@settings(max_examples=300, deadline=None)
@given(
    config=st.sampled_from(CONFIGS),
    candidate=summary,
    references=st.one_of(summary.filter(lambda s: isinstance(s, str)), st.lists(summary, max_size=3)),
)
def test_the_notes_are_evaluates(config, candidate, references):
    assert pair_notes(candidate, references, config) == evaluate(candidate, references, config).notes


def test_the_issue_case():
    config = RougeConfig()
    notes = evaluate("警察杀死了枪手", "police killed the gunman", config).notes
    assert notes == ("the candidate has no tokens after cleaning: every score is 0",)
    assert pair_notes("警察杀死了枪手", "police killed the gunman", config) == notes
    assert unicode_hint(["警察杀死了枪手"], config) == (
        "non-ASCII text is not a word for the rouge155 tokenizer: try --tokenizer unicode"
    )
    assert unicode_hint(["警察杀死了枪手"], RougeConfig(tokenizer="unicode")) is None
    assert unicode_hint(["!!!", "the of"], RougeConfig(remove_stopwords=True)) is None  # unicode keeps none either


def test_corpus_notes_by_id_and_lines():
    pairs = [("a", "b"), ("警察", "b"), ("。", ""), ("x", ["y", "!!"]), ("。", "b"), ("。", "b"), ("。", "b")]
    notes = corpus_notes(pairs, ["d1", "d2", "d3", "d4", "d5", "d6", "d7"], RougeConfig())
    no_tokens = "the candidate has no tokens after cleaning: every score is 0"
    assert notes.by_id == {
        "d2": (no_tokens,),
        "d3": (no_tokens, "reference 1 is empty"),
        "d4": ("reference 2 has no tokens after cleaning",),
        "d5": (no_tokens,),
        "d6": (no_tokens,),
        "d7": (no_tokens,),
    }
    assert notes.lines() == [
        f"{no_tokens} (5 evaluations: d2, d3, d5 and 2 more)",
        "reference 1 is empty (evaluation d3)",
        "reference 2 has no tokens after cleaning (evaluation d4)",
    ]
    assert notes.hint == "non-ASCII text is not a word for the rouge155 tokenizer: try --tokenizer unicode"
    assert corpus_notes(pairs[2:], ["3", "4", "5", "6", "7"], RougeConfig()).hint is None  # punctuation only
    assert CorpusNotes({}).lines() == []


@pytest.mark.parametrize("config", CONFIGS[:3])
def test_a_shared_cache_gives_the_same_notes(config):
    cache: dict[str, str] = {}
    pairs = [("the", ["of", "Gunman"]), ("the", "x")]
    first = corpus_notes(pairs, ["1", "2"], config, cache)
    assert corpus_notes(pairs, ["1", "2"], config, cache) == first and cache
