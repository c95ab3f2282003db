"""Fit the Klaberjass bidding model (rules §5.2 item 3) and print its coefficients.

    python -m game.tools.fit_klaberjass_bids [--samples 40000] [--seed 1] [--jobs 2] [--contract suit|nt|at]

Each sample is a random deal seen by one bidder (elder or dealer) for one candidate trump suit
(the turn-up's suit in round 1, with the dix exchange, or another suit in round 2). The deal is
completed, every run is declared, the top meld is decided as the rules say, bella is announced
(a maker stays silent when he is bete even with it), and the 9-trick card play is solved exactly
double dummy (``klaberjass_search.Solver``). The target is the maker's settled margin (what he
adds minus what the opponent adds, rules §1.10); the features are ``bid_features`` of the six
cards the bidder saw. A least-squares fit gives ``BID_COEF``, pasted into
``game/ai/klaberjass_search.py``. Double dummy flatters both sides alike; the AI's take thresholds
(``game/ai/klaberjass.py``) were then tuned by arena self-play.

``--contract nt`` / ``--contract at`` fit the same margin for a bidder who calls Sans Tout / Tout
Atout (option ``tout_atout``) on ``contract_features`` instead, giving ``NT_COEF`` / ``AT_COEF``
(runs score in both, as with the default ``nt_melds``; every suit's K+Q is a bella in Tout Atout).
"""

from __future__ import annotations

import argparse
import random

from game.ai.klaberjass_search import (
    AT_FEATURES,
    BID_FEATURES,
    NT_FEATURES,
    Solver,
    bid_features,
    contract_features,
    settle_utility,
    tables,
)
from game.rules.common import bits, mask_of
from game.rules.klaberjass import CARDS, meld_points, top_meld
from game.tools.workers import fork_pool

_FIRST_ELDER = (0, 1, 2, 6, 7, 8)
_FIRST_DEALER = (3, 4, 5, 9, 10, 11)


def _cards(mask: int) -> list[str]:
    return [CARDS[c] for c in bits(mask)]


def sample(rng: random.Random) -> tuple[list[float], float]:
    """One (features, maker margin) pair."""
    deck = list(range(32))
    rng.shuffle(deck)
    e6 = mask_of([deck[p] for p in _FIRST_ELDER])
    d6 = mask_of([deck[p] for p in _FIRST_DEALER])
    turn_up = deck[12]
    e9 = e6 | mask_of([deck[13], deck[15], deck[17]])
    d9 = d6 | mask_of([deck[14], deck[16], deck[18]])
    round1 = rng.random() < 0.5
    trump = turn_up >> 3 if round1 else rng.choice([s for s in range(4) if s != turn_up >> 3])
    maker_elder = rng.random() < 0.5
    seven = trump * 8
    if round1 and turn_up & 7:
        if e9 >> seven & 1:
            e9 = e9 & ~(1 << seven) | 1 << turn_up
        elif d9 >> seven & 1:
            d9 = d9 & ~(1 << seven) | 1 << turn_up
    suit = "SHDC"[trump]
    top = top_meld(_cards(e9), _cards(d9), suit)
    melds = [0, 0]  # elder, dealer
    if top == "elder":
        melds[0] = meld_points(_cards(e9))
    elif top == "dealer":
        melds[1] = meld_points(_cards(d9))
    pair = 1 << (trump * 8 + 5) | 1 << (trump * 8 + 6)
    bella = [20 if e9 & pair == pair else 0, 20 if d9 & pair == pair else 0]
    t = tables(trump)
    diff = Solver(t).value(e9, d9)
    total = sum(t.points[c] for c in bits(e9 | d9)) + 10
    trick_e = (total + diff) // 2
    raw = [trick_e + melds[0], total - trick_e + melds[1]]
    m, o = (0, 1) if maker_elder else (1, 0)
    maker_raw, opp_raw = raw[m], raw[o] + bella[o]
    margin = max(
        settle_utility(maker_raw + k, opp_raw, True, (0, 0), 10**9) for k in ({0, bella[m]} if bella[m] else {0})
    )
    feats = bid_features(e6 if maker_elder else d6, trump, maker_elder, turn_up, round1)
    return feats, margin


def sample_contract(rng: random.Random, code: int) -> tuple[list[float], float]:
    """One (features, maker margin) pair for a Sans Tout (``code`` 4) or Tout Atout (5) maker."""
    deck = list(range(32))
    rng.shuffle(deck)
    e6 = mask_of([deck[p] for p in _FIRST_ELDER])
    d6 = mask_of([deck[p] for p in _FIRST_DEALER])
    e9 = e6 | mask_of([deck[13], deck[15], deck[17]])
    d9 = d6 | mask_of([deck[14], deck[16], deck[18]])
    maker_elder = rng.random() < 0.5
    top = top_meld(_cards(e9), _cards(d9), "NT" if code == 4 else "AT")
    melds = [0, 0]
    if top == "elder":
        melds[0] = meld_points(_cards(e9))
    elif top == "dealer":
        melds[1] = meld_points(_cards(d9))
    bellas = [0, 0]
    if code == 5:
        for s in range(4):
            pair = 1 << (s * 8 + 5) | 1 << (s * 8 + 6)
            bellas[0] += e9 & pair == pair
            bellas[1] += d9 & pair == pair
    t = tables(code)
    diff = Solver(t).value(e9, d9)
    total = sum(t.points[c] for c in bits(e9 | d9)) + 10
    trick_e = (total + diff) // 2
    raw = [trick_e + melds[0], total - trick_e + melds[1]]
    m, o = (0, 1) if maker_elder else (1, 0)
    opp_raw = raw[o] + 20 * bellas[o]
    margin = max(settle_utility(raw[m] + 20 * k, opp_raw, True, (0, 0), 10**9) for k in range(bellas[m] + 1))
    return contract_features(e6 if maker_elder else d6, code, maker_elder), margin


_CODES = {"suit": -1, "nt": 4, "at": 5}


def _chunk(args: tuple[int, int, int]) -> list[tuple[list[float], float]]:
    seed, n, code = args
    rng = random.Random(seed)
    if code < 0:
        return [sample(rng) for _ in range(n)]
    return [sample_contract(rng, code) for _ in range(n)]


def least_squares(rows: list[tuple[list[float], float]], ridge: float = 1e-3) -> list[float]:
    """Solve the normal equations (with a tiny ridge) by Gaussian elimination."""
    k = len(rows[0][0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in rows:
        for i in range(k):
            xi = x[i]
            if xi:
                b[i] += xi * y
                row = a[i]
                for j in range(k):
                    row[j] += xi * x[j]
    for i in range(k):
        a[i][i] += ridge * len(rows)
    for col in range(k):
        piv = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        b[col], b[piv] = b[piv], b[col]
        p = a[col][col]
        for r in range(k):
            if r != col and a[r][col]:
                f = a[r][col] / p
                for j in range(col, k):
                    a[r][j] -= f * a[col][j]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(k)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=40000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--contract", choices=tuple(_CODES), default="suit", help="suit bids, Sans Tout or Tout Atout")
    args = parser.parse_args(argv)
    code = _CODES[args.contract]
    chunks = [(args.seed * 1000 + i, args.samples // 40, code) for i in range(40)]
    with fork_pool(args.jobs) as pool:
        rows = [r for part in pool.map(_chunk, chunks) for r in part]
    coef = least_squares(rows)
    resid = [y - sum(c * v for c, v in zip(coef, x, strict=True)) for x, y in rows]
    mean_y = sum(y for _, y in rows) / len(rows)
    var_y = sum((y - mean_y) ** 2 for _, y in rows) / len(rows)
    var_r = sum(r * r for r in resid) / len(rows)
    print(f"# {len(rows)} samples, mean margin {mean_y:.1f}, R^2 {1 - var_r / var_y:.3f}")
    name_of = {-1: "BID", 4: "NT", 5: "AT"}[code]
    features = {-1: BID_FEATURES, 4: NT_FEATURES, 5: AT_FEATURES}[code]
    print(f"{name_of}_COEF: tuple[float, ...] = (")
    for name, c in zip(features, coef, strict=True):
        print(f"    {c:.2f},  # {name}")
    print(")")


if __name__ == "__main__":
    main()
