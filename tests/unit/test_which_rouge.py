"""rouge_core.teach.which_rouge: the corpus gap between two configs, attributed to settings and rules.

Hand values: the stemming corpus below scores (rouge-score profile, so no rounding)

  doc 1  "police killed the gunman" / "police kill the gunman": without stemming 3 of 4 unigrams,
         1 of 3 bigrams and an LCS of 3 of 4 words match (F = 3/4, 1/3, 3/4); NLTK's Porter maps
         killed and kill to kill, so everything matches (F = 1): delta 1/4, 2/3, 1/4;
  doc 2  "the cat sat" / "the cat sat on the mat": P = 1, R = 1/2 (ROUGE-1, F = 2/3) with or without
         stemming (rouge-score leaves words of up to 3 letters unstemmed);
  doc 3  "a b c" / "a b d": F = 2/3 (ROUGE-1), 1/2 (ROUGE-2), 2/3 (ROUGE-L) either way;

so ROUGE-1's average F goes from (3/4 + 2/3 + 2/3) / 3 = 25/36 to (1 + 2/3 + 2/3) / 3 = 28/36: a gap of 1/12.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from rouge_core import RougeConfig, evaluate_corpus
from rouge_core.io.readers import read_corpus
from rouge_core.presets import PRESETS, SIDEBAR_PRESETS, preset
from rouge_core.stats.significance import paired_bootstrap
from rouge_core.stats.systems import SystemScores
from rouge_core.teach.differences import RULES
from rouge_core.teach.which_rouge import GROUPS, RULE_SETTING, MeasureGap, which_rouge

SAMPLE = Path(__file__).resolve().parents[2] / "sample_data" / "summeval_subset.jsonl"

STEM_CORPUS = [
    ("police killed the gunman", "police kill the gunman"),
    ("the cat sat", "the cat sat on the mat"),
    ("a b c", "a b d"),
]
RS = RougeConfig(profile="rouge-score", max_n=2, wlcs_weight=None, skip_distance=None, flat_lcs=False)
PERL = RougeConfig(profile="rouge155", max_n=1, wlcs_weight=None, skip_distance=None)
GOOGLE = RougeConfig(profile="rouge-score", max_n=1, wlcs_weight=None, skip_distance=None)  # rougeL on too
# Two sentences in swapped order: the union LCS over sentences matches all 8 words, one LCS over the
# whole text only 4 ("police killed the gunman" or "the gunman was armed"): ROUGE-L 1, rougeL 1/2.
NEWLINE_CORPUS = [
    ("the gunman was armed\npolice killed the gunman", "police killed the gunman\nthe gunman was armed"),
    ("police killed the gunman", "police kill the gunman"),
    ("a b c", "a b d"),  # 2/3: ROUGE-1.5.5 prints 0.66667
]


def averages(rep, label):
    m = rep.measures[label]
    return (m.precision.average, m.recall.average, m.fmeasure.average)


def as_tuple(score):
    return (score.precision, score.recall, score.fmeasure)


def check_sums(m: MeasureGap) -> None:
    """The setting shares and the remainder's add up to 1 (or there is no gap and no share)."""
    if m.remainder_share is None:
        assert abs(m.delta) <= 1e-12 and all(r.share is None for r in m.attribution)
    else:
        assert m.share_total() == pytest.approx(1.0, abs=1e-9)
        assert sum(r.effect for r in m.settings if r.effect is not None) + m.remainder == pytest.approx(m.delta)


# (a) one setting: stemming -----------------------------------------------------------------------


def test_stemming_only_gap_is_hand_fractions_and_all_stem():
    b = RS.with_(stem=True)
    g = which_rouge(STEM_CORPUS, RS, b)
    rep_a, rep_b = evaluate_corpus(STEM_CORPUS, RS), evaluate_corpus(STEM_CORPUS, b)
    assert [s.name for s in g.settings] == ["stem"]
    assert g.settings[0].fields == ("stem",) and g.settings[0].change == "stem: no -> yes"
    assert [m.label_a for m in g.measures] == ["ROUGE-1", "ROUGE-2", "ROUGE-L"]
    hand = {"ROUGE-1": (0.75, 1.0, 1 / 4), "ROUGE-2": (1 / 3, 1.0, 2 / 3), "ROUGE-L": (0.75, 1.0, 1 / 4)}
    for m in g.measures:
        assert as_tuple(m.average_a) == averages(rep_a, m.label_a)
        assert as_tuple(m.average_b) == averages(rep_b, m.label_b)
        assert m.delta == rep_b.measures[m.label_b].fmeasure.average - rep_a.measures[m.label_a].fmeasure.average
        (doc,) = m.documents
        score_a, score_b, delta = hand[m.label_a]
        assert doc.doc_id == "1"
        assert doc.score_a == pytest.approx(score_a, abs=1e-15) and doc.score_b == score_b
        assert doc.delta == pytest.approx(delta, abs=1e-15)
        assert doc.settings == ("stem",) and doc.rules == ()  # same profile: no rule to run
        (row,) = m.attribution
        assert (row.kind, row.name, row.documents, row.share) == ("setting", "stem", 1, 1.0)
        assert m.remainder == 0.0 and m.remainder_share == 0.0 and m.unexplained == ()
        check_sums(m)
    assert g.measure("ROUGE-1").delta == pytest.approx(1 / 12, abs=1e-15)
    assert g.measure("ROUGE-1").mean_delta == pytest.approx(1 / 12, abs=1e-15)
    assert g.explained_documents == 0 and "profiles are the same" in g.notes[0]
    assert g.signature_a == RS.signature() and g.signature_b == b.signature()


# (b) profiles: the rule behind summary-level vs flat LCS ------------------------------------------


def test_profiles_name_the_flat_lcs_rule_for_the_newline_document():
    g = which_rouge(NEWLINE_CORPUS, PERL, GOOGLE, match={"ROUGE-L": "ROUGE-Lflat"})
    m = g.measure("ROUGE-L", "ROUGE-Lflat")
    assert (m.name_a, m.name_b) == ("ROUGE-L", "rougeL")
    swap = next(d for d in m.documents if d.doc_id == "1")
    assert (swap.score_a, swap.score_b, swap.delta) == (1.0, 0.5, -0.5)
    assert swap.rules is not None and "rougeL-flat" in swap.rules
    assert "lcs" in swap.settings
    (tally,) = [r for r in m.rules if r.name == "rougeL-flat"]
    lcs = next(r for r in m.settings if r.name == "lcs")
    assert (tally.parent, tally.documents, tally.effect, tally.share) == ("lcs", 1, lcs.effect, lcs.share)
    assert tally.share_of_parent == 1.0
    # The ROUGE-L variant alone: A's rougeL minus A's ROUGE-L, on the newline document only.
    assert lcs.documents == 1 and lcs.effect is not None and lcs.effect < 0
    check_sums(m)
    # rougeLsum against ROUGE-L: the flat rule does not concern it.
    same = g.measure("ROUGE-L", "ROUGE-L")
    assert all("rougeL-flat" not in (d.rules or ()) for d in same.documents)
    assert "rougeL-flat" not in [r.name for r in same.rules]


def test_profile_quirks_are_switched_alone_perl_rounding_moves_nothing_the_corpus_average_does():
    g = which_rouge(NEWLINE_CORPUS, PERL, GOOGLE)
    m = g.measure("ROUGE-1")
    (doc,) = m.documents  # 2/3 against 0.66667
    assert doc.doc_id == "3" and doc.rules == ("perl-rounding",) and doc.settings == ("profile",)
    assert doc.delta == pytest.approx(2 / 3 - 0.66667, abs=1e-15)
    rounding, corpus = m.rules
    assert (rounding.name, rounding.parent, rounding.documents, rounding.sole_documents) == (
        "perl-rounding",
        "profile",
        1,
        1,
    )
    # Unrounded per-pair scores leave ROUGE-1.5.5's corpus average (the mean of its resample means,
    # rounded to 5 decimals) where it was: 0.80572.
    assert m.average_a.fmeasure == 0.80572
    assert rounding.effect == 0.0 and rounding.share == 0.0 and "switched alone" in rounding.note
    # With only the corpus quirk switched, A's average is the plain mean of its per-pair scores.
    assert corpus.name == "perl-corpus-average" and corpus.documents == 0
    assert corpus.effect == pytest.approx((1 + 0.75 + 0.66667) / 3 - 0.80572, abs=1e-15)
    assert corpus.share == pytest.approx(corpus.effect / m.delta, abs=1e-15)
    assert corpus.share_of_parent == pytest.approx(corpus.effect / m.settings[0].effect, abs=1e-15)
    assert [s.name for s in g.settings] == ["profile", "tokenizer", "multi_ref", "measures"]
    check_sums(m)


def test_su_last_unigram_rule_on_rouge155_vs_paper():
    a = RougeConfig(profile="rouge155", max_n=None, rouge_l=False, wlcs_weight=None, skip_distance=4, rouge_s=False)
    b = a.with_(profile="paper", multi_ref="pooled")
    corpus = [("killed police", "police killed"), ("a b", "a b")]
    g = which_rouge(corpus, a, b)
    m = g.measure("ROUGE-SU4")
    (doc,) = m.documents
    assert doc.doc_id == "1" and doc.rules is not None and "su-last-unigram" in doc.rules
    rule = next(r for r in m.rules if r.name == "su-last-unigram")
    switched = evaluate_corpus(corpus, a.with_(quirks=(("su_last_unigram", True),)))
    assert rule.effect == switched.measures["ROUGE-SU4"].fmeasure.average - 0.5
    assert rule.effect == pytest.approx(1 / 3, abs=1e-5)  # 0 -> 2/3 on doc 1 (rounded by Perl's average)
    check_sums(m)


def test_su_last_unigram_share_from_the_paper_side_is_exact():
    # Paper, SU4: "killed police" / "police killed" shares no skip-bigram; with every word a unigram
    # both are credited: 2/3. "a b" / "a b": 1 either way. Dropping the last unigram (ROUGE-1.5.5)
    # leaves killed against police: 0. So switching the quirk alone moves the paper's average from
    # (2/3 + 1) / 2 = 5/6 to 1/2: an effect of -1/3, the whole gap up to Perl's corpus average.
    a = RougeConfig(profile="paper", max_n=None, rouge_l=False, wlcs_weight=None, skip_distance=4, rouge_s=False)
    g = which_rouge([("killed police", "police killed"), ("a b", "a b")], a, a.with_(profile="rouge155"))
    m = g.measure("ROUGE-SU4")
    assert m.average_a.fmeasure == pytest.approx(5 / 6, abs=1e-15)
    rule = next(r for r in m.rules if r.name == "su-last-unigram")
    assert rule.effect == pytest.approx(-1 / 3, abs=1e-15)
    assert rule.share == pytest.approx(rule.effect / m.delta, abs=1e-15)
    assert "su_last_unigram = False" in rule.note
    check_sums(m)


# (c) no difference ---------------------------------------------------------------------------------


def test_identical_configs_give_no_gap_and_no_rows():
    g = which_rouge(STEM_CORPUS, RS, RS)
    assert g.settings == () and g.explained_documents == 0
    for m in g.measures:
        assert m.delta == 0.0 and m.documents == () and m.attribution == ()
        assert m.remainder == 0.0 and m.remainder_share is None and m.share_total() is None
        assert m.ci_low == m.ci_high == 0.0
        assert "no gap" in " ".join(m.notes)


def test_a_setting_that_moves_nothing_gives_no_share_and_no_division():
    g = which_rouge(STEM_CORPUS, RS, RS.with_(seed=5, bootstrap_samples=10))
    m = g.measure("ROUGE-1")
    (row,) = m.settings
    assert (row.name, row.effect, row.share, row.documents) == ("bootstrap", 0.0, None, 0)
    assert "moves no score" in row.note and m.remainder_share is None
    check_sums(m)


# (d) shares and remainder ------------------------------------------------------------------------


def test_shares_and_remainder_add_up_when_several_settings_differ():
    corpus = STEM_CORPUS + NEWLINE_CORPUS[:1] + [("The killings were reported", ["killing reported", "kills"])]
    a = RougeConfig(profile="rouge155", max_n=2, wlcs_weight=None, skip_distance=None)
    b = RougeConfig(profile="rouge-score", max_n=2, wlcs_weight=None, skip_distance=None, stem=True, alpha=0.25)
    g = which_rouge(corpus, a, b, ids=["a", "b", "c", "d", "e"], match={"ROUGE-L": "ROUGE-Lflat"})
    assert {s.name for s in g.settings} >= {"profile", "tokenizer", "stem", "multi_ref", "alpha"}
    for m in g.measures:
        assert m.delta != 0
        check_sums(m)
        assert [abs(d.delta) for d in m.documents] == sorted((abs(d.delta) for d in m.documents), reverse=True)


def test_a_setting_that_cannot_be_switched_alone_goes_to_the_remainder():
    # A pools counts (averaging=1); B jackknifes, which has no counts to pool: A with only B's
    # multi-reference mode is refused by evaluate_corpus, so that part stays in the remainder.
    a = RougeConfig(profile="paper", max_n=1, rouge_l=False, wlcs_weight=None, skip_distance=None, averaging=1)
    b = a.with_(multi_ref="jackknife", averaging=0)
    corpus = [("a b c", ["a b", "c d e f"]), ("a c", ["a", "a c d"])]
    m = which_rouge(corpus, a, b).measure("ROUGE-1")
    row = next(r for r in m.settings if r.name == "multi_ref")
    assert row.effect is None and row.share is None and "not switchable alone" in row.note
    averaging = next(r for r in m.settings if r.name == "averaging")
    assert m.remainder == pytest.approx(m.delta - averaging.effect)
    check_sums(m)


def test_rouge_w_is_compared_across_weights():
    a = RougeConfig(profile="paper", max_n=None, rouge_l=False, wlcs_weight=1.2, skip_distance=None)
    g = which_rouge([("a b c d", "a b x c d"), ("a b", "b a")], a, a.with_(wlcs_weight=2.0))
    (m,) = g.measures
    assert (m.label_a, m.label_b) == ("ROUGE-W-1.2", "ROUGE-W-2")
    assert [(r.name, r.share) for r in m.settings] == [("wlcs_weight", 1.0)]


# (e) the interval ----------------------------------------------------------------------------------


def test_a_fixed_seed_reproduces_the_paired_bootstrap_interval():
    corpus = STEM_CORPUS + [("police were killed", "police killed two")]
    b = RS.with_(stem=True)
    one = which_rouge(corpus, RS, b, seed=7, samples=500, confidence=90.0).measure("ROUGE-1")
    two = which_rouge(corpus, RS, b, seed=7, samples=500, confidence=90.0).measure("ROUGE-1")
    assert (one.ci_low, one.ci_high, one.p_value) == (two.ci_low, two.ci_high, two.p_value)
    rep_a, rep_b = evaluate_corpus(corpus, RS), evaluate_corpus(corpus, b)
    f_a = [s.fmeasure for s in rep_a.measures["ROUGE-1"].scores]
    f_b = [s.fmeasure for s in rep_b.measures["ROUGE-1"].scores]
    t = paired_bootstrap(SystemScores.from_scores(f_b), SystemScores.from_scores(f_a), 500, 7, 90.0)
    assert (one.ci_low, one.ci_high, one.p_value) == (t.ci_low, t.ci_high, t.p_value)
    assert one.ci_low <= one.mean_delta <= one.ci_high


def test_one_document_has_no_interval():
    m = which_rouge(STEM_CORPUS[:1], RS, RS.with_(stem=True)).measure("ROUGE-1")
    assert m.ci_low is None and m.p_value is None and m.delta == 0.25
    assert "no interval" in " ".join(m.notes)


# (f) bad input ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: which_rouge([], RS, RS), "empty corpus"),
        (lambda: which_rouge(STEM_CORPUS, RS, RS, ids=["1", "2"]), "mismatched ids: 2 ids for 3 pairs"),
        (lambda: which_rouge(STEM_CORPUS, RS, RS, ids=["1", "2", "1"]), "the id '1' appears twice"),
        (
            lambda: which_rouge(
                STEM_CORPUS,
                RougeConfig(max_n=1, rouge_l=False, wlcs_weight=None, skip_distance=None),
                RougeConfig(max_n=None, wlcs_weight=None, skip_distance=None),
            ),
            "no common measure: config A computes ROUGE-1, config B computes ROUGE-L",
        ),
        (lambda: which_rouge(STEM_CORPUS, RS, RS, match={"ROUGE-9": "ROUGE-1"}), "invalid match 'ROUGE-9'"),
        (lambda: which_rouge(STEM_CORPUS, RS, RS, match={"ROUGE-1": "ROUGE-L"}), "only the same measure"),
        (lambda: which_rouge(STEM_CORPUS, RS, RS, statistic="f1"), "invalid statistic='f1'"),
        (lambda: which_rouge(STEM_CORPUS, RS, RS, max_explained_docs=-1), "invalid max_explained_docs=-1"),
        (lambda: which_rouge(STEM_CORPUS, RS, RS, samples=0), "invalid samples=0"),
    ],
)
def test_bad_input_is_a_clear_value_error(call, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        call()


def test_a_config_that_is_not_a_rouge_config_is_a_type_error():
    with pytest.raises(TypeError, match="config_b must be a RougeConfig"):
        which_rouge(STEM_CORPUS, RS, "rouge-score")  # type: ignore[arg-type]


# The cap, the registries, the presets --------------------------------------------------------------


def test_max_explained_docs_caps_the_rule_detectors():
    corpus = [("a b c", "a b d"), ("a b c d e f", "a b x"), ("a", "a b c d e f")]
    g = which_rouge(corpus, PERL, GOOGLE, max_explained_docs=1)
    assert g.explained_documents == 1 and "examined 1 of the 3 documents" in g.notes[0]
    rows = g.measure("ROUGE-1").documents
    assert len(rows) == 3 and [d.rules is None for d in rows] == [False, True, True]


def test_every_config_field_is_in_one_setting_and_every_mapped_rule_exists():
    names = [f for g in GROUPS for f in g.fields]
    assert sorted(names) == sorted(f.name for f in dataclasses.fields(RougeConfig))
    assert set(RULE_SETTING) <= set(RULES)


def test_presets_keep_the_sidebar_names_and_values():
    from ui.widgets import options  # the sidebar offers rouge_core's presets, not a copy

    assert dict(SIDEBAR_PRESETS) == dict(options.PRESETS)
    assert set(SIDEBAR_PRESETS) < set(PRESETS)
    with pytest.raises(ValueError, match="no preset 'x'"):
        preset("x")


# A real corpus ---------------------------------------------------------------------------------------


def test_summeval_sample_is_consistent_with_evaluate_corpus():
    corpus = read_corpus(SAMPLE.read_bytes(), SAMPLE.name, sentences="split")
    pairs, ids = corpus.pairs("M8")  # 20 documents, 11 references each
    a = preset("ROUGE-1.5.5 -n 2 -m (ROUGE-1, ROUGE-2, ROUGE-L with stemming)")
    b = preset("rouge-score defaults (rouge1, rouge2, rougeL, rougeLsum)")
    g = which_rouge(pairs, a, b, ids, match={"ROUGE-L": "ROUGE-Lflat"}, max_explained_docs=3, samples=200)
    rep_a, rep_b = evaluate_corpus(pairs, a, ids=ids), evaluate_corpus(pairs, b, ids=ids)
    assert [(m.label_a, m.label_b) for m in g.measures] == [
        ("ROUGE-1", "ROUGE-1"),
        ("ROUGE-2", "ROUGE-2"),
        ("ROUGE-L", "ROUGE-L"),
        ("ROUGE-L", "ROUGE-Lflat"),
    ]
    assert g.n_documents == 20 and g.explained_documents == 3
    for m in g.measures:
        assert as_tuple(m.average_a) == averages(rep_a, m.label_a)
        assert as_tuple(m.average_b) == averages(rep_b, m.label_b)
        f_a = {i.eval_id: i.measures[m.label_a].score.fmeasure for i in rep_a.instances}
        f_b = {i.eval_id: i.measures[m.label_b].score.fmeasure for i in rep_b.instances}
        assert {d.doc_id: (d.score_a, d.score_b) for d in m.documents} == {
            i: (f_a[i], f_b[i]) for i in ids if f_a[i] != f_b[i]
        }
        assert [abs(d.delta) for d in m.documents] == sorted((abs(d.delta) for d in m.documents), reverse=True)
        assert sum(d.rules is not None for d in m.documents) <= 3
        check_sums(m)


def test_rows_beyond_the_cap_are_marked_only_where_a_rule_concerns_the_pair():
    a = RougeConfig(profile="rouge-score", max_n=1, wlcs_weight=None, skip_distance=None, flat_lcs=False)
    b = a.with_(flat_lcs=True, stem=True)
    corpus = NEWLINE_CORPUS[:2]
    g = which_rouge(corpus, a, b, match={"ROUGE-L": "ROUGE-Lflat"}, max_explained_docs=0)
    assert g.explained_documents == 0
    assert [d.rules for d in g.measure("ROUGE-1").documents] == [()]  # no rule concerns ROUGE-1 here
    assert [d.rules for d in g.measure("ROUGE-L", "ROUGE-Lflat").documents] == [None, None]


def test_progress_counts_up_to_its_total_and_changes_no_number():
    seen: list[tuple[int, int]] = []
    with_bar = which_rouge(NEWLINE_CORPUS, PERL, GOOGLE, progress=lambda done, total: seen.append((done, total)))
    assert with_bar == which_rouge(NEWLINE_CORPUS, PERL, GOOGLE)
    # A, B, 4 settings (profile, tokenizer, multi_ref, measures), 2 profile quirks that can move
    # ROUGE-1 or ROUGE-L here (rounding, the corpus average: no stemming, no -f B, no SU or W), then up
    # to min(50, 3) documents: only the "a b c" one differs (0.66667 against 2/3), so the last call
    # jumps to the total.
    assert seen == [(1, 11), (2, 11), (3, 11), (4, 11), (5, 11), (6, 11), (7, 11), (8, 11), (9, 11), (11, 11)]
