"""The perturbations of 'What does ROUGE miss?' on hand examples, with the scores derived by hand
(rouge_core.teach.blind_spots; the default config: ROUGE-1.5.5's tokenizer, no stemming, no stopwords)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rouge_core import RougeConfig
from rouge_core.io.readers.model import Document
from rouge_core.teach.blind_spots import (
    PERTURBATIONS,
    corpus_blind_spots,
    pair_blind_spots,
    perturb,
    perturb_all,
    scores_of,
    synonym_table,
)

CONFIG = RougeConfig(max_n=2)
REF = [["police killed the gunman yesterday"]]


def prf(sentences, refs=REF, label="ROUGE-1"):
    s = scores_of(sentences, refs, CONFIG)[label]
    return s.precision, s.recall, s.fmeasure


def f1(p, r):
    return float(2 * p * r / (p + r)) if p + r else 0.0


def approx(*fractions):
    return pytest.approx(tuple(float(f) for f in fractions), abs=1e-5)


def test_shuffling_words_keeps_rouge1_and_lowers_rouge2():
    out = perturb("shuffle_words", ["police killed the gunman"], seed=0)
    assert out.sentences == ("the police gunman killed",)
    # ROUGE-1: the same 4 words, all in the 5-word reference, before and after.
    assert prf(out.sentences) == prf(["police killed the gunman"]) == approx(1, Fraction(4, 5), f1(1, Fraction(4, 5)))
    # ROUGE-2: before, "police killed", "killed the", "the gunman" all match (3/3, 3/4); after, "the police",
    # "police gunman", "gunman killed" match none of the reference's 4 bigrams.
    assert prf(["police killed the gunman"], label="ROUGE-2") == approx(1, Fraction(3, 4), f1(1, Fraction(3, 4)))
    assert prf(out.sentences, label="ROUGE-2") == (0.0, 0.0, 0.0)


def test_repeating_a_sentence_keeps_recall_and_lowers_precision():
    summary = ["police killed the gunman.", "a crowd watched."]
    out = perturb("repeat_sentence", summary, seed=0)
    assert out.sentences == ("police killed the gunman.", "police killed the gunman.", "a crowd watched.")
    # 4 of the reference's 5 words found either way (clipped: each reference word credited once);
    # the candidate grows from 7 to 11 words.
    assert prf(summary)[:2] == approx(Fraction(4, 7), Fraction(4, 5))
    assert prf(out.sentences)[:2] == approx(Fraction(4, 11), Fraction(4, 5))


def test_a_negation_lowers_precision_by_the_added_words_share_only():
    out = perturb("negate", ["the gunman was killed by police"])
    assert out.sentences == ("the gunman was not killed by police",)
    # 4 hits (the, gunman, killed, police) of 6 words, then of 7: one more word, nothing else changes.
    assert prf(["the gunman was killed by police"])[:2] == approx(Fraction(4, 6), Fraction(4, 5))
    assert prf(out.sentences)[:2] == approx(Fraction(4, 7), Fraction(4, 5))
    assert perturb("negate", ["Police killed him."]).sentences == ("Police did not killed him.",)
    assert perturb("negate", ["Police shot him."]).reason == "no auxiliary, copula or -ed verb to negate"


def test_lead3_of_a_hand_source():
    source = "Police killed the gunman. A crowd watched. Nobody was hurt. The end."
    out = perturb("lead_three", ["anything"], source)
    assert out.sentences == ("Police killed the gunman.", "A crowd watched.", "Nobody was hurt.")
    assert prf(out.sentences)[:2] == approx(Fraction(4, 10), Fraction(4, 5))  # 10 words, 4 in the reference
    assert perturb("lead_three", ["anything"]).reason == "no source document was given"
    assert not perturb("lead_three", ["anything"], "   ").applied


def test_synonyms_from_the_shipped_table():
    assert synonym_table()["film"] == ("movie", "picture", "pic")
    assert synonym_table()["police"] == ("constabulary", "law")
    out = perturb("synonyms", ["I saw a good film."], seed=0)
    assert out.sentences == ("I saw a good movie.",)
    refs = [["I saw a good film."]]
    assert prf(out.sentences, refs)[:2] == approx(Fraction(4, 5), Fraction(4, 5))  # one word of five lost
    assert perturb("synonyms", ["the of and"]).reason == "no word of the summary has a synonym in the WordNet table"
    # inflected forms are in the table, their synonyms inflected the same way (start -> commence; begin and
    # get, start's other synonyms, have irregular past tenses and are left out)
    assert synonym_table()["started"] == ("commenced",)
    assert perturb("synonyms", ["The films started late."]).sentences == ("The movies commenced late.",)


def test_numbers_and_names_swapped_leave_rouge1_unchanged():
    out = perturb("swap_numbers", ["police fired 3 shots and 5 missed"])
    assert out.sentences == ("police fired 5 shots and 3 missed",)
    assert prf(out.sentences) == prf(["police fired 3 shots and 5 missed"])
    assert perturb("swap_numbers", ["A 0-0 draw."]).sentences == ("A 1-1 draw.",)
    assert perturb("swap_numbers", ["no digits"]).reason == "the summary has no number written in digits"
    names = perturb("swap_names", ["Merson criticised Townsend in London."])
    assert names.sentences == ("Merson criticised London in Townsend.",)
    assert not perturb("swap_names", ["Only Merson here."]).applied


def test_the_same_seed_gives_the_same_output_and_another_seed_may_not():
    summary = ["the police killed the gunman near the old school on monday", "a crowd watched"]
    assert perturb_all(summary, "One. Two. Three.", seed=7) == perturb_all(summary, "One. Two. Three.", seed=7)
    shuffles = {perturb("shuffle_words", summary, seed=s).sentences for s in range(5)}
    assert len(shuffles) == 5
    assert [p.name for p in perturb_all(summary)] == list(PERTURBATIONS)


def test_an_empty_summary_is_said_not_returned():
    assert {p.reason for p in perturb_all(["", "  "], "A. B. C.")} == {"the summary is empty"}


def test_fooled_cells_on_a_pair():
    result = pair_blind_spots(["police fired 3 shots and 5 missed"], [["police fired 3 shots and 5 missed"]], CONFIG)
    row = next(r for r in result.rows if r.perturbation.name == "swap_numbers")
    assert result.change(row, "ROUGE-1", "fmeasure") == 0.0 and result.fooled(row, "ROUGE-1", "fmeasure")
    # ROUGE-2 loses "3 shots", "and 5", "fired 3" -> "fired 5", "5 missed" -> "3 missed": 2 of 6 bigrams kept.
    assert row.scores["ROUGE-2"].recall == pytest.approx(2 / 6, abs=1e-5)
    assert not result.fooled(row, "ROUGE-2", "fmeasure")


def test_corpus_averages_over_the_pairs_a_perturbation_applied_to():
    docs = [
        Document("1", "", ("police fired 3 shots",), (("police fired 3 shots",),)),
        Document("2", "", ("police fired shots",), (("police fired shots",),)),
    ]
    out = corpus_blind_spots(docs, CONFIG)
    numbers = next(r for r in out.rows if r.perturbation.name == "swap_numbers")
    assert (numbers.applied, numbers.not_applied) == (1, 1)
    # "police fired 4 shots": ROUGE-1 recall 3/4, a change of -1/4 on the one pair it applied to.
    assert numbers.mean_score("ROUGE-1", "recall") == pytest.approx(0.75, abs=1e-5)
    assert numbers.mean_change("ROUGE-1", "recall") == pytest.approx(-0.25, abs=1e-5)
    assert numbers.fooled_pairs("ROUGE-1", "recall") == 0
    shuffled = out.rows[0]
    assert shuffled.applied == 2 and shuffled.mean_change("ROUGE-1", "recall") == 0.0
    assert shuffled.fooled_pairs("ROUGE-1", "recall") == 2


def test_a_low_score_that_loses_a_quarter_of_itself_moved():
    from rouge_core.teach.blind_spots import is_fooled, moved

    # ROUGE-3 at 0.013 falling to 0 moved (all of it lost), though by less than 0.05
    assert moved(0.013, -0.013) and not is_fooled(False, 0.013, -0.013)
    # ROUGE-L at 0.258 losing 0.045 (17 %) did not: a change of meaning that fools it
    assert not moved(0.258, -0.045) and is_fooled(False, 0.258, -0.045)
    # synonyms keep the meaning: a score that moves misjudges them
    assert is_fooled(True, 0.3, -0.08) and not is_fooled(True, 0.3, -0.01)


def test_a_score_at_zero_that_stays_zero_had_nothing_to_lose():
    from rouge_core.teach.blind_spots import verdict

    # "police kill the gunman" vs "police killed the gunman": ROUGE-4 is 0 and stays 0 when shuffled
    result = pair_blind_spots(["police kill the gunman"], [["police killed the gunman"]], RougeConfig(max_n=4))
    row = result.rows[0]
    assert result.original["ROUGE-4"].fmeasure == 0.0 and row.scores["ROUGE-4"].fmeasure == 0.0
    assert result.verdict(row, "ROUGE-4", "fmeasure") == "nothing to lose"
    assert not result.fooled(row, "ROUGE-4", "fmeasure")
    assert result.verdict(row, "ROUGE-1", "fmeasure") == "fooled"  # 3/4 before and after
    assert verdict(False, 0.0, 0.25) == "fooled"  # from 0 up: it rose although the meaning changed
