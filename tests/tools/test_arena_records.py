"""The arena's records file: a long run is resumed by running the same command again."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from game.tools import arena


def _run(path: Path | None, matches: int = 6, a: str = "rule") -> tuple[arena.Summary, str]:
    """Klaberjass single deals from seed 3, A against random; the summary and the printout."""
    out = io.StringIO()
    summary = arena.run("klaberjass", a, "random", matches, seed=3, deals_only=True, jobs=1, out=out, records_path=path)
    return summary, out.getvalue()


def test_records_hold_a_line_per_group_and_a_rerun_plays_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "run.jsonl"
    first, _ = _run(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3  # 6 games = 3 seeds x 2 rotations
    assert [json.loads(line)["records"][0]["seed"] for line in lines] == [3, 4, 5]

    def no_play(task: arena.Task) -> list[arena.GameRecord]:
        raise AssertionError(f"seed {task.seed} was played again")

    monkeypatch.setattr(arena, "run_task", no_play)
    again, text = _run(path)
    assert again == first
    assert "6 games already recorded" in text
    assert len(path.read_text(encoding="utf-8").splitlines()) == 3


def test_an_interrupted_run_plays_only_the_missing_seeds_and_matches_a_whole_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole, _ = _run(None)
    path = tmp_path / "run.jsonl"
    _run(path, matches=2)  # seed 3 only, as if the run had been stopped there
    played: list[int] = []
    real = arena.run_task

    def counting(task: arena.Task) -> list[arena.GameRecord]:
        played.append(task.seed)
        return real(task)

    monkeypatch.setattr(arena, "run_task", counting)
    resumed, _ = _run(path)
    assert played == [4, 5]
    assert resumed == whole


def test_other_runs_and_a_half_written_line_are_skipped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "run.jsonl"
    _run(path, matches=2, a="random")  # another run in the same file
    _run(path, matches=2)
    with path.open("a", encoding="utf-8") as handle:
        handle.write('{"run": {"game": "klab')  # a run killed while writing
    summary, _ = _run(path)
    assert "skipped a damaged line" in capsys.readouterr().err
    assert summary == _run(None)[0]
    # the unfinished line was closed before the new groups were appended: they all load again
    key = arena.run_key(arena.Task("klaberjass", (), 3, "rule", "random", True))
    assert sorted(arena.load_records(path, key)) == [3, 4, 5]


def test_one_seed_says_in_words_that_it_has_no_interval() -> None:
    def printout(games: int) -> str:
        out = io.StringIO()
        arena.run("jubmoo", "rule", "random", games, seed=3, deals_only=True, jobs=1, out=out)
        return out.getvalue()

    text = printout(4)  # 1 seed x 4 rotations
    assert "nan" not in text
    assert text.count("(no 95% CI: it needs 2 seeds or more)") == 2, text
    text = printout(8)
    assert text.count("(95% CI ") == 2 and "no 95% CI" not in text, text
