"""A tokenizer given as a callable (issue 21, point 3): RougeConfig(tokenizer=fn)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rouge_core import RougeConfig, evaluate, score
from rouge_core.text.custom_tokenizer import CustomTokenizer, TokenizerError
from rouge_core.text.tokenize import analyze, analyze_keys

CANDIDATE = "The cat sat on the mat"
REFERENCE = "the cat lay on the mat"


class LowerWords:
    """rouge-score's tokenizer interface: an object with .tokenize(text)."""

    def tokenize(self, text: str) -> list[str]:
        return text.lower().split()


def split_words(text: str) -> list[str]:
    return text.split()


def r1(candidate: str, reference: str, config: RougeConfig) -> tuple[Fraction, Fraction]:
    c = score(candidate, reference, config)["ROUGE-1"].counts
    assert c is not None
    return Fraction(c.hit, c.model), Fraction(c.hit, c.peer)


def test_a_callable_s_tokens_are_taken_as_they_come():
    # "The" is not "the": the callable decides the case (4 of 6 unigrams match, clipped).
    assert r1(CANDIDATE, REFERENCE, RougeConfig(tokenizer=split_words, max_n=1)) == (Fraction(4, 6), Fraction(4, 6))
    assert analyze_keys(CANDIDATE, RougeConfig(tokenizer=split_words))[0] == ["The", "cat", "sat", "on", "the", "mat"]


def test_an_object_with_tokenize_is_a_tokenizer():
    config = RougeConfig(tokenizer=LowerWords(), max_n=1)
    assert r1(CANDIDATE, REFERENCE, config) == (Fraction(5, 6), Fraction(5, 6))
    lcs = score(CANDIDATE, REFERENCE, config)["ROUGE-L"].counts
    assert lcs is not None and (lcs.hit, lcs.model, lcs.peer) == (5, 6, 6)  # the cat _ on the mat
    assert "|tok:custom:LowerWords|" in config.signature()


def test_stopwords_and_stemming_still_apply():
    config = RougeConfig(tokenizer=split_words, remove_stopwords=True, stem=True)
    assert analyze_keys("cats chased mats on the floor", config)[0] == ["cat", "chase", "mat", "floor"]


def test_the_signature_names_the_callable_and_cannot_carry_it_back():
    config = RougeConfig(tokenizer=split_words)
    assert "|tok:custom:split_words|" in config.signature()
    named = RougeConfig(tokenizer=CustomTokenizer.of(split_words, name="my words|v2:x"))
    assert "|tok:custom:my_words_v2_x|" in named.signature()
    with pytest.raises(ValueError, match=r"custom tokenizer \('custom:split_words'\).*RougeConfig\(tokenizer="):
        RougeConfig.from_signature(config.signature())
    with pytest.raises(ValueError, match="a custom tokenizer is a Python callable"):
        RougeConfig(tokenizer="custom:split_words")  # type: ignore[arg-type]
    assert config.perl_differences()[0] == (
        "tokenizer custom:split_words: a Python callable; Perl keeps ASCII letters and digits only"
    )


def test_the_config_stays_frozen_hashable_and_comparable():
    a, b = RougeConfig(tokenizer=split_words), RougeConfig(tokenizer=split_words)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != RougeConfig(tokenizer=lambda s: s.split())
    assert isinstance(a.tokenizer, CustomTokenizer) and a.tokenizer.source is split_words
    assert a.with_(stem=True).tokenizer == a.tokenizer
    with pytest.raises(AttributeError):
        a.tokenizer = "unicode"  # type: ignore[misc]


def test_bad_tokenizers_get_a_clear_message():
    with pytest.raises(ValueError, match="invalid tokenizer=42: expected a tokenizer name, a callable"):
        RougeConfig(tokenizer=42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"LowerWords \(a class\): pass an instance"):
        RougeConfig(tokenizer=LowerWords)  # type: ignore[arg-type]

    def boom(text: str) -> list[str]:
        raise RuntimeError("no model loaded")

    with pytest.raises(TokenizerError, match=r"custom:.*boom failed on 'a b': RuntimeError: no model loaded"):
        score("a b", "a", RougeConfig(tokenizer=boom))
    with pytest.raises(TokenizerError, match=r"custom:\S*<lambda> returned str, expected a list of str"):
        evaluate("a b", "a", RougeConfig(tokenizer=lambda s: s))
    with pytest.raises(TokenizerError, match=r"returned a list holding int 3, expected str only"):
        score("a b", "a", RougeConfig(tokenizer=lambda s: ["a", 3]))  # type: ignore[list-item]
    assert issubclass(TokenizerError, ValueError)


def test_the_explanation_locates_each_token_in_order():
    config = RougeConfig(tokenizer=LowerWords())
    a = analyze("Dogs bark\nDogs run", config)
    assert [(t.norm, t.start, t.end, t.sentence) for t in a.tokens] == [
        ("dogs", 0, 4, 0),
        ("bark", 5, 9, 0),
        ("dogs", 10, 14, 1),
        ("run", 15, 18, 1),
    ]
    assert [t.text for t in a.tokens] == ["Dogs", "bark", "Dogs", "run"]  # found ignoring case: as written


def test_a_changed_token_counts_with_an_empty_span():
    """A token not in the text (the callable stemmed it) counts, as the number says, and highlights nothing;
    the text it came from is reported as not returned as written."""
    config = RougeConfig(tokenizer=lambda s: [w.rstrip("s") for w in s.split()], max_n=1)
    a = analyze("cats sat", config)
    assert [(t.key, t.start, t.end) for t in a.tokens] == [("cat", 0, 3), ("sat", 5, 8)]
    b = analyze("mice ran", config.with_(tokenizer=lambda s: ["mouse", "ran"]))
    assert [(t.key, t.text, t.start, t.end) for t in b.tokens] == [("mouse", "", 0, 0), ("ran", "ran", 5, 8)]
    assert [(d.text, d.reason) for d in b.dropped] == [("mice", "not returned as written by this tokenizer")]
    assert r1("cats sat", "cat", config) == (Fraction(1, 1), Fraction(1, 2))
    assert evaluate("cats sat", "cat", config).scores()["ROUGE-1"].recall == 1.0
