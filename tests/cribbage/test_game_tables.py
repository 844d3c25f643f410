"""The game for three and four players: the deal, the play, the show, the end at 121, the
team scores of four and the state as JSON, each game played by the computer to its end and
every score checked against plain scorers that share nothing with the engine."""

import json
from pathlib import Path

import pytest

from cribbage.actions import GameError, action_from_dict
from cribbage.cards import Rank
from cribbage.codec import STATE_VERSION
from cribbage.computer import choose
from cribbage.game import GAME_POINTS, Claim, Counting, Discard, Game, Resign, Source, replay
from cribbage.records import GameResult
from tests.cribbage.reference import reference_total

AUTO = Counting.AUTOMATIC
MANUAL = Counting.MANUAL
STORED = json.loads((Path(__file__).parent / "data" / "game_v1.json").read_text())


def reference_play(cards):
    """What each card of a whole play scores, the plain way, from the cards in the order
    laid (gos leave no card). A series ends at 31 or when the next card laid would pass 31
    (a card that fitted would have been laid: a player who can lay must); the last card of
    each series, but one making 31, takes 1 (the go, or the last card)."""
    points = []
    series = []
    for index, card in enumerate(cards):
        series.append(card)
        values = [min(int(c.rank), 10) for c in series]
        count = sum(values)
        scored = 2 if count in (15, 31) else 0
        same = 1
        while same < len(series) and series[-1 - same].rank == card.rank:
            same += 1
        scored += {1: 0, 2: 2, 3: 6, 4: 12}[same]
        for length in range(len(series), 2, -1):
            ranks = sorted(int(c.rank) for c in series[-length:])
            if len(set(ranks)) == length and ranks[-1] - ranks[0] == length - 1:
                scored += length
                break
        following = cards[index + 1] if index + 1 < len(cards) else None
        ends = following is None or count == 31 or count + min(int(following.rank), 10) > 31
        if ends:
            if count != 31:
                scored += 1
            series = []
        points.append(scored)
    return points


def play_out(seed, players, levels, counting=AUTO, human=None, first_dealer=None):
    """A whole game of computers, each seat at its level; every state along the way."""
    game = Game.new(
        seed, human=human, counting=counting, players=players, first_dealer=first_dealer
    )
    states = [game]
    while not game.is_over:
        game = game.apply(choose(game, levels[game.to_move]))
        states.append(game)
    return states


GAMES = [
    (3, ("greedy", "classic", "strong"), "three-a"),
    (3, ("strong", "strong", "strong"), "three-b"),
    (3, ("classic", "greedy", "strong"), "three-c"),
    (4, ("strong", "greedy", "strong", "greedy"), "four-a"),
    (4, ("classic", "strong", "classic", "strong"), "four-b"),
    (4, ("greedy", "greedy", "greedy", "greedy"), "four-c"),
]


@pytest.mark.parametrize(("players", "levels", "seed"), GAMES)
def test_a_whole_game_scores_as_the_plain_scorers_say(players, levels, seed):
    game = play_out(seed, players, levels)[-1]
    assert game.is_over and game.players == players
    for deal in game.deals:
        pegs = [peg for peg in game.pegs if peg.deal == deal.number]
        if deal.play is None:
            continue
        # Heels first, to the dealer.
        heels = [peg for peg in pegs if peg.source is Source.HEELS]
        if deal.starter.rank is Rank.JACK:
            assert heels == [pegs[0]] and (heels[0].player, heels[0].points) == (deal.dealer, 2)
        else:
            assert not heels
        # The play, card by card, against the plain play scorer (complete plays only).
        if deal.play.is_over:
            laid = [turn for turn in deal.play.turns if turn.card is not None]
            expected = dict.fromkeys(range(players), 0)
            for turn, points in zip(laid, reference_play([t.card for t in laid]), strict=True):
                expected[turn.player] += points
            pegged = dict.fromkeys(range(players), 0)
            for peg in pegs:
                if peg.source is Source.PLAY:
                    pegged[peg.player] += peg.points
            assert pegged == expected
        # The show: from the dealer's left, the dealer's hand last, then the crib.
        shows = [peg for peg in pegs if peg.source in (Source.HAND, Source.CRIB)]
        order = [((deal.dealer + step) % players, Source.HAND) for step in range(1, players + 1)]
        order.append((deal.dealer, Source.CRIB))
        counted = [(c.player, c.source) for c in deal.counts]
        assert counted == order[: deal.counts_made]
        for count in deal.counts:
            cards = deal.crib if count.source is Source.CRIB else deal.kept(count.player)
            crib = count.source is Source.CRIB
            assert count.result.total == reference_total(cards, deal.starter, crib=crib)
        assert [(p.player, p.source) for p in shows] == [
            (c.player, c.source) for c in deal.counts if c.result.total
        ]
        assert [p.points for p in shows] == [c.result.total for c in deal.counts if c.result.total]


@pytest.mark.parametrize(("players", "levels", "seed"), GAMES)
def test_the_deal_the_leader_and_the_deal_passing_left(players, levels, seed):
    states = play_out(seed, players, levels)
    game = states[-1]
    for before, after in zip(game.deals, game.deals[1:], strict=False):
        assert after.dealer == (before.dealer + 1) % players
    for state in states:
        deal = state.deal
        assert len(deal.dealt) == players and all(len(hand) == 5 for hand in deal.dealt)
        assert len(deal.from_deck) == (1 if players == 3 else 0)
        cards = [*(c for hand in deal.dealt for c in hand), *deal.from_deck]
        assert len(set(cards)) == len(cards) == 5 * players + (players == 3)
        if deal.play is None and not state.is_over:
            # Discards from the dealer's left round to the dealer, one card each.
            thrown = sum(bool(t) for t in deal.thrown)
            assert state.to_move == (deal.dealer + 1 + thrown) % players
            assert {len(a.cards) for a in state.legal_actions()} == {1}
        if deal.starter is not None:
            assert deal.starter not in cards
            assert len(deal.crib) == 4
            assert all(len(deal.kept(seat)) == 4 for seat in range(players))
            assert not deal.play.turns or deal.play.turns[0].player == (deal.dealer + 1) % players


@pytest.mark.parametrize(("players", "levels", "seed"), GAMES)
def test_the_game_ends_the_moment_121_is_reached(players, levels, seed):
    game = play_out(seed, players, levels)[-1]
    totals = [0] * players
    for index, peg in enumerate(game.pegs):
        seats = (peg.player % 2, peg.player % 2 + 2) if players == 4 else (peg.player,)
        for seat in seats:
            totals[seat] += peg.points
        if max(totals) >= GAME_POINTS:
            assert index == len(game.pegs) - 1
    assert tuple(totals) == game.scores
    assert game.scores[game.winner] >= GAME_POINTS
    assert sum(score >= GAME_POINTS for score in game.scores) == (2 if players == 4 else 1)


@pytest.mark.parametrize("seed", ["four-a", "four-b", "four-d"])
def test_four_players_peg_as_two_teams_of_partners_opposite(seed):
    levels = ("strong", "classic", "strong", "classic")
    game = play_out(seed, 4, levels)[-1]
    assert game.scores[0] == game.scores[2] and game.scores[1] == game.scores[3]
    for team in (0, 1):
        pegged = sum(p.points for p in game.pegs if p.player in (team, team + 2))
        assert game.scores[team] == pegged
    assert game.winner in (0, 1)
    assert game.result.loser == 1 - game.winner
    # Each partner pegs their own hand: both seats of a team pegged in the show.
    assert {p.player for p in game.pegs if p.source is Source.HAND} == {0, 1, 2, 3}


def test_three_players_skunk_is_judged_on_the_runner_up():
    assert GameResult(2, (80, 95, 121)).loser == 1
    assert GameResult(2, (80, 95, 121)).skunk == 0
    assert GameResult(2, (80, 85, 121)).skunk == 1
    assert GameResult(0, (121, 50, 60)).skunk == 2
    assert GameResult(0, (121, 70, 70)).loser == 1  # equal: the next in turn
    assert GameResult(1, (10, 121, 10, 121)).loser == 0


def test_the_human_misses_go_to_the_next_opponent_in_turn():
    for players in (3, 4):
        game = Game.new("muggins", human=0, counting=MANUAL, players=players)
        taken = 0
        while not game.is_over and len(game.claims) < 40:
            if game.pending is not None and game.to_move == 0:
                pegged = len(game.pegs)
                game = game.apply(Claim(0, 0))
                missed = game.claims[-1].missed
                taken += missed
                if missed and not game.is_over:
                    muggins = game.pegs[pegged]  # at once, before anything else is pegged
                    assert (muggins.player, muggins.source, muggins.points) == (
                        1,
                        Source.MUGGINS,
                        missed,
                    )
            else:
                game = game.apply(choose(game, "strong"))
        assert taken, "some score was missed"
        assert not any(p.source is Source.MUGGINS and p.player != 1 for p in game.pegs)


def test_a_game_of_three_or_four_is_stored_as_version_two_and_read_back():
    for players, levels, seed in GAMES[:1] + GAMES[3:4]:
        for game in play_out(seed, players, levels, counting=MANUAL, human=0)[::7]:
            data = game.to_dict()
            assert data["version"] == STATE_VERSION == 2 and data["players"] == players
            again = Game.from_dict(json.loads(json.dumps(data)))
            assert again == game
            if players == 3:
                assert all(len(deal["from_deck"]) == 1 for deal in data["deals"])


def test_a_game_stored_before_as_version_one_loads_and_plays_to_the_end():
    game = Game.from_dict(json.loads(STORED["state"]))
    assert game.players == 2
    actions = [action_from_dict(a) for a in STORED["actions"]]
    assert game == replay(STORED["seed"], actions, human=STORED["human"], counting=MANUAL)
    while not game.is_over:
        game = game.apply(choose(game, "classic"))
        assert Game.from_dict(game.to_dict()) == game
    assert game.to_dict()["version"] == 1 and "players" not in game.to_dict()


def test_the_same_seed_deals_the_same_game():
    first = play_out("again", 3, ("strong",) * 3)[-1]
    second = play_out("again", 3, ("strong",) * 3)[-1]
    assert first == second
    cut = Game.new("cut", players=4).first_cut
    assert len(cut) == 4
    lowest = min(card.rank for card in cut)
    assert Game.new("cut", players=4).dealer == next(
        seat for seat, card in enumerate(cut) if card.rank == lowest
    )


def test_what_a_table_does_not_have_is_named():
    with pytest.raises(ValueError, match="2, 3 or 4"):
        Game.new("x", players=5)
    with pytest.raises(ValueError, match="seats 0 to 2"):
        Game.new("x", players=3, human=3)
    game = Game.new("x", players=3, human=None, first_dealer=2)
    hand = game.deal.dealt[0]
    with pytest.raises(GameError, match="discard one card, not two"):
        game.apply(Discard(0, hand[:2]))
    with pytest.raises(GameError, match="no player 3: the players are 0 to 2"):
        game.apply(Discard(3, hand[:1]))
    with pytest.raises(GameError, match="not your turn"):
        game.apply(Discard(1, game.deal.dealt[1][:1]))
    bad = game.to_dict() | {"players": 6}
    with pytest.raises(GameError, match="not a game state"):
        Game.from_dict(bad)


def test_a_player_who_resigns_loses_to_the_table():
    three = Game.new("r", players=3, human=0, first_dealer=0)
    assert three.apply(Resign(0)).winner == 1
    four = Game.new("r", players=4, human=0, first_dealer=0)
    assert four.apply(Resign(0)).winner == 1
    assert four.apply(Resign(1)).winner == 0
