"""Worker processes that end with the run, whatever ends it.

``timeout`` and a cancelled CI job send SIGTERM to the parent; Ctrl-C sends SIGINT to the
whole process group; the out-of-memory killer takes one worker. In each case the run must end
with a clear word and an exit status a gate can trust, and no worker may outlive it holding
the pipes (a CI step waits for every holder of its output pipe). So:

- the parent turns SIGTERM into :class:`Terminated` (a ``KeyboardInterrupt``, reported as an
  interruption) while a pool runs, and on any way out kills its workers and reaps them;
- a worker ignores SIGINT (the parent decides) and, on Linux, asks the kernel to kill it when
  the parent dies, even by SIGKILL;
- a worker that dies is one internal error naming the files it took with it; the results of
  every job that finished are kept.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

Job = TypeVar("Job")
Done = TypeVar("Done")


class Terminated(KeyboardInterrupt):
    """SIGTERM reached the parent: end the run as an interruption does."""


def prepare_worker() -> None:
    """In a new worker: leave interruptions to the parent and die with it."""
    with contextlib.suppress(ValueError, OSError):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent()


def _die_with_parent() -> None:
    """Linux's ``PR_SET_PDEATHSIG``: SIGKILL this process when its parent ends."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)  # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - not Linux after all
        pass


def release_memory() -> None:
    """Hand the heap's free pages back to the system (glibc's ``malloc_trim``).

    A job of many rows frees tens of megabytes of objects at its end; the allocator keeps
    the pages for reuse, fragmented, so a worker's resident size would ratchet up job by job.
    Trimming costs a few milliseconds per job. Elsewhere (no glibc) it does nothing.
    """
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):  # pragma: no cover - musl or no C library found
        pass


@contextlib.contextmanager
def sigterm_interrupts() -> Iterator[None]:
    """While inside, SIGTERM raises :class:`Terminated` in the main thread."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminated(signum: int, frame: object) -> None:
        raise Terminated()

    try:
        previous = signal.signal(signal.SIGTERM, terminated)
    except (ValueError, OSError):
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def end_pool(pool: ProcessPoolExecutor) -> None:
    """Kill every worker of ``pool`` now and reap them: nothing outlives the run."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            process.kill()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(OSError, ValueError, AssertionError, AttributeError):
            process.join(5)


def ordered_results(
    make_pool: Callable[[], ProcessPoolExecutor],
    function: Callable[[list[Job]], list[Done]],
    batches: Sequence[list[Job]],
    lost: Callable[[list[Job], list[Job], str], list[Done]],
) -> Iterator[Done]:
    """Every batch's results in batch order, from pools made by ``make_pool``.

    When a worker dies, the batches that finished are kept and the rest go to one fresh pool;
    what that one cannot finish either (a file that kills every worker that reads it) goes to
    ``lost`` with why, once, as a whole (with the jobs that were run again). The last pool is
    shut down on the way out, however the way out comes (SIGTERM, Ctrl-C, a reader that
    stopped early): its workers are killed.
    """
    pending, reason = list(batches), ""
    missing: list[Job] = []
    retried: list[Job] = []
    for attempt in range(2):
        pool = make_pool()
        try:
            failed = yield from _drain(pool, function, pending)
        except BaseException:
            end_pool(pool)
            raise
        if not failed:
            # waited for here: a pool shut down without waiting can have its exit hook write
            # to a wake-up pipe its manager thread has just closed (Python 3.11 then prints
            # "Exception ignored in threading._shutdown" on stderr at exit)
            pool.shutdown(wait=True)
            break
        reason = reason or _why_broken(pool)
        retried = retried or [job for batch in failed for job in batch]
        end_pool(pool)
        pending = failed
        if attempt == 1:
            missing = [job for batch in failed for job in batch]
    if reason:
        yield from lost(retried, missing, reason)


def _drain(
    pool: ProcessPoolExecutor, function: Callable[[list[Job]], list[Done]], batches: list[list[Job]]
) -> Generator[Done, None, list[list[Job]]]:
    """Yield the batches' results in order up to the first that a dead worker lost; return
    that one and every later one not yet yielded."""
    futures: list[Future[list[Done]] | None] = [pool.submit(function, b) for b in batches]
    for index, future in enumerate(futures):
        assert future is not None
        try:
            results = future.result()
        except BrokenProcessPool:
            return batches[index:]
        # a done future keeps its result: dropped here, or every batch's results (a dataset
        # run's packed findings, megabytes a fragment) would stay in the parent to the end
        futures[index] = future = None
        yield from results
    return []


def _why_broken(pool: Any) -> str:
    """How a dead worker ended, as far as its exit code tells."""
    codes = [
        getattr(p, "exitcode", None) for p in (getattr(pool, "_processes", None) or {}).values()
    ]
    # the pool sends SIGTERM to the survivors itself: another signal is the cause
    signals = sorted({-c for c in codes if c is not None and c < 0}, key=lambda s: s == 15)
    with contextlib.suppress(ValueError, IndexError):
        return f"was killed by {signal.Signals(signals[0]).name}"
    return "ended unexpectedly"
