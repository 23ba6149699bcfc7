"""The frozen results of :func:`rouge_core.teach.which_rouge.which_rouge`, ready for a page to render."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional

from ...measures.scoring import Score

#: What an attribution row explains: a setting (a group of ``RougeConfig`` fields) or a per-pair rule.
RowKind = Literal["setting", "rule"]


@dataclass(frozen=True)
class SettingChange:
    """One setting that differs between config A and config B.

    ``name`` is the group's key (``"profile"``, ``"stem"``, ...), ``fields`` the ``RougeConfig``
    fields of the group whose values differ, ``change`` says how (``"stem: no -> yes"``).
    """

    name: str
    title: str
    fields: tuple[str, ...]
    change: str


@dataclass(frozen=True)
class DocumentGap:
    """One document whose score differs: both scores of the statistic, ``delta`` = B - A.

    ``settings`` names the settings whose switch alone (A with only that setting from B) moves this
    document's score. ``rules`` names the per-pair rules (:data:`rouge_core.teach.differences.RULES`) whose
    detector says they move this measure on this document; ``None`` when the document was not
    examined (it is beyond ``max_explained_docs``), ``()`` when none applies or none can (same profile).
    """

    doc_id: str
    score_a: float
    score_b: float
    delta: float
    settings: tuple[str, ...]
    rules: Optional[tuple[str, ...]]


@dataclass(frozen=True)
class Attribution:
    """How much of the gap one setting (or one rule inside a setting) accounts for.

    ``effect`` is the change of the corpus average when the setting (rule) alone is switched from
    A's value to B's; ``share`` = effect / gap (``None`` when the gap is 0 or the effect is not
    available, ``note`` says why). Setting rows: ``documents`` counts every document whose score the
    switch moves; their shares plus the remainder's add up to 1. Rule rows (``parent`` = the setting
    they explain) break a setting down and are not added again: ``documents`` counts the examined
    documents where the rule applies, ``sole_documents`` those where it is the only rule named, and
    ``share_of_parent`` = effect / the parent setting's effect.
    """

    kind: RowKind
    name: str
    title: str
    parent: str
    documents: int
    effect: Optional[float]
    share: Optional[float]
    note: str = ""
    sole_documents: int = 0
    share_of_parent: Optional[float] = None


@dataclass(frozen=True)
class MeasureGap:
    """One measure pair: A's ``label_a`` against B's ``label_b`` (the same measure unless matched otherwise).

    ``average_a`` / ``average_b`` are each config's corpus averages (R, P, F) exactly as
    :func:`rouge_core.evaluate_corpus` reports them; ``delta`` = B - A of the chosen ``statistic``.
    ``mean_delta`` is the mean of the per-document differences, and ``ci_low``/``ci_high``/``p_value``
    the paired bootstrap of it (:func:`rouge_core.stats.significance.paired_bootstrap`; ``None`` with
    fewer than 2 documents). ``documents`` lists the documents that differ, largest ``|delta|`` first.
    ``remainder`` = delta - the sum of the setting rows' effects (interaction of settings, and any
    setting that could not be switched alone). ``unexplained`` names the examined documents whose score
    the profile switch moves while no rule is named.
    """

    label_a: str
    label_b: str
    name_a: str
    name_b: str
    statistic: str
    average_a: Score
    average_b: Score
    delta: float
    mean_delta: float
    ci_low: Optional[float]
    ci_high: Optional[float]
    p_value: Optional[float]
    documents: tuple[DocumentGap, ...]
    attribution: tuple[Attribution, ...]
    remainder: float
    remainder_share: Optional[float]
    unexplained: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def settings(self) -> tuple[Attribution, ...]:
        """The setting rows (they add up to the gap with the remainder)."""
        return tuple(r for r in self.attribution if r.kind == "setting")

    @property
    def rules(self) -> tuple[Attribution, ...]:
        """The rule rows (each a part of its ``parent`` setting)."""
        return tuple(r for r in self.attribution if r.kind == "rule")

    def share_total(self) -> Optional[float]:
        """The setting shares plus the remainder's: 1 up to rounding, ``None`` when there is no gap."""
        if self.remainder_share is None:
            return None
        return sum(r.share or 0.0 for r in self.settings) + self.remainder_share


@dataclass(frozen=True)
class SettingGap:
    """Config A against config B on one corpus: the settings that differ and, per measure, the gap.

    ``explained_documents`` documents (the largest differences, at most ``max_explained_docs``) were
    examined by the per-pair rule detectors.
    """

    signature_a: str
    signature_b: str
    statistic: str
    n_documents: int
    settings: tuple[SettingChange, ...]
    measures: tuple[MeasureGap, ...]
    explained_documents: int
    max_explained_docs: int
    bootstrap: str
    notes: tuple[str, ...] = ()

    def measure(self, label_a: str, label_b: Optional[str] = None) -> MeasureGap:
        """The measure pair with A's ``label_a`` (and B's ``label_b``, default the first pair found)."""
        for m in self.measures:
            if m.label_a == label_a and label_b in (None, m.label_b):
                return m
        have = ", ".join(f"{m.label_a}/{m.label_b}" for m in self.measures)
        raise KeyError(f"no measure pair {label_a}/{label_b or '*'}: the pairs are {have}")
