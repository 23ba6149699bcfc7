"""The command line prints from columns (:func:`rouge_core.batch.corpus.corpus_columns`), not from
per-pair result objects: its text and ``--json`` output on a corpus are those of the per-pair path
(:func:`rouge_core.evaluate_corpus`) on the same input, byte for byte, and those the command line
printed before it scored into columns (``data/cli_columns/``, recorded from commit bb0bccd).
"""

from __future__ import annotations

import contextlib
import io
import json
import math
from pathlib import Path

import numpy as np
import pytest

from rouge_core.batch.corpus import CorpusColumns, corpus_columns, evaluate_corpus
from rouge_core.cli import corpus as cli_corpus
from rouge_core.cli import report as report_module
from rouge_core.cli import run as cli
from rouge_core.cli.report import _check_finite, pair_notes_of, render, to_json
from rouge_core.config import RougeConfig
from rouge_core.io.perl_inputs import UsageError
from rouge_core.text.pair_notes import corpus_notes

DATA = Path(__file__).parent / "data" / "cli_columns"
MEASURES = ["-n", "4", "-w", "1.2", "-2", "4", "-U"]
#: Option sets whose output is compared (with MEASURES): averages, -d, JSON, the three -t, -f B, -m -s, -c/-r, -p.
OPTION_SETS = {
    "plain": [],
    "d": ["-d"],
    "json": ["--json"],
    "d_json": ["-d", "--json"],
    "t1_d": ["-t", "1", "-d"],
    "t2_d": ["-t", "2", "-d"],
    "fB_d": ["-f", "B", "-d"],
    "ms_d_json": ["-m", "-s", "-d", "--json"],
    "c90_r200_d": ["-c", "90", "-r", "200", "-d"],
    "p02_t1_d_json": ["-p", "0.2", "-t", "1", "-d", "--json"],
}

# Summaries with everything the printers handle: several sentences and references, an empty
# reference, a candidate without tokens, a reference without tokens (ROUGE-W: Perl would die),
# Chinese text (the unicode hint), repeated words, IDs 1..n (-d sorts 10 after 9).
_WORDS = "police killed the gunman dog ran away cat sat on a mat who was shot in city hall today".split()


def _summary(k: int, length: int) -> str:
    words = [_WORDS[(k * 7 + 3 * i + i * i) % len(_WORDS)] for i in range(length)]
    return "\n".join(" ".join(words[i : i + 6]) + "." for i in range(0, len(words), 6))


def corpus_lines(root: Path) -> str:
    """Write the corpus's summaries under ``root``; its ``-z SPL`` list (one evaluation a line)."""
    special = {
        3: ("!!! ...", [_summary(3, 9)]),
        5: (_summary(5, 12), [_summary(50, 10), ""]),
        7: (_summary(7, 8), ["。，"]),
        9: ("警察杀死了枪手", [_summary(9, 7)]),
    }
    lines = []
    for k in range(1, 24):
        cand, refs = special.get(k, (_summary(k, 6 + k % 9), [_summary(k + 100, 5 + k % 7)] * (1 + k % 3)))
        if k not in special and k % 3 == 2:
            refs = [refs[0], _summary(k + 200, 11)]
        names = []
        for j, text in enumerate([cand, *refs]):
            path = root / f"e{k}_{j}.txt"
            path.write_text(text + ("\n" if text else ""), encoding="utf-8")
            names.append(str(path))
        lines.append(" ".join(names))
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def file_list(tmp_path_factory: pytest.TempPathFactory) -> str:
    root = tmp_path_factory.mktemp("cli_columns")
    path = root / "list.txt"
    path.write_text(corpus_lines(root), encoding="utf-8")
    return str(path)


def call(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(args)
    return code, out.getvalue(), err.getvalue()


def per_pair_columns(pairs, config, ids=None, peer_id="X", runner=None) -> CorpusColumns:  # type: ignore[no-untyped-def]
    """The per-pair path: evaluate_corpus's result objects, turned into the columns the printers read."""
    return CorpusColumns.of_report(evaluate_corpus(pairs, config, ids=ids, peer_id=peer_id, runner=runner))


@pytest.mark.parametrize("name", list(OPTION_SETS))
def test_config_run_prints_what_the_per_pair_path_prints(name: str, file_list: str, monkeypatch) -> None:
    args = [*MEASURES, *OPTION_SETS[name], "-z", "SPL", file_list]
    fast = call(args)
    assert fast[0] == 0, fast[2]
    monkeypatch.setattr(cli, "corpus_columns", per_pair_columns)
    assert call(args) == fast


@pytest.mark.parametrize("name", list(OPTION_SETS))
def test_config_run_prints_what_it_printed_before(name: str, file_list: str) -> None:
    code, out, err = call([*MEASURES, *OPTION_SETS[name], "-z", "SPL", file_list])
    assert code == 0, err
    assert out == (DATA / f"{name}.out").read_text(encoding="utf-8")
    assert err == (DATA / f"{name}.err").read_text(encoding="utf-8")


def test_corpus_file_run_prints_what_the_per_pair_path_prints(tmp_path: Path, monkeypatch) -> None:
    records = [
        {"id": f"d{k}", "system": s, "candidate": _summary(k + len(s), 9), "references": [_summary(k, 8)]}
        for k in range(12)
        for s in ("A", "B")
    ]
    path = tmp_path / "corpus.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    for extra in ([], ["-d", "--json"], ["-t", "1", "-d"]):
        args = [*MEASURES, *extra, "--input", str(path)]
        fast = call(args)
        assert fast[0] == 0 and "B ROUGE-SU4" in fast[1] or '"peer": "B"' in fast[1], fast
        with monkeypatch.context() as m:
            m.setattr(cli_corpus, "corpus_columns", per_pair_columns)
            assert call(args) == fast


def test_columns_equal_the_reports_columns() -> None:
    pairs = [("a b c\nd e", ["a b d", "c e"]), ("a", ""), ("x y", "y x z")]
    config = RougeConfig(profile="rouge155", multi_ref="best")
    fast = corpus_columns(pairs, config, ids=["10", "2", "1"], peer_id="S")
    slow = per_pair_columns(pairs, config, ids=["10", "2", "1"], peer_id="S")
    assert fast.order == slow.order == ("1.S", "10.S", "2.S")  # Perl's string order
    assert fast.eval_ids == slow.eval_ids == ("1", "10", "2")
    assert fast.measures == slow.measures
    for label, col in fast.batch.measures.items():
        other = slow.batch.measures[label]
        for field in ("recall", "precision", "fmeasure", "hit", "model", "peer", "has_counts"):
            assert getattr(col, field).tolist() == getattr(other, field).tolist(), (label, field)
        assert [col.notes_of(i) for i in range(3)] == [other.notes_of(i) for i in range(3)]


def test_render_and_json_read_the_columns() -> None:
    cols = corpus_columns(
        [("a b c", "a b d"), ("a", "b")],
        RougeConfig(max_n=1, rouge_l=False, wlcs_weight=None, skip_distance=None),
        ids=["2", "10"],
    )
    assert render(cols, "X", {}, "95", True)[-2:] == [
        "X ROUGE-1 Eval 2.X R:0.66667 P:0.66667 F:0.66667",
        "X ROUGE-1 Eval 10.X R:0.00000 P:0.00000 F:0.00000",
    ]
    data = to_json(cols, "ROUGE-1", "ROUGE-1")
    assert [e["id"] for e in data["evals"]] == ["2.X", "10.X"]
    assert data["totals"] == {"hit": 2, "model": 4, "peer": 4}
    assert data["R"] == {"average": 0.33334, "ci_low": 0.0, "ci_high": 0.66667}  # the mean of the resample means


def _poisoned(cols: CorpusColumns, row: int, field: str) -> CorpusColumns:
    label, col = next(iter(cols.batch.measures.items()))
    values = getattr(col, field).astype(np.float64)
    values[row] = math.inf
    changed = {f: getattr(col, f) for f in ("precision", "recall", "fmeasure", "hit", "model", "peer")}
    changed[field] = values
    bad = type(col)(
        col.label, col.family, has_counts=col.has_counts, note_sets=col.note_sets, note_index=col.note_index, **changed
    )
    batch = type(cols.batch)(cols.config, cols.batch.ids, dict(cols.batch.measures, **{label: bad}))
    return CorpusColumns(batch, cols.eval_ids, cols.measures)


def test_a_non_finite_evaluation_value_is_named() -> None:
    cols = corpus_columns(
        [("a b c", "a b d"), ("a", "b"), ("b", "b")],
        RougeConfig(max_n=1, rouge_l=False, wlcs_weight=None, skip_distance=None),
    )
    _check_finite(cols, "X", {})  # finite: nothing said
    with pytest.raises(UsageError, match=r"X ROUGE-1 Eval 2.X P is inf, not a finite number"):
        _check_finite(_poisoned(cols, 1, "precision"), "X", {})
    with pytest.raises(UsageError, match=r"X ROUGE-1 Eval 3.X model count is inf, not a finite number"):
        _check_finite(_poisoned(cols, 2, "model"), "X", {})


def test_pair_notes_read_only_the_pairs_that_may_have_notes(monkeypatch) -> None:
    pairs = [
        ("cat dog", "cat"),  # tokens on both sides: counts say so, not read again
        ("ok", "。"),  # a reference without tokens
        ("", "b"),  # an empty candidate
        ("the of", "the cat"),  # only stopwords under -s
        ("a b", ["a", "b c"]),  # two references: pooled counts cannot say which has tokens
        ("x", ["z", ""]),
    ]
    ids = [str(k) for k in range(1, len(pairs) + 1)]
    read: list[list[str]] = []

    def recorded(p, i, c, s):  # type: ignore[no-untyped-def]
        read.append(list(i))
        return corpus_notes(p, i, c, s)

    monkeypatch.setattr(report_module, "corpus_notes", recorded)
    for config in (RougeConfig(max_n=2), RougeConfig(max_n=1, remove_stopwords=True), RougeConfig(max_n=None)):
        cols = corpus_columns(pairs, config, ids)
        read.clear()
        assert pair_notes_of(cols, pairs, ids, {}) == corpus_notes(pairs, ids, config, {})
        maybe = ["2", "3", "4", "5", "6"] if config.remove_stopwords else ["2", "3", "5", "6"]
        assert read == [ids if config.max_n is None else maybe]


def test_the_printers_still_take_a_corpus_report() -> None:
    pairs = [("a b c", "a b d"), ("a", ["b", "a c"])]
    config = RougeConfig(max_n=2, wlcs_weight=1.2)
    report, cols = evaluate_corpus(pairs, config, ids=["9", "10"]), corpus_columns(pairs, config, ids=["9", "10"])
    assert render(report, "X", {}, "95", True) == render(cols, "X", {}, "95", True)
    assert to_json(report, "ROUGE-W-1.2", "ROUGE-W-1.2") == to_json(cols, "ROUGE-W-1.2", "ROUGE-W-1.2")


def test_a_config_without_measures_keeps_its_pairs(file_list: str, monkeypatch) -> None:
    config = RougeConfig(max_n=None, rouge_l=False, wlcs_weight=None, skip_distance=None)
    cols = corpus_columns([("a b", "a"), ("", "")], config, ids=["2", "1"])
    assert (cols.order, cols.eval_ids, dict(cols.measures)) == (("1.X", "2.X"), ("1", "2"), {})
    args = ["-x", "-d", "--json", "-z", "SPL", file_list]
    fast = call(args)
    assert fast[0] == 0 and '"measures": []' in fast[1]
    monkeypatch.setattr(cli, "corpus_columns", per_pair_columns)
    assert call(args) == fast
