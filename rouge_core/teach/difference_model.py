"""The records of the profile-difference rules: a :class:`Rule` (registered with :func:`rule` into
:data:`RULES`), the :class:`Context` its detector sees, its :class:`Finding`, and the
:class:`Comparison` of :func:`rouge_core.teach.differences.compare`.

The rules themselves are in :mod:`rouge_core.teach.difference_rules`; import :data:`RULES` from
:mod:`rouge_core.teach.differences`, which loads them.

>>> Example("police kill", ("police killed",)).settings
()
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from ..config import RougeConfig
from ..evaluate import MeasureResult, Report, score
from ..measures.scoring import Score


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
