"""A deliberately slow annotation store for the browser tests: on a server started with this folder on
PYTHONPATH, every ``record`` sleeps ``ROUGE_LENS_TEST_RECORD_DELAY`` seconds (default 0.3) before it
writes, as a busy disk or a contended store would. Python imports ``sitecustomize`` at start-up.

With ``ROUGE_LENS_TEST_RUN_LOG`` set, every script run also appends one line to that file: ``fragment``
for a run of fragments only, ``page`` for a run of the whole page, ``stopped`` for a run another one
cut short (a test can count them)."""

from __future__ import annotations

import functools
import os
import time
from typing import Any

from streamlit.runtime.scriptrunner.script_runner import ScriptRunner

from annotation.judgments import JudgmentsMixin

_DELAY = float(os.environ.get("ROUGE_LENS_TEST_RECORD_DELAY", "0.3"))
_record = JudgmentsMixin.record


@functools.wraps(_record)
def _slow_record(self: Any, *args: Any, **kwargs: Any) -> Any:
    time.sleep(_DELAY)
    return _record(self, *args, **kwargs)


JudgmentsMixin.record = _slow_record  # type: ignore[method-assign]


_RUN_LOG = os.environ.get("ROUGE_LENS_TEST_RUN_LOG")
_finished = ScriptRunner._on_script_finished


@functools.wraps(_finished)
def _logged_finish(self: Any, ctx: Any, event: Any, *args: Any, **kwargs: Any) -> Any:
    if _RUN_LOG:
        kind = {"FRAGMENT_STOPPED_WITH_SUCCESS": "fragment", "SCRIPT_STOPPED_WITH_SUCCESS": "page"}
        with open(_RUN_LOG, "a", encoding="utf-8") as log:
            log.write(kind.get(event.name, "stopped") + "\n")
    return _finished(self, ctx, event, *args, **kwargs)


ScriptRunner._on_script_finished = _logged_finish  # type: ignore[method-assign]
