"""The command line's options: ``-h``'s text, the option table and :func:`parse_args` (Perl's
``getopts`` rules plus long options), shared by :mod:`rouge_core.cli` and :mod:`rouge_core.cli.corpus`.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..io.perl_inputs import UsageError

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

corpus files (the options above set the scores; see rouge_core.cli.corpus):
  python -m rouge_core [options] --input FILE [--input FILE ...]
  python -m rouge_core [options] --candidates FILE --references FILE [FILE ...]
  --input FILE  JSON Lines (also SummEval, REALSumm), .csv/.tsv, or a .zip with a ROUGE-1.5.5 config;
                repeatable: records name their systems; a file without system names is one system
                (named X when it is the only input, else by its path)
  --candidate-column C  --reference-column C (repeatable)  --id-column C  --system-column C   (.csv/.tsv)
  --candidates FILE  one summary a line (line k: document k); repeatable, one system each
  --references FILE [FILE ...]  the references, line-aligned with every --candidates file
  --sentences lines|split|punkt  a summary's sentences: its lines (default), split by the rule set, or by
                NLTK's punkt (Hugging Face's sent_tokenize; needs NLTK's punkt_tab data)
  --system NAME  only this system (repeatable; default: every system, in input order)
  --compare  rank the systems and test every pair on the same documents, instead of the report:
    --measure M  ROUGE-2 if scored, else the first measure scored; repeatable
    --statistic F|R|P (F)   --convention mean|pooled (mean)   --test bootstrap|randomization (bootstrap)
    --samples N  resamples or shuffles (1000 for bootstrap, 10000 for randomization)   --seed S (0)
    --common-docs  compare on the documents every system has (with the same references)"""

#: The corpus form a first try with two text files meant (``python -m rouge_core cand.txt ref.txt``).
TWO_FILES_HINT = "to score two text files use --candidates FILE --references FILE (one summary a line)"


def with_config_hint(message: str, config: bytes, path: str) -> str:
    """``message`` (why ``config`` is no ROUGE-1.5.5 XML config), plus :data:`TWO_FILES_HINT` when the
    file is not XML at all: no ``<`` in its first KB (in UTF-16 too), so it is a summary given where the
    config goes, the likeliest first try.

    >>> print(with_config_hint("bad XML in c.txt: ...", b"the cat", "c.txt"))  # doctest: +NORMALIZE_WHITESPACE
    bad XML in c.txt: ...; c.txt is not a ROUGE-1.5.5 XML config: to score two text files use
    --candidates FILE --references FILE (one summary a line)
    >>> with_config_hint("bad XML in c.xml: unclosed token", b"<ROUGE-EVAL><EVAL", "c.xml")
    'bad XML in c.xml: unclosed token'
    """
    if b"<" in config[:1024]:
        return message  # an XML config with a mistake in it: the parser's message says which
    return f"{message}; {path} is not a ROUGE-1.5.5 XML config: {TWO_FILES_HINT}"


_WITH_VALUE, _FLAGS = set("bceflnoprtwz23"), set("ahHdmMsuUvx")
_LONG = {
    "--profile": True,
    "--tokenizer": True,
    "--no-stem-exceptions": False,
    "--json": False,
    "--help": False,
    "--version": False,
    "--output": True,  # -o: rouge_core.cli.output
    # Where the pairs are scored (rouge_core.batch, rouge_core.batch.distributed): never what they score.
    "--workers": True,
    "--dask-local": True,
    "--scheduler": True,
    # Corpus files and system comparison (rouge_core.cli.corpus):
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
#: Long options that select a corpus run (:mod:`rouge_core.cli.corpus`) instead of a ROUGE-1.5.5 config.
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
