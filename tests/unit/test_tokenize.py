"""Unit tests for rouge_core.text.tokenize: offsets, the three tokenizers, dropped text, filters, limits."""

from __future__ import annotations

import pytest

from rouge_core import RougeConfig, analyze, split_sentences
from rouge_core.text.tokenize import TOKENIZER_RULES, analyze_keys, as_text, limited_spans, sentence_spans

MIXED = "Café 北京大学 Привет, МИР! \u212aelvin \u0130stanbul naïve don't e-mail 42\n\n  Second line.\r\n"


def cfg(tokenizer: str, **kw) -> RougeConfig:
    return RougeConfig(tokenizer=tokenizer, **kw)


@pytest.mark.parametrize("tokenizer", ["rouge155", "rouge-score", "unicode"])
def test_offsets_point_into_the_original_text(tokenizer):
    a = analyze(MIXED, cfg(tokenizer))
    assert a.text == MIXED
    for t in a.tokens:
        assert MIXED[t.start : t.end] == t.text
    for d in a.dropped:
        assert MIXED[d.start : d.end] == d.text
    # Tokens and dropped stretches never overlap and cover every non-space character.
    covered = sorted([(t.start, t.end) for t in a.tokens] + [(d.start, d.end) for d in a.dropped])
    for (_, e1), (s2, _) in zip(covered, covered[1:]):
        assert e1 <= s2
    chars = {i for s, e in covered for i in range(s, e)}
    assert {i for i, ch in enumerate(MIXED) if not ch.isspace()} == chars


@pytest.mark.parametrize("tokenizer", ["rouge155", "rouge-score", "unicode"])
def test_counts_only_path_matches_analysis(tokenizer):
    for text in (MIXED, "", " \n ", "a\nb c\n\nd"):
        for extra in ({}, {"word_limit": 3}, {"byte_limit": 12}, {"remove_stopwords": True}):
            c = cfg(tokenizer, **extra)
            a = analyze(text, c)
            assert analyze_keys(text, c) == (a.keys, a.sentence_keys)


def test_unicode_tokenizer():
    a = analyze("我爱北京天安门", cfg("unicode"))
    assert [t.text for t in a.tokens] == list("我爱北京天安门")
    assert [(t.start, t.end) for t in a.tokens] == [(i, i + 1) for i in range(7)]
    # Accented words stay whole and are case-folded (casefold: ß -> ss).
    assert analyze("Café NAÏVE Straße ÉCOLE", cfg("unicode")).keys == ["café", "naïve", "strasse", "école"]
    assert analyze("Привет, МИР!", cfg("unicode")).keys == ["привет", "мир"]
    # Kana and hangul syllables are single tokens too; Latin runs next to CJK split off.
    assert analyze("ひらがなABC한국", cfg("unicode")).keys == ["ひ", "ら", "が", "な", "abc", "한", "국"]
    # Combining marks stay in their word.
    assert analyze("cafe\u0301 x", cfg("unicode")).keys == ["cafe\u0301", "x"]


def test_rouge155_tokenizer_keeps_ascii_only():
    a = analyze("Café 北京 Привет naïve OK-42 it's", cfg("rouge155"))
    assert a.keys == ["caf", "na", "ve", "ok", "42", "it", "s"]
    dropped = {d.text for d in a.dropped}
    assert {"é", "北京", "Привет", "ï", "-", "'"} <= dropped
    assert {d.reason for d in a.dropped} == {"not a word character for this tokenizer"}
    # The Kelvin sign is not ASCII: dropped.
    assert analyze("\u212a", cfg("rouge155")).keys == []


def test_rouge_score_tokenizer_lowercases_first():
    # str.lower() maps the Kelvin sign to ASCII k before the [a-z0-9] rule.
    a = analyze("\u212aelvin", cfg("rouge-score"))
    assert a.keys == ["kelvin"] and a.tokens[0].text == "\u212aelvin"
    # U+0130 lowers to 'i' + U+0307 (two characters): offsets still point at the original text.
    a = analyze("x \u0130stanbul y", cfg("rouge-score"))
    assert a.keys == ["x", "i", "stanbul", "y"]
    assert [(t.text, t.start, t.end) for t in a.tokens] == [
        ("x", 0, 1),
        ("\u0130", 2, 3),
        ("stanbul", 3, 10),
        ("y", 11, 12),
    ]
    # Accented letters separate words, as in rouge-score.
    assert analyze("Café", cfg("rouge-score")).keys == ["caf"]


def test_rouge_score_tokenizer_equals_package():
    tokenize = pytest.importorskip("rouge_score.tokenize").tokenize
    for text in (MIXED, "The Quick-brown FOX's 3rd jump!", "\u0130\u0130 \u212a\u212a ǅ ﬁne"):
        assert analyze(text, cfg("rouge-score")).keys == tokenize(text, None)


def test_dropped_reasons():
    a = analyze("The cat, sat.\nOn the mat today", RougeConfig(remove_stopwords=True, word_limit=5))
    reasons = {(d.text, d.reason) for d in a.dropped}
    assert ("The", "stopword") in reasons
    assert (",", "not a word character for this tokenizer") in reasons
    assert ("sat.", "not a word character for this tokenizer") not in reasons  # 'sat' is a stopword
    assert ("today", "beyond the length limit") in reasons
    assert a.keys == ["cat"]  # sat, on, the: SMART stopwords; 'mat' is word 7


def test_stopwords_removed_before_counting():
    a = analyze("the gunman was killed by the police", RougeConfig(remove_stopwords=True))
    assert a.keys == ["gunman", "killed", "police"]
    assert [d.text for d in a.dropped if d.reason == "stopword"] == ["the", "was", "by", "the"]


def test_stemming_per_profile():
    text = "The cats are running"
    assert analyze(text, RougeConfig(stem=True)).keys == ["the", "cat", "are", "run"]
    assert analyze(text, RougeConfig(profile="rouge-score", stem=True)).keys == ["the", "cat", "are", "run"]
    t = analyze("cats", RougeConfig(stem=True)).tokens[0]
    assert (t.text, t.norm, t.key) == ("cats", "cats", "cat")


def test_sentences_are_non_empty_lines():
    a = analyze("a b\n\n   \nc", RougeConfig())
    assert a.sentence_spans == ((0, 3), (5, 8), (9, 10))  # a line of spaces is a sentence
    assert a.sentence_keys == [["a", "b"], [], ["c"]]
    assert [t.sentence for t in a.tokens] == [0, 0, 2]
    assert sentence_spans("") == [] and sentence_spans("\n\n") == []


def test_list_input_is_one_sentence_per_line():
    assert as_text(["a b.", "c d."]) == "a b.\nc d."
    assert analyze(["a b", "c"], RougeConfig()).sentence_keys == [["a", "b"], ["c"]]


def test_split_sentences():
    assert split_sentences("One. Two! Three") == "One.\nTwo!\nThree"
    assert split_sentences('He said "yes." Then left.') == 'He said "yes."\nThen left.'
    assert split_sentences("第一句。第二句。") == "第一句。\n第二句。"  # CJK has no white space after 。
    assert split_sentences("   ") == ""


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("The U.S. economy grew. It was 3.5 percent.", ["The U.S. economy grew.", "It was 3.5 percent."]),
        (
            "Dr. Smith met Mr. Jones at 5 p.m. on Jan. 3. They talked.",
            ["Dr. Smith met Mr. Jones at 5 p.m. on Jan. 3.", "They talked."],
        ),
        ("J. R. R. Tolkien wrote it. Fans read it.", ["J. R. R. Tolkien wrote it.", "Fans read it."]),
        (
            "Apple Inc. sued, e.g. in court. See rouge_core.evaluate for more.",
            ["Apple Inc. sued, e.g. in court.", "See rouge_core.evaluate for more."],
        ),
        ("first line. still first\nsecond line", ["first line.", "still first", "second line"]),
    ],
)
def test_split_sentences_knows_abbreviations_initials_and_decimals(text, lines):
    """The old rule cut 'U.S.' in two."""
    assert split_sentences(text).split("\n") == lines


def test_word_limit():
    c = RougeConfig(word_limit=3)
    a = analyze("a b\nc d e", c)
    assert a.keys == ["a", "b", "c"]
    assert a.sentence_keys == [["a", "b"], ["c"]]
    assert [(d.text, d.reason) for d in a.dropped] == [
        ("d", "beyond the length limit"),
        ("e", "beyond the length limit"),
    ]
    assert limited_spans("a b\nc d e", [(0, 3), (4, 9)], c) == [(0, 3), (4, 5)]


def test_word_limit_counts_perl_fields():
    # Perl's split(/\s+/) gives a leading empty field when a line starts with spaces.
    a = analyze("  abc def ghi", RougeConfig(word_limit=2))
    assert a.keys == ["abc"]


def test_byte_limit():
    a = analyze("abc def ghi\njkl mno", RougeConfig(byte_limit=10))
    assert a.keys == ["abc", "def", "gh"]
    assert [d.text for d in a.dropped] == ["i", "jkl", "mno"]
    # A multi-byte character is never cut in half.
    a = analyze("é" * 4, RougeConfig(byte_limit=5, tokenizer="unicode"))
    assert a.keys == ["éé"]


def test_rules_documented_for_every_tokenizer():
    assert set(TOKENIZER_RULES) == {"rouge155", "rouge-score", "unicode", "jieba", "fugashi", "thai"}


def test_byte_limit_views_per_profile():
    """ROUGE-1.5.5 cuts the sentence list per sentence under -b (a script bug, rouge155 only)."""
    text = "a b c\nd e f g h"
    perl = analyze(text, RougeConfig(byte_limit=7))
    assert perl.keys == ["a", "b", "c", "d"]
    assert perl.sentence_keys == [["a", "b", "c"], ["d", "e", "f", "g"]]
    for profile in ("paper", "rouge-score"):
        c = RougeConfig(profile=profile, byte_limit=7)
        a = analyze(text, c)
        assert a.keys == ["a", "b", "c", "d"]
        assert a.sentence_keys == [["a", "b", "c"], ["d"]]
        assert analyze_keys(text, c) == (a.keys, a.sentence_keys)
