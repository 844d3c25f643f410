"""Strong's discard near the end: the keep with the best chance to win."""

import itertools
import random

import pytest

from cribbage import endgame
from cribbage.cards import DECK, parse_cards
from cribbage.computer import CONTENDERS, pegging_term, strong_discard
from cribbage.discard import CribModel, Role, discard_options


def ranked(cards, role):
    options = discard_options(cards, role, CribModel.GOOD)
    return sorted(options, key=lambda o: o.net_ev + pegging_term(o.keep, role), reverse=True)


def test_a_player_needing_little_as_pone_is_all_but_sure_to_win():
    cards = parse_cards("5H 5C 6D JS QH 2C")
    best = ranked(cards, Role.PONE)[0]
    assert endgame.keep_win_chance(best, cards, Role.PONE, 119, 0) > 0.99
    assert endgame.keep_win_chance(best, cards, Role.PONE, 0, 119) < 0.05


def test_the_chance_grows_with_the_keeps_hand_when_the_hand_decides():
    # The pone on 105 needs 16, the dealer on 118 needs 3: the pone wins only by pegging and
    # counting 16 before the dealer's hand; 5-5-J-Q counts 12+ with most starters, A-2-7-9 little.
    cards = parse_cards("5H 5C JS QH AC 2D")
    options = {frozenset(o.keep): o for o in discard_options(cards, Role.PONE, CribModel.GOOD)}
    good = options[frozenset(parse_cards("5H 5C JS QH"))]
    poor = options[frozenset(parse_cards("5H AC 2D JS"))]
    assert endgame.keep_win_chance(good, cards, Role.PONE, 105, 118) > endgame.keep_win_chance(
        poor, cards, Role.PONE, 105, 118
    )


@pytest.mark.parametrize("seed", range(6))
def test_near_the_end_strong_keeps_the_best_chance_of_its_best_keeps(seed):
    rng = random.Random(seed)
    cards = rng.sample(DECK, 6)
    role = Role.DEALER if seed % 2 else Role.PONE
    scores = (rng.randint(95, 118), rng.randint(95, 118))
    options = ranked(cards, role)
    chances = [endgame.keep_win_chance(o, cards, role, *scores) for o in options[:CONTENDERS]]
    chosen = set(strong_discard(cards, role, scores))
    best = options[chances.index(max(chances))]
    assert chosen == set(best.throw)
    # far from the end, the points decide
    assert set(strong_discard(cards, role, (10, 20))) == set(options[0].throw)


def _before(mine, theirs, heels, my_play, their_play, pone_show, dealer_show, *, dealing):
    """A deal counted for the dealer (``dealing``) or the pone as endgame wrote it before
    ``peg_out`` (the reference): heels, the play, the pone's show, the dealer's."""
    score = {"me": mine, "them": theirs}
    dealer, pone = ("me", "them") if dealing else ("them", "me")
    score[dealer] += heels
    if score[dealer] >= 121:
        return 1.0 if dealing else 0.0
    score["me"] += my_play
    score["them"] += their_play
    if score["me"] >= 121:
        return 0.5 if score["them"] >= 121 else 1.0
    if score["them"] >= 121:
        return 0.0
    for seat, show in ((pone, pone_show), (dealer, dealer_show)):
        score[seat] += show
        if score[seat] >= 121:
            return 1.0 if seat == "me" else 0.0
    return endgame.win_chance(score["me"], score["them"], dealing=not dealing)


def test_each_role_counts_a_deal_as_before_to_the_last_bit():
    scores = range(80, 121, 4)
    points = itertools.product((0, 2), (0, 4, 10), (0, 3, 9), (0, 8, 20), (0, 12, 28))
    for heels, mine_play, their_play, hand, show in points:
        for mine, theirs in itertools.product(scores, scores):
            deal = (mine, theirs, heels, mine_play, their_play, hand, show)
            assert endgame._as_pone(*deal) == _before(*deal, dealing=False)
            assert endgame._as_dealer(*deal) == _before(*deal, dealing=True)
