"""A game against the computer: one row of state, and a log of every action."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from cribbage.computer import Level
from cribbage.game import Counting, Phase
from cribbage.game import Game as EngineGame
from cribbage.match_score import MATCH_LENGTHS, MatchScore
from cribbage.seating import Seating
from quizzes.models import OwnedQuerySet, PlayerOwned

HUMAN = 0
COMPUTER = 1
"""The seats: the player is seat 0, the computer seat 1."""

# The levels as a player names them; the values stored are the engine's (``Level``).
LEVEL_CHOICES = [
    (Level.GREEDY.value, "Easy"),
    (Level.CLASSIC.value, "Medium"),
    (Level.STRONG.value, "Hard"),
]
COUNTING_CHOICES = [(counting.value, counting.value.capitalize()) for counting in Counting]
MATCH_LENGTH_CHOICES = [
    (length, "One game" if length == 1 else f"A match of {length}") for length in MATCH_LENGTHS
]


class Game(PlayerOwned):
    """A game to 121 against the computer: its state (``cribbage.game.Game`` as
    data), how many actions made it, and the figures the progress page reads."""

    class Winner(models.TextChoices):
        NONE = "", "Not over"
        HUMAN = "human", "You"
        COMPUTER = "computer", "The computer"

    seed = models.CharField(max_length=32)
    level = models.CharField(max_length=8, choices=LEVEL_CHOICES, default=Level.STRONG.value)
    counting = models.CharField(
        max_length=10, choices=COUNTING_CHOICES, default=Counting.MANUAL.value
    )
    state = models.JSONField(help_text="The game as cribbage.game.Game.to_dict gives it.")
    moves = models.PositiveIntegerField(default=0, help_text="Actions applied, of both seats.")
    human_score = models.PositiveSmallIntegerField(default=0)
    computer_score = models.PositiveSmallIntegerField(default=0)
    winner = models.CharField(max_length=8, choices=Winner.choices, blank=True, default="")
    skunk = models.PositiveSmallIntegerField(default=0, help_text="1 a skunk, 2 a double.")
    started_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    deals_seen = models.PositiveIntegerField(
        default=0, help_text="The last deal whose summary the player moved on from."
    )
    hints = models.BooleanField(default=False, help_text="Whether the game offers hints.")
    players = models.PositiveSmallIntegerField(
        default=2,
        help_text="2, 3 or 4: the player against one computer, two, or with a computer "
        "partner against two (cribbage.game.Game.players).",
    )
    hints_used = models.PositiveSmallIntegerField(default=0)
    hinted_at = models.PositiveIntegerField(
        null=True, blank=True, help_text="The move at which the player last asked for a hint."
    )
    review = models.JSONField(
        default=dict,
        blank=True,
        help_text="The deals reviewed so far (games.review), with the engine evaluation "
        "version they were reviewed by.",
    )
    # The progress page's figures, kept as each deal ends (games.progress.game_figures):
    # the deals played out in each seat and the player's points in them, and the points the
    # player left for the computer to take by muggins.
    pone_deals = models.PositiveSmallIntegerField(default=0)
    pone_points = models.PositiveIntegerField(default=0)
    dealer_deals = models.PositiveSmallIntegerField(default=0)
    dealer_points = models.PositiveIntegerField(default=0)
    muggins_lost = models.PositiveIntegerField(default=0)
    skill = models.JSONField(
        null=True,
        blank=True,
        help_text="Points lost a deal in the reviewed deals, by kind, for each player, and "
        "the evaluation they were reviewed by (games.review.keep_review): the skill trend "
        "reads these, not the review.",
    )

    match = models.ForeignKey(
        "Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="games"
    )
    match_number = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The game's number in its match, from 1."
    )

    objects = OwnedQuerySet.as_manager()

    class Meta(PlayerOwned.Meta):
        indexes = (
            models.Index(fields=["user", "-updated_at"], name="game_user_recent"),
            models.Index(fields=["guest_key", "-updated_at"], name="game_guest_recent"),
            models.Index(fields=["user", "-finished_at"], name="game_user_finished"),
            models.Index(fields=["guest_key", "-finished_at"], name="game_guest_finished"),
            # Everything the progress page adds up, so it reads this index, not the states.
            models.Index(
                fields=[
                    "user",
                    "winner",
                    "counting",
                    "skunk",
                    "pone_deals",
                    "pone_points",
                    "dealer_deals",
                    "dealer_points",
                    "muggins_lost",
                    "hints_used",
                ],
                name="game_user_figures",
            ),
        )

    def __str__(self) -> str:
        return f"{self.human_score}–{self.computer_score} against {self.level}"

    @property
    def engine(self) -> EngineGame:
        """The game's state as the engine's value, read once for a state: a move reads it
        to check the form, to apply the move, and to draw the table after."""
        read = self.__dict__.get("_engine_read")
        if read is not None and read[0] is self.state:
            return read[1]
        engine = EngineGame.from_dict(self.state)
        self.__dict__["_engine_read"] = (self.state, engine)
        return engine

    def engine_keep(self, engine: EngineGame) -> None:
        """Store ``engine`` as the game's state (saved with the row)."""
        self.state = engine.to_dict()
        self.__dict__["_engine_read"] = (self.state, engine)

    @property
    def is_over(self) -> bool:
        return bool(self.winner)

    def pauses_after(self, engine: EngineGame) -> int | None:
        """The deal whose summary stands before the next discard, until the player moves
        on (Next deal); None when there is none."""
        deal = engine.deal
        before = deal.number - 1
        waiting = engine.phase is Phase.DISCARD and not deal.thrown[HUMAN]
        return before if waiting and before > self.deals_seen else None


class Match(PlayerOwned):
    """A match of 3, 5 or 7 games against the computer at a table of two, three or four
    (``cribbage.match_score``, by side: a player, or at four a team): the options its games
    are played with, each finished game's outcome, and its end. A single game has no
    match."""

    Winner = Game.Winner

    length = models.PositiveSmallIntegerField(choices=MATCH_LENGTH_CHOICES)
    level = models.CharField(max_length=8, choices=LEVEL_CHOICES, default=Level.STRONG.value)
    counting = models.CharField(
        max_length=10, choices=COUNTING_CHOICES, default=Counting.MANUAL.value
    )
    hints = models.BooleanField(default=False)
    players = models.PositiveSmallIntegerField(
        default=2, help_text="2, 3 or 4: the table each of its games is played at."
    )
    results = models.JSONField(
        default=list, blank=True, help_text="Each finished game: MatchScore.to_list."
    )
    human_points = models.PositiveSmallIntegerField(
        default=0, help_text="Match points of the player (at four, of their team)."
    )
    computer_points = models.PositiveSmallIntegerField(
        default=0, help_text="Match points of the computer (at three, the better computer's)."
    )
    winner = models.CharField(max_length=8, choices=Winner.choices, blank=True, default="")
    resigned = models.BooleanField(default=False, help_text="Ended by a resigned game.")
    started_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    objects = OwnedQuerySet.as_manager()

    class Meta(PlayerOwned.Meta):
        indexes = (
            models.Index(fields=["user", "winner"], name="match_user_winner"),
            models.Index(fields=["guest_key", "winner"], name="match_guest_winner"),
        )

    def __str__(self) -> str:
        return f"a match of {self.length} against {self.level}"

    @property
    def score(self) -> MatchScore:
        """Where the match stands, after its finished games."""
        return MatchScore.from_list(self.length, self.results, self.seating.sides)

    @property
    def seating(self) -> Seating:
        return Seating(self.players, HUMAN)

    @property
    def is_over(self) -> bool:
        return bool(self.winner)


class GameAction(models.Model):
    """One action of a game, in order: the game replays from its seed and these."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    number = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("game", "number")
        constraints = (
            models.UniqueConstraint(fields=["game", "number"], name="one_action_per_number"),
        )

    def __str__(self) -> str:
        return f"{self.number}: {self.action}"


class PractisedDecision(models.Model):
    """A decision of a game's review made a quiz ("Practise this"): one quiz a decision,
    however often or at once it is asked for."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="practised")
    deal = models.PositiveSmallIntegerField(help_text="The deal's number in the game.")
    index = models.PositiveSmallIntegerField(help_text="The decision's among the deal's.")
    quiz = models.ForeignKey("quizzes.Deal", on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = (
            models.UniqueConstraint(fields=["game", "deal", "index"], name="one_quiz_per_decision"),
        )

    def __str__(self) -> str:
        return f"game {self.game_id}, deal {self.deal}, decision {self.index}"


# The scoreboard's models live with the rest of it (games/scoreboard/): Django finds an
# app's models through this module.
from .scoreboard.models import Scoreboard, ScoreboardChange  # noqa: E402, F401
