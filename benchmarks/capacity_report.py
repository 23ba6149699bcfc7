"""The arithmetic and the README section of the capacity benchmark (``bench_capacity``), kept free of the
browser so that tests can check them on hand-made numbers.

>>> percentile([0.1, 0.2, 0.3, 0.4], 50)
0.25
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Sequence

#: Of one core, the share a server process is planned to use (headroom for page loads and bursts).
CORE_SHARE = 0.7
#: The p95 from key to receipt above which the page is said to lag (an annotator notices a second).
LAG_S = 1.0


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile of ``values`` (0 <= q <= 100), interpolated linearly between the two
    closest ranks (numpy's default); NaN for no values.

    >>> percentile([3.0, 1.0, 2.0], 0), percentile([3.0, 1.0, 2.0], 100), percentile([1.0, 2.0], 95)
    (1.0, 3.0, 1.95)
    >>> math.isnan(percentile([], 50))
    True
    """
    if not 0 <= q <= 100:
        raise ValueError(f"a percentile is between 0 and 100, not {q}")
    if not values:
        return math.nan
    xs = sorted(values)
    at = (len(xs) - 1) * q / 100
    low = math.floor(at)
    high = min(low + 1, len(xs) - 1)
    return xs[low] + (xs[high] - xs[low]) * (at - low)


def per_second(confirmed: int, wall_s: float) -> float:
    """Judgments per second the store confirmed over ``wall_s`` seconds.

    >>> per_second(120, 40.0)
    3.0
    """
    if wall_s <= 0:
        raise ValueError(f"the run lasted {wall_s} s: nothing to divide by")
    return confirmed / wall_s


def cpu_ms_per_judgment(cpu_s: float, confirmed: int) -> float:
    """Milliseconds of CPU per confirmed judgment; NaN when none was confirmed.

    >>> cpu_ms_per_judgment(2.4, 120)
    20.0
    >>> math.isnan(cpu_ms_per_judgment(1.0, 0))
    True
    """
    return cpu_s * 1000 / confirmed if confirmed else math.nan


def annotators_per_server(cpu_ms: float, judgments_per_s_each: float, core_share: float = CORE_SHARE) -> int:
    """How many annotators, each confirming ``judgments_per_s_each``, one server process holds when
    each judgment costs it ``cpu_ms`` of CPU and it may use ``core_share`` of one core (Streamlit runs
    the sessions' scripts in one process: the GIL caps it near one core, however many the machine has).

    >>> annotators_per_server(20.0, 0.2)  # one judgment every 5 s: 0.7 / (0.020 * 0.2)
    175
    """
    if cpu_ms <= 0 or judgments_per_s_each <= 0:
        raise ValueError("CPU per judgment and the judgment rate must be positive")
    return math.floor(core_share / (cpu_ms / 1000 * judgments_per_s_each) + 1e-9)


@dataclass
class Result:
    """One run with ``k`` simulated annotators: what was typed, what the store holds, what it cost."""

    k: int
    keys: int  # every key sent (digits and →)
    typed: int  # digits sent: each should become one stored judgment
    confirmed: int  # judgments of these annotators in the store after the run
    wall_s: float  # first key to the last receipt (or the drain's end)
    server_cpu_s: float
    browser_cpu_s: float  # Chromium's processes, Playwright's driver and the bench's script, same window
    latencies_ms: list[float] = field(default_factory=list)  # key press to its "saved" receipt
    rss_mib: float = 0.0
    typing_s: float = 0.0  # first key to last key sent (0: unknown, the window is used)
    other_cpu_s: float = math.nan  # every other process of the machine (the machine is shared)
    server_cpu_each: list[float] = field(default_factory=list)  # per server, in order (several-server runs)
    db_cpu_s: float = math.nan  # PostgreSQL's processes, same window (NaN: SQLite, nothing to charge)

    @property
    def lost(self) -> int:
        return self.typed - self.confirmed


def row(r: Result) -> str:
    """One table row of the section.

    >>> print(row(Result(2, 50, 40, 40, 20.0, 0.8, 1.0, [100.0, 300.0], 300.0, 12.5, 3.0)))
    | 2 | 50 (4.0/s) | 40 | 40 | 0 | **2.00** | 200 ms | 290 ms | 38 | **20.0 ms** | 0.04 | 0.05 | 0.15 | 300 MiB |
    """
    return (
        f"| {r.k} | {r.keys} ({r.keys / (r.typing_s or r.wall_s):.1f}/s) | {r.typed} | {r.confirmed} | {r.lost} "
        f"| **{per_second(r.confirmed, r.wall_s):.2f}** | {percentile(r.latencies_ms, 50):.0f} ms "
        f"| {percentile(r.latencies_ms, 95):.0f} ms | {r.typed - len(r.latencies_ms)} "
        f"| **{cpu_ms_per_judgment(r.server_cpu_s, r.confirmed):.1f} ms** | {r.server_cpu_s / r.wall_s:.2f} "
        f"| {r.browser_cpu_s / r.wall_s:.2f} | {r.other_cpu_s / r.wall_s:.2f} | {r.rss_mib:.0f} MiB |"
    )


TITLE = "## Capacity: simulated annotators on one app server (issue 19, point 7)"
HEADER = (
    "| annotators | keys sent (rate) | judgments typed | confirmed in the store | lost | confirmed per s "
    "| key to receipt, p50 | p95 | receipts not seen | server CPU per judgment | server CPU, cores "
    "| bench client CPU, cores | other work, cores | server RSS after |\n" + "|---" * 14 + "|"
)


def where_waited(r: Result, cores: int = 2) -> str:
    """What the largest run's latency waited for: the machine's cores when the server used under half a
    core while the server, the bench client and other work kept at least 80 % of the ``cores`` busy.

    >>> said = where_waited(Result(8, 100, 80, 80, 20.0, 1.6, 24.0, [900.0] * 80, other_cpu_s=12.0))
    >>> said.split(" (the ")[0]
    'At 8 annotators (p95 0.9 s) the server used 0.08 of a core while the 2 cores were 1.88 busy in all'
    >>> said.split(" (the ")[1]
    'bench client 1.20, other jobs 0.60): the latency there waited for the machine, not for the server.'
    """
    other = 0.0 if math.isnan(r.other_cpu_s) else r.other_cpu_s
    server, busy = r.server_cpu_s / r.wall_s, (r.server_cpu_s + r.browser_cpu_s + other) / r.wall_s
    said = (
        f"At {r.k} annotators (p95 {percentile(r.latencies_ms, 95) / 1000:.1f} s) the server used {server:.2f} of "
        f"a core while the {cores} cores were {busy:.2f} busy in all (the bench client "
        f"{r.browser_cpu_s / r.wall_s:.2f}, other jobs {other / r.wall_s:.2f})"
    )
    if server < 0.5 and busy >= 0.8 * cores:
        return said + ": the latency there waited for the machine, not for the server."
    return said + "."


def conclusion(results: Sequence[Result], think: tuple[float, float]) -> str:
    """The paragraph that derives how many annotators one server holds from the runs.

    >>> r = Result(8, 100, 80, 80, 20.0, 1.6, 3.0, [200.0] * 80)
    >>> text = conclusion([r], (0.5, 2.0))
    >>> "20.0 ms of CPU" in text, "0.64 judgments/s each" in text, "about 54 such annotators" in text
    (True, True, True)
    """
    ok = [r for r in results if r.confirmed and percentile(r.latencies_ms, 95) <= LAG_S * 1000] or list(results)
    top = max(ok, key=lambda r: r.k)
    cpu = cpu_ms_per_judgment(top.server_cpu_s, top.confirmed)
    mean_think = (think[0] + think[1]) / 2
    rate = 4 / 5 / mean_think  # four digits and one → per item
    here = annotators_per_server(cpu, rate)
    slow = annotators_per_server(cpu, 1 / 5)
    waited = where_waited(max(results, key=lambda r: r.k))
    return (
        f"How many annotators one server holds: at {top.k} simulated annotators (the most here whose p95 "
        f"from key to receipt stayed within {LAG_S:g} s) the server spent {cpu:.1f} ms of CPU per confirmed "
        f"judgment (the → keys, the reruns and its idle work included). {waited} Each simulated annotator typed a key "
        f"every {mean_think:g} s on average, i.e. {rate:.2f} judgments/s each, a fast, practised pace; at "
        f"{CORE_SHARE:g} of one core (Streamlit runs every session in one process, so one core is its "
        f"ceiling whatever the machine has) one server holds about {here} such annotators, or about {slow} "
        f"people judging once every 5 s. Limits: these are extrapolated from CPU per judgment, not "
        f"observed at that size (the 2 cores here also run Chromium, see the client column, so more "
        f"browsers could not be driven without starving the server); runs are short (seconds, one seed) on "
        f"a shared machine; the SummEval sample's short texts, blind mode, no network between browser and "
        f"server, SQLite on a local disk; only judging is loaded, not page loads, the organiser's dashboard "
        f"or exports, which come on top. Several servers on one PostgreSQL: `--servers N --database "
        f"postgresql` (their own section)."
    )


def section(results: Sequence[Result], head: str, think: tuple[float, float], method: str) -> str:
    """The README section: title, ``head`` (machine, date, commit, load, command), ``method``, table and
    conclusion.

    >>> s = section([Result(1, 5, 4, 4, 5.0, 0.1, 0.2, [90.0] * 4)], "Machine: m.", (0.5, 2.0), "How.")
    >>> s.startswith(TITLE + "\\n\\nMachine: m.\\n\\nHow.\\n\\n| annotators"), s.count("\\n| 1 | 5 ")
    (True, 1)
    """
    rows = "\n".join(row(r) for r in results)
    return f"{TITLE}\n\n{head}\n\n{method}\n\n{HEADER}\n{rows}\n\n{conclusion(results, think)}\n"


def servers_row(r: Result) -> str:
    """One table row of a several-server run: the servers' CPU summed per judgment and each in cores,
    PostgreSQL's CPU per judgment and in cores.

    >>> r = Result(4, 50, 40, 40, 20.0, 0.8, 1.0, [100.0, 300.0], 300.0, 12.5, 3.0, [0.5, 0.3], 0.4)
    >>> print(servers_row(r).split(" | ", 9)[9])
    **20.0 ms** | **10.0 ms** | 0.03 / 0.01 | 0.02 | 0.05 | 0.15 | 300 MiB |
    """
    each = " / ".join(f"{c / r.wall_s:.2f}" for c in r.server_cpu_each)
    return (
        f"| {r.k} | {r.keys} ({r.keys / (r.typing_s or r.wall_s):.1f}/s) | {r.typed} | {r.confirmed} | {r.lost} "
        f"| **{per_second(r.confirmed, r.wall_s):.2f}** | {percentile(r.latencies_ms, 50):.0f} ms "
        f"| {percentile(r.latencies_ms, 95):.0f} ms | {r.typed - len(r.latencies_ms)} "
        f"| **{cpu_ms_per_judgment(r.server_cpu_s, r.confirmed):.1f} ms** "
        f"| **{cpu_ms_per_judgment(r.db_cpu_s, r.confirmed):.1f} ms** | {each} | {r.db_cpu_s / r.wall_s:.2f} "
        f"| {r.browser_cpu_s / r.wall_s:.2f} | {r.other_cpu_s / r.wall_s:.2f} | {r.rss_mib:.0f} MiB |"
    )


SERVERS_HEADER = (
    "| annotators | keys sent (rate) | judgments typed | confirmed in the store | lost | confirmed per s "
    "| key to receipt, p50 | p95 | receipts not seen | servers' CPU per judgment | PostgreSQL CPU per judgment "
    "| each server's CPU, cores | PostgreSQL CPU, cores | bench client CPU, cores | other work, cores "
    "| largest server RSS after |\n" + "|---" * 16 + "|"
)


def servers_title(n: int) -> str:
    """The title of the section of an ``n``-server run on PostgreSQL.

    >>> servers_title(2)
    '## Capacity: 2 app servers on one PostgreSQL (issue 19, point 7)'
    """
    return f"## Capacity: {n} app server{'s' if n != 1 else ''} on one PostgreSQL (issue 19, point 7)"


def comparison(several: Sequence[Result], one: Sequence[Result]) -> str:
    """Per K run on both, the several-server run against the one-server SQLite run: latency and CPU.

    >>> two = Result(8, 100, 80, 80, 20.0, 2.4, 9.0, [300.0] * 80, server_cpu_each=[1.3, 1.1], db_cpu_s=0.8)
    >>> said = comparison([two], [Result(8, 100, 80, 80, 20.0, 1.6, 9.0, [200.0] * 80)])
    >>> said.split("; ")[0]
    'K = 8: p95 300 ms against 200 ms on one server with SQLite'
    >>> "30.0 ms in the servers and 10.0 ms in PostgreSQL" in said
    True
    >>> said.endswith("2.00 times the one server's 20.0 ms.")
    True
    """
    by_k = {r.k: r for r in one}
    said = []
    for r in several:
        o = by_k.get(r.k)
        if o is None:
            continue
        ms, db, base = (cpu_ms_per_judgment(c, x.confirmed) for c, x in ((r.server_cpu_s, r), (r.db_cpu_s, r),
                                                                          (o.server_cpu_s, o)))  # fmt: skip
        said.append(
            f"K = {r.k}: p95 {percentile(r.latencies_ms, 95):.0f} ms against {percentile(o.latencies_ms, 95):.0f} ms "
            f"on one server with SQLite; CPU per confirmed judgment {ms:.1f} ms in the servers and {db:.1f} ms in "
            f"PostgreSQL, {(ms + db) / base:.2f} times the one server's {base:.1f} ms."
        )
    return "\n".join(said)


def servers_section(n: int, results: dict[str, list[Result]], head: str, method: str) -> str:
    """The README section of an ``n``-server run: title, ``head``, ``method``, a table per configuration
    (``results``: label -> runs; the several-server ones first) and, with a one-server SQLite run, the
    comparison K by K.

    >>> pg = Result(2, 5, 4, 4, 5.0, 0.1, 0.2, [90.0] * 4, server_cpu_each=[0.05, 0.05], db_cpu_s=0.04)
    >>> s = servers_section(2, {"2 servers, PostgreSQL": [pg]}, "Machine: m.", "How.")
    >>> s.startswith(servers_title(2) + "\\n\\nMachine: m.\\n\\nHow.\\n\\n2 servers, PostgreSQL:\\n\\n| annotators")
    True
    """
    parts = [servers_title(n), head, method]
    for label, runs in results.items():
        several = bool(runs) and (len(runs[0].server_cpu_each) > 1 or not math.isnan(runs[0].db_cpu_s))
        rows = "\n".join((servers_row if several else row)(r) for r in runs)
        parts.append(f"{label}:\n\n{SERVERS_HEADER if several else HEADER}\n{rows}")
    lists = list(results.values())
    if len(lists) == 2:
        parts.append(comparison(lists[0], lists[1]))
    return "\n\n".join(parts) + "\n"


def write_section(readme: str, new: str) -> str:
    """``readme`` with the section titled as ``new`` replaced by ``new`` (up to the next ``## `` heading),
    or ``new`` appended after one blank line when there is none.

    >>> write_section("# B\\n\\n## A\\nold\\n\\n## C\\nc\\n", "## A\\nnew\\n")
    '# B\\n\\n## A\\nnew\\n\\n## C\\nc\\n'
    >>> write_section("# B\\n", "## A\\nnew\\n")
    '# B\\n\\n## A\\nnew\\n'
    """
    title = new.split("\n", 1)[0]
    found = re.search(r"^" + re.escape(title) + r"$.*?(?=^## |\Z)", readme, re.S | re.M)
    if found is None:
        return readme.rstrip() + "\n\n" + new
    tail = readme[found.end() :]
    return readme[: found.start()] + new + ("\n" + tail if tail else "")
