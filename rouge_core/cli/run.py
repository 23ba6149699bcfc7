"""``python -m rouge_core``: a drop-in for ROUGE-1.5.5.pl.

Same options, configuration files (XML, or ``-z SPL|SEE|ISI`` file lists) and
printed lines. Deliberate differences:

* the data files ship with rouge_core; ``-e DIR`` points at a Perl install's data directory
  (:mod:`rouge_core.io.exception_db`): as in the script, ``DIR/smart_common_words.txt`` and
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
  stderr and exit code 2 (a config that is not XML at all, such as ``cand.txt ref.txt``, also names
  the corpus form ``--candidates FILE --references FILE``); summary files, XML configs and ``-z``
  lists must be regular files of at most 50 MB (:mod:`rouge_core.io.perl_inputs`);
* numeric options read Perl's number syntax (``-r 1e3`` is 1000), but an integer option
  (``-n -l -b -r -2``) must hold a whole number and every option the whole text
  (Perl would read ``-n 2x`` as 2); ``-t`` reads the number at the start, as Perl;
* ``-d`` lists numeric evaluation IDs in exact numeric order at any length (Perl
  compares them as doubles, so IDs above 2**53 may tie);
* output is UTF-8 (Perl prints non-ASCII IDs below U+0100 as single Latin-1 bytes);
* a summary that is empty or has no tokens after cleaning (Chinese text under the default tokenizer)
  scores 0 as in Perl, and :func:`rouge_core.evaluate`'s note on it goes to stderr and into ``--json``
  (:mod:`rouge_core.text.pair_notes`), with a hint to ``--tokenizer unicode`` for non-ASCII text;
* Ctrl-C ends the run with the one line ``rouge_core: interrupted`` and exit code 130; a worker
  that dies is one ``error:`` line naming its pairs, exit code 1.

Extra options: ``--profile``, ``--tokenizer``, ``--no-stem-exceptions``, ``--json`` (the averages;
with ``-d`` also every evaluation's entry under ``evals``, an empty list without it), ``--version``
(with :func:`rouge_core.backend`: numba or pure Python);
``--workers N`` (N processes, 0: every core), ``--dask-local N`` (a local Dask cluster of N worker
processes) or ``--scheduler tcp://HOST:PORT`` (a running Dask cluster) score the pairs elsewhere, with
the same output to the byte (:func:`runner_for`), N at most the machine's cores; ``-o FILE`` /
``--output FILE`` writes the output to FILE through a temporary file renamed into place, so FILE holds
one run's whole output or the previous file (:mod:`rouge_core.cli.output`);
``--input``/``--candidates`` score corpus files instead of a config, and ``--compare`` ranks and tests
their systems (:mod:`rouge_core.cli.corpus`).
Files are read as bytes and decoded as UTF-8; bytes that are not UTF-8 become
U+0000 (one byte, never a word character), so Perl's byte and word counts hold.
"""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import replace
from typing import Any, Iterator, Optional, Sequence

from .. import __version__
from ..batch.corpus import corpus_columns
from ..batch.runners import ChunkError, ProcessRunner, Runner, cores, resolve_workers
from ..config import VERSION as SIGNATURE_VERSION
from ..config import RougeConfig
from ..io import perl_inputs
from ..io.perl_inputs import (
    InputError,
    UsageError,
    config_notes,
    parse_xml_config,
    read_bytes,
    read_file_list,
    shown,
)
from ..kernels.backend import backend
from ..measures.registry import measures_from_perl
from ..profiles import Stemmer
from ..text.stem import ExceptionTable, smart_stopwords, wordnet_exceptions
from .collector import paused
from .format import PERL_NUMBER, PERL_SPACE, option_number, perl_labels
from .interrupt import handling, interrupt_once
from .options import CORPUS_OPTIONS, USAGE, parse_args, with_config_hint
from .output import output_file
from .peer_pairs import SummaryTexts, peer_pairs
from .report import emit_output, pair_notes_of, peer_output, print_hints
from .report import listing_order as listing_order  # re-exported: its home was this module
from .small_run import choose_backend, owning_process, owns_process


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
        **measures_from_perl(opts, option_number),  # -n, -x, -w, -2, -u, -U: the measure registry's
        "multi_ref": "best" if opts.get("-f") == "B" else "pooled",
    }  # any -f but B is A
    if kw["wlcs_weight"] is not None and kw["wlcs_weight"] <= 0:  # nan goes on to the config's range check
        raise UsageError("ROUGE-W weight factor must greater than 0.")
    if "--tokenizer" in opts:
        kw["tokenizer"] = opts["--tokenizer"]
    for key, name in (("-l", "word_limit"), ("-b", "byte_limit")):
        if key in opts:
            kw[name] = option_number(opts, key) or None  # 0 means no limit, as in the script
    if "-r" in opts:
        kw["bootstrap_samples"] = option_number(opts, "-r")
    if "-p" in opts:
        kw["alpha"] = option_number(opts, "-p", float)
        if not 0 <= kw["alpha"] <= 1:
            raise UsageError("Relative importance of ROUGE recall and precision has to be between 0 and 1 inclusively.")
    if "-c" in opts:
        kw["confidence"] = option_number(opts, "-c", float)
        if not 0 <= kw["confidence"] <= 100:
            raise UsageError("Confidence interval should be within 0 and 100. Use option -h for more details.")
    if "-t" in opts:  # Perl reads the number at the start of the text; anything but 1 or 2 means 0
        t = PERL_NUMBER.match(opts["-t"])
        kw["averaging"] = {1.0: 1, 2.0: 2}.get(float(t.group(1)) if t else 0.0, 0)
    try:
        return RougeConfig(**kw)
    except ValueError as e:
        raise UsageError(str(e)) from None


def version_text() -> str:
    """The release part of ``--version``: the version of the package that runs (``rouge_core.__version__``,
    the one source pyproject.toml reads too), never another install's metadata found on the path.

    >>> version_text().startswith("rouge_core ") and "ROUGE-1.5.5 compatible; signature v1.0" in version_text()
    True
    """
    return f"rouge_core {__version__} (ROUGE-1.5.5 compatible; signature v{SIGNATURE_VERSION})"


def version_line() -> str:
    """The ``--version`` line: :func:`version_text` and the backend this process computes with
    (:func:`rouge_core.backend`, so an install that runs the slow pure-Python path says so).

    >>> version_line().startswith(version_text()[:-1] + "; backend: ")
    True
    """
    return f"{version_text()[:-1]}; backend: {backend()})"


def data_directory_setup(directory: str, config: RougeConfig) -> tuple[RougeConfig, list[str]]:
    """``-e DIR``: the script's checks, then the config ``-m`` must use, and warnings.

    Returns the config (``stem_exceptions`` off for a DB without keys; the DB's map as its
    ``exception_table`` when it differs from the pinned one) and at most one warning per option
    (``-m``, ``-s``).
    """
    from ..io.exception_db import open_data_directory  # imported here: only -e reads a data directory

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
        print(version_line())
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
            from .corpus import run_corpus  # imported here: a config run never loads the readers

            return run_corpus(opts, pos, config, runner)
        with paused(owns_process() and runner is None):  # a run of its own process: no cyclic collection
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
        address = opts[name].strip(PERL_SPACE)
        if not address:
            raise UsageError("option --scheduler needs an address (tcp://HOST:PORT)")
        with _dask_client(name, address) as client:
            with _taken():
                yield _dask_runner(client)
        return
    n, most = option_number(opts, name), cores()
    if not (0 if name == "--workers" else 1) <= n <= most:  # never more processes than cores
        wanted = f"0 for every core, or 1 to {most}" if name == "--workers" else f"1 to {most}"
        raise UsageError(
            f"invalid value for {name}: {shown(opts[name].strip(PERL_SPACE), 40)} (expected {wanted}; "
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
        from ..batch import distributed
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
    from ..batch.distributed import DaskRunner

    return DaskRunner(client)


def _score(opts: dict[str, Any], pos: list[str], config: RougeConfig, runner: Optional[Runner] = None) -> int:
    """Read the config and the summaries, score every peer, print."""
    if "-v" in opts:
        print("rouge_core: -v (Perl's debug dump) is not reproduced; ignored", file=sys.stderr)
    if "-z" in opts:
        peers = [pos[1] if len(pos) > 1 else "X"]
        evals = read_file_list(pos[0], opts["-z"], peers[0])
    else:
        # The limit is read now, not at import: a caller (a test) may lower it.
        data = read_bytes(pos[0], perl_inputs.MAX_CONFIG_BYTES, "a configuration file")
        try:
            evals = parse_xml_config(data, pos[0])
        except InputError as e:  # `python -m rouge_core cand.txt ref.txt` is a common first try
            raise InputError(with_config_hint(str(e), data, shown(pos[0]))) from None
        if "-a" not in opts and len(pos) < 2:
            raise UsageError(
                "Please specify a system ID to evaluate or use option '-a' to evaluate all "
                "systems. For more information, use option '-h'."
            )
        peers = sorted({p for ev in evals for p in ev.peers}) if "-a" in opts else [pos[1]]
    for note in config_notes(evals, pos[0]):  # merged <EVAL> IDs, an empty config: Perl says nothing
        print(f"rouge_core: note: {note}", file=sys.stderr)
    texts = SummaryTexts()  # each file read once: the models are every peer's
    choose_backend(sum(peer in ev.peers for peer in peers for ev in evals), runner)
    labels = perl_labels(config, opts)
    out: list[str] = []
    results: list[dict[str, Any]] = []
    states: dict[str, str] = {}  # summary text -> what it holds (pair_notes), shared by the peers
    hints: set[Optional[str]] = set()
    for peer in peers:
        ids, pairs = peer_pairs(evals, peer, texts)
        report = corpus_columns(pairs, config, ids=ids, peer_id=peer, runner=runner)
        notes = pair_notes_of(report, pairs, ids, states)
        peer_output(report, peer, labels, opts, results, out, notes)
        hints.add(notes.hint)
    print_hints(hints)
    emit_output(config, opts, results, out)
    return 0


def main(argv: Optional[list[str]] = None) -> int:
    """Entry point of ``python -m rouge_core`` and the ``rouge-lens-score`` console script; returns the exit code."""
    try:
        # A run of its own process (argv None) may pick the backend for its size (small_run).
        with interrupt_once(), owning_process(argv is None):
            return run(sys.argv[1:] if argv is None else argv)
    except (UsageError, InputError) as e:  # one line, whatever the message holds
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
