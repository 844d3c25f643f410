"""The lay quiz's pages: a turn in the play, the card tapped, graded by the strong search."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from pytest_django.asserts import assertContains, assertNotContains

from cribbage.cards import card
from quizzes.domain.lays import grade_lay
from quizzes.domain.patterns import Pattern
from quizzes.domain.spacing import State
from quizzes.models import Attempt, Deal, ReviewItem
from tests.factories import DealFactory, LayDealFactory
from tests.hostile import echoed_unescaped, form_data

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def lay(player):
    return LayDealFactory(user=player)


def new_deal(client, **data) -> Deal:
    response = client.post(reverse("quizzes:new"), data)
    assert response.status_code == 302, response.content
    return Deal.objects.get(pk=int(re.fullmatch(r"/quiz/(\d+)/", response["Location"])[1]))


def test_the_lay_mode_deals_a_turn_with_cards_to_tap(client, player):
    deal = new_deal(client, mode="lay")
    assert deal.kind == "lay" and not deal.lay_position.forced
    page = client.get(f"/quiz/{deal.pk}/")
    assertContains(page, f"Your lay as the {deal.holder}")
    assert page.text.count('name="card"') == len(deal.lay_position.held)
    assertContains(page, f"The count is <strong>{deal.lay_position.count}</strong>")


def test_a_lay_is_graded_by_the_strong_search_and_its_mistake_named(client, lay):
    response = client.post(f"/quiz/{lay.pk}/answer/", {"card": "8C"})
    assert response.status_code == 302
    attempt = Attempt.objects.get()
    grade = grade_lay(lay.lay_position, card("8C"))
    assert (attempt.kind, attempt.right) == ("lay", False)
    assert attempt.loss == pytest.approx(grade.loss)
    assert attempt.loss > 0.05
    page = client.get(f"/quiz/{lay.pk}/")
    assertContains(page, f"✗ {grade.loss:.2f} points lost")
    assertContains(page, "<strong>✗ Opened a run for the opponent</strong>", html=True)
    assertContains(page, "After your eight, a seven or a ten makes a run.")
    # Each fitting card's value, best first.
    table = page.text.split('class="marks lay-values"')[1].split("</table>")[0]
    rows = re.findall(r"<td>([+−]\d+\.\d\d)</td><td>(\d+\.\d\d)</td>", table)
    assert len(rows) == 3  # one row a rank: the two fours are worth the same
    assert [float(lost) for _, lost in rows] == sorted(float(lost) for _, lost in rows)
    assert rows[0][1] == "0.00"
    item = ReviewItem.objects.get(pattern=Pattern.LAY_RUN_OPENED.value)
    assert item.is_due(timezone.now())
    assert item.stability is not None


def test_the_best_lay_with_htmx_and_a_double_submit_records_one(client, lay):
    best = grade_lay(lay.lay_position, card("KS")).best_card
    first = client.post(f"/quiz/{lay.pk}/answer/", {"card": best.code}, **HTMX)
    second = client.post(f"/quiz/{lay.pk}/answer/", {"card": "8C"}, **HTMX)
    assert Attempt.objects.count() == 1
    assertContains(first, "✓ The best card")
    assertNotContains(first, "<html")
    assert Attempt.objects.get().right
    assert second.status_code == 200 and "✓ The best card" in second.text


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"card": "AS"}, "“AS” is not one of the cards in your hand."),
        ({"card": "<b>x</b>"}, "is not one of the cards in your hand."),
        ({}, "Choose the card to lay."),
    ],
)
def test_a_card_not_held_is_named_and_nothing_is_saved(client, lay, data, message):
    response = client.post(f"/quiz/{lay.pk}/answer/", data)
    assertContains(response, message, status_code=400)
    assert "<b>x</b>" not in response.text
    assert not Attempt.objects.exists()
    htmx = client.post(f"/quiz/{lay.pk}/answer/", data, **HTMX)
    assertContains(htmx, message)


def test_a_card_that_does_not_fit_is_named(client, player):
    deal = DealFactory(
        user=player,
        kind="lay",
        hand="KS 2C 3C",
        starter="QH",
        holder="dealer",
        details={"play": "TD KD 5C", "thrown": "2S 3S"},
    )
    response = client.post(f"/quiz/{deal.pk}/answer/", {"card": "KS"})
    assertContains(response, "would take the count to 35, past 31", status_code=400)
    assert not Attempt.objects.exists()
    page = client.get(f"/quiz/{deal.pk}/")
    assertContains(page, "The king of spades does not fit")


def test_review_mode_deals_the_players_own_missed_lay_again(client, lay):
    client.post(f"/quiz/{lay.pk}/answer/", {"card": "8C"})
    assert ReviewItem.objects.filter(pattern=Pattern.LAY_RUN_OPENED.value).exists()
    ReviewItem.objects.exclude(pattern=Pattern.LAY_RUN_OPENED.value).delete()
    # Straight after it, the same turn would have its answer still in mind: another is dealt.
    other = new_deal(client, mode="review")
    assert other.kind == "lay" and other.focus == Pattern.LAY_RUN_OPENED.value
    assert other.position != lay.position
    again = new_deal(client, mode="review")
    assert again.kind == "lay" and again.focus == Pattern.LAY_RUN_OPENED.value
    assert (again.hand, again.starter, again.details) == (lay.hand, lay.starter, lay.details)
    assertContains(client.get(f"/quiz/{again.pk}/"), "Review: opened a run for the opponent")
    best = grade_lay(again.lay_position, card("KS")).best_card
    client.post(f"/quiz/{again.pk}/answer/", {"card": best.code})
    mark = Attempt.objects.get(deal=again).pattern_marks.get(pattern="lay-run-opened")
    assert mark.missed is False
    item = ReviewItem.objects.get(pattern="lay-run-opened")
    assert item.state == State.Review
    assert not item.is_due(timezone.now())
    # Answered right, it comes back as a fresh turn that offers the same mistake.
    item.due_at = timezone.now()
    item.save()
    fresh = new_deal(client, mode="review")
    assert fresh.kind == "lay" and fresh.details != lay.details
    grade = grade_lay(fresh.lay_position, fresh.lay_position.fitting[0])
    assert Pattern.LAY_RUN_OPENED in grade.tempting


def test_a_lay_pattern_chosen_as_the_focus_deals_a_position_that_tempts_it(client, player):
    deal = new_deal(client, mode="pattern", pattern=Pattern.LAY_LED_FIVE.value)
    assert deal.kind == "lay"
    grade = grade_lay(deal.lay_position, deal.lay_position.fitting[0])
    assert Pattern.LAY_LED_FIVE in grade.tempting


def test_the_progress_pages_accuracy_per_pattern_has_the_lay_patterns(client, player, lay):
    counted = DealFactory(user=player)
    client.post(f"/quiz/{counted.pk}/answer/", {"total": "29"})
    client.post(f"/quiz/{lay.pk}/answer/", {"card": "8C"})
    page = client.get("/progress/")
    table = page.text.split("Accuracy per pattern, weakest first")[1].split("</table>")[0]
    assert '<th scope="row">opened a run for the opponent</th><td>Laying cards</td>' in table


@pytest.mark.parametrize("htmx", [False, True])
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=form_data(["card"]))
def test_the_lay_form_never_fails_and_never_echoes_markup(client, lay, data, htmx):
    headers = HTMX if htmx else {}
    response = client.post(f"/quiz/{lay.pk}/answer/", data, **headers)
    assert response.status_code in (200, 302, 400)
    assert echoed_unescaped(response.content.decode(), data) == []


def test_a_guest_lays_and_the_miss_is_queued_for_the_guest(client):
    deal = new_deal(client, mode="pattern", pattern=Pattern.LAY_POINTS_PASSED.value)
    assert deal.user is None and deal.guest_key
    grade = max(
        (grade_lay(deal.lay_position, fit) for fit in deal.lay_position.fitting),
        key=lambda grade: grade.loss,
    )
    client.post(f"/quiz/{deal.pk}/answer/", {"card": grade.card.code})
    attempt = Attempt.objects.get(deal=deal)
    assert attempt.guest_key == deal.guest_key
    assert attempt.loss == pytest.approx(grade.loss)
    queued = set(
        ReviewItem.objects.filter(guest_key=deal.guest_key).values_list("pattern", flat=True)
    )
    assert {p.value for p in grade.mistakes} == queued


def test_weak_spot_mode_deals_a_fresh_turn_offering_a_missed_lay_mistake(client, lay):
    client.post(f"/quiz/{lay.pk}/answer/", {"card": "8C"})
    missed = {p for p in Attempt.objects.get().marks["mistakes"]}
    assert missed == {Pattern.LAY_RUN_OPENED.value}
    deal = new_deal(client, mode="weak")
    assert (deal.kind, deal.focus, deal.mode) == ("lay", Pattern.LAY_RUN_OPENED.value, "weak")
    grade = grade_lay(deal.lay_position, deal.lay_position.fitting[0])
    assert Pattern.LAY_RUN_OPENED in grade.tempting
