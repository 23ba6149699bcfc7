"""The capacity benchmark's pure parts (issue 19, point 7): percentiles, judgments per second, CPU per
judgment, the annotators-per-server arithmetic, the keys typed and the README section; no browser."""

from __future__ import annotations

import math
import sys

import pytest

from benchmarks import bench_capacity
from benchmarks.bench_capacity import keys_for
from benchmarks.capacity_report import (
    HEADER,
    TITLE,
    Result,
    annotators_per_server,
    cpu_ms_per_judgment,
    per_second,
    percentile,
    row,
    section,
    where_waited,
    write_section,
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


@pytest.mark.parametrize("argv", [["--servers", "2"], ["--database", "postgresql"], ["--ks", "0"]])
def test_refused_options_are_a_message_not_a_run(monkeypatch, capsys, argv) -> None:
    monkeypatch.setattr(sys, "argv", ["bench_capacity", *argv])
    monkeypatch.setattr(bench_capacity, "run", lambda *a: pytest.fail("no run for refused options"))
    with pytest.raises(SystemExit) as exit_:
        bench_capacity.main()
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "PostgreSQL store" in err or "--ks must be positive" in err
