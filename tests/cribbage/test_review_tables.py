"""The review of a game of three or four players: each throw against the table's discard
values for its seat, each card laid against strong's lay values, each claim with its
cards, its items (checked against the plain scorers) and who took what was missed."""

import json

import pytest

from cribbage.cards import parse_card, parse_cards
from cribbage.cli import main
from cribbage.computer import choose, lay_values
from cribbage.discard import Role, discard_options
from cribbage.game import Claim, Counting, Game
from cribbage.pegging import PegKind
from cribbage.records import replay_play
from cribbage.review import decision_class, review_game, review_json
from tests.cribbage.reference import reference_total
from tests.cribbage.test_game_tables import reference_play

MANUAL = Counting.MANUAL


def played(seed, players, levels):
    """A whole manual game, the human (seat 0) at ``levels[0]`` and short by a point at
    every third claim that scored (muggins), every other seat at its level."""
    game = Game.new(seed, human=0, counting=MANUAL, players=players)
    claims = 0
    while not game.is_over:
        if game.pending is not None and game.to_move == 0:
            points = game.pending.points
            claims += points > 0
            short = points > 0 and claims % 3 == 0
            game = game.apply(Claim(0, points - 1 if short else points))
        else:
            game = game.apply(choose(game, levels[game.to_move]))
    return game


GAMES = {
    3: ("greedy", "strong", "classic"),
    4: ("greedy", "strong", "strong", "classic"),
}


@pytest.fixture(scope="module", params=[(3, "table-review-3"), (4, "table-review-4")])
def reviewed(request):
    players, seed = request.param
    game = played(seed, players, GAMES[players])
    return game, review_game(game)


def seat_of(dealer, seat, players):
    """Whose crib it is, seen from ``seat``, worked out here from the table."""
    if seat == dealer:
        return Role.DEALER
    if players == 4 and (seat - dealer) % 4 == 2:
        return Role.PARTNER
    return Role.OPPONENT


def test_each_throw_is_valued_for_its_seat_by_the_table_discard_values(reviewed):
    game, reviews = reviewed
    assert len(reviews) == len(game.deals)
    for deal, review in zip(game.deals, reviews, strict=True):
        throws = [d for d in review.decisions if d.kind == "discard"]
        # One throw a seat, from the dealer's left, the dealer's last.
        assert [d.player for d in throws] == [
            (deal.dealer + k) % game.players for k in (1, 2, 3, 4)
        ][: game.players]
        for decision in throws:
            seat = seat_of(deal.dealer, decision.player, game.players)
            options = discard_options(deal.dealt[decision.player], seat, players=game.players)
            chosen = next(o for o in options if o.throw == deal.thrown[decision.player])
            assert decision.chosen == deal.thrown[decision.player]
            assert decision.best == options[0].throw
            assert decision.details["role"] == seat.value
            assert decision.details["keep"] == [c.code for c in chosen.keep]
            assert decision.details["best_keep"] == [c.code for c in options[0].keep]
            assert decision.loss == pytest.approx(options[0].net_ev - chosen.net_ev)
            assert decision.klass == decision_class(decision.loss)
            assert decision.details["rank"] == options.index(chosen) + 1
            assert decision.details["seat"] == decision.player


def test_the_human_greedy_thrower_loses_and_strong_never_does(reviewed):
    game, reviews = reviewed
    throws = [d for r in reviews for d in r.decisions if d.kind == "discard"]
    assert any(d.loss > 0.05 for d in throws if d.player == 0), "greedy throws lose"
    assert all(d.loss == 0 for d in throws if GAMES[game.players][d.player] == "strong")


def test_each_card_laid_is_valued_by_the_search_of_the_rest_of_the_play(reviewed):
    game, reviews = reviewed
    valued = 0
    for deal, review in zip(game.deals, reviews, strict=True):
        lays = [d for d in review.decisions if d.kind in ("lay", "go")]
        assert len(lays) == len(deal.play.turns)
        for decision, turn in zip(lays, deal.play.turns, strict=True):
            assert decision.player == turn.player
            if turn.card is None:
                assert (decision.kind, decision.klass) == ("go", "forced")
                continue
            assert decision.chosen == turn.card
            if decision.klass == "forced":
                continue
            valued += 1
            held = parse_cards(decision.details["hand"])
            before = deal.play.turns[: decision.details["turn"]]
            seen = (*deal.dealt[turn.player], deal.starter, *(t.card for t in before if t.card))
            state = _state(deal, decision.details["turn"])
            values = lay_values(held, state, turn.player, seen)  # the table's search
            pick = max(sorted(values), key=lambda rank: values[rank])
            loss = max(values[pick] - values[int(turn.card.rank)], 0.0)
            assert decision.loss == pytest.approx(loss, abs=1e-9)
            letters = {int(card.rank): card.rank.letter for card in held}
            assert decision.details["values"] == {letters[r]: v for r, v in values.items()}
            if GAMES[game.players][turn.player] == "strong":
                assert decision.loss == 0
    assert valued > 10


def _state(deal, turn):
    return replay_play((t.card for t in deal.play.turns[:turn]), deal.pone, deal.players)[0]


def test_each_claim_has_its_cards_and_items_as_the_plain_scorers_count_them(reviewed):
    game, reviews = reviewed
    missed = 0
    for deal, review in zip(game.deals, reviews, strict=True):
        claims = [d for d in review.decisions if d.kind == "claim"]
        records = [r for r in game.claims if r.deal == deal.number and r.player == 0]
        assert len(claims) == len(records)
        points = reference_play([t.card for t in deal.play.turns if t.card is not None])
        laid = [index for index, t in enumerate(deal.play.turns) if t.card is not None]
        for decision, record in zip(claims, records, strict=True):
            assert decision.player == 0
            assert (decision.chosen, decision.best) == (record.claimed, record.scored)
            assert decision.details["taker"] == 1  # West: the next opponent in turn
            items = sum(item["points"] for item in decision.details["items"])
            if decision.details["source"] == "play":
                assert items == record.scored
                turn = deal.play.turns[record.turn]
                if turn.card is not None:
                    assert decision.details["card"] == turn.card.code
                    # The go a card wins is claimed on the go said after it, not with it.
                    go = sum(i.points for i in turn.items if i.kind is PegKind.GO)
                    assert items == points[laid.index(record.turn)] - go
            else:
                hand = parse_cards(decision.details["hand"])
                starter = parse_card(decision.details["starter"])
                crib = decision.details["source"] == "crib"
                assert items == record.scored == reference_total(hand, starter, crib=crib)
                assert starter == deal.starter
            missed += record.missed
            assert decision.loss == record.missed
    assert missed > 0


def test_the_json_names_the_table_each_seat_and_adds_up(reviewed):
    game, reviews = reviewed
    review = json.loads(json.dumps(review_json(game, reviews)))
    assert review["players"] == game.players == review["game"]["players"]
    assert review["game"]["over"] and review["game"]["seat_scores"] == [
        min(score, 121) for score in game.scores
    ]
    you = 0.0
    for deal, stored in zip(game.deals, review["deals"], strict=True):
        assert stored["dealer_seat"] == deal.dealer
        assert stored["dealer"] == ("you" if deal.dealer == 0 else "computer")
        for decision in stored["decisions"]:
            assert decision["player"] == ("you" if decision["seat"] == 0 else "computer")
        seats = stored["seat_totals"]
        assert len(seats) == game.players
        assert stored["totals"]["you"] == seats[0]
        assert stored["totals"]["computer"]["all"] == pytest.approx(
            sum(seat["all"] for seat in seats[1:])
        )
        you += seats[0]["all"]
    assert review["totals"]["you"]["all"] == pytest.approx(you)


def test_a_two_player_review_has_no_table_fields():
    game = Game.new("two", human=0, counting=MANUAL)
    while not game.is_over and len(game.deals) < 3:
        if game.pending is not None:
            game = game.apply(Claim(game.to_move, game.pending.points))
        else:
            game = game.apply(choose(game, "strong"))
    review = review_json(game)
    assert "players" not in review and "players" not in review["game"]
    for deal in review["deals"]:
        assert "seat_totals" not in deal and "dealer_seat" not in deal
        assert all("seat" not in decision for decision in deal["decisions"])


def test_crib_review_of_a_table_state_prints_the_same_json(reviewed, tmp_path, capsys):
    game, reviews = reviewed
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_dict()))
    assert main(["review", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == json.loads(json.dumps(review_json(game, reviews)))
    assert printed["players"] == game.players and printed["crib_model"] == "random"
