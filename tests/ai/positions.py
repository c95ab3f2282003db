"""Stacked decks and positions for the AI tests, one place per game (the easy-player tests and
the level tests build the same positions)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from game.ai.lukfu_search import Budget
from game.rules import klaberjass as kj
from game.rules import lukfu as lf
from game.rules.jubmoo import CARDS as JUBMOO_CARDS
from game.rules.jubmoo import RULES as JUBMOO
from game.rules.jubmoo import RULESETS, JubMooObservation
from game.rules.mus import CARDS as MUS_CARDS
from game.rules.mus import RULES as MUS
from game.rules.mus import MusState

# ---- Klaberjass ----


def klaberjass_deck(elder9: str, dealer9: str, turn_up: str | None = None) -> list[str]:
    """A deck dealing these hands (rules §1.3): the first six of each 3+3, the last three as completion."""
    e, d = elder9.split(), dealer9.split()
    named = [*e, *d, *([turn_up] if turn_up else [])]
    assert len(set(named)) == len(named)
    deck: list[str | None] = [None] * 32
    for p, c in zip((0, 1, 2, 6, 7, 8), e[:6], strict=True):
        deck[p] = c
    for p, c in zip((3, 4, 5, 9, 10, 11), d[:6], strict=True):
        deck[p] = c
    deck[12] = turn_up
    for i, c in enumerate(e[6:]):
        deck[13 + 2 * i] = c
    for i, c in enumerate(d[6:]):
        deck[14 + 2 * i] = c
    rest = iter([c for c in kj.CARDS if c not in deck])
    return [c if c is not None else next(rest) for c in deck]


def klaberjass_options(rng: random.Random) -> dict[str, object]:
    """Random rules options for the sweeps over many positions (short matches)."""
    return {
        "game_point": rng.choice((100, 200)),
        "tout_atout": rng.random() < 0.5,
        "tout_atout_direct": rng.random() < 0.2,
        "clubs_preferred": rng.random() < 0.2,
        "all_trump_cross_suit": rng.random() < 0.7,
        "nt_melds": rng.random() < 0.7,
        "no_tie": rng.random() < 0.3,
        "open_hands": rng.random() < 0.2,
        "replay": rng.random() < 0.3,
    }


def klaberjass_new(elder9: str, dealer9: str, turn_up: str = "7H", **options: object) -> kj.State:
    """A match whose first deal gives seat 0 (elder) and seat 1 (dealer) these nine cards."""
    return kj.RULES.new_match(3, {"first_dealer": 1, **options}, deck=klaberjass_deck(elder9, dealer9, turn_up))


def klaberjass_play(state: kj.State, *actions: str) -> kj.State:
    for a in actions:
        state = kj.RULES.apply(state, a)
    return state


# ---- Jub Moo ----

RANK_ORDER = "23456789TJQKA"


def jubmoo_deck(spec: dict[int, list[str]], avoid: dict[int, str] | None = None) -> list[str]:
    """A deck giving each seat the cards of ``spec``, the rest filled lowest ranks first,
    never giving seat ``s`` a suit listed in ``avoid[s]``."""
    avoid = avoid or {}
    hands = {s: list(spec.get(s, [])) for s in range(4)}
    used = {c for h in hands.values() for c in h}
    assert len(used) == sum(len(h) for h in hands.values())
    rest = sorted((c for c in JUBMOO_CARDS if c not in used), key=lambda c: RANK_ORDER.index(c[0]))
    for seat in sorted(range(4), key=lambda s: -len(avoid.get(s, ""))):
        while len(hands[seat]) < 13:
            card = next(c for c in rest if c[1] not in avoid.get(seat, ""))
            rest.remove(card)
            hands[seat].append(card)
    return [hands[i % 4][i // 4] for i in range(52)]


def jubmoo_options(rng: random.Random, targets: Sequence[int] = (-100, -300, -1000)) -> dict[str, object]:
    """Random rules options for the sweeps over many positions, a match ending at one of ``targets``."""
    return {
        "ruleset": rng.choice(RULESETS),
        "ten_clubs": rng.choice(["double", "add-and-double"]),
        "first_lead": rng.choice(["random", "two-of-clubs"]),
        "later_leads": rng.choice(["pig-taker", "random"]),
        "big_chuan_others_minus_50": rng.random() < 0.5,
        "open_hands": rng.random() < 0.2,
        "replay": rng.random() < 0.3,
        "target": rng.choice(targets),
    }


def jubmoo_position(
    spec: dict[int, list[str]],
    plays: Sequence[str],
    leader: int,
    avoid: dict[int, str] | None = None,
    options: dict[str, object] | None = None,
) -> JubMooObservation:
    """The observation of the seat to act after ``plays`` from a deal built by ``jubmoo_deck``."""
    state = JUBMOO.new_match(1, {"first_leader": leader, **(options or {})}, deck=jubmoo_deck(spec, avoid))
    for card in plays:
        state = JUBMOO.apply(state, card)
    seat = JUBMOO.current_player(state)
    assert seat is not None
    return JUBMOO.observation(state, seat)


# ---- Mus ----


def mus_deck(hands: Sequence[Sequence[str]], mano: int) -> list[str]:
    """A deck that deals ``hands`` (by seat): card i goes to seat (mano + i) % 4 (API.md)."""
    deck = [""] * 16
    for seat, hand in enumerate(hands):
        for k, card in enumerate(hand):
            deck[4 * k + (seat - mano) % 4] = card
    return deck + [c for c in MUS_CARDS if c not in deck]


def mus_deal(hands: Sequence[Sequence[str]], mano: int = 0, **options: object) -> MusState:
    return MUS.new_match(3, {"first_mano": mano, **options}, mus_deck(hands, mano))


def mus_play(state: MusState, *actions: str) -> MusState:
    for action in actions:
        state = MUS.apply(state, action)
    return state


# ---- Luk Fu ----


def lukfu_deck(hands: dict[int, list[str]], master: int) -> list[str]:
    """A deck dealing ``hands`` (by seat) four cards at a time from the Master on."""
    assert sorted(c for h in hands.values() for c in h) == sorted(lf.CARDS)
    return [hands[(master + k) % 3][i] for i in range(12) for k in range(3)]


def lukfu_start(hands: dict[int, str], master: int, **options: object) -> lf.LukFuState:
    split = {p: h.split() for p, h in hands.items()}
    return lf.RULES.new_match(1, {"first_master": master, **options}, deck=lukfu_deck(split, master))


def lukfu_table(
    hands: dict[int, str], played: dict[int, str], *, caller: int, leader: int, fu: tuple[int, int, int]
) -> lf.LukFuState:
    """A play-phase position (every card accounted for) with ``leader`` to lead."""
    base = lf.RULES.new_match(2, {"first_master": caller})
    pl = tuple(lf.cards_to_mask(played[p].split()) for p in range(3))
    return dataclasses.replace(
        base,
        phase=lf.PH_PLAY,
        caller=caller,
        turn=leader,
        leader=leader,
        hands=tuple(lf.cards_to_mask(hands[p].split()) for p in range(3)),  # type: ignore[arg-type]
        played=pl,  # type: ignore[arg-type]
        public=pl[0] | pl[1] | pl[2],
        fu=fu,
    )


def lukfu_to_act(state: lf.LukFuState) -> lf.LukFuObservation:
    seat = lf.RULES.current_player(state)
    assert seat is not None
    return lf.RULES.observation(state, seat)


def lukfu_shrunk(budget: Budget, worlds: int) -> Budget:
    """``budget`` with every decision searched or valued over ``worlds`` worlds (the call over
    one more): the level's playouts, candidates and objective at the cost of a test."""
    return dataclasses.replace(
        budget,
        searched={d: dataclasses.replace(s, worlds=worlds + (d == "call")) for d, s in budget.searched.items()},
        last_deal={d: dataclasses.replace(s, worlds=worlds) for d, s in budget.last_deal.items()},
        hint_worlds=dict.fromkeys(budget.hint_worlds, worlds),
    )
