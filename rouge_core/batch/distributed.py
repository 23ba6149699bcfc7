"""Score a corpus on a Dask cluster, with the chunk functions of :mod:`rouge_core.batch`.

Dask is imported here only, when a function of this module runs: ``import rouge_core`` never
imports it. Install it with ``pip install "dask[distributed]"``; every worker of a remote cluster
needs rouge_core (the same version) installed too.

* :func:`score_files`: corpus files in (one file, one partition, read on the worker that scores it:
  no pair is pickled from here), one :class:`~rouge_core.batch.score.BatchResult` out, in file order,
  with the records' ids (:mod:`rouge_core.batch.files`). The route for a large corpus.
* :func:`score_bag`: a ``dask.bag.Bag`` of pairs in, one :class:`~rouge_core.batch.score.BatchResult`
  out (each partition scored on a worker, the columns gathered in bag order);
  :func:`rouge_core.batch.corpus.summarize_batch` then gives the corpus averages, intervals and totals.
* :func:`evaluate_bag`: the same bag, the :class:`~rouge_core.batch.corpus.CorpusReport` of
  :func:`rouge_core.evaluate_corpus` (per-pair results gathered; the bootstrap runs here, on them).
* :class:`DaskRunner`: a runner for ``score_batch(..., runner=...)`` and
  ``evaluate_corpus(..., runner=...)``: pairs held here are sent chunk by chunk, a bounded number
  in flight (what the command line's ``--scheduler`` and ``--dask-local`` use).
* :func:`local_cluster` and :func:`connect`: a client of a new local cluster (127.0.0.1 only, no
  dashboard) or of a running scheduler.

The numbers are those of the local run, to the last bit: every pair is scored by
:func:`rouge_core.score`, and the averages and the bootstrap are computed here from the gathered
per-pair results, in the same order.
"""

from __future__ import annotations

import logging
import warnings
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Optional, Sequence, TypeVar

from ..config import RougeConfig
from ..evaluate import MeasureResult
from .compact import Packed, pack, unpack
from .corpus import CorpusReport, corpus_report
from .files import file_paths, join_files, score_file
from .runners import interrupt_ignored, ordered
from .score import BatchResult, PairError, columns_chunk, concat, score_chunk

if TYPE_CHECKING:
    from dask.bag import Bag
    from distributed import Client

T = TypeVar("T")


class _PartitionError(Exception):
    """A pair that failed inside a bag partition: (partition number, index in it, cause)."""


def _run_partition(
    fn: Callable[[RougeConfig, int, list[Any]], T],
    config: RougeConfig,
    number: int,
    items: Iterable[Any],
) -> T:
    try:
        return fn(config, 0, list(items))
    except PairError as e:  # the partition does not know where it starts: the client does
        raise _PartitionError(number, e.index, e.cause) from None


def _gather_partitions(
    bag: Bag, fn: Callable[[RougeConfig, int, list[Any]], T], config: RougeConfig, client: Optional[Client]
) -> list[T]:
    import dask

    parts = bag.to_delayed(optimize_graph=True)
    tasks = [dask.delayed(_run_partition, pure=True)(fn, config, k, part) for k, part in enumerate(parts)]
    try:
        if client is not None:
            return list(client.gather(client.compute(tasks)))
        return list(dask.compute(*tasks))
    except _PartitionError as e:
        number, index, cause = e.args
        before = [dask.delayed(_count)(p) for p in parts[:number]]
        counts = client.gather(client.compute(before)) if client is not None else dask.compute(*before)
        raise PairError(sum(counts) + index, cause) from None


def _count(items: Iterable[Any]) -> int:
    return sum(1 for _ in items)


def score_bag(bag: Bag, config: RougeConfig = RougeConfig(), client: Optional[Client] = None) -> BatchResult:
    """Every pair of a Dask bag scored on the cluster, gathered as one :class:`BatchResult` (bag order).

    ``client``: the cluster to use (default: Dask's current scheduler, e.g. the last ``Client``
    made). A failing pair raises :class:`~rouge_core.batch.score.PairError` with its index in the bag.
    """
    parts = _gather_partitions(bag, columns_chunk, config, client)
    return concat(parts, config)


def score_files(
    paths: Sequence[str],
    config: RougeConfig = RougeConfig(),
    client: Optional[Client] = None,
    sentences: str = "lines",
    system: Optional[str] = None,
    **options: Any,
) -> BatchResult:
    """Every pair of the corpus files ``paths``, each file read and scored on a worker, gathered as one
    :class:`BatchResult` (file order, then record order) with the records' ids.

    Only the paths and the config go to the workers, and only the columns come back: a worker must
    see the files at the same paths (a shared or copied folder). A file is what
    :func:`rouge_core.batch.files.score_file` reads (any corpus format, ``.gz`` too, at most
    :data:`~rouge_core.io.readers.MAX_PAIRS` documents: keep a large corpus as shards); ``system``,
    ``sentences`` and ``options`` are its. ``client``: as :func:`score_bag`'s. The numbers are
    :func:`~rouge_core.batch.score.score_batch`'s on the same pairs; bad input raises the reader's
    :class:`~rouge_core.io.readers.ReadError` or a :class:`~rouge_core.batch.files.FileError`, each
    naming its file.
    """
    import dask

    names = file_paths(paths)
    # pure=False: a file may change between two calls; its result must not be taken from the last one
    read_and_score = dask.delayed(_score_file_packed, pure=False)
    tasks = [read_and_score(p, config, sentences, system, **options) for p in names]
    parts = client.gather(client.compute(tasks)) if client is not None else dask.compute(*tasks)
    return join_files([unpack(p) for p in parts], names, config)


def _score_file_packed(path: str, config: RougeConfig, sentences: str, system: Optional[str], **options: Any) -> Packed:
    # what a worker sends back: the columns in fewer bytes (5 MB, not 8.5, a 20,000-pair news shard)
    return pack(score_file(path, config, sentences, system, **options))


def evaluate_bag(
    bag: Bag,
    config: RougeConfig = RougeConfig(),
    ids: Optional[Sequence[str]] = None,
    peer_id: str = "X",
    client: Optional[Client] = None,
) -> CorpusReport:
    """:func:`rouge_core.evaluate_corpus` of a Dask bag of pairs: scored on the cluster, averaged here."""
    parts: list[list[dict[str, MeasureResult]]] = _gather_partitions(bag, score_chunk, config, client)
    return corpus_report([r for part in parts for r in part], config, ids, peer_id)


class DaskRunner:
    """Chunks scored as tasks of a Dask client, at most ``in_flight`` submitted and not yet collected
    (default: twice the cluster's threads), results in input order."""

    def __init__(self, client: Client, in_flight: Optional[int] = None) -> None:
        self.client = client
        self.workers = max(1, sum(client.nthreads().values()))
        self.in_flight = in_flight if in_flight is not None else 2 * self.workers
        if self.in_flight < 1:
            raise ValueError(f"invalid in_flight={in_flight!r}: expected a positive integer")

    def map(self, fn: Callable[[int, list[Any]], T], chunks: Iterable[tuple[int, list[Any]]]) -> Iterator[T]:
        """``fn`` of every chunk, in input order; a chunk whose task failed raises as soon as the scheduler
        says so, whatever its position (a task whose workers kept dying: :class:`~rouge_core.batch.runners.ChunkError`
        naming its pairs)."""
        from concurrent.futures import CancelledError

        from distributed import KilledWorker

        def submit(start: int, chunk: list[Any]) -> Any:
            return self.client.submit(fn, start, chunk, pure=False)

        return ordered(submit, chunks, self.in_flight, _wait_any, (KilledWorker, CancelledError))


def _wait_any(futures: list[Any]) -> None:
    """Block until one of the Dask ``futures`` is done (finished, failed or cancelled)."""
    from concurrent.futures import CancelledError

    from distributed import wait

    try:
        wait(futures, return_when="FIRST_COMPLETED")
    except CancelledError:  # a cancelled future is done: ordered() names it
        pass


#: Dask's setting for the allocator of the worker processes it starts, which :func:`local_cluster` leaves out.
TRIM_SETTING = "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_"
#: The Dask settings :func:`local_cluster` starts its cluster under: the same numbers for less CPU.
LOCAL_SETTINGS: dict[str, Any] = {
    TRIM_SETTING: None,  # None drops the variable from what the nannies set before starting a worker
    # A worker samples its task's stack every 10 ms for the dashboard's profile: there is no dashboard.
    "distributed.worker.profile.enabled": False,
    # Every process times its event loop every 20 ms, only to log a stall (below CRITICAL: silenced here).
    "distributed.admin.tick.interval": "200ms",
}


@contextmanager
def local_cluster(workers: int = 2, threads_per_worker: int = 1) -> Iterator[Client]:
    """A client of a new ``LocalCluster`` of ``workers`` processes, on 127.0.0.1 only, without a
    dashboard; closed when the block ends. Dask's log lines below CRITICAL are silenced (a failed task
    reaches the caller as an exception naming its pairs; a worker that loses the scheduler while the
    cluster closes, after a Ctrl-C, would print a heartbeat traceback), and the worker processes never
    see Ctrl-C: this process closes the cluster.

    The workers keep the C allocator's defaults: Dask starts its workers with
    ``MALLOC_TRIM_THRESHOLD_=65536`` (:data:`TRIM_SETTING`), which also turns off glibc's adaptive
    ``mmap`` threshold, so every array over 128 KiB a chunk of scoring or a file's reading makes is
    mapped afresh and faulted in page by page: about 5 % more CPU (system time) on news pairs for the
    same numbers. A ``MALLOC_TRIM_THRESHOLD_`` in this process's environment still reaches them (Dask's
    nannies put theirs there too: after a cluster started with Dask's settings in this process, it is back).
    Nor do the workers keep a statistical profile of their tasks (it feeds a dashboard, and there is none),
    and the event loops are timed every 200 ms rather than 20 (:data:`LOCAL_SETTINGS`): an idle
    2-worker cluster spent about 0.053 CPU-seconds a second, 0.023 of it here, which is ~4 % of a
    200,000-pair run at 6 s of wall time.

    >>> import dask
    >>> with dask.config.set(LOCAL_SETTINGS):  # what local_cluster starts its cluster under
    ...     dask.config.get(TRIM_SETTING, None), dask.config.get("distributed.worker.profile.enabled")
    (None, False)
    """
    import dask
    from distributed import Client, LocalCluster

    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"invalid workers={workers!r}: expected a positive integer")
    with ExitStack() as stack:
        with warnings.catch_warnings(), interrupt_ignored(), dask.config.set(LOCAL_SETTINGS):
            # Without a dashboard the scheduler still serves its small HTTP API on 127.0.0.1, on port
            # 8787 or, when that is taken (another cluster), any free port: not worth a warning.
            warnings.filterwarnings("ignore", message="Port .* is already in use", category=UserWarning)
            cluster = stack.enter_context(
                LocalCluster(
                    n_workers=workers,
                    threads_per_worker=threads_per_worker,
                    processes=True,
                    dashboard_address=None,
                    host="127.0.0.1",
                    silence_logs=logging.CRITICAL,
                )
            )  # closed by the stack from here on
        yield stack.enter_context(Client(cluster))


@contextmanager
def connect(address: str, timeout: float = 10.0) -> Iterator[Client]:
    """A client of the Dask scheduler at ``address`` (``tcp://host:port``), closed when the block ends."""
    from distributed import Client

    with Client(address, timeout=timeout) as client:
        yield client
