"""Strong's discard near the end of the game: the keep that gives the best chance to win,
not the most points on average.

For a keep, each of the 46 starters it may get gives its hand count exactly (and heels to
the dealer on a jack); the crib counts its expected value; the play its average for the
role (``win_table.deal_points``); the other player's play and hand are drawn from what
they were seen to score in self-play in their role. The deal is then counted in the order
of the game (``peg_out``: heels, the play, the pone's hand, the dealer's hand and crib),
and whoever reaches 121 first wins; else the win-chance table (``win_table``) gives the
chance from the scores left, the deal passing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache

from .cards import DECK, Card, Rank
from .discard import DiscardOption, Role
from .peg_out import peg_out
from .rules import HEELS_POINTS
from .show import show_total
from .win_table import deal_points, win_chance

__all__ = ["RACE_WITHIN", "keep_win_chance"]

RACE_WITHIN = 35
"""Strong discards for the chance to win once either player needs this many points or
fewer at the deal."""


@cache
def _mean_play(dealer: bool) -> int:
    return round(sum(play * share for play, _, share in deal_points(dealer)))


def keep_win_chance(
    option: DiscardOption, dealt: Iterable[Card], role: Role, mine: int, theirs: int
) -> float:
    """The chance to win of keeping ``option.keep`` from ``dealt``, on ``mine`` against
    ``theirs`` with this deal to play in ``role``."""
    dealer = role is Role.DEALER
    dealt = set(dealt)
    shows = Counter(
        (show_total(option.keep, starter), starter.rank is Rank.JACK)
        for starter in DECK
        if starter not in dealt
    )
    starters = sum(shows.values())
    crib = round(option.crib_ev)
    my_play = _mean_play(dealer)
    theirs_dealt = deal_points(not dealer)
    chance = 0.0
    for (hand, jack), times in shows.items():
        heels = HEELS_POINTS if jack else 0
        subtotal = 0.0
        for their_play, their_hand, share in theirs_dealt:
            if dealer:
                won = _as_dealer(mine, theirs, heels, my_play, their_play, their_hand, hand + crib)
            else:
                won = _as_pone(mine, theirs, heels, my_play, their_play, hand, their_hand + crib)
            subtotal += share * won
        chance += times * subtotal
    return chance / starters


def _as_pone(
    mine: int, theirs: int, heels: int, my_play: int, their_play: int, hand: int, their_show: int
) -> float:
    share, mine, theirs = peg_out(mine, theirs, heels, my_play, their_play, hand, their_show)
    return win_chance(mine, theirs, dealing=True) if share is None else share


def _as_dealer(
    mine: int, theirs: int, heels: int, my_play: int, their_play: int, their_hand: int, show: int
) -> float:
    share, theirs, mine = peg_out(theirs, mine, heels, their_play, my_play, their_hand, show)
    return win_chance(mine, theirs, dealing=False) if share is None else 1.0 - share
