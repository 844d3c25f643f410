"""The discard quiz at a table of three or four, over HTTP: chosen on the quiz's choose
page (``players``), five cards dealt for a seat, one thrown, graded by the review's classes
with the five choices shown; the two-player quiz as it was."""

import re

import pytest
from django.urls import reverse
from django.utils.html import escape
from pytest_django.asserts import assertContains, assertNotContains

from cribbage.cards import parse_cards
from cribbage.discard import Role, discard_options
from cribbage.review import decision_class, verdict_mark
from quizzes.models import Attempt, Deal, ReviewItem
from tests.factories import DealFactory

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
FIVE = "5H 5D JS 4C KD"


def table_deal(player, players=3, seat="opponent", hand=FIVE):
    return DealFactory(
        user=player,
        kind="discard",
        mode="discard",
        hand=hand,
        starter="",
        holder="",
        details={"players": players, "seat": seat},
    )


def new_deal(client, **data) -> Deal:
    response = client.post(reverse("quizzes:new"), data)
    assert response.status_code == 302, response.text
    return Deal.objects.get(pk=int(re.fullmatch(r"/quiz/(\d+)/", response["Location"])[1]))


def test_the_choose_page_offers_the_tables_for_the_discard_quiz(client):
    page = client.get("/quiz/").text
    assert '<select name="players" id="discard-players">' in page
    for n in (2, 3, 4):
        assert f'<option value="{n}"' in page


@pytest.mark.parametrize("players", [3, 4])
def test_a_table_deal_is_five_cards_for_a_seat_with_one_to_throw(client, player, players):
    deal = new_deal(client, mode="discard", players=str(players))
    assert deal.kind == "discard" and deal.players == players and deal.holder == ""
    assert len(deal.five) == 5
    seats = {"dealer", "opponent"} | ({"partner"} if players == 4 else set())
    assert deal.details["seat"] in seats
    page = client.get(f"/quiz/{deal.pk}/")
    assert page.text.count('name="throw"') == 5
    assert page.text.count('type="radio" name="throw"') == 5
    assertContains(page, escape(f"Discard as the {deal.seat_name}, {players} players"))
    assertContains(page, "Throw this one")
    assertNotContains(page, "The 5 choices")


def test_the_two_player_discard_deal_is_as_it_was(client, player):
    for data in ({"mode": "discard"}, {"mode": "discard", "players": "2"}):
        deal = new_deal(client, **data)
        assert deal.holder in ("dealer", "pone") and deal.details == {}
        assert len(deal.six) == 6


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"mode": "discard", "players": "5"}, "There is no table of “5” players"),
        ({"mode": "discard", "players": "x"}, "There is no table of “x” players"),
        ({"mode": "hand", "players": "3"}, "A table of 3 is for the discard and lay quizzes"),
    ],
)
def test_a_table_the_quiz_does_not_have_is_named_with_a_400(client, player, data, message):
    response = client.post(reverse("quizzes:new"), data)
    assert response.status_code == 400
    assertContains(response, message, status_code=400)
    assert not Deal.objects.exists()


def test_a_five_thrown_to_an_opponents_crib_is_graded_and_reviewed(client, player):
    deal = table_deal(player, players=3, seat="opponent")
    response = client.post(f"/quiz/{deal.pk}/answer/", {"throw": "5H"})
    assert response.status_code == 302
    attempt = Attempt.objects.get()
    options = discard_options(parse_cards(FIVE), Role.OPPONENT, players=3)
    chosen = next(o for o in options if o.throw == parse_cards("5H"))
    assert attempt.loss == pytest.approx(options[0].net_ev - chosen.net_ev)
    assert (attempt.right, attempt.marks["rank"], attempt.marks["throw"]) == (False, 5, ["5H"])
    page = client.get(f"/quiz/{deal.pk}/")
    klass = decision_class(attempt.loss)
    assertContains(page, f"{verdict_mark(klass)} {attempt.loss:.2f} points lost")
    assertContains(page, "Yours is number 5 of 5.")
    assertContains(page, "The 5 choices, best first")
    assert page.text.count('<tr class="is-chosen">') == 1
    assertContains(page, f"−{options[0].crib_ev:.2f}")
    assertContains(page, "the other two players' throws and the card dealt to the crib")
    assertContains(
        page,
        '<a href="/discard/?players=3&amp;cards=5H,5D,JS,4C,KD&amp;seat=opponent">'
        "These five in the analyser</a>",
    )
    assertContains(page, "<strong>✗ A five thrown to the dealer&#x27;s crib</strong>", html=True)
    assert "discard-five-to-dealer" in ReviewItem.objects.values_list("pattern", flat=True)
    # The next deal is at the same table.
    assertContains(page, '<input type="hidden" name="players" value="3">')
    after = client.post(reverse("quizzes:new"), {"mode": "discard", "players": "3"})
    assert Deal.objects.get(pk=after["Location"].split("/")[2]).players == 3


def test_the_best_throw_for_the_partner_is_said_best_and_the_crib_is_the_teams(client, player):
    deal = table_deal(player, players=4, seat="partner")
    question = client.get(f"/quiz/{deal.pk}/")
    assertContains(question, "Throw one to your team's crib")
    assertContains(question, "the crib is your team's: your partner deals")
    first = client.post(f"/quiz/{deal.pk}/answer/", {"throw": "4C"}, **HTMX)
    second = client.post(f"/quiz/{deal.pk}/answer/", {"throw": "5H"}, **HTMX)
    assert Attempt.objects.count() == 1
    assertContains(first, "✓ The best throw")
    assert second.status_code == 200
    best = discard_options(parse_cards(FIVE), Role.PARTNER, players=4)[0]
    assertContains(first, f"+{best.crib_ev:.2f}")


@pytest.mark.parametrize(
    ("throw", "message"),
    [
        (["5H", "5D"], "At a table of three or four you throw one card to the crib: you chose 2."),
        ([], "Choose the card to throw to the crib."),
        (["AS"], "“AS” is not one of your five cards."),
    ],
)
def test_a_bad_throw_is_named_and_nothing_is_saved(client, player, throw, message):
    deal = table_deal(player, players=4, seat="dealer")
    response = client.post(f"/quiz/{deal.pk}/answer/", {"throw": throw})
    assert response.status_code == 400
    assertContains(response, message, status_code=400)
    assert not Attempt.objects.exists()
    partial = client.post(f"/quiz/{deal.pk}/answer/", {"throw": throw}, **HTMX)
    assert partial.status_code == 200 and message in partial.content.decode()


def test_a_table_deal_does_not_count_in_the_two_player_seats_progress(client, player):
    deal = table_deal(player, players=3, seat="opponent")
    client.post(f"/quiz/{deal.pk}/answer/", {"throw": "4C"})
    page = client.get("/progress/")
    assertContains(page, "<div><dt>Decisions</dt><dd>1</dd></div>", html=True)
    assertNotContains(page, "Points lost a deal as pone")
