"""factory-boy factories for every model, in one place."""

from __future__ import annotations

import secrets

import factory
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from cribbage.computer import Level, choose
from cribbage.game import Claim
from cribbage.game import Game as EngineGame
from games.models import HUMAN, Game, Match, Scoreboard
from games.scoreboard.services import new_code
from games.services import game_move, game_next_deal
from quizzes.domain.marking import AnswerStyle
from quizzes.models import Attempt, AttemptPattern, Deal, PatternRecord, ReviewItem

PASSWORD = "counting-is-fun-29"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def saved(self, create, extracted, **kwargs):
        if create:
            self.save()


class DealFactory(factory.django.DjangoModelFactory):
    """A deal of a user's; ``guest_key=...`` with ``user=None`` for a guest's."""

    class Meta:
        model = Deal

    user = factory.SubFactory(UserFactory)
    guest_key = ""
    hand = "5H 5C 5S JD"
    starter = "5D"
    crib = False
    mode = "mixed"
    dealt_at = factory.LazyFunction(timezone.now)


class DiscardDealFactory(DealFactory):
    """Six cards to discard from, as the dealer unless ``holder="pone"``."""

    kind = "discard"
    hand = "5H 5C 6D JS QH 2C"
    starter = ""
    holder = "dealer"


class PlayDealFactory(DealFactory):
    """A play to count, the seed's: the pone (Bob) pegs 3, the dealer (Alice) 6."""

    kind = "play"
    hand = ""
    starter = ""
    details = factory.LazyFunction(
        lambda: {
            "play": "TC 5D 7S 6H go 2C go 6D 4H 4S",
            "pone": "TC 7S 6D 4S",
            "dealer": "5D 6H 2C 4H",
        }
    )


class LayDealFactory(DealFactory):
    """The dealer to lay on the pone's nine, holding 8 K 4 4: the eight opens a run."""

    kind = "lay"
    hand = "8C KS 4H 4D"
    starter = "QH"
    holder = "dealer"
    details = factory.LazyFunction(lambda: {"play": "9D", "thrown": "2S 3S"})


class AttemptFactory(factory.django.DjangoModelFactory):
    """A total-style answer to a deal, right unless ``claimed`` says otherwise."""

    class Meta:
        model = Attempt

    deal = factory.SubFactory(DealFactory)
    user = factory.SelfAttribute("deal.user")
    guest_key = factory.SelfAttribute("deal.guest_key")
    style = AnswerStyle.TOTAL.value
    points = factory.LazyAttribute(lambda a: a.deal.show.total)
    claimed = factory.SelfAttribute("points")
    right = factory.LazyAttribute(lambda a: a.claimed == a.points)
    crib = factory.SelfAttribute("deal.crib")
    seconds = 8.0
    answered_at = factory.LazyFunction(timezone.now)


class AttemptPatternFactory(factory.django.DjangoModelFactory):
    """A mark, counted into its player's pattern records as saving an answer counts it."""

    class Meta:
        model = AttemptPattern

    attempt = factory.SubFactory(AttemptFactory)
    user = factory.SelfAttribute("attempt.user")
    guest_key = factory.SelfAttribute("attempt.guest_key")
    pattern = "pair-royal"
    missed = False

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        with transaction.atomic():
            mark = super()._create(model_class, *args, **kwargs)
            if mark.missed is not None:
                PatternRecord.objects.count_marks(mark.owner, {mark.pattern_enum: mark.missed})
        return mark


class GameFactory(factory.django.DjangoModelFactory):
    """A game against the greedy computer, just dealt, with manual counting."""

    class Meta:
        model = Game

    user = factory.SubFactory(UserFactory)
    guest_key = ""
    seed = "factory"
    level = "greedy"
    counting = "manual"
    state = factory.LazyFunction(lambda: EngineGame.new("factory", first_dealer=1).to_dict())


class MatchFactory(factory.django.DjangoModelFactory):
    """A match of three games against the greedy computer, none played yet."""

    class Meta:
        model = Match

    user = factory.SubFactory(UserFactory)
    guest_key = ""
    length = 3
    level = "greedy"


class ScoreboardFactory(factory.django.DjangoModelFactory):
    """A real game's scoreboard, Ann and Bo, Ann dealing first, nothing pegged yet."""

    class Meta:
        model = Scoreboard

    user = factory.SubFactory(UserFactory)
    guest_key = ""
    token = factory.LazyFunction(lambda: secrets.token_urlsafe(16))
    code = factory.LazyFunction(new_code)
    names = factory.LazyFunction(lambda: ["Ann", "Bo"])
    first_dealer = 0
    me = 0
    scores = factory.LazyFunction(lambda: [0, 0])


class ReviewItemFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ReviewItem

    user = factory.SubFactory(UserFactory)
    guest_key = ""
    pattern = "double-run"
    due_at = factory.LazyFunction(timezone.now)
    misses = 1
    updated_at = factory.LazyFunction(timezone.now)


def played(game: Game, *, until=None, move=None, limit: int = 2000) -> Game:
    """``game`` moved on as the app stores it until ``until(game, engine)`` holds (by default
    the end): the player's claims right, Next deal at each pause, and each other move
    ``move(engine)`` (by default the greedy computer's)."""
    for _ in range(limit):
        engine = game.engine
        if until(game, engine) if until else engine.is_over:
            return game
        assert not engine.is_over, "the game ended first"
        if game.pauses_after(engine):
            game = game_next_deal(game=game, expected=game.moves).game
            continue
        if engine.pending is not None:
            action = Claim(HUMAN, engine.pending.points)
        else:
            action = move(engine) if move else choose(engine, Level.GREEDY)
        game = game_move(game=game, action=action, expected=game.moves, now=timezone.now()).game
    raise AssertionError("never got there")
