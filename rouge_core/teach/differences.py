"""Why the three profiles give different numbers for the same input.

:func:`compare` scores one input under ``rouge155``, ``rouge-score`` and ``paper``
(:func:`profile_configs`: the same measure options, only the profile and its
default tokenizer and multi-reference rule change) and asks every registered
:class:`Rule` whether it applies to *this* input. A detector recomputes the
measures with its one rule switched the other way and reports those whose score
moves, so every mark is backed by a number. Rules are registered with
:func:`rule`, in the order the page lists them.

>>> c = compare("killed police", "police killed")
>>> "su-last-unigram" in [h.rule.id for h in c.hits]
True
>>> [r.label for r in c.rows if r.differs][:2], c.rows[0].unexplained
(['ROUGE-W-1.2', 'ROUGE-SU4'], ())
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

from ..config import PROFILES, RougeConfig
from ..evaluate import MeasureResult, Report, evaluate, score
from ..measures.scoring import Score
from ..text.tokenize import as_text


@dataclass(frozen=True)
class Example:
    """An input on which a rule shows (the page's "show me an example of ..."), and the options
    it needs switched on (``RougeConfig`` field -> value), e.g. stemming for the stemmer rule."""

    candidate: str
    references: tuple[str, ...]
    settings: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Finding:
    """The measures a rule moves on this input (maybe none on its own), and one sentence with the numbers.

    ``in_table`` is False when the rule is true of the input but shows only under
    other settings (the unicode tokenizer, ``-f B``, stemming on).
    """

    measures: tuple[str, ...]
    detail: str
    in_table: bool = True


Detector = Callable[["Context"], Optional[Finding]]


@dataclass(frozen=True)
class Rule:
    """One cause of differences: ``sets_apart`` = the profiles whose numbers it changes."""

    id: str
    tag: str  # a few words for a table cell
    title: str
    sets_apart: tuple[str, ...]
    explanation: str  # one sentence
    example: Example
    detect: Detector


@dataclass(frozen=True)
class Hit:
    rule: Rule
    finding: Finding


@dataclass(frozen=True)
class Row:
    """One measure under the three profiles (``None`` where a profile lacks it) and the rules behind it."""

    label: str
    names: dict[str, str]
    scores: dict[str, Optional[Score]]
    differs: bool
    rules: tuple[str, ...]
    unexplained: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Comparison:
    configs: dict[str, RougeConfig]
    reports: dict[str, Report]
    rows: tuple[Row, ...]
    hits: tuple[Hit, ...]

    def hit(self, rule_id: str) -> Optional[Hit]:
        return next((h for h in self.hits if h.rule.id == rule_id), None)


@dataclass
class Context:
    """What a detector sees: the input, the configs and reports, cached counterfactual runs."""

    texts: tuple[str, ...]  # candidate, then the references
    configs: dict[str, RougeConfig]
    reports: dict[str, Report]
    _runs: dict[str, dict[str, MeasureResult]] = field(default_factory=dict)

    def results(self, config: RougeConfig) -> dict[str, MeasureResult]:
        """The counts-only results of this input under another config (computed once)."""
        sig = config.signature()
        if sig not in self._runs:
            self._runs[sig] = score(self.texts[0], list(self.texts[1:]), config)
        return self._runs[sig]

    def scores(self, config: RougeConfig) -> dict[str, Score]:
        return {k: m.score for k, m in self.results(config).items()}

    def perl(self, family: str) -> Optional[tuple[Report, RougeConfig, str, MeasureResult]]:
        """The rouge155 report, config, label and result of a measure family, if computed."""
        rep = self.reports["rouge155"]
        label = next((k for k, m in rep.measures.items() if m.family == family), None)
        return None if label is None else (rep, self.configs["rouge155"], label, rep.measures[label])


RULES: dict[str, Rule] = {}


def rule(
    id: str, tag: str, title: str, sets_apart: tuple[str, ...], explanation: str, example: Example
) -> Callable[[Detector], Detector]:
    """Register a detector ``(Context) -> Finding | None`` as a rule."""

    def register(detect: Detector) -> Detector:
        RULES[id] = Rule(id, tag, title, sets_apart, explanation, example, detect)
        return detect

    return register


def profile_configs(base: RougeConfig) -> dict[str, RougeConfig]:
    """The three configs compared: ``base``'s options under each profile and its defaults.

    >>> {p: (c.tokenizer, c.multi_ref) for p, c in profile_configs(RougeConfig(stem=True)).items()}
    {'rouge155': ('rouge155', 'pooled'), 'rouge-score': ('rouge-score', 'best'), \
'paper': ('rouge155', 'best')}
    """
    return {p: base.with_(profile=p, tokenizer=None, multi_ref=None, flat_lcs=None) for p in PROFILES}


def compare(candidate: str, references: str | Sequence[str], base: RougeConfig = RougeConfig()) -> Comparison:
    """Score the input under the three profiles and find the rule behind every difference."""
    refs = [references] if isinstance(references, str) else list(references)
    configs = profile_configs(base)
    reports = {p: evaluate(candidate, refs, c) for p, c in configs.items()}
    ctx = Context(tuple(as_text(t) for t in (candidate, *refs)), configs, reports)
    hits = tuple(Hit(r, f) for r in RULES.values() if (f := r.detect(ctx)) is not None)
    return Comparison(configs, reports, _rows(reports, hits), hits)


def _rows(reports: dict[str, Report], hits: Sequence[Hit]) -> tuple[Row, ...]:
    rows, shown = [], [h for h in hits if h.finding.in_table]
    for label in dict.fromkeys(k for p in PROFILES for k in reports[p].measures):
        have = [p for p in PROFILES if label in reports[p].measures]
        if label == "ROUGE-Lflat":  # only rouge-score has it: compared with its own rougeLsum
            pairs = [("rouge-score", "rouge-score")] if "ROUGE-L" in reports["rouge-score"].measures else []
        else:
            pairs = [(a, b) for i, a in enumerate(have) for b in have[i + 1 :]]
        differing = [
            (a, b)
            for a, b in pairs
            if reports[a].measures[label].score != reports[b].measures["ROUGE-L" if a == b else label].score
        ]
        covering = [h for h in shown if label in h.finding.measures]
        unexplained = []
        for a, b in differing:
            apart = [h for h in shown if (a in h.rule.sets_apart) != (b in h.rule.sets_apart)]
            if (a == b and covering) or any(h in covering for h in apart):
                continue
            if len(apart) > 1:  # no rule alone moves this measure, their combination does
                covering += [h for h in apart if h not in covering]
            else:
                unexplained.append((a, b))
        rows.append(
            Row(
                label,
                {p: reports[p].display_name(label) for p in have},
                {p: reports[p].measures[label].score if p in have else None for p in PROFILES},
                bool(differing),
                tuple(h.rule.id for h in covering if differing),
                tuple(unexplained),
            )
        )
    return tuple(rows)


# The rule definitions register themselves when their module is imported.
from . import difference_rules  # noqa: E402,F401
