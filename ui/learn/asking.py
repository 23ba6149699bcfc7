"""The questions a Learn walk asks with "Ask me first" on: :mod:`rouge_core.teach.questions`'s answer
key (JSON records the browser player checks answers against, see :mod:`ui.render.walk_player`)."""

from __future__ import annotations

import logging
from typing import Any, Sequence

from rouge_core.teach import questions

log = logging.getLogger(__name__)


def answer_records(walk: str, steps: Sequence[object], **context: Any) -> list[dict[str, object]]:
    """The answer key of ``walk``'s questions over ``steps`` (offset: steps before these in the player).

    >>> from rouge_core.teach.steps import lcs_steps
    >>> recs = answer_records("lcs_table", lcs_steps(["a"], ["a"]), reference=["a"], candidate=["a"])
    >>> recs[0]["step"], recs[0]["kind"], recs[0]["answer"]
    (1, 'number', 1.0)
    """
    try:
        return questions.answer_key(questions.walk_questions(walk, steps, **context))
    except ValueError as err:  # a walk the questions do not cover: the walk still steps, without asking
        log.warning("no questions for the %s walk: %s", walk, err)
        return []
