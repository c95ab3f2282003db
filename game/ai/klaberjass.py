"""The Klaberjass computer players: easy (the manual's heuristics, rules file §5.1), and normal and
hard (the bidding model and PIMC search of §5.2).

``choose(rules, observation, level, rng)`` returns one of ``observation.legal_actions`` and reads
nothing but the observation (no state, no hidden card); the searching levels build the worlds they
search with ``rules.determinize`` (``game.ai.klaberjass_search``). The same ``rng`` state gives the
same choice: the searches do fixed amounts of work (``LEVEL_SETTINGS``), never timed.

``rank(rules, observation, level, rng)`` (normal and hard) gives every legal action with the
level's value of it, best first (``game.ai.analysis.Ranking``): the values the level decides by,
in points of the deal's margin (what the deciding seat adds to its score minus what the opponent
adds; docs/ai-klaberjass.md). The normal and hard ``choose`` play its first action, so the hint
and the deal review cannot drift from the play.

Normal and hard (``choose_strong`` / ``rank_strong``; they differ only in their ``Level``):
- Bidding: a linear model of the settled margin as maker (``klaberjass_search.bid_value``, fitted
  on double-dummy solved random deals by ``game.tools.fit_klaberjass_bids``) for each suit the
  bidder may make trump, from the six cards seen, the seat and the turn-up. Take / name when it
  beats the level's threshold (hard bids more boldly: ``take``), the value it gives passing; in
  round 1 a bidder passes instead when naming another suit in round 2 is worth more, allowing
  for the chance that the opponent takes first. Sans Tout and Tout Atout (option) are valued by
  the same kind of model for those contracts (``contract_value``) and called when they beat
  every suit and the threshold; an opponent's Sans Tout is overcalled when Tout Atout is worth
  more than his Sans Tout is expected to cost. They never schmeiss (it is worth at most what
  taking is); a schmeiss is answered ``make-play`` when this hand's own model values say it
  defends well.
- Dix: exchange when the model values the hand with the turn-up at least as much as with the 7
  (a broken meld or bella counts against it).
- Declaring: every run, except that a 3-card trump run holding the Menel but not the Jass, with the
  Jass unseen, is sunk when P(the opponent holds the Jass) x ``MENEL_EXPOSURE`` exceeds the meld
  points the run is expected to add (both estimated over determinized worlds; §5.2 item 4).
- Card play and bella: PIMC with an exact endgame (``klaberjass_search.search_play``): exact
  double-dummy values of every legal action in each world, mapped through the settlement
  (made / tie / bete, the bellas still to come, a match-winning deal) and averaged. Bella is one
  more action in that comparison, so a defender announces and a maker stays silent only when
  bete even with the 20 (§5.1). Hard weights the worlds by how well they explain the opponent's
  bids. With ``open_hands`` the one real world is solved exactly.
- Replay choice: ``continue``.

Easy (the manual's heuristics):
- replay/continue: always ``continue``.
- Bidding: the manual's count of the six cards for a prospective trump suit (Menel 14, each ace
  11, bella 20, sequences 20/50, an A-T pair 21 when the hand can lead trumps (4+ trumps) else 16,
  lone tens 0). With the prospective Jass in a reasonable hand (another trump, or 11 more
  points) it takes / names; without it only from 40 up. Elder never schmeisses in round 1;
  in round 2 a middling elder sometimes schmeisses to stop the dealer naming his own suit.
  Sans tout with three aces or more, tout atout with three jacks (or two jacks and two nines).
- A schmeiss is answered ``make-play`` when this hand would likely bete the schmeisser.
- Dix: exchange unless the swap lowers the hand's meld value.
- Declaring: every run, except a 3-card trump run holding the Menel but not the Jass (7-8-9 or
  8-9-T) while the Jass is unseen: showing it would expose the Menel (§5.1).
- Bella: a defender always announces; the maker announces unless he would be bete even with
  the 20, judged from the public points so far (the rest of the deal assumed shared evenly).
- Card play: lead the Jass at once; lead trumps only with four or more; cash safe masters; lead
  worthless cards where the opponent is void to draw his trumps; else open the longest suit
  low, avoiding tenaces (A22: a gap in trick order among the counting cards) and bare tens.
  Following: win a trick worth 10 or more (or the last) with the cheapest winning card, never
  spend a trump on a cheap trick when a card may be thrown, and otherwise throw the cheapest card.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, replace
from typing import Any

from game.ai import LEVELS
from game.ai.analysis import EXACT, MODEL, RULE, SAMPLED, Estimate, Ranking
from game.ai.klaberjass_search import (
    MATCH_BONUS,
    Budget,
    bid_value,
    contract_value,
    mask_of,
    search_play,
)
from game.rules.common import bits
from game.rules.klaberjass import (
    AT,
    CARD_ID,
    CARDS,
    NAT_RANKS,
    NT,
    PLAIN_POWER,
    SUITS,
    TRUMP_POWER,
    KlaberjassObservation,
    card_points,
    meld_points,
    top_meld,
    trick_winner,
)


def choose(rules: Any, observation: KlaberjassObservation, level: str, rng: random.Random) -> str:
    """One of ``observation.legal_actions`` (see the module docstring)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; use one of {', '.join(LEVELS)}")
    legal = observation.legal_actions
    if not legal:
        raise ValueError("the observing seat has no action to take")
    if len(legal) == 1:
        return legal[0]
    if level != "easy":
        return choose_strong(rules, observation, rng, LEVEL_SETTINGS[level])
    phase = observation.phase
    if phase == "replay":
        return "continue"
    if phase == "bid":
        return _bid(observation, rng)
    if phase == "schmeiss":
        return _answer_schmeiss(observation)
    if phase == "dix":
        return _dix(observation)
    if phase == "declare":
        return _declare(observation)
    return _play(observation)


def oracle(rules: Any, state: Any, observation: KlaberjassObservation, rng: random.Random) -> str:
    """The arena's oracle (``game.ai.oracle``, docs/oracle.md): hard on the seat's view of a match
    played with open hands, which shows the opponent's hand as it lies, so that every world hard
    would draw is the true one (the completion still to be dealt stays unknown). ``state`` is
    not read: the open observation holds everything the oracle knows."""
    if observation.opponent_hand is None:
        raise ValueError("the oracle needs the opponent's hand: an observation with open hands")
    return choose(rules, observation, "hard", rng)


# ---------------------------------------------------------------------------------------
# Hand evaluation (§5.1: the manual's 40-point count)
# ---------------------------------------------------------------------------------------


def suit_count(hand: tuple[str, ...], trump: str) -> tuple[bool, int]:
    """(holds the prospective Jass, the manual's count of ``hand`` with ``trump`` as trump suit)."""
    cards = set(hand)
    trumps = sum(1 for c in hand if c[1] == trump)
    count = 14 if "9" + trump in cards else 0
    count += 11 * sum(1 for c in hand if c[0] == "A")
    if "K" + trump in cards and "Q" + trump in cards:
        count += 20
    count += meld_points(hand)
    for s in SUITS:
        if "A" + s in cards and "T" + s in cards:
            count += 10 if trumps >= 4 else 5
    return "J" + trump in cards, count


def _takes(hand: tuple[str, ...], trump: str) -> bool:
    jass, count = suit_count(hand, trump)
    if jass:
        return sum(1 for c in hand if c[1] == trump) >= 2 or count >= 11
    return count >= 40


def _strength(hand: tuple[str, ...], trump: str) -> int:
    jass, count = suit_count(hand, trump)
    return count + (40 if jass else 0)


def _nt_strong(hand: tuple[str, ...]) -> bool:
    return sum(1 for c in hand if c[0] == "A") >= 3


def _at_strong(hand: tuple[str, ...]) -> bool:
    jacks = sum(1 for c in hand if c[0] == "J")
    nines = sum(1 for c in hand if c[0] == "9")
    return jacks >= 3 or (jacks >= 2 and nines >= 2)


def _bid(obs: KlaberjassObservation, rng: random.Random) -> str:
    legal = obs.legal_actions
    hand = obs.hand
    if legal == ("tout-atout", "pass"):
        return "tout-atout" if _at_strong(hand) else "pass"
    if "take" in legal:
        proposed = obs.proposed_suit or "C"
        return "take" if _takes(hand, proposed) else "pass"
    names = [a for a in legal if a.startswith("name ")]
    best = max(names, key=lambda a: _strength(hand, a[5]))
    if "tout-atout" in legal and _at_strong(hand):
        return "tout-atout"
    if "sans-tout" in legal and _nt_strong(hand) and not _takes(hand, best[5]):
        return "sans-tout"
    if "pass" not in legal:  # made to play after a schmeiss: must name
        return best
    if _takes(hand, best[5]):
        return best
    if "sans-tout" in legal and _nt_strong(hand):
        return "sans-tout"
    if obs.current_player == obs.elder and suit_count(hand, best[5])[1] >= 25 and rng.random() < 0.25:
        return "schmeiss"
    return "pass"


def _answer_schmeiss(obs: KlaberjassObservation) -> str:
    hand = obs.hand
    if obs.bid_round == 1:
        jass, count = suit_count(hand, obs.proposed_suit or "C")
        return "make-play" if jass or count >= 35 else "throw-in"
    aces = sum(1 for c in hand if c[0] == "A")
    jacks = sum(1 for c in hand if c[0] == "J")
    return "make-play" if 11 * aces + 10 * jacks >= 42 else "throw-in"


def _dix(obs: KlaberjassObservation) -> str:
    trump = obs.contract or ""
    turn_up = obs.turn_up or ""
    after = [c for c in obs.hand if c != "7" + trump] + [turn_up]
    return "exchange" if meld_points(after) >= meld_points(obs.hand) else "keep"


def _declare(obs: KlaberjassObservation) -> str:
    full = obs.legal_actions[0]
    trump = obs.contract or ""
    if len(trump) != 1 or full == "declare none":
        return full
    jass, menel = "J" + trump, "9" + trump
    public = {c for trick in obs.tricks for _, c in trick} | {obs.turn_up, obs.bottom_card}
    if jass in obs.hand or jass in public:
        return full
    runs = _runs(full.split()[1:])
    sunk = [r for r in runs if len(r) == 3 and menel in r]
    if not sunk:
        return full
    kept = [c for r in runs if r not in sunk for c in r]
    return "declare " + " ".join(kept) if kept else "declare none"


def _runs(cards: list[str]) -> list[list[str]]:
    """Split a declaration (canonical order) into its runs."""
    runs: list[list[str]] = []
    for c in cards:
        if runs and runs[-1][-1][1] == c[1] and NAT_RANKS.index(c[0]) == NAT_RANKS.index(runs[-1][-1][0]) + 1:
            runs[-1].append(c)
        else:
            runs.append([c])
    return runs


# ---------------------------------------------------------------------------------------
# Card play
# ---------------------------------------------------------------------------------------


class _View:
    """What the player knows during play, derived from the observation only."""

    def __init__(self, obs: KlaberjassObservation) -> None:
        self.obs = obs
        self.contract = obs.contract or "NT"
        self.options = dict(obs.options)
        self.me = obs.seat
        self.opp = 1 - obs.seat
        self.trump = self.contract if len(self.contract) == 1 else ""
        played = {c for trick in obs.tricks for _, c in trick} | {c for _, c in obs.trick}
        self.played = played
        known = set(obs.hand) | played
        if obs.turn_up:
            known.add(obs.turn_up)
        if obs.bottom_card:
            known.add(obs.bottom_card)
        opp_known = {c for c in obs.shown_melds[self.opp] if c not in played}
        if obs.dix_by == self.opp and obs.original_turn_up and obs.original_turn_up not in played:
            opp_known.add(obs.original_turn_up)
        if self.trump and (self.opp, "keep") in obs.history and "7" + self.trump not in played:
            opp_known.add("7" + self.trump)
        if obs.opponent_hand is not None:
            opp_known |= set(obs.opponent_hand)
        self.opp_known = opp_known
        self.outstanding = (set(CARDS) - known) | opp_known
        self.void: set[str] = set()
        self.no_trump = False
        for trick in obs.tricks:
            (_, led), (seat, fol) = trick
            if seat == self.opp and fol[1] != led[1]:
                self.void.add(led[1])
                if self.trump and fol[1] != self.trump:
                    self.no_trump = True
        if self.trump and self.trump in self.void:
            self.no_trump = True
        if obs.opponent_hand is not None:
            held = {c[1] for c in obs.opponent_hand}
            self.void = set(SUITS) - held
            self.no_trump = not self.trump or self.trump not in held

    def points(self, card: str) -> int:
        return card_points(card, self.contract)

    def power(self, card: str) -> int:
        """Strength for choosing among cards: trumps above every plain card."""
        if self.contract == "AT" or card[1] == self.trump:
            return 10 + TRUMP_POWER[CARD_ID[card] & 7]
        return PLAIN_POWER[CARD_ID[card] & 7]

    def wins(self, led: str, follow: str) -> bool:
        return trick_winner(led, follow, self.contract, self.options) == 1

    def opp_may_trump(self) -> bool:
        if not self.trump or self.no_trump:
            return False
        return any(c[1] == self.trump for c in self.outstanding)

    def master(self, card: str) -> bool:
        """No outstanding card of the suit would beat it."""
        return not any(c[1] == card[1] and self.wins(card, c) for c in self.outstanding)


def _play(obs: KlaberjassObservation) -> str:
    view = _View(obs)
    legal = obs.legal_actions
    cards = [a for a in legal if " " not in a]
    card = _follow(view, cards) if obs.trick else _lead(view, cards)
    if card + " bella" in legal and _announce_bella(view, card):
        return card + " bella"
    return card


def _cheapest(view: _View, cards: list[str]) -> str:
    return min(cards, key=lambda c: (view.points(c), view.power(c), c))


def _lead(view: _View, cards: list[str]) -> str:
    trump = view.trump
    if trump:
        trumps = [c for c in cards if c[1] == trump]
        opp_trumps = view.opp_may_trump()
        if "J" + trump in trumps and opp_trumps:
            return "J" + trump
        if len(trumps) >= 4 and opp_trumps:
            top = max(trumps, key=view.power)
            return top if view.master(top) else min(trumps, key=view.power)
    side = [c for c in cards if c[1] != trump] or cards
    # Safe masters that carry points: the opponent must follow (or has no trump to ruff with).
    masters = [
        c
        for c in side
        if view.points(c) >= 10
        and view.master(c)
        and (c[1] not in view.void or not view.opp_may_trump() or c[1] == trump)
    ]
    if masters:
        return max(masters, key=lambda c: (view.points(c), view.power(c), c))
    if trump and view.opp_may_trump():
        forcing = [c for c in side if c[1] in view.void and c[1] != trump and view.points(c) == 0]
        if forcing:
            return min(forcing, key=lambda c: (view.power(c), c))

    def suit_order(suit: str) -> tuple[int, int, str]:
        mine = [c for c in side if c[1] == suit]
        return (0 if _tenace(view, mine) else 1, len(mine), suit)

    suits = {c[1] for c in side}
    best = max(suits, key=suit_order)
    return _cheapest(view, [c for c in side if c[1] == best])


def _tenace(view: _View, mine: list[str]) -> bool:
    """A gap in trick order among the counting cards held (A22: A-K without T, A-Q without T and K),
    or a bare ten (a counting card of 10+ with a higher card outstanding and at most one guard)."""
    honours = sorted((c for c in mine if view.points(c) >= 2), key=view.power, reverse=True)
    if not honours:
        return False
    for high, low in itertools.pairwise(honours):
        if any(view.power(low) < view.power(c) < view.power(high) for c in view.outstanding if c[1] == high[1]):
            return True
    top = honours[0]
    return view.points(top) >= 10 and not view.master(top) and len(mine) <= 2


def _follow(view: _View, cards: list[str]) -> str:
    led = view.obs.trick[0][1]
    last = len(view.obs.tricks) == 8
    winners = [c for c in cards if view.wins(led, c)]
    losers = [c for c in cards if c not in winners]
    if not winners:
        return _cheapest(view, cards)
    winner = min(winners, key=lambda c: (view.power(c), -view.points(c), c))
    if not losers or view.points(led) + view.points(winner) + (10 if last else 0) >= 10:
        return winner
    ruff = bool(view.trump) and winner[1] == view.trump and led[1] != view.trump
    cheapest_loser = _cheapest(view, losers)
    if not ruff and view.points(winner) <= view.points(cheapest_loser):
        return winner  # a cheap trick won at no cost (e.g. the 8 over the 7)
    return cheapest_loser


def _announce_bella(view: _View, card: str) -> bool:
    """Defenders always announce; the maker stays silent only when bete even with the 20."""
    obs = view.obs
    if obs.maker != view.me:
        return True
    mine = obs.card_points[view.me] + 20 * obs.bellas.count(view.me)
    theirs = obs.card_points[view.opp] + 20 * obs.bellas.count(view.opp)
    if obs.top_meld == view.me:
        mine += obs.meld_value
    elif obs.top_meld == view.opp:
        theirs += obs.meld_value
    return mine + 20 >= theirs


# ---------------------------------------------------------------------------------------
# Normal and hard: the bidding model and PIMC search (rules §5.2)
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Level:
    """What separates normal from hard.

    - ``budget``: the work per play decision, in fixed counts so that a decision reproduces from
      its rng (worlds at most, worlds at least, search nodes after which no new world starts);
    - ``take``: the bidding model's expected margin as maker (points) that a hand must beat to
      take or name a suit;
    - ``infer``: weight the worlds by how well they explain the opponent's bids.
    """

    budget: Budget
    take: float
    infer: bool
    name: str  # as the notes name its bar ("Hard's bar (-12)")


LEVEL_SETTINGS: dict[str, Level] = {
    "normal": Level(Budget(worlds=16, min_worlds=2, nodes=1_400, cap=3_500), take=-6.0, infer=False, name="Normal"),
    "hard": Level(Budget(worlds=60, min_worlds=6, nodes=30_000, cap=60_000), take=-12.0, infer=True, name="Hard"),
}
# Round 1: the chance that passing loses the round-2 naming to the opponent (he takes, or as
# elder names first), and what this hand is then worth as defender (points, rough).
ROUND2_LOSS_ELDER = 0.35
ROUND2_LOSS_DEALER = 0.45
DEFENCE_VALUE = -15.0
# Answer a schmeiss with make-play when this hand's own model value reaches these.
MAKE_PLAY_THRESHOLD = {1: -15.0, 2: -25.0}
# Bid inference: the opponent is assumed to take around this model value, give or take the spread.
OPPONENT_TAKE = -20.0
BID_SPREAD = 25.0
BID_FLOOR = 0.05
DECLARE_WORLDS = 24
OVERCALL_WORLDS = 24  # worlds drawn for the Sans Tout caller's six cards (the overcall's value of passing)
MENEL_EXPOSURE = 25.0  # the estimated cost of showing the Menel to a holder of the Jass


def choose_strong(rules: Any, obs: KlaberjassObservation, rng: random.Random, level: Level) -> str:
    """The normal and hard players (they differ in ``level``): one legal action, the first of
    ``rank_strong``'s ranking, so that what the hint and the review say cannot drift from the play."""
    legal = obs.legal_actions
    if len(legal) == 1:
        return legal[0]
    if obs.phase == "replay":
        return "continue"
    return rank_strong(rules, obs, rng, level).best.action


def rank(rules: Any, observation: KlaberjassObservation, level: str, rng: random.Random) -> Ranking:
    """Every legal action with ``level``'s value of it, best first (``game.ai.rank_actions``); the
    first is what ``choose`` plays with the same rng state. The points are the deal's margin for
    the deciding seat, what it adds to its score minus what the opponent adds (docs/ai-klaberjass.md
    says what stands behind them at each kind of decision)."""
    if level not in LEVEL_SETTINGS:
        raise ValueError(f"level {level!r} keeps no values; use one of {', '.join(LEVEL_SETTINGS)}")
    legal = observation.legal_actions
    if not legal:
        raise ValueError("the observing seat has no action to take")
    if len(legal) == 1:
        return Ranking.forced(legal[0])
    if observation.phase == "replay":
        return Ranking.preference(legal, "continue")
    ranking = rank_strong(rules, observation, rng, LEVEL_SETTINGS[level])
    if observation.phase == "play" and ranking.basis in (SAMPLED, EXACT) and match_in_reach(observation):
        # The card play's search counts MATCH_BONUS for a deal that wins or loses the match (the
        # bidding model and the declarations' meld margins do not: a tester read the clause
        # beside a declaration's +36 at 0-0): say so, or its
        # numbers read as points of the deal (a tester saw a Bella "cost" 363 points).
        # First, and shown before more choices: a tester's hints at a match's end lost it for
        # want of room and read -656 "points" for a card.
        ranking = replace(ranking, note=f"{MATCH_NOTE}; {ranking.note}", note_first=True, bonus=MATCH_NOTE)
    return ranking


#: The note's clause when the deal may decide the match (its numbers then include the bonus).
MATCH_NOTE = f"winning the match counts {MATCH_BONUS:,.0f}"
#: The most a deal in play can add to one side (a bete gives it everything, both sides' points):
#: the trick points of the best 18 cards with the last trick's 10 (§1.14-1.15), by contract...
CARD_REACH = {"NT": 126, "AT": 238}
SUIT_CARDS = 156
#: ...of which one trick holds at most its two best cards, and the last trick 10 more...
TRICK_REACH = {"NT": 22, "AT": 40}
SUIT_TRICK = 34
LAST_TRICK = 10
#: ...every bella (20 each: one in a suit game, none in Sans Tout, four in Tout Atout)...
BELLAS = {"NT": 0, "AT": 4}
#: ...and the melds: those scored, public after trick 1, or before it the most nine cards hold
#: (two runs of four, 50 each).
MELD_REACH = 100


def deal_reach(obs: KlaberjassObservation, side: int | None = None) -> int:
    """The most this deal, in play, can add to ``side`` (None: to either): the card points won
    so far and at most what the tricks still to play hold, every bella, and the melds. The
    maker keeps only his own card points and runs (bete, he scores nothing); the opponent may
    take them all (the maker bete). Only the top meld's owner scores runs, so once the
    announcement is over the other side's runs are none (a tester saw the match note at 0-114
    of 300, where the maker had lost the top meld and neither side could reach 300)."""
    contract = obs.contract or ""
    won = sum(obs.card_points)
    tricks_left = 9 - len(obs.tricks)
    still = min(CARD_REACH.get(contract, SUIT_CARDS) - won, tricks_left * TRICK_REACH.get(contract, SUIT_TRICK)
                + LAST_TRICK)
    bellas = 20 * BELLAS.get(contract, 1)
    if obs.phase != "play" or side is None or obs.maker is None:
        melds = obs.meld_value if obs.tricks else MELD_REACH
        return won + still + bellas + melds
    runs = 0 if obs.top_meld is None else obs.meld_value if obs.tricks else MELD_REACH  # shown after trick 1
    if side == obs.maker:
        return obs.card_points[side] + still + bellas + (runs if obs.top_meld == side else 0)
    return won + still + bellas + runs


def match_in_reach(obs: KlaberjassObservation) -> bool:
    """This deal, in play, may end the match: a score could reach the game point by what the
    deal can still add to it at most (testers saw the note at 166 of 500, and with two tricks
    left where no score could reach the game point any more)."""
    game_point = int(dict(obs.options)["game_point"])
    return any(obs.scores[side] + deal_reach(obs, side) >= game_point for side in (0, 1))


def rank_strong(rules: Any, obs: KlaberjassObservation, rng: random.Random, level: Level) -> Ranking:
    """The ranking of a decision with a real choice at ``level``; its first action is the play."""
    phase = obs.phase
    if phase == "bid":
        return _rank_bid(rules, obs, rng, level)
    if phase == "schmeiss":
        return _rank_answer(obs, level)
    if phase == "dix":
        return _rank_dix(obs)
    if phase == "declare":
        return _rank_declare(rules, obs, rng, level)
    return _rank_play(rules, obs, rng, level)


def _ranking(
    legal: tuple[str, ...], points: dict[str, float], first: str, basis: str, note: str, worlds: dict[str, int]
) -> Ranking:
    return Ranking.of((Estimate(a, points[a], worlds.get(a, 0)) for a in legal), first, basis, note)


def _suit_index(suit: str | None) -> int:
    return SUITS.index(suit) if suit else 3


def _turn_up_id(obs: KlaberjassObservation) -> int:
    return CARD_ID[obs.original_turn_up] if obs.original_turn_up else -1


def model_values(obs: KlaberjassObservation, hand: int | None = None) -> dict[int, float]:
    """The bidding model's margin as maker for each suit this bidder may still make trump."""
    h = mask_of(obs.hand) if hand is None else hand
    elder = obs.current_player == obs.elder if obs.current_player is not None else obs.seat == obs.elder
    proposed = _suit_index(obs.proposed_suit)
    turn_up = _turn_up_id(obs)
    if obs.bid_round == 1:
        return {proposed: bid_value(h, proposed, elder, turn_up, True)}
    return {s: bid_value(h, s, elder, turn_up, False) for s in range(4) if s != proposed}


#: The clause where a pass is valued at the level's bar, which is no estimate of the deal:
#: "pass (-12 points)" had read as a loss of 12 (a tester). Said first, so short: the choices
#: need the room too.
_PASS_AT_BAR = "pass: {}'s bar ({:+g})"


def _rank_bid(rules: Any, obs: KlaberjassObservation, rng: random.Random, level: Level) -> Ranking:
    """Bids by the bidding model: a take or a named suit is worth the model's margin as maker in
    that suit, Sans Tout and Tout Atout the no-trump / all-trump model's, and passing the level's
    bar (``level.take``; in round 1 the round-2 prospect when that is worth more). A schmeiss is
    worth the worse for this hand of the opponent's two answers: nothing (thrown in), or being
    maker as if it had taken or named; so it never ranks above taking and the levels never
    schmeiss. After the opponent's Sans Tout, passing is worth minus his expected margin in it."""
    legal = obs.legal_actions
    hand = mask_of(obs.hand)
    elder = obs.seat == obs.elder
    take = level.take
    note = "the bidding model"
    worlds: dict[str, int] = {}
    if legal == ("tout-atout", "pass"):
        at = contract_value(hand, AT, elder)
        defence, n = _overcall_defence(rules, obs, rng, level)
        points = {"tout-atout": at, "pass": defence}
        worlds["pass"] = n
        first = "tout-atout" if at > defence else "pass"
        return _ranking(legal, points, first, MODEL, f"{note}; his Sans Tout over {n} imagined hands", worlds)
    values = model_values(obs)
    if "take" in legal:
        (v,) = values.values()
        # Passing keeps the chance to name a better suit in round 2, unless the opponent takes
        # first (then this hand defends) or, for the dealer, elder names first.
        proposed = _suit_index(obs.proposed_suit)
        later = max(bid_value(hand, s, elder, _turn_up_id(obs), False) for s in range(4) if s != proposed)
        keep = 1.0 - (ROUND2_LOSS_ELDER if elder else ROUND2_LOSS_DEALER)
        wait = keep * later + (1.0 - keep) * DEFENCE_VALUE
        first = "pass" if v <= take or wait > v else "take"
        points = {"take": v, "pass": max(take, wait), "schmeiss": min(0.0, v)}
        if wait > take:  # the pass is round two's prospect: an estimate
            return _ranking(legal, points, first, MODEL, note, worlds)
        note = f"{_PASS_AT_BAR.format(level.name, take)}; {note}"
        return replace(_ranking(legal, points, first, MODEL, note, worlds), note_first=True)
    points = {f"name {SUITS[s]}": x for s, x in values.items()}
    best = max(values, key=lambda s: (values[s], -s))
    # The candidates in the order that wins a tie: pass, the best suit, Sans Tout, Tout Atout.
    candidates = [("pass", take)] if "pass" in legal else []
    candidates.append((f"name {SUITS[best]}", values[best]))
    melds = bool(dict(obs.options).get("nt_melds", True))
    for action, code in (("sans-tout", NT), ("tout-atout", AT)):
        if action in legal:
            points[action] = contract_value(hand, code, elder, melds or code == AT)
            candidates.append((action, points[action]))
    first = max(candidates, key=lambda c: c[1])[0]
    if "pass" in legal:
        points["pass"] = take
        bid = max(x for a, x in candidates if a != "pass")
        dealer = obs.seat != obs.elder
        if dealer:
            # The dealer's round-2 pass annuls the deal: exactly 0. Every bid moves by the same
            # amount (the choice stays), so a learner does not read the bar as a loss; that is
            # said first, before more choices (cut off the row, the numbers read wrong: a tester
            # read "+30" as Hard's estimate of the deal, the 12 it had moved not shown).
            points = {a: x - take for a, x in points.items()}
            bid -= take
            note = f"bids from {level.name}'s bar ({take:+g}); a pass annuls the deal: 0; {note}"
        else:
            note = f"{_PASS_AT_BAR.format(level.name, take)}; {note}"
        # Thrown in, nothing (0, never moved by the bar: a tester saw a schmeiss 12 above the
        # pass that scores as it does), or played as the best bid: the worse for this hand.
        points["schmeiss"] = min(0.0, bid)
        return replace(_ranking(legal, points, first, MODEL, note, worlds), note_first=True)
    return _ranking(legal, points, first, MODEL, note, worlds)


def _overcall_defence(rules: Any, obs: KlaberjassObservation, rng: random.Random, level: Level) -> tuple[float, int]:
    """What passing the opponent's Sans Tout is worth: minus his margin in it by the no-trump
    model, averaged over ``OVERCALL_WORLDS`` worlds drawn for his six cards, each weighted by how
    well they explain his call (hard: and his earlier bids). Returns (value, worlds)."""
    opp = 1 - obs.seat
    opp_elder = opp == obs.elder
    melds = bool(dict(obs.options).get("nt_melds", True))
    earlier = _bid_weight(obs) if level.infer else None
    total = value = 0.0
    for _ in range(OVERCALL_WORLDS):
        world = rules.determinize(obs, rng)
        his = contract_value(mask_of(rules.hand(world, opp)), NT, opp_elder, melds)
        w = max(_logistic((his - OPPONENT_TAKE) / BID_SPREAD), BID_FLOOR)
        if earlier is not None:
            w *= earlier(obs, rules, world)
        total += w
        value -= w * his
    return value / total, OVERCALL_WORLDS


def _rank_answer(obs: KlaberjassObservation, level: Level) -> Ranking:
    """Throwing in is worth nothing (the deal ends unscored); making him play is worth this hand's
    own model value less the level's bar (``MAKE_PLAY_THRESHOLD``): in round 1 its value as maker
    of the proposed suit, in round 2 of the suit in which it is weakest (he will name his best)."""
    values = model_values(obs)
    if obs.bid_round == 1:
        strength, bar = max(values.values()), MAKE_PLAY_THRESHOLD[1]
    else:
        strength, bar = min(values.values()), MAKE_PLAY_THRESHOLD[2]
    first = "make-play" if strength >= bar else "throw-in"
    points = {"throw-in": 0.0, "make-play": strength - bar}
    # A margin over the bar, not the deal's worth: said first (a tester read "make play -60"
    # as the deal's worth, then saw the deal's first card valued at +2.7).
    note = f"from {level.name}'s bar ({bar:+g}); the bidding model"  # short: the row has its value too
    return replace(_ranking(obs.legal_actions, points, first, MODEL, note, {}), note_first=True)


def _rank_dix(obs: KlaberjassObservation) -> Ranking:
    """Each choice is worth the model's value of the hand it leaves (with the turn-up, or with the
    7): exchange when that is at least as high (a broken run or a lost bella counts against it)."""
    trump = _suit_index(obs.contract)
    hand = mask_of(obs.hand)
    after = hand & ~(1 << (trump * 8)) | 1 << _turn_up_id(obs)
    elder = obs.seat == obs.elder
    keep = bid_value(hand, trump, elder, -1, False)
    swap = bid_value(after, trump, elder, -1, False)
    first = "exchange" if swap >= keep else "keep"
    return _ranking(obs.legal_actions, {"exchange": swap, "keep": keep}, first, MODEL, "the bidding model", {})


def _rank_declare(rules: Any, obs: KlaberjassObservation, rng: random.Random, level: Level) -> Ranking:
    """Each declaration is worth the meld points it is expected to bring (this seat's scored melds
    minus the opponent's, the opponent assumed to declare all his runs), less the cost of showing
    the Menel when it declares a 3-card trump run holding the Menel without the Jass while the
    Jass is unseen: P(the opponent holds the Jass) x ``MENEL_EXPOSURE`` (§5.2 item 4). Both are
    estimated over ``DECLARE_WORLDS`` worlds drawn for the opponent's hand, weighted by his bids
    at hard. Declaring every run is best unless that cost exceeds what the Menel's run adds; only
    then is the run sunk."""
    legal = obs.legal_actions
    full = legal[0]
    trump = obs.contract or ""
    jass, menel = "J" + trump, "9" + trump
    public = {obs.turn_up, obs.bottom_card, obs.original_turn_up}
    runs = _runs(full.split()[1:])
    exposed: list[str] = []
    if len(trump) == 1 and jass not in obs.hand and jass not in public and menel in obs.hand:
        exposed = next((r for r in runs if menel in r and len(r) == 3), [])
    kept = [c for r in runs if r is not exposed for c in r]
    other = "declare " + " ".join(kept) if kept else "declare none"
    elder = obs.seat == obs.elder
    no_tie = bool(dict(obs.options).get("no_tie", False))
    weight = _bid_weight(obs) if level.infer else None
    mine_of = {a: a.split()[1:] if a != "declare none" else [] for a in legal}
    totals = dict.fromkeys(legal, 0.0)
    gain = jass_odds = total = 0.0
    for _ in range(DECLARE_WORLDS):
        world = rules.determinize(obs, rng)
        opp_cards = rules.hand(world, 1 - obs.seat)
        w = 1.0 if weight is None else weight(obs, rules, world)
        total += w
        jass_odds += w * (jass in opp_cards)
        theirs = meld_points(opp_cards)
        for action, mine in mine_of.items():
            e_runs, d_runs = (mine, opp_cards) if elder else (opp_cards, mine)
            top = top_meld(e_runs, d_runs, trump, no_tie)
            margin = 0 if top is None else meld_points(mine) if (top == "elder") == elder else -theirs
            totals[action] += w * margin
            if exposed and action in (full, other):
                gain += (w if action == full else -w) * margin
    exposure = jass_odds / total * MENEL_EXPOSURE if exposed else 0.0
    points = {a: totals[a] / total - (exposure if exposed and exposed[0] in mine_of[a] else 0.0) for a in legal}
    first = other if exposed and jass_odds * MENEL_EXPOSURE > gain else full
    basis, note = (EXACT, "the true deal (open hands)") if obs.opponent_hand is not None else (SAMPLED, "")
    n = 0 if basis == EXACT else DECLARE_WORLDS
    note = note or f"{n} imagined hands of the opponent"
    return _ranking(legal, points, first, basis, note, dict.fromkeys(legal, n))


def _rank_play(rules: Any, obs: KlaberjassObservation, rng: random.Random, level: Level) -> Ranking:
    """Card play and bella: the PIMC search's average settled value of every legal action
    (``search_play``), exact with open hands. When no world could be solved within the level's
    budget the manual's heuristics play, and no action has a value (basis ``RULE``)."""
    legal = obs.legal_actions
    weight = _bid_weight(obs) if level.infer and obs.opponent_hand is None else None
    best, avg, used = search_play(rules, obs, rng, level.budget, weight)
    if not best:
        first = _play(obs)
        rest = [a for a in legal if a != first]
        return Ranking(tuple(Estimate(a, None) for a in (first, *rest)), RULE,
                       "no imagined deal solved in time: the manual's rules of thumb")
    if obs.opponent_hand is not None:
        return _ranking(legal, avg, best, EXACT, "the true deal (open hands)", {})
    return _ranking(legal, avg, best, SAMPLED, f"{used} imagined deals", dict.fromkeys(legal, used))


def _bid_weight(obs: KlaberjassObservation) -> Any:
    """A world's weight: how likely the opponent's bids were with the hand the world gives him,
    under the bidding model (a soft likelihood, floored so that no world is ruled out)."""
    opp = 1 - obs.seat
    bids = [(seat, a, i) for i, (seat, a) in enumerate(obs.bids)]
    theirs = [(a, i) for seat, a, i in bids if seat == opp and (a in ("take", "pass") or a.startswith("name "))]
    if not theirs:
        return None
    proposed = _suit_index(obs.proposed_suit)
    turn_up = _turn_up_id(obs)
    opp_elder = opp == obs.elder
    trump = _suit_index(obs.contract) if obs.contract and len(obs.contract) == 1 else -1
    played = 0
    for trick in obs.tricks:
        for seat, card in trick:
            if seat == opp:
                played |= 1 << CARD_ID[card]
    for seat, card in obs.trick:
        if seat == opp:
            played |= 1 << CARD_ID[card]
    # Round of each of his bids: round 2 starts after the second pass of round 1.
    rounds: list[int] = []
    passes = 0
    for _, a, _ in bids:
        rounds.append(1 if passes < 2 else 2)
        if a == "pass":
            passes += 1
    counter = [0]

    def weight(o: KlaberjassObservation, rules: Any, world: Any) -> float:
        dealt = mask_of(rules.hand(world, opp)) | played
        if obs.dix_by == opp and turn_up >= 0 and trump >= 0:
            dealt = dealt & ~(1 << turn_up) | 1 << (trump * 8)
        ids = bits(dealt)
        counter[0] += 1
        pick = random.Random(counter[0]).sample(ids, 6) if len(ids) >= 6 else ids
        six = 0
        for c in pick:
            six |= 1 << c
        w = 1.0
        th = OPPONENT_TAKE
        for a, i in theirs:
            rnd = rounds[i]
            if rnd == 1:
                v = bid_value(six, proposed, opp_elder, turn_up, True)
                w *= _logistic((v - th) / BID_SPREAD) if a == "take" else _logistic((th - v) / BID_SPREAD)
            else:
                if a.startswith("name "):
                    v = bid_value(six, SUITS.index(a[5]), opp_elder, turn_up, False)
                    w *= _logistic((v - th) / BID_SPREAD)
                else:
                    v = max(bid_value(six, s, opp_elder, turn_up, False) for s in range(4) if s != proposed)
                    w *= _logistic((th - v) / BID_SPREAD)
        return max(w, BID_FLOOR)

    return weight


def _logistic(x: float) -> float:
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))
