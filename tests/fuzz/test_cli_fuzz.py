"""Bounded fuzzing of ``python -m rouge_core`` (the ROUGE-1.5.5.pl drop-in).

The contract checked on every input (:func:`check`):

* the exit code is 0, 1 (a worker that died; a broken pipe, never provoked here), 2 (bad input)
  or 130 (Ctrl-C);
* stderr never holds a Python traceback;
* on exit 1 or 2, stdout is empty and stderr ends with exactly one ``rouge_core: error:`` line
  (warnings may come before it); on exit 130 stdout is empty and stderr is the one line
  ``rouge_core: interrupted``;
* on exit 0 with ``--json``, stdout is strict JSON (``NaN``/``Infinity`` refused), every
  number in it is finite and every R, P, F (averages, bounds, per-evaluation) lies in [0, 1];
* on exit 0 without ``--json``, every printed line is a ROUGE-1.5.5 line and every printed
  score lies in [0, 1] (raw counts: finite and >= 0);
* one exception, ROUGE-1.5.5's own: with ``-r 1`` and a confidence below 100 the script's
  interval bounds read past its one-element array (bounds like 1.5); ``rouge155`` prints
  the same, so there the bounds are only checked to be finite.

Most inputs run in-process through :func:`rouge_core.cli.run.main`; a few run as
``python -m rouge_core`` subprocesses. The whole file runs in well under a minute.

Inputs tried per category in one run of this file (``pytest -s`` prints this table at the end):
option values 253, unknown flags 21, config files 23, -z lists 20, summary files 33, XML configs 59,
long IDs 4, listing order 150, tiny alpha 20, subprocess 8, random argv 150, random summaries 100,
random XML 100, huge integers 81 (every integer option of both command lines), -o 5, ctrl-c 6
(``python -m rouge_core`` interrupted at six moments): 1,033 in all (about 25 s).
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import re
import subprocess
import sys
import time
from collections import Counter
from functools import cmp_to_key
from pathlib import Path
from typing import Any, Optional

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rouge_core.cli import run as cli
from rouge_core.cli.report import listing_order
from rouge_core.cli.run import build_config, main, parse_args
from rouge_core.io.perl_inputs import MAX_CONFIG_BYTES, MAX_SUMMARY_BYTES

ROOT = Path(__file__).resolve().parents[2]
ERROR = "rouge_core: error:"
INTERRUPTED = "rouge_core: interrupted\n"
HUGE = "99999999999999999999999"
BIG = "7" * 5000  # above int()'s 4,300-digit conversion limit
TRIED: Counter = Counter()

SEP_LINE = re.compile(r"^(-{45}|\.{45})$")
AVERAGE_LINE = re.compile(r"^.+ Average_[RPF]: (\S+) \(.*%-conf\.int\. (\S+) - (\S+)\)$")
EVAL_LINE = re.compile(r"^.+ Eval .+ R:(\S+) P:(\S+) F:(\S+)$")
COUNT_LINE = re.compile(r"^.+ M_count: (-?\d+) P_count: (-?\d+) H_count: (-?\d+)$")


# -- running and checking ----------------------------------------------------------------------


def call(args: list[str]) -> tuple[int, str, str]:
    """``main(args)`` in-process, stdout and stderr captured (usable inside hypothesis too)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def _reject_constant(name: str) -> Any:
    raise AssertionError(f"non-standard JSON constant {name} in --json output")


def _unit(x: Any, where: str) -> None:
    assert x is None or (isinstance(x, (int, float)) and math.isfinite(x) and 0 <= x <= 1), (where, x)


def _walk_numbers(node: Any, where: str = "$") -> None:
    if isinstance(node, dict):
        for k, v in node.items():
            _walk_numbers(v, f"{where}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            _walk_numbers(v, f"{where}[{i}]")
    elif isinstance(node, (int, float)) and not isinstance(node, bool):
        assert math.isfinite(node), (where, node)


def check_json(out: str, any_bounds: bool = False) -> None:
    """Strict, finite JSON with R, P, F in [0, 1] (``any_bounds``: interval bounds only finite, see below)."""
    doc = json.loads(out, parse_constant=_reject_constant)
    _walk_numbers(doc)
    assert set(doc) - {"inputs"} == {"signature", "perl_flags", "peers"}  # inputs: a corpus run's files
    for peer in doc["peers"]:
        for m in peer["measures"]:
            for k in "RPF":
                for x in ("average",) if any_bounds else ("average", "ci_low", "ci_high"):
                    _unit(m[k][x], f"{m['measure']} {k} {x}")
            for counts in [m["totals"]] + [e["counts"] for e in m["evals"]]:
                assert counts is None or all(v >= 0 for v in counts.values()), counts
            for e in m["evals"]:
                for k in "RPF":
                    _unit(e[k], f"{m['measure']} {e['id']} {k}")


def check_text(out: str, averaging: int, any_bounds: bool = False) -> None:
    """Only ROUGE-1.5.5 lines; scores in [0, 1] (``any_bounds``: interval bounds only finite), counts >= 0."""
    for line in out.splitlines():
        if SEP_LINE.match(line):
            continue
        m = AVERAGE_LINE.match(line) or EVAL_LINE.match(line) or COUNT_LINE.match(line)
        assert m, f"unexpected output line {line[:200]!r}"
        values = [float(v) for v in m.groups()]
        assert all(math.isfinite(v) for v in values), line[:200]
        if m.re is COUNT_LINE or (m.re is EVAL_LINE and averaging):
            assert all(v >= 0 for v in values), line[:200]  # raw counts
        elif m.re is AVERAGE_LINE and any_bounds:
            assert 0 <= values[0] <= 1, line[:200]
        else:
            assert all(0 <= v <= 1 for v in values), line[:200]


def check(args: list[str], code: int, out: str, err: str, category: str, strict_lines: bool = True) -> None:
    """The CLI contract (see the module docstring) for one run."""
    TRIED[category] += 1
    shown = f"args={[a[:60] for a in args]!r} err={err[-500:]!r}"
    assert code in (0, 1, 2, 130), shown
    assert "Traceback" not in err, shown
    if code == 130:
        assert out == "" and err == INTERRUPTED, shown
        return
    if code in (1, 2):
        lines = err.splitlines()
        assert out == "", shown
        assert lines and lines[-1].startswith(ERROR), shown
        assert sum(line.startswith(ERROR) for line in lines) == 1, shown
        return
    assert ERROR not in err, shown
    if out.startswith("usage:"):
        return
    opts, _ = parse_args(args)
    config = build_config(opts)
    target = opts.get("--output", opts.get("-o"))
    if target is not None:  # -o FILE: the output is the file's, stdout stays empty
        assert out == "", shown
        out = Path(target).read_text(encoding="utf-8")
    # ROUGE-1.5.5 with one resample (-r 1) and CF < 100 interpolates towards the element past
    # the end of its one-element array (undef = 0): bounds like 1.5 or -0.5, reproduced exactly.
    any_bounds = config.profile == "rouge155" and config.bootstrap_samples == 1
    if "--json" in opts:
        check_json(out, any_bounds)
    elif strict_lines:
        check_text(out, config.averaging, any_bounds)


def run_checked(
    args: list[str],
    category: str,
    expect: Optional[int] = None,
    message: Optional[str] = None,
    strict_lines: bool = True,
) -> tuple[int, str, str]:
    code, out, err = call(args)
    check(args, code, out, err, category, strict_lines)
    if expect is not None:
        assert code == expect, (args[:8], err[-300:])
    if message is not None:
        assert message in err, (args[:8], err[-300:])
    return code, out, err


def run_module(args: list, timeout: float = 120) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run(
        [sys.executable, "-m", "rouge_core", *args],
        capture_output=True,
        timeout=timeout,
        cwd=str(ROOT),
        env=env,
        check=False,
    )


# -- fixtures ------------------------------------------------------------------------------------

SUMMARIES = {
    "p1.txt": "Police killed the gunman.\nThe dog ran away!\n",
    "m1.txt": "police kill the gunman\nthe dog survived\n",
    "m1b.txt": "The gunman was killed by police.\n",
    "p2.txt": "a cat sat on the mat\n",
    "m2.txt": "the cat sat on a mat\nand purred\n",
    "empty.txt": "",
    "punct.txt": "!!! ??? ...\n",
}


def eval_xml(eval_id: str, root: Path, peers: dict[str, str], models: list[str], fmt: str = "SPL") -> str:
    p = "".join(f'<P ID="{k}">{v}</P>' for k, v in peers.items())
    m = "".join(f'<M ID="{i}">{v}</M>' for i, v in enumerate(models, start=1))
    return (
        f'<EVAL ID="{eval_id}"><PEER-ROOT>{root}</PEER-ROOT><MODEL-ROOT>{root}</MODEL-ROOT>'
        f'<INPUT-FORMAT TYPE="{fmt}"/><PEERS>{p}</PEERS><MODELS>{m}</MODELS></EVAL>'
    )


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> dict[str, Any]:
    root = tmp_path_factory.mktemp("fuzz_corpus")
    for name, text in SUMMARIES.items():
        (root / name).write_text(text, encoding="utf-8")
    f = {name: str(root / name) for name in SUMMARIES}
    lst = root / "list.txt"
    lst.write_text(
        f"# peer model1 ...\n{f['p1.txt']} {f['m1.txt']} {f['m1b.txt']}\n"
        f"{f['p2.txt']}\t{f['m2.txt']}\n{f['empty.txt']} {f['punct.txt']}\n"
    )
    xml = root / "conf.xml"
    xml.write_text(
        "<ROUGE-EVAL>"
        + eval_xml("10", root, {"A": "p1.txt", "B": "p2.txt"}, ["m1.txt", "m1b.txt"])
        + eval_xml("2", root, {"A": "p2.txt"}, ["m2.txt"])
        + eval_xml("d1", root, {"A": "empty.txt", "B": "punct.txt"}, ["m2.txt", "empty.txt"])
        + "</ROUGE-EVAL>\n"
    )
    return {"root": root, "files": f, "list": str(lst), "xml": str(xml)}


@pytest.fixture(autouse=True, scope="module")
def _report_counts():
    yield
    print(
        "\ninputs tried per category: "
        + ", ".join(f"{k} {v}" for k, v in TRIED.items())
        + f" ({sum(TRIED.values())} in all)"
    )


# -- 1. option values ------------------------------------------------------------------------------

W_RANGE = "wlcs_weight"  # config.py's message: "invalid wlcs_weight=...: allowed values are a number from 1 to 5 ..."
PERL_W = "ROUGE-W weight factor must greater than 0."

OPTION_CASES: list[tuple[list[str], Optional[int], Optional[str]]] = [
    # -n
    (["-n", "0"], 0, None),
    (["-n", "-2"], 0, None),
    (["-n", "9"], 0, None),
    (["-n", "1e0"], 0, None),
    (["-n", "10"], 2, "max_n"),
    (["-n", "two"], 2, "invalid value for -n"),
    (["-n", "1.5"], 2, "whole number"),
    (["-n", "nan"], 2, "-n"),
    (["-n", BIG], 2, "too large"),
    (["-n", ""], 2, "-n"),
    (["-n", "1e300"], 2, "max_n"),
    # -w: Perl's message for w <= 0, the config's range [1, 5] for the rest
    (["-w", "0"], 2, PERL_W),
    (["-w", "-2"], 2, PERL_W),
    (["-w", "-inf"], 2, PERL_W),
    (["-w", "0.5"], 2, W_RANGE),
    (["-w", "400"], 2, W_RANGE),
    (["-w", "1e308"], 2, W_RANGE),
    (["-w", "inf"], 2, W_RANGE),
    (["-w", "nan"], 2, W_RANGE),
    (["-w", "5.000001"], 2, W_RANGE),
    (["-w", "0.999"], 2, W_RANGE),
    (["-w", "x"], 2, "invalid value for -w"),
    (["-w", BIG], 2, W_RANGE),
    (["-w", "1"], 0, None),
    (["-w", "1.2"], 0, None),
    (["-w", "5"], 0, None),
    (["-w", "1.20"], 0, None),
    # -l / -b
    (["-l", "0"], 0, None),
    (["-l", "3"], 0, None),
    (["-l", "1e1"], 0, None),
    (["-l", "-1"], 2, "word_limit"),
    (["-l", "2.5"], 2, "whole number"),
    (["-l", BIG], 2, "too large"),
    (["-l", "1e300"], 2, "word_limit"),
    (["-b", "0"], 0, None),
    (["-b", "7"], 0, None),
    (["-b", "1"], 0, None),
    (["-b", "-7"], 2, "byte_limit"),
    (["-b", "x"], 2, "invalid value for -b"),
    (["-l", "3", "-b", "3"], 2, "not both"),
    # -r: Perl's number syntax, then the config's cap (no allocation)
    (["-r", "1e8"], 2, "100,000"),
    (["-r", "100000000"], 2, "100,000"),
    (["-r", "1e9"], 2, "100,000"),
    (["-r", "100001"], 2, "100,000"),
    (["-r", "1e300"], 2, "100,000"),
    (["-r", "0"], 2, "bootstrap_samples"),
    (["-r", "-1"], 2, "bootstrap_samples"),
    (["-r", "2.5"], 2, "whole number"),
    (["-r", BIG], 2, "too large"),
    (["-r", "inf"], 2, "invalid value for -r"),
    (["-r", "nan"], 2, "invalid value for -r"),
    (["-r", "1e2"], 0, None),
    (["-r", "1"], 0, None),
    (["-r", "20.0"], 0, None),
    # -p
    (["-p", "1e-320"], 0, None),
    (["-p", "5e-324"], 0, None),
    (["-p", "0"], 0, None),
    (["-p", "1"], 0, None),
    (["-p", "1e-300"], 0, None),
    (["-p", "0.9999999999999999"], 0, None),
    (["-p", "2"], 2, "between 0 and 1"),
    (["-p", "nan"], 2, "between 0 and 1"),
    (["-p", "-0.1"], 2, "between"),
    (["-p", "inf"], 2, "between"),
    (["-p", "x"], 2, "invalid value for -p"),
    (["-p", BIG], 2, "between"),
    # -c
    (["-c", "nan"], 2, "Confidence"),
    (["-c", "101"], 2, "Confidence"),
    (["-c", "-1"], 2, "Confidence"),
    (["-c", "x"], 2, "invalid value for -c"),
    (["-c", "0"], 0, None),
    (["-c", "100"], 0, None),
    (["-c", "1e-320"], 0, None),
    (["-c", "99.9999"], 0, None),
    (["-c", "90"], 0, None),
    # -t: Perl reads the number at the start; anything but 1 or 2 is 0
    *[(["-t", v], 0, None) for v in ("0", "1", "2", "3", "x", "-1", "1e0", "2.0", "nan", BIG, "", "2abc")],
    # -2
    (["-2", "0"], 0, None),
    (["-2", "-1"], 0, None),
    (["-2", "-7"], 0, None),
    (["-2", "4"], 0, None),
    (["-2", "1e1"], 0, None),
    (["-2", "1e16"], 2, "skip_distance"),
    (["-2", "2.5"], 2, "whole number"),
    (["-2", BIG], 2, "too large"),
    (["-2", "x"], 2, "invalid value for -2"),
    # -f, -e, -v, -u/-U without -2
    *[(["-f", v], 0, None) for v in ("A", "B", "C", "", "b")],
    (["-e", "/nonexistent"], 2, "Cannot open /nonexistent/smart_common_words.txt"),  # ROUGE-1.5.5.pl's message
    (["-v"], 0, None),
    (["-u"], 0, None),
    (["-U", "-2", "3"], 0, None),
    # long options
    (["--profile", "paper"], 0, None),
    (["--profile", "rouge-score"], 0, None),
    (["--profile=paper"], 0, None),
    (["--profile", "x"], 2, "profile"),
    (["--tokenizer", "unicode"], 0, None),
    (["--tokenizer", "rouge-score"], 0, None),
    (["--tokenizer", ""], 2, "tokenizer"),
    (["--no-stem-exceptions", "-m"], 0, None),
    (["-m", "-s"], 0, None),
    # refused options
    (["-M"], 2, "not supported"),
    (["-3", "H"], 2, "not supported"),
]


@pytest.mark.parametrize("mode", ["text", "json"])
@pytest.mark.parametrize("opts,code,message", OPTION_CASES, ids=[" ".join(a)[:40] for a, _, _ in OPTION_CASES])
def test_option_values(opts, code, message, mode, corpus):
    args = opts + ["-d", "-z", "SPL", corpus["list"]] + (["--json"] if mode == "json" else [])
    run_checked(args, "option values", code, message)


def test_r_1e8_hits_the_cap_not_int(corpus):
    """Bug 2: Perl reads ``-r 1e8`` as 100,000,000; the run must stop at the cap, quickly."""
    for value in ("1e8", "100000000", "1e9", "1E8", " 1e8"):
        _, _, err = run_checked(["-r", value, "-z", "SPL", corpus["list"]], "option values", 2)
        assert "bootstrap_samples" in err and "100,000" in err, err
    assert build_config({"-r": "1e3"}).bootstrap_samples == 1000


def test_w_range_messages(corpus):
    for value in ("0.5", "400", "inf", "nan", "1e308"):
        _, _, err = run_checked(["-w", value, "-z", "SPL", corpus["list"]], "option values", 2)
        assert "wlcs_weight" in err and "1" in err and "5" in err, err
    _, out, _ = run_checked(["-w", " 1.5 ", "-x", "-z", "SPL", corpus["list"]], "option values", 0)
    assert "X ROUGE-W-1.5 Average_R" in out  # label from the typed text, spaces dropped


@pytest.mark.parametrize("kind", ["", "XYZ", "SIMPLE", "\n", "S" * 5000, "SPL\x00"])
def test_bad_z_kinds(kind, corpus):
    _, _, err = run_checked(["-z", kind, corpus["list"]], "option values", 2, "Unknown input format")
    assert len(err) < 1000


@pytest.mark.parametrize("kind", ["SPL", "spl", "SEE", "ISI"])
def test_z_kinds_read_any_file(kind, corpus):
    run_checked(["-d", "-z", kind, corpus["list"]], "option values", 0)


# -- 2. unknown flags and command-line shape ----------------------------------------------------


@pytest.mark.parametrize(
    "args,message",
    [
        (["-q", "x.xml"], "unknown option -q"),
        (["-Z", "x.xml"], "unknown option -Z"),
        (["--frob", "x.xml"], "unknown option --frob"),
        (["--json=1", "x.xml"], "unknown option --json=1"),
        (["--no-stem-exceptions=x"], "unknown option"),
        (["-n"], "needs a value"),
        (["--profile"], "needs a value"),
        (["-adn"], "needs a value"),
        (["-ad"], "configuration file"),
        ([], "configuration file"),
        (["-"], "Cannot open -"),
        (["--"], "configuration file"),
        (["--", "-a"], "Cannot open -a"),
        (["a", "b", "c"], "too many arguments"),
        (["-\u00f1"], "unknown option"),
        (["-\udcff"], "unknown option"),
        (["-a", "x\x00y"], "NUL"),
        (["-a", "/nonexistent/x.xml"], "Cannot open"),
        (["-a", "a" * 5000], "Cannot open"),
        (["-a", "bad\nname"], "Cannot open"),
        (["-x", "--help=1"], "unknown option"),
    ],
)
def test_unknown_flags_and_shapes(args, message):
    _, _, err = run_checked(args, "unknown flags", 2, message)
    assert len(err) < 2500


# -- 3. config files (XML and -z lists) that are not ordinary files --------------------------------


def _special(kind: str, tmp_path: Path) -> str:
    if kind == "missing":
        return str(tmp_path / "missing")
    if kind == "directory":
        return str(tmp_path)
    if kind == "fifo":
        path = tmp_path / "fifo"
        os.mkfifo(path)
        return str(path)
    if kind == "over the limit":  # sparse: takes no disk space
        path = tmp_path / "sparse"
        with open(path, "wb") as fh:
            fh.truncate(max(MAX_CONFIG_BYTES, MAX_SUMMARY_BYTES) + 1)
        return str(path)
    return kind  # /dev/zero, /dev/null, /dev/urandom


SPECIAL = {
    "missing": "Cannot open",
    "directory": "is not a regular file",
    "fifo": "is not a regular file",
    "/dev/zero": "is not a regular file",
    "/dev/null": "is not a regular file",
    "/dev/urandom": "is not a regular file",
    "over the limit": "MB)",
}
needs_posix = pytest.mark.skipif(
    not hasattr(os, "mkfifo") or not os.path.exists("/dev/zero"), reason="POSIX devices and FIFOs"
)


@needs_posix
@pytest.mark.parametrize("kind", list(SPECIAL))
@pytest.mark.parametrize("how", ["xml", "z"])
def test_config_file_kinds(kind, how, tmp_path):
    """Bug 3: /dev/zero, a FIFO, a directory as the config: refused before any read."""
    path = _special(kind, tmp_path)
    args = ["-a", path] if how == "xml" else ["-z", "SPL", path]
    _, _, err = run_checked(args, "config files", 2, SPECIAL[kind])
    if kind == "over the limit":
        assert f"{MAX_CONFIG_BYTES:,} bytes" in err and path in err


@pytest.mark.parametrize(
    "content,how,code,message",
    [
        (b"", "xml", 2, "bad XML"),
        (b"", "z", 0, None),
        (b"# only a comment\n\n  \n", "z", 0, None),
        (bytes(range(256)) * 4, "xml", 2, "bad XML"),
        (bytes(range(256)) * 4, "z", 2, None),
        (b"\xff\xfe\xfa<ROUGE-EVAL/>", "xml", 2, "bad XML"),
        (b"\x00" * 100, "z", 2, "at least 2 filenames"),
        (b"<ROUGE-EVAL/>", "xml", 0, None),
        (b"<ROUGE-EVAL>" + b"<x>" * 5000 + b"</x>" * 5000 + b"</ROUGE-EVAL>", "xml", 0, None),
    ],
    ids=[
        "empty xml",
        "empty list",
        "comments only",
        "binary xml",
        "binary list",
        "invalid utf-8 xml",
        "nul list",
        "root only",
        "nested 5000",
    ],
)
def test_config_file_contents(content, how, code, message, tmp_path):
    path = tmp_path / "config"
    path.write_bytes(content)
    run_checked(
        ["-a", "-d", str(path)] if how == "xml" else ["-d", "-z", "SPL", str(path)], "config files", code, message
    )


# -- 4. -z lists -------------------------------------------------------------------------------------


def test_z_list_lines(corpus, tmp_path):
    f = corpus["files"]
    cases = [
        (f"{f['p1.txt']}\n", 2, "at least 2 filenames"),  # one filename per line
        (f"{f['p1.txt']} {f['m1.txt']}\n{f['p2.txt']}\n", 2, "at least 2 filenames"),
        (f"{f['p1.txt']} {tmp_path}/missing\n", 2, "Cannot find model summary"),
        (f"{tmp_path}/missing {f['m1.txt']}\n", 2, "Cannot open"),
        (f"{f['p1.txt']} {tmp_path}\n", 2, "is not a regular file"),
        (f"{tmp_path} {f['m1.txt']}\n", 2, "is not a regular file"),
        (f"{f['p1.txt']} {f['m1.txt']}\r\n\r\n", 0, None),  # \r is white space, as in Perl's split
        (f"  {f['p1.txt']}\t\t{f['m1.txt']}   {f['m1b.txt']}  \n#x y\n\n", 0, None),
        (f"{f['p1.txt']} {f['m1.txt']}\n" * 50, 0, None),
        (f"{f['p1.txt']}\x00 {f['m1.txt']}\n", 2, "NUL"),
        (f"{f['p1.txt']} {f['m1.txt']}\x00\n", 2, "Cannot find model summary"),
        (f"{f['p1.txt']} {f['m1.txt']}\x0b{f['m2.txt']}\n", 0, None),
    ]
    if os.path.exists("/dev/zero"):
        cases += [
            (f"/dev/zero {f['m1.txt']}\n", 2, "is not a regular file"),
            (f"{f['p1.txt']} /dev/zero\n", 2, "is not a regular file"),
            (f"{f['p1.txt']} /dev/null\n", 2, "is not a regular file"),
        ]
    for text, code, message in cases:
        path = tmp_path / "list.txt"
        path.write_text(text, encoding="utf-8")
        _, _, err = run_checked(["-d", "-z", "SPL", str(path)], "-z lists", code, message)
        assert "\x00" not in err


@needs_posix
def test_z_list_with_fifo_and_sparse_summaries(corpus, tmp_path):
    f = corpus["files"]
    fifo, big = _special("fifo", tmp_path), _special("over the limit", tmp_path)
    for text, message in [
        (f"{fifo} {f['m1.txt']}\n", "is not a regular file"),
        (f"{f['p1.txt']} {fifo}\n", "is not a regular file"),
        (f"{big} {f['m1.txt']}\n", f"{MAX_SUMMARY_BYTES:,} bytes"),
        (f"{f['p1.txt']} {big}\n", "the limit for a summary file"),
    ]:
        (tmp_path / "list.txt").write_text(text)
        run_checked(["-z", "SPL", str(tmp_path / "list.txt")], "-z lists", 2, message)


def test_z_list_non_utf8_file_names(tmp_path):
    """A name with bytes that are not UTF-8 opens as those bytes (surrogateescape), as in Perl."""
    if sys.getfilesystemencoding().lower() not in ("utf-8", "utf8"):
        pytest.skip("needs a UTF-8 file system encoding")
    raw = os.fsencode(str(tmp_path)) + b"/p\xff.txt"
    try:
        with open(raw, "wb") as fh:
            fh.write(b"police killed the gunman\n")
    except OSError:
        pytest.skip("the file system refuses the name")
    (tmp_path / "m.txt").write_text("police kill the gunman\n")
    (tmp_path / "list.txt").write_bytes(raw + b" " + os.fsencode(str(tmp_path / "m.txt")) + b"\n")
    _, out, _ = run_checked(["-n", "1", "-z", "SPL", str(tmp_path / "list.txt")], "-z lists", 0)
    assert "X ROUGE-1 Average_R: 0.75000" in out


# -- 5. summary file contents --------------------------------------------------------------------


def _random_words(n: int, seed: int) -> str:
    x, out = seed, []
    for _ in range(n):
        x = (x * 1103515245 + 12345) % 2**31
        out.append(f"w{x % 997}")
    return " ".join(out)


SUMMARY_CONTENTS = {
    "empty": b"",
    "newlines": b"\n\n\n",
    "spaces": b"   \t \n",
    "binary": bytes(range(256)) * 8,
    "nul": b"\x00" * 1000,
    "invalid utf-8": b"caf\xe9 \xff\xfe na\xc3\xafve \xc3\n\xed\xa0\x80 x\n",
    "utf-16": "police killed the gunman\n".encode("utf-16"),
    "bom": b"\xef\xbb\xbfpolice kill\n",
    "cr only": b"police\rkilled\rthe gunman\r",
    "html": b'<a name="1">[1]</a> <a href="#1" id=1>x y</a>\n',
    "isi": b'<S SNTNO="1">police kill</S>\n',
    "one huge token": b"a" * 1_000_000,
    "huge line": _random_words(30_000, 1).encode() + b" police kill the gunman",
    "many lines": b"the gunman\n" * 20_000,
    "non-ascii": "Polizei tötete den Schützen … 警察\n".encode(),
}


@pytest.mark.parametrize("name", list(SUMMARY_CONTENTS))
def test_summary_contents(name, corpus, tmp_path):
    path = tmp_path / "summary.txt"
    path.write_bytes(SUMMARY_CONTENTS[name])
    f = corpus["files"]
    (tmp_path / "list.txt").write_text(f"{path} {f['m1.txt']}\n{f['p1.txt']} {path}\n")
    for fmt, extra in (("SPL", ["-n", "2", "-2", "4", "-U", "-w", "1.2"]), ("SEE", ["-d"])):
        if name in ("huge line", "many lines") and fmt == "SPL":
            extra = ["-n", "2", "-2", "4", "-u"]  # ROUGE-W on 30,000 words is slow, not wrong
        run_checked(extra + ["-d", "-z", fmt, str(tmp_path / "list.txt")], "summary files", 0)


def test_summary_limits_are_module_constants(corpus, tmp_path, monkeypatch):
    """The limits are read at call time (a test or a caller may lower them)."""
    from rouge_core.io import perl_inputs

    monkeypatch.setattr(perl_inputs, "MAX_SUMMARY_BYTES", 10)
    (tmp_path / "list.txt").write_text(f"{corpus['files']['p1.txt']} {corpus['files']['m1.txt']}\n")
    _, _, err = run_checked(
        ["-z", "SPL", str(tmp_path / "list.txt")],
        "summary files",
        2,
        "larger than 10 bytes, the limit for a summary file",
    )
    assert corpus["files"]["p1.txt"] in err
    monkeypatch.setattr(perl_inputs, "MAX_CONFIG_BYTES", 10)
    run_checked(["-z", "SPL", str(tmp_path / "list.txt")], "summary files", 2, "the limit for a file list")
    run_checked(["-a", corpus["xml"]], "summary files", 2, "the limit for a configuration file")


# -- 6. XML configs ------------------------------------------------------------------------------


def _xml_cases(root: Path, secret: Path) -> list[tuple[str, str, list[str], Optional[int], Optional[str]]]:
    ok = eval_xml("1", root, {"A": "p1.txt"}, ["m1.txt"])
    lol = (
        '<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa">'
        + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(9))
        + ']><ROUGE-EVAL><EVAL ID="&j;"/></ROUGE-EVAL>'
    )
    return [
        ("unclosed", '<ROUGE-EVAL><EVAL ID="1"><PEERS>', ["-a"], 2, "bad XML"),
        ("no root", "just text", ["-a"], 2, "bad XML"),
        ("two roots", "<a/><b/>", ["-a"], 2, "bad XML"),
        ("root only", "<ROUGE-EVAL/>", ["-a"], 0, None),
        ("other root", f"<x>{ok}</x>", ["-a", "-d"], 0, None),
        ("eval without ID", "<R><EVAL><PEERS/></EVAL></R>", ["-a"], 2, "no ID attribute"),
        ("lowercase id", '<R><eval id="1"/></R>', ["-a"], 2, "no ID attribute"),
        ("peer without ID", ok.replace('<P ID="A">', "<P>"), ["-a"], 2, "no ID attribute"),
        ("no PEERS", f"<R>{re.sub('<PEERS>.*</PEERS>', '', ok)}</R>", ["-a"], 0, None),
        ("no MODELS", f"<R>{re.sub('<MODELS>.*</MODELS>', '', ok)}</R>", ["-a", "-d", "-t", "1"], 0, None),
        (
            "no INPUT-FORMAT",
            "<R>" + ok.replace('<INPUT-FORMAT TYPE="SPL"/>', "") + "</R>",
            ["-a"],
            2,
            "Unknown input format",
        ),
        ("bad TYPE", f"<R>{ok.replace('SPL', 'DOC')}</R>", ["-a"], 2, "Unknown input type"),
        ("SIMPLE", f"<R>{ok.replace('SPL', 'SIMPLE')}</R>", ["-a"], 2, "Unknown input format"),
        ("empty roots", f"<R>{ok.replace(str(root), '')}</R>", ["-a"], 2, "Cannot"),
        ("empty peer name", f"<R>{ok.replace('>p1.txt<', '><')}</R>", ["-a"], 2, "is not a regular file"),
        (
            "model /dev/zero",
            f"<R>{eval_xml('1', root, {'A': 'p1.txt'}, ['../' * 40 + 'dev/zero'])}</R>",
            ["-a"],
            2,
            "is not a regular file" if os.path.exists("/dev/zero") else "Cannot",
        ),
        ("duplicate EVAL IDs", f"<R>{ok}{ok.replace('p1.txt', 'p2.txt')}</R>", ["-a", "-d"], 0, None),
        ("nested EVAL", f"<R>{ok.replace('</EVAL>', ok + '</EVAL>')}</R>", ["-a", "-d"], 0, None),
        ("empty IDs", "<R>" + ok.replace('ID="1"', 'ID=""').replace('ID="A"', 'ID=""') + "</R>", ["-a", "-d"], 0, None),
        ("unknown system", f"<R>{ok}</R>", ["-d", "{}", "nobody"], 0, None),
        ("system missing", f"<R>{ok}</R>", [], 2, "system ID"),
        (
            "external entity",
            f'<!DOCTYPE R [<!ENTITY x SYSTEM "file://{secret}">]><R>&x;{ok}</R>',
            ["-a"],
            2,
            "undefined entity",
        ),
        (
            "external entity in root",
            f'<!DOCTYPE R [<!ENTITY x SYSTEM "{secret}">]><R>{ok.replace(str(root), "&x;")}</R>',
            ["-a"],
            2,
            "undefined entity",
        ),
        (
            "parameter entity",
            f'<!DOCTYPE R [<!ENTITY % p SYSTEM "file://{secret}"> %p;]><R>{ok}</R>',
            ["-a"],
            None,
            None,
        ),
        ("external DTD", f'<!DOCTYPE R SYSTEM "file://{secret}"><R>{ok}</R>', ["-a"], None, None),
        ("billion laughs", lol, ["-a"], 2, "bad XML"),
        ("unknown encoding", f'<?xml version="1.0" encoding="x-bogus"?><R>{ok}</R>', ["-a"], 2, "bad XML"),
        ("char refs in ID", "<R>" + ok.replace('ID="1"', 'ID="1&#10;2&#9;"') + "</R>", ["-a", "-d"], 0, None),
        ("deep nesting", "<R>" + "<a>" * 50_000 + "</a>" * 50_000 + "</R>", ["-a"], 0, None),
    ]


def test_xml_configs(corpus, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-CONTENT\n")
    for name, text, args, code, message in _xml_cases(corpus["root"], secret):
        path = tmp_path / "conf.xml"
        path.write_text(text, encoding="utf-8")
        if "{}" not in args:
            args = args + ["{}"]
        for extra in ([], ["--json"]):
            _, out, err = run_checked(
                extra + [str(path) if a == "{}" else a for a in args],
                "XML configs",
                code,
                message,
                strict_lines=name != "char refs in ID",
            )
            assert "TOP-SECRET" not in out + err, name  # no external entity is ever resolved


def test_xml_utf16(corpus, tmp_path):
    text = (
        '<?xml version="1.0" encoding="UTF-16"?><R>'
        + eval_xml("1", corpus["root"], {"A": "p1.txt"}, ["m1.txt"])
        + "</R>"
    )
    (tmp_path / "c.xml").write_bytes(text.encode("utf-16"))
    _, out, _ = run_checked(["-a", "-n", "1", str(tmp_path / "c.xml")], "XML configs", 0)
    assert "A ROUGE-1 Average_R: 0.71429" in out


# -- 7. long numeric evaluation IDs (bug 1) ----------------------------------------------------------


def test_5000_digit_ids(corpus, tmp_path):
    root = corpus["root"]
    ids = ["2" * 5000, "1" * 5000, "3", "0" * 4999 + "4", "d1"]
    (tmp_path / "c.xml").write_text(
        "<R>" + "".join(eval_xml(i, root, {"A": "p1.txt"}, ["m1.txt"]) for i in ids) + "</R>"
    )
    _, out, _ = run_checked(["-a", "-d", "-n", "1", str(tmp_path / "c.xml")], "long IDs", 0)
    listed = [line.split(" Eval ")[1].split(" R:")[0] for line in out.splitlines() if " Eval " in line]
    want = [f"{i}.A" for i in ("3", "0" * 4999 + "4", "1" * 5000, "2" * 5000, "d1")]
    assert listed == want * 2  # ROUGE-1 and ROUGE-L
    _, out, _ = run_checked(["-a", "-d", "--json", "-n", "1", str(tmp_path / "c.xml")], "long IDs", 0)
    doc = json.loads(out)
    assert [e["id"] for e in doc["peers"][0]["measures"][0]["evals"]] == want
    run_checked(["-a", "-d", "-t", "2", str(tmp_path / "c.xml")], "long IDs", 0)
    run_checked(["-a", "-d", "-t", "1", "--json", str(tmp_path / "c.xml")], "long IDs", 0)


def _old_order(keys: list[str]) -> list[str]:
    """The order before the fix (numeric prefixes through int()), for IDs int() can read."""

    def cmp(a: str, b: str) -> int:
        ma, mb = re.match(r"[0-9]+", a), re.match(r"[0-9]+", b)
        x, y = (int(ma.group()), int(mb.group())) if ma and mb else (a, b)
        return (x > y) - (x < y)

    return sorted(sorted(keys), key=cmp_to_key(cmp))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.from_regex(r"[0-9]{0,25}[a-c.]{0,3}[0-9]{0,3}", fullmatch=True), max_size=12, unique=True))
def test_listing_order_keeps_numeric_semantics(ids):
    keys = [f"{i}.X" for i in ids]
    TRIED["listing order"] += 1
    assert listing_order(keys) == _old_order(keys)


def test_listing_order_long_numbers():
    keys = ["1" + "0" * 6000 + ".A", "9" * 6000 + ".A", "0" * 7000 + "5.A", "10.A", "b.A", "9" * 6000 + "x.A"]
    got = listing_order(keys)
    assert (
        got.index("0" * 7000 + "5.A")
        < got.index("10.A")
        < got.index("9" * 6000 + ".A")
        < got.index("1" + "0" * 6000 + ".A")
    )


# -- 8. tiny alpha and strict JSON (bug 4) --------------------------------------------------------


@pytest.mark.parametrize("profile", ["rouge155", "paper", "rouge-score"])
@pytest.mark.parametrize("t", ["0", "1", "2"])
@pytest.mark.parametrize("alpha", ["1e-320", "5e-324"])
def test_tiny_alpha_json_is_finite(profile, t, alpha, corpus):
    """F must stay finite for alpha near 0 (needs scoring.py's fix for F = NaN at tiny alpha)."""
    _, out, _ = run_checked(
        [
            "--profile",
            profile,
            "-t",
            t,
            "-p",
            alpha,
            "-n",
            "2",
            "-2",
            "4",
            "-U",
            "-w",
            "1.2",
            "--json",
            "-z",
            "SPL",
            corpus["list"],
        ],
        "tiny alpha",
        0,
    )
    assert "NaN" not in out and "Infinity" not in out


def test_non_finite_never_reaches_the_output(corpus, monkeypatch):
    """A NaN from a scoring bug is refused with one error line, never printed, never in JSON."""
    real = cli.corpus_columns

    def poisoned(*args, **kwargs):
        rep = real(*args, **kwargs)
        label, m = next(iter(rep.measures.items()))
        bad = type(m.recall)(float("nan"), 0.0, 1.0)
        measures = dict(rep.measures, **{label: type(m)(m.label, bad, m.precision, m.fmeasure, m.totals, m.notes)})
        return type(rep)(rep.batch, rep.eval_ids, measures)

    monkeypatch.setattr(cli, "corpus_columns", poisoned)
    for extra in (["--json"], ["-d"]):
        _, _, err = run_checked(extra + ["-z", "SPL", corpus["list"]], "tiny alpha", 2, "not a finite number")
        assert "nan" in err


# -- 9. subprocesses: no traceback, ever -----------------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="POSIX devices")
def test_subprocess_runs(corpus, tmp_path):
    long_ids = tmp_path / "long.xml"
    long_ids.write_text(
        "<R>"
        + "".join(eval_xml(i, corpus["root"], {"A": "p1.txt"}, ["m1.txt"]) for i in ("1" * 5000, "2" * 5000))
        + "</R>"
    )
    fifo = _special("fifo", tmp_path)
    bad_xml = tmp_path / "bad.xml"
    bad_xml.write_text("<R><EVAL")
    runs: list[tuple[list, int, Optional[str]]] = [
        (["-r", "1e8", "-z", "SPL", corpus["list"]], 2, "100,000"),
        (["-a", "/dev/zero"], 2, "is not a regular file"),
        (["-z", "SPL", fifo], 2, "is not a regular file"),
        (["-a", "-d", "-n", "1", str(long_ids)], 0, None),
        (["-a", "--json", str(long_ids)], 0, None),
        (["-a", str(bad_xml)], 2, "bad XML"),
        (["-p", "1e-320", "-t", "1", "--json", "-z", "SPL", corpus["list"]], 0, None),
        (["-n", "1", "-z", "SPL", corpus["list"], b"sys\xff"], 0, None),  # system ID not UTF-8
    ]
    for args, code, message in runs:
        proc = run_module(args)
        out, err = proc.stdout, proc.stderr.decode("utf-8", "replace")
        TRIED["subprocess"] += 1
        assert "Traceback" not in err, (args[:4], err[-2000:])
        assert proc.returncode == code, (args[:4], err[-500:])
        if code == 2:
            assert out == b"" and err.count(ERROR) == 1 and err.startswith(ERROR), err
            assert message in err
        elif "--json" in args:
            check_json(out.decode("utf-8"))
        else:
            check_text(out.decode("utf-8", "surrogateescape"), 0)
    assert b"sys\xff ROUGE-1 Average_R:" in proc.stdout  # the last run: the ID's bytes, as Perl prints them


# -- 10. random command lines (hypothesis) --------------------------------------------------------

VALUES = {
    "-n": ["1", "2", "4", "0", "-1", "9", "10", "x", "1e0", "2.5", BIG],
    "-w": ["1", "1.2", "5", "0", "0.5", "400", "inf", "nan", "-2", "1e308"],
    "-2": ["0", "1", "4", "-1", "-9", "1e1", "2.5", "x", "1e16"],
    "-l": ["0", "1", "5", "-1", "1e1", "x", "1e300"],
    "-b": ["0", "1", "20", "-3", "2.5"],
    "-r": ["1", "7", "50", "0", "-5", "1e8", "100000000", "2.5", "x", "1e2"],
    "-p": ["0", "0.5", "1", "1e-320", "5e-324", "2", "nan", "-0.0", "x"],
    "-c": ["0", "50", "95", "100", "101", "nan", "x", "1e-320"],
    "-t": ["0", "1", "2", "3", "x", "1e0"],
    "-f": ["A", "B", "C"],
    "-e": ["/nonexistent"],
    "-z": ["SPL", "SEE", "ISI", "SIMPLE", "XYZ", ""],
    "--profile": ["rouge155", "paper", "rouge-score", "bogus"],
    "--tokenizer": ["rouge155", "unicode", "rouge-score", "bogus"],
    "-o": ["/nonexistent/out.txt", "/", ""],  # a missing folder, a directory, no name: all refused
}
FLAGS = [
    "-a",
    "-d",
    "-x",
    "-u",
    "-U",
    "-m",
    "-s",
    "-v",
    "-M",
    "-h",
    "--json",
    "--no-stem-exceptions",
    "-q",
    "--bogus",
    "-ad",
    "-dx",
]


@st.composite
def argv(draw, corpus_paths: dict[str, str]) -> list[str]:
    parts: list[list[str]] = []
    for key in draw(st.lists(st.sampled_from(sorted(VALUES)), max_size=6)):
        value = draw(st.one_of(st.sampled_from(VALUES[key]), st.text(max_size=5)))
        glued = key != "--profile" and key != "--tokenizer" and value and draw(st.booleans())
        parts.append([key + value] if glued else [key, value])
    parts += [[f] for f in draw(st.lists(st.sampled_from(FLAGS), max_size=4))]
    parts.append([draw(st.sampled_from(sorted(corpus_paths.values())))])
    if draw(st.booleans()):
        parts.append([draw(st.sampled_from(["A", "B", "X", "nobody", "", "-"]))])
    order = draw(st.permutations(range(len(parts))))
    args = [a for i in order for a in parts[i]]
    if draw(st.integers(0, 9)) == 0:  # now and then a stray token
        args.insert(draw(st.integers(0, len(args))), draw(st.text(max_size=8)))
    return args


@pytest.fixture(scope="module")
def fuzz_paths(corpus, tmp_path_factory) -> dict[str, str]:
    d = tmp_path_factory.mktemp("fuzz_inputs")
    (d / "bad.xml").write_text('<ROUGE-EVAL><EVAL ID="1">')
    (d / "one.txt").write_text(f"{corpus['files']['p1.txt']}\n")
    paths = {
        "xml": corpus["xml"],
        "list": corpus["list"],
        "bad": str(d / "bad.xml"),
        "one": str(d / "one.txt"),
        "missing": str(d / "missing"),
        "dir": str(d),
    }
    if os.path.exists("/dev/zero"):
        paths["zero"] = "/dev/zero"
    return paths


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(data=st.data())
def test_random_argv(data, fuzz_paths):
    args = data.draw(argv(fuzz_paths))
    code, out, err = call(args)
    check(args, code, out, err, "random argv")


# -- 11. random summaries under random options (hypothesis) ---------------------------------------

PIECES = st.sampled_from(
    list(
        "abcAB xyz0123456789.,;!?-'\"\t\r\x00\x0b\x0c\u00e9\u00df\u0130\u2028\u0085\ufeff\u200b\u00a0"
        "\U0001f600\udcff<>&/"
    )
    + [
        "police",
        "killed",
        "the",
        "gunman",
        "running",
        "ran",
        "\n",
        "\n\n",
        "ies",
        "sses",
        "ational",
        '<a name="1">[1]</a> <a href="#1" id=1>',
        "</a>",
        '<S SNTNO="1">',
        "</S>",
    ]
)
SUMMARY = st.lists(PIECES, max_size=40).map("".join)


@st.composite
def scoring_options(draw) -> list[str]:
    a: list[str] = []
    for flag, values in (
        ("-n", [str(n) for n in range(10)]),
        ("-2", [str(d) for d in range(-2, 7)]),
        ("-w", ["1", "1.2", "2", "5"]),
        ("-l", ["0", "1", "3", "12"]),
        ("-b", ["0", "1", "5", "40"]),
    ):
        if draw(st.booleans()):
            a += [flag, draw(st.sampled_from(values))]
    a += draw(st.lists(st.sampled_from(["-u", "-U", "-x", "-m", "-s", "--no-stem-exceptions"]), max_size=3))
    if "-l" in a and "-b" in a:
        a = a[: a.index("-b")] + a[a.index("-b") + 2 :]
    return (
        a
        + [
            "-f",
            draw(st.sampled_from("AB")),
            "-t",
            draw(st.sampled_from("012")),
            "-p",
            draw(st.sampled_from(["0", "1", "0.5", "1e-320", "5e-324", "0.9999999999999999"])),
            "-c",
            draw(st.sampled_from(["0", "50", "95", "100"])),
            "-r",
            draw(st.sampled_from(["1", "2", "37"])),
            "--profile",
            draw(st.sampled_from(["rouge155", "paper", "rouge-score"])),
            "--tokenizer",
            draw(st.sampled_from(["rouge155", "unicode", "rouge-score"])),
        ]
        + draw(st.sampled_from([["-d"], ["--json"], []]))
    )


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    evals=st.lists(st.tuples(SUMMARY, st.lists(SUMMARY, min_size=1, max_size=3)), max_size=3),
    opts=scoring_options(),
    fmt=st.sampled_from(["SPL", "SEE", "ISI"]),
)
def test_random_summaries(evals, opts, fmt, tmp_path_factory):
    d = tmp_path_factory.mktemp("summaries", numbered=True)
    lines = []
    for i, (peer, models) in enumerate(evals):
        names = []
        for j, text in enumerate([peer, *models]):
            (d / f"{i}_{j}.txt").write_bytes(text.encode("utf-8", "surrogateescape"))
            names.append(str(d / f"{i}_{j}.txt"))
        lines.append(" ".join(names))
    (d / "list.txt").write_text("\n".join(lines) + "\n")
    args = opts + ["-z", fmt, str(d / "list.txt")]
    code, out, err = call(args)
    check(args, code, out, err, "random summaries")
    assert code == 0, err


# -- 12. random XML configs (hypothesis) ------------------------------------------------------------


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_random_xml(data, corpus, tmp_path_factory):
    root = corpus["root"]
    pieces = st.sampled_from(
        [
            "<ROUGE-EVAL>",
            "</ROUGE-EVAL>",
            '<EVAL ID="1">',
            '<EVAL ID="2">',
            f'<EVAL ID="{BIG}">',
            "<EVAL>",
            "</EVAL>",
            f"<PEER-ROOT>{root}</PEER-ROOT>",
            f"<MODEL-ROOT>{root}</MODEL-ROOT>",
            "<PEER-ROOT>",
            "</PEER-ROOT>",
            "<MODEL-ROOT>/dev</MODEL-ROOT>",
            '<INPUT-FORMAT TYPE="SPL"/>',
            '<INPUT-FORMAT TYPE="SEE"/>',
            '<INPUT-FORMAT TYPE="simple"/>',
            "<INPUT-FORMAT/>",
            '<INPUT-FORMAT TYPE="x"/>',
            "<PEERS>",
            "</PEERS>",
            '<P ID="A">p1.txt</P>',
            '<P ID="B">m1.txt</P>',
            "<P>p1.txt</P>",
            '<P ID="A">zero</P>',
            '<P ID="A"></P>',
            "<MODELS>",
            "</MODELS>",
            '<M ID="1">m1.txt</M>',
            '<M ID="2">p2.txt</M>',
            "<M>zero</M>",
            "<M/>",
            "text",
            "&amp;",
            "&#0;",
            "&#10;",
            "<!-- c -->",
            "<![CDATA[x]]>",
            "<?pi x?>",
            '<!DOCTYPE R [<!ENTITY e "p1.txt">]>',
            "&e;",
            "\x00",
            "\udcff",
            "\u00e9",
        ]
    )
    text = "".join(data.draw(st.lists(pieces, max_size=30)))
    encoding = data.draw(st.sampled_from(["utf-8", "utf-16", "latin-1"]))
    path = tmp_path_factory.mktemp("xml", numbered=True) / "c.xml"
    path.write_bytes(text.encode(encoding, "surrogateescape" if encoding == "utf-8" else "replace"))
    args = data.draw(
        st.lists(
            st.sampled_from(["-a", "-d", "--json", "-n1", "-t1", "-t2", "-fB", "-x", "-w1.5", "-2-1", "-U", "-r5"]),
            max_size=6,
        )
    )
    args += [str(path)] + data.draw(st.sampled_from([[], ["A"], ["B"], ["Q"]]))
    code, out, err = call(args)
    check(args, code, out, err, "random XML", strict_lines=False)


# -- 13. bounds and clean exits (issue 16, points 7 to 10) -----------------------------------------

#: Every integer option of both command lines, with what it needs to be read at all.
INTEGER_OPTIONS = {
    "-n": [],
    "-2": [],
    "-l": [],
    "-b": [],
    "-r": [],
    "--workers": [],
    "--dask-local": [],
    "--samples": ["--compare"],
    "--seed": ["--compare"],
}
HUGE_VALUES = [HUGE, "-" + HUGE, "1e308", "1e309", "-1e309", BIG, "1" + "0" * 40, "1e99999999999999999", "12e-999"]


@pytest.fixture(scope="module")
def systems(tmp_path_factory) -> list[str]:
    """Two systems on three documents (aligned files), enough for --compare."""
    root = tmp_path_factory.mktemp("systems")
    texts = {
        "a.txt": "police kill the gunman\nthe cat sat\nthe dog ran\n",
        "b.txt": "the gunman\na cat\ndog\n",
        "r.txt": "police killed the gunman\nthe cat sat on a mat\nthe dog ran away\n",
    }
    for name, text in texts.items():
        (root / name).write_text(text)
    return [
        "--candidates",
        str(root / "a.txt"),
        "--candidates",
        str(root / "b.txt"),
        "--references",
        str(root / "r.txt"),
    ]


@pytest.mark.parametrize("value", HUGE_VALUES, ids=[v[:12] for v in HUGE_VALUES])
@pytest.mark.parametrize("option", list(INTEGER_OPTIONS))
def test_huge_values_of_every_integer_option(option, value, systems):
    args = [*INTEGER_OPTIONS[option], option, value, *systems]
    code, _, _ = run_checked(args, "huge integers", strict_lines=False)
    if option in ("--workers", "--dask-local", "--samples", "-r", "-l", "-b", "-n") and not value.startswith("-"):
        assert code == 2  # all beyond any limit (a negative -n or -2 means none / any gap, as in Perl)


@pytest.mark.parametrize(
    "where,message",
    [
        ("missing/out.txt", "does not exist"),
        ("", "is a directory"),  # the folder itself
        ("a.txt/out.txt", "does not exist"),  # a file where the folder should be
    ],
)
def test_output_to_a_place_that_cannot_be_written(where, message, systems, tmp_path):
    (tmp_path / "a.txt").write_text("x")
    run_checked([*systems, "-o", str(tmp_path / where)], "-o", 2, message)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]  # no temporary file left


@pytest.mark.parametrize("json_out", [False, True])
def test_output_file_holds_the_checked_output(json_out, systems, tmp_path):
    target = tmp_path / "out.txt"
    args = [*systems, "-d", "-n", "2", "-o", str(target)] + (["--json"] if json_out else [])
    code, out, _ = run_checked(args, "-o", 0)
    assert out == ""
    (check_json if json_out else lambda text: check_text(text, 0))(target.read_text())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="POSIX signals")
def test_ctrl_c_at_any_moment(tmp_path):
    """SIGINT while reading, while scoring, while writing: exit 130 with one line (or 0 when the run was
    over first), never a traceback, nothing on stdout, -o's previous file kept."""
    import signal

    line = json.dumps({"candidate": "police kill the gunman\n" * 30, "references": ["police killed him\n" * 30]})
    path = tmp_path / "big.jsonl"
    path.write_text((line + "\n") * 6000)
    target = tmp_path / "out.txt"
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    for delay in (0.0, 0.1, 0.3, 0.8, 1.5, 3.0):
        target.write_text("previous\n")
        proc = subprocess.Popen(
            [sys.executable, "-m", "rouge_core", "-n", "4", "-l", "500", "--input", str(path), "-o", str(target)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=str(ROOT),
            env=env,
        )
        # From the moment -o's temporary file exists (the run is in main; Python's own start and
        # `import rouge_core` before it are not the command line's to handle).
        deadline = time.monotonic() + 60
        while len(os.listdir(tmp_path)) < 3 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        TRIED["ctrl-c"] += 1
        text = err.decode("utf-8", "replace")
        assert proc.returncode in (0, 130) and "Traceback" not in text, (delay, proc.returncode, text[-1500:])
        assert out == b""
        if proc.returncode == 130:
            assert text == INTERRUPTED and target.read_text() == "previous\n", delay
        else:
            check_text(target.read_text(), 0)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["big.jsonl", "out.txt"]
