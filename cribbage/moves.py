"""The rules of each move of the game, for two, three or four players: whose turn it is,
what each action does, and the moves no one chooses (the cut, the show's counts, the next
deal).

``apply(game, action)`` is ``Game.apply``: it checks the action against the game, makes
it and every move that follows by itself, and returns the game after them, or raises
``GameError`` naming what is wrong. Points are pegged, or in manual counting the game
waits for the human's claim (``Pending``); muggins takes what a claim missed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from .actions import MAX_CLAIM, Action, Claim, Discard, GameError, Go, Lay, Resign
from .cards import Card, Rank
from .chance import new_deal, starter_of
from .pegging import PegItem, PlayState
from .records import ClaimRecord, Deal, GameState, Peg, Pending, Source
from .rules import HEELS_POINTS, Seat, table_for
from .words import number_word

__all__ = ["apply"]

G = TypeVar("G", bound=GameState)
"""The game the moves are made in (``cribbage.game.Game``)."""


def apply(game: G, action: Action) -> G:
    """The game after ``action``. Raises GameError, naming what is wrong, when the action
    is not allowed now; the game itself never changes."""
    _check_turn(game, action)
    if isinstance(action, Resign):
        return _resigned(game, action.player)
    if isinstance(action, Claim):
        after = _claimed(game, action)
    elif isinstance(action, Discard):
        after = _discarded(game, action)
    elif isinstance(action, Lay):
        after = _laid(game, action)
    elif isinstance(action, Go):
        after = _said_go(game, action)
    else:
        raise GameError(f"not an action: {action!r}")
    return _advance(after)


# --- whose turn ------------------------------------------------------------------------


def _check_turn(game: G, action: Action) -> None:
    winner = game.winner
    if winner is not None and game.resigned is not None:
        raise GameError(f"the game is over: player {game.resigned} resigned")
    if winner is not None:
        result = game.result
        assert result is not None
        raise GameError(
            f"the game is over: player {winner} won {game.scores[winner]} to "
            f"{game.scores[result.loser]}"
        )
    player = getattr(action, "player", None)
    if isinstance(player, bool) or player not in range(game.players):
        seats = "0 and 1" if game.players == 2 else f"0 to {game.players - 1}"
        raise GameError(f"there is no player {player!r}: the players are {seats}")
    if isinstance(action, Resign):
        return
    pending = game.pending
    if pending is not None:
        if player != pending.player:
            raise GameError(
                f"it is not your turn: player {pending.player} is to claim their points"
            )
        if not isinstance(action, Claim):
            raise GameError(f"claim your points first: what did {_claimed_for(game)} score?")
        return
    if isinstance(action, Claim):
        raise GameError("there is nothing to claim now")
    to_move = game.to_move
    if player != to_move:
        verb = "discard" if game.deal.play is None else "play"
        raise GameError(f"it is not your turn: player {to_move} is to {verb}")


def _claimed_for(game: G) -> str:
    pending, play = game.pending, game.deal.play
    assert pending is not None
    if pending.source is Source.PLAY:
        assert play is not None and pending.turn is not None
        card = play.turns[pending.turn].card
        return "the go" if card is None else card.code
    return "your crib" if pending.source is Source.CRIB else "your hand"


# --- the actions -----------------------------------------------------------------------


def _resigned(game: G, player: Seat) -> G:
    """The game given up by ``player``. The next deal is dealt the moment a show ends:
    given up before ``player`` has thrown in it, the game ends on the deal played, not on
    a deal that scored nothing and whose cards no one played."""
    deal = game.deal
    unplayed = len(game.deals) > 1 and deal.play is None and not deal.thrown[player]
    deals = game.deals[:-1] if unplayed else game.deals
    return game.replaced(deals=deals, resigned=player, pending=None)


def _claimed(game: G, claim: Claim) -> G:
    pending = game.pending
    assert pending is not None
    points = claim.points
    if isinstance(points, bool) or not isinstance(points, int):
        raise GameError(f"a claim is a number of points, not {points!r}")
    if not 0 <= points <= MAX_CLAIM:
        raise GameError(f"a claim is from 0 to {MAX_CLAIM} points, not {points}")
    deal = game.deal
    record = ClaimRecord(
        deal.number, claim.player, pending.source, pending.turn, points, pending.points
    )
    after = game.replaced(pending=None, claims=(*game.claims, record))
    after = _peg(after, claim.player, pending.source, record.pegged)
    if not after.is_over:
        after = _peg(after, game.muggins_taker(claim.player), Source.MUGGINS, record.missed)
    if pending.source is not Source.PLAY:
        after = _with_deal(after, replace(after.deal, counts_made=deal.counts_made + 1))
    return after


def _discarded(game: G, action: Discard) -> G:
    deal = game.deal
    if deal.play is not None:
        raise GameError("the discards are made: the play has begun")
    cards = tuple(action.cards)
    each = table_for(game.players).thrown_each
    if len(cards) != each:
        noun = "card" if each == 1 else "cards"
        raise GameError(f"discard {number_word(each)} {noun}, not {number_word(len(cards))}")
    hand = deal.dealt[action.player]
    for card in cards:
        if card not in hand:
            raise GameError(f"{_code(card)} is not in your hand")
    if len(set(cards)) != len(cards):
        raise GameError(f"{cards[0].code} appears twice: discard two different cards")
    thrown = list(deal.thrown)
    thrown[action.player] = tuple(sorted(cards))
    return _with_deal(game, replace(deal, thrown=tuple(thrown)))


def _laid(game: G, action: Lay) -> G:
    deal = game.deal
    play = deal.play
    if play is None:
        raise GameError(f"the play has not begun: {_discard_first(game)}")
    card = action.card
    if card not in deal.held(action.player):
        laid = card in deal.laid(action.player)
        raise GameError(f"{_code(card)} {'was laid already' if laid else 'is not in your hand'}")
    if not play.fits(card):
        raise GameError(
            f"the count is {play.count}: {card.short_label} would make it {play.count + card.value}"
        )
    after, items = play.lay(card)
    return _scored_in_play(_with_deal(game, replace(deal, play=after)), action.player, items)


def _said_go(game: G, action: Go) -> G:
    deal = game.deal
    play = deal.play
    if play is None:
        raise GameError(f"the play has not begun: {_discard_first(game)}")
    fitting = play.playable(deal.held(action.player))
    if fitting:
        raise GameError(
            f"you have a card that fits: you cannot say go (the count is {play.count}, "
            f"{fitting[0].code} makes it {play.count + fitting[0].value})"
        )
    scorer = play.last_player if play.last_player is not None else action.player
    after, items = play.say_go()
    return _scored_in_play(_with_deal(game, replace(deal, play=after)), scorer, items)


def _discard_first(game: G) -> str:
    each = table_for(game.players).thrown_each
    return f"discard {number_word(each)} {'card' if each == 1 else 'cards'} to the crib first"


def _scored_in_play(game: G, scorer: Seat, items: tuple[PegItem, ...]) -> G:
    """Peg what the last turn of the play scored, or wait for the human's claim: after
    each of their cards, and after a go that pegs them the go point."""
    play = game.deal.play
    assert play is not None
    turn = len(play.turns) - 1
    laid_a_card = play.turns[-1].card is not None
    points = sum(item.points for item in items)
    if game.is_manual(scorer) and (items or laid_a_card):
        return game.replaced(pending=Pending(scorer, Source.PLAY, points, turn))
    return _peg(game, scorer, Source.PLAY, points)


# --- the moves no one chooses ----------------------------------------------------------


def _advance(game: G) -> G:
    """Make every move that needs no one's choice: the cut, the show's automatic counts,
    the next deal. Stops when a player must act or the game is over."""
    while not game.is_over and game.pending is None:
        deal = game.deal
        if deal.play is None:
            if not deal.all_thrown:
                return game
            game = _cut(game)
        elif not deal.play.is_over:
            return game
        elif deal.counts_made < len(deal.show_order()):
            game = _count(game)
        else:
            following = new_deal(game.seed, deal.number + 1, deal.pone, game.players)
            game = game.replaced(deals=(*game.deals, following))
    return game


def _cut(game: G) -> G:
    deal = game.deal
    starter = starter_of(game.seed, deal.number, deal.dealer, game.players)
    play = PlayState.start(game.players, deal.pone)
    after = _with_deal(game, replace(deal, starter=starter, play=play))
    if starter.rank is Rank.JACK:
        after = _peg(after, deal.dealer, Source.HEELS, HEELS_POINTS)
    return after


def _count(game: G) -> G:
    deal = game.deal
    count = deal.show_count(deal.counts_made)
    if game.is_manual(count.player):
        return game.replaced(pending=Pending(count.player, count.source, count.result.total))
    after = _peg(game, count.player, count.source, count.result.total)
    return _with_deal(after, replace(deal, counts_made=deal.counts_made + 1))


def _peg(game: G, player: Seat, source: Source, points: int) -> G:
    """Peg ``points`` to ``player``; at four, on their team's score (both partners')."""
    if not points:
        return game
    scores = list(game.scores)
    for seat in game.scoring_seats(player):
        scores[seat] += points
    peg = Peg(game.deal.number, player, source, points)
    return game.replaced(scores=tuple(scores), pegs=(*game.pegs, peg))


def _with_deal(game: G, deal: Deal) -> G:
    return game.replaced(deals=(*game.deals[:-1], deal))


def _code(card: object) -> str:
    return card.code if isinstance(card, Card) else repr(card)
