from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone

from quizzes.models import PATTERN_CHOICES, OwnedQuerySet, PlayerOwned
from quizzes.patterns import Pattern

from .leitner import Slot, is_due


class ReviewItemQuerySet(OwnedQuerySet):
    def due(self, now):
        return self.filter(due_at__lte=now)

    def later(self, now):
        return self.filter(due_at__gt=now)


class ReviewItem(PlayerOwned):
    """A pattern a player has missed, in its Leitner box."""

    pattern = models.CharField(max_length=32, choices=PATTERN_CHOICES)
    box = models.PositiveSmallIntegerField(default=1)
    due_at = models.DateTimeField(default=timezone.now)
    misses = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(default=timezone.now)

    objects = ReviewItemQuerySet.as_manager()

    class Meta(PlayerOwned.Meta):
        ordering = ("due_at", "pattern")
        constraints = (
            *PlayerOwned.Meta.constraints,
            models.CheckConstraint(condition=Q(box__gte=1, box__lte=5), name="review_box_1_to_5"),
            models.UniqueConstraint(
                fields=["user", "pattern"],
                condition=Q(user__isnull=False),
                name="one_review_item_per_user_pattern",
            ),
            models.UniqueConstraint(
                fields=["guest_key", "pattern"],
                condition=Q(user__isnull=True),
                name="one_review_item_per_guest_pattern",
            ),
        )
        indexes = (
            models.Index(fields=["user", "due_at"], name="review_user_due"),
            models.Index(fields=["guest_key", "due_at"], name="review_guest_due"),
        )

    def __str__(self) -> str:
        return f"{self.pattern} in box {self.box}"

    @property
    def pattern_enum(self) -> Pattern:
        return Pattern(self.pattern)

    @property
    def slot(self) -> Slot:
        return Slot(self.box, self.due_at)

    def is_due(self, now) -> bool:
        return is_due(self.slot, now)
