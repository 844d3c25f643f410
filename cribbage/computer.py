"""The computer player: ``choose(game, level)`` gives its action for ``game.to_move``, at a
table of two, three or four.

It looks only at what its seat may see: its own cards and what it threw, the starter, the
cards laid and the gos said (``Deal.seen_by``). Three levels, offered to players as easy,
medium and hard, each with its way at each table size:

``greedy``, the baseline. It keeps the four cards that score most by themselves (fifteens,
pairs, runs and a four-card flush, no starter, the crib ignored; ties go to the first four
in card order). In the play it lays the card that scores most now; when none scores, the
lowest card that gives nothing away, else its lowest card. A card gives nothing away when
no card the computer has not seen would score if laid on it: no fifteen or 31 (so never a
count of 5 or 21), no pair and no run.

``classic``, the textbook player (``classic``): exact hand and crib values for the
discard, a fixed list of pegging priorities from the cribbage literature for the play. At
three and four it throws by the exact values for its seat (``discard_options``).

``strong``. At two it discards by the exact expected value of hand and crib
(``discard_options``, the other player's crib cards thrown as a good player throws them)
plus a pegging term weighted per role as self-play fitted it, and plays by searching the
rest of the play against the hands the other player may hold, each as likely as a good
player was to keep it (see ``lay_values``). Near 121 it plays for the game: its discard
maximises the chance to win (``endgame``) and its play the race, a deal no one wins valued
by the chance to win from the scores it leaves (``search.Race``, ``win_table``). At three
and four it throws by the exact values for its seat and plays by the search of the rest of
the play at the table (``maxn``): every player's best, over the hands the others may hold.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from itertools import combinations_with_replacement
from math import comb

from . import endgame, maxn, search
from .actions import Action, Claim, Discard, Go, Lay
from .cards import DECK, Card
from .classic import classic_discard, classic_lay
from .discard import CRIB_MODEL, Role, discard_options
from .game import Game
from .greedy import four_card_points, gives_nothing_away, greedy_discard, greedy_lay
from .peg_table import play_value_of
from .pegging import PlayState
from .rules import GAME_POINTS, HAND_SIZE, MAX_COUNT, Seat, other
from .show import RANK_POINTS, rank_key, show_total

__all__ = [
    "RACE_PEGGING",
    "RACE_WITHIN",
    "Endgame",
    "Level",
    "choose",
    "expected_count",
    "four_card_points",
    "gives_nothing_away",
    "greedy_discard",
    "greedy_lay",
    "keep_weight",
    "lay_values",
    "opponent_hands",
    "opponent_min_value",
    "pegging_term",
    "strong_discard",
    "strong_lay",
    "throw_for",
]


class Level(Enum):
    GREEDY = "greedy"
    CLASSIC = "classic"
    STRONG = "strong"


def choose(game: Game, level: Level | str = Level.STRONG) -> Action:
    """The computer's action for the seat to move in ``game``.

    A claim the game waits for is answered exactly (the computer counts without error).
    Raises ValueError when the game is over.
    """
    level = Level(level)
    player = game.to_move
    if player is None:
        raise ValueError("the game is over: there is nothing to choose")
    if game.pending is not None:
        return Claim(player, game.pending.points)
    deal = game.deal
    play = deal.play
    if play is None:
        return Discard(player, throw_for(game, player, level))
    hand = deal.held(player)
    if not play.playable(hand):
        return Go(player)
    seen = deal.seen_by(player)
    if level is Level.GREEDY:
        return Lay(player, greedy_lay(hand, play, seen))
    if level is Level.CLASSIC:
        return Lay(player, classic_lay(hand, play))
    race = _endgame(game, player, seen) if game.players == 2 else None
    return Lay(player, strong_lay(hand, play, player, seen, race))


def throw_for(game: Game, player: Seat, level: Level | str = Level.STRONG) -> tuple[Card, ...]:
    """The cards ``level`` throws to the crib from what was dealt to ``player``."""
    level = Level(level)
    deal = game.deal
    cards = deal.dealt[player]
    if level is Level.GREEDY:
        return greedy_discard(cards)
    role = game.seating.role(player, deal.dealer)
    if game.players != 2:  # classic and strong alike: the exact values for the seat
        return discard_options(cards, role, players=game.players)[0].throw
    if level is Level.CLASSIC:
        return classic_discard(cards, role)
    return strong_discard(cards, role, (game.scores[player], game.scores[other(player)]))


def _endgame(game: Game, player: Seat, seen: Sequence[Card]) -> Endgame | None:
    """What strong sees of the race to 121, when either player is within ``RACE_WITHIN``."""
    mine, theirs = GAME_POINTS - game.scores[player], GAME_POINTS - game.scores[other(player)]
    if min(mine, theirs) > RACE_WITHIN:
        return None
    deal = game.deal
    starter = deal.starter
    assert starter is not None and deal.play is not None
    opponent = other(player)
    return Endgame(
        my_need=mine,
        their_need=theirs,
        my_show=show_total(deal.kept(player), starter),
        their_laid=tuple(
            int(turn.card.rank)
            for turn in deal.play.turns
            if turn.card is not None and turn.player == opponent
        ),
        starter=int(starter.rank),
        crib=round(_crib_estimate(deal.thrown[player], starter, seen)),
        pone=player == deal.pone,
    )


def _crib_estimate(thrown: Sequence[Card], starter: Card, seen: Iterable[Card]) -> float:
    """The crib's expected fifteens, pairs and runs: the two cards thrown, the starter and
    any two cards not seen (flush and nobs left out)."""
    seen = set(seen)
    ranks = Counter(int(card.rank) for card in DECK if card not in seen)
    known = rank_key((*(int(card.rank) for card in thrown), int(starter.rank)))
    total = ways = 0
    for first, second in combinations_with_replacement(sorted(ranks), 2):
        count = comb(ranks[first], 2) if first == second else ranks[first] * ranks[second]
        if count:
            total += count * RANK_POINTS[known * rank_key((first, second))]
            ways += count
    return total / ways


# --- strong: the discard -----------------------------------------------------------------


PEGGING_WEIGHTS = {Role.PONE: 1.18, Role.DEALER: 0.73}
"""What a point of the pegging table is worth in strong's own play, per role: the least
squares fit of the pegging in 6,000 deals of strong against itself, its discards drawn
from each hand's four best, on the two kept hands' table values
(``tablegen.selfplay.fit_pegging_weights``; 95 % bootstrap intervals 1.01-1.35 and 0.64-0.83). The
table values a dealer's keep too highly (both players see every card after the lead),
a pone's too lowly."""


def pegging_term(keep: Iterable[Card], role: Role, weight: float | None = None) -> float:
    """What strong adds to a keep's net value for the play: the pegging the four ranks can
    expect in ``role`` (their own minus the opponent's; ``peg_table``), times the role's
    ``PEGGING_WEIGHTS`` (or ``weight``)."""
    value = play_value_of([int(card.rank) for card in keep])
    if weight is None:
        weight = PEGGING_WEIGHTS[role]
    return weight * (value.dealer if role is Role.DEALER else value.pone)


WIN_TABLE_DISCARD = True
"""Whether strong discards for the chance to win near the end (``endgame``)."""
CONTENDERS = 5
"""How many of the best keeps by points strong weighs by the chance to win."""


def strong_discard(
    cards: Iterable[Card], role: Role, scores: tuple[int, int] | None = None
) -> tuple[Card, Card]:
    """The two cards strong throws: the best net expected value of hand and crib
    (``discard_options``) plus the pegging term of the four kept. With ``scores`` (its own
    and the other player's) and either within ``endgame.RACE_WITHIN`` of 121, the keep of
    the ``CONTENDERS`` best that gives the best chance to win (``endgame``)."""
    cards = tuple(cards)
    options = discard_options(cards, role, CRIB_MODEL)
    ranked = sorted(
        options, key=lambda option: option.net_ev + pegging_term(option.keep, role), reverse=True
    )
    best = ranked[0]
    if WIN_TABLE_DISCARD and scores and GAME_POINTS - max(scores) <= endgame.RACE_WITHIN:
        mine, theirs = scores
        best = max(
            ranked[:CONTENDERS],
            key=lambda option: endgame.keep_win_chance(option, cards, role, mine, theirs),
        )
    return best.throw[0], best.throw[1]


def opponent_min_value(play: PlayState, opponent: Seat) -> int:
    """The least value a card the opponent still holds can have: each go they said at count
    c shows they held no card of value 31 - c or less."""
    least = 1
    for turn in play.turns:
        if turn.card is None and turn.player == opponent:
            least = max(least, MAX_COUNT - turn.count + 1)
    return least


def opponent_hands(
    unseen: Sequence[Card],
    size: int,
    least: int,
    samples: int,
    rng: random.Random,
    likelihood: Callable[[tuple[int, ...]], float] | None = None,
) -> list[tuple[tuple[int, ...], float]]:
    """The hands (rank multisets) the opponent may hold, of ``size`` unseen cards each of
    value ``least`` or more, with weights: every one, weighted by the number of ways to
    hold it, for two cards or fewer; else ``samples`` drawn at random, weighted by how often
    each was drawn. With a ``likelihood`` (how likely the opponent was to hold the ranks),
    the two-card weights are multiplied by it, and the samples are drawn from
    ``CANDIDATES`` times as many random hands in proportion to it."""
    pool = [card for card in unseen if card.value >= least]
    if len(pool) < size:  # cannot happen in a legal game; hold what there is
        size = len(pool)
    ranks = Counter(int(card.rank) for card in pool)
    if size <= 2:
        weighted = []
        for combo in combinations_with_replacement(sorted(ranks), size):
            weight = 1
            for rank, times in Counter(combo).items():
                weight *= comb(ranks[rank], times)
            if weight:
                weighted.append((combo, weight * likelihood(combo) if likelihood else weight))
        return weighted
    if likelihood is None:
        drawn = Counter(
            tuple(sorted(int(card.rank) for card in rng.sample(pool, size))) for _ in range(samples)
        )
        return sorted(drawn.items())
    candidates = [
        tuple(sorted(int(card.rank) for card in rng.sample(pool, size)))
        for _ in range(samples * CANDIDATES)
    ]
    chosen = rng.choices(candidates, [likelihood(hand) for hand in candidates], k=samples)
    return sorted(Counter(chosen).items())


SAMPLES = 24
CANDIDATES = 4


KEEP_SHARPNESS = 0.45
"""How much likelier a good player is to have kept a hand worth one point more: each
hand the opponent may hold is weighted by exp(KEEP_SHARPNESS * its expected count with a
random starter), the four ranks being the cards they laid and the ones they may hold.
Fitted on strong's own keeps against random fours of the same sixes
(``tablegen.selfplay.fit_keep_sharpness``: 0.45 over 1,500 hands with the crib valued at random,
0.39 over its 3,000 with a good player's crib); 0 weighs every hand alike."""


def keep_weight(ranks: Sequence[int]) -> float:
    """How likely a good player was to keep these four ranks, against other fours: grows
    by ``exp(KEEP_SHARPNESS)`` a point of their expected count (``expected_count``)."""
    return math.exp(KEEP_SHARPNESS * expected_count(ranks))


def expected_count(ranks: Iterable[int]) -> float:
    """What four ranks count on average with a starter of the 48 other cards: fifteens,
    pairs and runs (suits unseen)."""
    return _expected_counts()[rank_key(ranks)]


@cache
def _expected_counts() -> dict[int, float]:
    counts = {}
    starters = range(1, 14)
    for ranks in combinations_with_replacement(starters, 4):
        key = rank_key(ranks)
        left = [4 - ranks.count(rank) for rank in starters]
        total = sum(
            n * RANK_POINTS[key * rank_key((rank,))] for rank, n in zip(starters, left, strict=True)
        )
        counts[key] = total / sum(left)
    return counts


RACE_WITHIN = 45
"""Strong plays the race to 121 (``search.Race``) once either player needs this or fewer,
and the shows after the play and likely pegging (``RACE_PEGGING``) may reach it."""
RACE_PEGGING = 16


@dataclass(frozen=True, slots=True)
class Endgame:
    """The race to 121 as strong sees it in the play: the points each player needs, its
    own show (hand, and the crib's estimate if it deals), the ranks the opponent has laid
    (the rest of their hand is what the search draws), the starter's rank, the crib's
    estimate and whether strong is the pone."""

    my_need: int
    their_need: int
    my_show: int
    their_laid: tuple[int, ...]
    starter: int
    crib: int
    pone: bool

    def their_show(self, their_held: Sequence[int]) -> int:
        """The opponent's hand count, they holding these ranks still to lay (fifteens,
        pairs and runs: strong cannot see their suits)."""
        return RANK_POINTS[rank_key((*self.their_laid, *their_held, self.starter))]

    def shows(self, their_show: int) -> tuple[int, int]:
        """The pone's and the dealer's show after the play, with the crib's estimate."""
        if self.pone:
            return self.my_show, their_show + self.crib
        return their_show, self.my_show + self.crib

    def may_end(self, their_show: int) -> bool:
        """Whether either player may reach 121 in this deal: their show and the most they
        are likely to peg (``RACE_PEGGING``) reach what they need."""
        pone_show, dealer_show = self.shows(their_show)
        pone_need, dealer_need = (
            (self.my_need, self.their_need) if self.pone else (self.their_need, self.my_need)
        )
        return pone_need <= pone_show + RACE_PEGGING or dealer_need <= dealer_show + RACE_PEGGING


def strong_lay(
    hand: Sequence[Card],
    play: PlayState,
    me: Seat,
    seen: Iterable[Card],
    endgame: Endgame | None = None,
) -> Card:
    """The card strong lays: the best average, over the hands the others may hold, of its
    side's pegging less theirs for the rest of the play, all playing their best
    (``lay_values``), the lowest rank of equals. At two the first lead of a deal comes from
    the pegging table instead."""
    fitting = play.playable(hand)
    ranks = {int(card.rank) for card in fitting}
    if len(ranks) == 1:
        return min(fitting)
    first_lead = not play.turns and len(hand) == HAND_SIZE
    if first_lead and play.players == 2:  # the first lead: worked out once, in the table
        lead = play_value_of([int(card.rank) for card in hand]).lead
        return min(card for card in fitting if card.rank == lead)
    values = lay_values(hand, play, me, seen, endgame)
    best = max(sorted(values), key=lambda rank: values[rank])
    return min(card for card in fitting if card.rank == best)


def lay_values(
    hand: Sequence[Card],
    play: PlayState,
    me: Seat,
    seen: Iterable[Card],
    endgame: Endgame | None = None,
) -> dict[int, float]:
    """What laying each rank of ``hand`` that fits is worth to the player in seat ``me``
    of ``play``: the average, over the hands the opponent may hold, of its pegging minus
    theirs for the rest of the play, both playing their best.

    The opponent's possible hands are every set of unseen cards of their size consistent
    with the gos they said (exactly, by rank, when they hold one or two cards; sampled
    when more), each as likely as the number of ways to hold it times how likely a good
    player was to keep it with the cards they laid (``keep_weight``). With an ``endgame``,
    a hand in which either player may reach 121 this deal is valued by the race instead
    (``search.Race``), where reaching 121 first outweighs any pegging and a deal no one
    wins is valued by the chance to win from the scores it leaves.

    At three or four, the search of the play at the table (``maxn.lay_values``: the
    others' hands drawn from the unseen cards, each side playing for its pegging less the
    others'); ``endgame`` is for two players.
    """
    if play.players != 2:
        return maxn.lay_values(hand, play, me, seen)
    ranks = sorted({int(card.rank) for card in play.playable(hand)})
    opponent = other(me)
    seen = set(seen)
    unseen = [card for card in DECK if card not in seen]
    size = HAND_SIZE - play.laid[opponent]
    least = opponent_min_value(play, opponent)
    memory = search.memory()
    memory.clear_if_large()
    series = memory.series_number(play.series)
    own = memory.hand_number(int(card.rank) for card in hand)
    alone = opponent in play.said_go or size == 0
    rng = random.Random(_codes(seen))
    likelihood = None
    if KEEP_SHARPNESS:
        laid = tuple(
            int(turn.card.rank) for turn in play.turns if turn.card and turn.player == opponent
        )
        likelihood = lambda held: keep_weight((*laid, *held))  # noqa: E731
    holdings = opponent_hands(unseen, size, least, SAMPLES, rng, likelihood)
    totals: dict[int, float] = dict.fromkeys(ranks, 0.0)
    moves = [move for move in memory.hand_moves(own) if move[0] in totals]
    for ranks_held, weight in holdings:
        held = memory.hand_number(ranks_held)
        their_show = endgame.their_show(ranks_held) if endgame else 0
        if endgame is None or not endgame.may_end(their_show):
            for rank, _, rest in moves:
                totals[rank] += weight * memory.lay_value(rest, held, series, alone, rank)
            continue
        race = memory.race(*endgame.shows(their_show))
        needs = search.need(endgame.my_need), search.need(endgame.their_need)
        for rank, _, rest in moves:
            value = race.lay_value(rest, held, series, alone, rank, *needs, endgame.pone)
            totals[rank] += weight * value
    weights = sum(weight for _, weight in holdings) or 1
    return {rank: total / weights for rank, total in totals.items()}


def _codes(cards: Iterable[Card]) -> str:
    return "".join(sorted(card.code for card in cards))
