"""A drop-in for Hugging Face evaluate's rouge: ``evaluate.load("rouge").compute(...)`` as a function.

Evaluate's rouge module calls rouge-score: one ``RougeScorer`` (``score_multi`` when each reference
is a list), then either the per-pair F lists (``use_aggregator=False``) or the median F of
rouge-score's bootstrap (``use_aggregator=True``). This function returns the same numbers (the
aggregated one drawn as rouge-score draws it, see :mod:`rouge_core.compat.aggregate`), with every
pair scored in one batch by rouge_core's compiled path.

>>> compute(["the cat ran", "a dog"], ["the cat sat", "a dog barked"], use_aggregator=False)["rouge2"]
[0.5, 0.6666666666666666]
"""

from __future__ import annotations

from typing import Any, Literal, Optional, Sequence, Union, overload

import numpy as np

from .aggregate import bootstrap_percentiles
from .names import DEFAULT_TYPES, check_rouge_types
from .scorer import RougeScorer

References = Union[Sequence[str], Sequence[Sequence[str]]]


@overload
def compute(
    predictions: Sequence[str],
    references: References,
    rouge_types: Optional[Sequence[str]] = None,
    use_aggregator: Literal[True] = True,
    use_stemmer: bool = False,
    tokenizer: Optional[Any] = None,
    *,
    seed: Optional[int] = None,
) -> dict[str, float]: ...


@overload
def compute(
    predictions: Sequence[str],
    references: References,
    rouge_types: Optional[Sequence[str]] = None,
    *,
    use_aggregator: Literal[False],
    use_stemmer: bool = False,
    tokenizer: Optional[Any] = None,
    seed: Optional[int] = None,
) -> dict[str, list[float]]: ...


@overload
def compute(
    predictions: Sequence[str],
    references: References,
    rouge_types: Optional[Sequence[str]] = None,
    use_aggregator: bool = True,
    use_stemmer: bool = False,
    tokenizer: Optional[Any] = None,
    *,
    seed: Optional[int] = None,
) -> Union[dict[str, float], dict[str, list[float]]]: ...


def compute(
    predictions: Sequence[str],
    references: References,
    rouge_types: Optional[Sequence[str]] = None,
    use_aggregator: bool = True,
    use_stemmer: bool = False,
    tokenizer: Optional[Any] = None,
    *,
    seed: Optional[int] = None,
) -> Union[dict[str, float], dict[str, list[float]]]:
    """Evaluate's rouge: per name, the per-pair F list, or (``use_aggregator``) one aggregated F.

    ``references``: one text per prediction, or one list of texts per prediction (the best F
    counts, rouge-score's ``score_multi``). ``rouge_types`` defaults to evaluate's ``rouge1``,
    ``rouge2``, ``rougeL``, ``rougeLsum`` (``rougeLsum`` needs one sentence per line).
    ``tokenizer``: a callable ``text -> list[str]`` replacing the default tokenizer, its lowercasing
    and ``use_stemmer`` included.

    The aggregated F is the median of 1,000 bootstrap resample means, so it is random: with
    ``seed=None`` it is drawn from numpy's global random state exactly as evaluate draws it (the
    same number under the same ``np.random.seed``); ``seed=k`` draws from a private
    ``np.random.RandomState(k)``, the number evaluate gives after ``np.random.seed(k)``, without
    touching the global state. For a mean with an interval use :func:`rouge_core.evaluate_corpus`.

    >>> compute(["the cat ran"], [["a dog", "the cat sat"]], rouge_types=["rouge1"], seed=0)
    {'rouge1': 0.6666666666666666}
    >>> compute(["a"], ["a", "b"])
    Traceback (most recent call last):
    ...
    ValueError: 1 predictions for 2 references: one reference (or list of references) per prediction
    """
    names = DEFAULT_TYPES if rouge_types is None else check_rouge_types(rouge_types)
    if not isinstance(use_aggregator, bool):
        raise ValueError(f"invalid use_aggregator={use_aggregator!r:.40}: True or False")
    _check_inputs(predictions, references)
    scorer = RougeScorer(list(names), use_stemmer=use_stemmer, tokenizer=tokenizer)
    fmeasures = {k: cols[2] for k, cols in scorer.columns(references, predictions).items()}
    if not use_aggregator:
        return {k: f.tolist() for k, f in fmeasures.items()}
    state = None if seed is None else np.random.RandomState(seed)
    # One measure after the other, in the scorer's order: the order rouge-score's aggregator draws in.
    return {k: bootstrap_percentiles(f, random_state=state)[1] for k, f in fmeasures.items()}


def _check_inputs(predictions: Sequence[str], references: References) -> None:
    for name, value in (("predictions", predictions), ("references", references)):
        if isinstance(value, str) or not isinstance(value, Sequence):
            raise ValueError(f"invalid {name}: a list, not {type(value).__name__}")
    if len(predictions) != len(references):
        raise ValueError(
            f"{len(predictions)} predictions for {len(references)} references: "
            "one reference (or list of references) per prediction"
        )
    if not predictions:
        raise ValueError("invalid predictions: an empty list (nothing to score)")
    # evaluate decides from the first item whether references are lists (score_multi) or texts.
    multi = not isinstance(references[0], str)
    for i, r in enumerate(references):
        if isinstance(r, str) == multi:
            want = "a list of texts" if multi else "a text"
            raise ValueError(f"invalid references[{i}]: {want} like references[0] (all texts, or all lists of texts)")
