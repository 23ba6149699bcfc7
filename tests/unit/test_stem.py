"""Unit tests for rouge_core.text.stem (ROUGE-1.5.5 -m / -s data and rouge-score's NLTK stemming)."""

from __future__ import annotations

import pytest

from rouge_core.text.stem import porter_rouge, smart_stopwords, stem_nltk, stem_rouge155, wordnet_exceptions

# --- Porter variant: outputs given in the behaviour spec (section 6.3) ------


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("agreement", "agreem"),
        ("fundamental", "fundam"),
        ("environmental", "environ"),
        ("dying", "dy"),
        ("lying", "ly"),
        ("skies", "ski"),
        ("mouse", "mous"),
        ("goose", "goos"),
    ],
)
def test_porter_rouge_spec_examples(word: str, expected: str) -> None:
    assert porter_rouge(word) == expected


def test_porter_rouge_short_words_unchanged() -> None:
    # Shorter than 3 characters: returned as is, even if a rule would apply.
    assert porter_rouge("is") == "is"
    assert porter_rouge("s") == "s"
    assert porter_rouge("") == ""


# Expected values below were recorded from ROUGE-1.5.5's own stemmer (the Perl
# `stem` routine in ROUGE-1.5.5.pl, run through a throwaway harness), not
# derived by hand.
@pytest.mark.parametrize(
    ("word", "expected"),
    [
        # step 1
        ("caresses", "caress"),
        ("ponies", "poni"),
        ("feed", "feed"),
        ("agreed", "agre"),
        ("hopping", "hop"),
        ("falling", "fall"),
        ("filing", "file"),
        ("sized", "size"),
        ("happy", "happi"),
        ("yellowy", "yellowi"),
        ("yelling", "yell"),
        # step 2
        ("relational", "relat"),
        ("conditional", "condit"),
        ("rational", "ration"),
        ("sensibiliti", "sensibl"),
        ("differentli", "differ"),
        ("analogousli", "analog"),
        ("vietnamization", "vietnam"),
        ("decisiveness", "decis"),
        # leftmost suffix 'ization' fails m>0 and 'ation' is NOT tried instead
        ("bization", "bizat"),
        # step 3
        ("triplicate", "triplic"),
        ("formative", "form"),
        ("electrical", "electr"),
        ("hopefulness", "hope"),
        ("goodness", "good"),
        # step 4 (ROUGE's sequential removals)
        ("allowance", "allow"),
        ("adjustable", "adjust"),
        ("effective", "effect"),
        ("adjustment", "adjust"),
        ("replacement", "replac"),
        ("statement", "statem"),
        ("government", "govern"),
        ("dependent", "depend"),
        ("establishment", "establish"),
        ("generalizations", "gener"),
        ("adoption", "adopt"),
        ("decision", "decis"),
        ("commission", "commiss"),
        ("vision", "vision"),
        ("cement", "cement"),
        # step 5
        ("probate", "probat"),
        ("rate", "rate"),
        ("controll", "control"),
        ("roll", "roll"),
    ],
)
def test_porter_rouge_matches_perl(word: str, expected: str) -> None:
    assert porter_rouge(word) == expected


# --- ROUGE-1.5.5 -m with the WordNet exception table ------------------------


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("mice", "mouse"),
        ("geese", "goose"),
        ("went", "go"),
        ("children", "child"),
        ("dying", "die"),
        ("were", "be"),
        ("killed", "kill"),
        ("kills", "kill"),
        ("killing", "kill"),
        # not exceptions: plain Porter
        ("mouse", "mous"),
        ("goose", "goos"),
        ("agreement", "agreem"),
    ],
)
def test_stem_rouge155_with_exceptions(token: str, expected: str) -> None:
    assert stem_rouge155(token) == expected


def test_exception_value_is_used_verbatim() -> None:
    # 'mouse' would Porter-stem to 'mous'; the exception value is not stemmed again.
    assert wordnet_exceptions()["mice"] == "mouse"
    assert stem_rouge155("mice") == "mouse"
    assert stem_rouge155("mouse") == "mous"


def test_short_tokens_untouched() -> None:
    # Length <= 3 never reaches the lookup or Porter ('is' is a key, 'ran'/'ate' would stem).
    assert "is" in wordnet_exceptions()
    for token in ("is", "ran", "was", "ate", "a", ""):
        assert stem_rouge155(token) == token
        assert stem_rouge155(token, exceptions=False) == token


@pytest.mark.parametrize(
    ("token", "expected"),
    [("dying", "dy"), ("were", "were"), ("mice", "mice"), ("went", "went"), ("agreement", "agreem")],
)
def test_stem_rouge155_empty_db(token: str, expected: str) -> None:
    assert stem_rouge155(token, exceptions=False) == expected


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("best", "well"),
        ("better", "well"),
        ("testes", "testes"),
        ("involucra", "involucrum"),
        ("offer", "offer"),
    ],
)
def test_duplicated_keys_pinned_order(key: str, expected: str) -> None:
    # Order adj, adv, noun, verb; a later line wins.
    assert wordnet_exceptions()[key] == expected
    assert stem_rouge155(key) == expected


def test_wordnet_exceptions_table() -> None:
    table = wordnet_exceptions()
    assert len(table) == 5930
    assert table is wordnet_exceptions()  # cached, read once
    assert table["is"] == "be"  # present, though ROUGE never looks it up
    with pytest.raises(TypeError):
        table["mice"] = "x"  # type: ignore[index]


# --- rouge-score (NLTK) stemming ---------------------------------------------


def test_stem_nltk() -> None:
    assert stem_nltk("dying") == "die"
    assert stem_nltk("agreement") == "agreement"
    assert stem_nltk("environmental") == "environment"
    assert stem_nltk("skies") == "sky"
    assert stem_nltk("was") == "was"  # length <= 3 unchanged (NLTK alone would give 'wa')


def test_stem_nltk_agrees_with_nltk() -> None:
    nltk_porter = pytest.importorskip("nltk.stem.porter")
    stemmer = nltk_porter.PorterStemmer()
    for word in ("running", "generalizations", "agreed", "happy", "relational", "lying"):
        assert stem_nltk(word) == stemmer.stem(word)


# --- SMART stopwords ----------------------------------------------------------


def test_smart_stopwords() -> None:
    words = smart_stopwords()
    # 598 lines, two of them ('may', 'would') duplicated -> 596 distinct entries.
    assert len(words) == 596
    for w in ("reuters", "a", "may", "z", "best", "mon", "sat", "don't"):
        assert w in words
    assert "sun" not in words
    assert "" not in words
    assert isinstance(words, frozenset)
