"""The Klaberjass engine's fast paths against the plain versions they replace.

The engine writes a few things out for speed (the shuffle, the legal-play rule as a table, the
declare options cache, field-by-field state copies, the history and events of the cards played
derived from the tricks, the deal summary built on first use); these tests pin each one to the
straightforward computation, so that a change to one side shows.
"""

from __future__ import annotations

import pickle
import random
from dataclasses import fields

from game.rules import klaberjass as kj
from game.rules.common import rng_for
from game.rules.klaberjass import RULES

SUIT_MASK = kj.SUIT_MASK


def test_shuffle_is_random_shuffle() -> None:
    streams = [*range(2000), -1, -(1 << 40), (1 << 62) - 1, 123456789012345]
    for stream in streams:
        for draws in (0, 1, 2, 7, 1000):
            cards = list(range(32))
            rng_for(stream, draws).shuffle(cards)
            assert kj._shuffled_deck(stream, draws) == tuple(cards), (stream, draws)


def reference_legal(hand: int, lead: int, variant: int) -> int:
    """§1.8 / §1.14 written plainly: follow suit (beating a trump lead, or any lead in tout atout, if
    able); else trump in a suit deal, beat the lead in rank in cross-suit tout atout; else anything."""
    if lead < 0:
        return hand
    ls = lead >> 3
    follow = hand & SUIT_MASK[ls]
    if variant < 4:
        if follow:
            if ls == variant:
                return (follow & kj.BEAT_SAME[lead]) or follow
            return follow
        return (hand & SUIT_MASK[variant]) or hand
    if variant == 4:
        return follow or hand
    if follow:
        return (follow & kj.BEAT_SAME[lead]) or follow
    if variant == 5:
        return (hand & kj.BEAT_RANK[lead]) or hand
    return hand


def test_legal_mask_table_is_the_rule() -> None:
    rng = random.Random(7)
    for variant in range(7):
        for lead in range(-1, 32):
            others = [c for c in range(32) if c != lead]
            for _ in range(400):
                hand = sum(1 << c for c in rng.sample(others, rng.randrange(10)))
                assert kj.legal_mask(hand, lead, variant) == reference_legal(hand, lead, variant)


def reference_declare_options(hand: int) -> tuple[str, ...]:
    runs = [kj._run_mask(s, lo, n) for s, lo, n in kj._runs(hand)]
    out = []
    for sub in range((1 << len(runs)) - 1, -1, -1):
        mask = 0
        for i, r in enumerate(runs):
            if sub >> i & 1:
                mask |= r
        out.append("declare " + " ".join(kj._cards(mask)) if mask else "declare none")
    return tuple(out)


def test_declare_options_cache() -> None:
    rng = random.Random(8)
    for _ in range(3000):
        hand = sum(1 << c for c in rng.sample(range(32), 9))
        options = kj._decl_options(hand)
        assert options == reference_declare_options(hand)
        for action in options:
            cards = action.split()[1:]
            assert kj._DECL_MASKS[action] == (0 if cards == ["none"] else kj._mask_of(cards))


def random_states(seed: int, options: dict[str, object]) -> list[kj.State]:
    rng = random.Random(seed)
    state = RULES.new_match(seed, options)
    states = [state]
    while not RULES.is_over(state) and len(states) < 400:
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
        states.append(state)
    return states


def test_copies_are_whole() -> None:
    for state in random_states(1, {"tout_atout": True})[:80]:
        copy = kj._copy(state)
        assert copy == state and copy is not state
        assert all(getattr(copy, f.name) is getattr(state, f.name) for f in fields(kj.State))
        deal = kj._copy_deal(state.deal)
        assert all(getattr(deal, f.name) is getattr(state.deal, f.name) for f in fields(kj._Deal))


def test_history_and_events_of_the_cards_played() -> None:
    """The observation's history is every action of the deal, and its events announce every card
    played, bellas included, though a card play records only the trick."""
    options = [{}, {"tout_atout": True, "tout_atout_direct": True}, {"clubs_preferred": True, "replay": True}]
    for seed in range(60):
        rng = random.Random(seed)
        state = RULES.new_match(seed, options[seed % 3])
        actions: list[tuple[int, str]] = []
        while not RULES.is_over(state):
            for seat in (0, 1):
                seen = RULES.observation(state, seat)
                hidden = [(s, "declare ?" if s != seat and a.startswith("declare") else a) for s, a in actions]
                assert list(seen.history) == hidden
                plays = [e for e in seen.events if " plays " in e]
                cards = [(s, a) for s, a in actions if a.split()[0] in kj.CARD_ID]
                assert plays == [f"{s} plays {a.replace(' bella', ', bella')}" for s, a in cards]
            actor = RULES.current_player(state)
            action = rng.choice(RULES.legal_actions(state))
            assert actor is not None
            actions.append((actor, action))
            before, state = state, RULES.apply(state, action)
            if state.last_deal is not before.last_deal or action in ("replay", "continue"):
                actions = []  # a new deal (or the replay choice) starts the history afresh


def test_summary_built_once_and_shared() -> None:
    states = random_states(3, {"game_point": 300})
    summaries = [s.last_deal for s in states]
    for before, after, a, b in zip(states, states[1:], summaries, summaries[1:], strict=False):
        if after.deal_number == before.deal_number and after.phase != kj.P_OVER:
            assert a is b  # the same object while the deal goes on (a deal's end shows as a new object)
    last = states[-1]
    assert last.last_deal is last.last_deal
    clone = pickle.loads(pickle.dumps(last))
    assert clone == last and clone.last_deal == last.last_deal
