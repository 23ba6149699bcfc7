"""A :class:`~rouge_core.RougeConfig` with every default filled in and every "off" explicit.

A ``RougeConfig`` takes ``None`` for "the profile's default" (``tokenizer``, ``multi_ref``,
``flat_lcs``) and for "off" (``max_n``, ``wlcs_weight``, ``skip_distance``, ``word_limit``,
``byte_limit``). The engine reads :attr:`RougeConfig.resolved`, a :class:`ResolvedConfig` with no
Optional field: a switch and a value where a measure may be off, 0 where a limit is not set.

>>> from rouge_core import RougeConfig
>>> r = RougeConfig(profile="rouge-score", max_n=None, skip_distance=-1, word_limit=100).resolved
>>> r.tokenizer, r.multi_ref, r.flat_lcs, r.max_n, r.skip, r.skip_distance, r.word_limit, r.byte_limit
('rouge-score', 'best', True, 0, True, -1, 100, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Union, cast

if TYPE_CHECKING:  # config imports this module
    from .config import MultiRefMode, ProfileName, RougeConfig, TokenizerName
    from .text.custom_tokenizer import CustomTokenizer


@dataclass(frozen=True)
class ResolvedConfig:
    """What a config computes, without ``None``: ``max_n`` 0 is no ROUGE-N; ``wlcs`` and ``skip`` say
    whether ROUGE-W and the skip-bigram measures are on (``wlcs_weight`` and ``skip_distance``, -1 for
    any gap, are then their settings, else 1.0 and 0); a limit of 0 is no limit."""

    profile: ProfileName
    #: A registered tokenizer's name, or the record of a callable (``RougeConfig(tokenizer=fn)``).
    tokenizer: Union[TokenizerName, CustomTokenizer]
    multi_ref: MultiRefMode
    flat_lcs: bool
    max_n: int
    wlcs: bool
    wlcs_weight: float
    skip: bool
    skip_distance: int
    word_limit: int
    byte_limit: int

    @property
    def limited(self) -> bool:
        """Whether a length limit (words or bytes) applies.

        >>> from rouge_core import RougeConfig
        >>> RougeConfig().resolved.limited, RougeConfig(byte_limit=75).resolved.limited
        (False, True)
        """
        return bool(self.word_limit or self.byte_limit)


def resolve_config(config: RougeConfig) -> ResolvedConfig:
    """The :class:`ResolvedConfig` of a validated config (:attr:`RougeConfig.resolved` keeps it).

    >>> from rouge_core import RougeConfig
    >>> resolve_config(RougeConfig(wlcs_weight=None)).wlcs_weight, resolve_config(RougeConfig()).wlcs_weight
    (1.0, 1.2)
    """
    return ResolvedConfig(
        profile=config.profile,
        # RougeConfig.__post_init__ has filled these in from the profile
        tokenizer=cast("Union[TokenizerName, CustomTokenizer]", config.tokenizer),
        multi_ref=cast("MultiRefMode", config.multi_ref),
        flat_lcs=bool(config.flat_lcs),
        max_n=config.max_n or 0,
        wlcs=config.wlcs_weight is not None,
        wlcs_weight=1.0 if config.wlcs_weight is None else config.wlcs_weight,
        skip=config.skip_distance is not None,
        skip_distance=0 if config.skip_distance is None else config.skip_distance,
        word_limit=config.word_limit or 0,
        byte_limit=config.byte_limit or 0,
    )
