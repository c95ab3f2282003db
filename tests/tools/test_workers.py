"""The tools' worker pools end on SIGTERM even when the parent catches it (as SDL does)."""

from __future__ import annotations

import signal

from game.tools.workers import fork_pool


def _sigterm_handler(_: int) -> object:
    return signal.getsignal(signal.SIGTERM)


def test_pool_workers_take_sigterm_as_the_end_whatever_the_parent_does() -> None:
    # pygame's SDL turns SIGTERM into a quit event; forked workers would inherit that, ignore
    # Pool.terminate's signal and hang the tool. A Python handler stands in for SDL's here.
    previous = signal.signal(signal.SIGTERM, lambda *_: None)
    try:
        with fork_pool(2) as pool:
            handlers = pool.map(_sigterm_handler, range(4))
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert handlers == [signal.SIG_DFL] * 4
