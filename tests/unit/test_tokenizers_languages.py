"""Named tokenizers for Chinese (jieba), Japanese (fugashi + unidic-lite) and Thai (pythainlp), issue 21,
point 3: a fixed sentence per language with its tokens checked by hand, one ROUGE-1 and ROUGE-L value
each as exact fractions, and the message when a package is missing."""

from __future__ import annotations

import importlib.util
from fractions import Fraction

import pytest

from rouge_core import TOKENIZERS, RougeConfig, score
from rouge_core.text.tokenize import TOKENIZER_REGISTRY, analyze, analyze_keys
from rouge_core.text.tokenizers_extra import REQUIREMENTS, is_installed, missing_message

#: name -> (module to skip without, candidate, reference, candidate's tokens, reference's tokens, R1 (R, P), RL (R, P))
CASES = {
    "jieba": (
        "jieba",
        "警察杀死了枪手。",
        "警察击毙了枪手",
        ["警察", "杀死", "了", "枪手"],
        ["警察", "击毙", "了", "枪手"],
        (Fraction(3, 4), Fraction(3, 4)),
        (Fraction(3, 4), Fraction(3, 4)),
    ),
    "fugashi": (
        "fugashi",
        "警察が銃撃犯を射殺した。",
        "警察が犯人を射殺した",
        ["警察", "が", "銃撃", "犯", "を", "射殺", "し", "た"],
        ["警察", "が", "犯人", "を", "射殺", "し", "た"],
        (Fraction(6, 7), Fraction(6, 8)),
        (Fraction(6, 7), Fraction(6, 8)),
    ),
    "thai": (
        "pythainlp",
        "ตำรวจยิงคนร้ายเสียชีวิตแล้ว",
        "ตำรวจยิงคนร้ายแล้ว",
        ["ตำรวจ", "ยิง", "คนร้าย", "เสียชีวิต", "แล้ว"],
        ["ตำรวจ", "ยิง", "คนร้าย", "แล้ว"],
        (Fraction(4, 4), Fraction(4, 5)),
        (Fraction(4, 4), Fraction(4, 5)),
    ),
}


def need(name: str) -> None:
    """Skip where tokenizer ``name``'s optional package is not installed (as the config sees it)."""
    if not is_installed(name):
        pytest.skip(str(missing_message(name)))


def test_the_new_names_are_registered_tokenizers():
    assert TOKENIZERS == ("rouge155", "rouge-score", "unicode", "jieba", "fugashi", "thai")
    assert set(TOKENIZER_REGISTRY) == set(TOKENIZERS)
    for name in REQUIREMENTS:
        assert "case-folded; words with no letter or digit (punctuation) dropped" in TOKENIZER_REGISTRY[name].rule


@pytest.mark.parametrize("name", list(CASES))
def test_each_language_s_sentence_gives_its_words_and_scores(name):
    _, cand, ref, cand_tokens, ref_tokens, r1, rl = CASES[name]
    need(name)
    config = RougeConfig(tokenizer=name, max_n=1)
    assert analyze_keys(cand, config)[0] == cand_tokens
    assert analyze_keys(ref, config)[0] == ref_tokens
    got = score(cand, ref, config)
    for label, want in (("ROUGE-1", r1), ("ROUGE-L", rl)):
        c = got[label].counts
        assert c is not None and (Fraction(c.hit, c.model), Fraction(c.hit, c.peer)) == want, label
    a = analyze(cand, config)  # the explanation path: the same words, at their places in the text
    assert [t.key for t in a.tokens] == cand_tokens
    assert all(cand[t.start : t.end] == t.text for t in a.tokens)
    assert "|tok:" + name + "|" in config.signature()
    assert RougeConfig.from_signature(config.signature()) == config


def test_case_is_folded_and_punctuation_dropped():
    need("jieba")
    config = RougeConfig(tokenizer="jieba")
    assert analyze_keys("他来到了网易杭研大厦, Hello World!", config)[0] == [
        "他",
        "来到",
        "了",
        "网易",
        "杭",
        "研",
        "大厦",
        "hello",
        "world",
    ]
    a = analyze("大厦, Hello!", config)
    assert [d.text for d in a.dropped] == [",", "!"]


@pytest.mark.parametrize("name", list(CASES))
def test_nul_and_lone_surrogates_separate_words(name):
    need(name)
    config = RougeConfig(tokenizer=name)
    text = "ab\x00cd\ud800ef"
    assert analyze_keys(text, config)[0] == ["ab", "cd", "ef"]
    assert [(t.start, t.end) for t in analyze(text, config).tokens] == [(0, 2), (3, 5), (6, 8)]


def test_a_missing_package_is_a_clear_message(monkeypatch):
    real = importlib.util.find_spec

    def find_spec(name, *args, **kwargs):
        return None if name in ("jieba", "fugashi", "unidic_lite") else real(name, *args, **kwargs)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    with pytest.raises(ValueError) as e:
        RougeConfig(tokenizer="jieba")
    assert str(e.value) == (
        "invalid tokenizer='jieba': the jieba tokenizer needs jieba, not installed: "
        "pip install 'rouge-core[zh]' (or pip install jieba)"
    )
    assert missing_message("fugashi") == (
        "the fugashi tokenizer needs fugashi and unidic-lite, not installed: pip install 'rouge-core[ja]' "
        "(or pip install fugashi unidic-lite)"
    )
    assert not is_installed("jieba") and is_installed("unicode") and missing_message("rouge155") is None
    with pytest.raises(ValueError, match=r"invalid signature|needs jieba"):
        RougeConfig.from_signature(RougeConfig().signature().replace("tok:rouge155", "tok:jieba"))
