"""The review's pages as requests: "Practise this" makes one quiz a decision however often
it is sent, and the cached review pages are bounded."""

import random

import pytest
from django.conf import settings
from django.core.cache import caches
from django.db import IntegrityError, transaction
from django.test import override_settings
from django.utils import timezone

from cribbage.discard import Role
from cribbage.game import Claim
from games.models import HUMAN, Game, PractisedDecision
from games.services import decision_practise, game_move, game_next_deal
from quizzes.models import Deal
from tests.games.playing import played_until, started

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("seeded")]


def reviewed_game(user) -> Game:
    """A game of ``user``'s played by random moves until its first deal is reviewed."""
    rng = random.Random(3)
    game = started(user)
    while not game.review.get("deals"):
        engine = game.engine
        if game.pauses_after(engine):
            game = game_next_deal(game=game, expected=game.moves).game
            continue
        pending = engine.pending
        action = Claim(HUMAN, pending.points) if pending else rng.choice(engine.legal_actions())
        game = game_move(game=game, action=action, expected=game.moves, now=timezone.now()).game
    return game


@pytest.fixture
def game(player):
    return reviewed_game(player)


def discard_pick(game) -> str:
    decisions = game.review["deals"][0]["decisions"]
    index = next(
        i for i, d in enumerate(decisions) if d["kind"] == "discard" and d["player"] == "you"
    )
    return f"1:{index}"


def picks(game) -> list[str]:
    """Every decision of the player's that "Practise this" takes, each a quiz of its own."""
    return [
        f"{number}:{i}"
        for number, deal in enumerate(game.review["deals"], 1)
        for i, d in enumerate(deal["decisions"])
        if d["player"] == "you"
    ]


def test_practise_this_sent_twenty_times_makes_one_quiz(client, game):
    deals = Deal.objects.count()
    url, pick = f"/play/{game.pk}/review/practise/", discard_pick(game)
    answers = [client.post(url, {"pick": pick}) for _ in range(20)]
    assert {answer.status_code for answer in answers} == {302}
    assert len({answer["Location"] for answer in answers}) == 1
    assert Deal.objects.count() == deals + 1
    assert PractisedDecision.objects.get().quiz.kind == "discard"


def test_practise_this_sent_twice_at_once_makes_one_quiz(game, monkeypatch):
    """The second request looked before the first had made its quiz: the constraint
    refuses its own, which is rolled back, and it is given the first's."""
    six = tuple(game.engine.deals[0].dealt[HUMAN])
    made, _ = decision_practise(
        game=game, deal=1, index=0, now=timezone.now(), six=six, role=Role.PONE
    )
    deals = Deal.objects.count()
    looked = PractisedDecision.objects.none()
    monkeypatch.setattr(PractisedDecision.objects, "filter", lambda **kwargs: looked, raising=False)
    again, made_again = decision_practise(
        game=game, deal=1, index=0, now=timezone.now(), six=six, role=Role.PONE
    )
    assert again == made
    assert not made_again
    assert Deal.objects.count() == deals
    with pytest.raises(IntegrityError), transaction.atomic():
        PractisedDecision.objects.create(game=game, deal=1, index=0, quiz=made)


def test_practise_this_is_refused_with_the_429_page_after_its_rate(client, game, clock):
    url = f"/play/{game.pk}/review/practise/"
    with override_settings(THROTTLE_PRACTISE=(2, 60)):
        first, second, third = picks(game)[:3]
        assert client.post(url, {"pick": first}).status_code == 302
        assert client.post(url, {"pick": second}).status_code == 302
        refused = client.post(url, {"pick": third})
    assert refused.status_code == 429
    assert "Too many quizzes made from reviews" in refused.text


@override_settings(THROTTLE_PRACTISE=(2, 60))
def test_practise_this_counts_only_the_quizzes_it_makes(client, game, clock):
    """The attack run's case: the same decision sent again opens the quiz it made and
    uses none of the rate, so the next decision is still made."""
    url = f"/play/{game.pk}/review/practise/"
    first, second, third = picks(game)[:3]
    for _ in range(20):
        assert client.post(url, {"pick": first}).status_code == 302
    assert client.post(url, {"pick": second}).status_code == 302
    assert client.post(url, {"pick": third}).status_code == 429


@override_settings(THROTTLE_PRACTISE=(100, 60), THROTTLE_PRACTISE_ADDRESS=(1, 600))
def test_practise_this_is_limited_per_address_too(client, game, clock):
    url = f"/play/{game.pk}/review/practise/"
    first, second = picks(game)[:2]
    assert client.post(url, {"pick": first}).status_code == 302
    assert client.post(url, {"pick": second}).status_code == 429


def review_fragments(alias: str) -> int:
    return sum("game-review" in key for key in caches[alias]._cache)


def test_cached_review_pages_are_bounded_and_kept_apart_from_the_rate_limits(client, game):
    bounded = {
        **settings.CACHES,
        "reviews": {**settings.CACHES["reviews"], "OPTIONS": {"MAX_ENTRIES": 3}},
    }
    fields = {
        field.name: getattr(game, field.name)
        for field in Game._meta.concrete_fields
        if field.name != "id"
    }
    with override_settings(CACHES=bounded):
        for _ in range(8):
            copy = Game.objects.create(**fields)
            assert client.get(f"/play/{copy.pk}/review/").status_code == 200
        assert 0 < review_fragments("reviews") <= 3
        assert review_fragments("default") == 0


def test_the_players_answer_to_which_did_you_miss_is_shown_beside_the_claim(client, player):
    """A count claimed short at a pause, its "Which did you miss?" answered: the review
    shows the answer beside that claim (drawn again, not the page cached before it)."""
    from cribbage.game import Source
    from games.review import which_questions

    def short(pending) -> int:
        return (
            pending.points - 2
            if pending.source is not Source.PLAY and pending.points >= 4
            else pending.points
        )

    game = played_until(
        player,
        lambda g, e: bool(g.pauses_after(e) and which_questions(g, g.pauses_after(e))),
        claim=short,
    )
    paused = game.pauses_after(game.engine)
    asked = which_questions(game, paused)[0]
    client.get(f"/play/{game.pk}/review/")  # drawn and cached before the answer
    chosen = asked.question.choices[0].what
    client.post(f"/play/{game.pk}/which/{asked.pk}/", {"choice": "0"})
    html = client.get(f"/play/{game.pk}/review/").content.decode()
    claim = next(
        item
        for item in html.split('<div class="decision ')[1:]
        if f"claimed {asked.claimed}" in item and f"scores {asked.points}" in item
    )
    assert f"Your answer to “Which did you miss?”: {chosen}." in claim
