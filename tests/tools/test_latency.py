"""The arena's --latency report: every level's times, and the machine's speed beside them."""

from __future__ import annotations

import io

from game.tools import arena


def test_latency_prints_the_machine_speed_beside_the_times():
    out = io.StringIO()
    times = arena.latency("mus", {}, ["easy"], decisions=20, seed=3, out=out)
    text = out.getvalue()
    assert len(times["easy"]) >= 20
    assert "machine speed before:" in text and "machine speed after:" in text
    assert "reference deals/s" in text and "easy" in text
