"""The capacity benchmark's pure parts (issue 19, point 7): percentiles, judgments per second, CPU per
judgment, the annotators-per-server arithmetic, the keys typed and the README section; the options of the
several-server run, the annotators' spreading over the servers (with pages and CPU counters faked), CPU
from /proc, and the fresh PostgreSQL schema (on the test database, when there is one); no browser."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from annotation import AnnotationStore
from annotation.database import DATABASE_ENV
from annotation.model import StoreError
from benchmarks import bench_capacity, proc_cpu
from benchmarks.bench_capacity import keys_for
from benchmarks.capacity_report import (
    HEADER,
    SERVERS_HEADER,
    TITLE,
    Result,
    annotators_per_server,
    comparison,
    cpu_ms_per_judgment,
    per_second,
    percentile,
    row,
    section,
    servers_row,
    servers_section,
    servers_title,
    where_waited,
    write_section,
)
from benchmarks.capacity_servers import (
    TEST_ENV,
    Setup,
    database_url,
    fresh_schema,
    schema_url,
    socket_dir,
    spread,
    store_env,
)


def test_percentile_interpolates_between_ranks_and_refuses_bad_q() -> None:
    xs = [10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0, 100.0]
    assert percentile(xs, 50) == pytest.approx(55.0)
    assert percentile(xs, 95) == pytest.approx(95.5)  # rank 8.55: 90 + 0.55 * 10
    assert percentile(list(reversed(xs)), 95) == pytest.approx(95.5)  # order does not matter
    assert percentile([7.0], 95) == 7.0
    assert math.isnan(percentile([], 95))
    with pytest.raises(ValueError, match="between 0 and 100"):
        percentile(xs, 101)


def test_rates_on_hand_made_numbers() -> None:
    assert per_second(96, 32.0) == 3.0
    assert cpu_ms_per_judgment(1.92, 96) == pytest.approx(20.0)
    assert math.isnan(cpu_ms_per_judgment(0.5, 0))
    with pytest.raises(ValueError, match="nothing to divide by"):
        per_second(3, 0.0)
    # 20 ms a judgment, one judgment every 5 s each, 0.7 of a core: 0.7 / (0.02 * 0.2) = 175
    assert annotators_per_server(20.0, 0.2) == 175
    assert annotators_per_server(25.0, 0.64, core_share=1.0) == 62  # 1 / 0.016 = 62.5
    with pytest.raises(ValueError):
        annotators_per_server(0.0, 0.2)


def test_a_row_reports_lost_judgments_and_missing_receipts() -> None:
    r = Result(k=4, keys=100, typed=80, confirmed=78, wall_s=40.0, server_cpu_s=2.34, browser_cpu_s=20.0,
               latencies_ms=[100.0, 200.0, 300.0], rss_mib=310.4, typing_s=25.0, other_cpu_s=8.0)  # fmt: skip
    assert r.lost == 2
    cells = [c.strip() for c in row(r).strip("|").split("|")]
    # the key rate over the 25 s of typing, the judgments per second over the 40 s window to the last receipt
    assert cells == ["4", "100 (4.0/s)", "80", "78", "2", "**1.95**", "200 ms", "290 ms", "77", "**30.0 ms**",
                     "0.06", "0.50", "0.20", "310 MiB"]  # fmt: skip
    assert len(cells) == HEADER.split("\n")[0].count("|") - 1  # one cell per column


def test_section_shape_and_conclusion_from_the_largest_k_within_a_second() -> None:
    fast = Result(2, 50, 40, 40, 25.0, 1.0, 2.0, [150.0] * 40)
    slow = Result(8, 200, 160, 160, 25.0, 3.2, 30.0, [2500.0] * 160)  # p95 above 1 s: not the basis
    text = section([fast, slow], "Machine: x; code abc. `cmd`. Load before: a; after: b.", (0.5, 2.0), "Method.")
    parts = text.split("\n\n")
    assert parts[0] == TITLE
    assert parts[1].startswith("Machine: x")
    assert parts[2] == "Method."
    table = parts[3].split("\n")
    assert table[:2] == HEADER.split("\n") and len(table) == 4
    assert table[2].startswith("| 2 |") and table[3].startswith("| 8 |")
    # at K = 2: 25 ms a judgment, 0.64 judgments/s each: 0.7 / (0.025 * 0.64) = 43.75
    assert parts[4].startswith("How many annotators one server holds: at 2 simulated annotators")
    assert "25.0 ms of CPU per confirmed judgment" in parts[4] and "about 43 such annotators" in parts[4]
    assert "about 140 people judging once every 5 s" in parts[4]  # 0.7 / (0.025 * 0.2)
    assert text.endswith(".\n")


def test_where_the_latency_waited_names_the_machine_only_when_the_server_was_not_busy() -> None:
    # the server at 0.1 of a core, the machine's 2 cores 1.9 busy: the machine
    crowded = Result(8, 200, 160, 160, 20.0, 2.0, 26.0, [3000.0] * 160, other_cpu_s=10.0)
    assert where_waited(crowded).endswith("(the bench client 1.30, other jobs 0.50): the latency there waited "
                                          "for the machine, not for the server.")  # fmt: skip
    # the server near a core: no claim that the machine was the cause
    busy_server = Result(8, 200, 160, 160, 20.0, 18.0, 10.0, [3000.0] * 160, other_cpu_s=0.0)
    assert where_waited(busy_server) == (
        "At 8 annotators (p95 3.0 s) the server used 0.90 of a core while the 2 cores were 1.40 busy in all "
        "(the bench client 0.50, other jobs 0.00)."
    )


def test_write_section_replaces_its_own_section_only_or_appends() -> None:
    readme = "# Benchmarks\n\n## Other\nkeep\n\n" + TITLE + "\nold numbers\n\n## Last\nkeep too\n"
    new = TITLE + "\nnew numbers\n"
    out = write_section(readme, new)
    assert out == "# Benchmarks\n\n## Other\nkeep\n\n" + TITLE + "\nnew numbers\n\n## Last\nkeep too\n"
    assert write_section(out, new) == out  # writing again changes nothing
    appended = write_section("# Benchmarks\n\n## Other\nkeep\n", new)
    assert appended == "# Benchmarks\n\n## Other\nkeep\n\n" + new


def test_keys_are_four_digits_then_next_with_values_changing_between_items() -> None:
    keys = keys_for(1, 3)
    assert len(keys) == 15
    assert [k for k, _, _ in keys[:5]] == ["2", "3", "4", "5", "ArrowRight"]
    digits = [(c, item, k) for k, c, item in keys if c >= 0]
    assert len(digits) == 12 and {c for c, _, _ in digits} == {0, 1, 2, 3}
    by = {(c, item): k for c, item, k in digits}
    assert all(by[(c, i)] != by[(c, i + 1)] for c in range(4) for i in (1, 2))  # a receipt is never an old one


REFUSED = [
    (["--ks", "0"], "--ks must be positive"),
    (["--servers", "2"], "several servers need the PostgreSQL store: --database postgresql"),
    (["--servers", "0", "--database", "postgresql"], "--servers must be at least 1, not 0"),
    (
        ["--database", "postgresql"],
        "--database postgresql needs a server: --database-url postgresql://... or ROUGE_LENS_TEST_DATABASE_URL",
    ),  # fmt: skip
    (["--database", "postgresql", "--database-url", "sqlite:///x.db"], "--database-url: not a PostgreSQL URL"),
    (["--database-url", "postgresql://u@/d"], "--database-url and --compare go with --database postgresql"),
    (["--compare"], "--database-url and --compare go with --database postgresql"),
]


@pytest.mark.parametrize("argv, message", REFUSED)
def test_refused_options_are_a_message_not_a_run(monkeypatch, capsys, argv, message) -> None:
    monkeypatch.delenv(TEST_ENV, raising=False)  # no default server: --database postgresql alone is refused
    monkeypatch.setattr(sys, "argv", ["bench_capacity", *argv])
    monkeypatch.setattr(bench_capacity, "run", lambda *a: pytest.fail("no run for refused options"))
    with pytest.raises(SystemExit) as exit_:
        bench_capacity.main()
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "bench_capacity: error: " + message in err and "Traceback" not in err


def _fake_results(*configs: str) -> dict[str, list[Result]]:
    pg = Result(2, 40, 32, 32, 16.0, 0.8, 3.2, [150.0] * 32, 310.0, 15.0, 1.6, [0.48, 0.32], 0.16)
    lite = Result(2, 40, 32, 32, 16.0, 0.64, 3.2, [120.0] * 32, 305.0, 15.0, 1.6)
    return {c: [pg if "PostgreSQL" in c else lite] for c in configs}


def test_two_servers_on_postgresql_run_with_the_test_url_and_write_their_own_section(monkeypatch, capsys) -> None:
    url = "postgresql://bench:secret@db.example/lens?sslmode=disable"
    monkeypatch.setenv(TEST_ENV, url)  # the default of --database-url
    calls: list[tuple[Any, ...]] = []

    def fake_run(*a: Any) -> dict[str, list[Result]]:
        calls.append(a)
        return _fake_results("2 servers, PostgreSQL", "1 server, SQLite")

    monkeypatch.setattr(bench_capacity, "run", fake_run)
    monkeypatch.setattr(bench_capacity, "load", lambda: "load 1.0")
    monkeypatch.setattr(sys, "argv", ["bench_capacity", "--servers", "2", "--database", "postgresql", "--compare",
                                      "--ks", "2", "--duration", "5"])  # fmt: skip
    bench_capacity.main()
    assert calls == [([2], 5.0, (0.5, 2.0), 19, 2, url, True)]
    out = capsys.readouterr().out
    assert out.startswith(servers_title(2) + "\n\nMachine: ")
    # the command is said with the password masked
    assert "--servers 2 --database postgresql --database-url 'postgresql://bench:***@db.example/lens?" in out
    assert "secret" not in out
    assert "2 servers, PostgreSQL:\n\n" + SERVERS_HEADER + "\n| 2 | 40 (2.7/s) | 32 | 32 | 0 | **2.00** |" in out
    assert "1 server, SQLite:\n\n" + HEADER + "\n| 2 | 40 (2.7/s) |" in out
    # 0.8 s / 32 = 25 ms in the servers, 0.16 s / 32 = 5 ms in PostgreSQL, against 0.64 s / 32 = 20 ms
    assert out.rstrip().endswith("K = 2: p95 150 ms against 120 ms on one server with SQLite; CPU per confirmed "
                                 "judgment 25.0 ms in the servers and 5.0 ms in PostgreSQL, 1.50 times the one "
                                 "server's 20.0 ms.")  # fmt: skip


def test_an_unreachable_database_is_a_message_without_its_password(monkeypatch, capsys, tmp_path) -> None:
    url = f"postgresql://bench:secret@/lens?host={tmp_path}/none&connect_timeout=2"
    monkeypatch.setattr(bench_capacity, "load", lambda: "load 1.0")
    monkeypatch.setattr(sys, "argv", ["bench_capacity", "--database", "postgresql", "--database-url", url])
    with pytest.raises(SystemExit) as exit_:
        bench_capacity.main()  # the real run: it stops at the schema, before any server or browser
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "error: cannot reach PostgreSQL at postgresql://bench:***@/lens?host=" in err
    assert "secret" not in err and "Traceback" not in err


def test_the_servers_url_and_environment() -> None:
    assert spread(8, 2) == [0, 1] * 4
    assert spread(3, 2) == [0, 1, 0] and spread(2, 4) == [0, 1]
    with pytest.raises(ValueError):
        spread(2, 0)
    assert database_url(" postgresql://u@/d ", {}) == "postgresql://u@/d"  # given wins over the environment
    with pytest.raises(StoreError, match="not a PostgreSQL URL"):
        database_url(None, {TEST_ENV: "sqlite:///a.db"})
    assert schema_url("postgresql://postgres@/lens_dev?host=/tmp/devpg", "bench_ab") == (
        "postgresql://postgres@/lens_dev?host=/tmp/devpg&options=-csearch_path%3Dbench_ab"
    )
    assert socket_dir("postgresql://postgres@/lens_dev?host=/tmp/devpg") == "/tmp/devpg"
    assert socket_dir("postgresql://u@localhost:5432/d") is None
    before = os.environ.get(DATABASE_ENV)
    with store_env(None):
        assert DATABASE_ENV not in os.environ  # the SQLite server must not inherit a URL
    with store_env("postgresql://u@/x"):
        assert os.environ[DATABASE_ENV] == "postgresql://u@/x"
    assert os.environ.get(DATABASE_ENV) == before


class _Page:
    """A page whose keys cost its server 10 ms of CPU and PostgreSQL 2 ms, and whose receipts all came."""

    def __init__(self, url: str, cpu: dict[int, float]) -> None:
        self.url, self.cpu, self.keys = url, cpu, []
        self.keyboard = SimpleNamespace(press=self.press)

    def press(self, key: str) -> None:
        self.keys.append(key)
        self.cpu[101 if self.url.endswith(":1") else 102] += 0.01
        self.cpu[7] += 0.002

    def evaluate(self, js: str, arg: Any = None) -> Any:
        if "__cap.done" in js and "open.length" not in js:
            return [100.0] * sum(k != "ArrowRight" for k in self.keys)
        return True  # the drain's question: everything applied and received


def test_annotators_go_round_robin_and_each_server_is_charged_its_own_cpu(monkeypatch, tmp_path) -> None:
    from tests.browser import test_annotate_browser

    cpu = {101: 5.0, 102: 8.0, 7: 3.0}
    opened: list[tuple[str, str]] = []
    pages: list[_Page] = []

    def fake_open(browser: Any, url: str, name: str) -> tuple[Any, _Page]:
        opened.append((url, name))
        pages.append(_Page(url, cpu))
        return SimpleNamespace(close=lambda: None), pages[-1]

    monkeypatch.setattr(test_annotate_browser, "_open_annotate", fake_open)
    monkeypatch.setattr(test_annotate_browser, "_drained", lambda page: None)
    monkeypatch.setattr(bench_capacity, "tree_cpu", lambda pid: cpu[pid])
    monkeypatch.setattr(bench_capacity, "client_cpu", lambda servers: {1: 0.0})
    monkeypatch.setattr(bench_capacity, "machine_cpu", lambda: 100.0 + sum(cpu.values()))
    monkeypatch.setattr(bench_capacity, "server_rss", lambda pid: {101: 300.0, 102: 320.0}[pid])
    monkeypatch.setattr(bench_capacity.time, "sleep", lambda s: None)
    store = str(tmp_path / "s.sqlite3")
    with AnnotationStore(store):
        pass  # an empty store: nothing is confirmed, so every digit shows as lost
    setup = Setup("2 servers, PostgreSQL", store, [SimpleNamespace(pid=101), SimpleNamespace(pid=102)],
                  ["http://h:1", "http://h:2"], [7])  # fmt: skip
    r = bench_capacity.measure(None, setup, 3, 4.0, (0.5, 0.5), 19)
    assert opened == [("http://h:1", "k3-0"), ("http://h:2", "k3-1"), ("http://h:1", "k3-2")]
    # a key every 0.5 s for 4 s: 8 keys each (4 digits, →, 3 digits)
    assert [len(p.keys) for p in pages] == [8, 8, 8] and r.keys == 24 and r.typed == 21
    assert r.server_cpu_each == pytest.approx([0.16, 0.08])  # 16 keys on server 1, 8 on server 2
    assert r.server_cpu_s == pytest.approx(0.24) and r.db_cpu_s == pytest.approx(0.048)
    assert r.other_cpu_s == 0.0 and r.rss_mib == 320.0  # the machine did only this; the largest server
    assert (r.confirmed, r.lost, len(r.latencies_ms)) == (0, 21, 21)


def test_a_servers_row_and_section_with_a_table_per_configuration() -> None:
    r = Result(k=8, keys=150, typed=120, confirmed=120, wall_s=30.0, server_cpu_s=3.6, browser_cpu_s=36.0,
               latencies_ms=[100.0, 200.0, 300.0], rss_mib=330.4, typing_s=25.0, other_cpu_s=6.0,
               server_cpu_each=[2.1, 1.5], db_cpu_s=1.2)  # fmt: skip
    cells = [c.strip() for c in servers_row(r).strip("|").split("|")]
    assert cells == ["8", "150 (6.0/s)", "120", "120", "0", "**4.00**", "200 ms", "290 ms", "117", "**30.0 ms**",
                     "**10.0 ms**", "0.07 / 0.05", "0.04", "1.20", "0.20", "330 MiB"]  # fmt: skip
    assert len(cells) == SERVERS_HEADER.split("\n")[0].count("|") - 1
    text = servers_section(2, _fake_results("2 servers, PostgreSQL"), "Machine: x.", "Method.")
    assert text.split("\n\n")[:4] == [servers_title(2), "Machine: x.", "Method.", "2 servers, PostgreSQL:"]
    assert text.endswith("|\n") and "K = " not in text  # no one-server run: no comparison
    assert servers_title(2) != TITLE  # its own section: --write leaves the one-server section alone
    one = Result(8, 150, 120, 120, 30.0, 2.4, 36.0, [90.0] * 120)
    assert comparison([r], [one]).startswith("K = 8: p95 290 ms against 90 ms")
    assert comparison([r], [Result(4, 1, 1, 1, 1.0, 1.0, 1.0)]) == ""  # no K in common


def test_tree_cpu_keeps_the_time_of_children_that_ended() -> None:
    before = proc_cpu.tree_cpu(os.getpid())
    burn = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.3: pass"
    subprocess.run([sys.executable, "-c", burn], check=True)
    assert proc_cpu.tree_cpu(os.getpid()) - before >= 0.3  # the child's 0.3 s, now in our reaped time
    assert proc_cpu.descendants([1], {2: 1, 3: 2, 4: 3, 5: 1}, skip=[3]) == {1, 2, 5}
    for pid in proc_cpu.postmasters():
        assert Path(f"/proc/{pid}/comm").read_text().startswith("postgres")


def test_a_fresh_schema_is_empty_and_dropped_after() -> None:
    url = os.environ.get(TEST_ENV)
    if not url:
        pytest.skip("no test PostgreSQL: run scripts/test.sh (it starts one)")
    import psycopg

    with fresh_schema(url) as inside:
        schema = inside.rsplit("%3D", 1)[1]
        assert schema.startswith("bench_")
        with AnnotationStore(inside) as s:
            assert s.corpora() == ()
    with psycopg.connect(url) as conn:
        assert conn.execute("SELECT count(*) FROM pg_namespace WHERE nspname = %s", (schema,)).fetchone() == (0,)


def test_a_k_that_fails_in_the_browser_keeps_the_runs_before_it_and_says_where_it_stopped(monkeypatch, capsys) -> None:
    reason = "1 server, SQLite, K = 4: Locator.click: Timeout 30000ms exceeded."

    def stopped_run(*a: Any) -> dict[str, list[Result]]:
        raise bench_capacity.RunStopped(_fake_results("2 servers, PostgreSQL", "1 server, SQLite"), reason)

    monkeypatch.setattr(bench_capacity, "run", stopped_run)
    monkeypatch.setattr(bench_capacity, "load", lambda: "load 1.0")
    argv = ["--servers", "2", "--database", "postgresql", "--database-url", "postgresql://u@/d", "--compare"]
    monkeypatch.setattr(sys, "argv", ["bench_capacity", *argv, "--ks", "2", "4"])
    bench_capacity.main()
    captured = capsys.readouterr()
    assert f"after: load 1.0. The run stopped at {reason}; what it measured before is below.\n" in captured.out
    assert captured.out.count("\n| 2 | 40 (2.7/s) |") == 2 and "\n| 4 |" not in captured.out
    assert captured.err == f"stopped at {reason}\n"
