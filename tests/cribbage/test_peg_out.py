"""Pegging out: a deal counted in the order of the game, the same for the win table's
generator and for strong's discard near the end."""

import itertools

from cribbage.peg_out import peg_out


def counted_before(pone, dealer, heels, pone_play, dealer_play, pone_hand, dealer_show):
    """The order as the win table counted it before it was written once (the reference)."""
    end = 121
    dealer += heels
    if dealer >= end:
        return 0.0
    pone += pone_play
    dealer += dealer_play
    if pone >= end:
        return 0.5 if dealer >= end else 1.0
    if dealer >= end:
        return 0.0
    pone += pone_hand
    if pone >= end:
        return 1.0
    dealer += dealer_show
    if dealer >= end:
        return 0.0
    return (pone, dealer)


SCORES = range(95, 121, 3)
POINTS = itertools.product((0, 2), (0, 3, 9), (0, 4, 12), (0, 8, 20), (0, 10, 26))


def test_pegging_out_is_counted_as_before():
    for heels, pone_play, dealer_play, pone_hand, dealer_show in POINTS:
        for pone, dealer in itertools.product(SCORES, SCORES):
            points = (heels, pone_play, dealer_play, pone_hand, dealer_show)
            share, *after = peg_out(pone, dealer, *points)
            before = counted_before(pone, dealer, *points)
            assert (tuple(after) if share is None else share) == before


def test_heels_the_play_the_pones_hand_then_the_dealers_show():
    assert peg_out(100, 119, 2, 30, 0, 0, 0)[0] == 0.0  # heels first
    assert peg_out(115, 115, 0, 6, 6, 0, 0)[0] == 0.5  # both in the play: half each
    assert peg_out(110, 115, 0, 1, 2, 10, 20)[0] == 1.0  # the pone counts first
    assert peg_out(100, 115, 0, 1, 2, 10, 20)[0] == 0.0
    assert peg_out(0, 0, 2, 5, 6, 8, 20) == (None, 13, 28)
