"""rouge-score's measure names (``rouge1`` .. ``rouge9``, ``rougeL``, ``rougeLsum``) and the config they ask for.

The names come from the ``rouge-score`` profile's record (:data:`rouge_core.profiles.PROFILE_RECORDS`):
``rougeL`` is our ROUGE-Lflat (one LCS over the whole text), ``rougeLsum`` our ROUGE-L (union LCS
over the lines), ``rougeN`` our ROUGE-N.

>>> LABELS["rougeLsum"], LABELS["rougeL"], LABELS["rouge2"]
('ROUGE-L', 'ROUGE-Lflat', 'ROUGE-2')
>>> check_rouge_types(["rouge1", "rougeL"])
('rouge1', 'rougeL')
>>> check_rouge_types(["rouge10"])
Traceback (most recent call last):
...
ValueError: Invalid rouge type: 'rouge10' (allowed: rouge1 .. rouge9, rougeL, rougeLsum)
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from ..config import MAX_N, RougeConfig
from ..profiles import PROFILE_RECORDS

_RECORD = PROFILE_RECORDS["rouge-score"]

#: rouge-score's name -> our measure label, in rouge-score's usual order.
LABELS: Mapping[str, str] = MappingProxyType(
    {f"{_RECORD.numbered_names}{n}": f"ROUGE-{n}" for n in range(1, MAX_N + 1)}
    | {name: label for label, name in sorted(_RECORD.names.items(), key=lambda kv: kv[1])}
)
#: Every name a :class:`rouge_core.compat.RougeScorer` accepts.
ROUGE_TYPES: tuple[str, ...] = tuple(LABELS)
#: Hugging Face evaluate's default ``rouge_types``.
DEFAULT_TYPES: tuple[str, ...] = ("rouge1", "rouge2", "rougeL", "rougeLsum")
_ALLOWED = f"{ROUGE_TYPES[0]} .. {ROUGE_TYPES[MAX_N - 1]}, {', '.join(ROUGE_TYPES[MAX_N:])}"


def check_rouge_types(rouge_types: Any) -> tuple[str, ...]:
    """``rouge_types`` as a tuple of names, each checked (``ValueError`` naming a bad one, as rouge-score's).

    A single string is refused: rouge-score would read ``"rouge1"`` letter by letter.

    >>> check_rouge_types("rouge1")
    Traceback (most recent call last):
    ...
    ValueError: invalid rouge_types='rouge1': a list of names such as ['rouge1', 'rougeL']
    """
    if isinstance(rouge_types, (str, bytes)) or not isinstance(rouge_types, (list, tuple)):
        raise ValueError(f"invalid rouge_types={rouge_types!r:.60}: a list of names such as ['rouge1', 'rougeL']")
    for name in rouge_types:
        if name not in LABELS:
            raise ValueError(f"Invalid rouge type: {name!r:.60} (allowed: {_ALLOWED})")
    return tuple(rouge_types)


def config_for(rouge_types: tuple[str, ...], use_stemmer: bool) -> RougeConfig:
    """The ``rouge-score`` profile's config that counts every measure of ``rouge_types`` and no other family.

    >>> c = config_for(("rouge2", "rougeLsum"), False)
    >>> c.measure_labels(), c.profile
    (['ROUGE-1', 'ROUGE-2', 'ROUGE-L'], 'rouge-score')
    """
    if not isinstance(use_stemmer, bool):
        raise ValueError(f"invalid use_stemmer={use_stemmer!r:.40}: True or False")
    labels = {LABELS[t] for t in rouge_types}
    # ROUGE-N counts 1..max_n together (the chunk kernel's rows): a lone rouge4 costs rouge1..3 as well.
    ns = [int(label[len("ROUGE-") :]) for label in labels if label[len("ROUGE-") :].isdigit()]
    return RougeConfig(
        profile="rouge-score",
        stem=use_stemmer,
        max_n=max(ns) if ns else None,
        rouge_l=LABELS["rougeLsum"] in labels,
        flat_lcs=LABELS["rougeL"] in labels,
        wlcs_weight=None,
        skip_distance=None,
    )
