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

from typing import Sequence

from ..config import PROFILES, RougeConfig
from ..evaluate import Report, evaluate
from ..text.tokenize import as_text
from . import difference_rules  # noqa: F401  (the rules register themselves into RULES when imported)
from .difference_model import RULES, Comparison, Context, Detector, Example, Finding, Hit, Row, Rule, rule

__all__ = [
    "RULES",
    "Comparison",
    "Context",
    "Detector",
    "Example",
    "Finding",
    "Hit",
    "Row",
    "Rule",
    "compare",
    "profile_configs",
    "rule",
]


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
