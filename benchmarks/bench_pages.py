"""Heavy inputs on every page, through Streamlit's AppTest: time, CPU, memory and what the page said.

Each case runs in a fresh subprocess (cwd = the tree under test, that tree first on sys.path, so its
own app, pages, ui/ and rouge_core/ are measured). The subprocess imports everything, runs the app
once on its opening sample (warm-up), moves to the page and section of the case with cheap runs,
then pastes the heavy input and times that one rerun: wall seconds, CPU seconds (all threads), the
subprocess's peak RSS, RSS before and after the run, and how much RSS clearing Streamlit's caches
gives back (about what the cached report keeps). It also records whether the run raised, and the
first 200 characters of each error, warning and info message the page showed, so a page that
refuses an input that is too large is recorded with its message and time.

Every case has a hard cap: the subprocess is killed after ``--cap`` seconds of the measured run (or
when its RSS passes the case's memory cap) and reported as "timeout" / "memory cap"; its address
space is limited with RLIMIT_AS (``--mem-gb``), so an allocation past it is reported as MemoryError.

Inputs are generated deterministically with benchmarks/common.py (news-like prose, a line break
every 25 words; the candidate is the reference perturbed).

Run: python -m benchmarks.bench_pages [--root DIR] [--quick] [--only NAME ...] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
DEFAULT_ROOT = HERE.parents[1]
MARK = "@@BENCH "
GIB = 2**30
MIB = 2**20

# The subprocess: put the tree under test first on sys.path, load this file under another name
# (so no `benchmarks` package is needed in that tree), and run one case.
BOOT = (
    "import sys, runpy; root, script, spec = sys.argv[1:4]; sys.path.insert(0, root); "
    "runpy.run_path(script, run_name='bench_pages_worker')['worker_main'](spec)"
)


# -- inputs (parent process only) --------------------------------------------------------------------


def _gen():
    # Imported here: the worker loads this file outside the package.
    from .common import news_text, perturb

    return news_text, perturb


def cut_chars(text: str, n: int) -> str:
    """At most ``n`` characters of ``text``, cut at a word boundary."""
    if len(text) <= n:
        return text
    cut = text[:n]
    return cut[: max(cut.rfind(" "), cut.rfind("\n"))].rstrip()


def take_words(text: str, n: int) -> str:
    """The first ``n`` words of ``text``, keeping its line breaks."""
    out, left = [], n
    for line in text.splitlines():
        ws = line.split()
        if left <= 0:
            break
        out.append(" ".join(ws[:left]))
        left -= len(ws)
    return "\n".join(out)


def chars_pair(n_chars: int, seed: int) -> tuple[str, str]:
    """(candidate, reference) of about ``n_chars`` characters each, a line every 25 words."""
    news_text, perturb = _gen()
    rng = random.Random(seed)
    full = news_text(rng, int(n_chars / 4.0) + 200, 25)  # ~4.4 characters a word: enough for both
    return cut_chars(perturb(rng, full), n_chars), cut_chars(full, n_chars)


def words_pair(n_words: int, seed: int, sentence_len: int = 25) -> tuple[str, str]:
    """(candidate, reference) of exactly ``n_words`` words each."""
    news_text, perturb = _gen()
    rng = random.Random(seed)
    full = news_text(rng, int(n_words * 1.3) + 50, sentence_len)
    return take_words(perturb(rng, full), n_words), take_words(full, n_words)


def lines_pair(n_lines: int, seed: int) -> tuple[str, str]:
    """(candidate, reference) of ``n_lines`` one-word lines each."""
    news_text, perturb = _gen()
    rng = random.Random(seed)
    m = int(n_lines * 1.3) + 50
    full = news_text(rng, m, m)  # one line
    cand = perturb(rng, full).rstrip(".").split()[:n_lines]
    ref = full.rstrip(".").split()[:n_lines]
    return "\n".join(cand), "\n".join(ref)


@dataclass
class Case:
    name: str
    page: str  # the kind of driving the worker does
    what: str  # the input, for the table
    make: Any  # () -> (candidate, reference)
    cap_s: float | None = None  # overrides --cap
    rss_cap_gb: float | None = None  # kill when the RSS passes this
    extra: dict = field(default_factory=dict)


def cases(quick: bool, learn_50k: bool) -> list[Case]:
    big = 10_000 if quick else 100_000
    l1, l2 = (200, 500) if quick else (2_000, 5_000)
    lw = 2_000 if quick else 20_000
    out = [
        Case("inspect-100k", "inspect", f"Inspect, {big:,} chars a side", lambda: chars_pair(big, 1)),
        Case(f"inspect-lines-{l1}", "inspect", f"Inspect, {l1:,} one-word lines a side", lambda: lines_pair(l1, 2)),
        Case(f"inspect-lines-{l2}", "inspect", f"Inspect, {l2:,} one-word lines a side", lambda: lines_pair(l2, 3)),
        Case(
            "differences-100k",
            "differences",
            f"Why do the numbers differ?, {big:,} chars a side (Inspect inputs)",
            lambda: chars_pair(big, 1),
        ),
        Case(
            "tokenizer-100k",
            "tokenizer",
            f"Tokenizer inspector, {big:,} chars a side (candidate)",
            lambda: chars_pair(big, 1),
        ),
        Case(
            f"learn-U-{lw}",
            "learn",
            f"Learn, ROUGE-L (summary), {lw:,} words a side",
            lambda: words_pair(lw, 4),
            extra={"section": "U"},
        ),
    ]
    if learn_50k and not quick:
        out.append(
            Case(
                "learn-U-50000",
                "learn",
                "Learn, ROUGE-L (summary), 50,000 words a side",
                lambda: words_pair(50_000, 5),
                cap_s=120,
                rss_cap_gb=6,
                extra={"section": "U"},
            )
        )
    out.append(
        Case(
            "mistakes-xi-100k",
            "mistakes",
            f"Common mistakes, 'x[i]' tab, {big:,} chars a side",
            lambda: chars_pair(big, 1),
            extra={"tab": "x[i]"},
        )
    )
    # The largest input each page serves under its budget (ui/compute/budget.py): the page computes these.
    if not quick:
        out += [
            Case(
                "inspect-budget-3000",
                "inspect",
                "Inspect, 3,000 words a side (its budget)",
                lambda: words_pair(3_000, 6),
            ),
            Case(
                "differences-budget-700",
                "differences",
                "Why do the numbers differ?, 700 words a side (its budget)",
                lambda: words_pair(700, 7),
            ),
            Case(
                "learn-U-budget-1000",
                "learn",
                "Learn, ROUGE-L (summary), 1,000 words a side (its budget)",
                lambda: words_pair(1_000, 8),
                extra={"section": "U"},
            ),
            Case(
                "mistakes-xi-budget-300",
                "mistakes",
                "Common mistakes, 'x[i]' tab, 300 words a side (its budget)",
                lambda: words_pair(300, 9),
                extra={"tab": "x[i]"},
            ),
        ]
    return out


# -- the worker (runs in the subprocess) ------------------------------------------------------------


def _emit(event: dict) -> None:
    sys.stdout.write(MARK + json.dumps(event) + "\n")
    sys.stdout.flush()


def _rss() -> int:
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def _settle() -> int:
    """RSS after a full collection, with free heap handed back to the OS."""
    import ctypes
    import gc

    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except OSError:
        pass
    return _rss()


def _cached_bytes(budget_s: float = 60.0) -> tuple[int | None, int, bool]:
    """Bytes reachable from the values in Streamlit's resource caches (the cached reports), the number
    of objects, and whether the walk finished within ``budget_s`` (else the bytes are a lower bound).

    Types, modules and functions are not followed (they lead to code shared by everything).
    """
    import gc
    import types

    try:
        from streamlit.runtime.caching import cache_resource_api as cra

        caches = [c for per in cra._resource_caches._function_caches.values() for c in per.values()]
        roots = [getattr(v, "value", v) for c in caches for v in list(c._mem_cache.values())]
    except Exception:  # noqa: BLE001 - Streamlit's internals moved: no number rather than a wrong one
        return None, 0, False
    skip = (
        type,
        types.ModuleType,
        types.FunctionType,
        types.BuiltinFunctionType,
        types.MethodType,
        types.CodeType,
        types.FrameType,
    )
    seen: set[int] = set()
    stack, total, deadline = list(roots), 0, time.perf_counter() + budget_s
    while stack:
        if len(seen) % 100_000 == 0 and time.perf_counter() > deadline:
            return total, len(seen), False
        o = stack.pop()
        if id(o) in seen or isinstance(o, skip):
            continue
        seen.add(id(o))
        total += sys.getsizeof(o)
        stack.extend(gc.get_referents(o))
    return total, len(seen), True


def _messages(at) -> dict:
    def first(elems) -> list[str]:
        out = []
        for e in elems:
            try:
                out.append(str(e.value)[:200])
            except Exception as exc:  # noqa: BLE001 - a message we cannot read is still a message
                out.append(f"<unreadable: {exc!r}>"[:200])
        return out

    exc = []
    for e in at.exception:
        p = e.proto
        exc.append(f"{p.type}: {p.message}"[:200])
    metrics = []
    for m in at.metric:
        try:
            metrics.append(f"{m.label} = {m.value}"[:80])
        except Exception as exc:  # noqa: BLE001
            metrics.append(f"<unreadable metric: {exc!r}>"[:80])
    return {
        "exception": exc,
        "error": first(at.error),
        "warning": first(at.warning),
        "info": first(at.info),
        "metrics": metrics[:6],
    }


def _text_area(at, key: str = "", label: str = "", nth: int = 0):
    """A text area by its key, else one whose key contains ``key`` (the pages may add a generation
    suffix), else the ``nth`` one with label ``label``."""
    areas = list(at.text_area)
    if key:
        for match in (lambda k: k == key, lambda k: key in k):
            found = [t for t in areas if match(t.key or "")]
            if found:
                return found[0]
    found = [t for t in areas if label and t.label == label]
    if len(found) > nth:
        return found[nth]
    raise LookupError(f"no text area with key {key!r} or label {label!r}")


def _one_reference(at) -> None:
    """On the Inspect page: remove references 2, 3, ... (cheap reruns on the opening sample)."""
    for _ in range(20):
        if not any(t.label == "Reference 2" for t in at.text_area):
            return
        button = next((b for b in at.button if b.label == "Remove reference 2"), None)
        if button is None:
            raise LookupError("several references and no 'Remove reference 2' button")
        button.click().run()
        _check(at, "removing a reference")
    raise RuntimeError("could not get down to one reference")


def _paste_inspect(at, cand: str, ref: str) -> list[str]:
    """Type the pair into the Inspect page's boxes (no rerun). The plain session keys that hold the
    same texts (the copies the other pages read) get the new texts too; returns their names."""
    c_box = _text_area(at, label="Candidate (one sentence per line)")
    r_box = _text_area(at, label="Reference 1")
    old = {c_box.value: cand, r_box.value: ref}
    widget_keys = {t.key for t in at.text_area}
    c_box.set_value(cand)
    r_box.set_value(ref)
    seeded = []
    for k, v in list(at.session_state.items()):
        if k not in widget_keys and isinstance(v, str) and v in old:
            at.session_state[k] = old[v]
            seeded.append(k)
    return seeded


def _check(at, step: str) -> None:
    if at.exception:
        p = at.exception[0].proto
        raise RuntimeError(f"{step}: the page raised {p.type}: {p.message}"[:300])


def worker_main(spec_path: str) -> None:
    spec = json.loads(Path(spec_path).read_text(encoding="utf-8"))
    limit = int(spec["mem_gb"] * GIB)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    root = spec["root"]
    os.chdir(root)
    t_start = time.perf_counter()
    from streamlit.testing.v1 import AppTest

    cand, ref = spec["candidate"], spec["reference"]
    page, extra = spec["page"], spec["extra"]
    setup_timeout = spec["setup_timeout"]
    at = AppTest.from_file(str(Path(root) / "app.py"), default_timeout=setup_timeout)
    at.run()
    _check(at, "the app's first run")

    # Move to the page (cheap runs on its own examples), then put the heavy input in place.
    seeded: list[str] = []
    if page == "inspect":
        _one_reference(at)

        def paste() -> None:
            _paste_inspect(at, cand, ref)
    elif page in ("differences", "tokenizer"):
        # These pages read the Inspect page's inputs: type them there (the Inspect page does not run
        # on them), then open the page.
        _one_reference(at)
        seeded = _paste_inspect(at, cand, ref)
        if not seeded:
            raise LookupError("found no session key holding the Inspect inputs")
        at.switch_page(f"app_pages/{page}.py")

        def paste() -> None:
            pass
    elif page == "learn":
        sec = extra["section"]
        at.switch_page("app_pages/learn.py").run()
        _check(at, "opening the Learn page")
        at.button_group(key="learn_section").set_value(sec).run()
        _check(at, f"choosing section {sec}")

        def paste() -> None:
            _text_area(at, f"learn_{sec}_ref", label="Reference (one sentence per line)").set_value(ref)
            _text_area(at, f"learn_{sec}_cand", label="Candidate (one sentence per line)").set_value(cand)
    elif page == "mistakes":
        from rouge_core.teach.mistakes import MISTAKES

        mids = list(MISTAKES)
        mid = next((k for k, m in MISTAKES.items() if extra["tab"] in m.tab), mids[0])
        at.switch_page("app_pages/mistakes.py").run()
        _check(at, "opening the Common mistakes page")

        def paste() -> None:
            # by key, else the boxes of the mistake's tab (every tab is drawn, in MISTAKES' order)
            _text_area(at, f"mis_{mid}_cand", label="Candidate (one sentence per line)", nth=mids.index(mid)).set_value(
                cand
            )
            _text_area(at, f"mis_{mid}_ref", label="Reference (one sentence per line)", nth=mids.index(mid)).set_value(
                ref
            )
    else:
        raise ValueError(page)
    paste()
    setup_s = time.perf_counter() - t_start
    rss_before = _settle()
    import rouge_core

    _emit(
        {
            "event": "start",
            "rss_before": rss_before,
            "setup_s": setup_s,
            "rouge_core": rouge_core.__file__,
            "seeded": seeded,
        }
    )

    t0, c0 = time.perf_counter(), time.process_time()
    raised = None
    try:
        at.run(timeout=spec["run_timeout"])
    except BaseException as exc:  # noqa: BLE001 - MemoryError, AppTest's own timeout, anything
        raised = f"{type(exc).__name__}: {exc}"[:200]
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    result: dict[str, Any] = {
        "event": "done",
        "wall_s": wall,
        "cpu_s": cpu,
        "raised": raised,
        "rss_before": rss_before,
        "peak_rss": peak,
    }
    try:
        result.update(_messages(at))
    except BaseException as exc:  # noqa: BLE001
        result["raised"] = (raised or "") + f" (reading the page: {type(exc).__name__}: {exc})"[:200]
    result["rss_after"] = _settle()
    _emit({**result, "event": "measured"})  # in case the walk below runs out of time or memory
    result["cached_bytes"], result["cached_objects"], result["cached_complete"] = _cached_bytes()
    _emit(result)


# -- the parent: one subprocess per case, with caps ---------------------------------------------------


def _proc_status(pid: int) -> dict[str, int]:
    out = {}
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith(("VmRSS:", "VmHWM:")):
                    out[line.split(":")[0]] = int(line.split()[1]) * 1024
    except OSError:
        pass
    return out


def _read_events(proc: subprocess.Popen, events: list[dict]) -> None:
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith(MARK):
            ev = json.loads(line[len(MARK) :])
            ev["_t"] = time.perf_counter()
            events.append(ev)


def _watch(
    proc: subprocess.Popen, events: list[dict], res: dict, cap: float, rss_cap_gb: float | None, setup_timeout: float
) -> tuple[str | None, int, int | None, Any]:
    """Wait for the worker; kill its process group past a deadline of its current phase, or the RSS cap.

    Returns (why it was killed or None, peak RSS seen, wait status, rusage).
    """
    t_spawn = time.perf_counter()
    killed, hwm = None, 0
    while True:
        pid, status, ru = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            proc.returncode = os.waitstatus_to_exitcode(status)
            return killed, hwm, status, ru
        s = _proc_status(proc.pid)
        hwm = max(hwm, s.get("VmHWM", 0))
        now = time.perf_counter()
        phase = {e["event"]: e["_t"] for e in events}
        why = None
        if "start" not in phase and now - t_spawn > setup_timeout + 60:
            why = "setup timeout"
        elif "start" in phase and "measured" not in phase and now - phase["start"] > cap:
            why = "timeout"
        elif "measured" in phase and now - phase["measured"] > 120:
            why = "cache walk killed"
        elif rss_cap_gb and s.get("VmRSS", 0) > rss_cap_gb * GIB and "measured" not in phase:
            why = "memory cap"
        if why and not killed:
            killed = why
            res["killed_after_s"] = now - phase["start"] if "start" in phase else None
            os.killpg(proc.pid, signal.SIGKILL)
        time.sleep(0.2)


def run_case(case: Case, root: Path, cap_s: float, mem_gb: float, setup_timeout: float) -> dict:
    cand, ref = case.make()
    cap = case.cap_s or cap_s
    res: dict[str, Any] = {
        "case": case.name,
        "input": case.what,
        "cand_chars": len(cand),
        "ref_chars": len(ref),
        "cand_words": len(cand.split()),
        "ref_words": len(ref.split()),
        "cap_s": cap,
        "rss_cap_gb": case.rss_cap_gb,
    }
    with tempfile.TemporaryDirectory(prefix="bench_pages_") as tmp:
        spec = Path(tmp) / "spec.json"
        spec.write_text(
            json.dumps(
                {
                    "root": str(root),
                    "page": case.page,
                    "extra": case.extra,
                    "candidate": cand,
                    "reference": ref,
                    "mem_gb": mem_gb,
                    "setup_timeout": setup_timeout,
                    "run_timeout": cap + 60,
                }
            ),
            encoding="utf-8",
        )
        env = dict(os.environ, PYTHONPATH=str(root), STREAMLIT_BROWSER_GATHER_USAGE_STATS="false", PYTHONHASHSEED="0")
        with open(Path(tmp) / "stderr.txt", "w+", encoding="utf-8", errors="replace") as errf:
            proc = subprocess.Popen(
                [sys.executable, "-c", BOOT, str(root), str(HERE), str(spec)],
                cwd=root,
                env=env,
                stdout=subprocess.PIPE,
                stderr=errf,
                text=True,
                start_new_session=True,
            )
            events: list[dict] = []
            reader = threading.Thread(target=_read_events, args=(proc, events), daemon=True)
            reader.start()
            killed, hwm, status, ru = _watch(proc, events, res, cap, case.rss_cap_gb, setup_timeout)
            reader.join(10)
            errf.seek(0)
            stderr = errf.read()
    res["subprocess_cpu_s"] = ru.ru_utime + ru.ru_stime if ru else None
    res["subprocess_peak_rss"] = max(hwm, ru.ru_maxrss * 1024 if ru else 0)
    start = next((e for e in events if e["event"] == "start"), None)
    done = next((e for e in events if e["event"] == "done"), None)
    done = done or next((e for e in events if e["event"] == "measured"), None)
    if start:
        res.update({k: start[k] for k in ("rss_before", "setup_s", "rouge_core", "seeded")})
        if not Path(start["rouge_core"]).resolve().is_relative_to(root):
            res["raised"] = f"measured the wrong tree: rouge_core from {start['rouge_core']}"
    if done:
        res.update({k: v for k, v in done.items() if not k.startswith("_") and k != "event" and v is not None})
        raised = res.get("raised") or ""
        texts = " ".join(done.get("exception", [])) + " " + raised
        res["outcome"] = (
            "MemoryError"
            if "MemoryError" in texts
            else "AppTest timeout"
            if "timed out" in raised
            else "exception"
            if done.get("exception") or raised
            else "ok"
        )
        if killed or (status is not None and os.WIFSIGNALED(status)):
            res["outcome"] += " (then killed while measuring the caches)"
    elif killed:
        res["outcome"], res["wall_s"] = killed, res.get("killed_after_s")
    else:
        tail = stderr.strip().splitlines()[-3:]
        if status is not None and os.WIFSIGNALED(status):
            res["outcome"] = f"killed by signal {os.WTERMSIG(status)}"  # the kernel's OOM killer, say
        elif "MemoryError" in stderr or "Cannot allocate memory" in stderr:
            res["outcome"] = "MemoryError"
        else:
            res["outcome"] = f"crashed (exit {proc.returncode})"
        res["raised"] = " | ".join(tail)[-200:]
    return res


# -- the table ---------------------------------------------------------------------------------------


def _mib(v: float | None) -> str:
    return "" if v is None else f"{v / MIB:,.0f}"


def _secs(r: dict) -> str:
    w = r.get("wall_s")
    if r["outcome"] in ("timeout", "memory cap"):
        return f"> {w:.0f} (killed)" if w is not None else "killed"
    return "" if w is None else f"{w:.2f}"


def _said(r: dict) -> str:
    parts = []
    if r.get("raised"):
        parts.append(f"raised {r['raised']}")
    for kind in ("exception", "error", "warning", "info"):
        for m in r.get(kind, []):
            parts.append(f"{kind}: {m}")
    text = re.sub(r"\\(.)", r"\1", " · ".join(parts) or "—")  # markdown escapes, as a person reads it
    return text.replace("|", "\\|").replace("\n", " ")


def table(results: list[dict]) -> str:
    head = (
        "| case | input (cand / ref chars; words) | outcome | wall s | CPU s | RSS before MiB | peak RSS MiB "
        "| RSS after MiB | held by the caches MiB | messages (first 200 chars each) |"
    )
    rows = [head, "|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        cpu = r.get("cpu_s")
        cpu_s = (
            f"{cpu:.2f}"
            if cpu is not None
            else (f"({r['subprocess_cpu_s']:.0f} whole process)" if r.get("subprocess_cpu_s") else "")
        )
        held = r.get("cached_bytes")
        held_s = "" if held is None else _mib(held) + ("" if r.get("cached_complete") else " (at least)")
        rows.append(
            f"| {r['case']} | {r['input']} ({r['cand_chars']:,} / {r['ref_chars']:,}; "
            f"{r['cand_words']:,} / {r['ref_words']:,}) | {r['outcome']} | {_secs(r)} | {cpu_s} "
            f"| {_mib(r.get('rss_before'))} | {_mib(r.get('peak_rss') or r.get('subprocess_peak_rss'))} "
            f"| {_mib(r.get('rss_after'))} | {held_s} | {_said(r)} |"
        )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=DEFAULT_ROOT, help="the tree to measure (default: this repo)")
    ap.add_argument("--quick", action="store_true", help="small inputs: a smoke test of the script")
    ap.add_argument("--cap", type=float, default=180, help="seconds allowed for the measured run (default 180)")
    ap.add_argument("--mem-gb", type=float, default=8, help="RLIMIT_AS of each subprocess, GiB (default 8)")
    ap.add_argument("--setup-timeout", type=float, default=120, help="seconds allowed for the cheap runs before")
    ap.add_argument("--no-learn-50k", action="store_true", help="skip Learn with 50,000 words a side")
    ap.add_argument("--only", nargs="*", help="run only the cases whose name contains one of these")
    ap.add_argument("--json", type=Path, help="also write the raw results here")
    args = ap.parse_args(argv)
    root = args.root.resolve()
    if not (root / "app.py").exists():
        ap.error(f"{root} has no app.py")
    results = []
    for case in cases(args.quick, not args.no_learn_50k):
        if args.only and not any(o in case.name for o in args.only):
            continue
        print(f"{case.name} ...", file=sys.stderr, flush=True)
        r = run_case(case, root, args.cap, args.mem_gb, args.setup_timeout)
        print(f"  {r['outcome']}, {_secs(r)} s", file=sys.stderr, flush=True)
        results.append(r)
    print(
        f"Root: {root}. Cap {args.cap:.0f} s per run (Learn 50,000: 120 s or 6 GB of RSS), "
        f"RLIMIT_AS {args.mem_gb:g} GiB.\n"
    )
    print(table(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
