"""``python -m rouge_core``: a drop-in for ROUGE-1.5.5.pl.

Same options, configuration files (XML, or ``-z SPL|SEE|ISI`` file lists) and
printed lines. Deliberate differences:

* the data files ship with rouge_core; ``-e DIR`` points at a Perl install's data directory
  (:mod:`rouge_core.exception_db`): as in the script, ``DIR/smart_common_words.txt`` and
  ``DIR/WordNet-2.0.exc.db`` must exist (same messages), and ``-m`` stems with the DB's map:
  Porter alone if it holds no key (the pyrouge recipe's DB, and most installs), else its
  keys. A DB rouge_core cannot read gives one warning naming the map used instead (the
  directory's WordNet ``.exc`` files, else the pinned WordNet 2.0 map); ``-s`` keeps
  rouge_core's list and warns if the directory's differs. Without ``-e`` (``ROUGE_EVAL_HOME``
  and ``RED_EVAL_HOME`` are ignored) ``-m`` uses the pinned map; ``--no-stem-exceptions``
  stems with Porter alone, what a Perl install with an empty DB computes;
* options may also follow the positional arguments; ``-M`` and ``-3`` (Basic
  Elements) are refused; ``-v`` (Perl's debug dump) is ignored;
* where the script dies on ROUGE-W (a reference without tokens) the run goes on,
  the instance scores 0 and a warning goes to stderr;
* bad input (unknown option, missing file, bad XML) gives one ``error:`` line on
  stderr and exit code 2; summary files, XML configs and ``-z`` lists must be regular
  files of at most 50 MB (:mod:`rouge_core.perl_inputs`);
* numeric options read Perl's number syntax (``-r 1e3`` is 1000), but an integer option
  (``-n -l -b -r -2``) must hold a whole number and every option the whole text
  (Perl would read ``-n 2x`` as 2); ``-t`` reads the number at the start, as Perl;
* ``-d`` lists numeric evaluation IDs in exact numeric order at any length (Perl
  compares them as doubles, so IDs above 2**53 may tie);
* output is UTF-8 (Perl prints non-ASCII IDs below U+0100 as single Latin-1 bytes);
* a summary that is empty or has no tokens after cleaning (Chinese text under the default tokenizer)
  scores 0 as in Perl, and :func:`rouge_core.evaluate`'s note on it goes to stderr and into ``--json``
  (:mod:`rouge_core.pair_notes`), with a hint to ``--tokenizer unicode`` for non-ASCII text;
* Ctrl-C ends the run with the one line ``rouge_core: interrupted`` and exit code 130; a worker
  that dies is one ``error:`` line naming its pairs, exit code 1.

Extra options: ``--profile``, ``--tokenizer``, ``--no-stem-exceptions``, ``--json`` (the averages;
with ``-d`` also every evaluation's entry under ``evals``, an empty list without it), ``--version``;
``--workers N`` (N processes, 0: every core), ``--dask-local N`` (a local Dask cluster of N worker
processes) or ``--scheduler tcp://HOST:PORT`` (a running Dask cluster) score the pairs elsewhere, with
the same output to the byte (:func:`runner_for`), N at most the machine's cores; ``-o FILE`` /
``--output FILE`` writes the output to FILE through a temporary file renamed into place, so FILE holds
one run's whole output or the previous file (:mod:`rouge_core.cli_output`);
``--input``/``--candidates`` score corpus files instead of a config, and ``--compare`` ranks and tests
their systems (:mod:`rouge_core.cli_corpus`).
Files are read as bytes and decoded as UTF-8; bytes that are not UTF-8 become
U+0000 (one byte, never a word character), so Perl's byte and word counts hold.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import sys
from dataclasses import asdict, replace
from decimal import Decimal
from functools import cmp_to_key
from importlib import metadata
from typing import Any, Iterator, Optional, Sequence

from . import __version__
from .cli_interrupt import handling, interrupt_once
from .cli_output import output_file
from .config import VERSION as SIGNATURE_VERSION
from .config import RougeConfig
from .corpus import PERL_ABORTS, CorpusReport, evaluate_corpus
from .exception_db import open_data_directory
from .pair_notes import NO_NOTES, CorpusNotes, corpus_notes
from .perl_inputs import (
    UsageError,
    config_notes,
    read_file_list,
    read_summary,
    read_xml_config,
    shown,
)
from .profiles import Stemmer
from .runners import ChunkError, ProcessRunner, Runner, cores, resolve_workers
from .stem import ExceptionTable, smart_stopwords, wordnet_exceptions

USAGE = """usage: python -m rouge_core [options] <config-file> [<systemID>]   (options of ROUGE-1.5.5.pl)
  -a  all systems of the config     -d  every evaluation's score    -n N  ROUGE-1..N
  -x  no ROUGE-L                    -w W  ROUGE-W, f(k)=k^W          -2 D  ROUGE-S, gap <= D (D<0: any)
  -u  ROUGE-SU instead of ROUGE-S   -U  ROUGE-S and ROUGE-SU         -m  stem    -s  drop stopwords
  -l N / -b N  first N words / bytes of every summary     -f A|B  pool the references / best one
  -p ALPHA  F weight (default 0.5)  -t 0|1|2  average scores / pooled counts / raw counts
  -c CF  confidence % (95)          -r N  bootstrap resamples (1000)
  -e DIR  a ROUGE-1.5.5 data directory: -m stems with its WordNet-2.0.exc.db (no keys: Porter alone)
  -z SPL|SEE|ISI  the config is a list of 'peer model1 model2 ...' lines (peer ID: systemID or X)
  --profile rouge155|rouge-score|paper  --tokenizer NAME  --no-stem-exceptions (-m: Porter alone)
  --json  JSON averages (with -d: every evaluation too)   --version
  -o FILE, --output FILE  write the output to FILE: whole, or (on failure or Ctrl-C) not at all
  --workers N  score in N processes (0: every core)        --dask-local N  on a local Dask cluster of N
  (N at most the machine's cores)
  --scheduler tcp://HOST:PORT  on a running Dask cluster (both need dask[distributed]); same numbers

corpus files (the options above set the scores; see rouge_core.cli_corpus):
  python -m rouge_core [options] --input FILE [--input FILE ...]
  python -m rouge_core [options] --candidates FILE --references FILE [FILE ...]
  --input FILE  JSON Lines (also SummEval, REALSumm), .csv/.tsv, or a .zip with a ROUGE-1.5.5 config;
                repeatable: records name their systems; a file without system names is one system
                (named X when it is the only input, else by its path)
  --candidate-column C  --reference-column C (repeatable)  --id-column C  --system-column C   (.csv/.tsv)
  --candidates FILE  one summary a line (line k: document k); repeatable, one system each
  --references FILE [FILE ...]  the references, line-aligned with every --candidates file
  --sentences lines|split  a summary's sentences: its lines (default), or split by the sentence splitter
  --system NAME  only this system (repeatable; default: every system, in input order)
  --compare  rank the systems and test every pair on the same documents, instead of the report:
    --measure M  ROUGE-2 if scored, else the first measure scored; repeatable
    --statistic F|R|P (F)   --convention mean|pooled (mean)   --test bootstrap|randomization (bootstrap)
    --samples N  resamples or shuffles (1000 for bootstrap, 10000 for randomization)   --seed S (0)
    --common-docs  compare on the documents every system has (with the same references)"""

_WITH_VALUE, _FLAGS = set("bceflnoprtwz23"), set("ahHdmMsuUvx")
_LONG = {
    "--profile": True,
    "--tokenizer": True,
    "--no-stem-exceptions": False,
    "--json": False,
    "--help": False,
    "--version": False,
    "--output": True,  # -o: rouge_core.cli_output
    # Where the pairs are scored (rouge_core.batch, rouge_core.distributed): never what they score.
    "--workers": True,
    "--dask-local": True,
    "--scheduler": True,
    # Corpus files and system comparison (rouge_core.cli_corpus):
    "--input": True,
    "--candidates": True,
    "--references": True,
    "--candidate-column": True,
    "--reference-column": True,
    "--id-column": True,
    "--system-column": True,
    "--sentences": True,
    "--system": True,
    "--compare": False,
    "--measure": True,
    "--statistic": True,
    "--convention": True,
    "--test": True,
    "--samples": True,
    "--seed": True,
    "--common-docs": False,
}
#: Long options that select a corpus run (:mod:`rouge_core.cli_corpus`) instead of a ROUGE-1.5.5 config.
CORPUS_OPTIONS = frozenset(list(_LONG)[list(_LONG).index("--input") :])
#: Long options that may be repeated: their values are kept in a list, in command-line order.
_REPEATABLE = {"--input", "--candidates", "--references", "--reference-column", "--system", "--measure"}
#: ``--references`` also takes the arguments after its value, up to the next option (files2rouge style).
_GREEDY = {"--references"}


def parse_args(argv: Sequence[str]) -> tuple[dict[str, Any], list[str]]:
    """Perl ``getopts`` rules (clusters; ``-n4`` or ``-n 4``) plus long options, anywhere on the line.

    >>> parse_args(["-ad", "-n4", "-2", "-1", "c.xml", "--json"])
    ({'-a': True, '-d': True, '-n': '4', '-2': '-1', '--json': True}, ['c.xml'])
    >>> parse_args(["--references", "r1.txt", "r2.txt", "-n", "2", "--references=r3.txt"])
    ({'--references': ['r1.txt', 'r2.txt', 'r3.txt'], '-n': '2'}, [])
    """
    opts: dict[str, Any] = {}
    pos: list[str] = []
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--":
            return opts, pos + args
        if a.startswith("--"):
            name, eq, val = a.partition("=")
            if name not in _LONG or (eq and not _LONG[name]):
                raise UsageError(f"unknown option {a} (see -h)")
            if _LONG[name] and not eq:
                if not args:
                    raise UsageError(f"option {name} needs a value")
                val = args.pop(0)
            if name in _REPEATABLE:
                values = opts.setdefault(name, [])
                values.append(val)
                while name in _GREEDY and args and not args[0].startswith("-"):
                    values.append(args.pop(0))
            else:
                opts[name] = val if _LONG[name] else True
        elif a.startswith("-") and len(a) > 1:
            for j, c in enumerate(a[1:], start=1):
                if c in _FLAGS:
                    opts["-" + c] = True
                    continue
                if c not in _WITH_VALUE:
                    raise UsageError(f"unknown option -{c} (see -h)")
                if j + 1 == len(a) and not args:
                    raise UsageError(f"option -{c} needs a value")
                opts["-" + c] = a[j + 1 :] or args.pop(0)
                break
        else:
            pos.append(a)
    return opts, pos


_WS = " \t\n\r\f\v"
#: A number as Perl reads one from the start of a string (decimal, exponent, inf, nan).
_PERL_NUMBER = re.compile(
    r"[ \t\n\r\f\v]*([+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
    r"|inf(?:inity)?|nan))",
    re.IGNORECASE,
)
_INTEGER = re.compile(r"[+-]?[0-9]{1,30}")  # well inside int()'s digit limit
#: The largest magnitude an integer option may be written with (a double's, as Perl would read it).
_LARGEST = Decimal(sys.float_info.max)


def _num(opts: dict[str, Any], key: str, kind: type = int) -> Any:
    """An option's value: a Perl number filling the whole text (spaces around allowed).

    ``kind=int`` also takes the exponent and decimal forms of a whole number, as Perl
    would use them (``1e3`` is 1000); it refuses fractions, ``inf``, ``nan`` and
    numbers beyond a double (never calls ``int()`` on a long digit string).

    >>> _num({"-r": "1e3"}, "-r"), _num({"-n": " 4 "}, "-n"), _num({"-p": ".5"}, "-p", float)
    (1000, 4, 0.5)
    >>> _num({"-r": "2.5"}, "-r")
    Traceback (most recent call last):
    ...
    rouge_core.perl_inputs.UsageError: invalid value for -r: '2.5' (expected a whole number)
    """
    text = opts[key]
    m = _PERL_NUMBER.match(text)
    expected = "an integer" if kind is int else "a number"
    if not m or text[m.end() :].strip(_WS):
        raise UsageError(f"invalid value for {key}: '{shown(text, 40)}' (expected {expected})")
    number = m.group(1)
    if kind is not int:
        return float(number)
    if _INTEGER.fullmatch(number):
        return int(number)
    value = Decimal(number)  # exact: 12345678901234567e2 keeps its digits (a float would not)
    # copy_abs and comparisons need no context: an exponent like 1e99999999999999999 does not overflow
    too_large = value.is_finite() and value.copy_abs() > _LARGEST
    if not value.is_finite() or too_large or value != value.to_integral_value():
        raise UsageError(
            f"invalid value for {key}: '{shown(text, 40)}' (expected a whole number"
            + ("; this one is too large)" if too_large else ")")
        )
    return int(value)


def build_config(opts: dict[str, Any]) -> RougeConfig:
    """The :class:`RougeConfig` of a ROUGE-1.5.5 command line (with the script's checks and messages).

    >>> build_config({"-n": "2", "-2": "4", "-u": True, "-f": "B"}).measure_labels()
    ['ROUGE-1', 'ROUGE-2', 'ROUGE-L', 'ROUGE-SU4']
    """
    for bad in ("-M", "-3"):
        if bad in opts:
            raise UsageError(f"option {bad} is not supported by rouge_core")
    if "-l" in opts and "-b" in opts:
        raise UsageError("Please specify length limit in words or bytes but not both.")
    kw: dict[str, Any] = {
        "profile": opts.get("--profile", "rouge155"),
        "stem": "-m" in opts,
        "stem_exceptions": "--no-stem-exceptions" not in opts,
        "remove_stopwords": "-s" in opts,
        "rouge_l": "-x" not in opts,
        "max_n": max(_num(opts, "-n"), 0) or None if "-n" in opts else None,
        "wlcs_weight": _num(opts, "-w", float) if "-w" in opts else None,
        "skip_distance": _num(opts, "-2") if "-2" in opts else None,
        "rouge_s": "-u" not in opts,
        "rouge_su": "-u" in opts or "-U" in opts,
        "multi_ref": "best" if opts.get("-f") == "B" else "pooled",
    }  # any -f but B is A
    if kw["wlcs_weight"] is not None and kw["wlcs_weight"] <= 0:  # nan goes on to the config's range check
        raise UsageError("ROUGE-W weight factor must greater than 0.")
    if "--tokenizer" in opts:
        kw["tokenizer"] = opts["--tokenizer"]
    for key, name in (("-l", "word_limit"), ("-b", "byte_limit")):
        if key in opts:
            kw[name] = _num(opts, key) or None  # 0 means no limit, as in the script
    if "-r" in opts:
        kw["bootstrap_samples"] = _num(opts, "-r")
    if "-p" in opts:
        kw["alpha"] = _num(opts, "-p", float)
        if not 0 <= kw["alpha"] <= 1:
            raise UsageError("Relative importance of ROUGE recall and precision has to be between 0 and 1 inclusively.")
    if "-c" in opts:
        kw["confidence"] = _num(opts, "-c", float)
        if not 0 <= kw["confidence"] <= 100:
            raise UsageError("Confidence interval should be within 0 and 100. Use option -h for more details.")
    if "-t" in opts:  # Perl reads the number at the start of the text; anything but 1 or 2 means 0
        t = _PERL_NUMBER.match(opts["-t"])
        kw["averaging"] = {1.0: 1, 2.0: 2}.get(float(t.group(1)) if t else 0.0, 0)
    try:
        return RougeConfig(**kw)
    except ValueError as e:
        raise UsageError(str(e)) from None


def _numeric(digits: str) -> tuple[int, str]:
    # A digit string as a sort key in numeric order at any length, without int():
    # leading zeros dropped, then shorter first, then digit by digit.
    d = digits.lstrip("0")
    return len(d), d


def _by_eval_id(a: str, b: str) -> int:
    # Perl's -d order: numeric prefixes compared as numbers, otherwise plain string order.
    ma, mb = re.match(r"[0-9]+", a), re.match(r"[0-9]+", b)
    x, y = (_numeric(ma.group()), _numeric(mb.group())) if ma and mb else (a, b)
    return (x > y) - (x < y)  # type: ignore[operator]


def listing_order(keys: Sequence[str]) -> list[str]:
    """Instance keys in the order of Perl's ``-d`` lines.

    >>> listing_order(["10.X", "2.X", "1.X"])
    ['1.X', '2.X', '10.X']
    >>> big, bigger = "9" * 5000 + ".X", "1" + "0" * 5000 + ".X"  # beyond int()'s digit limit
    >>> listing_order([bigger, "d1.X", big, "007.X"]) == ["007.X", big, bigger, "d1.X"]
    True
    """
    return sorted(sorted(keys), key=cmp_to_key(_by_eval_id))


def render(report: CorpusReport, peer: str, labels: dict[str, str], cf_text: str, per_eval: bool) -> list[str]:
    """ROUGE-1.5.5's lines for one peer: per measure the averages (or raw counts), then the ``-d`` lines."""
    lines: list[str] = []
    t = report.config.averaging
    by_key = {inst.key: inst for inst in report.instances}
    for label, m in report.measures.items():
        tag = f"{peer} {labels.get(label, label)}"
        lines.append("-" * 45)
        if t == 2:
            c = asdict(m.totals) if m.totals else {"model": 0, "peer": 0, "hit": 0}
            lines.append(f"{tag} M_count: {int(c['model'])} P_count: {int(c['peer'])} H_count: {int(c['hit'])}")
        else:
            lines += [
                f"{tag} Average_{k}: {iv.average:7.5f} ({cf_text}%-conf.int. {iv.ci_low or 0.0:7.5f}"
                f" - {iv.ci_high or 0.0:7.5f})"
                for k, iv in (("R", m.recall), ("P", m.precision), ("F", m.fmeasure))
            ]
        if per_eval:
            lines.append("." * 45)
            for key in listing_order(list(by_key)):
                res = by_key[key].measures[label]
                if t:  # raw counts, printed the way Perl prints numbers
                    rc = res.counts
                    vals = ["%.15g" % v for v in ((rc.model, rc.peer, rc.hit) if rc else (0, 0, 0))]
                else:
                    vals = [f"{v:7.5f}" for v in (res.score.recall, res.score.precision, res.score.fmeasure)]
                lines.append(f"{tag} Eval {key} R:{vals[0]} P:{vals[1]} F:{vals[2]}")
    return lines


def to_json(
    report: CorpusReport, label: str, shown: str, per_eval: bool = True, notes: CorpusNotes = NO_NOTES
) -> dict[str, Any]:
    """One measure of a report as plain JSON data (``evals`` in the ``-d`` order; empty if not ``per_eval``).

    ``notes``: the pairs' own notes (:mod:`rouge_core.pair_notes`), after the measure's in each
    evaluation's ``notes`` (as :func:`rouge_core.evaluate` gives them), and summed up in the measure's.
    """
    m = report.measures[label]
    by_key = {inst.key: inst for inst in report.instances} if per_eval else {}
    evals = []
    for k in listing_order(list(by_key)):
        r = by_key[k].measures[label]
        evals.append(
            {
                "id": k,
                "R": r.score.recall,
                "P": r.score.precision,
                "F": r.score.fmeasure,
                "counts": r.counts and asdict(r.counts),
                "notes": list(r.notes) + list(notes.by_id.get(by_key[k].eval_id, ())),
            }
        )
    return {
        "measure": shown,
        **{k: asdict(iv) for k, iv in (("R", m.recall), ("P", m.precision), ("F", m.fmeasure))},
        "totals": m.totals and asdict(m.totals),
        "notes": list(m.notes) + notes.lines() + ([notes.hint] if notes.hint else []),
        "evals": evals,
    }


def _perl_labels(config: RougeConfig, opts: dict[str, Any]) -> dict[str, str]:
    # Perl names ROUGE-W and ROUGE-S<d> after the option text as typed (-w 1.20 -> ROUGE-W-1.20).
    out = {}
    for label in config.measure_labels():
        if label.startswith("ROUGE-W-"):
            out[label] = "ROUGE-W-" + opts["-w"].strip(_WS)
        elif label.startswith("ROUGE-S") and (config.skip_distance or 0) >= 0:
            out[label] = label.rstrip("0123456789") + opts["-2"].strip(_WS)
    return out


def _check_finite(report: CorpusReport, peer: str, labels: dict[str, str]) -> None:
    """Refuse to print a report holding NaN or an infinity (a bug elsewhere: never printed, never in JSON)."""
    for label, m in report.measures.items():
        values: list[tuple[str, Any]] = [
            (f"Average_{k} {x}", getattr(iv, x))
            for k, iv in (("R", m.recall), ("P", m.precision), ("F", m.fmeasure))
            for x in ("average", "ci_low", "ci_high")
        ]
        values += [(f"{k} count", v) for k, v in (asdict(m.totals) if m.totals else {}).items()]
        for inst in report.instances:
            res = inst.measures[label]
            values += [
                (f"Eval {inst.key} {k}", getattr(res.score, x))
                for k, x in (("R", "recall"), ("P", "precision"), ("F", "fmeasure"))
            ]
            counts = asdict(res.counts) if res.counts else {}
            values += [(f"Eval {inst.key} {k} count", v) for k, v in counts.items()]
        for where, v in values:
            if v is not None and not math.isfinite(v):
                raise UsageError(
                    f"internal error: {peer} {labels.get(label, label)} {shown(where, 80)} is {v}, "
                    "not a finite number; please report this input"
                )


def _emit(text: str) -> None:
    """Print ``text`` and a newline on stdout, even if the stream's encoding cannot hold every character.

    A system ID from the command line may carry bytes that are not UTF-8 (``surrogateescape``):
    they are written back as those bytes, as Perl prints them; anything else unencodable is
    backslash-escaped.
    """
    out = sys.stdout
    try:
        out.write(text + "\n")
        return
    except UnicodeEncodeError:
        pass
    enc = getattr(out, "encoding", None) or "utf-8"
    try:
        data = (text + "\n").encode(enc, "surrogateescape")
    except UnicodeEncodeError:
        data = (text + "\n").encode(enc, "backslashreplace")
    buf = getattr(out, "buffer", None)
    if buf is not None:
        out.flush()
        buf.write(data)
        buf.flush()
    else:
        out.write(data.decode(enc, "backslashreplace"))


def version_text() -> str:
    """The ``--version`` line: the installed distribution's version (else the package's own).

    >>> version_text().startswith("rouge_core ") and "ROUGE-1.5.5 compatible; signature v1.0" in version_text()
    True
    """
    try:
        number = metadata.version("rouge-core")
    except metadata.PackageNotFoundError:  # run from a source tree
        number = __version__
    return f"rouge_core {number} (ROUGE-1.5.5 compatible; signature v{SIGNATURE_VERSION})"


def data_directory_setup(directory: str, config: RougeConfig) -> tuple[RougeConfig, list[str]]:
    """``-e DIR``: the script's checks, then the config ``-m`` must use, and warnings.

    Returns the config (``stem_exceptions`` off for a DB without keys; the DB's map as its
    ``exception_table`` when it differs from the pinned one) and at most one warning per option
    (``-m``, ``-s``).
    """
    data = open_data_directory(directory)  # Perl's messages when a file is missing
    warnings: list[str] = []
    if config.stem and config.stem_exceptions and config.behaviour.stemmer == Stemmer.ROUGE155:
        chosen = data.exception_map()
        if chosen.warning:
            warnings.append(chosen.warning)
        if chosen.table is None:
            config = replace(config, stem_exceptions=False)
        elif dict(chosen.table) != dict(wordnet_exceptions()):
            name = os.path.basename(data.db_path) if data.db_table else "exc-files"  # the hash says which
            config = replace(config, exception_table=ExceptionTable.of(name, chosen.table))
    if config.remove_stopwords:
        differs = data.stopword_difference(smart_stopwords())
        if differs:
            warnings.append(
                f"-s: {shown(data.stopwords_path)} differs from rouge_core's SMART list "
                f"({differs}); rouge_core's list is used"
            )
    return config, warnings


def run(argv: Sequence[str]) -> int:
    """Parse, read, score and print; raises :class:`UsageError` on bad input."""
    opts, pos = parse_args(argv)
    if {"-h", "-H", "--help"} & set(opts):
        print(USAGE)
        return 0
    if "--version" in opts:
        print(version_text())
        return 0
    config = build_config(opts)
    if "-o" in opts and "--output" in opts:
        raise UsageError("-o and --output do not go together: give one")
    with output_file(opts.get("--output", opts.get("-o"))):
        return _run(opts, pos, config)


def _run(opts: dict[str, Any], pos: list[str], config: RougeConfig) -> int:
    corpus_run = bool(CORPUS_OPTIONS & set(opts))
    if not corpus_run and (not pos or len(pos) > 2):
        raise UsageError(
            "Please specify the ROUGE configuration file or use option '-h' for help"
            if not pos
            else f"too many arguments: {shown(' '.join(pos[2:]), 80)}"
        )
    if "-e" in opts:
        config, warnings = data_directory_setup(opts["-e"], config)
        for w in warnings:
            print(f"rouge_core: warning: {w}", file=sys.stderr)
    with runner_for(opts) as runner:
        if corpus_run:
            from .cli_corpus import run_corpus  # imported here: cli_corpus builds on this module

            return run_corpus(opts, pos, config, runner)
        return _score(opts, pos, config, runner)


_PLACES = ("--workers", "--dask-local", "--scheduler")


@contextlib.contextmanager
def runner_for(opts: dict[str, Any]) -> Iterator[Optional[Runner]]:
    """Where ``--workers``, ``--dask-local`` or ``--scheduler`` say the pairs are scored (None: here).

    Dask is imported only for the last two; a missing install or an unreachable scheduler is a
    :class:`UsageError`.
    """
    chosen = [k for k in _PLACES if k in opts]
    if len(chosen) > 1:
        raise UsageError(f"{chosen[0]} and {chosen[1]} do not go together: give one")
    if not chosen:
        yield None
        return
    name = chosen[0]
    if name == "--scheduler":
        address = opts[name].strip(_WS)
        if not address:
            raise UsageError("option --scheduler needs an address (tcp://HOST:PORT)")
        with _dask_client(name, address) as client:
            with _taken():
                yield _dask_runner(client)
        return
    n, most = _num(opts, name), cores()
    if not (0 if name == "--workers" else 1) <= n <= most:  # never more processes than cores
        wanted = f"0 for every core, or 1 to {most}" if name == "--workers" else f"1 to {most}"
        raise UsageError(
            f"invalid value for {name}: {shown(opts[name].strip(_WS), 40)} (expected {wanted}; "
            f"this machine has {most} core{'s' if most > 1 else ''})"
        )
    if name == "--workers":
        if resolve_workers(n) == 1:
            yield None
            return
        with ProcessRunner(n) as runner:
            with _taken():
                yield runner
        return
    with _dask_client(name, n) as client:
        with _taken():
            yield _dask_runner(client)


@contextlib.contextmanager
def _taken() -> Iterator[None]:
    # A Ctrl-C reaching a pool or a cluster is handled from here: more are ignored while they shut down.
    try:
        yield
    except KeyboardInterrupt:
        handling()
        raise


@contextlib.contextmanager
def _dask_client(option: str, where: Any) -> Iterator[Any]:
    try:
        from . import distributed
    except ImportError as e:  # pragma: no cover - dask is in requirements.txt
        raise UsageError(f"{option} needs Dask: pip install 'dask[distributed]' ({e})") from None
    try:
        manager = distributed.connect(where) if option == "--scheduler" else distributed.local_cluster(where)
        client = manager.__enter__()
    except ImportError as e:  # pragma: no cover - dask is in requirements.txt
        raise UsageError(f"{option} needs Dask: pip install 'dask[distributed]' ({e})") from None
    except (OSError, TimeoutError, ValueError) as e:
        raise UsageError(f"{option} {shown(str(where), 80)}: cannot start or reach the Dask cluster ({e})") from None
    try:
        yield client
    except BaseException:
        if not manager.__exit__(*sys.exc_info()):
            raise
    else:
        manager.__exit__(None, None, None)


def _dask_runner(client: Any) -> Runner:
    from .distributed import DaskRunner

    return DaskRunner(client)


def _score(opts: dict[str, Any], pos: list[str], config: RougeConfig, runner: Optional[Runner] = None) -> int:
    """Read the config and the summaries, score every peer, print."""
    if "-v" in opts:
        print("rouge_core: -v (Perl's debug dump) is not reproduced; ignored", file=sys.stderr)
    if "-z" in opts:
        peers = [pos[1] if len(pos) > 1 else "X"]
        evals = read_file_list(pos[0], opts["-z"], peers[0])
    else:
        evals = read_xml_config(pos[0])
        if "-a" not in opts and len(pos) < 2:
            raise UsageError(
                "Please specify a system ID to evaluate or use option '-a' to evaluate all "
                "systems. For more information, use option '-h'."
            )
        peers = sorted({p for ev in evals for p in ev.peers}) if "-a" in opts else [pos[1]]
    for note in config_notes(evals, pos[0]):  # merged <EVAL> IDs, an empty config: Perl says nothing
        print(f"rouge_core: note: {note}", file=sys.stderr)
    cache: dict[tuple[str, Optional[str]], list[str]] = {}

    def text(path: str, fmt: Optional[str]) -> list[str]:
        if (path, fmt) not in cache:
            cache[(path, fmt)] = read_summary(path, fmt)
        return cache[(path, fmt)]

    labels = _perl_labels(config, opts)
    out: list[str] = []
    results: list[dict[str, Any]] = []
    states: dict[str, str] = {}  # summary text -> what it holds (pair_notes), shared by the peers
    hints: set[Optional[str]] = set()
    for peer in peers:
        ids, pairs = [], []
        for ev in evals:
            if peer not in ev.peers:
                print(
                    f"*ROUGE Warning: test instance for peer {peer} does not exist for evaluation {ev.eval_id}",
                    file=sys.stderr,
                )
                continue
            missing = [m for m in ev.models if not os.path.exists(m)]
            if missing:
                raise UsageError(f"Cannot find model summary: {shown(missing[0])}")
            ids.append(ev.eval_id)
            pairs.append((text(ev.peers[peer], ev.fmt), [text(m, ev.fmt) for m in ev.models]))
        report = evaluate_corpus(pairs, config, ids=ids, peer_id=peer, runner=runner)
        notes = corpus_notes(pairs, ids, config, states)
        peer_output(report, peer, labels, opts, results, out, notes)
        hints.add(notes.hint)
    print_hints(hints)
    emit_output(config, opts, results, out)
    return 0


def print_hints(hints: set[Optional[str]]) -> None:
    """The notes' hints on stderr, each once (after every peer's notes)."""
    for hint in sorted(h for h in hints if h):
        print(f"rouge_core: note: {hint}", file=sys.stderr)


def peer_output(
    report: CorpusReport,
    peer: str,
    labels: dict[str, str],
    opts: dict[str, Any],
    results: list[dict[str, Any]],
    out: list[str],
    notes: CorpusNotes = NO_NOTES,
) -> None:
    """Check one peer's report, warn where ROUGE-1.5.5 would stop, print its pairs' ``notes`` on
    stderr, then add its JSON entry (``--json``) to ``results`` or its printed lines to ``out``."""
    _check_finite(report, peer, labels)
    for label, m in report.measures.items():
        for note in (n for n in m.notes if n.startswith(PERL_ABORTS)):
            print(f"rouge_core: warning: {peer} {labels.get(label, label)}: {note}", file=sys.stderr)
    for line in notes.lines():
        print(f"rouge_core: note: {peer}: {shown(line, 2000)}", file=sys.stderr)
    if "--json" in opts:
        measures = [to_json(report, k, labels.get(k, k), "-d" in opts, notes) for k in report.measures]
        results.append({"peer": peer, "measures": measures})
    else:
        out += render(report, peer, labels, opts.get("-c", "95").strip(_WS), "-d" in opts)


def emit_output(
    config: RougeConfig, opts: dict[str, Any], results: list[dict[str, Any]], out: list[str], **extra: Any
) -> None:
    """Print the peers' JSON (with the config's signature and flags, then ``extra``) or their lines."""
    if "--json" in opts:  # allow_nan=False: strict JSON (_check_finite has let no NaN or inf through)
        data = {"signature": config.signature(), "perl_flags": config.perl_flags(), "peers": results, **extra}
        _emit(json.dumps(data, indent=1, allow_nan=False))
    elif out:
        _emit("\n".join(out))


def main(argv: Optional[list[str]] = None) -> int:
    """Entry point of ``python -m rouge_core`` and the ``rouge-lens-score`` console script; returns the exit code."""
    try:
        with interrupt_once():
            return run(sys.argv[1:] if argv is None else argv)
    except UsageError as e:  # one line, whatever the message holds
        print(f"rouge_core: error: {shown(str(e), 2000)}", file=sys.stderr)
        return 2
    except ChunkError as e:  # a worker died: the pairs it held and why
        print(f"rouge_core: error: {shown(str(e), 2000)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # the runners and -o have cleaned up on the way out
        handling()
        print("rouge_core: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):  # stdout without a file descriptor (captured, in-process)
            pass
        return 1
