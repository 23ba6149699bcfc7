"""``rouge_core.io.export``: ``to_dict`` of every result type, ``to_json``, and the CLI's ``--json`` unchanged.

The pair below, worked by hand (ROUGE-1.5.5's pooled ``-f A``: counts summed over the references):

* candidate "police kill the gunman"; references "police killed the gunman" and "the gunman was shot";
* ROUGE-1: hits police, the, gunman (3 of 4) and the, gunman (2 of 4): 5 of 8 model, 8 peer -> 0.625;
* ROUGE-2: hits "the gunman" once in each (3 bigrams each): 2 of 6 -> 1/3.

And a second pair, "police" against "police killed the gunman": ROUGE-1 R = 1/4, P = 1, F = 0.4.

The two files in ``tests/unit/data`` are the command line's output before ``export.py`` existed
(``python3 -m rouge_core`` run from the project root with the flags of :data:`CASES_RUN` and
:data:`COMPARE_RUN`); the tests compare today's output with them byte for byte.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from rouge_core import Counts, RougeConfig, Score, evaluate
from rouge_core.batch.corpus import CorpusReport, Interval, evaluate_corpus
from rouge_core.cli.run import build_config, main, parse_args
from rouge_core.io.export import count_value, text_id, to_dict, to_json, write_json
from rouge_core.stats.comparison import compare_systems
from rouge_core.stats.systems import system_scores
from rouge_core.teach.which_rouge import which_rouge

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
SMALL = RougeConfig(max_n=2, wlcs_weight=None, skip_distance=None, bootstrap_samples=50)
CANDIDATE = "police kill the gunman"
REFERENCES = ["police killed the gunman", "the gunman was shot"]
#: The CLI runs whose ``--json`` output is in tests/unit/data (file, flags).
CASES_RUN = (
    "export_cli_cases.json",
    ["--input", "tests/conformance/data/cases.jsonl", "-n", "1", "-w", "1.2", "-2", "4", "-U", "-x", "-d", "-r", "100"],
)
COMPARE_RUN = (
    "export_cli_compare.json",
    ["--input", "sample_data/summeval_subset.jsonl", "--compare", "--samples", "100"]
    + ["--measure", "ROUGE-1", "--measure", "ROUGE-SU4", "-n", "1", "-2", "4", "-U"],
)


def pair_report() -> Any:
    return evaluate(CANDIDATE, REFERENCES, SMALL)


def corpus_report(peer: str = "X", second: str = "police") -> CorpusReport:
    pairs = [(CANDIDATE, REFERENCES), (second, ["police killed the gunman"])]
    return evaluate_corpus(pairs, SMALL, ids=["d1", "d2"], peer_id=peer)


# -- the small types ---------------------------------------------------------------------------------------


def test_counts_under_both_sets_of_names() -> None:
    c = Counts(hit=5, model=8, peer=8.5)
    assert to_dict(c) == {"hit": 5, "model": 8, "peer": 8.5}
    assert list(to_dict(c)) == ["hit", "model", "peer"]  # the CLI's key order
    assert to_dict(c, keys="file") == {"hit": 5, "reference": 8, "candidate": 8.5}
    whole = to_dict(Counts(hit=3.0, model=4.0, peer=1.2e24), keys="file", whole=True)
    assert whole == {"hit": 3, "reference": 4, "candidate": 1.2e24}
    assert [type(v) for v in whole.values()] == [int, int, float]  # 1.2e24 is past 2**53: stays a float
    assert count_value(None) is None


def test_score_and_interval() -> None:
    assert to_dict(Score(precision=0.5, recall=1.0, fmeasure=2 / 3)) == {"precision": 0.5, "recall": 1.0, "f": 2 / 3}
    assert to_dict(Interval(0.4375, 0.25, 0.625)) == {"average": 0.4375, "ci_low": 0.25, "ci_high": 0.625}
    assert to_dict(Interval(0.5, None, None)) == {"average": 0.5, "ci_low": None, "ci_high": None}


# -- one pair ----------------------------------------------------------------------------------------------


def test_measure_result_in_its_three_forms() -> None:
    m = pair_report().measures["ROUGE-1"]
    assert to_dict(m) == {
        "precision": 0.625,
        "recall": 0.625,
        "f": 0.625,
        "counts": {"hit": 5, "reference": 8, "candidate": 8},
        "chosen_reference": None,  # pooled: no single reference is chosen
        "per_reference": [
            {"precision": 0.75, "recall": 0.75, "f": 0.75, "hit": 3, "reference": 4, "candidate": 4},
            {"precision": 0.5, "recall": 0.5, "f": 0.5, "hit": 2, "reference": 4, "candidate": 4},
        ],
        "notes": [],
    }
    row = {"recall": 0.625, "precision": 0.625, "f": 0.625, "counts": {"hit": 5, "reference": 8, "candidate": 8}}
    assert to_dict(m, form="row") == row
    assert to_dict(m, form="cli") == {"R": 0.625, "P": 0.625, "F": 0.625, "counts": {"hit": 5, "model": 8, "peer": 8}}


def test_report() -> None:
    r = pair_report()
    d = to_dict(r)
    assert list(d) == ["signature", "candidate_id", "reference_ids", "measures", "notes"]
    assert d["signature"] == SMALL.signature()
    assert d["candidate_id"] == "sha1:43786fd5df" == text_id(CANDIDATE)
    assert d["reference_ids"] == [text_id(t) for t in REFERENCES]
    assert list(d["measures"]) == ["ROUGE-1", "ROUGE-2", "ROUGE-L"]
    r2 = d["measures"]["ROUGE-2"]
    # rouge155 scores are ROUGE-1.5.5's printed 5 decimals
    assert (r2["recall"], r2["counts"]) == (0.33333, {"hit": 2, "reference": 6, "candidate": 6})
    assert d["notes"] == []


def test_report_names_measures_as_its_profile_does() -> None:
    r = evaluate(CANDIDATE, REFERENCES, RougeConfig(profile="rouge-score"))
    assert list(to_dict(r)["measures"]) == [r.display_name(label) for label in r.measures]
    assert "rouge1" in to_dict(r)["measures"]


# -- a corpus ----------------------------------------------------------------------------------------------


def test_measure_summary_and_corpus_report() -> None:
    rep = corpus_report()
    m = rep.measures["ROUGE-1"]
    cli = to_dict(m, form="cli")
    assert list(cli) == ["R", "P", "F", "totals", "notes"]
    # ROUGE-1.5.5's average is the mean of its bootstrap resamples: near (0.625 + 0.25) / 2, not equal
    assert [cli[k]["average"] for k in "RPF"] == [m.recall.average, m.precision.average, m.fmeasure.average]
    assert cli["R"]["average"] == pytest.approx(0.4375, abs=0.01)
    assert cli["totals"] == {"hit": 6, "model": 12, "peer": 9}
    for k in "RPF":
        assert cli[k]["ci_low"] <= cli[k]["average"] <= cli[k]["ci_high"]
    file = to_dict(m)
    assert list(file) == ["recall", "precision", "f", "totals", "notes"]
    assert file["recall"] == cli["R"] and file["f"] == cli["F"]
    assert file["totals"] == {"hit": 6, "reference": 12, "candidate": 9}
    d = to_dict(rep, names={"ROUGE-1": "R-1"})
    assert d["order"] == ["d1.X", "d2.X"]
    assert (d["confidence"], d["bootstrap_samples"], d["averaging"]) == (95.0, 50, 0)
    assert list(d["measures"]) == ["R-1", "ROUGE-2", "ROUGE-L"] and d["measures"]["R-1"] == file


def test_pooled_summary_by_hand() -> None:
    """``-t 2``: the scores of the summed counts, no resampling (R 6/12, P 6/9, F their harmonic mean)."""
    pairs = [(CANDIDATE, REFERENCES), ("police", ["police killed the gunman"])]
    rep = evaluate_corpus(pairs, RougeConfig(max_n=1, wlcs_weight=None, skip_distance=None, averaging=2))
    d = to_dict(rep.measures["ROUGE-1"])
    assert d["recall"] == {"average": 0.5, "ci_low": None, "ci_high": None}
    assert d["precision"]["average"] == pytest.approx(2 / 3, abs=5e-6)
    assert d["f"]["average"] == pytest.approx(4 / 7, abs=5e-6)  # 2 * (1/2) * (2/3) / (1/2 + 2/3)
    assert d["totals"] == {"hit": 6, "reference": 12, "candidate": 9}
    assert to_dict(rep)["averaging"] == 2


def test_comparison() -> None:
    reports = {"A": corpus_report("A", "police killed the gunman"), "B": corpus_report("B")}
    cmp = compare_systems(system_scores(reports, "ROUGE-1"), "bootstrap", 100, 0)
    d = to_dict(cmp)
    assert (d["measure"], d["statistic"], d["convention"], d["method"]) == ("ROUGE-1", "F", "mean", "bootstrap")
    assert (d["samples"], d["seed"], d["confidence"], d["ranking"]) == (100, 0, 95.0, ["A", "B"])
    # A: d1 0.625, d2 1.0 -> 0.8125; B: d1 0.625, d2 0.4 -> 0.5125
    assert [(s["name"], s["rank"], s["score"]) for s in d["systems"]] == [("A", 1, 0.8125), ("B", 2, 0.5125)]
    (pair,) = d["pairs"]
    assert (pair["a"], pair["b"], pair["score_a"], pair["score_b"]) == ("A", "B", 0.8125, 0.5125)
    assert pair["delta"] == pytest.approx(0.3) and (pair["wins"], pair["ties"], pair["losses"]) == (1, 1, 0)
    assert pair["p_value"] == cmp.pairs[0].test.p_value and d["p_rule"] == cmp.pairs[0].test.p_rule


def test_setting_gap() -> None:
    pairs = [(CANDIDATE, REFERENCES), ("the gunmen were killed", ["police killed the gunman"])]
    a, b = SMALL, RougeConfig(max_n=2, wlcs_weight=None, skip_distance=None, stem=True)
    gap = which_rouge(pairs, a, b, ["d1", "d2"], samples=20)
    d = to_dict(gap)
    assert (d["signature_a"], d["signature_b"]) == (a.signature(), b.signature())
    assert d["n_documents"] == 2 and d["statistic"] == "fmeasure"
    assert [s["name"] for s in d["settings"]] == [s.name for s in gap.settings]
    assert d == json.loads(json.dumps(asdict(gap)))  # the whole gap, as the Which ROUGE? download has kept it


# -- JSON text ---------------------------------------------------------------------------------------------


def examples() -> list[Any]:
    r, rep = pair_report(), corpus_report()
    reports = {"A": rep, "B": corpus_report("B", "police killed the gunman")}
    cmp = compare_systems(system_scores(reports, "ROUGE-2"), "randomization", 50, 0)
    gap = which_rouge([(CANDIDATE, REFERENCES)], SMALL, RougeConfig(max_n=1), samples=10)
    return [Counts(1, 2, 3), Score(0.5, 0.25, 1 / 3), r, r.measures["ROUGE-L"], rep, rep.measures["ROUGE-2"], cmp, gap]


def test_to_json_round_trips() -> None:
    for x in examples():
        assert json.loads(to_json(x)) == to_dict(x), type(x).__name__
        assert json.loads(to_json(x, indent=None, ensure_ascii=False)) == to_dict(x)


def test_write_json_is_strict_by_default() -> None:
    with pytest.raises(ValueError, match="not JSON compliant"):
        write_json({"x": float("inf")})
    assert write_json({"x": float("nan")}, indent=None, allow_nan=True) == '{"x": NaN}'


def test_what_it_refuses() -> None:
    with pytest.raises(TypeError, match="no export of a dict"):
        to_dict({"hit": 1})
    with pytest.raises(ValueError, match="unknown export form 'csv'"):
        to_dict(pair_report().measures["ROUGE-1"], form="csv")
    with pytest.raises(ValueError, match="unknown export form 'rouge'"):
        to_dict(Counts(1, 2, 3), keys="rouge")


# -- the command line and the renderers use it ------------------------------------------------------------


@pytest.mark.parametrize("run", [CASES_RUN, COMPARE_RUN], ids=["cases -d", "compare"])
def test_cli_json_is_unchanged(run: tuple[str, list[str]], monkeypatch: pytest.MonkeyPatch) -> None:
    name, flags = run
    monkeypatch.chdir(ROOT)  # the output names its input as given: a path relative to the project
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main([*flags, "--json"]) == 0, err.getvalue()
    expected = (DATA / name).read_text(encoding="utf-8")
    # The signature's format is the config's concern, not this module's: today's replaces the saved one.
    saved, config = json.loads(expected), build_config(parse_args(flags)[0])
    expected = expected.replace(json.dumps(saved["signature"]), json.dumps(config.signature()))
    assert out.getvalue() == expected


def test_no_renderer_imports_the_command_line() -> None:
    """The UI takes its JSON from rouge_core.io.export, never from the CLI's modules."""
    for path in sorted((ROOT / "ui" / "render").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        modules += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        assert not [m for m in modules if m.startswith("rouge_core.cli")], path.name
