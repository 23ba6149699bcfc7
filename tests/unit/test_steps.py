"""rouge_core.teach.steps: every walk ends on the numbers rouge_core computes for the same input."""

from __future__ import annotations

import random
from math import comb

import pytest

from rouge_core import RougeConfig, evaluate
from rouge_core.measures.lcs import lcs
from rouge_core.measures.ngrams import count_ngrams
from rouge_core.measures.skipbigram import count_skip_bigrams, pair_total
from rouge_core.measures.summary_lcs import lcs_measure
from rouge_core.teach.steps import MAX_STEP_TOKENS, lcs_steps, ngram_steps, skip_steps, traceback_steps, union_steps

S1 = "police killed the gunman".split()
S2 = "police kill the gunman".split()
S3 = "the gunman kill police".split()
S4 = "the gunman police killed".split()
S5 = "gunman the killed police".split()
X = "A B C D E F G".split()
Y1 = "A B C D H I K".split()
Y2 = "A H B K C I D".split()
R = [["w1", "w2", "w3", "w4", "w5"]]
C = [["w1", "w2", "w6", "w7", "w8"], ["w1", "w3", "w8", "w9", "w5"]]


def table_of(steps, m, n):
    t = [[0.0] * (n + 1) for _ in range(m + 1)]
    for s in steps:
        t[s.a][s.b] = s.value
    return t


def random_pairs(count=150, seed=7):
    rng = random.Random(seed)
    for _ in range(count):
        vocab = "abcde"[: rng.randint(1, 5)]
        yield (
            [rng.choice(vocab) for _ in range(rng.randint(0, 9))],
            [rng.choice(vocab) for _ in range(rng.randint(0, 9))],
        )


# -- LCS / WLCS table ------------------------------------------------------------------


def test_s2_vs_s1_table_and_traceback():
    steps = lcs_steps(S1, S2)
    assert len(steps) == 16
    assert steps[-1].value == 3
    core = lcs(S1, S2, keep_table=True)
    assert table_of(steps, 4, 4) == core.table
    trace = traceback_steps(S1, S2)
    marks = [t.mark for t in trace if t.mark][::-1]
    assert marks == core.marks == [(0, 0), (2, 2), (3, 3)]
    assert trace[-1].marks == 3
    assert [(t.a, t.b) for t in trace] == core.path[:-1]


def test_rules_follow_rouge155_tie_rule():
    steps = {(s.a, s.b): s for s in lcs_steps(S1, S2)}
    # c[2][2]: 'killed' vs 'kill' differ, c[1][2] = 1 >= c[2][1] = 1: a tie goes up (reference first)
    assert steps[2, 2].rule == "up" and steps[2, 2].source == (1, 2)
    assert steps[1, 1].rule == "match" and steps[1, 1].source == (0, 0)
    assert steps[1, 2].rule == "left" and steps[1, 2].value == 1  # c[0][2] = 0 < c[1][1] = 1
    assert steps[3, 3].rule == "match" and steps[3, 3].value == 2


@pytest.mark.parametrize("cand,value", [(S2, 3), (S3, 2), (S4, 2), (S5, 1)])
def test_paper_sentences_end_on_their_lcs(cand, value):
    assert lcs_steps(S1, cand)[-1].value == value
    assert traceback_steps(S1, cand)[-1].marks == value


def test_wlcs_y1_and_y2_with_k_squared():
    y1 = lcs_steps(X, Y1, 2.0)
    assert y1[-1].value == 16
    matches = [s for s in y1 if s.rule == "match"]
    assert [(s.run, s.increment) for s in matches] == [(1, 1.0), (2, 3.0), (3, 5.0), (4, 7.0)]
    assert max(s.run for s in y1) == 4
    y2 = lcs_steps(X, Y2, 2.0)
    assert y2[-1].value == 4 and max(s.run for s in y2) == 1
    assert table_of(y1, 7, 7) == lcs(X, Y1, 2.0, keep_table=True).table


def test_every_step_reproduces_its_value_from_its_rule():
    for ref, cand in random_pairs():
        for w in (1.0, 1.2, 2.0):
            steps = lcs_steps(ref, cand, w)
            core = lcs(ref, cand, w, keep_table=True)
            t = table_of(steps, len(ref), len(cand))
            assert t == core.table
            for s in steps:
                if s.rule == "match":
                    assert s.value == t[s.a - 1][s.b - 1] + s.increment or s.value == pytest.approx(
                        t[s.a - 1][s.b - 1] + s.increment, rel=1e-12
                    )
                elif s.rule == "up":
                    assert s.value == t[s.a - 1][s.b] >= t[s.a][s.b - 1]
                else:
                    assert s.value == t[s.a][s.b - 1] > t[s.a - 1][s.b]
            marks = [x.mark for x in traceback_steps(ref, cand, w) if x.mark][::-1]
            assert marks == core.marks
            if steps:
                assert steps[-1].value == core.value


def test_cell_walk_is_capped():
    long = ["w"] * (MAX_STEP_TOKENS + 1)
    with pytest.raises(ValueError, match="step lists stop at 30"):
        lcs_steps(long, S1)
    with pytest.raises(ValueError):
        traceback_steps(S1, long)
    assert lcs_steps([], S1) == [] and traceback_steps(S1, []) == []


# -- n-grams ---------------------------------------------------------------------------


def test_ngram_steps_clip_and_total():
    steps = ngram_steps("the cat the cat".split(), "the cat sat".split(), 2)
    assert [s.credited for s in steps] == [True, False, False]
    assert steps[-1].hits == 1
    s2 = ngram_steps(S2, S1, 2)
    assert [" ".join(s.gram) for s in s2 if s.credited] == ["the gunman"]
    assert s2[0].reference_positions is None and s2[-1].reference_positions == (2, 3)


def test_ngram_steps_end_on_evaluate_counts():
    for ref, cand in random_pairs():
        for n in (1, 2, 3):
            steps = ngram_steps(cand, ref, n)
            e = count_ngrams(cand, ref, n, explain=True)[1]
            assert len(steps) == e.candidate_total
            assert (steps[-1].hits if steps else 0) == e.hit
    rep = evaluate(" ".join(S4), " ".join(S1), RougeConfig(profile="paper", max_n=2))
    assert ngram_steps(S4, S1, 2)[-1].hits == rep.measures["ROUGE-2"].counts.hit == 2


# -- skip-bigrams ----------------------------------------------------------------------


def test_four_words_have_six_skip_bigrams():
    steps = skip_steps(S1, S1, -1)
    assert len(steps) == comb(4, 2) == 6 == pair_total(4, -1)
    assert [s.gram for s in steps] == [
        ("police", "killed"),
        ("police", "the"),
        ("police", "gunman"),
        ("killed", "the"),
        ("killed", "gunman"),
        ("the", "gunman"),
    ]


@pytest.mark.parametrize("cand,hits", [(S2, 3), (S3, 1), (S4, 2), (S5, 0)])
def test_paper_skip_matches(cand, hits):
    steps = skip_steps(cand, S1, -1)
    assert steps[-1].hits == hits and steps[-1].counted == 6


def test_distance_limit_and_su():
    steps = skip_steps(S2, S1, 0)  # d = 0: bigrams only
    assert [s.status for s in steps].count("outside") == 3
    assert all(s.gap == 0 for s in steps if s.status != "outside")
    su = skip_steps(S5, S1, -1, su=True)
    assert su[-1].hits == 4 and su[-1].counted == 10  # no pair matches, all four unigrams do
    perl = skip_steps(S5, S1, -1, su=True, su_last=False)
    assert perl[-1].status == "outside" and perl[-1].j is None and perl[-1].counted == 9


def test_skip_steps_end_on_explanation_counts():
    for ref, cand in random_pairs():
        for d in (-1, 0, 1, 4):
            for su, last in ((False, True), (True, True), (True, False)):
                steps = skip_steps(cand, ref, d, su, last)
                e = count_skip_bigrams(cand, ref, d, su, last, explain=True)[1]
                assert (steps[-1].counted if steps else 0) == e.candidate_total
                assert (steps[-1].hits if steps else 0) == e.hit


# -- union LCS -------------------------------------------------------------------------


def test_union_example_ends_with_four_marks():
    steps = union_steps(R, C)
    lcs_phase = [s for s in steps if s.phase == "lcs"]
    assert [s.positions for s in lcs_phase] == [(0, 1), (0, 2, 4)]
    credit = [s for s in steps if s.phase == "credit"]
    assert len(credit) == 4 and all(s.credited for s in credit)
    assert [s.key for s in credit] == ["w1", "w2", "w3", "w5"]
    assert steps[-1].union == (0, 1, 2, 4) and steps[-1].hits == 4
    assert credit[0].budget == (2, 1)  # 'w1': two copies in the candidate, one in the reference
    assert union_steps(R, C, budget=False)[-1].budget is None


def test_hit_budget_spends_repeated_tokens():
    ref = [["a", "b"], ["a", "b"]]
    cand = [["a", "b"]]
    with_budget = union_steps(ref, cand)  # the candidate's one 'a' and one 'b' are spent on R1
    assert [s.credited for s in with_budget if s.phase == "credit"] == [True, True, False, False]
    assert with_budget[-1].hits == 2 and union_steps(ref, cand, budget=False)[-1].hits == 4
    cand = [["a", "c"]]
    spent = [s for s in union_steps(ref, cand) if s.phase == "credit"]
    assert [(s.key, s.credited, s.budget) for s in spent] == [("a", True, (1, 2)), ("a", False, (0, 1))]
    assert union_steps(ref, cand, budget=False)[-1].hits == 2  # the paper: no budget


def test_union_steps_end_on_lcs_measure_counts():
    rng = random.Random(3)
    for _ in range(120):
        vocab = "abcd"[: rng.randint(1, 4)]
        ref = [[rng.choice(vocab) for _ in range(rng.randint(1, 6))] for _ in range(rng.randint(1, 3))]
        cand = [[rng.choice(vocab) for _ in range(rng.randint(1, 6))] for _ in range(rng.randint(1, 3))]
        for budget in (True, False):
            steps = union_steps(ref, cand, budget)
            counts, _, e = lcs_measure(ref, cand, "union" if budget else "union-unclipped", explain=True)
            assert steps[-1].hits == counts.hit
            assert [(m.reference_sentence, m.position, m.credited) for m in e.marks] == [
                (s.reference_sentence, s.positions[0], s.credited) for s in steps if s.phase == "credit"
            ]


@pytest.mark.parametrize("profile", ["rouge155", "paper", "rouge-score"])
def test_union_steps_match_evaluate(profile):
    cfg = RougeConfig(profile=profile)
    rep = evaluate("w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5", "w1 w2 w3 w4 w5", cfg)
    ref, cand = rep.references[0], rep.candidate
    steps = union_steps(
        ref.sentence_keys, cand.sentence_keys, budget=profile != "paper", budget_keys=(ref.keys, cand.keys)
    )
    assert steps[-1].hits == rep.measures["ROUGE-L"].counts.hit == 4


# -- skip-bigram lists too long to show: the message names the long side ------------------


def test_skip_steps_name_the_reference_when_the_reference_is_too_long():
    # 708 tokens have C(708, 2) = 250,278 skip-bigrams, over EXPLAIN_MAX_PAIRS = 250,000; the candidate's 4 have 6.
    reference = [f"w{k}" for k in range(708)]
    with pytest.raises(ValueError) as caught:
        skip_steps(S2, reference, -1)
    assert str(caught.value) == (
        "invalid reference: its 708 tokens have 250,278 skip-bigrams; step lists stop at 250,000 skip-bigrams"
    )


def test_skip_steps_name_the_candidate_when_the_candidate_is_too_long(monkeypatch):
    # The candidate's token cap (30: 435 pairs) keeps it under the real limit, so lower the limit to 5:
    # the candidate's 4 tokens have C(4, 2) = 6 skip-bigrams, the reference's 3 have 3.
    monkeypatch.setattr("rouge_core.measures.skipbigram.EXPLAIN_MAX_PAIRS", 5)
    with pytest.raises(ValueError) as caught:
        skip_steps(S2, S1[:3], -1)
    assert str(caught.value) == "invalid candidate: its 4 tokens have 6 skip-bigrams; step lists stop at 5 skip-bigrams"
    with pytest.raises(ValueError) as caught:  # both sides over: both named
        skip_steps(S2, S1, -1)
    assert str(caught.value) == (
        "invalid candidate and reference: their 4 and 4 tokens have 6 and 6 skip-bigrams; "
        "step lists stop at 5 skip-bigrams"
    )
    assert len(skip_steps(S2, S1, 1)) == 6  # a skip distance of 1 counts 5 pairs a side: both fit, 1 outside
