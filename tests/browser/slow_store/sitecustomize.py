"""A deliberately slow annotation store for the browser tests: on a server started with this folder on
PYTHONPATH, every ``record`` sleeps ``ROUGE_LENS_TEST_RECORD_DELAY`` seconds (default 0.3) before it
writes, as a busy disk or a contended store would. Python imports ``sitecustomize`` at start-up."""

from __future__ import annotations

import functools
import os
import time
from typing import Any

from rouge_core.annotation.judgments import JudgmentsMixin

_DELAY = float(os.environ.get("ROUGE_LENS_TEST_RECORD_DELAY", "0.3"))
_record = JudgmentsMixin.record


@functools.wraps(_record)
def _slow_record(self: Any, *args: Any, **kwargs: Any) -> Any:
    time.sleep(_DELAY)
    return _record(self, *args, **kwargs)


JudgmentsMixin.record = _slow_record  # type: ignore[method-assign]
