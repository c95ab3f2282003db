"""The Mus and Jub Moo engines' speed shortcuts give exactly what the plain code would: the
field-by-field state copy misses no field, Mus states stay hashable, and the inlined deck
shuffle draws the same deck as ``random.Random.shuffle``."""

from __future__ import annotations

import dataclasses
import random

from game.rules import jubmoo, mus


def test_mus_copy_copies_every_field():
    rng = random.Random(4)
    state = mus.RULES.new_match(11, {"replay": True, "ordago": False})
    for _ in range(200):
        if mus.RULES.is_over(state):
            state = mus.RULES.new_match(rng.randrange(1000), {"replay": True, "ordago": False})
        copy = mus._copy(state)
        assert copy is not state and copy == state  # == reads every field: a missed one raises
        assert all(getattr(copy, f.name) is getattr(state, f.name) for f in dataclasses.fields(mus.MusState))
        state = mus.RULES.apply(state, rng.choice(mus.RULES.legal_actions(state)))


def test_mus_states_hash_like_frozen_dataclasses():
    a = mus.RULES.new_match(5)
    b = mus.RULES.new_match(5)
    assert a == b and hash(a) == hash(b)
    assert hash(a) == hash(tuple(getattr(a, f.name) for f in dataclasses.fields(mus.MusState)))
    assert len({a, b, mus.RULES.apply(a, "cut")}) == 2


def test_jubmoo_deck_shuffle_matches_random_shuffle():
    for seed in range(3000):
        deck = list(range(52))
        random.Random(seed).shuffle(deck)
        assert jubmoo._shuffled_deck(random.Random(seed)) == deck


def test_jubmoo_legal_actions_are_the_legal_plays():
    rng = random.Random(8)
    state = jubmoo.RULES.new_match(3)
    for _ in range(600):
        if jubmoo.RULES.is_over(state):
            break
        legal = jubmoo.RULES.legal_actions(state)
        seat = jubmoo.RULES.current_player(state)
        if seat is not None and state.phase == 0:
            trick = [jubmoo.CARDS[c] for c in state.trick]
            assert set(legal) == jubmoo.legal_plays(jubmoo.RULES.hand(state, seat), trick)
            assert list(legal) == [c for c in jubmoo.CARDS if c in legal]  # canonical order
        state = jubmoo.RULES.apply(state, rng.choice(legal))
