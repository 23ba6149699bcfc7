"""Which ROUGE, on a whole corpus: why config B scores it differently from config A.

:func:`which_rouge` scores a corpus under A and B and, for every measure both compute:

1. both corpus averages (R, P, F; each config's own convention, as :func:`rouge_core.evaluate_corpus`
   reports them), ``delta`` = B - A of the chosen statistic, and a seeded paired bootstrap
   interval of the mean per-document difference (:func:`rouge_core.stats.significance.paired_bootstrap`);
2. the documents that differ, largest ``|delta|`` first;
3. the attribution. The settings that differ are the groups of ``RougeConfig`` fields whose values
   differ (:data:`~rouge_core.teach.which_rouge.settings.GROUPS`). Each is switched alone: with
   ``avg(C)`` the corpus average under config C and ``A[g := B]`` config A with only setting g
   taken from B,

   * ``effect(g) = avg(A[g := B]) - avg(A)``, ``share(g) = effect(g) / delta``;
   * ``remainder = delta - sum of effect(g)`` (the interaction; a setting that cannot be switched
     alone, e.g. jackknifing under pooled averaging, adds its part here), ``remainder / delta``;

   so the shares plus the remainder's add up to 1. A pair that sets ROUGE-L against rougeL has one
   more setting, the ROUGE-L variant: ``effect = avg_A(rougeL) - avg_A(ROUGE-L)``. The profile's
   part is broken down by the per-pair rules of :mod:`rouge_core.teach.difference_rules`: per document,
   the rules whose detector moves the measure; per rule, the documents where it applies. The
   detectors say which measures a rule moves, not the score with the rule switched, so a profile
   rule's share is ``None`` (with the reason in its note); the ROUGE-L variant's rule gets that
   setting's share, which is its switch.

Single switches start from A: swapping A and B can give other shares (the remainder is what
depends on the order). The rules are run with A's other settings held, as in the profile switch.

>>> from rouge_core import RougeConfig
>>> a = RougeConfig(profile="rouge-score", max_n=1, rouge_l=False, wlcs_weight=None, skip_distance=None)
>>> g = which_rouge([("police killed the gunman", "police kill the gunman"), ("a b", "a c")], a, a.with_(stem=True))
>>> m = g.measure("ROUGE-1")
>>> m.delta, [(d.doc_id, d.delta, d.settings) for d in m.documents]
(0.125, [('1', 0.25, ('stem',))])
>>> [(r.name, r.share) for r in m.settings], m.remainder
([('stem', 1.0)], 0.0)
"""

from .attribution import ZERO_GAP
from .gap import MAX_EXPLAINED_DOCS, which_rouge
from .model import Attribution, DocumentGap, MeasureGap, SettingChange, SettingGap
from .rules import RULE_SETTING
from .settings import GROUPS, LCS_VARIANT, SettingGroup

__all__ = [
    "GROUPS",
    "LCS_VARIANT",
    "MAX_EXPLAINED_DOCS",
    "RULE_SETTING",
    "ZERO_GAP",
    "Attribution",
    "DocumentGap",
    "MeasureGap",
    "SettingChange",
    "SettingGap",
    "SettingGroup",
    "which_rouge",
]
