"""What a computer player thinks of every choice: the values behind the hint key and the deal review.

A searching level (normal, hard) does not only pick an action: it reckons a value for every
legal one. ``Ranking`` carries those values out, best first, with what stands behind them, so
that a table can say "Hint: lead J♠ (+6 points); K♥ +2; 7♣ -3" and a deal review can say what a
choice cost. The numbers are the level's own (the search's averages, the bidding model's
margin), never invented for show; the first action is the one the level plays with the same
rng. Each game's player module builds its Ranking as ``rank(rules, observation, level, rng)``;
``game.ai.rank_actions`` is the one entry point.

Pure: no pygame, no clock; picklable, so the AI worker can send it across processes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

# What stands behind a ranking's numbers.
EXACT = "exact"  # the true deal was searched (open hands, or nothing hidden matters any more)
SAMPLED = "sampled"  # averaged over deals the seat could be in (``Estimate.worlds`` of them)
MODEL = "model"  # a fitted model of the deal's outcome (Klaberjass bidding, Mus hand tables)
FORCED = "forced"  # one legal action: nothing to compare
PREFERENCE = "preference"  # a choice about the session, not the deal (F6's replay or go on): no values
RULE = "rule"  # the level fell back on a rule of thumb that has no values (the search ran out of budget)
BASES = (EXACT, SAMPLED, MODEL, FORCED, PREFERENCE, RULE)
NO_VALUES = (FORCED, PREFERENCE, RULE)  # the bases whose estimates carry no points


@dataclass(frozen=True, slots=True)
class Estimate:
    """One legal action and the level's value of it.

    - ``points``: what the level expects the deal to be worth to the deciding seat's side once
      this action is taken, in the game's own points of the deal (each game's docs/ai-*.md
      says exactly which points); None only where the basis is one of ``NO_VALUES``.
    - ``worlds``: how many sampled deals this action's number averages (0: exact or a model).
    - ``win_chance``: the chance of winning the game (0..1), where the search reckons in it (Mus).
    """

    action: str
    points: float | None
    worlds: int = 0
    win_chance: float | None = None


@dataclass(frozen=True, slots=True)
class Ranking:
    """Every legal action exactly once, best first, by one level for one observation.

    ``basis`` is one of ``BASES``; ``note`` is a few plain words on how the values were reached
    (for the hint's second line and the review), such as "60 imagined deals".
    """

    estimates: tuple[Estimate, ...]
    basis: str
    note: str = ""
    #: The note's first clause changes what the numbers mean, so the hint and the review show it
    #: before more choices (Klaberjass counts 1,000 for winning the match).
    note_first: bool = False
    #: (action, clause of the note): why the level did not choose that action, which may look
    #: better, where the note gives more than one reason; the hint puts the right one beside it
    #: (a tester read "it bets only 2 or 5" beside an Envido 2 that was a near tie).
    reasons: tuple[tuple[str, str], ...] = ()
    #: What these values count besides the deal's points, as the note says it ("winning the
    #: match counts 1,000"), or "": a review keeps such costs apart from the deal's points (a
    #: tester's total added a card's 174, the match counted, to a bid's 38.8 points).
    bonus: str = ""

    def __post_init__(self) -> None:
        if not self.estimates:
            raise ValueError("a ranking needs at least one action")
        if self.basis not in BASES:
            raise ValueError(f"unknown basis {self.basis!r}; one of {', '.join(BASES)}")
        actions = [e.action for e in self.estimates]
        if len(set(actions)) != len(actions):
            raise ValueError("a ranking names each action once")

    @classmethod
    def forced(cls, action: str) -> Ranking:
        """The ranking of a decision with one legal action."""
        return cls((Estimate(action, None),), FORCED, "the only legal choice")

    @classmethod
    def preference(cls, actions: Iterable[str], first: str) -> Ranking:
        """The ranking of a choice no level values (replay the last deal, or go on): ``first``
        is what the computer does."""
        rest = [a for a in actions if a != first]
        return cls(tuple(Estimate(a, None) for a in (first, *rest)), PREFERENCE, "a matter of taste, not of points")

    @classmethod
    def of(cls, values: Iterable[Estimate], first: str, basis: str, note: str = "") -> Ranking:
        """``values`` ordered best first: ``first`` (the level's choice) leads, then the rest by
        value, higher first, ties in the order given (the legal actions' order)."""
        values = list(values)
        lead = next(e for e in values if e.action == first)
        rest = [e for e in values if e.action != first]
        rest.sort(key=lambda e: float("-inf") if e.points is None else -e.points)
        return cls((lead, *rest), basis, note)

    @property
    def best(self) -> Estimate:
        return self.estimates[0]

    @property
    def actions(self) -> tuple[str, ...]:
        return tuple(e.action for e in self.estimates)

    def estimate(self, action: str) -> Estimate:
        for e in self.estimates:
            if e.action == action:
                return e
        raise KeyError(f"{action!r} is not one of the ranked actions")

    def cost(self, action: str) -> float:
        """Points the level expects ``action`` to lose against its own choice (0 for its choice
        and for any action it values as highly)."""
        chosen = self.estimate(action).points
        best = self.best.points
        if chosen is None or best is None:
            return 0.0
        return max(0.0, best - chosen)

    def chance_cost(self, action: str) -> float | None:
        """How much less likely the level reckons winning the game is after ``action`` than
        after its own choice (0..1), where it reckons in that chance (Mus); else None. Near the
        end of a game this can differ from ``cost``: a bet worth more points may risk the game."""
        chosen = self.estimate(action).win_chance
        best = self.best.win_chance
        if chosen is None or best is None:
            return None
        return max(0.0, best - chosen)
