"""Worker pools for the measuring tools (arena, table fitting).

Pool workers are forked from the calling process. If that process has started pygame (the
tests do, and so could any program that imports a tool), SDL has put its own SIGTERM
handler in place, which turns the signal into a quit event instead of ending the process.
``Pool.terminate``, called by every ``with Pool(...)`` on leaving, ends idle workers with
SIGTERM; a worker that ignores it waits on the task queue for ever and the tool hangs (it
did, once in many test runs). So each worker puts the default handlers back first.
"""

from __future__ import annotations

import multiprocessing
import signal
from multiprocessing.pool import Pool


def _default_signals() -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)


def fork_pool(jobs: int) -> Pool:
    """A pool of ``jobs`` forked workers that SIGTERM ends whatever the parent's handlers are."""
    return multiprocessing.get_context("fork").Pool(jobs, initializer=_default_signals)
