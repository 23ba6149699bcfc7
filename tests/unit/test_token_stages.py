"""rouge_core.teach.token_stages: the last stage is exactly what a score compares; every character no token
keeps is reported (dropped, or splitting a word); the stages count and name what they change."""

from __future__ import annotations

import pytest

from rouge_core import RougeConfig, analyze
from rouge_core.config import TOKENIZERS
from rouge_core.teach.token_stages import STAGES, compare_tokenizers, token_stages, tokenizer_config
from rouge_core.text.tokenizers_extra import is_installed
from ui.samples import load_samples

TEXTS = [
    "The cats are running.\nDon't stop: state-of-the-art U.S. results, 3.14 and 2,500!",
    "警察击毙了枪手。\nLa police a tué le tireur près de l'école à Zürich.",
    "Straße ÉCOLE naïve \u212aelvin \u0130stanbul ﬁne ＡＢＣ 😀 dying agreement environmental",
    "",
    "   \n\n  ",
    "<script>alert('x')</script> &amp; <b>bold</b>",
    *[s.candidate for s in load_samples().values()],
]
CONFIGS = [
    RougeConfig(),
    RougeConfig(stem=True),
    RougeConfig(remove_stopwords=True, stem=True),
    RougeConfig(profile="rouge-score", stem=True),
    RougeConfig(stem=True, stem_exceptions=False),
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.signature().split("|", 2)[1] + str(c.stem))
@pytest.mark.parametrize("text", TEXTS)
def test_last_stage_is_what_a_score_compares(text, config):
    for tok, ts in compare_tokenizers(text, config).items():
        assert [s.name for s in ts.stages] == list(STAGES)
        assert list(ts.keys) == analyze(text, tokenizer_config(tok, config)).keys
        assert [s.count for s in ts.stages[1:]] == [len(s.tokens) for s in ts.stages[1:]]


@pytest.mark.parametrize("text", TEXTS[:3])
def test_each_tokenizer_stems_like_its_package(text):
    """The rouge-score column named ROUGE-1.5.5's stemmer under the rouge155 profile."""
    stages = compare_tokenizers(text, RougeConfig(stem=True))
    assert stages["rouge-score"].stages[3].rule.startswith("NLTK's Porter")
    assert stages["rouge155"].stages[3].rule.startswith("ROUGE-1.5.5's Porter")


@pytest.mark.parametrize("text", TEXTS)
def test_every_character_is_kept_or_reported(text):
    for tok in (t for t in TOKENIZERS if is_installed(t)):  # jieba, fugashi, thai: optional packages
        ts = token_stages(text, tok, RougeConfig())
        covered = set()
        for s, e in ts.spans:
            covered.update(range(s, e))
        for m in ts.marks:
            assert text[m.start : m.end] == m.text
            if m.kind == "case":
                assert m.start in covered and not m.text.isascii()
            else:
                assert not covered & set(range(m.start, m.end))
        reported = {i for m in ts.marks if m.kind != "case" for i in range(m.start, m.end)}
        assert covered | reported | {i for i, c in enumerate(text) if c.isspace()} == set(range(len(text)))


def test_marks_say_dropped_or_split():
    def marks(text: str, tok: str) -> list[tuple[str, str]]:
        return [(m.text, m.kind) for m in token_stages(text, tok, RougeConfig()).marks]

    assert marks("state-of-the-art, café", "rouge155") == [
        ("-", "split"),
        ("-", "split"),
        ("-", "split"),
        (",", "dropped"),
        ("é", "dropped"),
    ]
    assert marks("Zürich", "rouge155") == [("ü", "split")]
    assert marks("Zürich", "unicode") == []
    assert marks("4 \u212a", "rouge155") == [("\u212a", "dropped")]
    assert marks("4 \u212a", "rouge-score") == [("\u212a", "case")]  # lower() makes it an ASCII k
    reasons = {m.text: m.reason for m in token_stages("警察, tué", "rouge155", RougeConfig()).marks}
    assert reasons == {
        "警察,": "dropped: letters or digits outside this tokenizer's alphabet",
        "é": "dropped from a word: letters or digits outside this tokenizer's alphabet",
    }


def test_unicode_tokenizer_keeps_other_scripts():
    text = load_samples()["non_english"].candidate
    st = compare_tokenizers(text, RougeConfig())
    assert st["rouge155"].letters == (34, 46) and st["unicode"].letters == (46, 46)
    assert st["rouge155"].stages[1].tokens[:4] == ("la", "police", "a", "tu")
    assert st["unicode"].stages[1].tokens[:8] == ("警", "察", "击", "毙", "了", "枪", "手", "la")
    assert "tué" in st["unicode"].keys and "zürich" in st["unicode"].keys
    assert st["rouge155"].count("dropped") == 11 and st["rouge155"].count("split") == 4


def test_case_stage():
    cfg = RougeConfig()
    assert token_stages("ÉCOLE Straße", "rouge155", cfg).stages[0].text == "École straße"
    rs = token_stages("ÉCOLE \u212a", "rouge-score", cfg).stages[0]
    assert rs.text == "école k" and rs.count == 6 and ("\u212a", "k") in rs.changed
    assert token_stages("Straße", "unicode", cfg).stages[0].text == "strasse"
    assert token_stages("Straße", "unicode", cfg).keys == ("strasse",)


def test_stopword_and_stemming_stages_follow_the_config():
    text = "The dying man signed the agreement"
    off = token_stages(text, "rouge155", RougeConfig())
    assert not off.stages[2].enabled and not off.stages[3].enabled
    assert off.stages[1].tokens == off.stages[3].tokens
    on = token_stages(text, "rouge155", RougeConfig(stem=True, remove_stopwords=True))
    assert on.stages[2].removed == ("the", "the") and on.stages[2].count == 4
    assert on.stages[3].changed == (("dying", "die"), ("signed", "sign"), ("agreement", "agreem"))
    porter_only = token_stages(text, "rouge155", RougeConfig(stem=True, stem_exceptions=False))
    assert ("dying", "dy") in porter_only.stages[3].changed
    nltk = token_stages(text, "rouge155", RougeConfig(profile="rouge-score", stem=True))
    assert ("dying", "die") in nltk.stages[3].changed
    assert ("agreement", "agreem") not in nltk.stages[3].changed
    assert "NLTK" in nltk.stages[3].rule and "WordNet" in on.stages[3].rule


def test_empty_and_markup_text():
    empty = token_stages("", "unicode", RougeConfig())
    assert empty.keys == () and empty.marks == () and empty.letters == (0, 0)
    html = token_stages("<script>alert(1)</script>", "rouge155", RougeConfig())
    assert html.keys == ("script", "alert", "1", "script")
    assert [m.text for m in html.marks] == ["<", ">", "(", ")</", ">"]


def test_unknown_tokenizer():
    with pytest.raises(ValueError, match="invalid tokenizer='words'"):
        token_stages("a", "words", RougeConfig())
