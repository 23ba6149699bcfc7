"""Named configurations: what a package or a paper runs when a user says "ROUGE".

:data:`SIDEBAR_PRESETS` are the app sidebar's presets (``ui/widgets/options.py`` offers exactly
these); :data:`PRESETS` adds the
pairs researchers compare most often across packages: ROUGE-1.5.5 run with ``-n 2 -m`` and
rouge-score with its stemmer on.

>>> preset("rouge-score defaults (rouge1, rouge2, rougeL, rougeLsum)").measure_labels()
['ROUGE-1', 'ROUGE-2', 'ROUGE-L', 'ROUGE-Lflat']
>>> preset("ROUGE-1.5.5 -n 2 -m (ROUGE-1, ROUGE-2, ROUGE-L with stemming)").perl_flags()
'-n 2 -m -c 95 -r 1000 -f A -p 0.5 -t 0 -a'
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from .config import RougeConfig

#: The sidebar's presets (each sets every option at once).
SIDEBAR_PRESETS: Mapping[str, RougeConfig] = MappingProxyType(
    {
        "ROUGE-1.5.5 as in DUC 2004 (-n 4 -m -2 4 -u -w 1.2)": RougeConfig(
            profile="rouge155", stem=True, max_n=4, skip_distance=4, rouge_s=False, rouge_su=True, wlcs_weight=1.2
        ),
        "rouge-score defaults (rouge1, rouge2, rougeL, rougeLsum)": RougeConfig(
            profile="rouge-score", max_n=2, wlcs_weight=None, skip_distance=None, flat_lcs=True
        ),
        "HF evaluate defaults (= rouge-score, no stemmer, score_multi)": RougeConfig(
            profile="rouge-score", max_n=2, wlcs_weight=None, skip_distance=None, flat_lcs=True, multi_ref="best"
        ),
        "Lin (2004) paper (f(k) = k^2, unlimited skip, beta = 1)": RougeConfig(
            profile="paper", max_n=4, wlcs_weight=2.0, skip_distance=-1
        ),
    }
)

#: Every preset: the sidebar's, then the usual corpus-level comparisons.
PRESETS: Mapping[str, RougeConfig] = MappingProxyType(
    {
        **SIDEBAR_PRESETS,
        "ROUGE-1.5.5 -n 2 -m (ROUGE-1, ROUGE-2, ROUGE-L with stemming)": RougeConfig(
            profile="rouge155", stem=True, max_n=2, wlcs_weight=None, skip_distance=None
        ),
        "rouge-score with use_stemmer=True (rouge1, rouge2, rougeL, rougeLsum)": RougeConfig(
            profile="rouge-score", stem=True, max_n=2, wlcs_weight=None, skip_distance=None, flat_lcs=True
        ),
    }
)


def preset(name: str) -> RougeConfig:
    """The preset called ``name`` (a ``ValueError`` lists the names when there is none).

    >>> preset("ROUGE")
    Traceback (most recent call last):
    ...
    ValueError: no preset 'ROUGE': the presets are 'ROUGE-1.5.5 as in DUC 2004 (-n 4 -m -2 4 -u -w 1.2)', \
'rouge-score defaults (rouge1, rouge2, rougeL, rougeLsum)', \
'HF evaluate defaults (= rouge-score, no stemmer, score_multi)', \
'Lin (2004) paper (f(k) = k^2, unlimited skip, beta = 1)', \
'ROUGE-1.5.5 -n 2 -m (ROUGE-1, ROUGE-2, ROUGE-L with stemming)', \
'rouge-score with use_stemmer=True (rouge1, rouge2, rougeL, rougeLsum)'
    """
    if name not in PRESETS:
        raise ValueError(f"no preset {name!r}: the presets are {', '.join(repr(p) for p in PRESETS)}")
    return PRESETS[name]
