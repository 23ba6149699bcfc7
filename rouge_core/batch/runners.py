"""Where the chunks of a batch run: in this process, or in worker processes.

A *runner* maps a chunk function over ``(start, chunk)`` items and yields the results in
input order, with a bounded number of chunks in flight, so an iterator of pairs is never
held whole. :class:`InlineRunner` scores in this process; :class:`ProcessRunner` in ``N``
processes (:class:`concurrent.futures.ProcessPoolExecutor`, started by ``forkserver`` where
the platform has it, so a process with threads, like the app's or a Dask client's, forks
safely). The Dask runner lives in :mod:`rouge_core.batch.distributed`.

:class:`ThreadRunner` runs chunks in threads of this process: for the compiled chunk path
(:mod:`rouge_core.batch.compiled`), whose kernels release the GIL while they count, threads run in
parallel with no pickling and no start-up; the per-pair path is Python that holds the GIL, so
it takes processes. :func:`rouge_core.score_batch` picks one by the config.

>>> with ProcessRunner(2) as r:
...     list(r.map(_square, [(0, [1, 2]), (2, [3])]))
[[1, 4], [9]]
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections import deque
from concurrent.futures import (
    FIRST_COMPLETED,
    BrokenExecutor,
    CancelledError,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    wait,
)
from contextlib import contextmanager
from itertools import islice
from types import TracebackType
from typing import Any, Callable, Iterable, Iterator, Optional, Protocol, TypeVar

T = TypeVar("T")
R = TypeVar("R", bound="_PoolRunner")
Item = TypeVar("Item")


class Runner(Protocol):
    """Maps ``fn`` over ``(start, chunk)`` items, yielding ``fn(start, chunk)`` in input order."""

    def map(self, fn: Callable[[int, list[Any]], T], chunks: Iterable[tuple[int, list[Any]]]) -> Iterator[T]: ...


def cores() -> int:
    """The cores this process may run on (``sched_getaffinity``, else ``os.cpu_count()``).

    >>> cores() >= 1
    True
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every platform (macOS, Windows)
        return max(1, os.cpu_count() or 1)


def resolve_workers(workers: int) -> int:
    """``workers`` as a process count: 0 means every core; negative or not an int is a ``ValueError``.

    >>> resolve_workers(3), resolve_workers(0) == cores()
    (3, True)
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
        raise ValueError(f"invalid workers={workers!r}: expected 0 (every core) or a positive integer")
    return workers or cores()


def chunked(items: Iterable[Item], size: int) -> Iterator[tuple[int, list[Item]]]:
    """``(start, chunk)`` of ``size`` items each (the last may be shorter), read lazily.

    >>> list(chunked(iter("abcde"), 2))
    [(0, ['a', 'b']), (2, ['c', 'd']), (4, ['e'])]
    """
    if size < 1:
        raise ValueError(f"invalid chunk_size={size!r}: expected a positive integer")
    it = iter(items)
    start = 0
    while True:
        chunk = list(islice(it, size))
        if not chunk:
            return
        yield start, chunk
        start += len(chunk)


class InlineRunner:
    """Runs every chunk in this process, one at a time, when it is asked for."""

    def map(self, fn: Callable[[int, list[Any]], T], chunks: Iterable[tuple[int, list[Any]]]) -> Iterator[T]:
        for start, chunk in chunks:
            yield fn(start, chunk)


class ChunkError(RuntimeError):
    """A chunk that could not be scored because its worker stopped (a killed process, a Dask task whose
    workers died): the pairs it held (``start``, ``size``, counting from 0) and the cause.

    >>> str(ChunkError(512, 512, "KilledWorker: ..."))
    'pairs 512 to 1023 (counting from 0): KilledWorker: ...'
    """

    def __init__(self, start: int, size: int, cause: str) -> None:
        super().__init__(start, size, cause)
        self.start, self.size, self.cause = start, size, cause

    def __str__(self) -> str:
        where = f"pair {self.start}" if self.size == 1 else f"pairs {self.start} to {self.start + self.size - 1}"
        return f"{where} (counting from 0): {self.cause}"


#: Exceptions of a pool's futures that say the worker stopped, not that the chunk function raised.
POOL_LOST: tuple[type[BaseException], ...] = (BrokenExecutor, CancelledError)


def wait_pool(futures: list[Any]) -> None:
    """Block until one of ``futures`` (:mod:`concurrent.futures`) is done."""
    wait(futures, return_when=FIRST_COMPLETED)


def ordered(
    submit: Callable[[int, list[Any]], Any],
    chunks: Iterable[tuple[int, list[Any]]],
    in_flight: int,
    wait_any: Callable[[list[Any]], None] = wait_pool,
    lost: tuple[type[BaseException], ...] = POOL_LOST,
) -> Iterator[Any]:
    """Submit chunks, at most ``in_flight`` unfinished, and yield their results in input order.

    ``submit(start, chunk)`` returns a future with ``done()``, ``cancelled()``, ``exception()``,
    ``result()`` and ``cancel()``; ``wait_any(futures)`` blocks until one of them is done. A chunk
    that fails raises as soon as it is done, whatever its position (results wait in their futures
    until their turn): its own exception, or, for the ``lost`` kinds (its worker stopped), a
    :class:`ChunkError` naming its pairs. Futures not yet collected are cancelled when the consumer
    stops early or a chunk fails.
    """
    pending: deque[tuple[int, int, Any]] = deque()
    try:
        for start, chunk in chunks:
            pending.append((start, len(chunk), submit(start, chunk)))
            while len(pending) >= in_flight:
                yield _next(pending, wait_any, lost)
        while pending:
            yield _next(pending, wait_any, lost)
    finally:
        for _, _, f in pending:
            f.cancel()


def _next(
    pending: deque[tuple[int, int, Any]], wait_any: Callable[[list[Any]], None], lost: tuple[type[BaseException], ...]
) -> Any:
    """The first pending chunk's result, once it is done; first, any failed chunk raises.

    Only the chunks not yet done are waited for: a later chunk done first would otherwise end every
    wait at once, and this thread would spin, holding the GIL the scoring threads need, until the
    first chunk is done. A chunk that finishes during the wait ends it and is checked next time.
    """
    while True:
        running = []
        for start, size, f in pending:  # in input order: the first failure is the one named
            if not f.done():
                running.append(f)
            elif f.cancelled() or f.exception() is not None:
                _result(start, size, f, lost)
        if not running or running[0] is not pending[0][2]:  # the first chunk is done, and did not fail
            return _result(*pending.popleft(), lost)
        wait_any(running)


def _result(start: int, size: int, future: Any, lost: tuple[type[BaseException], ...]) -> Any:
    try:
        return future.result()
    except lost as e:
        raise ChunkError(start, size, f"{type(e).__name__}: {e}") from e


#: The module whose import loads the kernels (:mod:`rouge_core.kernels.preload`).
PRELOAD = "rouge_core.kernels.preload"


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        # Imported once, in the server: the package, and the compiled kernels loaded (the workers
        # forked from it start with them).
        ctx.set_forkserver_preload(["rouge_core.batch.score", PRELOAD])
        return ctx
    return multiprocessing.get_context("spawn")


class _PoolRunner:
    """A pool of ``workers`` (0: every core) started on first use and kept until :meth:`close` (or
    the ``with`` block ends), with at most ``in_flight`` chunks queued or running."""

    def __init__(self, workers: int = 0, in_flight: Optional[int] = None) -> None:
        self.workers = resolve_workers(workers)
        self.in_flight = in_flight if in_flight is not None else 2 * self.workers
        if self.in_flight < 1:
            raise ValueError(f"invalid in_flight={in_flight!r}: expected a positive integer")
        self._pool: Optional[Executor] = None

    def _start(self) -> Executor:
        raise NotImplementedError

    def pool(self) -> Executor:
        if self._pool is None:
            self._pool = self._start()
        return self._pool

    def map(self, fn: Callable[[int, list[Any]], T], chunks: Iterable[tuple[int, list[Any]]]) -> Iterator[T]:
        pool = self.pool()

        def submit(start: int, chunk: list[Any]) -> Future[T]:
            return pool.submit(fn, start, chunk)

        return ordered(submit, chunks, self.in_flight)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def __enter__(self: R) -> R:
        return self

    def __exit__(
        self, kind: Optional[type[BaseException]], value: Optional[BaseException], tb: Optional[TracebackType]
    ) -> None:
        self.close()


class ProcessRunner(_PoolRunner):
    """Chunks in ``workers`` processes (0: every core), at most ``in_flight`` chunks queued or running.

    The pool starts on first use and is kept until :meth:`close` (or the ``with`` block ends), so
    several corpora can share it. A chunk function carries its config (the stem exception table
    included), so workers score as this process would.
    """

    def _start(self) -> Executor:
        ctx = _context()
        if ctx.get_start_method() == "forkserver":
            # The server imports the kernels (seconds on a busy machine) before it shields itself from
            # Ctrl-C; started with SIGINT ignored, a terminal's Ctrl-C cannot print its traceback.
            from multiprocessing import forkserver  # Unix only

            with interrupt_ignored():
                forkserver.ensure_running()
        return ProcessPoolExecutor(self.workers, mp_context=ctx, initializer=ignore_interrupt)


class ThreadRunner(_PoolRunner):
    """Chunks in ``workers`` threads of this process (0: every core), at most ``in_flight`` chunks
    queued or running: parallel where the chunk function runs compiled kernels that release the
    GIL (:mod:`rouge_core.batch.compiled`).

    >>> with ThreadRunner(2) as r:
    ...     list(r.map(_square, [(0, [1, 2]), (2, [3])]))
    [[1, 4], [9]]
    """

    def _start(self) -> Executor:
        return ThreadPoolExecutor(self.workers, thread_name_prefix="rouge-chunk")


def ignore_interrupt() -> None:
    """How a worker process starts: Ctrl-C (sent by a terminal to every process of the job) is for the
    parent, which shuts the pool down; a worker printing its own ``KeyboardInterrupt`` would only add
    tracebacks."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def interrupt_ignored() -> Iterator[None]:
    """SIGINT ignored while the block runs, so processes started in it ignore it too: a process started
    with SIGINT ignored keeps ignoring it (Python installs its ``KeyboardInterrupt`` handler only where
    SIGINT has its default action). A terminal's Ctrl-C reaches every process of the job; this process
    shuts its workers down, and a worker would only print a traceback. A Ctrl-C inside the block is
    lost. Outside the main thread nothing changes (signal handlers are set there).

    >>> with interrupt_ignored():
    ...     signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    True
    """
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_DFL if previous is None else previous)


def _square(start: int, chunk: list[int]) -> list[int]:
    # The module docstring's example (a chunk function must be importable by the workers).
    return [x * x for x in chunk]
