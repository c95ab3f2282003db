"""The Mus computer player (game/ai/mus.py): always legal, blind to hidden cards, sensible in the
decisions ../shared/rules/mus.md §6 names, and better than a random player."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.ai import choose_action
from game.ai.mus import MAX_MUS_ROUNDS, choose
from game.rules.mus import CARDS, RULES, MusState
from tests.ai.positions import mus_deal as deal
from tests.ai.positions import mus_play as play

LEVELS = ("easy", "normal", "hard")


def decide(state: MusState, seed: int = 0, level: str = "easy") -> str:
    seat = RULES.current_player(state)
    assert seat is not None
    return choose(RULES, RULES.observation(state, seat), level, random.Random(seed))


FILLER = random.Random(5).sample(CARDS, 40)


def with_hand(hand: list[str], seat: int = 0, mano: int = 0, **options: object) -> MusState:
    """A deal giving ``seat`` this hand; the other seats get fixed filler cards."""
    filler = [c for c in FILLER if c not in hand]
    hands = [hand if s == seat else filler[4 * s:4 * s + 4] for s in range(4)]
    return deal(hands, mano, **options)


# ------------------------------------------------------------------------------------------
# Legality and blindness
# ------------------------------------------------------------------------------------------


def test_never_illegal_in_any_phase_or_lance():
    phases: set[str] = set()
    lances: set[str] = set()
    answered_ordago = False
    for m in range(150):
        rng = random.Random(m)
        options = {"ordago": m % 3 != 0, "replay": m % 4 == 0, "kings": 4 if m % 5 == 0 else 8,
                   "target": 30 if m % 7 == 0 else 40}
        state = RULES.new_match(m, options)
        level = "easy"  # the stronger levels have their own sweep in test_mus_levels.py
        while not RULES.is_over(state) and state.deal_number < 6:
            seat = RULES.current_player(state)
            assert seat is not None
            o = RULES.observation(state, seat)
            action = choose(RULES, o, level, random.Random(m))
            assert action in o.legal_actions
            assert choose_action(RULES, o, level, random.Random(m)) == action
            phases.add(o.phase)
            if o.lance:
                lances.add(o.lance)
            answered_ordago |= o.ordago
            if o.phase == "mus" and rng.random() < 0.5:
                action = "mus"  # push into discard rounds
            elif rng.random() < 0.3:
                action = rng.choice(o.legal_actions)
            state = RULES.apply(state, action)
    assert phases == {"replay", "mus", "discard", "bet"}
    assert lances == {"grande", "chica", "pares", "juego", "punto"} and answered_ordago


def test_choice_ignores_hidden_cards():
    positions = 0
    for m in range(60):
        rng = random.Random(m)
        state = RULES.new_match(100 + m, {"open_hands": False})
        while not RULES.is_over(state) and state.deal_number < 4:
            seat = RULES.current_player(state)
            assert seat is not None
            o = RULES.observation(state, seat)
            expected = choose(RULES, o, "easy", random.Random(7))
            for k in range(3):
                world = RULES.determinize(o, random.Random(k))  # the hidden cards dealt again
                assert RULES.observation(world, seat) == o
                again = choose(RULES, RULES.observation(world, seat), "easy", random.Random(7))
                assert again == expected
            positions += 1
            state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    assert positions > 300


def test_same_choice_whatever_the_partner_and_opponents_hold():
    mine = ["Ro", "Rc", "Re", "4o"]
    a = with_hand(mine)
    b = deal([mine, ["Ao", "Ac", "Ae", "Ab"], ["Cc", "Sc", "Co", "So"], ["7c", "6c", "5c", "4c"]])
    for prefix in ((), ("cut",)):
        oa, ob = RULES.observation(play(a, *prefix), 0), RULES.observation(play(b, *prefix), 0)
        assert oa == ob
        for seed in range(20):
            assert choose(RULES, oa, "easy", random.Random(seed)) == choose(RULES, ob, "easy", random.Random(seed))


# ------------------------------------------------------------------------------------------
# Key decisions (rules file §6)
# ------------------------------------------------------------------------------------------


def test_single_legal_action_returned_at_once():
    o = RULES.observation(play(with_hand(["Ro", "Rc", "Re", "4o"]), "cut", "envido 2"), 1)
    only = dataclasses.replace(o, legal_actions=("no-quiero",))
    assert choose(RULES, only, "hard", random.Random(0)) == "no-quiero"


def test_replay_choice_is_continue():
    s = play(with_hand(["Ro", "Rc", "Re", "4o"], replay=True), "cut", "ordago", "no-quiero", "no-quiero")
    while s.phase != "replay":
        s = RULES.apply(s, "paso")
    assert decide(s) == "continue"


def test_unknown_level_rejected():
    o = RULES.observation(with_hand(["Ro", "Rc", "Re", "4o"]), 0)
    with pytest.raises(ValueError, match="level"):
        choose(RULES, o, "expert", random.Random(0))


@pytest.mark.parametrize(
    "hand",
    [["Ro", "Co", "So", "Ab"], ["Rb", "Cb", "5e", "6e"], ["Sc", "Se", "Sb", "4e"], ["Ao", "Ac", "7e", "7b"],
     ["Rb", "3e", "3b", "4e"]],
)
def test_cuts_with_a_good_hand_6_3(hand):
    # 31, 31 with figures, medias, duples, three kings (§6.3 point 6: the usual cuts).
    assert all(decide(with_hand(hand), seed) == "cut" for seed in range(20))


def test_says_mus_with_a_weak_hand_but_not_forever():
    weak = ["4e", "5b", "6e", "Sb"]
    assert all(decide(with_hand(weak), seed) == "mus" for seed in range(20))
    s = with_hand(weak)
    for _ in range(MAX_MUS_ROUNDS):
        s = play(s, "mus", "mus", "mus", "mus")
        for _ in range(4):
            s = RULES.apply(s, RULES.legal_actions(s)[0])
    assert all(decide(s, seed) == "cut" for seed in range(20))  # mus fatigue (MUSVISTO #37)


def test_mus_phase_ends_within_a_few_rounds_when_all_play():
    longest = 0
    for m in range(40):
        s = RULES.new_match(m)
        rng = random.Random(m)
        while not RULES.is_over(s) and s.deal_number < 4:
            seat = RULES.current_player(s)
            assert seat is not None
            s2 = RULES.apply(s, choose(RULES, RULES.observation(s, seat), "easy", rng))
            longest = max(longest, len(s.rounds))
            s = s2
    assert 1 <= longest <= MAX_MUS_ROUNDS


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        (["Ro", "5c", "6e", "Ab"], "discard 5c 6e"),  # keep the king and the ace
        (["4o", "6c", "Sc", "Se"], "discard 4o 6c"),  # keep the pair
        (["4o", "7c", "Sc", "Se"], "discard 4o"),  # keep a 31: throw one card only
        (["3o", "2c", "7e", "Cb"], "discard 7e Cb"),  # 3 is a king, 2 an ace
        (["Ro", "Rc", "Ao", "Ac"], "discard Ao"),  # must throw one: the least useful
    ],
)
def test_discards_keep_kings_aces_and_pairs(hand, expected):
    s = play(with_hand(hand), "mus", "mus", "mus", "mus")
    assert decide(s) == expected


def test_opens_grande_with_three_kings():
    s = play(with_hand(["Ro", "Rc", "Re", "4o"]), "cut")
    choices = {decide(s, seed) for seed in range(30)}
    assert choices <= {"envido 2", "envido 4", "ordago"} and "envido 2" in choices


def test_bluffs_sometimes_but_mostly_passes_with_nothing():
    s = play(with_hand(["4o", "5c", "6e", "7b"], seat=3), "cut", "paso", "paso", "paso")
    picks = [decide(s, seed) for seed in range(400)]
    bluffs = picks.count("envido 2")
    assert set(picks) == {"paso", "envido 2"} and 20 <= bluffs <= 120  # last to speak: about 18 %


def test_accepts_when_refusing_would_lose_the_game():
    s = play(with_hand(["4o", "5c", "6e", "7b"], seat=1), "cut")
    s = dataclasses.replace(s, points=(39, 0), start_points=(39, 0))
    s = RULES.apply(s, "envido 2")
    assert all(decide(s, seed) == "quiero" for seed in range(20))


def test_refuses_an_ordago_with_a_hopeless_hand_and_takes_it_with_a_great_one():
    weak = play(with_hand(["4o", "5c", "6e", "7b"], seat=1), "cut", "ordago")
    assert all(decide(weak, seed) == "no-quiero" for seed in range(20))
    strong = play(with_hand(["Ro", "Rc", "Re", "Rb"], seat=1), "cut", "ordago")
    assert all(decide(strong, seed) == "quiero" for seed in range(20))


def test_accepts_a_pares_bet_with_duples_and_first_grande_envido_by_ev():
    # §6.2: accept iff p > (s - deje) / (2s + b_us + b_them); duples in pares clear it easily.
    hands = [["4o", "5o", "6o", "7o"], ["Sc", "Se", "Ab", "Ae"], ["Cc", "Ce", "6c", "4c"], ["Ro", "Co", "7c", "5c"]]
    s = play(deal(hands), "cut", *["paso"] * 8)
    assert RULES.observation(s, 1).lance == "pares"
    s = play(s, "paso", "envido 2")  # s1 passes, s2 bets; s1 answers with duples
    assert RULES.current_player(s) == 1
    assert {decide(s, seed) for seed in range(20)} <= {"quiero", "raise 2", "ordago"}
    kings = play(with_hand(["Ro", "Rc", "5e", "6b"], seat=1), "cut", "envido 2")
    assert all(decide(kings, seed) != "no-quiero" for seed in range(20))


# ------------------------------------------------------------------------------------------
# Strength: easy beats a uniformly random player (seeded, deterministic, not timed)
# ------------------------------------------------------------------------------------------


def test_easy_beats_random():
    matches = 60
    wins = 0
    for m in range(matches):
        easy_team = m % 2
        rng = random.Random(10_000 + m)
        s = RULES.new_match(m, {"ordago": m % 4 != 3})
        while not RULES.is_over(s):
            seat = RULES.current_player(s)
            assert seat is not None
            if seat % 2 == easy_team:
                action = choose(RULES, RULES.observation(s, seat), "easy", rng)
            else:
                action = rng.choice(RULES.legal_actions(s))
            s = RULES.apply(s, action)
        wins += s.winner == easy_team
    assert wins >= 0.65 * matches, wins
