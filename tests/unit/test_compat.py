"""rouge_core.compat.RougeScorer: rouge-score's interface (names, argument order, Score tuples, errors)
with rouge-score 0.1.2's numbers, on hand-checked pairs. Generated text: tests/property/test_compat_property.py."""

from __future__ import annotations

import pytest

from rouge_core.compat import ROUGE_TYPES, RougeScorer, Score
from rouge_core.compat.lines import NEWLINE_STANDIN

ALL = list(ROUGE_TYPES)


def test_names_are_rouge_scores():
    assert ALL == [f"rouge{n}" for n in range(1, 10)] + ["rougeL", "rougeLsum"]


def test_score_is_a_tuple_like_rouge_scores():
    s = RougeScorer(["rouge1"]).score("police killed the gunman", "police kill the gunman")["rouge1"]
    p, r, f = s
    assert (p, r, f) == (0.75, 0.75, 0.75)
    assert s[0] == s.precision == 0.75 and s[2] == s.fmeasure == 0.75
    assert s == (0.75, 0.75, 0.75) and isinstance(s, tuple)
    assert s._fields == ("precision", "recall", "fmeasure")


def test_argument_order_is_target_then_prediction():
    # 3 of the prediction's 4 words are in the 6-word target: precision 3/4, recall 3/6.
    s = RougeScorer(["rouge1"]).score("a b c d e f", "a b c x")["rouge1"]
    assert (s.precision, s.recall) == (0.75, 0.5)


def test_paper_numbers_for_rougeL():
    # Lin (2004): S1 = "police killed the gunman"; S2 "police kill the gunman" (LCS 3 of 4),
    # S3 "the gunman kill police" (LCS 2 of 4).
    scorer = RougeScorer(["rougeL"])
    assert scorer.score("police killed the gunman", "police kill the gunman")["rougeL"].recall == 0.75
    assert scorer.score("police killed the gunman", "the gunman kill police")["rougeL"].recall == 0.5


def test_rougeLsum_reads_lines_and_rougeL_does_not():
    scorer = RougeScorer(["rougeL", "rougeLsum"])
    s = scorer.score("a b\nc d", "c d\na b")
    assert s["rougeLsum"] == (1.0, 1.0, 1.0)
    assert s["rougeL"] == (0.5, 0.5, 0.5)


def test_stemmer_matches_inflections_only_when_asked():
    target, prediction = "the cats were running", "the cat was run"
    assert RougeScorer(["rouge1"]).score(target, prediction)["rouge1"].recall == 0.25
    assert RougeScorer(["rouge1"], use_stemmer=True).score(target, prediction)["rouge1"].recall == 0.75


def test_results_follow_rouge_types_order_once_each():
    s = RougeScorer(["rougeLsum", "rouge2", "rouge2"]).score("a b", "a b")
    assert list(s) == ["rougeLsum", "rouge2"]


def test_score_multi_takes_the_best_f_per_name():
    # rouge1 is best against the second target (4/4), rouge2 against the first (exact bigram order).
    s = RougeScorer(["rouge1", "rouge2"]).score_multi(["a b c", "c b a x"], "a b c x")
    assert s["rouge1"] == (1.0, 1.0, 1.0)
    assert s["rouge2"].fmeasure == pytest.approx(0.8) and s["rouge2"].recall == 1.0


def test_score_batch_equals_a_loop_of_score_and_score_multi():
    scorer = RougeScorer(ALL, use_stemmer=True)
    targets = ["The cats sat.\nOn the mat", ["a b c", "c b a"], "", "x y z"]
    predictions = ["the cat sat on\nthe mat", "a c b", "something", ""]
    loop = [
        scorer.score(t, p) if isinstance(t, str) else scorer.score_multi(t, p) for t, p in zip(targets, predictions)
    ]
    assert scorer.score_batch(targets, predictions) == loop
    cols = scorer.columns(targets, predictions)
    assert cols["rouge1"][2].tolist() == [s["rouge1"].fmeasure for s in loop]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: RougeScorer(["rouge10"]), "Invalid rouge type: 'rouge10'"),
        (lambda: RougeScorer(["rouge0"]), "Invalid rouge type: 'rouge0'"),
        (lambda: RougeScorer(["rougeS"]), "allowed: rouge1 .. rouge9, rougeL, rougeLsum"),
        (lambda: RougeScorer("rouge1"), "a list of names"),
        (lambda: RougeScorer(["rouge1"], use_stemmer="yes"), "invalid use_stemmer='yes'"),
        (lambda: RougeScorer(["rouge1"], split_summaries=1), "invalid split_summaries=1"),
        (lambda: RougeScorer(["rouge1"], tokenizer=42), "invalid tokenizer=42"),
        (lambda: RougeScorer(["rouge1"]).score(None, "a"), "invalid target: a text (str), not NoneType"),
        (lambda: RougeScorer(["rouge1"]).score_multi("ab", "a"), "invalid targets: a list of texts, not str"),
        (lambda: RougeScorer(["rouge1"]).score_multi([], "a"), "an empty list"),
        (lambda: RougeScorer(["rouge1"]).score_batch(["a"], ["a", "b"]), "2 predictions for 1 targets"),
        (lambda: RougeScorer(["rouge1"]).score_batch(["a", 3], ["a", "b"]), "invalid targets[1]"),
    ],
)
def test_bad_arguments_are_value_errors_naming_them(call, message):
    with pytest.raises(ValueError) as e:
        call()
    assert message in str(e.value)


def test_unknown_name_is_the_kind_of_error_rouge_score_gives():
    rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")
    with pytest.raises(ValueError, match="Invalid rouge type: rougeX"):
        rouge_scorer.RougeScorer(["rougeX"]).score("a", "a")
    with pytest.raises(ValueError, match="Invalid rouge type: 'rougeX'"):
        RougeScorer(["rougeX"])


class Words:
    """rouge-score's Tokenizer interface: an object with tokenize()."""

    def tokenize(self, text):
        return text.split(" ")


def test_a_custom_tokenizer_keeps_case_and_ignores_the_stemmer():
    # As rouge-score: the caller's tokenizer replaces the default one, lowercasing and stemming included.
    scorer = RougeScorer(["rouge1"], use_stemmer=True, tokenizer=str.split)
    assert scorer.score("Cats run", "cats running")["rouge1"] == (0.0, 0.0, 0.0)
    assert scorer.configs[0].signature().split("|")[2:4] == ["tok:custom:str.split", "stem:no"]


def test_a_custom_tokenizer_sees_whole_texts_for_rougeN_and_lines_for_rougeLsum():
    # text.split(" ") keeps "b\nc" as one token of the whole text (rouge1), two tokens of two lines (rougeLsum).
    s = RougeScorer(["rouge1", "rougeLsum"], tokenizer=Words()).score("a b\nc", "a b c")
    assert s["rouge1"] == (1 / 3, 1 / 2, pytest.approx(0.4))
    assert s["rougeLsum"] == (1.0, 1.0, 1.0)
    # list: every character a token, the line break included (2 of the target's 3: its '\n' is not predicted).
    assert RougeScorer(["rouge1"], tokenizer=list).score("a\nb", "a b")["rouge1"].recall == 2 / 3
    # An empty text's tokens are the tokenizer's: "".split(" ") is [""], so two empty texts match.
    assert RougeScorer(["rouge1", "rougeL"], tokenizer=Words()).score("", "")["rougeL"] == (1.0, 1.0, 1.0)


def test_a_custom_tokenizer_refuses_text_holding_the_newline_standin():
    # U+FFFF would read as a line break (a noncharacter: never in interchanged text).
    scorer = RougeScorer(["rouge1"], tokenizer=list)
    with pytest.raises(ValueError, match="U\\+FFFF"):
        scorer.score("a b" + NEWLINE_STANDIN, "a")


def test_split_summaries_without_punkt_data_says_how_to_get_it(monkeypatch):
    import rouge_core.text.punkt as punkt

    monkeypatch.setattr(punkt, "punkt_unavailable", lambda: "splitter 'punkt' needs NLTK's English punkt_tab model")
    with pytest.raises(ValueError, match="punkt_tab"):
        RougeScorer(["rougeLsum"], split_summaries=True)
    RougeScorer(["rouge1"], split_summaries=True)  # no rougeLsum: punkt is never used


def test_split_summaries_splits_rougeLsum_with_punkt():
    nltk = pytest.importorskip("nltk")
    try:
        nltk.data.find("tokenizers/punkt_tab")
    except LookupError:
        pytest.skip("NLTK's punkt_tab data is not installed (python3 scripts/punkt_data.py, then NLTK_DATA)")
    target, prediction = "He slept. Mr. Smith went home.", "Mr. Smith went home. He slept."
    assert RougeScorer(["rougeLsum"]).score(target, prediction)["rougeLsum"].recall == 4 / 6
    split = RougeScorer(["rougeLsum"], split_summaries=True)
    assert split.score(target, prediction)["rougeLsum"] == (1.0, 1.0, 1.0)
    assert split.score_batch([target], [prediction])[0]["rougeLsum"] == (1.0, 1.0, 1.0)


def test_score_namedtuple_equals_rouge_scores():
    scoring = pytest.importorskip("rouge_score.scoring")
    assert Score(0.5, 0.25, 1 / 3) == scoring.Score(precision=0.5, recall=0.25, fmeasure=1 / 3)
