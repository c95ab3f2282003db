"""The Luk Fu computer player (``../shared/rules/lukfu.md`` §6.3 heuristics).

``choose(rules, observation, level, rng)`` returns one of ``observation.legal_actions`` and
reads nothing but the observation: its own hand and face-down discards, every face-up card
played this deal, the tricks (who discarded against what), the fu and the hand sizes. With
``open_hands`` on it also uses the hands the observation shows.

Levels: ``"easy"`` plays the heuristics below. ``"normal"`` and ``"hard"`` search some
decisions (``game.ai.lukfu_search``, §6.4) and play the heuristics in the others, with fixed
budgets (``BUDGETS``: worlds per kind of decision, never the clock). A search values every
legal action over worlds drawn with ``rules.determinize``, played out either greedily with
every hand in view, or by *policy playouts* (``easy_move`` for every seat, each from its own
view of the world). Measured in the arena (docs/ai-lukfu.md): searching leads with greedy
playouts made the player *weaker* than the heuristics (the playouts' perfect-information
cashing makes playing on look good), while with policy playouts it made hard clearly
stronger; searching claims made it weaker either way, except in a match's last deal; and
deciding every decision by the values (tried on 2026-12-02) made hard lose its edge over
normal. So:
- normal searches the call (12 worlds, greedy, valued by the deal's net points) and plays the
  heuristics otherwise;
- hard searches the call (100 worlds) and every lead that is not a claim decision (30 worlds)
  with policy playouts, its beats (30 worlds) greedily, and in the match's last deal its claims
  too (greedily); at a lead or beat it plays the best of its 8 likeliest actions, in the
  match's last deal the best of all. It plays for
  the match, not the deal: it values an outcome by its chance of finishing the match with the
  best net (``Objective``), so late in a match a leader takes fewer risks and a trailer more.
``rank`` (the hint and the deal review) values every legal action of every decision and puts
the level's choice first: where the heuristics decide, over a few worlds of policy playouts
(``Budget.hint_worlds``), with a play that may be beaten at a claim charged
``Budget.claim_charge`` points against the certain claim (policy playouts of imagined deals
overrate playing on there by about a point); ``choose`` draws no world for those decisions.
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
from typing import Any, cast

from game.ai import LEVELS, RANKING_LEVELS
from game.ai.analysis import EXACT, SAMPLED, Estimate, Ranking
from game.ai.lukfu_search import (
    Budget,
    Objective,
    Plan,
    Search,
    Value,
    deals_left,
    decision_kind,
    evaluate,
    prior_order,
)
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
        searched={"call": Search(12, greedy=True)},
        hint_worlds={"claim": 8, "lead": 4, "follow": 4, "discard": 4},
    ),
    "hard": Budget(
        searched={
            "call": Search(100),
            "lead": Search(30, candidates=8),
            "follow": Search(30, greedy=True, candidates=8),
        },
        # In a match's last deal, the best of every legal action (docs/ai-lukfu.md: +0.4 and
        # +0.6 points of match share against normal and rule, paired by seed).
        last_deal={
            "claim": Search(30, greedy=True),
            "lead": Search(30),
            "follow": Search(30, greedy=True),
        },
        hint_worlds={"claim": 30, "discard": 8},
        playouts=240,
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
    the heuristics, or at normal and hard in the decisions their budget searches, ``rank``'s
    first action. ``budget`` overrides the level's search budget (tests use small ones)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    legal = observation.legal_actions
    if not legal:
        raise ValueError("this seat has no decision to take now")
    if len(legal) == 1:
        return legal[0]
    if "continue" in legal:
        return "continue"
    if level != "easy":
        budget = budget or BUDGETS[level]
        if _plan(observation, budget).decides:
            return _search(rules, observation, budget, rng).best.action
    return _heuristic(_View.of_observation(observation), observation, rng)


def rank(
    rules: Any, observation: LukFuObservation, level: str, rng: random.Random, budget: Budget | None = None
) -> Ranking:
    """Every legal action with the level's value of it, its choice first (``choose`` plays it).

    ``points`` is the mean over the worlds of the seat's net points for the deal (§2.11) once the
    action is taken (less ``Budget.claim_charge`` for a play that may be beaten at a claim the
    heuristics decide); ``worlds`` how many worlds stand behind it (0 for a claim, whose value is
    certain, and with open hands). A match-aware level (hard) searches for ``win_chance``, the
    mean chance of finishing the match with the best net. The choice is the best value only
    where the level decides by its search, and there among its likeliest actions
    (``Search.candidates``); elsewhere it is the heuristics' choice, and the values say what
    the search thinks of it."""
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


def view_after_own_throw(rules: Any, observation: LukFuObservation, action: str) -> LukFuObservation | None:
    """The seat's own view after its face-down card ``action``, while the throw owes more cards
    (a throw of several cards is one action per card, and the hint names them all); None
    otherwise. That view is the same in every deal the seat's view allows, so any sampled deal
    gives it and no hidden card is read."""
    if not action.startswith("discard ") or observation.to_discard <= 1:
        return None
    world = rules.determinize(observation, random.Random(0))
    return cast(LukFuObservation, rules.observation(rules.apply(world, action), observation.seat))


def oracle(rules: Any, state: LukFuState, observation: LukFuObservation, rng: random.Random) -> str:
    """The arena's oracle (``game.ai.oracle``, docs/oracle.md): hard's search with every world it
    would draw replaced by ``state``, the true deal (the hands and every face-down discard where
    they really are), deciding every decision by its values (hard leaves some to its heuristics,
    which cannot see the true deal). Everything else is hard's: the same number of worlds (its
    playouts break exact ties at random, so they differ from world to world), the same playouts,
    in which every seat plays from its own view (``honest_move``: the open hands of the match the
    arena keeps for the oracle are seen by nobody), and the same objective. The charge on risky
    plays at a claim is dropped: it corrects the optimism of imagined deals, and the true deal
    has none."""
    if "continue" in observation.legal_actions:
        return "continue"
    return _search(rules, observation, BUDGETS["hard"], rng, state).best.action


def _better(value: Value, than: Value, sure: bool = False, than_sure: bool = False, chances: bool = True) -> bool:
    """A higher objective; at the same objective (to 1e-9), more points. A match already won
    or lost in every world had left the choice to the likelier action, a claim for +2 before
    a sure lead for +6 (found by a tester). But a match won for certain (``sure``: a claim, or
    a lead nothing can beat, after which the claim is still there) beats one won in every
    imagined deal, which is not every deal there is: a tester saw hard lead a card that could
    be beaten, for more points, from a claim that won the match, and lose the match. And with
    ``chances`` (the objective is the chance of winning the match), a match lost for certain
    goes after one lost in every imagined deal."""
    if abs(value.objective - than.objective) > 1e-9:
        return value.objective > than.objective
    if sure != than_sure and value.mean_objective >= 1 - 1e-9:
        return sure
    if chances and sure != than_sure and value.mean_objective <= 1e-9:
        # Its mirror: a match lost for certain is worse than one lost in every imagined deal,
        # which may yet be won (a tester was told to claim +2 and lose the match for sure,
        # where a lead of his could still have won it).
        return not sure
    return value.mean_points > than.mean_points + 1e-9


def _plan(observation: LukFuObservation, budget: Budget) -> Plan:
    """The budget's plan for the decision the observation faces."""
    last = deals_left(observation) == 0
    return budget.plan(decision_kind(observation), len(observation.legal_actions), last)


def _search(
    rules: Any, observation: LukFuObservation, budget: Budget, rng: random.Random, truth: LukFuState | None = None
) -> Ranking:
    """``rank``'s search (``truth``: the oracle's true deal, see ``oracle``)."""
    legal = observation.legal_actions
    plan = _plan(observation, budget)
    if truth is None:
        view = _View.of_observation(observation)
        exact = observation.hands is not None  # open hands: the true hands are the only world
        known = exact
    else:
        view = _View.of_state(truth, observation.seat, honest=True)
        exact, known = False, True
    decides = plan.decides or truth is not None
    # Where the heuristics decide, their choice is drawn first, from the same rng state as
    # ``choose`` would use it.
    choice = None if decides else _heuristic(view, observation, rng)
    note_limit = ""
    charged: frozenset[int] = frozenset()
    if plan.charge and not known and len(observation.hand) > 1:
        # (Not the last card: no playout follows it, so there is no optimism to correct, and
        # if it is beaten the deal ends as the rules say: a tester's last T5 was charged 2.)
        opps = view.opponents()
        charged = frozenset(
            i for i, a in enumerate(legal) if a != "claim" and view.win_chance(PLAY_BY_TEXT[a], opps) < 1.0
        )
    n_worlds = 1 if exact else plan.worlds
    if plan.greedy:
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
        plan.charge,
        truth,
    )
    # Certain: the claim's value, and a lead nothing unseen can beat (the claim stays open).
    sure = [v.exact for v in values]
    if "claim" in legal:
        opps = view.opponents()
        sure = [v.exact or view.win_chance(PLAY_BY_TEXT[a], opps) >= 1.0 for a, v in zip(legal, values, strict=True)]
    if choice is None:
        # The best objective among the candidates; ties go to the likelier action.
        order = prior_order(observation)
        if plan.candidates:
            order = order[: plan.candidates]
        best = order[0]
        for i in order[1:]:
            if _better(values[i], values[best], sure[i], sure[best], budget.match_aware):
                best = i
        choice = legal[best]
        lost = [i for i, v in enumerate(values) if sure[i] and v.mean_objective <= 1e-9
                and v.mean_points > values[best].mean_points + 1e-9]
        if lost and not sure[best] and values[best].mean_objective <= 1e-9:
            # More points passed over for the match (``_better``): said, beside them in the hint.
            note_limit += "; more points, but the match lost for sure"
        if any(_better(values[i], values[best], sure[i], sure[best], budget.match_aware) for i in range(len(legal))):
            # A play outside the candidates values higher: say why it was not chosen, or the
            # hint reads as if the player were told to take the worse of two plays.
            note_limit = f"; best of its {plan.candidates} likeliest"
    # A match won for certain (``_better``'s sense: the claim, or a lead nothing unseen can beat
    # with the claim still open) rests on no sample: written so (a tester's unbeatable last card
    # read 99% beside the claim's 100%).
    certain = [v.exact or (budget.match_aware and sure[i] and v.mean_objective >= 1 - 1e-9)
               for i, v in enumerate(values)]
    estimates = [
        Estimate(
            a,
            v.mean_points,
            0 if exact or certain[i] else v.worlds,
            v.mean_objective if budget.match_aware else None,
        )
        for i, (a, v) in enumerate(zip(legal, values, strict=True))
    ]
    if exact:
        basis, note = EXACT, "the true deal (open hands)"
    elif truth is not None:
        basis, note = EXACT, f"the true deal, played out {n_worlds} times (the arena's oracle)"
    else:
        basis, note = SAMPLED, f"{n_worlds} imagined deals"
        if charged:
            note += f", risky plays {plan.charge:g} points down against the sure claim"
    if not decides:
        note += "; chosen by rule of thumb"
    elif budget.match_aware:
        note += "; chosen by the chance of winning the match"
    note += note_limit
    return Ranking.of(estimates, choice, basis, note)


__all__ = ["BUDGETS", "LEVELS", "choose", "easy_move", "honest_move", "oracle", "rank"]
