"""The review of a game of three or four players, through the Django test client: whole
games posted move by move, the review page (200, seats named, errors first) and
review.json checked against the table's discard values and the plain scorers; "Practise
this" on a throw at the table; a lay at the table has no quiz (400)."""

import re

import pytest
from pytest_django.asserts import assertContains

from cribbage.cards import parse_card, parse_cards
from cribbage.discard import Role, discard_options
from games.models import Game
from quizzes.domain.lays import rank_of
from quizzes.models import Attempt, Deal
from tests.cribbage.reference import reference_total
from tests.cribbage.test_game_tables import reference_play
from tests.games.test_tables import new_game, play_through

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("seeded")]


@pytest.fixture(params=[3, 4])
def finished(request, client):
    """A whole manual game at a table of ``players`` against strong, the player pegging
    nothing at every fourth claim (muggins to West), and its review.json."""
    game = new_game(client, players=request.param)
    game, missed = play_through(client, game, miss_every=4)
    assert game.is_over and missed > 0
    response = client.get(f"/play/{game.pk}/review.json")
    assert response.status_code == 200
    return game, response.json()


def seat_of(dealer, seat, players):
    if seat == dealer:
        return Role.DEALER
    if players == 4 and (seat - dealer) % 4 == 2:
        return Role.PARTNER
    return Role.OPPONENT


def test_each_discard_is_judged_for_its_seat_by_the_table_values(finished):
    game, review = finished
    engine = game.engine
    assert review["players"] == engine.players == review["game"]["players"]
    assert review["crib_model"] == "random"  # the crib's other cards: any left, alike
    assert len(review["deals"]) == len(engine.deals)
    yours = 0
    for deal, stored in zip(engine.deals, review["deals"], strict=True):
        assert stored["dealer_seat"] == deal.dealer
        throws = [d for d in stored["decisions"] if d["kind"] == "discard"]
        assert sorted(d["seat"] for d in throws) == list(range(engine.players))
        for decision in throws:
            seat = decision["seat"]
            role = seat_of(deal.dealer, seat, engine.players)
            assert decision["role"] == role.value
            assert decision["five"] == [card.code for card in sorted(deal.dealt[seat])]
            options = discard_options(deal.dealt[seat], role, players=engine.players)
            assert decision["best"] == [card.code for card in options[0].throw]
            assert decision["chosen"] == [card.code for card in deal.thrown[seat]]
            assert decision["player"] == ("you" if seat == 0 else "computer")
            yours += seat == 0
    assert yours == len(engine.deals)


def test_each_claim_has_its_cards_and_items_as_the_plain_scorers_count_them(finished):
    game, review = finished
    engine = game.engine
    taken = 0
    for deal, stored in zip(engine.deals, review["deals"], strict=True):
        turns = deal.play.turns
        played = [turn.card for turn in turns if turn.card is not None]
        points = reference_play(played)
        # The play's claims by card: a card's own, and the go after it that pegged its
        # last point (the plain scorer gives that point to the card).
        by_card: dict[int, int] = {}
        for decision in stored["decisions"]:
            if decision["kind"] != "claim":
                continue
            assert decision["seat"] == 0 and decision["taker"] == 1  # West takes muggins
            items = sum(item["points"] for item in decision["items"])
            assert items == decision["best"]
            assert decision["missed"] == max(decision["best"] - decision["chosen"], 0)
            taken += decision["missed"]
            if decision["source"] == "play":
                last = max(i for i in range(decision["turn"] + 1) if turns[i].card is not None)
                assert turns[last].player == 0
                by_card[last] = by_card.get(last, 0) + items
            else:
                hand = parse_cards(decision["hand"])
                crib = decision["source"] == "crib"
                assert items == reference_total(hand, deal.starter, crib=crib)
        laid = [index for index, turn in enumerate(turns) if turn.card is not None]
        for index, scored in enumerate(points):
            if turns[laid[index]].player == 0:
                assert by_card.get(laid[index], 0) == scored
    assert taken > 0


def test_each_lay_is_valued_or_forced_and_names_its_seat(finished):
    _, review = finished
    lays = [d for deal in review["deals"] for d in deal["decisions"] if d["kind"] == "lay"]
    valued = [d for d in lays if d["class"] != "forced"]
    assert valued and all(d["loss"] >= 0 for d in lays)
    for decision in valued:
        values = decision["values"]
        assert parse_card(decision["chosen"]).rank.letter in values
        assert decision["loss"] == pytest.approx(
            max(
                values[parse_card(decision["best"]).rank.letter]
                - values[parse_card(decision["chosen"]).rank.letter],
                0.0,
            )
        )
    # The strong computers' own lays lose nothing by their own values.
    assert all(d["loss"] == 0 for d in lays if d["seat"] != 0)


def test_the_review_page_names_the_seats_and_leads_with_the_errors(client, finished):
    game, review = finished
    page = client.get(f"/play/{game.pk}/review/")
    assert page.status_code == 200
    html = page.content.decode()
    assertContains(page, "Your errors")
    assertContains(page, "The computers")
    assertContains(page, "West took")  # muggins, by the next opponent in turn
    assertContains(page, "of 5.")
    assert "of 15." not in html and "All 15 throws" not in html
    assert "the computer took" not in html.lower()
    assert f"players={game.players}&amp;cards=" in html  # the analyser at this table
    assert "not yet" not in html
    scores = review["game"]["seat_scores"]
    if game.players == 3:
        heading = f"you {scores[0]}, West {scores[1]}, East {scores[2]}"
    else:
        heading = f"you and North {scores[0]}, West and East {scores[1]}"
    assert re.search(rf"<h1>Review: [^<]* won: {heading}</h1>", html)
    errors = html.index('id="errors-heading"')
    assert errors < html.index('id="deals-heading"')


def test_each_throw_goes_to_the_practice_as_the_table_quiz_grades_it(finished):
    game, review = finished
    throws = {
        deal["number"]: d
        for deal in review["deals"]
        for d in deal["decisions"]
        if d["kind"] == "discard" and d["seat"] == 0
    }
    attempts = Attempt.objects.filter(deal__details__game=game.pk, deal__kind="discard")
    assert attempts.count() == len(throws) == len(review["deals"])
    for attempt in attempts.select_related("deal"):
        decision = throws[attempt.deal.details["deal"]]
        assert attempt.deal.at_table and attempt.deal.players == game.players
        assert attempt.deal.table_seat.value == decision["role"]
        assert [card.code for card in attempt.deal.five] == decision["five"]
        assert attempt.right == (decision["class"] == "best")
    # The costly lays go to the lay quiz at this table, graded by the review's values.
    costly = {
        (deal["number"], d["turn"]): d
        for deal in review["deals"]
        for d in deal["decisions"]
        if d["kind"] == "lay" and d["seat"] == 0 and d["class"] in ("mistake", "blunder")
    }
    lays = Attempt.objects.filter(deal__details__game=game.pk, deal__kind="lay")
    assert lays.count() == len(costly)
    for attempt in lays.select_related("deal"):
        position = attempt.deal.lay_position
        assert position.players == game.players == attempt.deal.players
        decision = costly[(attempt.deal.details["deal"], len(position.play.turns))]
        assert [card.code for card in position.held] == decision["hand"]
        assert attempt.marks["card"] == decision["chosen"]
        assert attempt.loss == pytest.approx(decision["loss"])
    assert Game.objects.get(pk=game.pk).skill is None  # the skill trend is two-player


def test_practise_a_throw_at_the_table_makes_a_discard_quiz_of_the_five(client, finished):
    game, review = finished
    pick = next(
        (deal["number"], index)
        for deal in review["deals"]
        for index, d in enumerate(deal["decisions"])
        if d["kind"] == "discard" and d["seat"] == 0 and d["loss"] > 0.05
    )
    deal = review["deals"][pick[0] - 1]
    decision = deal["decisions"][pick[1]]
    response = client.post(f"/play/{game.pk}/review/practise/", {"pick": f"{pick[0]}:{pick[1]}"})
    assert response.status_code == 302
    quiz = Deal.objects.get(pk=int(re.findall(r"\d+", response["Location"])[-1]))
    assert quiz.at_table and quiz.players == game.players
    assert [card.code for card in quiz.five] == decision["five"]
    assert quiz.table_seat.value == decision["role"]
    assert client.get(response["Location"]).status_code == 200


def test_practise_a_lay_at_the_table_makes_a_lay_quiz_of_that_turn(client, finished):
    game, review = finished
    number, index, decision = next(
        (deal["number"], index, d)
        for deal in review["deals"]
        for index, d in enumerate(deal["decisions"])
        if d["kind"] == "lay" and d["seat"] == 0 and d["loss"] > 0.05
    )
    response = client.post(f"/play/{game.pk}/review/practise/", {"pick": f"{number}:{index}"})
    assert response.status_code == 302
    quiz = Deal.objects.get(pk=int(re.findall(r"\d+", response["Location"])[-1]))
    position = quiz.lay_position
    assert quiz.kind == "lay" and quiz.players == game.players
    assert [card.code for card in position.held] == decision["hand"]
    assert position.count == decision["count"]
    page = client.get(response["Location"])
    assertContains(page, f"{game.players} players")
    card = parse_card(decision["chosen"])
    answer = client.post(f"/quiz/{quiz.pk}/answer/", {"card": card.code})
    assert answer.status_code in (200, 302)
    attempt = Attempt.objects.get(deal=quiz)
    # The quiz grades the card as the review did: the same search of the rest of the play.
    assert attempt.marks["values"] == {
        str(rank_of(letter)): value for letter, value in decision["values"].items()
    }
    assert attempt.loss == pytest.approx(decision["loss"])


@pytest.mark.parametrize("players", [3, 4])
def test_a_table_game_just_dealt_has_a_review_with_nothing_in_it_yet(client, players):
    game = new_game(client, players=players)
    page = client.get(f"/play/{game.pk}/review/")
    assertContains(page, "Review: a game in progress: you")
    assertContains(page, "Nothing to review yet")
    review = client.get(f"/play/{game.pk}/review.json").json()
    assert review["players"] == players and review["deals"] == []
    assert not review["game"]["over"] and review["game"]["winner"] is None
