"""A match in progress: the rules state plus the record that describes it.

The record (game, options, seed, steps) is what a save file or a replay log holds: each
step is an action text, or an option change such as F6's ``replay``. Scenes ask a Match for
the observation of a seat; they never read its state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules import Observation, Rules, get_rules

# One step of the record: an action text, or {"option": key, "value": value} (F6's replay).
Step = str | dict[str, Any]


#: The answers to the replay offer (F6 on): no decision of a deal, and not counted by a
#: decision's seed, like the option's own steps.
REPLAY_ANSWERS = frozenset({"replay", "continue"})


def counts_for_seed(step: Step) -> bool:
    """A step a decision's seed counts: an action of the game, not F6's option or its offer's answer."""
    return isinstance(step, str) and step not in REPLAY_ANSWERS


def decision_seed(match_seed: int, actions: int) -> int:
    """The seed of the decision taken after ``actions`` counted steps (``counts_for_seed``) of
    the match seeded ``match_seed``: a computer player's, and the hint's and the review's for
    the same moment (so they agree). F6 and its offer change no decision (a tester's seed played
    another way with F6 on)."""
    return (match_seed * 1_000_003 + actions * 7919) & 0x7FFFFFFF


def deal_ended(before: Any, after: Any, action: str) -> bool:
    """``action`` took the view from ``before`` to ``after`` and ended a deal: a new summary
    object (``last_deal``) appeared. The engines make one only at a deal's end, so it is told
    by identity: a deal replayed the same way (Mus keeps the last summary through a replay),
    or a second Klaberjass throw-in, ends with a summary equal to the one before, which an
    equality test had missed (no summary, no review, the next deal uncounted: a tester). After
    "replay" a new one only means the replayed deal's result was taken back (engines differ)."""
    last = getattr(after, "last_deal", None)
    return action != "replay" and last is not None and last is not getattr(before, "last_deal", None)


@dataclass
class Match:
    game: str
    seed: int
    options: dict[str, Any]
    rules: Rules = field(init=False)
    state: Any = field(init=False)  # the game's own state class, opaque outside its rules module
    steps: list[Step] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rules = get_rules(self.game)
        self.state = self.rules.new_match(self.seed, self.options)

    @property
    def current_player(self) -> int | None:
        return self.rules.current_player(self.state)

    @property
    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    def observation(self, seat: int) -> Observation:
        return self.rules.observation(self.state, seat)

    def apply(self, action: str) -> None:
        """Apply an action (raises IllegalAction, leaving the match unchanged)."""
        self.state = self.rules.apply(self.state, action)
        self.steps.append(self.rules.action_text(action))

    def set_option(self, key: str, value: Any) -> None:
        """Change a live option (F6's replay); ``options`` stays the match's starting options."""
        self.state = self.rules.set_option(self.state, key, value)
        self.steps.append({"option": key, "value": value})

    def replay_step(self, step: Step) -> None:
        """Apply one step of a record (an action text or an option change); ValueError if the
        step is not one or its action is not legal here."""
        if isinstance(step, str):
            self.apply(self.rules.parse_action(self.state, step))
        elif isinstance(step, dict) and set(step) == {"option", "value"}:
            self.set_option(str(step["option"]), step["value"])
        else:
            raise ValueError(f"not a step of a match record: {step!r}")

    def set_option_before_last_step(self, key: str, value: Any) -> None:
        """Change a live option as if it had changed just before the last step: F6 turned on
        under the summary of the deal that step ended offers to replay that deal at once.
        The match is rebuilt from its record (the rules are pure: the same steps, the same state)."""
        rebuilt = Match(self.game, self.seed, self.options)
        for step in self.steps[:-1]:
            rebuilt.replay_step(step)
        rebuilt.set_option(key, value)
        rebuilt.replay_step(self.steps[-1])
        self.state, self.steps = rebuilt.state, rebuilt.steps

    @property
    def actions(self) -> int:
        """The steps a decision's seed counts so far (``counts_for_seed``)."""
        return sum(counts_for_seed(step) for step in self.steps)

    def decision_seed(self) -> int:
        """A seed for the next computer decision, fixed by the match seed and its progress."""
        return decision_seed(self.seed, self.actions)

    def record(self) -> dict[str, Any]:
        return {"game": self.game, "seed": self.seed, "options": dict(self.options), "steps": list(self.steps)}
