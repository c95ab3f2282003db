"""The Mus levels (game/ai/mus.py: easy, normal, hard) and the rule bot (game/ai/mus_rule.py):
always legal, blind to hidden cards, deterministic for a given rng, and sensible in the key
decisions of ../shared/rules/mus.md §6. Strength is measured by the arena (docs/ai-mus.md), not
here; nothing here is timed."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from game.ai import choose_action
from game.ai.mus import (
    BUDGETS,
    CHICA,
    GRANDE,
    JUEGO,
    PARES,
    PUNTO,
    choose,
    hand_kind,
    match_equity,
    public_calls,
    tables,
)
from game.ai.mus_rule import mus_rule
from game.rules.mus import CARDS, RULES, MusState, juego_bonus, juego_total, lance_winner, pares_bonus
from tests.ai.positions import mus_deal as deal
from tests.ai.positions import mus_play as play

STRONG = ("normal", "hard")
LEVELS = ("easy", "normal", "hard")


FILLER = random.Random(5).sample(CARDS, 40)


def with_hand(hand: list[str], seat: int = 0, mano: int = 0, **options: object) -> MusState:
    """A deal giving ``seat`` this hand; the other seats get fixed filler cards."""
    filler = [c for c in FILLER if c not in hand]
    hands = [hand if s == seat else filler[4 * s:4 * s + 4] for s in range(4)]
    return deal(hands, mano, **options)


def picks(state: MusState, level: str, n: int = 20) -> Counter[str]:
    seat = RULES.current_player(state)
    assert seat is not None
    o = RULES.observation(state, seat)
    return Counter(choose(RULES, o, level, random.Random(k)) for k in range(n))


# ------------------------------------------------------------------------------------------
# Tables agree with the engine
# ------------------------------------------------------------------------------------------


def test_hand_tables_agree_with_the_engine():
    rng = random.Random(1)
    for kings in (8, 4):
        kind = hand_kind(kings == 8)
        assert len(kind.hands) == (330 if kings == 8 else 715)
        opts = {"kings": kings}
        for _ in range(300):
            cards = rng.sample(range(40), 16)
            hands = [[CARDS[c] for c in cards[4 * s:4 * s + 4]] for s in range(4)]
            feats = [kind.feats[kind.of_cards(cards[4 * s:4 * s + 4])] for s in range(4)]
            for s in range(4):
                assert feats[s][5] == pares_bonus(hands[s], opts)
                assert feats[s][4] == juego_total(hands[s], opts)
                assert feats[s][6] == juego_bonus(hands[s], opts)
            mano = rng.randrange(4)
            order = [(mano + i) % 4 for i in range(4)]
            for lance, index in (("grande", GRANDE), ("chica", CHICA), ("pares", PARES), ("juego", JUEGO),
                                 ("punto", PUNTO)):
                keys = [feats[s][index] for s in order]
                top = max(keys)
                expected = lance_winner(lance, hands, mano, opts)
                if top == 0 and lance in ("pares", "juego"):
                    assert expected is None
                else:
                    assert expected == order[keys.index(top)]


def test_tables_are_sane():
    t = tables(True)
    kind = t.kind
    four_kings = kind.of_roles((7, 7, 7, 7))
    nothing = kind.of_roles((1, 2, 3, 4))
    assert t.team_win[four_kings][0][GRANDE] > 0.99 > 0.5 > t.team_win[nothing][0][GRANDE]
    assert t.value[four_kings][0] > t.value[nothing][0]
    assert t.best[nothing][0] > t.value[nothing][0]  # a hopeless hand gains by a mus
    assert match_equity(0, 0, 40, True) == pytest.approx(0.5, abs=0.05)
    assert match_equity(35, 10, 40, False) > 0.9 > 0.1 > match_equity(10, 35, 40, True)
    assert match_equity(40, 10, 40, False) == 1.0 and match_equity(10, 30, 30, True) == 0.0


# ------------------------------------------------------------------------------------------
# Legality, determinism and blindness
# ------------------------------------------------------------------------------------------


def test_never_illegal_at_any_level_phase_or_option():
    seen: set[tuple[str, str]] = set()
    for m in range(30):
        rng = random.Random(m)
        options = {"ordago": m % 3 != 0, "replay": m % 4 == 0, "kings": 4 if m % 5 == 0 else 8,
                   "target": 30 if m % 7 == 0 else 40, "open_hands": m % 9 == 0, "games": 3 if m % 6 == 0 else 1}
        state = RULES.new_match(m, options)
        players = [LEVELS[(m + s) % 3] for s in range(4)]
        while not RULES.is_over(state) and state.deal_number < 4:
            seat = RULES.current_player(state)
            assert seat is not None
            o = RULES.observation(state, seat)
            action = choose_action(RULES, o, players[seat], random.Random(m))
            assert action in o.legal_actions
            seen.add((players[seat], o.lance or o.phase))
            if o.phase == "mus" and rng.random() < 0.4:
                action = "mus"  # push into discard rounds and reshuffles
            elif rng.random() < 0.15:
                action = rng.choice(o.legal_actions)  # odd positions: random bets, raises, órdagos
            state = RULES.apply(state, action)
    for level in STRONG:
        for where in ("mus", "discard", "grande", "chica", "pares", "juego", "punto"):
            assert (level, where) in seen, (level, where)


def test_every_answer_to_an_ordago_and_a_raise_is_legal():
    for level in STRONG:
        for seed in range(15):
            s = play(with_hand(["Ro", "Rc", "5e", "6b"], seat=1), "cut", "envido 2")
            s = play(s, "raise 2") if seed % 2 else s
            s = play(s, "ordago") if seed % 3 == 0 and not seed % 2 else s
            o = RULES.observation(s, RULES.current_player(s))
            assert choose(RULES, o, level, random.Random(seed)) in o.legal_actions


def test_same_rng_same_choice():
    s = play(with_hand(["Ro", "Rc", "5e", "6b"], seat=1), "cut", "envido 2")
    o = RULES.observation(s, 1)
    for level in LEVELS:
        for k in range(5):
            assert choose(RULES, o, level, random.Random(k)) == choose(RULES, o, level, random.Random(k))


def test_no_cheating_the_hidden_cards_do_not_change_the_choice():
    """Worlds that differ only in cards hidden from the seat (drawn by ``determinize``) give the
    same action under the same rng, at every level and in every phase."""
    positions = Counter[str]()
    for m in range(18):
        rng = random.Random(m)
        state = RULES.new_match(200 + m)
        while not RULES.is_over(state) and state.deal_number < 3:
            seat = RULES.current_player(state)
            assert seat is not None
            o = RULES.observation(state, seat)
            if len(o.legal_actions) > 1 and rng.random() < 0.35:
                level = STRONG[m % 2] if rng.random() < 0.8 else "easy"
                expected = choose(RULES, o, level, random.Random(11))
                for k in range(2):
                    world = RULES.determinize(o, random.Random(k))
                    assert RULES.observation(world, seat) == o
                    assert choose(RULES, RULES.observation(world, seat), level, random.Random(11)) == expected
                positions[o.lance or o.phase] += 1
            action = choose(RULES, o, "easy", rng) if rng.random() < 0.7 else rng.choice(o.legal_actions)
            state = RULES.apply(state, action)
    assert sum(positions.values()) > 60 and {"mus", "grande"} <= set(positions)


def test_same_choice_whatever_the_partner_and_opponents_hold():
    mine = ["Ro", "Rc", "Re", "4o"]
    a = with_hand(mine)
    b = deal([mine, ["Ao", "Ac", "Ae", "Ab"], ["Cc", "Sc", "Co", "So"], ["7c", "6c", "5c", "4c"]])
    for prefix in ((), ("cut",), ("mus", "mus", "mus", "mus")):
        oa, ob = RULES.observation(play(a, *prefix), 0), RULES.observation(play(b, *prefix), 0)
        assert oa == ob
        for level in STRONG:
            for seed in range(6):
                assert choose(RULES, oa, level, random.Random(seed)) == choose(RULES, ob, level, random.Random(seed))


def test_public_calls_reads_the_record_of_the_other_seats():
    s = play(with_hand(["Ro", "Rc", "5e", "6b"], seat=1), "mus", "cut", "envido 2", "raise 2", "quiero")
    calls = public_calls(RULES.observation(s, 1))
    kinds = [(seat, lance) for seat, lance, _, _ in calls]
    assert (0, -1) in kinds and (0, GRANDE) in kinds and (2, GRANDE) in kinds
    assert all(seat != 1 for seat, _ in kinds)


# ------------------------------------------------------------------------------------------
# Key decisions (rules file §6)
# ------------------------------------------------------------------------------------------


def test_single_legal_action_returned_at_once():
    o = RULES.observation(play(with_hand(["Ro", "Rc", "Re", "4o"]), "cut", "envido 2"), 1)
    only = dataclasses.replace(o, legal_actions=("no-quiero",))
    for level in LEVELS:
        assert choose(RULES, only, level, random.Random(0)) == "no-quiero"


@pytest.mark.parametrize(
    "hand",
    [["Ro", "Co", "So", "Ab"], ["Rb", "Cb", "5e", "6e"], ["Ao", "Ac", "7e", "7b"], ["Rb", "Rc", "Sb", "Sc"]],
)
def test_cuts_with_a_good_hand_6_3(hand):
    # 31 as mano, 31 with figures, duples with 31, duples of kings and sotas (§6.3 point 6).
    for level in STRONG:
        assert picks(with_hand(hand), level, 10)["cut"] >= 9


def test_says_mus_with_a_weak_hand_and_cuts_in_the_end():
    weak = ["4e", "5b", "6e", "Sb"]
    for level in STRONG:
        assert picks(with_hand(weak), level, 10)["mus"] == 10
    s = with_hand(weak)
    for _ in range(4):
        s = play(s, "mus", "mus", "mus", "mus")
        for _ in range(4):
            s = RULES.apply(s, RULES.legal_actions(s)[0])
    for level in STRONG:
        assert picks(s, level, 10)["cut"] == 10  # mus fatigue (MUSVISTO #37)


@pytest.mark.parametrize(
    ("hand", "keep"),
    [
        (["Ro", "5c", "6e", "7b"], {"Ro"}),  # keep the king, throw 4-7 (§6.3 point 6)
        (["4o", "6c", "Sc", "Se"], {"Sc", "Se"}),  # keep the pair
        (["3o", "Rc", "7e", "4b"], {"3o", "Rc"}),  # a 3 is a king
        (["Ro", "Rc", "Re", "5b"], {"Ro", "Rc", "Re"}),
    ],
)
def test_discards_keep_kings_and_pairs(hand, keep):
    s = play(with_hand(hand), "mus", "mus", "mus", "mus")
    for level in STRONG:
        action = picks(s, level, 1).most_common(1)[0][0]
        thrown = set(action.split()[1:])
        assert not thrown & keep and thrown == set(hand) - keep, (level, action)


def test_three_kings_as_mano_bet_grande():
    s = play(with_hand(["Ro", "Rc", "Re", "4o"]), "cut")
    for level in STRONG:
        assert sum(n for a, n in picks(s, level).items() if a != "paso") >= 14


def test_hopeless_grande_mostly_passes_but_sometimes_bluffs():
    s = play(with_hand(["4o", "5c", "6e", "7b"], seat=3), "cut", "paso", "paso", "paso")
    for level in STRONG:
        p = picks(s, level, 60)
        assert set(p) <= {"paso", "envido 2"} and p["paso"] >= 30


def test_accepts_when_refusing_would_lose_the_game():
    s = play(with_hand(["4o", "5c", "6e", "7b"], seat=3), "cut")
    s = dataclasses.replace(s, points=(39, 0), start_points=(39, 0))
    s = play(s, "envido 2", "no-quiero")  # seat 1 refuses; seat 3 is the last to answer
    assert RULES.current_player(s) == 3
    for level in STRONG:
        assert picks(s, level, 10)["no-quiero"] == 0


def test_refuses_an_ordago_with_a_hopeless_hand_and_takes_it_with_a_great_one():
    for level in STRONG:
        weak = play(with_hand(["4o", "5c", "6e", "7b"], seat=3), "cut", "ordago", "no-quiero")
        assert picks(weak, level)["no-quiero"] == 20
        strong = play(with_hand(["Ro", "Rc", "Re", "Rb"], seat=1), "cut", "ordago")
        assert picks(strong, level)["quiero"] == 20


def test_ordago_when_refusing_it_leaves_the_game_lost_anyway():
    # 39-10 against us: any deje ends the game, so an órdago with a fair hand is worth taking.
    s = play(with_hand(["Ro", "Cc", "6e", "5b"], seat=1), "cut")
    s = dataclasses.replace(s, points=(39, 10), start_points=(39, 10))
    s = play(s, "ordago")
    assert picks(s, "hard", 10)["quiero"] == 10


def test_never_refuses_a_pares_bet_with_duples():
    hands = [["4o", "5o", "6o", "7o"], ["Sc", "Se", "Ab", "Ae"], ["Cc", "Ce", "6c", "4c"], ["Ro", "Co", "7c", "5c"]]
    s = play(deal(hands), "cut", *["paso"] * 8)
    assert RULES.observation(s, 1).lance == "pares"
    s = play(s, "paso", "envido 2")
    assert RULES.current_player(s) == 1
    for level in STRONG:
        assert picks(s, level)["no-quiero"] == 0


def test_bets_a_sure_31_as_mano():
    hands = [["Ro", "Co", "So", "Ab"], ["Sc", "Se", "Rb", "Ae"], ["4c", "5e", "6c", "7c"], ["Cc", "Ce", "Cb", "Ac"]]
    s = play(deal(hands), "cut", *["paso"] * 8)
    o = RULES.observation(s, 0)
    assert o.lance == "juego"
    for level in STRONG:
        assert picks(s, level)["paso"] <= 4


def test_strong_levels_use_their_budgets():
    assert BUDGETS["hard"].worlds > BUDGETS["normal"].worlds
    assert BUDGETS["hard"].reads == "deal" and BUDGETS["normal"].reads == "ordagos"


# ------------------------------------------------------------------------------------------
# The rule bot
# ------------------------------------------------------------------------------------------


def test_rule_bot_is_legal_and_deterministic():
    decisions = 0
    for m in range(30):
        options = {"kings": 4 if m % 4 == 0 else 8, "ordago": m % 3 != 0, "replay": m % 5 == 0}
        state = RULES.new_match(m, options)
        while not RULES.is_over(state):
            seat = RULES.current_player(state)
            assert seat is not None
            o = RULES.observation(state, seat)
            action = mus_rule(RULES, o, random.Random(0))
            assert action in o.legal_actions
            assert all(mus_rule(RULES, o, random.Random(k)) == action for k in (1, 2))
            decisions += 1
            state = RULES.apply(state, action)
    assert decisions > 1000


@pytest.mark.parametrize(
    ("hand", "prefix", "seat", "expected"),
    [
        (["Ro", "Co", "So", "Ab"], (), 0, "cut"),  # juego
        (["4e", "5b", "6e", "Sb"], (), 0, "mus"),
        (["Ro", "5c", "6e", "Ab"], ("mus",) * 4, 0, "discard 5c 6e"),
        (["Ro", "Rc", "Re", "Rb"], ("mus",) * 4, 0, "discard Ro"),
        (["Ro", "Rc", "5e", "6b"], ("cut",), 0, "envido 2"),
        (["Ro", "5c", "6e", "7b"], ("cut",), 0, "paso"),
        (["Ro", "5c", "6e", "7b"], ("cut", "envido 2"), 1, "quiero"),
        (["4o", "5c", "6e", "7b"], ("cut", "envido 2"), 1, "no-quiero"),
        (["Ro", "Rc", "5e", "6b"], ("cut", "ordago"), 1, "no-quiero"),
        (["Ro", "Rc", "Re", "6b"], ("cut", "ordago"), 1, "quiero"),
    ],
)
def test_rule_bot_decisions(hand, prefix, seat, expected):
    s = play(with_hand(hand, seat=seat), *prefix)
    assert RULES.current_player(s) == seat
    assert mus_rule(RULES, RULES.observation(s, seat), random.Random(0)) == expected
