"""The decisions of one seat in the last finished deal of a match, read back from its record.

The deal review (F4's big brother, opened from the deal summary) shows each decision the player
made with the table as it was then, next to what Hard would have done. A match is fully
described by its record (game, options, seed, steps), so the review replays the record rather
than asking the table to have kept every view: a resumed match can be reviewed as well.

Replaying a long match costs a few milliseconds per hundred steps, so ``DealReplay`` does it
in slices (``advance``), and the review spreads it over frames. Pure: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.app.match import REPLAY_ANSWERS, Step, counts_for_seed, deal_ended, decision_seed
from game.rules import Observation, Rules, get_rules


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: where it stands in the record, what the seat saw,
    what it played, and the seed a computer player would have decided it with."""

    step: int
    observation: Observation
    action: str
    seed: int


def reviewable(before: Any, action: str) -> bool:
    """A decision the review goes over: a choice among several legal actions, not the answer
    to F6's replay offer (a matter of taste). The summary offers R only after one."""
    return len(before.legal_actions) > 1 and action not in REPLAY_ANSWERS


@dataclass
class DealReplay:
    """Replays a match record and keeps ``seat``'s decisions of the last deal that finished."""

    game: str
    seed: int
    options: dict[str, Any]
    steps: list[Step]
    seat: int
    rules: Rules = field(init=False)
    state: Any = field(init=False)
    done_steps: int = 0
    done_actions: int = 0  # the steps replayed that a decision's seed counts (``counts_for_seed``)
    decisions: list[Decision] = field(default_factory=list)  # of the last finished deal, once done
    deal_number: int | None = None  # that deal's number (also when the seat made no decision in it)
    forced: list[int] = field(default_factory=list)  # the steps of the seat's moves in that deal that
    # had no choice (one legal action): no decisions
    _current: list[Decision] = field(default_factory=list)
    _forced: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rules = get_rules(self.game)
        self.state = self.rules.new_match(self.seed, dict(self.options))

    @property
    def done(self) -> bool:
        return self.done_steps >= len(self.steps)

    def advance(self, count: int) -> None:
        """Replay up to ``count`` more steps."""
        rules = self.rules
        end = min(len(self.steps), self.done_steps + count)
        while self.done_steps < end:
            i = self.done_steps
            step = self.steps[i]
            if isinstance(step, dict):
                self.state = rules.set_option(self.state, str(step["option"]), step["value"])
            else:
                before = rules.observation(self.state, self.seat)
                action = rules.parse_action(self.state, step)
                acting = rules.current_player(self.state)
                if acting == self.seat and reviewable(before, action):
                    self._current.append(Decision(i, before, action, decision_seed(self.seed, self.done_actions)))
                elif acting == self.seat and action not in REPLAY_ANSWERS:
                    self._forced.append(i)
                self.state = rules.apply(self.state, action)
                self.done_actions += counts_for_seed(step)
                if deal_ended(before, rules.observation(self.state, self.seat), action):
                    self.decisions, self._current = self._current, []
                    self.forced, self._forced = self._forced, []
                    self.deal_number = getattr(before, "deal_number", None)
            self.done_steps += 1

    def run(self) -> list[Decision]:
        """Replay the whole record at once (tools and tests)."""
        self.advance(len(self.steps))
        return self.decisions
