"""The Luk Fu computer player (``../shared/rules/lukfu.md`` §6.3 heuristics).

``choose(rules, observation, level, rng)`` returns one of ``observation.legal_actions`` and
reads nothing but the observation: its own hand and face-down discards, every face-up card
played this deal, the tricks (who discarded against what), the fu and the hand sizes. With
``open_hands`` on it also uses the hands the observation shows.

Levels: ``"easy"`` plays the heuristics below. ``"normal"`` and ``"hard"`` search every
decision (``game.ai.lukfu_search``, §6.4): ``rank`` values every legal action over worlds drawn
with ``rules.determinize``, with fixed budgets (``BUDGETS``: worlds per kind of decision, never
the clock), and ``choose`` plays its first action, so the hint and the deal review show the very
numbers the level decides by. An action is played out either greedily with every hand in view,
or by *policy playouts* (``easy_move`` for every seat, each from its own view of the world).
Measured (docs/ai-lukfu.md): greedy playouts make playing on look better than claiming and
misjudge leads, so only normal's call and hard's beats use them; policy playouts judge leads
well, but at a claim they overrate playing on (by about a point against the true deals), so
there a play that may be beaten is charged ``Budget.claim_charge`` points against the certain
claim. Exact ties go to the heuristics' choice in the decisions the level used to leave to them.
- normal: the call over 12 worlds (greedy), leads, beats and discards over 4, claims over 8,
  valued by the deal's net points;
- hard: the call over 100 worlds, leads and claims over 30, beats over 30 (greedy), discards
  over 8, but at most 240 playouts a decision (a lead with 12 legal plays gets 20 worlds: the
  work its search of 8 candidates used to do). It plays for the match, not the deal: it values
  an outcome by its chance of finishing the match with the best net (``Objective``), so late
  in a match a leader takes fewer risks and a trailer more.
With open hands nothing that matters is hidden: one world, the true hands, is searched.

What it knows about the hidden cards: the unknown pool U (neither in its hand, nor played face
up, nor among its own discards), the hand sizes, and the voids the must-beat rule proves: a
player who discarded against a play held nothing that beats it, then or later (§6.2). A play
is *safe* when no opponent can hold a play that beats it.

- **Call** (§6.3.1) when the hand is strong: its Old cards (the Ancients and the cards proved
  highest by its own hand) plus a bonus for high sets and runs, against a threshold that is
  lower for the Master (who leads first) than for the others.
- **Claim** (§6.3.2) when it may, but first cash the safe plays that raise the count: a safe
  set or run (or a single made safe by its own discards) wins the trick for sure, keeps the
  lead and adds its non-Old cards to the fu, so the claim that follows is worth more.
- **Lead** (§6.3.3) the play with the best expected gain (chance to win x fu not already
  counted as Old), with a penalty for plays an opponent near six can beat; Old cards are kept.
  With nothing promising it leads its cheapest card (low, far from becoming Old).
- **Follow** (§6.3.4): as the last player, the cheapest beat (it wins whatever it plays); in
  the middle, the cheapest beat the last player cannot top, else the best expected one.
- **Discard** (§6.3.5) the least useful card: never an Old card while another will do, then
  not a piece of a set or run, then the low card of a suit with many unknown higher cards.
A tiny amount of noise from ``rng`` breaks the easy player's exact ties, so equal choices are not
always the same card; the same ``rng`` state gives the same choice (and the same ranking). It
returns at once when only one action is legal and always chooses ``continue`` at the replay
choice.
"""

from __future__ import annotations

import random
from typing import Any

from game.ai import LEVELS, RANKING_LEVELS
from game.ai.analysis import EXACT, SAMPLED, Estimate, Ranking
from game.ai.lukfu_search import Budget, Objective, decision_kind, evaluate, prior_order
from game.rules.common import bits
from game.rules.lukfu import (
    BEATERS,
    COLUMN,
    DISCARD_TEXT,
    FULL,
    HIGHER,
    P_MASK,
    P_SIZE,
    PLAY_BY_MASK,
    PLAY_BY_TEXT,
    PLAYS,
    RUN,
    SET,
    SINGLE,
    LukFuObservation,
    LukFuState,
    beaters_of,
    card_index,
    cards_to_mask,
    follow_indices,
    lead_plays,
    old_mask,
)

BUDGETS: dict[str, Budget] = {
    "normal": Budget(
        call_worlds=12,
        lead_worlds=4,
        claim_worlds=8,
        follow_worlds=4,
        discard_worlds=4,
        greedy=("call",),
        heuristic_ties=("claim", "lead", "follow", "discard"),
    ),
    "hard": Budget(
        call_worlds=100,
        lead_worlds=30,
        claim_worlds=30,
        follow_worlds=30,
        discard_worlds=8,
        playouts=240,
        greedy=("follow",),
        heuristic_ties=("claim", "discard"),
        match_aware=True,
    ),
}

_NOISE = 1e-6
# Call thresholds on the hand strength (Old cards + combination bonus), from §6.3.1: the
# Master's EV as Caller turns positive around three Ancient cards; others need more.
_CALL_MASTER = 4.0
_CALL_OTHER = 5.0


class _View:
    """What one seat may know about the deal, as masks: built from its observation
    (``of_observation``) or, in playouts, from a state read only where that seat may look
    (``of_state``)."""

    def __init__(
        self,
        seat: int,
        hand: int,
        public: int,
        mine_down: int,
        sizes: tuple[int, int, int],
        fu: tuple[int, int, int],
        leader: int,
        master: int,
        tricks: list[tuple[tuple[int, int, int], ...]],
        hands: tuple[int, int, int] | None,
    ) -> None:
        self.seat = seat
        self.hand = hand
        self.public = public
        self.mine_down = mine_down
        self.unknown = FULL & ~hand & ~public & ~mine_down
        self.sizes = sizes
        self.fu = fu
        self.leader = leader
        self.master = master
        self.old = old_mask(hand, public)
        self.claim_count = fu[seat] + self.old.bit_count()
        # Voids proved by the must-beat rule: plays (and single cards) a seat cannot hold.
        self.cannot: list[set[int]] = [set(), set(), set()]
        self.cannot_cards = [0, 0, 0]
        if hands is not None:  # open hands
            for p in range(3):
                if p != seat:
                    self.cannot_cards[p] = FULL & ~hands[p]
        for entries in tricks:
            best = -1
            for s, m, face_up in entries:
                if face_up:
                    best = PLAY_BY_MASK[m]
                elif best >= 0 and s != seat:
                    for j in beaters_of(best):
                        if PLAYS[j].kind == SINGLE:
                            self.cannot_cards[s] |= PLAYS[j].mask
                        else:
                            self.cannot[s].add(j)

    @classmethod
    def of_observation(cls, obs: LukFuObservation) -> _View:
        views = [*obs.tricks, obs.trick] if obs.trick else list(obs.tricks)
        tricks = [
            tuple((s, 0, 0) if cards[0] == "down" else (s, cards_to_mask(cards), 1) for s, cards in tv) for tv in views
        ]
        hands = None if obs.hands is None else tuple(cards_to_mask(h) for h in obs.hands)
        return cls(
            obs.seat,
            cards_to_mask(obs.hand),
            cards_to_mask(obs.public_played),
            cards_to_mask(obs.my_discards),
            obs.hand_sizes,
            obs.fu,
            obs.leader,
            obs.master,
            tricks,
            hands,  # type: ignore[arg-type]
        )

    @classmethod
    def of_state(cls, st: LukFuState, seat: int, honest: bool = False) -> _View:
        """Seat ``seat``'s view: its own hand and discards, and only what is public of the rest
        (every hand too in a match with open hands, unless ``honest``: the oracle's playouts
        model players who do not see them, as the players it meets do not)."""
        tricks = [*st.tricks, st.trick] if st.trick else list(st.tricks)
        h = st.hands
        return cls(
            seat,
            h[seat],
            st.public,
            st.discards[seat],
            (h[0].bit_count(), h[1].bit_count(), h[2].bit_count()),
            st.fu,
            st.leader,
            st.master,
            tricks,
            h if st.cfg.open_hands and not honest else None,
        )

    def opponents(self) -> list[int]:
        return [p for p in range(3) if p != self.seat]

    def can_hold(self, p: int, j: int) -> bool:
        """Whether seat p may hold play j now."""
        m = P_MASK[j]
        if m & ~self.unknown or m & self.cannot_cards[p] or j in self.cannot[p]:
            return False
        return P_SIZE[j] <= self.sizes[p]

    def win_chance(self, j: int, seats: list[int]) -> float:
        """A rough chance that none of ``seats`` holds a play beating play j (1.0 = safe)."""
        u = max(1, self.unknown.bit_count())
        seen = ~self.unknown
        # can_hold() inlined: this is the innermost loop of the policy playouts.
        ways = [(self.cannot_cards[p], self.cannot[p], self.sizes[p], min(1.0, self.sizes[p] / u)) for p in seats]
        chance = 1.0
        for b in BEATERS[j]:
            m = P_MASK[b]
            if m & seen:
                continue
            size = P_SIZE[b]
            for cannot_cards, cannot, hand_size, frac in ways:
                if not m & cannot_cards and b not in cannot and size <= hand_size:
                    chance *= 1.0 - frac**size
        return chance

    def keep_value(self, c: int) -> float:
        """How much the card in hand is worth keeping (higher = keep)."""
        if (self.old >> c) & 1:
            return 20.0 + (c % 9)
        hand = self.hand
        value = 0.0
        # A piece of a set or run in hand.
        v = c % 9
        if ((hand >> v) & COLUMN).bit_count() >= 3:
            value += 4.0 + v * 0.3
        suit_base = (c // 9) * 9
        for start in range(max(0, v - 2), min(v, 6) + 1):
            run = 7 << (suit_base + start)
            if run & hand == run:
                value += 3.0 + (c // 9) * 0.5
                break
        # Closer to Old: few unknown higher cards of the suit.
        above = (HIGHER[c] & self.unknown).bit_count()
        value += 6.0 - above + v * 0.1
        return value


def _call(view: _View) -> str:
    hand = view.hand
    strength = float(old_mask(hand, 0).bit_count())
    for j in _plays_in(hand):
        p = PLAYS[j]
        if p.kind == SET and p.key >= 7:
            strength += 0.5 * (p.size - 2)
        elif p.kind == RUN and p.size >= 3 and (p.suit == 3 or p.key == 9):
            strength += 0.5
    threshold = _CALL_MASTER if view.master == view.seat else _CALL_OTHER
    return "call" if strength >= threshold else "pass"


def _plays_in(hand: int) -> list[int]:
    return [p.index for p in PLAYS if p.kind != SINGLE and p.mask & hand == p.mask]


def _count_after(view: _View, m: int) -> int:
    """N after winning a trick with play mask m from the current hand."""
    hand = view.hand & ~m
    return view.fu[view.seat] + m.bit_count() + old_mask(hand, view.public | m).bit_count()


def _choose_lead(view: _View, claim: bool, plays: list[int], rng: random.Random) -> int:
    """The play (an index in PLAYS) to lead, or -1 to claim."""
    opps = view.opponents()
    if claim:
        # Cash safe plays that raise the count first (§6.3.2), then claim.
        now = view.claim_count
        best_gain, best, best_len = 0, -1, len("claim")
        for j in plays:
            if view.win_chance(j, opps) < 1.0:
                continue
            gain = _count_after(view, PLAYS[j].mask) - now
            length = len(PLAYS[j].text)
            if gain > best_gain or (gain == best_gain and gain > 0 and length > best_len):
                best_gain, best, best_len = gain, j, length
        return best
    danger = max(view.fu[p] for p in opps)
    best_score = float("-inf")
    choice = plays[0]
    for j in plays:
        p = PLAYS[j]
        w = view.win_chance(j, opps)
        fresh = (p.mask & ~view.old).bit_count()  # fu not already counted as Old
        cost = sum(view.keep_value(c) for c in bits(p.mask)) / 10.0
        score = w * (fresh * 2.0 + p.size * 0.5) - (1.0 - w) * cost
        if p.mask & view.old:
            score -= 1.5 * (p.mask & view.old).bit_count() * (1.0 if fresh else 0.5)
        if w < 1.0 and danger >= 4:
            score -= (1.0 - w) * (danger - 3)
        score += rng.random() * _NOISE
        if score > best_score:
            best_score, choice = score, j
    return choice


def _choose_discard(view: _View, cards: list[int], rng: random.Random) -> int:
    """The card to throw face down: the one least worth keeping."""
    best, best_value = cards[0], float("inf")
    for c in cards:
        value = view.keep_value(c) + rng.random() * _NOISE
        if value < best_value:
            best, best_value = c, value
    return best


def _choose_follow(view: _View, plays: list[int], rng: random.Random) -> int:
    """The beat (an index in PLAYS) to play."""
    last = (view.seat + 1) % 3 == view.leader
    later = [] if last else [(view.seat + 1) % 3]
    best, best_score = plays[0], float("-inf")
    for j in plays:
        p = PLAYS[j]
        cost = sum(view.keep_value(c) for c in bits(p.mask)) / 10.0
        if last:
            score = -cost
        else:
            w = view.win_chance(j, later)
            score = (3.0 if w >= 1.0 else 0.0) + w * p.size * 2.0 - cost
        score += rng.random() * _NOISE
        if score > best_score:
            best, best_score = j, score
    return best


def _heuristic(view: _View, obs: LukFuObservation, rng: random.Random) -> str:
    """The easy player's action for an observation with a real choice."""
    legal = obs.legal_actions
    if obs.phase == "call":
        return _call(view)
    if legal[0].startswith("discard "):
        cards = [card_index(a.split()[1]) for a in legal]
        return legal[cards.index(_choose_discard(view, cards, rng))]
    plays = [PLAY_BY_TEXT[a] for a in legal if a != "claim"]
    if obs.trick:
        j = _choose_follow(view, plays, rng)
    else:
        j = _choose_lead(view, "claim" in legal, plays, rng)
        if j < 0:
            return "claim"
    return legal[legal.index(PLAYS[j].text)]


def easy_move(rules: Any, st: LukFuState, rng: random.Random) -> str:
    """The easy player's action for the seat to play in a play-phase state, from that seat's
    view only (``_View.of_state``): the same choice as ``choose(..., "easy", ...)`` on its
    observation, without building one. It is the others' model in policy playouts."""
    return _easy_move(st, rng, False)


def honest_move(rules: Any, st: LukFuState, rng: random.Random) -> str:
    """``easy_move`` blind to the other hands even in a match with open hands: the policy of the
    oracle's playouts, which are played in the true deal of such a match."""
    return _easy_move(st, rng, True)


def _easy_move(st: LukFuState, rng: random.Random, honest: bool) -> str:
    seat = st.turn
    hand = st.hands[seat]
    if st.trick:
        # A seat still owing discards (``need``) discards again; otherwise it must beat if it can.
        plays = [] if st.need else follow_indices(hand, st.best)
        if not plays:
            cards = bits(hand)
            if len(cards) == 1:
                return DISCARD_TEXT[cards[0]]
            return DISCARD_TEXT[_choose_discard(_View.of_state(st, seat, honest), cards, rng)]
        if len(plays) == 1:
            return PLAYS[plays[0]].text
        return PLAYS[_choose_follow(_View.of_state(st, seat, honest), plays, rng)].text
    claim, plays = lead_plays(st, seat)
    if len(plays) + claim == 1:
        return "claim" if claim else PLAYS[plays[0]].text
    j = _choose_lead(_View.of_state(st, seat, honest), claim, plays, rng)
    return "claim" if j < 0 else PLAYS[j].text


def choose(
    rules: Any, observation: LukFuObservation, level: str, rng: random.Random, budget: Budget | None = None
) -> str:
    """One of ``observation.legal_actions`` for the observing seat (see the module docstring):
    the heuristics at easy, ``rank``'s first action at normal and hard. ``budget`` overrides
    the level's search budget (tests use small ones)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    legal = observation.legal_actions
    if not legal:
        raise ValueError("this seat has no decision to take now")
    if len(legal) == 1:
        return legal[0]
    if "continue" in legal:
        return "continue"
    if level == "easy":
        return _heuristic(_View.of_observation(observation), observation, rng)
    return rank(rules, observation, level, rng, budget).best.action


def rank(
    rules: Any, observation: LukFuObservation, level: str, rng: random.Random, budget: Budget | None = None
) -> Ranking:
    """Every legal action with the level's value of it, its choice first (``choose`` plays it).

    ``points`` is the mean over the worlds of the seat's net points for the deal (§2.11) once the
    action is taken, less ``Budget.claim_charge`` for a play that may be beaten at a claim;
    ``worlds`` how many worlds stand behind it (0 for a claim, whose value is certain, and with
    open hands). A match-aware level (hard) decides by ``win_chance``, the mean chance of
    finishing the match with the best net, so its choice need not have the most points."""
    if level not in RANKING_LEVELS:
        raise ValueError(f"level {level!r} keeps no values; use one of {', '.join(RANKING_LEVELS)}")
    legal = observation.legal_actions
    if not legal:
        raise ValueError("this seat has no decision to take now")
    if len(legal) == 1:
        return Ranking.forced(legal[0])
    if "continue" in legal:
        return Ranking.preference(legal, "continue")
    return _search(rules, observation, budget or BUDGETS[level], rng)


def oracle(rules: Any, state: LukFuState, observation: LukFuObservation, rng: random.Random) -> str:
    """The arena's oracle (``game.ai.oracle``, docs/oracle.md): hard's search with every world it
    would draw replaced by ``state``, the true deal (the hands and every face-down discard where
    they really are). Everything else is hard's: the same number of worlds (its playouts break
    exact ties at random, so they differ from world to world), the same playouts, in which every
    seat plays from its own view (``honest_move``: the open hands of the match the arena keeps
    for the oracle are seen by nobody), and the same objective. Only the charge on risky plays at
    a claim is dropped: it corrects the optimism of imagined deals, and the true deal has none."""
    if "continue" in observation.legal_actions:
        return "continue"
    return _search(rules, observation, BUDGETS["hard"], rng, state).best.action


def _search(
    rules: Any, observation: LukFuObservation, budget: Budget, rng: random.Random, truth: LukFuState | None = None
) -> Ranking:
    """``rank``'s search (``truth``: the oracle's true deal, see ``oracle``)."""
    legal = observation.legal_actions
    decision = decision_kind(observation)
    if truth is None:
        view = _View.of_observation(observation)
        exact = observation.hands is not None  # open hands: the true hands are the only world
        known = exact
    else:
        view = _View.of_state(truth, observation.seat, honest=True)
        exact, known = False, True
    charged: frozenset[int] = frozenset()
    if decision == "claim" and not known:
        opps = view.opponents()
        charged = frozenset(
            i for i, a in enumerate(legal) if a != "claim" and view.win_chance(PLAY_BY_TEXT[a], opps) < 1.0
        )
    n_worlds = 1 if exact else budget.worlds(decision, len(legal))
    if decision in budget.greedy:
        policy = None
    else:
        policy = easy_move if truth is None else honest_move
    values = evaluate(
        rules,
        observation,
        n_worlds,
        rng,
        Objective(observation, budget.match_aware),
        policy,
        charged,
        budget.claim_charge,
        truth,
    )
    # The best objective. Ties go to the likelier action (``prior_order``), or where the level
    # used to play the heuristics, to their choice first (its noise fixed: the search has drawn
    # from ``rng`` already).
    order = prior_order(observation)
    if decision in budget.heuristic_ties:
        first = legal.index(_heuristic(view, observation, random.Random(0)))
        order = [first, *(i for i in order if i != first)]
    best = order[0]
    for i in order[1:]:
        if values[i].objective > values[best].objective + 1e-9:
            best = i
    estimates = [
        Estimate(
            a,
            v.mean_points,
            0 if exact or v.exact else v.worlds,
            v.mean_objective if budget.match_aware else None,
        )
        for a, v in zip(legal, values, strict=True)
    ]
    if exact:
        basis, note = EXACT, "the true hands (open hands)"
    elif truth is not None:
        basis, note = EXACT, f"the true deal, played out {n_worlds} times (the arena's oracle)"
    else:
        basis, note = SAMPLED, f"{n_worlds} imagined deals"
        if charged:
            note += f", risky plays {budget.claim_charge:g} points down against the sure claim"
    if budget.match_aware:
        note += "; chosen by the chance of winning the match"
    return Ranking.of(estimates, legal[best], basis, note)


__all__ = ["BUDGETS", "LEVELS", "choose", "easy_move", "honest_move", "oracle", "rank"]
