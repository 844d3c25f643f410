"""An independent, deliberately plain scorer that the engine is checked against.

It shares no code with cribbage beyond the Card type: cards are turned into
(rank, suit) pairs and every rule is applied the slow, obvious way.
"""

from itertools import combinations


def reference_total(hand, starter, crib=False):
    cards = [(int(c.rank), c.suit.value) for c in (*hand, starter)]
    ranks = [rank for rank, _ in cards]
    values = [min(rank, 10) for rank in ranks]
    points = 0
    for size in range(2, 6):
        for subset in combinations(values, size):
            if sum(subset) == 15:
                points += 2
    for a, b in combinations(ranks, 2):
        if a == b:
            points += 2
    points += _runs(ranks)
    hand_suits = {c.suit for c in hand}
    if len(hand_suits) == 1:
        if starter.suit in hand_suits:
            points += 5
        elif not crib:
            points += 4
    for c in hand:
        if c.rank == 11 and c.suit == starter.suit:
            points += 1
    return points


def _runs(ranks):
    """Runs from a histogram: the longest stretch of present ranks, times its multiplicities."""
    held = [ranks.count(rank) for rank in range(0, 15)]
    best = 0
    rank = 1
    while rank <= 13:
        if held[rank] == 0:
            rank += 1
            continue
        start = rank
        ways = 1
        while rank <= 13 and held[rank]:
            ways *= held[rank]
            rank += 1
        length = rank - start
        if length >= 3:
            best = max(best, length * ways)
    return best
