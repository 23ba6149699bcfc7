"""The command line's conformance tests again with ``--workers 2``: the pairs are scored in two worker
processes, and every printed line must still be ROUGE-1.5.5's. Each test of test_cli.py named here runs
unchanged, its ``main`` given ``--workers 2``; one process pool serves them all."""

from __future__ import annotations

import pytest

from rouge_core.batch.runners import ProcessRunner
from rouge_core.cli import run as cli

from . import test_cli as base
from .test_cli import file_list, texts  # noqa: F401  (fixtures)


@pytest.fixture(scope="module")
def pool():
    with ProcessRunner(2) as runner:
        yield runner


@pytest.fixture
def on_workers(monkeypatch, pool):
    """``main`` of test_cli.py with ``--workers 2``, all runs sharing one pool of two processes."""
    seen = []

    def shared(opts):
        seen.append(opts.get("--workers"))
        return _shared(pool)

    monkeypatch.setattr(cli, "runner_for", shared)
    monkeypatch.setattr(base, "main", lambda args: cli.main(list(args) + ["--workers", "2"]))
    yield seen
    assert seen and all(w == "2" for w in seen)


class _shared:
    def __init__(self, pool: ProcessRunner) -> None:
        self.pool = pool

    def __enter__(self) -> ProcessRunner:
        return self.pool

    def __exit__(self, *exc: object) -> None:
        return None


@pytest.mark.parametrize("option_set,group", base.RUN_IDS, ids=[f"{o}-{g}" for o, g in base.RUN_IDS])
def test_eval_lines(option_set, group, file_list, capsys, on_workers):  # noqa: F811
    base.test_eval_lines(option_set, group, file_list, capsys)


@pytest.mark.parametrize("opts", list(base.RUNS), ids=list(base.RUNS))
def test_corpus_runs_through_xml_config(opts, texts, tmp_path, capsys, on_workers):  # noqa: F811
    base.test_corpus_runs_through_xml_config(opts, texts, tmp_path, capsys)


def test_json_output(texts, tmp_path, capsys, on_workers):  # noqa: F811
    base.test_json_output(texts, tmp_path, capsys)


def test_xml_config_see_isi_spl(tmp_path, capsys, on_workers):
    base.test_xml_config_see_isi_spl(tmp_path, capsys)


def test_raw_counts_per_eval_with_t2(file_list, capsys, on_workers):  # noqa: F811
    base.test_raw_counts_per_eval_with_t2(file_list, capsys)


def test_workers_is_byte_identical_with_its_own_pool(file_list, capsys):  # noqa: F811
    """Through the real option (a pool made and closed by the run), the whole output is the same bytes."""
    args = ["-n", "2", "-2", "4", "-u", "-a", "-d", "-z", "SPL", file_list]
    assert cli.main(args) == 0
    plain = capsys.readouterr()
    assert cli.main(args + ["--workers", "2"]) == 0
    spread = capsys.readouterr()
    assert (spread.out, spread.err) == (plain.out, plain.err) and "Eval 92.X" in plain.out
    assert cli.main(args + ["--json", "--workers", "0"]) == 0
    assert cli.main(args + ["--json"]) == 0
    a, b = capsys.readouterr().out.split("\n{")
    assert "{" + b == a + "\n"
