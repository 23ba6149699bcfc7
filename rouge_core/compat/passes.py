"""How a :class:`rouge_core.compat.RougeScorer` is computed: one rouge_core config per pass over the pairs.

Usually one pass serves every name. ``rougeLsum`` gets a pass of its own when it reads other
sentences than the lines (``split_summaries=True``: punkt's) or when a custom tokenizer must see
whole texts for the other names (see :mod:`rouge_core.compat.lines`).

>>> [p.names for p in plan(("rouge1", "rougeLsum"), False, False, None)]
[('rouge1', 'rougeLsum')]
>>> [p.names for p in plan(("rouge1", "rougeLsum"), False, False, str.split)]
[('rouge1',), ('rougeLsum',)]
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Optional, Sequence, Union

from ..config import RougeConfig
from ..text.tokenize import TextInput
from .lines import Restore, punkt_lines, whole_text
from .names import config_for

#: rouge-score's targets of one prediction: one text (``score``) or several (``score_multi``).
Targets = Union[str, list[str]]
#: What a pass hands rouge_core for one pair: the prediction and its target(s), as lines.
Prepared = tuple[TextInput, Union[TextInput, list[TextInput]]]


@dataclass(frozen=True)
class Pass:
    """One rouge_core config, the rouge-score names it reports, and how a pair's texts are prepared for it."""

    config: RougeConfig
    names: tuple[str, ...]
    lines: Callable[[str], TextInput]

    def prepare(self, pair: tuple[str, Targets]) -> Prepared:
        """``(prediction, targets)`` as this pass's rouge_core input (the candidate first).

        >>> Pass(config_for(("rouge1",), False), ("rouge1",), str.split).prepare(("a b", "c d"))
        (['a', 'b'], [['c', 'd']])
        """
        prediction, targets = pair
        # Always a list of references: rouge_core reads a lone list of strings as several references,
        # and a split target is a list of sentences.
        return self.lines(prediction), [self.lines(t) for t in ([targets] if isinstance(targets, str) else targets)]


def _same(text: str) -> str:
    return text


def plan(names: tuple[str, ...], use_stemmer: bool, split_summaries: bool, tokenizer: Any) -> list[Pass]:
    """The passes that compute ``names`` as rouge-score's ``RougeScorer(names, use_stemmer,
    split_summaries, tokenizer)`` would (``ValueError`` naming a bad argument).

    >>> plan(("rouge1",), False, "yes", None)
    Traceback (most recent call last):
    ...
    ValueError: invalid split_summaries='yes': True or False
    """
    if not isinstance(split_summaries, bool):
        raise ValueError(f"invalid split_summaries={split_summaries!r:.40}: True or False")
    custom = _custom(tokenizer)
    if custom is None and not split_summaries:
        return [Pass(config_for(names, use_stemmer), names, _same)]
    if split_summaries and "rougeLsum" in names:
        from ..text.punkt import check_punkt  # nltk is imported only when punkt is asked for

        check_punkt()  # refuse now, naming what is missing, rather than at the first score
    flat = tuple(n for n in names if n != "rougeLsum")
    passes = []
    if flat:
        # A custom tokenizer gets each whole text in one call, as rouge-score's rougeN and rougeL give it.
        whole: Callable[[str], TextInput] = _same if custom is None else whole_text
        passes.append(Pass(_config(flat, use_stemmer, custom, whole=True), flat, whole))
    if "rougeLsum" in names:
        keep = custom is not None
        lines: Callable[[str], TextInput] = (lambda t: punkt_lines(t, keep)) if split_summaries else _same
        passes.append(Pass(_config(("rougeLsum",), use_stemmer, custom, whole=False), ("rougeLsum",), lines))
    return passes


#: A caller's tokenizer and the name its signature gives it.
Custom = tuple[Callable[[str], Sequence[str]], str]


def _config(names: tuple[str, ...], use_stemmer: bool, custom: Optional[Custom], whole: bool) -> RougeConfig:
    config = config_for(names, use_stemmer)
    if custom is None:
        return config
    from ..text.custom_tokenizer import CustomTokenizer

    fn, name = custom
    # rouge-score builds its (stemming) default tokenizer only when it is given none.
    return replace(config, tokenizer=CustomTokenizer.of(Restore(fn, whole), name=name), stem=False)


def _custom(tokenizer: Any) -> Optional[Custom]:
    """rouge-score's ``tokenizer`` as a callable and its name (None: the default tokenizer)."""
    if not tokenizer:  # rouge-score's own test: ``if tokenizer:``
        return None
    fn: Callable[[str], Sequence[str]]
    method = getattr(tokenizer, "tokenize", None)
    if isinstance(tokenizer, type) and method is not None:
        raise ValueError(f"invalid tokenizer={tokenizer.__qualname__} (a class): pass an instance of it")
    if callable(method):
        fn = method
    elif callable(tokenizer):
        fn = tokenizer  # a function, or a class called on the text (``list``: one token per character)
    else:
        raise ValueError(
            f"invalid tokenizer={tokenizer!r:.60}: an object with a tokenize(text) method, or a callable text -> tokens"
        )
    from ..text.custom_tokenizer import CustomTokenizer, clean_name

    # The signature names the caller's tokenizer (tok:custom:<name>), not the wrapper around it.
    return fn, clean_name(tokenizer.__qualname__) if isinstance(tokenizer, type) else CustomTokenizer.of(tokenizer).name
