"""The seña census: every seña turn counted once, by what was passed."""

from __future__ import annotations

from game.tools.senas_census import KINDS, _kind, census


def test_each_turn_is_one_kind():
    legal = ["senas dos-reyes treinta-y-una", "senas dos-reyes", "senas treinta-y-una", "senas none"]
    assert _kind(legal, "senas dos-reyes treinta-y-una") == "whole set"
    assert _kind(legal, "senas dos-reyes") == "part of it"
    assert _kind(legal, "senas none") == "withheld"
    assert _kind(["senas ciego", "senas none"], "senas ciego") == "ciego"
    assert _kind(["senas ciego", "senas none"], "senas none") == "none, nothing to pass"


def test_easy_passes_every_seña_its_hand_fits():
    counts = census("easy", matches=3, seed=5)
    assert set(counts) <= set(KINDS)
    assert sum(counts.values()) >= 3  # at least one turn per seat and deal played
    assert counts["withheld"] == counts["part of it"] == counts["none, nothing to pass"] == 0
    assert counts["whole set"] > 0
