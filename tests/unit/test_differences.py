"""rouge_core.teach.differences: every rule fires on its preset and not on a neutral input; the side-by-side
numbers are rouge_core.evaluate's under each profile (and rouge-score's own for that column); every
difference on the presets, the samples and random inputs is explained by some rule."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from rouge_core import RougeConfig, evaluate
from rouge_core.config import PROFILES
from rouge_core.teach.differences import RULES, compare, profile_configs
from ui.samples import load_samples

BASE = RougeConfig(max_n=4, skip_distance=4, wlcs_weight=1.2)  # the sidebar's default
SAMPLES = load_samples()

# For each rule: an input (and options) on which it does not apply.
NEUTRAL = {
    "su-last-unigram": ("police killed the gunman", ["officers shot a suspect"], {}),
    "unicode-lower": ("The sample was cooled to 4 K.", ["The sample was cooled to 4 K."], {}),
    "non-ascii-dropped": ("police killed the gunman", ["police kill the gunman"], {}),
    "rougeL-flat": ("police kill the gunman", ["police killed the gunman"], {}),
    "perl-rounding": ("police killed the gunman", ["police killed the gunman"], {"wlcs_weight": None}),
    "w-double-weight": ("police", ["police"], {}),
    "w-union-runs": ("police killed the gunman", ["police killed the gunman"], {}),
    "best-recall-vs-f": ("police killed the gunman", ["police killed gunman"], {}),
    "stemmers": ("police killed the gunman", ["police kill the gunman"], {"stem": True}),
    "union-no-budget": ("police killed the gunman", ["the gunman was killed by police"], {}),
    "multi-ref-pooling": ("police killed the gunman", ["police killed the gunman"], {}),
    "w-dies": ("police killed the gunman", ["police killed the gunman", "the gunman"], {}),
}


def hit_ids(candidate, references, config=BASE):
    return [h.rule.id for h in compare(candidate, references, config).hits]


def test_the_registry_holds_every_rule_once():
    assert list(RULES) == list(NEUTRAL)
    assert len({r.title for r in RULES.values()}) == len({r.tag for r in RULES.values()}) == len(RULES)
    for r in RULES.values():
        assert r.explanation.count(". ") == 0 and r.explanation.endswith("."), r.id  # one sentence
        assert set(r.sets_apart) <= set(PROFILES)


@pytest.mark.parametrize("rule_id", list(RULES))
def test_each_rule_fires_on_its_preset(rule_id):
    ex = RULES[rule_id].example
    c = compare(ex.candidate, list(ex.references), BASE)
    hit = c.hit(rule_id)
    assert hit is not None
    assert hit.finding.measures and hit.finding.detail
    if hit.finding.in_table:  # the moved measures are marked in the table (rougeL: against rougeLsum)
        for label in hit.finding.measures:
            if label == "ROUGE-Lflat" and rule_id != "rougeL-flat":
                continue
            row = next(r for r in c.rows if r.label == label)
            assert row.differs and rule_id in row.rules


@pytest.mark.parametrize("rule_id", list(RULES))
def test_no_rule_fires_on_its_neutral_input(rule_id):
    cand, refs, options = NEUTRAL[rule_id]
    assert rule_id not in hit_ids(cand, refs, BASE.with_(**options))


def test_finding_numbers():
    def detail(rule_id, config=BASE):
        ex = RULES[rule_id].example
        return compare(ex.candidate, list(ex.references), config).hit(rule_id).finding

    su = detail("su-last-unigram")
    assert su.measures == ("ROUGE-SU4",)
    # "killed police" vs "police killed": 0 in Perl, 2/3 when every unigram counts
    assert "R 0.00000" in su.detail and "R 0.66667" in su.detail
    assert "F = 0.22223" in detail("perl-rounding").detail and "0.22222" in detail("perl-rounding").detail
    assert "R = 0.75786" in detail("w-double-weight").detail  # 4^(1-1.2)
    assert "P 1.50000" in detail("union-no-budget").detail  # 6 hits over 4 candidate tokens
    best = detail("best-recall-vs-f")
    assert not best.in_table and "reference 1" in best.detail and "reference 2" in best.detail
    assert not detail("non-ascii-dropped").in_table
    assert not detail("stemmers").in_table and detail("stemmers", BASE.with_(stem=True)).in_table
    assert "agreement: agreem (ROUGE) / agreement (NLTK)" in detail("stemmers").detail
    assert "Kelvin Sign" in detail("unicode-lower").detail


def test_profile_configs_change_only_the_profile():
    base = RougeConfig(
        profile="paper",
        stem=True,
        remove_stopwords=True,
        max_n=2,
        skip_distance=-1,
        wlcs_weight=2.0,
        alpha=0.3,
        multi_ref="jackknife",
        word_limit=50,
    )
    configs = profile_configs(base)
    assert list(configs) == list(PROFILES)
    own = {"profile", "tokenizer", "multi_ref", "flat_lcs"}
    for p, c in configs.items():
        assert c.profile == p and c == RougeConfig(
            profile=p, **{f.name: getattr(base, f.name) for f in fields(base) if f.name not in own}
        )
    assert [c.multi_ref for c in configs.values()] == ["pooled", "best", "best"]
    assert [c.tokenizer for c in configs.values()] == ["rouge155", "rouge-score", "rouge155"]


INPUTS = [(r.example.candidate, list(r.example.references)) for r in RULES.values()] + [
    (s.candidate, list(s.references)) for s in SAMPLES.values()
]


@pytest.mark.parametrize("stem", [False, True])
@pytest.mark.parametrize(("candidate", "references"), INPUTS)
def test_side_by_side_numbers_are_evaluate_and_every_difference_is_explained(candidate, references, stem):
    base = BASE.with_(stem=stem)
    c = compare(candidate, references, base)
    for p, config in profile_configs(base).items():
        expected = evaluate(candidate, references, config)
        for row in c.rows:
            want = expected.measures[row.label].score if row.label in expected.measures else None
            assert row.scores[p] == want, (p, row.label)
    assert all(not r.unexplained for r in c.rows)
    for row in c.rows:
        if row.differs:
            assert row.rules, row.label
        else:
            assert len({s for s in row.scores.values() if s is not None}) <= 1


RS_NAMES = {"ROUGE-L": "rougeLsum", "ROUGE-Lflat": "rougeL"}


@pytest.mark.parametrize("stem", [False, True])
@pytest.mark.parametrize("rule_id", list(RULES))
def test_rouge_score_column_equals_the_rouge_score_package(rule_id, stem):
    rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")
    ex = RULES[rule_id].example
    c = compare(ex.candidate, list(ex.references), BASE.with_(stem=stem))
    types = ["rouge1", "rouge2", "rouge3", "rouge4", "rougeL", "rougeLsum"]
    want = rouge_scorer.RougeScorer(types, use_stemmer=stem).score_multi(list(ex.references), ex.candidate)
    rows = {RS_NAMES.get(r.label, "rouge" + r.label[6:]): r for r in c.rows}
    for name in types:
        got = rows[name].scores["rouge-score"]
        w = want[name]
        assert (got.precision, got.recall, got.fmeasure) == (w.precision, w.recall, w.fmeasure), name


def test_random_inputs_leave_no_difference_unexplained():
    words = [
        "a",
        "b",
        "the",
        "cat",
        "cats",
        "dying",
        "dies",
        "agreement",
        "environmental",
        "environment",
        "police",
        "killed",
        "\u212a",
        "İzmir",
        "tué",
        "x1",
        "Gunman",
        "of",
    ]
    rng = random.Random(7)

    def text():
        return "\n".join(
            " ".join(rng.choice(words) for _ in range(rng.randint(0, 6))) + rng.choice(["", ".", ","])
            for _ in range(rng.randint(1, 3))
        )

    for _ in range(150):
        base = RougeConfig(
            max_n=rng.randint(1, 4),
            stem=rng.random() < 0.5,
            remove_stopwords=rng.random() < 0.3,
            wlcs_weight=rng.choice([None, 1.2, 2.0]),
            skip_distance=rng.choice([None, -1, 0, 4]),
            alpha=rng.choice([0.5, 0.2, 1.0, 0.0]),
            rouge_l=rng.random() < 0.8,
            word_limit=rng.choice([None, None, 3, 8]),
        )
        cand, refs = text(), [text() for _ in range(rng.randint(1, 3))]
        c = compare(cand, refs, base)
        assert all(not r.unexplained for r in c.rows), (cand, refs, base.signature())


@pytest.mark.parametrize(
    ("candidate", "references"),
    [
        ("", ["police killed the gunman"]),
        ("police", [""]),
        ("", [""]),
        ("<script>alert(1)</script>", ["x"]),
        ("police killed the gunman", []),
        ("... !!!", ["警察"]),
    ],
)
def test_bad_inputs_compare_without_error(candidate, references):
    c = compare(candidate, references, BASE)
    assert [r.label for r in c.rows][:4] == ["ROUGE-1", "ROUGE-2", "ROUGE-3", "ROUGE-4"]
    assert all(not r.unexplained for r in c.rows)


def test_w_rule_states_the_cause_that_applies():
    """Y2 has one sentence: the rule must blame the runs along the reference, not 'several sentences'."""
    y2 = compare("A H B K C I D", ["A B C D E F G"], BASE).hit("w-union-runs")
    assert y2 is not None
    assert "consecutive but their candidate words are not" in y2.finding.detail
    assert "several sentences" not in y2.finding.detail
    two = compare(
        "police killed the gunman the crowd cheered", ["police killed the gunman\nthe crowd cheered"], BASE
    ).hit("w-union-runs")
    assert two is not None and "several sentences" in two.finding.detail
    assert "candidate words are not" not in two.finding.detail
