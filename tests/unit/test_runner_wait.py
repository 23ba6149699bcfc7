"""rouge_core.batch.runners.ordered waits for chunks without spinning (issue 22, target 6): with a later
chunk done before the first, the caller's thread used to wake at once on every wait and hold the GIL
the scoring threads need, until the first chunk ended."""

from __future__ import annotations

import threading
from typing import Any, Optional

import pytest

from rouge_core.batch.runners import ThreadRunner, chunked, ordered, wait_pool


class _Future:
    """Just what :func:`ordered` asks of a future; ``done`` until a test says otherwise."""

    def __init__(self, value: Any, done: bool = True, error: Optional[BaseException] = None) -> None:
        self.value, self._done, self.error = value, done, error

    def done(self) -> bool:
        return self._done

    def cancelled(self) -> bool:
        return False

    def exception(self) -> Optional[BaseException]:
        return self.error

    def result(self) -> Any:
        if self.error is not None:
            raise self.error
        return self.value

    def cancel(self) -> bool:
        return False


def test_a_wait_is_for_the_chunks_still_running() -> None:
    futures = [_Future("a", done=False), _Future("b"), _Future("c", done=False), _Future("d")]
    waits: list[list[str]] = []

    def wait_any(fs: list[Any]) -> None:
        assert all(not f.done() for f in fs), "a done future ends a wait at once: the caller spins"
        waits.append([f.value for f in fs])
        for f in fs:  # one wait, and every chunk still running ends
            f._done = True

    it = iter(futures)
    got = list(ordered(lambda start, chunk: next(it), chunked(range(8), 2), in_flight=4, wait_any=wait_any))
    assert got == ["a", "b", "c", "d"] and waits == [["a", "c"]]


def test_a_failure_among_the_done_chunks_still_raises_first() -> None:
    futures = [_Future("a", done=False), _Future("b", error=ValueError("chunk 2 fails"))]
    it = iter(futures)
    with pytest.raises(ValueError, match="chunk 2 fails"):
        list(ordered(lambda start, chunk: next(it), chunked(range(4), 2), in_flight=2, wait_any=lambda fs: None))


def test_the_caller_sleeps_while_a_slow_first_chunk_runs() -> None:
    """Real threads: chunk 0 ends 0.3 s after chunk 1; meanwhile the caller waits a few times, not
    thousands (before: every wait ended at once, chunk 1 being done)."""
    release = threading.Event()
    later_done = threading.Event()

    def fn(start: int, chunk: list[int]) -> list[int]:
        if start == 0:
            later_done.wait(10)
            release.wait(0.3)  # never set: 0.3 s with chunk 1 done
        else:
            later_done.set()
        return chunk

    waits = [0]

    def counting(fs: list[Any]) -> None:
        waits[0] += 1
        wait_pool(fs)

    with ThreadRunner(2, in_flight=2) as runner:
        pool = runner.pool()
        got = list(ordered(lambda s, c: pool.submit(fn, s, c), chunked(range(4), 2), 2, counting))
    assert got == [[0, 1], [2, 3]]
    assert waits[0] <= 3
