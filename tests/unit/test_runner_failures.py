"""A chunk that fails, or whose worker dies, raises in the caller promptly, whatever its position
(rouge_core.batch.runners.ordered): a thread runner does not first wait for an earlier, slow chunk, and a
process pool whose worker is killed raises a ChunkError naming pairs instead of hanging."""

from __future__ import annotations

import os
import threading
import time

import pytest

from rouge_core.batch.runners import ChunkError, InlineRunner, ProcessRunner, ThreadRunner, chunked

RELEASE = threading.Event()
FIRST_ENDED = threading.Event()


def _slow_first_late_failure(start: int, chunk: list[int]) -> list[int]:
    # Chunk 0 holds its thread until the test releases it (20 s at most); the chunk at 6 fails at once.
    if start == 0:
        RELEASE.wait(20)
        FIRST_ENDED.set()
    if start == 6:
        raise ValueError("the chunk at 6 fails")
    return chunk


def _killing(start: int, chunk: list[int]) -> list[int]:
    # A worker process that dies inside a chunk (what a segfault or the OOM killer does).
    if start == 6:
        os._exit(3)
    time.sleep(0.05)
    return chunk


def test_a_late_failing_chunk_raises_before_an_earlier_slow_one_ends():
    RELEASE.clear()
    FIRST_ENDED.clear()
    with ThreadRunner(2, in_flight=4) as runner:
        try:
            with pytest.raises(ValueError, match="the chunk at 6 fails"):
                list(runner.map(_slow_first_late_failure, chunked(range(10), 2)))
            first_ended_first = FIRST_ENDED.is_set()
        finally:
            RELEASE.set()  # let chunk 0 end, so the pool can close
    # Order, not seconds: chunk 0 is still held when the error arrives (before: it came after chunk 0's 20 s).
    assert not first_ended_first


def test_results_stay_in_input_order_when_later_chunks_end_first():
    def slow_early(start: int, chunk: list[int]) -> list[int]:
        time.sleep(0.2 if start == 0 else 0.0)
        return [x * 10 for x in chunk]

    with ThreadRunner(3, in_flight=3) as runner:
        got = list(runner.map(slow_early, chunked(range(7), 2)))
    assert got == [[0, 10], [20, 30], [40, 50], [60]]


def test_a_killed_worker_process_is_a_chunk_error_not_a_hang():
    with ProcessRunner(2, in_flight=4) as runner:
        with pytest.raises(ChunkError) as e:
            list(runner.map(_killing, chunked(range(40), 2)))
    err = e.value
    # every chunk in flight fails with the pool, and the first failure the caller sees is named: on a
    # busy machine any chunk in flight when the worker died (the killing chunk at 6 and up to three
    # after it, or one before it still running) can be that one
    assert err.size == 2 and err.start % 2 == 0 and err.start <= 6 + 2 * 3
    assert str(err).startswith(f"pairs {err.start} to {err.start + 1} (counting from 0): ")
    assert "BrokenProcessPool" in str(err)


def test_chunk_error_text():
    assert str(ChunkError(512, 512, "KilledWorker: the workers died")) == (
        "pairs 512 to 1023 (counting from 0): KilledWorker: the workers died"
    )
    assert str(ChunkError(3, 1, "x")) == "pair 3 (counting from 0): x"


def test_inline_runner_is_unchanged():
    assert list(InlineRunner().map(lambda s, c: c, chunked(range(3), 2))) == [[0, 1], [2]]
