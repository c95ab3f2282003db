"""A bounded soak run: random keys, clicks and window sizes through every scene, no exception."""

from game.tools import soak


def test_bounded_soak_run_has_no_exceptions(home):
    report = soak.run(seed=7, steps=3000)
    assert report.errors == [], report.summary()
    assert report.keys > 1000
    assert report.clicks > 100
    assert report.matches >= 1, "random keys finished at least one short match"
