"""``python -m rouge_core --input / --candidates / --compare`` (:mod:`rouge_core.cli.corpus`).

Every printed or JSON number is checked against the library computing it directly: averages
against :func:`rouge_core.evaluate_corpus` on :meth:`Corpus.pairs` (as printed 5-decimal strings),
comparisons against :func:`rouge_core.stats.comparison.compare_systems` of
:func:`rouge_core.stats.systems.system_scores` (exact floats, through JSON). Most runs are in-process
(:func:`rouge_core.cli.run.main`); a few go through ``python -m rouge_core``.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rouge_core.batch.corpus import CorpusReport, evaluate_corpus
from rouge_core.cli.run import CORPUS_OPTIONS, USAGE, build_config, main, parse_args
from rouge_core.config import RougeConfig
from rouge_core.evaluate import evaluate
from rouge_core.io.readers import Corpus, read_aligned_files, read_corpus_file
from rouge_core.stats.comparison import Comparison, compare_systems
from rouge_core.stats.systems import system_scores

ROOT = Path(__file__).resolve().parents[2]
SUMMEVAL = str(ROOT / "sample_data" / "summeval_subset.jsonl")
ERROR = "rouge_core: error:"
AVERAGE = re.compile(r"^(.+) (ROUGE-\S+) Average_([RPF]): (\S+) \((\d+)%-conf\.int\. (\S+) - (\S+)\)$")


def call(args: list[str]) -> tuple[int, str, str]:
    """``main(args)`` in-process, with stdout and stderr captured."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def run_module(args: list[str]) -> tuple[int, str, str]:
    """``python -m rouge_core args`` in a subprocess."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run(
        [sys.executable, "-m", "rouge_core", *args], capture_output=True, text=True, cwd=str(ROOT), env=env, timeout=120
    )
    return done.returncode, done.stdout, done.stderr


def failed(args: list[str]) -> str:
    """Run ``args`` expecting the usage-error contract: exit 2, no stdout, one error line, no traceback."""
    code, out, err = call(args)
    assert code == 2, (args, out[:300], err)
    assert out == "" and "Traceback" not in err, err
    assert err.splitlines()[-1].startswith(ERROR) and err.count(ERROR) == 1, err
    return err


def averages(out: str) -> dict[tuple[str, str, str], tuple[str, str, str]]:
    """(peer, measure, R|P|F) -> (average, low, high) of every printed Average line."""
    found = {}
    for line in out.splitlines():
        m = AVERAGE.match(line)
        if m:
            found[(m[1], m[2], m[3])] = (m[4], m[6], m[7])
    return found


def expected_averages(report: CorpusReport, peer: str) -> dict[tuple[str, str, str], tuple[str, str, str]]:
    """What ROUGE-1.5.5 prints for ``report``'s averages, built from the report's numbers."""
    out = {}
    for label, m in report.measures.items():
        for k, iv in (("R", m.recall), ("P", m.precision), ("F", m.fmeasure)):
            out[(peer, label, k)] = tuple(f"{v or 0.0:7.5f}" for v in (iv.average, iv.ci_low, iv.ci_high))
    return out


def config_of(flags: list[str]) -> RougeConfig:  # the RougeConfig the CLI builds from these flags
    return build_config(parse_args(flags)[0])


def reports_of(corpus: Corpus, systems: list[str], flags: list[str], doc_ids=None) -> dict[str, CorpusReport]:
    config = config_of(flags)
    out = {}
    for s in systems:
        pairs, ids = corpus.pairs(s, doc_ids)
        out[s] = evaluate_corpus(pairs, config, ids=ids, peer_id=s)
    return out


def assert_same_comparison(got: dict[str, Any], cmp: Comparison) -> None:
    """A ``--json`` comparison holds exactly ``cmp``'s numbers."""
    assert got["signature"] == cmp.signature
    assert got["ranking"] == list(cmp.ranking)
    assert [(s["name"], s["rank"], s["score"], s["ci_low"], s["ci_high"]) for s in got["systems"]] == [
        (s.name, s.rank, s.score.average, s.score.ci_low, s.score.ci_high) for s in cmp.systems
    ]
    pairs = [
        (p["a"], p["b"], p["delta"], p["p_value"], p["count"], p["ci_low"], p["ci_high"], p["a_wins"], p["b_wins"])
        + (p["wins"], p["ties"], p["losses"])
        for p in got["pairs"]
    ]
    assert pairs == [
        (p.a, p.b, p.test.delta, p.test.p_value, p.test.count, p.test.ci_low, p.test.ci_high)
        + (p.test.a_wins, p.test.b_wins, p.record.wins, p.record.ties, p.record.losses)
        for p in cmp.pairs
    ]


@pytest.fixture(scope="module")
def summeval() -> Corpus:
    return read_corpus_file(SUMMEVAL)


def write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


TINY = (
    '{"id": "1", "candidate": "police kill the gunman", "reference": "police killed the gunman"}\n'
    "\n"
    '{"id": "2", "candidate": "the cat sat", "reference": "the cat ran away"}\n'
)  # ROUGE-1 recall 3/4 and 2/4: average 0.625; one blank line


# -- scoring --------------------------------------------------------------------------------------


def test_summeval_one_system_equals_evaluate_corpus(summeval):
    flags = ["-n", "2", "-m", "-U", "-2", "4"]
    code, out, err = run_module(["--input", SUMMEVAL, "--system", "M8", *flags])
    assert code == 0, err
    assert err == ""
    pairs, ids = summeval.pairs("M8")
    report = evaluate_corpus(pairs, config_of(flags), ids=ids, peer_id="M8")
    got = averages(out)
    assert got == expected_averages(report, "M8")
    assert len(got) == 3 * 5  # ROUGE-1, -2, -L, -S4, -SU4
    assert out.splitlines()[0] == "-" * 45


def test_every_system_in_input_order_json(summeval):
    flags = ["-n", "1", "-x"]
    code, out, _ = call(["--input", SUMMEVAL, "--json", *flags])
    assert code == 0
    data = json.loads(out)
    systems = list(summeval.systems())
    assert [p["peer"] for p in data["peers"]] == systems
    assert data["signature"] == config_of(flags).signature()
    assert data["inputs"] == [
        {
            "name": SUMMEVAL,
            "format": "summeval",
            "sentences": summeval.sentences,
            "documents": 120,
            "skipped": 0,
            "systems": systems,
        }
    ]
    for peer, report in zip(data["peers"], reports_of(summeval, systems, flags).values()):
        (m,) = peer["measures"]
        want = report.measures["ROUGE-1"]
        assert (m["measure"], m["R"]["average"], m["F"]["ci_high"]) == (
            "ROUGE-1",
            want.recall.average,
            want.fmeasure.ci_high,
        )
        assert m["evals"] == []


@pytest.mark.parametrize("profile", ["rouge155", "paper"])
def test_hand_made_recall_printed_exactly(tmp_path, profile):
    path = write(tmp_path / "tiny.jsonl", TINY)
    code, out, err = call(["--input", path, "-n", "1", "-x", "-d", "--profile", profile])
    assert code == 0
    lines = out.splitlines()
    assert "X ROUGE-1 Average_R: 0.62500 (95%-conf.int. 0.50000 - 0.75000)" in lines
    assert "X ROUGE-1 Eval 1.X R:0.75000 P:0.75000 F:0.75000" in lines
    assert "X ROUGE-1 Eval 2.X R:0.50000 P:0.66667 F:0.57143" in lines
    # the blank line is reported: count and origin
    assert err == f"rouge_core: warning: {path}: 1 skipped ({path}:2: blank line)\n"


def test_json_with_d_lists_every_pair(tmp_path):
    path = write(tmp_path / "tiny.jsonl", TINY)
    data = json.loads(call(["--input", path, "-n", "1", "-x", "-d", "--json"])[1])
    (m,) = data["peers"][0]["measures"]
    assert m["R"]["average"] == 0.625
    assert [(e["id"], e["R"], e["counts"]) for e in m["evals"]] == [
        ("1.X", 0.75, {"hit": 3, "model": 4, "peer": 4}),
        ("2.X", 0.5, {"hit": 2, "model": 4, "peer": 3}),
    ]
    assert data["perl_flags"] == config_of(["-n", "1", "-x"]).perl_flags()


def test_raw_counts_and_sentence_split(tmp_path):
    path = write(tmp_path / "split.jsonl", '{"candidate": "A b c. D e.", "reference": "A b. C d e."}\n' * 2)
    assert call(["--input", path, "-n", "1", "-x", "-t", "2"])[1].splitlines()[-1] == (
        "X ROUGE-1 M_count: 10 P_count: 10 H_count: 10"
    )
    flags = ["-n", "2"]
    for mode in ("lines", "split"):
        corpus = read_corpus_file(path, mode)
        pairs, ids = corpus.pairs()
        assert len(pairs[0][0]) == (1 if mode == "lines" else 2)
        report = evaluate_corpus(pairs, config_of(flags), ids=ids)
        assert averages(call(["--input", path, "--sentences", mode, *flags])[1]) == expected_averages(report, "X")


def test_aligned_files(tmp_path):
    cand = write(tmp_path / "cand.txt", "police kill the gunman\nthe cat sat\nnothing here\n")
    ref1 = write(tmp_path / "ref1.txt", "police killed the gunman\nthe cat ran away\n\n")
    ref2 = write(tmp_path / "ref2.txt", "the gunman was shot\na cat sat\nhere it is\n")
    flags = ["-n", "2", "-f", "B"]
    code, out, err = call(["--candidates", cand, "--references", ref1, ref2, *flags])  # files2rouge style
    assert code == 0
    assert err.startswith(f"rouge_core: warning: {cand}: 1 skipped ({ref1}:3: empty line: reference dropped)")
    corpus = read_aligned_files(cand, [ref1, ref2])
    pairs, ids = corpus.pairs()
    assert averages(out) == expected_averages(evaluate_corpus(pairs, config_of(flags), ids=ids), "X")
    assert call(["--candidates", cand, "--references", ref1, "--references", ref2, *flags])[1] == out


def test_aligned_line_counts_differ(tmp_path):
    cand = write(tmp_path / "cand.txt", "a b\nc d\n")
    ref = write(tmp_path / "refs.txt", "a b\nc d\ne f\n")
    err = failed(["--candidates", cand, "--references", ref])
    assert "cand.txt has 2 lines" in err and "refs.txt has 3" in err
    code, out, err = run_module(["--candidates", cand, "--references", ref, "-n", "1"])
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and str(cand) in err and str(ref) in err and "Traceback" not in err


def test_csv_with_columns(tmp_path):
    path = write(
        tmp_path / "runs.csv",
        "doc,model,summary,ref1,ref2\n"
        'd1,A,"police kill the gunman",police killed the gunman,the gunman was shot\n'
        "d2,A,the cat sat,the cat ran away,\n"
        "d1,B,police shot a man,police killed the gunman,the gunman was shot\n"
        "d2,B,a cat,the cat ran away,\n",
    )
    columns = ["--candidate-column", "summary", "--reference-column", "ref1", "--reference-column", "ref2"]
    columns += ["--id-column", "doc", "--system-column", "model"]
    flags = ["-n", "1", "-m"]
    code, out, err = call(["--input", path, *columns, *flags])
    assert code == 0
    assert "2 skipped" in err and "runs.csv:row 3: empty cell in reference column 'ref2' dropped" in err
    corpus = read_corpus_file(
        path, candidate_column="summary", reference_columns=["ref1", "ref2"], id_column="doc", system_column="model"
    )
    want = {}
    for s, report in reports_of(corpus, ["A", "B"], flags).items():
        want.update(expected_averages(report, s))
    assert averages(out) == want
    assert [line.split()[0] for line in out.splitlines() if "Average_R" in line] == ["A", "A", "B", "B"]
    err = failed(["--input", path, "--candidate-column", "summary"])
    assert "--candidate-column and --reference-column" in err and "'ref2'" in err
    assert "no column 'nope'" in failed(["--input", path, "--candidate-column", "nope", "--reference-column", "ref1"])
    assert "applies to .csv/.tsv inputs only" in failed(["--input", SUMMEVAL, "--id-column", "doc"])


@pytest.mark.parametrize(
    "content,name,message",
    [
        ('{"id": "1", "candidate": "a"}\n', "x.jsonl", "x.jsonl line 1: no references"),
        ('{"id": "1", "candidate": "a", "reference": "b"}\n{bad\n', "x.jsonl", "x.jsonl line 2"),
        ("a b\n", "x.txt", "--candidates FILE --references FILE"),
        ("", "x.jsonl", "the file is empty"),
    ],
)
def test_read_errors(tmp_path, content, name, message):
    path = write(tmp_path / name, content)
    assert message in failed(["--input", path])


def test_missing_file_and_directory(tmp_path):
    assert "Cannot open" in failed(["--input", str(tmp_path / "missing.jsonl")])
    assert "not a regular file" in failed(["--input", str(tmp_path)])
    refs = write(tmp_path / "refs.txt", "a b\n")
    assert "Cannot open" in failed(["--candidates", str(tmp_path / "missing.txt"), "--references", refs])


def test_notes_are_evaluates_for_every_pair(tmp_path):
    """Every evaluation's notes in --json -d are evaluate()'s (its measure's, then its report's), on
    both scoring paths; stderr sums them up, and stdout stays ROUGE-1.5.5's lines (issue 16, point 13)."""
    records = [
        ("d1", "警察杀死了枪手", ["police killed the gunman"]),
        ("d2", "police kill the gunman", ["police killed the gunman", "。。。"]),
        ("d3", "the gunman", ["the gunman", "!!"]),
        ("d4", "the gunman", ["the gunman"]),
    ]
    path = write(
        tmp_path / "notes.jsonl",
        "".join(json.dumps({"id": i, "candidate": c, "references": r}) + "\n" for i, c, r in records),
    )
    for flags in (["-n", "2", "-w", "1.2"], ["-n", "2", "-l", "100"]):  # the chunk path, the per-pair path
        code, out, err = call([*flags, "-d", "--json", "--input", path])
        assert code == 0, err
        config = config_of(flags)
        for m in json.loads(out)["peers"][0]["measures"]:
            label = m["measure"]  # -w 1.2 as typed: the config's own label
            for e, (_, cand, refs) in zip(m["evals"], records):
                api = evaluate(cand, refs, config)
                assert e["notes"] == list(api.measures[label].notes) + list(api.notes), (flags, label, e["id"])
        perl_warning = (
            "rouge_core: warning: X ROUGE-W-1.2: ROUGE-1.5.5 would abort the whole run at d2.X, d3.X (division by "
            "zero: a reference without tokens); those instances count as 0 here"
        )
        assert err.splitlines() == [perl_warning] * ("-w" in flags) + [
            "rouge_core: note: X: the candidate has no tokens after cleaning: every score is 0 (evaluation d1)",
            "rouge_core: note: X: reference 2 has no tokens after cleaning (2 evaluations: d2, d3)",
            "rouge_core: note: non-ASCII text is not a word for the rouge155 tokenizer: try --tokenizer unicode",
        ]
        code, text, err_text = call([*flags, "-d", "--input", path])
        assert code == 0 and err_text == err
        assert all(AVERAGE.match(line) or " Eval " in line or line[:3] in ("---", "...") for line in text.splitlines())
    code, out, err = call(["-n", "2", "--input", path, "--candidates", path])  # bad on purpose: stays an error
    assert code == 2


def test_compare_json_has_the_notes(tmp_path):
    a = write(tmp_path / "a.txt", "警察杀死了枪手\nthe cat sat\nthe dog\n")
    b = write(tmp_path / "b.txt", "police kill\nthe cat\nthe dog ran\n")
    refs = write(tmp_path / "r.txt", "police killed the gunman\nthe cat sat down\nthe dog ran away\n")
    code, out, err = call(
        ["-n", "1", "--compare", "--json", "--candidates", a, "--candidates", b, "--references", refs]
    )
    assert code == 0, err
    assert json.loads(out)["notes"] == [
        f"{a}: the candidate has no tokens after cleaning: every score is 0 (evaluation 1)",
        "non-ASCII text is not a word for the rouge155 tokenizer: try --tokenizer unicode",
    ]
    assert err.splitlines() == [f"rouge_core: note: {line}" for line in json.loads(out)["notes"]]


# -- comparing ------------------------------------------------------------------------------------


def test_compare_json_equals_compare_systems(summeval):
    flags = ["-n", "2", "-m"]
    args = ["--input", SUMMEVAL, *flags, "--compare", "--measure", "ROUGE-2", "--measure", "rouge-l"]
    args += ["--samples", "300", "--seed", "7", "--json"]
    code, out, err = run_module(args)
    assert code == 0, err
    assert call(args)[1] == out  # the same seed: the same numbers, in-process or not
    data = json.loads(out)
    systems = list(summeval.systems())
    reports = reports_of(summeval, systems, flags)
    assert [c["measure"] for c in data["comparisons"]] == ["ROUGE-2", "ROUGE-L"]
    assert data["documents"] == 20 and data["dropped_documents"] == []
    for got, measure in zip(data["comparisons"], ["ROUGE-2", "ROUGE-L"]):
        cmp = compare_systems(system_scores(reports, measure), "bootstrap", 300, 7, 95.0)
        assert_same_comparison(got, cmp)
        assert got["signature"] == f"sig:bootstrap|n:300|seed:7|conv:mean|stat:F|measure:{measure}|c:95"
        assert len(got["pairs"]) == 15 and all(p["a"] != p["b"] for p in got["pairs"])
    other = json.loads(call([a if a != "7" else "8" for a in args])[1])
    assert other["comparisons"][0]["pairs"] != data["comparisons"][0]["pairs"]  # another seed, other draws


def test_compare_randomization_pooled_recall(summeval):
    flags = ["-n", "1", "-x", "-c", "90"]
    args = ["--input", SUMMEVAL, *flags, "--compare", "--test", "randomization", "--samples", "200"]
    args += ["--convention", "pooled", "--statistic", "r", "--seed", "3", "--system", "M20", "--system", "M8"]
    data = json.loads(call([*args, "--json"])[1])
    reports = reports_of(summeval, ["M20", "M8"], flags)
    cmp = compare_systems(system_scores(reports, "ROUGE-1", "recall", "pooled"), "randomization", 200, 3, 90.0)
    (got,) = data["comparisons"]
    assert_same_comparison(got, cmp)
    assert got["signature"] == "sig:randomization|n:200|seed:3|conv:pooled|stat:R|measure:ROUGE-1|c:90"
    assert [s["name"] for s in got["systems"]] == ["M20", "M8"]  # --system's order


def test_compare_text(summeval):
    flags = ["-n", "2"]
    code, out, _ = call(["--input", SUMMEVAL, *flags, "--compare", "--samples", "100"])
    assert code == 0
    lines = out.splitlines()
    cmp = compare_systems(system_scores(reports_of(summeval, list(summeval.systems()), flags), "ROUGE-2"), samples=100)
    assert lines[0] == (
        "ROUGE-2 F (mean of per-pair scores) of 6 systems on 20 documents; paired bootstrap, 100 resamples, seed 0"
    )
    assert lines[1].split() == ["rank", "system", "F", "95%-conf.int."]
    best = next(s for s in cmp.systems if s.rank == 1)
    assert lines[2].split() == [
        "1",
        best.name,
        f"{best.score.average:7.5f}",
        f"({best.score.ci_low:7.5f}",
        "-",
        f"{best.score.ci_high:7.5f})",
    ]
    assert lines[-1] == cmp.signature == "sig:bootstrap|n:100|seed:0|conv:mean|stat:F|measure:ROUGE-2|c:95"
    p = cmp.pairs[0]
    row = lines[-1 - len(cmp.pairs)].split()
    assert row[:4] == [p.a, p.b, f"{p.test.delta:+.5f}", f"{p.test.p_value:.5f}"]
    assert row[-1] == f"{p.record.wins}/{p.record.ties}/{p.record.losses}"


def test_default_measure(tmp_path, summeval):
    # ROUGE-2 when the options score it; else the first measure scored (ROUGE-L with no flags)
    for flags, measure in ((["-n", "4"], "ROUGE-2"), ([], "ROUGE-L"), (["-n", "1"], "ROUGE-1")):
        args = ["--input", SUMMEVAL, *flags, "--compare", "--samples", "10", "--json", "--system", "M8"]
        data = json.loads(call([*args, "--system", "M10"])[1])
        assert [c["measure"] for c in data["comparisons"]] == [measure]


def test_system_is_never_compared_with_itself(tmp_path):
    args = ["--input", SUMMEVAL, "-n", "1", "--compare", "--samples", "20", "--json"]
    data = json.loads(call([*args, "--system", "M8", "--system", "M8", "--system", "M10"])[1])
    assert [(p["a"], p["b"]) for p in data["comparisons"][0]["pairs"]] == [("M8", "M10")]
    assert "comes from two inputs" in failed(["--input", SUMMEVAL, "--input", SUMMEVAL, "-n", "1", "--compare"])


def test_files_as_systems(tmp_path):
    refs = write(tmp_path / "refs.txt", "police killed the gunman\nthe cat ran away\na dog barked\n")
    a = write(tmp_path / "a.txt", "police kill the gunman\nthe cat sat\na dog\n")
    b = write(tmp_path / "b.txt", "the gunman\na cat ran\nthe dog barked loudly\n")
    flags = ["-n", "1", "-x"]
    data = json.loads(
        call(["--candidates", a, "--candidates", b, "--references", refs, *flags, "--compare", "--json"])[1]
    )
    corpora = {p: read_aligned_files(p, [refs]) for p in (a, b)}
    reports = {p: evaluate_corpus(c.pairs()[0], config_of(flags), c.pairs()[1], p) for p, c in corpora.items()}
    assert_same_comparison(data["comparisons"][0], compare_systems(system_scores(reports, "ROUGE-1")))
    # JSONL files without system names: each file is a system named by its path
    ja = write(tmp_path / "a.jsonl", "".join(json.dumps({"candidate": "a b", "reference": "a c"}) + "\n" for _ in "12"))
    jb = write(tmp_path / "b.jsonl", "".join(json.dumps({"candidate": "a c", "reference": "a c"}) + "\n" for _ in "12"))
    code, out, _ = call(["--input", ja, "--input", jb, "-n", "1", "-x"])
    assert code == 0 and {k[0] for k in averages(out)} == {ja, jb}


def test_documents_must_be_shared(tmp_path):
    records = [
        {
            "system": s,
            "id": f"d{i}",
            "candidate": f"a b {s} {i}",
            "references": ["zz" if (s, i) == ("B", 3) else "a b c"],
        }
        for s in "AB"
        for i in range(1, 6)
        if (s, i) != ("B", 2)
    ]
    path = write(tmp_path / "gap.jsonl", "".join(json.dumps(r) + "\n" for r in records))
    args = ["--input", path, "-n", "1", "--compare", "--samples", "50"]
    err = failed(args)
    assert "system 'B' lacks 1 of 5 documents: 'd2'" in err and "'d3'" in err and "--common-docs" in err
    code, out, err = call([*args, "--common-docs", "--json"])
    assert code == 0
    assert "comparing on 3 of 5 documents; dropped 2" in err
    data = json.loads(out)
    assert (data["documents"], data["dropped_documents"]) == (3, ["d2", "d3"])
    corpus = read_corpus_file(path)
    reports = reports_of(corpus, ["A", "B"], ["-n", "1"], doc_ids=["d1", "d4", "d5"])
    assert_same_comparison(data["comparisons"][0], compare_systems(system_scores(reports, "ROUGE-1"), samples=50))


# -- bad command lines ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "extra,message",
    [
        (["--compare", "--measure", "ROUGE-9"], "--measure: 'ROUGE-9' is not scored"),
        (["--compare", "--measure", "ROUGE-3"], "scored: ROUGE-1, ROUGE-2, ROUGE-L"),
        (["--compare", "--samples", "0"], "invalid value for --samples: 0"),
        (["--compare", "--samples", "x"], "invalid value for --samples"),
        (["--compare", "--samples", "1e6"], "expected 1 to 100,000"),
        (["--compare", "--seed", "-1"], "invalid value for --seed"),
        (["--compare", "--statistic", "Q"], "expected F, R or P"),
        (["--compare", "--convention", "median"], "expected mean or pooled"),
        (["--compare", "--test", "t-test"], "expected bootstrap or randomization"),
        (["--compare", "--system", "M8"], "--compare needs at least 2 systems; --system names 1: 'M8'"),
        (["--system", "M99"], "--system: no system 'M99'"),
        (["--measure", "ROUGE-1"], "--measure applies to --compare only"),
        (["--common-docs"], "--common-docs applies to --compare only"),
        (["--sentences", "words"], "invalid value for --sentences"),
        (["config.xml"], "unexpected argument 'config.xml'"),
        (["-z", "SPL"], "-z reads a ROUGE-1.5.5 file list"),
        (["--input"], "option --input needs a value"),
        (["--compare=1"], "unknown option --compare=1"),
        (["-n", "x"], "invalid value for -n"),
    ],
)
def test_bad_flags(extra, message):
    assert message in failed(["--input", SUMMEVAL, "-n", "2", *extra])


@pytest.mark.parametrize(
    "args,message",
    [
        (["--compare"], "--compare needs an input"),
        (["--seed", "1"], "--seed applies to --compare only"),
        (["--references", "r.txt"], "--references needs --candidates FILE"),
        (["--candidates", "c.txt"], "--candidates needs --references"),
    ],
)
def test_inputs_needed(args, message):
    assert message in failed(args)


def test_compare_with_one_system(tmp_path):
    path = write(tmp_path / "tiny.jsonl", TINY)
    assert "--compare needs at least 2 systems; the input has 1: 'X'" in failed(["--input", path, "--compare"])


def test_help_names_every_new_flag():
    code, out, _ = call(["--help"])
    assert code == 0 and out.startswith("usage:")
    assert all(flag in USAGE for flag in CORPUS_OPTIONS)
    assert "--compare" in CORPUS_OPTIONS and "--json" not in CORPUS_OPTIONS


def test_config_runs_unchanged():
    # without a corpus option, a config file is still required, as in ROUGE-1.5.5
    assert "Please specify the ROUGE configuration file" in failed(["-n", "2"])
    assert parse_args(["-a", "c.xml", "--references", "r1", "r2"]) == (
        {"-a": True, "--references": ["r1", "r2"]},
        ["c.xml"],
    )
