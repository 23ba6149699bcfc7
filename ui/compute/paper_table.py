"""The paper table's numbers, for the Systems and Corpus pages (:mod:`rouge_core.io.paper_table` lays them out).

Every cell is a number its page shows: on the Systems page each system's score and bootstrap interval from
the same :func:`ui.compute.systems.compare` the ranking comes from (one comparison per measure, the page's
statistic, convention, test, samples, seed and confidence); on the Corpus page each system's corpus score and
interval from its report, as "Corpus scores" shows them. A mark is the pair's two-sided p-value against the
baseline below the significance level, read as the Systems page's matrix reads it (no correction).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Mapping, Optional, Sequence, cast

from rouge_core import RougeConfig
from rouge_core.io.paper_table import Cell, Format, Mark, PaperTable
from rouge_core.stats.comparison import METHODS, Comparison
from rouge_core.stats.systems import CONVENTIONS, STATISTICS, Statistic, system_scores
from ui.compute.corpus import ScoredSystem, is_cached, problems, size_of
from ui.compute.systems import Settings, compare, resampled
from ui.render.corpus import STATS
from ui.render.corpus import names as shown_names
from ui.render.numbers import number
from ui.render.systems import METHOD_NAMES, significant
from ui.widgets.corpus_input import Loaded

#: The test the Corpus page marks cells with: the Systems page's defaults (paired bootstrap, 1,000
#: resamples, seed 0, the mean of per-pair scores, p < 0.05).
CORPUS_METHOD = "bootstrap"
CORPUS_SEED = 0
CORPUS_ALPHA = 0.05


def described_test(method: str, samples: int, seed: int) -> str:
    """The test in the caption's words.

    >>> described_test("bootstrap", 1000, 0)
    'two-sided paired bootstrap (Koehn 2004), 1,000 resamples, seed 0'
    """
    return f"two-sided {METHOD_NAMES[method]}, {samples:,} {resampled(method)}, seed {seed}"


def mark(cmp: Comparison, system: str, baseline: Optional[str], alpha: float) -> Mark:
    """``better`` / ``worse`` when ``system`` differs from ``baseline`` with p < ``alpha``, else ``""``.

    >>> from rouge_core.stats.comparison import compare_systems
    >>> from rouge_core.stats.systems import SystemScores
    >>> a = [0.2, 0.3, 0.4, 0.5]  # B is A + 0.1 on every document: p = 1 / (99 + 1)
    >>> s = {"A": SystemScores.from_scores(a), "B": SystemScores.from_scores([x + 0.1 for x in a])}
    >>> cmp = compare_systems(s, samples=99, seed=1)
    >>> mark(cmp, "B", "A", 0.05), mark(cmp, "A", "B", 0.05), mark(cmp, "A", "A", 0.05), mark(cmp, "B", "A", 0.01)
    ('better', 'worse', '', '')
    """
    if baseline is None or system == baseline:
        return ""
    t = cmp.pair(system, baseline).test
    if not significant(t.p_value, alpha):
        return ""
    return "better" if t.delta > 0 else "worse"


def systems_table(
    scored: Mapping[str, ScoredSystem],
    settings: Settings,
    labels: Sequence[str],
    names: Mapping[str, str],
    baseline: Optional[str],
    alpha: float,
    config: RougeConfig,
) -> PaperTable:
    """The Systems page's table: every measure of ``labels`` compared as the page compares its measure.

    Raises ``ValueError`` with rouge_core's message when a measure cannot be compared (pooled counts of a
    jackknifed measure, for one).

    >>> from ui.compute.corpus import score_system
    >>> from ui.widgets.corpus_input import Source, read_source
    >>> lines = [f'{{"id": "{i}", "system": "{s}", "candidate": "{c}", "references": ["{r}"]}}'
    ...          for s, i, c, r in [("A", 1, "a b", "a c"), ("A", 2, "x y", "x z"), ("B", 1, "a c", "a c"),
    ...                             ("B", 2, "x y", "x z")]]
    >>> data = "\\n".join(lines).encode()
    >>> current = read_source(Source("file", "x.jsonl", (("x.jsonl", data),)), "lines")
    >>> cfg = RougeConfig(max_n=1, wlcs_weight=None, skip_distance=None)
    >>> scored = {s: score_system(current, s, cfg) for s in "AB"}
    >>> t = systems_table(scored, Settings("ROUGE-1", "fmeasure", "mean", "bootstrap", 10, 0, 95.0),
    ...                   ["ROUGE-1", "ROUGE-L"], {"ROUGE-1": "ROUGE-1", "ROUGE-L": "ROUGE-L"}, "A", 0.05, cfg)
    >>> t.systems, t.measures, t.documents, round(t.cells[1][0].score, 4)
    (('A', 'B'), ('ROUGE-1', 'ROUGE-L'), 2, 0.75)
    """
    rows: dict[str, list[Cell]] = {name: [] for name in scored}
    documents = 0
    for label in labels:
        done = compare(scored, replace(settings, measure=label))
        documents = done.documents
        by_name = {s.name: s.score for s in done.comparison.systems}
        for name in scored:
            iv = by_name[name]
            rows[name].append(Cell(iv.average, iv.ci_low, iv.ci_high, mark(done.comparison, name, baseline, alpha)))
    letter = STATISTICS[settings.statistic][0]
    return PaperTable(
        tuple(scored),
        tuple(names[k] for k in labels),
        tuple(tuple(r) for r in rows.values()),
        letter,
        config.signature(),
        settings.confidence,
        documents,
        # compare_systems draws as many bootstrap resamples for the intervals as the test's samples, whatever the test
        f"percentile bootstrap, {settings.samples:,} resamples of the documents",
        described_test(settings.method, settings.samples, settings.seed),
        baseline,
        alpha,
        (f"Scores: {CONVENTIONS[settings.convention]}",),
    )


def written(write: Callable[[PaperTable, Format], str], table: Callable[[], PaperTable]) -> str:
    """The table made now (``table()``) and written by ``write`` with the pages' one number formatter.

    >>> t = PaperTable(("A",), ("ROUGE-1",), ((Cell(1 / 3),),), "F", "s", 95.0, 2, "", "", None, 0.05)
    >>> from rouge_core.io.paper_table import markdown
    >>> written(markdown, lambda: t).splitlines()[2]
    '| A | **0.33333** |'
    """
    return write(table(), number)


def cannot_compare(scored: Mapping[str, ScoredSystem], settings: Settings, labels: Sequence[str]) -> Optional[str]:
    """Why :func:`systems_table` would fail (rouge_core's message), found without resampling; None when it
    will not. The page says it at once and leaves the resampling to the download's click.

    >>> cannot_compare({}, Settings("ROUGE-1", "fmeasure", "mean", "bootstrap", 10, 0, 95.0), ["ROUGE-1"])
    'no reports: give at least one system'
    """
    reports = {name: s.report for name, s in scored.items()}
    for label in labels:
        try:
            system_scores(reports, label, settings.statistic, settings.convention)
        except ValueError as e:
            return str(e)
    return None


def corpus_table(
    scored: Mapping[str, ScoredSystem], letter: str, baseline: Optional[str], config: RougeConfig
) -> PaperTable:
    """The Corpus page's table: each system's corpus scores as "Corpus scores" shows them, marked by the
    Systems page's default test when the systems share their documents (else a note says why not).

    >>> from ui.compute.corpus import score_system
    >>> from ui.widgets.corpus_input import Source, read_source
    >>> lines = [f'{{"id": "{i}", "system": "{s}", "candidate": "{c}", "references": ["{r}"]}}'
    ...          for s, i, c, r in [("A", 1, "a b", "a c"), ("A", 2, "x y", "x z"), ("B", 1, "a c", "a c"),
    ...                             ("B", 2, "x y", "x z")]]
    >>> data = "\\n".join(lines).encode()
    >>> current = read_source(Source("file", "x.jsonl", (("x.jsonl", data),)), "lines")
    >>> cfg = RougeConfig(max_n=1, wlcs_weight=None, skip_distance=None)
    >>> t = corpus_table({s: score_system(current, s, cfg) for s in "AB"}, "R", "A", cfg)
    >>> t.statistic, t.measures, [round(row[0].score, 4) for row in t.cells], t.test[:26]
    ('R', ('ROUGE-1', 'ROUGE-L'), [0.5, 0.75], 'two-sided paired bootstrap')
    """
    first = next(iter(scored.values()))
    labels = list(first.report.measures)
    names = shown_names(first)  # the profile's names (ROUGE-2 or rouge2)
    notes: list[str] = []
    marks: dict[tuple[str, str], Mark] = {}
    sizes = {len(s.doc_ids) for s in scored.values()}
    test = ""
    if len(scored) > 1 and baseline is not None:
        samples = METHODS[CORPUS_METHOD]
        try:
            for label in labels:
                statistic = cast(Statistic, STATS[letter])
                settings = Settings(label, statistic, "mean", CORPUS_METHOD, samples, CORPUS_SEED, config.confidence)
                cmp = compare(scored, settings).comparison
                marks.update({(name, label): mark(cmp, name, baseline, CORPUS_ALPHA) for name in scored})
            test = described_test(CORPUS_METHOD, samples, CORPUS_SEED)
        except ValueError as e:  # systems on other documents: cells stay, marks go, and the caption says why
            marks.clear()
            notes.append(f"No significance marks: {e}")
    if len(sizes) > 1:
        notes.append(
            "Systems scored on different documents: "
            + ", ".join(f"{name} {len(s.doc_ids):,}" for name, s in scored.items())
        )
    cells = tuple(
        tuple(
            Cell(iv.average, iv.ci_low, iv.ci_high, marks.get((name, label), ""))
            for label in labels
            for iv in [getattr(s.report.measures[label], STATS[letter])]
        )
        for name, s in scored.items()
    )
    intervals = (
        ""
        if config.averaging == 2
        else f"{'ROUGE-1.5.5' if config.behaviour.perl_corpus else 'percentile'} bootstrap, "
        f"{config.bootstrap_samples:,} resamples"
    )
    return PaperTable(
        tuple(scored),
        tuple(names[k] for k in labels),
        cells,
        letter,
        config.signature(),
        float(config.confidence),
        max(sizes),
        intervals,
        test,
        baseline,
        CORPUS_ALPHA,
        tuple(notes),
    )


@dataclass(frozen=True)
class Plan:
    """The Corpus page's other systems: those within the budget not yet scored (and the estimated seconds
    to score them), and those over it (left out of the report and the table)."""

    todo: tuple[str, ...]
    seconds: float
    over: tuple[str, ...]

    @property
    def fits(self) -> bool:
        """Nothing is left to score.

        >>> Plan((), 0.0, ("X",)).fits, Plan(("A",), 1.5, ()).fits
        (True, False)
        """
        return not self.todo


def plan(current: Loaded, config: RougeConfig) -> Plan:
    """What scoring every system of ``current`` would still take.

    >>> from ui.widgets.corpus_input import Source, read_source
    >>> lines = [f'{{"id": "{i}", "system": "{s}", "candidate": "{c}", "references": ["{r}"]}}'
    ...          for s, i, c, r in [("A", 1, "a b", "a c"), ("A", 2, "x y", "x z"), ("B", 1, "a c", "a c"),
    ...                             ("B", 2, "x y", "x z")]]
    >>> data = "\\n".join(lines).encode()
    >>> current = read_source(Source("file", "x.jsonl", (("x.jsonl", data),)), "lines")
    >>> p = plan(current, RougeConfig(max_n=1, wlcs_weight=None, skip_distance=None, seed=12345))
    >>> p.todo, p.over, p.seconds > 0
    (('A', 'B'), (), True)
    """
    systems = list(current.corpus.systems())
    over = tuple(s for s in systems if problems(size_of(current, s), config))
    todo = tuple(s for s in systems if s not in over and not is_cached(current, s, config))
    return Plan(todo, sum(size_of(current, s).seconds(config) for s in todo), over)
