"""A real game's score kept at the table (``cribbage.scoreboard``): one row for the game
or match, with the link and the code other phones follow it by, and one row a change, in
the order they were made. The board is read back by replaying its changes
(``games.scoreboard.state``)."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from cribbage.scoreboard import Change, action_from_dict
from quizzes.models import OwnedQuerySet, PlayerOwned


class Scoreboard(PlayerOwned):
    """A game (or a match of 3, 5 or 7) kept at a real table: the players named at the
    start, the table's settings, how many changes made it (``version``), what the list
    and the follow check read without replaying it, and the figures the progress page
    sums (kept as each game ends, for the owner's seat ``me``)."""

    token = models.CharField(
        max_length=32, unique=True, help_text="The follow link's secret: /scoreboard/<token>/."
    )
    code = models.CharField(
        max_length=8, unique=True, help_text="The short code a second phone types to follow."
    )
    names = models.JSONField(help_text="The players' names in turn order, 2 to 4.")
    first_dealer = models.PositiveSmallIntegerField(help_text="Who dealt first in game 1.")
    muggins = models.BooleanField(default=False)
    length = models.PositiveSmallIntegerField(default=1, help_text="1, or a match of 3, 5 or 7.")
    me = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The owner's seat; None when only keeping score."
    )
    version = models.PositiveIntegerField(default=0, help_text="Changes made: entries, undos.")
    game_number = models.PositiveSmallIntegerField(default=1)
    scores = models.JSONField(default=list, help_text="Each side's score in the game played.")
    over = models.BooleanField(default=False, help_text="The game, or the match, is over.")
    started_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The progress page's figures over the finished games (games.scoreboard.progress):
    # the games, and for the owner's seat the games won, skunks, hands and counts checked.
    games_finished = models.PositiveSmallIntegerField(default=0)
    games_won = models.PositiveSmallIntegerField(default=0)
    skunks_given = models.PositiveSmallIntegerField(default=0)
    skunks_taken = models.PositiveSmallIntegerField(default=0)
    hands = models.PositiveSmallIntegerField(default=0)
    hand_points = models.PositiveIntegerField(default=0)
    checked = models.PositiveSmallIntegerField(default=0)
    corrected = models.PositiveSmallIntegerField(default=0)
    best_hand = models.PositiveSmallIntegerField(null=True, blank=True)
    best_hand_cards = models.CharField(
        max_length=16, blank=True, help_text="The best hand's four and its starter, if checked."
    )

    objects = OwnedQuerySet.as_manager()

    class Meta(PlayerOwned.Meta):
        indexes = (
            models.Index(fields=["user", "-updated_at"], name="scoreboard_user_recent"),
            models.Index(fields=["guest_key", "-updated_at"], name="scoreboard_guest_recent"),
        )

    def __str__(self) -> str:
        return f"{' v '.join(self.names)}, game {self.game_number}"

    @property
    def players(self) -> int:
        return len(self.names)


class ScoreboardChange(models.Model):
    """One change of a scoreboard: change ``version`` made ``action``; ``undone`` is the
    change that took it back, if one did (with the key the undo was sent with)."""

    board = models.ForeignKey(Scoreboard, on_delete=models.CASCADE, related_name="changes")
    version = models.PositiveIntegerField()
    action = models.JSONField(help_text="cribbage.scoreboard.action_to_dict")
    undone = models.PositiveIntegerField(null=True, blank=True)
    undo_key = models.CharField(max_length=32, blank=True, default="")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("board", "version")
        constraints = (
            models.UniqueConstraint(fields=["board", "version"], name="one_change_per_version"),
        )
        indexes = (models.Index(fields=["board", "undone"], name="scoreboard_change_undone"),)

    def __str__(self) -> str:
        return f"{self.version}: {self.action}"

    def changes(self, after: int, upto: int) -> list[Change]:
        """The changes this row stands for after change ``after`` up to change ``upto``:
        the action made, and the undo that took it back."""
        found = []
        if after < self.version <= upto:
            found.append(Change(self.version, action_from_dict(self.action)))
        if self.undone is not None and after < self.undone <= upto:
            found.append(Change(self.undone, None, self.undo_key))
        return found
