"""Corpus files on the command line: the ``--input`` and ``--candidates`` runs of :mod:`rouge_core.cli`.

The inputs are read by :mod:`rouge_core.io.readers` (JSON Lines, SummEval, REALSumm, CSV/TSV, a zip with
a ROUGE-1.5.5 config, line-aligned files) and scored with the :class:`~rouge_core.config.RougeConfig`
that the ROUGE-1.5.5 options build (:func:`rouge_core.cli.run.build_config`). Systems:

* a record names its system (``system``/``model_id``, SummEval's ``model_id``, ``--system-column``,
  a zip's peer IDs); records without one are the input's own system: ``X`` (as ``-z`` names it)
  when it is the only input, else the input's path as given. So several files, one system each,
  compare with each other. A system comes from one input only.
* ``--candidates`` may be repeated: each file is one system, against the same ``--references``.

Without ``--compare`` every system (input order, or ``--system``'s) gets ROUGE-1.5.5's lines, or with
``--json`` the averages (``-d``: every document too), exactly as a config run prints them.

With ``--compare`` the systems are ranked and every pair tested by
:func:`rouge_core.stats.comparison.compare_systems` of :func:`rouge_core.stats.systems.system_scores`, once per
``--measure``. ``-c`` sets the confidence of its intervals; ``-r``, ``-t`` and ``-d`` do not apply
(the comparison draws ``--samples`` resamples of its own, and ``--convention`` replaces ``-t``).
The systems must have the same documents with the same references; ``--common-docs`` keeps the
documents they share instead.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from typing import Any, Optional, Sequence

from ..batch.corpus import CorpusReport, corpus_columns, evaluate_corpus
from ..batch.runners import Runner
from ..config import MAX_BOOTSTRAP_SAMPLES, RougeConfig
from ..io.export import to_dict, write_json
from ..io.perl_inputs import UsageError, shown
from ..io.readers import SENTENCE_MODES, Corpus, Document, read_aligned_files, read_corpus_file
from ..stats.comparison import METHODS, Comparison, compare_systems
from ..stats.systems import CONVENTIONS, STATISTICS, Convention, Statistic, system_scores
from ..text.pair_notes import CorpusNotes, corpus_notes
from .format import emit, option_number, perl_labels
from .options import CORPUS_OPTIONS
from .report import emit_output, pair_notes_of, peer_output, print_hints
from .small_run import choose_backend

#: The statistics as ``--statistic`` names them.
STATISTIC_LETTERS: dict[str, Statistic] = {"F": "fmeasure", "R": "recall", "P": "precision"}
#: Options that only mean something with ``--compare``.
COMPARE_ONLY = ("--measure", "--statistic", "--convention", "--test", "--samples", "--seed", "--common-docs")
#: ``read_table`` arguments of the table options.
TABLE_OPTIONS = {
    "--candidate-column": "candidate_column",
    "--reference-column": "reference_columns",
    "--id-column": "id_column",
    "--system-column": "system_column",
}
#: The readers' messages name their arguments; the command line names its options.
_API_WORDS = (
    ("candidate_column and reference_columns", "--candidate-column and --reference-column"),
    ("are read with read_aligned", "are read with --candidates FILE --references FILE"),
)
#: The largest ``--seed``: numpy's generators take any, but a seed is written down to be typed again.
MAX_SEED = 2**64 - 1
#: Skipped input named on stderr, per input (the rest are counted).
SKIPPED_SHOWN = 3


@dataclass(frozen=True)
class CompareSettings:
    """What ``--compare`` runs: measures (report labels), statistic, convention, test, samples, seed."""

    measures: tuple[str, ...]
    statistic: Statistic
    convention: Convention
    method: str
    samples: int
    seed: int


def run_corpus(opts: dict[str, Any], pos: Sequence[str], config: RougeConfig, runner: Optional[Runner] = None) -> int:
    """Read the inputs, then print every system's report, or (``--compare``) the comparison."""
    for name in COMPARE_ONLY:
        if name in opts and "--compare" not in opts:
            raise UsageError(f"{name} applies to --compare only")
    if "--input" not in opts and "--candidates" not in opts:
        if "--references" in opts:
            raise UsageError("--references needs --candidates FILE")
        used = next(n for n in opts if n in CORPUS_OPTIONS)
        raise UsageError(f"{used} needs an input: --input FILE, or --candidates FILE --references FILE [FILE ...]")
    if pos:
        raise UsageError(
            f"unexpected argument {shown(pos[0], 80)!r}: --input and --candidates runs take no configuration file"
        )
    if "-z" in opts:
        raise UsageError("-z reads a ROUGE-1.5.5 file list: zip the list with its summaries and give --input FILE.zip")
    if "-v" in opts:
        print("rouge_core: -v (Perl's debug dump) is not reproduced; ignored", file=sys.stderr)
    labels = perl_labels(config, opts)
    settings = compare_settings(opts, config, labels) if "--compare" in opts else None
    corpus, inputs = read_inputs(opts)
    systems = choose_systems(corpus, opts)
    choose_backend(sum(len(corpus.pairs(s)[0]) for s in systems), runner)
    if settings is not None:
        _compare(corpus, systems, config, settings, opts, inputs, runner)
        return 0
    results: list[dict[str, Any]] = []
    out: list[str] = []
    states: dict[str, str] = {}  # summary text -> what it holds (pair_notes), shared by the systems
    hints: set[Optional[str]] = set()
    for system in systems:
        peer = system if "--json" in opts else shown(system, 200)
        pairs, ids = corpus.pairs(system)
        columns = corpus_columns(pairs, config, ids=ids, peer_id=system, runner=runner)
        notes = pair_notes_of(columns, pairs, ids, states)
        peer_output(columns, peer, labels, opts, results, out, notes)
        hints.add(notes.hint)
    print_hints(hints)
    emit_output(config, opts, results, out, inputs=inputs)
    return 0


# -- reading ----------------------------------------------------------------------------------------


def read_inputs(opts: dict[str, Any]) -> tuple[Corpus, list[dict[str, Any]]]:
    """Every input as one corpus (systems named as the module docstring says), and a description of each.

    Skipped input (blank lines, empty cells ...) is reported on stderr; bad input is a :class:`UsageError`.
    """
    sentences = opts.get("--sentences", "lines")
    if sentences not in SENTENCE_MODES:
        raise UsageError(f"invalid value for --sentences: {shown(sentences, 40)!r} (expected lines, split or punkt)")
    paths: list[str] = opts.get("--input", [])
    candidates: list[str] = opts.get("--candidates", [])
    references: list[str] = opts.get("--references", [])
    if candidates and not references:
        raise UsageError("--candidates needs --references FILE [FILE ...]")
    if references and not candidates:
        raise UsageError("--references needs --candidates FILE")
    table = {arg: opts[name] for name, arg in TABLE_OPTIONS.items() if name in opts}
    if table and not any(_is_table(p) for p in paths):
        raise UsageError(f"{next(n for n in TABLE_OPTIONS if n in opts)} applies to .csv/.tsv inputs only")
    corpora = []
    try:
        for path in paths:
            corpora.append(read_corpus_file(path, sentences, **(table if _is_table(path) else {})))
        for path in candidates:
            corpora.append(read_aligned_files(path, references, sentences))
    except ValueError as e:  # ReadError, and read_table's check that each column has one role
        message = str(e)
        for api, flag in _API_WORDS:
            message = message.replace(api, flag)
        raise UsageError(message) from None
    for c in corpora:
        _warn_skipped(c)
    return merge(corpora)


def _is_table(path: str) -> bool:
    # As rouge_core.io.readers.detect_format tells a table: by its extension only.
    return "." in path and path.rpartition(".")[2].lower() in ("csv", "tsv", "tab")


def _warn_skipped(corpus: Corpus) -> None:
    n = len(corpus.skipped)
    if n:
        first = "; ".join(f"{shown(s.origin, 120)}: {s.reason}" for s in corpus.skipped[:SKIPPED_SHOWN])
        more = f"; and {n - SKIPPED_SHOWN:,} more" if n > SKIPPED_SHOWN else ""
        print(f"rouge_core: warning: {shown(corpus.name)}: {n:,} skipped ({first}{more})", file=sys.stderr)


def merge(corpora: Sequence[Corpus]) -> tuple[Corpus, list[dict[str, Any]]]:
    """The documents of every input in one corpus, each with its system's name; and each input described.

    >>> a = Corpus((Document("1", "", ("a",), (("b",),)),), (), "jsonl", "lines", "a.jsonl")
    >>> b = replace(a, name="b.jsonl")
    >>> merge([a])[0].systems(), merge([a, b])[0].systems()
    (('X',), ('a.jsonl', 'b.jsonl'))
    """
    docs: list[Document] = []
    source: dict[str, tuple[int, str]] = {}  # system -> (input, where it was found)
    described = []
    for k, c in enumerate(corpora):
        fallback = "X" if len(corpora) == 1 else c.name
        names: dict[str, None] = {}
        for d in c.documents:
            system = d.system or fallback
            where = c.name + ("" if d.system else " (records without a system)")
            first = source.setdefault(system, (k, where))
            if first != (k, where):
                raise UsageError(
                    f"system {shown(system, 80)!r} comes from two inputs: {shown(first[1])} and {shown(where)} "
                    "(give each system in one input)"
                )
            names[system] = None
            docs.append(d if d.system == system else replace(d, system=system))
        described.append(
            {
                "name": c.name,
                "format": c.fmt,
                "sentences": c.sentences,
                "documents": len(c.documents),
                "skipped": len(c.skipped),
                "systems": list(names),
            }
        )
    skipped = tuple(s for c in corpora for s in c.skipped)
    fmt = corpora[0].fmt if len({c.fmt for c in corpora}) == 1 else "mixed"
    name = ", ".join(c.name for c in corpora)
    return Corpus(tuple(docs), skipped, fmt, corpora[0].sentences, name), described


def choose_systems(corpus: Corpus, opts: dict[str, Any]) -> list[str]:
    """The systems to score: ``--system``'s (each once, in the order given), else all in input order."""
    systems = list(corpus.systems())
    wanted = list(dict.fromkeys(opts.get("--system", [])))
    unknown = [s for s in wanted if s not in systems]
    if unknown:
        raise UsageError(f"--system: no system {shown(unknown[0], 80)!r} in the input (systems: {_names(systems)})")
    return wanted or systems


def _names(items: Sequence[str], most: int = 10) -> str:
    head = ", ".join(repr(shown(i, 80)) for i in items[:most])
    return head + (f" and {len(items) - most:,} more" if len(items) > most else "")


def _report(
    corpus: Corpus,
    system: str,
    config: RougeConfig,
    states: dict[str, str],
    doc_ids: Optional[Sequence[str]] = None,
    runner: Optional[Runner] = None,
) -> tuple[CorpusReport, CorpusNotes]:
    """A system's report, and the notes :func:`rouge_core.evaluate` would give its pairs."""
    pairs, ids = corpus.pairs(system, doc_ids)
    report = evaluate_corpus(pairs, config, ids=ids, peer_id=system, runner=runner)
    return report, corpus_notes(pairs, ids, config, states)


# -- comparing --------------------------------------------------------------------------------------


def compare_settings(opts: dict[str, Any], config: RougeConfig, labels: dict[str, str]) -> CompareSettings:
    """``--compare``'s options checked (before any input is read); bad values are a :class:`UsageError`.

    >>> from rouge_core.cli.run import build_config
    >>> compare_settings({"--measure": ["rouge-l"]}, build_config({"-n": "2"}), {})
    CompareSettings(measures=('ROUGE-L',), statistic='fmeasure', convention='mean', method='bootstrap', \
samples=1000, seed=0)
    """
    scored = config.measure_labels()
    if not scored:
        raise UsageError("--compare: the options score no measure")
    by_name = {k.lower(): k for k in scored} | {v.lower(): k for k, v in labels.items()}
    measures = []
    for m in opts.get("--measure", []):
        if m.strip().lower() not in by_name:
            raise UsageError(
                f"--measure: {shown(m, 40)!r} is not scored with these options (scored: {', '.join(scored)})"
            )
        measures.append(by_name[m.strip().lower()])
    default = "ROUGE-2" if "ROUGE-2" in scored else scored[0]
    statistic = opts.get("--statistic", "F").strip().upper()
    if statistic not in STATISTIC_LETTERS:
        raise UsageError(f"invalid value for --statistic: {shown(statistic, 40)!r} (expected F, R or P)")
    convention = opts.get("--convention", "mean")
    if convention not in CONVENTIONS:
        raise UsageError(f"invalid value for --convention: {shown(convention, 40)!r} (expected mean or pooled)")
    method = opts.get("--test", "bootstrap")
    if method not in METHODS:
        raise UsageError(f"invalid value for --test: {shown(method, 40)!r} (expected bootstrap or randomization)")
    samples = option_number(opts, "--samples") if "--samples" in opts else METHODS[method]
    if not 1 <= samples <= MAX_BOOTSTRAP_SAMPLES:
        raise UsageError(f"invalid value for --samples: {samples} (expected 1 to {MAX_BOOTSTRAP_SAMPLES:,})")
    seed = option_number(opts, "--seed") if "--seed" in opts else 0
    if not 0 <= seed <= MAX_SEED:
        raise UsageError(
            f"invalid value for --seed: {shown(opts['--seed'].strip(), 40)} "
            f"(expected a whole number from 0 to {MAX_SEED})"
        )
    return CompareSettings(
        tuple(dict.fromkeys(measures)) or (default,),
        STATISTIC_LETTERS[statistic],
        "pooled" if convention == "pooled" else "mean",
        method,
        samples,
        seed,
    )


def shared_documents(corpus: Corpus, systems: Sequence[str], common: bool) -> tuple[list[str], list[str]]:
    """(documents to compare on, in the first system's order; documents dropped).

    Without ``common`` every system must have every document with the same references (else a
    :class:`UsageError` naming what is missing); with it, the documents that fail are dropped.
    """
    chosen = set(systems)
    sub = replace(corpus, documents=tuple(d for d in corpus.documents if d.system in chosen))
    check = sub.check_systems()
    if not check.ok and not common:
        raise UsageError(
            "--compare needs the same documents with the same references for every system: "
            + "; ".join(check.problems())
            + " (--common-docs compares on the documents they share)"
        )
    keep = set(check.shared) - set(check.differing_references)
    ids = [d.doc_id for d in corpus.for_system(systems[0]) if d.doc_id in keep]
    dropped = [i for i in check.doc_ids if i not in keep]
    if dropped:
        lacking = len(set(check.doc_ids) - set(check.shared))
        print(
            f"rouge_core: note: --common-docs: comparing on {len(ids):,} of {len(check.doc_ids):,} documents; "
            f"dropped {len(dropped):,} ({lacking:,} lacking in some system, {len(dropped) - lacking:,} with "
            "references that differ between systems)",
            file=sys.stderr,
        )
    if len(ids) < 2:
        raise UsageError(f"--compare needs at least 2 documents every system has; there are {len(ids)}")
    return ids, dropped


def _compare(
    corpus: Corpus,
    systems: list[str],
    config: RougeConfig,
    settings: CompareSettings,
    opts: dict[str, Any],
    inputs: list[dict[str, Any]],
    runner: Optional[Runner] = None,
) -> None:
    if len(systems) < 2:
        which = "--system names" if "--system" in opts else "the input has"
        raise UsageError(f"--compare needs at least 2 systems; {which} {len(systems)}: {_names(systems)}")
    ids, dropped = shared_documents(corpus, systems, "--common-docs" in opts)
    states: dict[str, str] = {}
    reports, notes, hints = {}, [], []
    for s in systems:
        reports[s], found = _report(corpus, s, config, states, ids, runner)
        notes += [f"{s}: {line}" for line in found.lines()]
        hints += [found.hint] if found.hint and found.hint not in hints else []
    notes += hints
    for line in notes:
        print(f"rouge_core: note: {shown(line, 2000)}", file=sys.stderr)
    try:
        comparisons = [
            compare_systems(
                system_scores(reports, m, settings.statistic, settings.convention),
                settings.method,
                settings.samples,
                settings.seed,
                config.confidence,
            )
            for m in settings.measures
        ]
    except ValueError as e:
        raise UsageError(f"--compare: {e}") from None
    if "--json" in opts:
        data = {
            "signature": config.signature(),
            "perl_flags": config.perl_flags(),
            "inputs": inputs,
            "documents": len(ids),
            "dropped_documents": dropped,
            "comparisons": [to_dict(c) for c in comparisons],
            "notes": notes,
        }
        try:
            text = write_json(data)
        except ValueError as e:  # a NaN or infinity: a bug elsewhere, never printed as JSON
            raise UsageError(
                f"internal error: --compare gave a number JSON cannot hold ({e}); please report this input"
            ) from None
        emit(text)
    else:
        emit("\n\n".join("\n".join(comparison_lines(c, len(ids))) for c in comparisons))


def comparison_lines(cmp: Comparison, documents: int) -> list[str]:
    """The printed comparison: a heading, the systems by rank, every pair, the signature."""
    stat, cf = STATISTICS[cmp.statistic][0], f"{cmp.confidence:g}%"
    test = (
        f"paired bootstrap, {cmp.samples:,} resamples"
        if cmp.method == "bootstrap"
        else f"approximate randomization, {cmp.samples:,} shuffles"
    )
    lines = [
        f"{cmp.measure} {stat} ({CONVENTIONS[cmp.convention]}) of {len(cmp.systems)} systems on {documents:,} "
        f"documents; {test}, seed {cmp.seed}"
    ]
    ranked = sorted(cmp.systems, key=lambda s: s.rank)
    lines += _table(
        [["rank", "system", stat, f"{cf}-conf.int."]]
        + [
            [str(s.rank), shown(s.name, 60), f"{s.score.average:7.5f}", _interval(s.score.ci_low, s.score.ci_high)]
            for s in ranked
        ]
    )
    lines.append(
        "pairs: delta = A - B; two-sided p-value; win/tie/loss: documents where A scores above/level with/below B"
    )
    lines += _table(
        [["A", "B", "delta", "p-value", f"{cf}-conf.int. of delta", "win/tie/loss"]]
        + [
            [
                shown(p.a, 60),
                shown(p.b, 60),
                f"{p.test.delta:+.5f}",
                f"{p.test.p_value:.5f}",
                _interval(p.test.ci_low, p.test.ci_high, "+"),
                f"{p.record.wins}/{p.record.ties}/{p.record.losses}",
            ]
            for p in cmp.pairs
        ]
    )
    return lines + [cmp.signature]


def _interval(low: Optional[float], high: Optional[float], sign: str = "") -> str:
    if low is None or high is None:
        return "-"
    return f"({low:{sign}7.5f} - {high:{sign}7.5f})"


def _table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
