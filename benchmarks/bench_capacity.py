"""Capacity of the app's servers (issue 19, point 7): K simulated annotators type judgments at a human pace
into the real app, in Chromium, and the store, the page and /proc say what came of it.

One Streamlit server is started as the browser tests start it (``start_server``), on an SQLite store
holding the SummEval sample (120 items, 4 criteria of 1 to 5). For each K, K browser contexts of one
headless Chromium open the Annotate page, each as its own annotator (``k<K>-<i>``, blind mode, so each has
its own item order), and type 4 digits and → per item, waiting a think time drawn uniformly from
``--think`` (seeded) before every key, for ``--duration`` seconds. The keys are sent open-loop (a key
does not wait for the previous one's receipt: a person keeps typing and the page queues the keys), so a
slow server shows as latency, not as fewer keys.

Measured per K:

* judgments confirmed: the rows of these annotators in the SQLite store after the run, against the digits
  typed (each digit scores a new criterion of a new item, so each should be one row; the difference is
  reported as lost), per second of the window from the first key to the last receipt;
* key to receipt: in the page, a ``keydown`` listener stamps ``performance.now()`` on each digit and a
  ``MutationObserver`` (with a 100 ms poll behind it) stamps the moment that criterion of that item shows
  "saved: <value>" in elements that are not stale (the receipt is drawn from the store's own read, so it
  means the store holds the value); p50 and p95 over all digits, and how many receipts never appeared;
* CPU over the same window, from /proc: the server process's, the bench client's (this process and every
  process descended from it except the server: Chromium's browser, GPU, zygote and renderer processes
  and Playwright's driver), and the rest of the machine's (/proc/stat's busy time minus both: the
  machine is shared). Both run on the same 2 cores: the browsers take CPU the server could use,
  which inflates the latency at large K and caps the K this machine can drive; the CPU per judgment is
  the server's alone.

Several servers (``--servers N --database postgresql [--database-url URL]``, capacity_servers.py): N
servers, each in its own data directory, on one PostgreSQL database (``ROUGE_LENS_DATABASE_URL`` naming
a new schema, dropped after); annotator i uses server i mod N, with the same keys as above. Measured as
above, plus each server's CPU (its process tree), their sum per judgment, and PostgreSQL's processes' CPU
over the window. ``--compare`` runs the one-server SQLite configuration too, K by K in between.

Run: python -m benchmarks.bench_capacity [--ks 1 2 4 8] [--duration 25] [--think 0.5 2.0] [--seed 19]
[--servers N --database postgresql [--database-url URL] [--compare]] [--write]  (--write replaces or
appends the run's "Capacity" section of benchmarks/README.md: one server on SQLite, or N on PostgreSQL)
"""

from __future__ import annotations

import argparse
import heapq
import math
import random
import sys
import time
from contextlib import ExitStack
from typing import Any, Optional

from annotation import AnnotationStore
from annotation.database import where
from annotation.model import StoreError

from .bench_annotate import README, commit, load, server_rss
from .capacity_report import Result, section, servers_section, write_section
from .capacity_servers import Setup, database_url, spread, start_postgres, start_sqlite
from .common import machine
from .proc_cpu import client_cpu, machine_cpu, tree_cpu

CRITERIA = 4  # the SummEval rubric's criteria: one digit each, then →
ITEMS = 120  # the SummEval sample: an annotator stops before its last item

# Installed in each annotator's page: stamps each digit at keydown and its receipt when it appears.
RECEIPTS_JS = """() => {
  if (window.__cap) return;
  const cap = window.__cap = {open: [], done: []};
  const fresh = (e) => !e.closest("[data-stale='true']");
  cap.expect = (crit, value, item) => cap.open.push({crit, value, item, t0: null});
  document.addEventListener("keydown", (e) => {
    const o = cap.open.find((x) => x.t0 === null);
    if (o && /^[0-9]$/.test(e.key)) o.t0 = performance.now();
  }, true);
  const seen = (o) => {
    const head = Array.from(document.querySelectorAll("h3")).find(
      (h) => fresh(h) && h.textContent.includes(`Item ${o.item} of`));
    const group = Array.from(document.querySelectorAll(`.st-key-annot_crit_${o.crit}`)).find(fresh);
    return !!head && !!group && group.textContent.includes(`saved: ${o.value}`);
  };
  const check = () => {
    const now = performance.now();
    cap.open = cap.open.filter((o) => {
      if (o.t0 === null || !seen(o)) return true;
      cap.done.push(now - o.t0);
      return false;
    });
  };
  new MutationObserver(check).observe(document.body, {subtree: true, childList: true, characterData: true,
    attributes: true, attributeFilter: ["data-stale"]});
  setInterval(check, 100);
}"""


def keys_for(who: int, n_items: int) -> list[tuple[str, int, int]]:
    """The keys of annotator ``who``: per item (1-based) 4 digits then →, as (key, criterion, item);
    the criterion is -1 for →. Values differ from one item to the next on every criterion.

    >>> keys_for(0, 2)[:5], keys_for(0, 2)[5]
    ([('1', 0, 1), ('2', 1, 1), ('3', 2, 1), ('4', 3, 1), ('ArrowRight', -1, 1)], ('2', 0, 2))
    """
    out = []
    for item in range(1, n_items + 1):
        out += [(str(1 + (item - 1 + c + who) % 5), c, item) for c in range(CRITERIA)]
        out.append(("ArrowRight", -1, item))
    return out


def _wait_receipts(pages: list[Any], timeout_s: float) -> None:
    """Until every page has applied its queued keys and seen every receipt, or ``timeout_s``."""
    keys = "!!document.__rougeLensKeys && document.__rougeLensKeys.pending() === 0"
    done_js = f"() => {keys} && window.__cap.open.length === 0"
    deadline = time.monotonic() + timeout_s
    waiting = list(pages)
    while waiting and time.monotonic() < deadline:
        waiting = [p for p in waiting if not p.evaluate(done_js)]
        if waiting:
            time.sleep(0.05)


def measure(browser: Any, setup: Setup, k: int, duration: float, think: tuple[float, float], seed: int) -> Result:
    """K annotators typing for ``duration`` seconds, spread round-robin over the servers of ``setup``."""
    from tests.browser.test_annotate_browser import _drained, _open_annotate

    names = [f"k{k}-{i}" for i in range(k)]
    opened = [_open_annotate(browser, setup.urls[s], name) for name, s in zip(names, spread(k, len(setup.urls)))]
    pages = [page for _, page in opened]
    for page in pages:
        page.evaluate(RECEIPTS_JS)
    time.sleep(2)  # the last page's runs and the websockets settle
    plans = [keys_for(i, ITEMS - 1) for i in range(k)]
    rngs = [random.Random(f"{seed}-{k}-{i}") for i in range(k)]
    sent = [0] * k
    typed = 0
    servers = [p.pid for p in setup.procs]
    cpu0, db0 = [tree_cpu(s) for s in servers], sum(tree_cpu(p) for p in setup.postmasters)
    side0, all0 = client_cpu(servers), machine_cpu()
    t0 = time.monotonic()
    due = [(t0 + rngs[i].uniform(*think), i) for i in range(k)]
    heapq.heapify(due)
    while due:
        when, i = heapq.heappop(due)
        if when - t0 > duration:
            continue  # this annotator's time is up
        time.sleep(max(0.0, when - time.monotonic()))
        key, crit, item = plans[i][sent[i]]
        if crit >= 0:
            pages[i].evaluate("([c, v, i]) => window.__cap.expect(c, v, i)", [crit, int(key), item])
            typed += 1
        pages[i].keyboard.press(key)
        sent[i] += 1
        if sent[i] < len(plans[i]):
            heapq.heappush(due, (when + rngs[i].uniform(*think), i))
    typing = time.monotonic() - t0
    _wait_receipts(pages, 60)
    wall = time.monotonic() - t0
    each = [tree_cpu(s) - c for s, c in zip(servers, cpu0)]
    db = sum(tree_cpu(p) for p in setup.postmasters) - db0 if setup.postmasters else math.nan
    side1 = client_cpu(servers)
    side = sum(c - side0.get(pid, 0.0) for pid, c in side1.items())
    # the clock-tick counts can round below 0
    other = max(0.0, machine_cpu() - all0 - sum(each) - side - (0.0 if math.isnan(db) else db))
    latencies = [float(x) for page in pages for x in page.evaluate("() => window.__cap.done")]
    for page in pages:
        _drained(page)  # every run finished before the rows are counted
    rss = max(server_rss(s) for s in servers)
    for context, _ in opened:
        context.close()
    with AnnotationStore(setup.store) as s:
        confirmed = sum(len(s.judgments(annotator=n)) for n in names)
    return Result(k, sum(sent), typed, confirmed, wall, sum(each), side, latencies, rss, typing, other,
                  each if len(servers) > 1 or setup.postmasters else [], db)  # fmt: skip


class RunStopped(Exception):
    """A K that could not be measured (a page that did not open or answer in time): the runs measured
    before it, by configuration, and what stopped it."""

    def __init__(self, results: dict[str, list[Result]], reason: str) -> None:
        super().__init__(reason)
        self.results, self.reason = results, reason


def run(ks: list[int], duration: float, think: tuple[float, float], seed: int, servers: int = 1,
        database: Optional[str] = None, compare: bool = False) -> dict[str, list[Result]]:  # fmt: skip
    """The K values in turn (each with new annotators) on each configuration: one server on SQLite
    (``database`` None, or ``compare``) and ``servers`` servers on the PostgreSQL ``database``; with both,
    K by K, one after the other, so that both see the same state of the machine. One Chromium.
    :class:`RunStopped` when a K fails in the browser, with what was measured before it."""
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

    with ExitStack() as stack:
        setups = []
        if database is not None:
            setups.append(start_postgres(stack, database, servers))
        if database is None or compare:
            setups.append(start_sqlite(stack))
        results: dict[str, list[Result]] = {s.label: [] for s in setups}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                for k in ks:
                    for setup in setups:
                        try:
                            results[setup.label].append(measure(browser, setup, k, duration, think, seed))
                        except PlaywrightError as e:  # the runs before it are kept and reported
                            reason = f"{setup.label}, K = {k}: {str(e).strip().splitlines()[0]}"
                            raise RunStopped(results, reason) from e
                        print(f"{setup.label}, K={k}: {results[setup.label][-1]}", file=sys.stderr)
            finally:
                browser.close()
    return results


METHOD = """\
What is measured: one Streamlit server (started as the browser tests start it, `.streamlit/config.toml`
as committed) on an SQLite store holding the SummEval sample (120 items x 4 criteria, 1 to 5). For each
K, K contexts of one headless Chromium open the Annotate page, each as its own annotator (blind mode:
each its own item order), and type 4 digits and → per item, each key after a think time drawn uniformly
from {lo:g} to {hi:g} s (seeded), for {duration:g} s; keys are sent open-loop (no key waits for a receipt:
the page queues them), so an overloaded server shows as latency. Confirmed: these annotators' rows in the
store after the run; typed: the digits sent (each scores a new criterion of a new item, so each should be
one row; lost = typed - confirmed). Key to receipt: in the page, a `keydown` listener stamps
`performance.now()` for each digit and a `MutationObserver` (a 100 ms poll behind it) stamps when that
item's criterion shows "saved: <value>" outside stale elements (the receipt is drawn from the store's own
read); it includes the wait in the page's key queue behind the previous key's run. The window runs from
the first key to the last receipt; CPU over it from /proc: the server process's (per confirmed judgment,
the → keys, reruns and idle work of all K sessions included) and, in cores, the bench client's
(Chromium's processes, Playwright's driver and this script), which run on the same 2 cores: they take
CPU the server could use, so the latency at large K is pessimistic and the largest K this machine can
drive is limited by them; and the other work of the machine (its busy time from /proc/stat minus both:
the machine is shared with other jobs, and a row where the three add up to about 2 cores had CPU to
wait for, which shows as latency, not as server CPU). The key rate is over the typing (first to last
key)."""


SERVERS_METHOD = """\
What is measured: as in the one-server section above (the same annotators, keys, think times, seed and
receipts), but on {servers} Streamlit servers, each started as the browser tests start one, in its own
data directory, with `ROUGE_LENS_DATABASE_URL` naming one PostgreSQL database (a new schema per run,
dropped after); annotator i of K uses server i mod {servers}. CPU over the window, from /proc: the
servers' process trees (their sum per confirmed judgment, and each server's in cores, in server order),
PostgreSQL's processes (the postmaster serving the URL's socket directory and all its children, backends
that ended included; other users of the same PostgreSQL count too), the bench client as above, and the
rest of the machine. {compare}"""

COMPARE = """The one-server SQLite table is from the same command (`--compare`): its server was started
with the others and each K ran on it right after the PostgreSQL servers, so both saw the same machine."""


def check_args(ap: argparse.ArgumentParser, args: argparse.Namespace) -> Optional[str]:
    """Refuses (``ap.error``: a message and exit status 2) options that do not go together; the
    PostgreSQL URL to measure on, or None for the one-server SQLite run."""
    if any(k < 1 for k in args.ks) or args.duration <= 0 or not 0 <= args.think[0] <= args.think[1]:
        ap.error("--ks must be positive, --duration above 0 and --think MIN MAX with 0 <= MIN <= MAX")
    if args.servers < 1:
        ap.error(f"--servers must be at least 1, not {args.servers}")
    if args.database == "sqlite":
        if args.servers != 1:
            ap.error("several servers need the PostgreSQL store: --database postgresql (SQLite is one server's file)")
        if args.database_url is not None or args.compare:
            ap.error("--database-url and --compare go with --database postgresql")
        return None
    try:
        return database_url(args.database_url)
    except StoreError as e:
        ap.error(str(e))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    ap.add_argument("--ks", type=int, nargs="+", default=[1, 2, 4, 8], help="numbers of simulated annotators")
    ap.add_argument("--duration", type=float, default=25.0, help="seconds of typing per K")
    ap.add_argument("--think", type=float, nargs=2, default=[0.5, 2.0], metavar=("MIN", "MAX"),
                    help="think time before each key, seconds, uniform")  # fmt: skip
    ap.add_argument("--seed", type=int, default=19)
    ap.add_argument("--servers", type=int, default=1, help="app servers; more than one needs the PostgreSQL store")
    ap.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite", help="the store")
    ap.add_argument("--database-url", help="the PostgreSQL to use (default: $ROUGE_LENS_TEST_DATABASE_URL)")
    ap.add_argument("--compare", action="store_true",
                    help="with --database postgresql: also the one-server SQLite run, K by K in between")  # fmt: skip
    ap.add_argument("--write", action="store_true", help="replace (or append) the section in benchmarks/README.md")
    args = ap.parse_args()
    url = check_args(ap, args)
    think = (args.think[0], args.think[1])
    before, stopped = load(), ""
    try:
        results = run(args.ks, args.duration, think, args.seed, args.servers, url, args.compare)
    except StoreError as e:  # the database cannot be reached or refuses the schema: said, not a traceback
        ap.error(str(e))
    except RunStopped as e:
        print(f"stopped at {e.reason}", file=sys.stderr)
        results, stopped = e.results, f" The run stopped at {e.reason}; what it measured before is below."
    after = load()
    ks = " ".join(map(str, args.ks))
    extra = ""
    if url is not None:
        extra = f" --servers {args.servers} --database postgresql --database-url '{where(url).shown}'"
        extra += " --compare" if args.compare else ""
    write = " --write" if args.write else ""
    command = (f"python -m benchmarks.bench_capacity{extra} --ks {ks} --duration {args.duration:g} "
               f"--think {think[0]:g} {think[1]:g} --seed {args.seed}{write}")  # fmt: skip
    head = f"Machine: {machine()}; code {commit()}. `{command}`. Load (`uptime`) before: {before}; after: {after}."
    head += stopped
    if url is None:
        text = section(results["1 server, SQLite"], head, think, METHOD.format(lo=think[0], hi=think[1],
                                                                               duration=args.duration))  # fmt: skip
    else:
        method = SERVERS_METHOD.format(servers=args.servers, compare=COMPARE if args.compare else "")
        text = servers_section(args.servers, results, head, method.rstrip())
    print(text)
    if args.write:
        README.write_text(write_section(README.read_text(encoding="utf-8"), text), encoding="utf-8")


if __name__ == "__main__":
    main()
