"""The ceiling report (game.tools.ceiling): Hard's share of the oracle's edge, from records files."""

from __future__ import annotations

import io
import json
import math
from pathlib import Path

import pytest

from game.tools import arena, ceiling

# Three seeds of Klaberjass matches (2 rotations, fair share 1/2), one deal per game.
# The oracle: a margin of 5 in every deal, every match won.
# Hard: margins 1, 2, 3 a deal on seeds 1, 2, 3; match shares 0.5, 0.75, 1.0.
ORACLE_GROUPS = {s: [(1.0, 5.0), (1.0, 5.0)] for s in (1, 2, 3)}
HARD_GROUPS = {1: [(0.5, 1.0), (0.5, 1.0)], 2: [(1.0, 2.0), (0.5, 2.0)], 3: [(1.0, 3.0), (1.0, 3.0)]}


def _line(a: str, seed: int, games: list[tuple[float, float]]) -> str:
    run = {"game": "klaberjass", "a": a, "b": "normal", "options": [], "deals_only": False}
    records = [
        {"seed": seed, "rotation": r, "match": match, "deals": [[1, 1.0, margin]], "actions": 40}
        for r, (match, margin) in enumerate(games)
    ]
    return json.dumps({"run": run, "records": records})


@pytest.fixture
def records(tmp_path: Path) -> Path:
    """A hand-made records file: both runs, plus a seed only Hard has and a line of another run."""
    lines = [_line("oracle", s, g) for s, g in ORACLE_GROUPS.items()]
    lines += [_line("hard", s, g) for s, g in HARD_GROUPS.items()]
    lines.append(_line("hard", 9, [(0.0, -50.0), (0.0, -50.0)]))
    lines.append(_line("easy", 1, [(0.0, -80.0), (0.0, -80.0)]))
    path = tmp_path / "ceiling.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_the_shares_and_their_intervals_from_a_hand_made_file(records: Path) -> None:
    out = io.StringIO()
    c = ceiling.run("klaberjass", "normal", 6, records, seed=1, play=False, out=out)
    assert c.seeds == 3
    assert (c.oracle_margin, c.hard_margin) == (5.0, 2.0)
    assert (c.oracle_match, c.hard_match) == (1.0, 0.75)
    # margin: (12 / 6) / (30 / 6) = 0.4; per seed (d / (b c)) (m_i - a) = (2 / 20) (2, 4, 6 - 4)
    share, half = c.margin_share
    assert share == pytest.approx(0.4)
    assert half == pytest.approx(1.96 * 0.2 / math.sqrt(3))
    # matches: (0.75 - 0.5) / (1.0 - 0.5) = 0.5; per seed (w_i - 0.75) / 0.5 = -0.5, 0, 0.5
    share, half = c.match_share
    assert share == pytest.approx(0.5)
    assert half == pytest.approx(1.96 * 0.5 / math.sqrt(3))
    text = out.getvalue()
    assert "hard's share of the oracle's margin: 0.40 (95% CI 0.17 .. 0.63)" in text
    assert "hard's share of the oracle's match gain over the fair share: 0.50 (95% CI -0.07 .. 1.07)" in text
    assert "klaberjass: A = oracle against B = normal" in text  # each run's arena figures too


def test_the_command_line_reads_the_file_without_playing(
    records: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_play(task: arena.Task) -> list[arena.GameRecord]:
        raise AssertionError("nothing should be played")

    monkeypatch.setattr(arena, "run_task", no_play)
    ceiling.main(["--game", "klaberjass", "--matches", "6", "--seed", "1", "--records", str(records), "--no-play"])
    assert "0.40 (95% CI 0.17 .. 0.63)" in capsys.readouterr().out
    # playing finds every seed recorded, so plays nothing either
    ceiling.main(["--game", "klaberjass", "--matches", "6", "--seed", "1", "--records", str(records)])
    assert "6 games already recorded" in capsys.readouterr().out


def test_only_seeds_both_runs_recorded_are_paired() -> None:
    def group(seed: int, margin: float) -> list[arena.GameRecord]:
        return [arena.GameRecord(seed, r, 0.5, [(1, 0.5, margin)]) for r in range(2)]

    c = ceiling.compare("klaberjass", {1: group(1, 1.0), 2: group(2, 3.0)}, {2: group(2, 6.0), 3: group(3, 9.0)})
    assert c.seeds == 1
    assert c.margin_share[0] == pytest.approx(0.5)
    assert math.isnan(c.margin_share[1])  # one seed: no interval
    assert math.isnan(c.match_share[0])  # the oracle gained no match share: undefined
    with pytest.raises(ValueError, match="no seed"):
        ceiling.compare("klaberjass", {1: group(1, 1.0)}, {2: group(2, 1.0)})


def test_a_tiny_ceiling_run_plays_both_rows_on_the_same_seeds(tmp_path: Path) -> None:
    path = tmp_path / "tiny.jsonl"
    out = io.StringIO()
    c = ceiling.run("mus", "normal", 2, path, seed=40, deals_only=True, jobs=1, out=out)
    assert c.seeds == 1
    runs = {json.loads(line)["run"]["a"] for line in path.read_text(encoding="utf-8").splitlines()}
    assert runs == {"oracle", "hard"}
    assert "hard's share of the oracle's margin" in out.getvalue()
    assert "match gain" not in out.getvalue()  # single deals: no match share


def test_hard_s_run_may_come_from_an_arena_records_file_of_its_own(
    records: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = records.read_text(encoding="utf-8").splitlines()
    oracle_only, hard_only = tmp_path / "oracle.jsonl", tmp_path / "hard.jsonl"
    oracle_only.write_text("\n".join(x for x in lines if '"a": "oracle"' in x) + "\n", encoding="utf-8")
    hard_only.write_text("\n".join(x for x in lines if '"a": "hard"' in x) + "\n", encoding="utf-8")

    def no_play(task: arena.Task) -> list[arena.GameRecord]:
        raise AssertionError("nothing should be played: both runs are recorded")

    monkeypatch.setattr(arena, "run_task", no_play)
    ceiling.main(["--game", "klaberjass", "--matches", "6", "--seed", "1", "--records", str(oracle_only),
                  "--hard-records", str(hard_only)])
    assert "hard's share of the oracle's margin: 0.40 (95% CI 0.17 .. 0.63)" in capsys.readouterr().out
    assert '"a": "hard"' not in oracle_only.read_text(encoding="utf-8")  # Hard's run was not copied
