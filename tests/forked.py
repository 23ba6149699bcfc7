"""Reading what a forked test child writes, with a deadline: a child that deadlocks (a fork taken while
another thread held a lock) is killed and fails its test instead of hanging the run."""

from __future__ import annotations

import os
import select
import signal
import time

import pytest


def read_all(fd: int, pid: int, seconds: float = 60) -> bytes:
    """Everything the child ``pid`` writes to ``fd`` until it ends; a child still running after
    ``seconds`` is killed and the test fails."""
    deadline = time.monotonic() + seconds
    chunks = []
    with os.fdopen(fd, "rb", buffering=0) as pipe:
        while True:
            ready, _, _ = select.select([pipe], [], [], max(deadline - time.monotonic(), 0))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                pytest.fail(f"the forked child did not finish within {seconds:g} s")
            chunk = pipe.read(65536)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
