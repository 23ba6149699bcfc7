"""Challenges: short tasks whose answer is a text the student writes, checked by the engine.

``CHALLENGES`` maps each challenge's id to its record (:class:`Challenge`), in teaching order. Each
record says the task, the measure property it teaches, a hint and a worked solution, and checks an
answer with :meth:`Challenge.check`, which scores it with :func:`rouge_core.score` and returns a
:class:`Verdict`: solved or not, the numbers compared, and what is still missing.

>>> list(CHALLENGES)
['bigrams-vs-lcs', 'recall-cheat', 'w-separates', 'tools-disagree', 'skip-gaps', 'stemming']
>>> c = CHALLENGES["bigrams-vs-lcs"]
>>> c.check(*c.solution_texts).solved, c.check(*c.start).solved
(True, False)
"""

from __future__ import annotations

from .counting import RECALL_CHEAT, STEMMING
from .model import MAX_CHARS, Box, Challenge, Compared, Verdict
from .order import BIGRAMS_VS_LCS, SKIP_GAPS, W_SEPARATES
from .tools import TOOLS_DISAGREE

CHALLENGES: dict[str, Challenge] = {
    c.id: c for c in (BIGRAMS_VS_LCS, RECALL_CHEAT, W_SEPARATES, TOOLS_DISAGREE, SKIP_GAPS, STEMMING)
}

__all__ = ["CHALLENGES", "MAX_CHARS", "Box", "Challenge", "Compared", "Verdict"]
