"""Señas in Mus (issue 17, ../shared/rules/mus.md §2.13 and A-24, /work/notes/senas.md): one
test per rule. The set, its meanings in cards (with 8 kings and with 4), never partial, ciego
only with nothing, the legal turns, when they are passed, the rivals' catches, who sees what,
determinize, and the option off reproducing the old game exactly."""

from __future__ import annotations

import hashlib
import random
import re
from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest

from game.rules import IllegalAction
from game.rules import mus as mus_module
from game.rules.mus import (
    CARDS,
    RULES,
    SENA_CATEGORY,
    SENA_FACES,
    SENA_MEANINGS,
    SENA_WORDS,
    SENAS,
    MusState,
    SenaSeen,
    allowed_senas,
    role_system,
    sena_fits,
)
from tests.rules.test_mus import A, deal, obs, play

ON = {"senas": True}

# ------------------------------------------------------------------------------------------
# The set and what each seña means in cards
# ------------------------------------------------------------------------------------------

# hand: (señas with 8 kings, señas with 4 kings). With 8 kings a 3 is a king and a 2 an ace.
MEANINGS = {
    ("Ro", "3c", "5o", "7o"): (("dos-reyes",), ("ciego",)),  # R + 3: two kings only with 8
    ("Ro", "Rc", "Ao", "Co"): (("dos-reyes", "treinta-y-una"), ("dos-reyes", "treinta-y-una")),
    ("Ro", "Rc", "3e", "7o"): (("tres-reyes",), ("dos-reyes", "treinta")),
    ("Ro", "Rc", "3e", "2o"): (("solomillo", "treinta-y-una"), ("dos-reyes",)),
    ("Ao", "2c", "5o", "7o"): (("dos-ases",), ("ciego",)),
    ("Ao", "Ac", "2e", "Ro"): (("tres-ases",), ("dos-ases",)),
    ("7o", "7c", "7e", "So"): (("medias", "treinta-y-una"), ("medias", "treinta-y-una")),
    ("So", "Sc", "Se", "4o"): (("medias",), ("medias",)),
    ("Ro", "3c", "Ao", "2c"): (("duples",), ("ciego",)),  # kings and aces: only duples
    ("Ro", "Rc", "3o", "3c"): (("duples",), ("duples",)),  # four kings with 8: duples
    ("7o", "7c", "5o", "5c"): (("duples",), ("duples",)),
    ("Ro", "Co", "So", "Ao"): (("treinta-y-una",), ("treinta-y-una",)),
    ("So", "Co", "7o", "3o"): (("ciego",), ("treinta",)),  # the 3 is worth 10 with 8 kings: 37
    ("Ro", "Co", "5o", "4o"): (("veintinueve",), ("veintinueve",)),
    ("Co", "7o", "5o", "4o"): (("ciego",), ("ciego",)),
    ("7o", "7c", "Ro", "4o"): (("ciego",), ("ciego",)),  # a pair of sevens has no seña
}


def test_the_set_in_canonical_order_with_words_meanings_faces_and_categories():
    assert SENAS == ("dos-reyes", "tres-reyes", "solomillo", "dos-ases", "tres-ases", "medias", "duples",
                     "treinta-y-una", "treinta", "veintinueve", "ciego")
    assert all(s.isascii() and " " not in s for s in SENAS)
    for table in (SENA_WORDS, SENA_MEANINGS, SENA_FACES, SENA_CATEGORY):
        assert set(table) == set(SENAS) and all(table.values())
    assert SENA_WORDS["tres-reyes"] == "tres reyes (medias de reyes)" and SENA_WORDS["dos-reyes"] == "dos reyes"
    assert [SENA_CATEGORY[s] for s in SENAS] == ["pares"] * 7 + ["juego"] * 3 + ["ciego"]


@pytest.mark.parametrize("hand", list(MEANINGS))
@pytest.mark.parametrize("kings", [8, 4])
def test_each_senas_meaning_in_cards_with_8_and_4_kings(hand, kings):
    expected = MEANINGS[hand][0 if kings == 8 else 1]
    assert allowed_senas(hand, {"kings": kings}) == expected
    for sena in SENAS:
        assert sena_fits(hand, sena, {"kings": kings}) == (sena in expected)


def reference_senas(roles: tuple[int, ...], king: int, values: tuple[int, ...]) -> set[str]:
    """The señas of a hand by roles, written again from the list of the design (not the engine's)."""
    counts = Counter(roles)
    groups = sorted(counts.values(), reverse=True)
    out: set[str] = set()
    if groups[0] == 4 or groups[:2] == [2, 2]:
        out.add("duples")
    elif groups[0] == 3:
        trio = next(r for r, n in counts.items() if n == 3)
        if trio == king:
            out.add("solomillo" if 0 in counts else "tres-reyes")
        else:
            out.add("tres-ases" if trio == 0 else "medias")
    elif groups[0] == 2:
        pair = next(r for r, n in counts.items() if n == 2)
        if pair in (0, king):
            out.add("dos-reyes" if pair == king else "dos-ases")
    total = sum(values[r] for r in roles)
    out |= {31: {"treinta-y-una"}, 30: {"treinta"}, 29: {"veintinueve"}}.get(total, set())
    return out or {"ciego"}


@pytest.mark.parametrize("kings8", [True, False])
def test_every_hand_shape_against_a_reference_of_the_list(kings8):
    rs = role_system(kings8)
    cards_of = {r: [c for c in CARDS if rs.card_roles[CARDS.index(c)] == r] for r in range(rs.count)}
    for roles in combinations_with_replacement(range(rs.count), 4):
        used: Counter[int] = Counter()
        hand = []
        for r in roles:
            hand.append(cards_of[r][used[r]])
            used[r] += 1
        got = allowed_senas(hand, {"kings": 8 if kings8 else 4})
        assert set(got) == reference_senas(roles, rs.king, rs.values), hand
        assert list(got) == sorted(got, key=SENAS.index)


def test_never_partial_duples_of_kings_and_aces_are_only_duples():
    for hand in (("Ro", "Rc", "Ao", "Ac"), ("Ro", "3c", "Ao", "2c"), ("Ro", "Rc", "3o", "3c"),
                 ("Ao", "Ac", "2o", "2c")):
        assert allowed_senas(hand) == ("duples",)
        for partial in ("dos-reyes", "dos-ases", "tres-reyes", "tres-ases"):
            assert not sena_fits(hand, partial)
    assert not sena_fits(("Ro", "Rc", "3e", "7o"), "dos-reyes")  # three kings are not two
    assert not sena_fits(("Ro", "Rc", "3e", "2o"), "tres-reyes")  # with the ace it is solomillo
    assert not sena_fits(("Ao", "Ac", "2e", "Ro"), "dos-ases")


def test_ciego_only_when_no_other_sena_fits():
    for hand in MEANINGS:
        for kings in (8, 4):
            allowed = allowed_senas(hand, {"kings": kings})
            assert ("ciego" in allowed) == (allowed == ("ciego",))
    with pytest.raises(ValueError, match="unknown seña"):
        sena_fits(("Ro", "Rc", "Ao", "Co"), "cejas")


# ------------------------------------------------------------------------------------------
# The señas phase: when, the legal turns, the refusals
# ------------------------------------------------------------------------------------------

# Mano 0. Seat 0: dos reyes and 31; seat 1: dos ases; seat 2: nothing (ciego); seat 3: duples.
S = (["Ro", "Rc", "Ao", "Co"], ["Ab", "2c", "5o", "7o"], ["Cc", "7c", "5c", "4c"], ["7e", "7b", "5e", "5b"])


def test_senas_come_right_after_the_cut_before_grande_from_mano():
    s = deal(S, mano=0, **ON)
    assert s.phase == "mus" and not any("senas" in a for a in RULES.legal_actions(s))  # none in the mus phase
    s = play(s, "cut")
    o = obs(s, 0)
    assert o.phase == "senas" and o.current_player == 0 and o.lance is None and o.to_speak == (0, 1, 2, 3)
    assert o.senas_passed == (False,) * 4
    s = play(s, "senas dos-reyes treinta-y-una", "senas dos-ases", "senas ciego")
    assert s.phase == "senas" and obs(s, 0).senas_passed == (True, True, True, False)
    s = play(s, "senas none")
    o = obs(s, 0)
    assert o.phase == "bet" and o.lance == "grande" and o.current_player == 0 and o.senas_passed == (True,) * 4
    assert o.speech[0] == "Corto"  # the mus-phase calls stay up through Grande


def test_senas_turns_go_round_from_mano_whoever_cut():
    s = play(deal(S, mano=2, **ON), "mus", "cut")
    assert s.phase == "senas" and obs(s).to_speak == (2, 3, 0, 1)


def test_senas_refer_to_the_hand_after_the_discards_new_cards():
    # Seat 0 throws 4o 4b and draws Rb Ae (the top of the stock): from nothing to dos reyes and 31.
    hands = (["Ro", "Co", "4o", "4b"], S[1], S[2], S[3])
    s = deal(hands, mano=0, stock=["Rb", "Ae"], **ON)
    assert allowed_senas(RULES.hand(s, 0)) == ("ciego",)
    s = play(s, "mus", "mus", "mus", "mus", "discard 4o 4b", "discard Ab", "discard Cc", "discard 7e")
    assert s.phase == "mus" and RULES.hand(s, 0) == ("Ae", "Co", "Ro", "Rb")
    for action in ("senas dos-reyes", "senas none"):
        with pytest.raises(IllegalAction, match="Señas are passed once the mus is cut"):
            RULES.apply(s, action)
    s = play(s, "cut")
    assert RULES.legal_actions(s)[0] == "senas dos-reyes treinta-y-una"


def test_legal_turns_every_non_empty_subset_then_none():
    s = play(deal(S, mano=0, **ON), "cut")
    assert RULES.legal_actions(s) == ("senas dos-reyes treinta-y-una", "senas dos-reyes", "senas treinta-y-una",
                                      "senas none")
    s = play(s, "senas dos-reyes")
    assert RULES.legal_actions(s) == ("senas dos-ases", "senas none")
    s = play(s, "senas none")
    assert RULES.legal_actions(s) == ("senas ciego", "senas none")  # nothing to signal
    s = play(s, "senas ciego")
    assert RULES.legal_actions(s) == ("senas duples", "senas none")


@pytest.mark.parametrize("kings", [8, 4])
def test_legal_turns_are_exactly_the_truthful_ones_for_every_hand_shape(kings):
    """A seña never lies: over every hand shape, a turn is legal iff every seña it shows fits."""
    rs = role_system(kings == 8)
    for roles in combinations_with_replacement(range(rs.count), 4):
        hand: list[str] = []
        for r in roles:
            hand.append(next(c for c in CARDS if rs.card_roles[CARDS.index(c)] == r and c not in hand))
        fits = set(allowed_senas(hand, {"kings": kings}))
        truthful = {"senas none"} | {f"senas {' '.join(combo)}" for n in (1, 2) for combo in combinations(SENAS, n)
                                     if set(combo) <= fits}
        assert set(mus_module._sena_actions(allowed_senas(hand, {"kings": kings}))) == truthful


def test_a_lie_or_a_partial_sena_is_refused_in_a_players_words():
    s = play(deal(S, mano=0, **ON), "cut")
    cases = {
        "senas dos-ases": "Your hand has no two aces: that seña would lie.",
        "senas ciego": "Your hand has dos reyes and treinta y una to pass: ciego would lie.",
        "senas treinta": "Your hand has no 30 without juego: that seña would lie.",
        "senas treinta-y-una dos-reyes": "in the order of the list",
        "senas dos-reyes dos-reyes": "Name each seña once",
        "senas cejas": "'cejas' is not a seña",
        "senas": "Say which señas you pass",
        "paso": "pass your señas (or none) first.",
    }
    for action, message in cases.items():
        with pytest.raises(IllegalAction) as refused:
            RULES.apply(s, action)
        assert message in str(refused.value), action
    s = play(s, "senas none", "senas none", "senas none")
    with pytest.raises(IllegalAction, match="Your hand has duples: dos reyes would tell only part of it"):
        RULES.apply(deal_duples_of_kings_and_aces(), "senas dos-reyes")
    with pytest.raises(IllegalAction, match="Your hand has no two kings: that seña would lie"):
        RULES.apply(s, "senas dos-reyes")


def deal_duples_of_kings_and_aces() -> MusState:
    hands = (["Ro", "3c", "Ao", "2c"], ["Ab", "4o", "5o", "7o"], S[2], S[3])
    return play(deal(hands, mano=0, **ON), "cut")


def test_senas_out_of_their_moment_are_refused():
    s = deal(S, mano=0, **ON)
    with pytest.raises(IllegalAction, match="Señas are passed once the mus is cut"):
        RULES.apply(s, "senas dos-reyes")
    d = play(s, "mus", "mus", "mus", "mus")
    with pytest.raises(IllegalAction, match="Señas are passed once the mus is cut"):
        RULES.apply(d, "senas none")
    b = play(s, "cut", *["senas none"] * 4)
    with pytest.raises(IllegalAction, match="before Grande is bet"):
        RULES.apply(b, "senas dos-reyes")
    with pytest.raises(IllegalAction, match="switched off"):
        RULES.apply(play(deal(S, mano=0), "cut"), "senas dos-reyes")
    assert play(deal(S, mano=0), "cut").phase == "bet"  # off: no señas phase at all


def test_action_text_and_parse_action_round_trip_and_looser_spellings():
    s = play(deal(S, mano=0, **ON), "cut")
    for action in RULES.legal_actions(s):
        assert RULES.parse_action(s, RULES.action_text(action)) == action
    assert RULES.parse_action(s, "Señas treinta y una dos reyes") == "senas dos-reyes treinta-y-una"
    assert RULES.parse_action(s, "senas 31") == "senas treinta-y-una"
    assert RULES.parse_action(s, "SENAS  NONE") == "senas none"
    assert RULES.parse_action(s, "senas nada") == "senas none"
    t = play(deal((["Ro", "Rc", "3e", "6o"], *S[1:]), mano=0, **ON), "cut")
    assert RULES.parse_action(t, "senas medias de reyes") == "senas tres-reyes"
    for bad in ("senas dos-ases", "senas ciego", "senas hola", "senas dos-reyes dos-reyes"):
        with pytest.raises(ValueError):
            RULES.parse_action(s, bad)


def test_options_senas_and_sena_catch():
    defaults = RULES.default_options()
    assert defaults["senas"] is False and defaults["sena_catch"] == 20
    for bad in (-1, 101, True, 20.0, "20"):
        with pytest.raises(ValueError, match="sena_catch"):
            RULES.new_match(1, {"sena_catch": bad})
    with pytest.raises(ValueError, match="senas"):
        RULES.new_match(1, {"senas": 1})


# ------------------------------------------------------------------------------------------
# Who sees what: the partner always, a rival when it catches the seña
# ------------------------------------------------------------------------------------------


def test_the_partner_always_sees_and_uncaught_rivals_see_nothing():
    s = play(deal(S, mano=0, senas=True, sena_catch=0), "cut", "senas dos-reyes treinta-y-una")
    mine = (SenaSeen(0, "dos-reyes", None), SenaSeen(0, "treinta-y-una", None))
    assert obs(s, 0).senas_seen == mine and obs(s, 2).senas_seen == mine
    assert obs(s, 1).senas_seen == () and obs(s, 3).senas_seen == ()
    # Nothing public tells the rivals what was shown: a withheld turn looks the same to them.
    withheld = play(deal(S, mano=0, senas=True, sena_catch=0), "cut", "senas none")
    for rival in (1, 3):
        assert obs(s, rival) == obs(withheld, rival) and hash(obs(s, rival)) == hash(obs(withheld, rival))
    assert obs(s, 2) != obs(withheld, 2)
    assert s.events == withheld.events and s.speech == withheld.speech


def test_a_caught_sena_is_shown_to_the_catchers_side():
    s = play(deal(S, mano=0, senas=True, sena_catch=100), "cut", "senas dos-reyes", "senas dos-ases")
    assert s.senas is not None and s.senas.passed == ((0, "dos-reyes", (1, 3)), (1, "dos-ases", (2, 0)))
    assert obs(s, 1).senas_seen == (SenaSeen(0, "dos-reyes", 1), SenaSeen(1, "dos-ases", None))
    assert obs(s, 3).senas_seen == (SenaSeen(0, "dos-reyes", 3), SenaSeen(1, "dos-ases", None))
    assert obs(s, 0).senas_seen == (SenaSeen(0, "dos-reyes", None), SenaSeen(1, "dos-ases", 0))
    # Caught by one rival only: that rival's side sees it, named by the catcher for its partner.
    for passed, seen_by_1, seen_by_3 in (((1,), 1, 1), ((3,), 3, 3), ((1, 3), 1, 3)):
        track = mus_module.SenaTrack(20, ((0, "duples", passed),), (True, False, False, False))
        assert mus_module._senas_seen(track.passed, 1) == (SenaSeen(0, "duples", seen_by_1),)
        assert mus_module._senas_seen(track.passed, 3) == (SenaSeen(0, "duples", seen_by_3),)


def test_catching_frequencies_follow_sena_catch():
    """Each rival catches each seña independently with the chance sena_catch (over many turns)."""
    for catch in (20, 50):
        caught = [0, 0]
        both = turns = 0
        for seed in range(600):
            s = play(RULES.new_match(seed, {"senas": True, "sena_catch": catch, "first_mano": 0}), "cut")
            for _ in range(4):
                s = RULES.apply(s, RULES.legal_actions(s)[0])  # every seña the hand allows
            assert s.senas is not None
            for seat, _sena, catchers in s.senas.passed:
                rivals = ((seat + 1) % 4, (seat + 3) % 4)
                turns += 1
                caught[0] += rivals[0] in catchers
                caught[1] += rivals[1] in catchers
                both += len(catchers) == 2
        p = catch / 100
        sigma = (p * (1 - p) / turns) ** 0.5
        for n in caught:
            assert abs(n / turns - p) < 4 * sigma, (catch, n, turns)
        assert abs(both / turns - p * p) < 4 * (p * p * (1 - p * p) / turns) ** 0.5
    never = play(RULES.new_match(3, {"senas": True, "sena_catch": 0}), "cut")
    always = play(RULES.new_match(3, {"senas": True, "sena_catch": 100}), "cut")
    for _ in range(4):
        never = RULES.apply(never, RULES.legal_actions(never)[0])
        always = RULES.apply(always, RULES.legal_actions(always)[0])
    assert never.senas is not None and always.senas is not None
    assert all(c == () for _, _, c in never.senas.passed) and all(len(c) == 2 for _, _, c in always.senas.passed)
    assert never.draws == always.draws == 2  # the first mano and the shuffle: no draw at 0 or 100


def test_catches_come_from_the_matchs_stream_one_draw_per_turn_shown():
    s = play(RULES.new_match(5, {"senas": True, "first_mano": 0}), "cut")
    draws = s.draws
    t = RULES.apply(s, "senas none")
    assert t.draws == draws  # nothing shown, nothing drawn
    u = RULES.apply(s, RULES.legal_actions(s)[0])
    assert u.draws == draws + 1 and RULES.apply(s, RULES.legal_actions(s)[0]) == u


def test_senas_belong_to_one_deal_and_a_replay_starts_them_afresh():
    s = play(deal(A, mano=0, senas=True, sena_catch=100, replay=True), "cut")
    while s.phase == "senas":
        s = RULES.apply(s, RULES.legal_actions(s)[0])
    assert s.senas is not None and s.senas.passed
    while s.phase == "bet":
        s = RULES.apply(s, "paso")
    assert s.phase == "replay" and obs(s, 0).senas_seen == () and obs(s, 0).senas_passed == (False,) * 4
    r = RULES.apply(s, "replay")
    assert r.senas is not None and r.senas.passed == () and obs(r, 2).senas_seen == ()


def test_observations_hold_the_senas_and_stay_equal_and_hashable():
    s = play(deal(S, mano=0, senas=True, sena_catch=50), "cut", "senas dos-reyes", "senas dos-ases")
    for seat in range(4):
        o = obs(s, seat)
        assert o == obs(s, seat) and hash(o) == hash(obs(s, seat))
        assert isinstance(o.senas_seen, tuple) and o.senas_passed == (True, True, False, False)
    off = obs(play(deal(S, mano=0), "cut"), 0)
    assert off.senas_seen == () and off.senas_passed == (False,) * 4


# ------------------------------------------------------------------------------------------
# determinize
# ------------------------------------------------------------------------------------------


def random_senas_positions(count: int, seed: int) -> list[tuple[MusState, int]]:
    """Positions in the señas phase and the lances of random matches with señas on."""
    rng = random.Random(seed)
    out: list[tuple[MusState, int]] = []
    while len(out) < count:
        options = {"senas": True, "sena_catch": rng.choice([0, 20, 50, 100]), "kings": rng.choice([8, 8, 4]),
                   "open_hands": rng.random() < 0.05}
        s = RULES.new_match(rng.randrange(1 << 30), options)
        for _ in range(rng.randrange(1, 30)):
            if RULES.is_over(s):
                break
            legal = RULES.legal_actions(s)
            if s.phase == "senas":
                action = rng.choice(legal[:-1]) if rng.random() < 0.8 else legal[-1]  # mostly show
            else:
                action = "mus" if s.phase == "mus" and rng.random() < 0.4 else rng.choice(legal)
            s = RULES.apply(s, action)
            if s.phase in ("senas", "bet") and rng.random() < 0.3:
                out.append((s, rng.randrange(4)))
    return out


def test_determinize_respects_every_seen_sena_over_many_positions():
    seen_kinds: Counter[str] = Counter()
    for k, (state, seat) in enumerate(random_senas_positions(400, 17)):
        o = RULES.observation(state, seat)
        options = dict(o.options)
        world = RULES.determinize(o, random.Random(k))
        assert RULES.observation(world, seat) == o
        for seen in o.senas_seen:
            assert sena_fits(RULES.hand(world, seen.seat), seen.sena, options), (seen, RULES.hand(world, seen.seat))
            seen_kinds["own" if seen.caught_by is None else "caught"] += 1
        assert world.senas is not None
        for who, sena, _ in world.senas.passed:  # every seña of the world is true of its hand
            assert sena_fits(RULES.hand(world, who), sena, options)
        for step in range(6):  # the world plays on, señas and all
            if RULES.is_over(world):
                break
            world = RULES.apply(world, random.Random(step).choice(RULES.legal_actions(world)))
    assert seen_kinds["own"] > 200 and seen_kinds["caught"] > 50


def test_determinize_a_partners_tight_senas_and_the_hidden_hands_still_vary():
    # Seat 2 passed solomillo (three kings and an ace) and 31; seat 0 determinizes.
    hands = (["Co", "7o", "5o", "4o"], ["So", "6o", "5c", "4c"], ["Ro", "Rc", "3e", "2o"], ["Sc", "6c", "7c", "4e"])
    s = play(deal(hands, mano=0, senas=True, sena_catch=0), "cut", "senas ciego", "senas none",
             "senas solomillo treinta-y-una")
    o = obs(s, 0)
    assert o.senas_seen == (SenaSeen(0, "ciego", None), SenaSeen(2, "solomillo", None),
                            SenaSeen(2, "treinta-y-una", None))
    partner_hands = set()
    for seed in range(200):
        world = RULES.determinize(o, random.Random(seed))
        assert RULES.observation(world, 0) == o
        assert allowed_senas(RULES.hand(world, 2)) == ("solomillo", "treinta-y-una")
        partner_hands.add(RULES.hand(world, 2))
    assert len(partner_hands) > 60  # C(8, 3) kings x 8 aces = 448 hands fit


def test_determinize_draws_rivals_uncaught_turns_as_none_and_own_catches_at_random():
    def worlds(catch: int) -> list[MusState]:
        s = play(deal(S, mano=0, senas=True, sena_catch=catch), "cut", "senas dos-reyes treinta-y-una",
                 "senas dos-ases")
        o = obs(s, 2)
        out = [RULES.determinize(o, random.Random(seed)) for seed in range(200)]
        assert all(RULES.observation(w, 2) == o for w in out)
        return out

    for world in worlds(0):  # seat 1's seña went uncaught: in the world seat 1 showed nothing
        assert world.senas is not None and world.senas.passed == ((0, "dos-reyes", ()), (0, "treinta-y-una", ()))
    for world in worlds(100):  # caught by both of us, and our señas by both rivals
        assert world.senas is not None
        assert world.senas.passed == ((0, "dos-reyes", (1, 3)), (0, "treinta-y-una", (1, 3)), (1, "dos-ases", (2, 0)))
        assert allowed_senas(RULES.hand(world, 1))[0] == "dos-ases"
    catches: Counter[tuple[int, ...]] = Counter()
    for world in worlds(50):
        assert world.senas is not None
        catches.update(catchers for who, _, catchers in world.senas.passed if who == 0)
    assert set(catches) == {(), (1,), (3,), (1, 3)}  # the rivals' catches of our señas: any, unseen by us


def test_sample_fitting_is_uniform_among_the_fitting_hands():
    """Both ways of drawing a hand for a seen seña (a few tries, or by hand shapes) draw every
    fitting hand of the pool about equally often."""
    rng = random.Random(4)
    pool = [CARDS.index(c) for c in ("Ro", "Rc", "3o", "3c", "Ao", "2o", "7o", "7c", "So", "Co", "5e", "4e")]
    for need in (("dos-reyes",), ("ciego",), ("solomillo",)):
        fitting = [h for h in combinations(sorted(pool), 4)
                   if all(n in mus_module._hand_senas(h, True) for n in need)]
        counts: Counter[tuple[int, ...]] = Counter()
        draws = 60 * len(fitting)
        for _ in range(draws):
            got = mus_module._sample_fitting(pool, (None, None), need, True, rng)
            assert got is not None
            counts[tuple(sorted(got))] += 1
        assert set(counts) == set(fitting), need
        expected = draws / len(fitting)
        chi2 = sum((counts[h] - expected) ** 2 / expected for h in fitting)
        assert chi2 < len(fitting) + 5 * (2 * len(fitting)) ** 0.5, (need, chi2, len(fitting))
    assert mus_module._sample_fitting(pool[:4], (None, None), ("dos-ases",), True, rng) is None  # four kings


# ------------------------------------------------------------------------------------------
# Off = the game as it was
# ------------------------------------------------------------------------------------------

# Every field a state had before señas (all but ``options``, which now lists the two new keys).
PIN_FIELDS = (
    "target", "games", "kings8", "ordago_on", "replay_on", "open_hands", "stream", "draws", "games_won",
    "points", "start_points", "deal_number", "mano", "hands", "stock", "pile", "rounds", "reshuffles",
    "deal_deck", "prev", "phase", "to_act", "lance", "punto", "queue", "stake", "seen", "bettor", "ordago",
    "results", "declarations", "speech", "events", "last_deal", "winner")
# The fingerprint below computed by the engine before señas existed (16 random matches).
PINNED = "9e29d44a68ec47fce893bbac8f937969ae5751f6e6f8a7ced9f03bb86fad463a"
# Fields added to the pinned records since, left out of their text (LanceCount.uncounted
# says what a count stopped at the target left out; it changes no state).
LATER_FIELDS = re.compile(r", uncounted=\d+")


def pinned_text(value: object) -> bytes:
    return LATER_FIELDS.sub("", repr(value)).encode()


def test_senas_off_is_todays_game_exactly():
    """Same states, legal actions and determinized worlds, seed for seed, as before señas."""
    digest = hashlib.sha256()
    for seed in range(16):
        rng = random.Random(seed)
        options = {"kings": (8, 4)[seed % 2], "replay": seed % 3 == 0, "ordago": seed % 4 != 1}
        state = RULES.new_match(seed, options)
        assert state.senas is None
        for step in range(400):
            if RULES.is_over(state):
                break
            legal = RULES.legal_actions(state)
            action = "mus" if state.phase == "mus" and rng.random() < 0.5 else rng.choice(legal)
            digest.update(pinned_text((action, legal, [getattr(state, n) for n in PIN_FIELDS])))
            if step % 7 == 0:
                seat = rng.randrange(4)
                world = RULES.determinize(RULES.observation(state, seat), random.Random(step))
                digest.update(pinned_text([getattr(world, n) for n in PIN_FIELDS]))
            state = RULES.apply(state, action)
    assert digest.hexdigest() == PINNED
