"""Corpus averages and bootstrap intervals against ROUGE-1.5.5's recorded output.

expected_corpus.json holds 7 Perl runs over the 92 cases (one EVAL per case,
eval IDs c001.. in cases.jsonl order, peer ID A): 63 average/CI triples and the
4 ``-t 2`` raw count lines. Each run is one test, named by its Perl options.
"""

from __future__ import annotations

import pytest

from rouge_core import RougeConfig
from rouge_core.batch.corpus import evaluate_corpus

from .conftest import load_cases, load_corpus

CASES = load_cases()
EVAL_IDS = {cid: "c%03d" % (i + 1) for i, cid in enumerate(CASES)}
RUNS = load_corpus()["runs"]

_NONE = dict(max_n=None, rouge_l=False, wlcs_weight=None, skip_distance=None)
#: The RougeConfig of each recorded Perl command line.
CONFIGS = {
    "-n 4 -2 4 -U -c 95 -r 1000 -a": dict(_NONE, max_n=4, rouge_l=True, skip_distance=4),
    "-x -w 1.2 -c 95 -r 1000 -a": dict(_NONE, wlcs_weight=1.2),
    "-x -2 -1 -U -c 95 -r 1000 -a": dict(_NONE, skip_distance=-1),
    "-n 2 -2 4 -u -c 95 -r 1000 -a -m": dict(_NONE, max_n=2, rouge_l=True, skip_distance=4, rouge_s=False, stem=True),
    "-n 2 -c 90 -r 200 -a": dict(_NONE, max_n=2, rouge_l=True, confidence=90, bootstrap_samples=200),
    "-n 2 -2 4 -u -t 1 -a": dict(_NONE, max_n=2, rouge_l=True, skip_distance=4, rouge_s=False, averaging=1),
    "-n 2 -2 4 -u -t 2 -a": dict(_NONE, max_n=2, rouge_l=True, skip_distance=4, rouge_s=False, averaging=2),
}


def test_data_is_complete():
    assert set(RUNS) == set(CONFIGS)
    triples = sum(len(m) for run in RUNS.values() for m in run["averages"].values())
    assert triples == 63
    assert sum(len(run.get("raw_count_lines", [])) for run in RUNS.values()) == 4


def run_report(opts: str):
    run = RUNS[opts]
    wanted = set(run["config_cases_in_perl_instance_order"])
    ids = [cid for cid in CASES if cid in wanted]  # the EVALs of the config, in file order
    pairs = [(CASES[c]["candidate"], CASES[c]["references"]) for c in ids]
    return evaluate_corpus(pairs, RougeConfig(**CONFIGS[opts]), ids=[EVAL_IDS[c] for c in ids], peer_id="A")


@pytest.mark.parametrize("opts", list(RUNS), ids=list(RUNS))
def test_corpus_run(opts):
    run = RUNS[opts]
    report = run_report(opts)
    # Perl visits the instances in plain string order of "<evalID>.<peerID>".
    assert report.order == tuple(EVAL_IDS[c] + ".A" for c in run["config_cases_in_perl_instance_order"])
    got, want = {}, {}
    for label, measure in run["averages"].items():
        summary = report.measures[label]
        for name, iv in (("R", summary.recall), ("P", summary.precision), ("F", summary.fmeasure)):
            got[label, name] = ("%.5f" % iv.average, "%.5f" % iv.ci_low, "%.5f" % iv.ci_high)
            e = measure[name]
            want[label, name] = (e["avg"], e["ci_low"], e["ci_high"])
    assert got == want
    lines = []
    for line in run.get("raw_count_lines", []):
        t = report.measures[line.split()[1]].totals
        lines.append(f"A {line.split()[1]} M_count: {int(t.model)} P_count: {int(t.peer)} H_count: {int(t.hit)}")
    assert lines == run.get("raw_count_lines", [])


def test_rouge_w_run_omits_the_cases_where_perl_dies():
    full = evaluate_corpus(
        [(CASES[c]["candidate"], CASES[c]["references"]) for c in CASES],
        RougeConfig(**CONFIGS["-x -w 1.2 -c 95 -r 1000 -a"]),
        peer_id="A",
    )
    dead = [m for m in full.measures["ROUGE-W-1.2"].notes if "abort" in m]
    omitted = len(CASES) - len(RUNS["-x -w 1.2 -c 95 -r 1000 -a"]["config_cases_in_perl_instance_order"])
    assert omitted == 4 and len(dead) == 1 and dead[0].count(".A") == omitted


def test_plain_mean_differs_from_perls_bootstrap_mean():
    report = run_report("-n 4 -2 4 -U -c 95 -r 1000 -a")
    recalls = [s.recall for s in report.measures["ROUGE-1"].scores]
    assert "%.5f" % (sum(recalls) / len(recalls)) == "0.63755"  # Perl prints 0.63800
    assert "%.5f" % report.measures["ROUGE-1"].recall.average == "0.63800"


def test_other_profiles_use_the_plain_mean_and_a_seeded_bootstrap():
    pairs = [(CASES[c]["candidate"], CASES[c]["references"]) for c in list(CASES)[:30]]
    cfg = RougeConfig(profile="paper", max_n=1, rouge_l=False, wlcs_weight=None, skip_distance=None)
    a, b = evaluate_corpus(pairs, cfg), evaluate_corpus(pairs, cfg)
    c = evaluate_corpus(pairs, cfg.with_(seed=1))
    ra, rc = a.measures["ROUGE-1"].recall, c.measures["ROUGE-1"].recall
    assert a.order == tuple(f"{i}.X" for i in range(1, 31))  # input order, not string order
    recalls = [s.recall for s in a.measures["ROUGE-1"].scores]
    assert ra.average == pytest.approx(sum(recalls) / 30, abs=1e-15)
    assert ra == b.measures["ROUGE-1"].recall
    assert ra.average == rc.average and (ra.ci_low, ra.ci_high) != (rc.ci_low, rc.ci_high)
    assert ra.ci_low < ra.average < ra.ci_high


def test_bad_ids_are_refused():
    with pytest.raises(ValueError, match="ids"):
        evaluate_corpus([("a", "a"), ("b", "b")], RougeConfig(), ids=["1"])
    with pytest.raises(ValueError, match="unique"):
        evaluate_corpus([("a", "a"), ("b", "b")], RougeConfig(), ids=["1", "1"])
    with pytest.raises(ValueError, match="jackknife"):
        evaluate_corpus([("a", "a")], RougeConfig(profile="paper", multi_ref="jackknife", averaging=1))
