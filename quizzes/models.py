from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from functools import cached_property

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from cribbage.cards import Card, format_cards, parse_card, parse_cards
from cribbage.discard import CribModel, DiscardOption, Role, discard_options
from cribbage.pegging import PlayRecord, peg_play
from cribbage.show import ShowResult, score_show

from .domain.dealing import Holder, Mode
from .domain.discards import CRIB_MODEL
from .domain.lays import LayPosition
from .domain.marking import (
    Answer,
    AnswerStyle,
    CategoryMark,
    Choice,
    Marking,
    Question,
    mark_answer,
)
from .domain.patterns import Area, Category, Pattern
from .domain.play import PLAYERS
from .domain.spacing import Memory, State, is_due
from .domain.streaks import streaks
from .owners import Owner

MODE_CHOICES = [(mode.value, mode.label) for mode in Mode]
PATTERN_CHOICES = [(pattern.value, pattern.label) for pattern in Pattern]
STYLE_CHOICES = [(style.value, style.label) for style in AnswerStyle]
HOLDER_CHOICES = [(holder.value, holder.value) for holder in Holder]
KIND_CHOICES = [(area.value, area.label) for area in Area]
# What of a deal's details is part of its position: the play so far, the cards thrown, the
# table and the seat (not the game and deal it came from).
POSITION_DETAILS = ("play", "thrown", "players", "seat")

# Exactly one owner: a signed-in player, or a guest's session key.
ONE_OWNER = Q(user__isnull=False, guest_key="") | Q(user__isnull=True) & ~Q(guest_key="")


def one_per_player(*fields: str, name: str) -> tuple[models.UniqueConstraint, ...]:
    """Constraints keeping one row per player and ``fields``: a user's, and a guest's;
    ``name`` says ``{owner}`` where each constraint's name says "user" or "guest"."""
    return (
        models.UniqueConstraint(
            fields=["user", *fields],
            condition=Q(user__isnull=False),
            name=name.format(owner="user"),
        ),
        models.UniqueConstraint(
            fields=["guest_key", *fields],
            condition=Q(user__isnull=True),
            name=name.format(owner="guest"),
        ),
    )


class OwnedQuerySet(models.QuerySet):
    def owned_by(self, owner: Owner | None):
        if owner is None:
            return self.none()
        return self.filter(**owner.lookup)


class PlayerOwned(models.Model):
    """A row of one player's: a signed-in user's, or a guest's known by their session."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="%(class)ss",
    )
    guest_key = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        abstract = True
        constraints = (models.CheckConstraint(condition=ONE_OWNER, name="%(class)s_has_one_owner"),)

    @property
    def owner(self) -> Owner:
        return Owner(user=self.user, guest_key=self.guest_key)


class Deal(PlayerOwned):
    """What one player was dealt to practise on, of one ``kind`` (an ``Area``):

    - the show: four cards and a starter, to count as a hand or as the crib;
    - the discard: six cards (in ``hand``) and the seat (``holder``: pone or dealer); at a
      table of three or four, five cards, the table and the seat in ``details``
      (``{"players": 3, "seat": "opponent"}``: dealer, partner or opponent) and no holder;
    - the play: a play in ``crib peg --players`` notation (``details["play"]``);
    - the lay: a turn in the play (``lay_position``): the cards still held (in ``hand``),
      the seat (``holder``), the starter, the play so far and the two cards thrown
      (``details["play"]``, ``details["thrown"]``).
    """

    kind = models.CharField(max_length=8, choices=KIND_CHOICES, default=Area.SHOW.value)
    hand = models.CharField(
        max_length=17, blank=True, help_text="The cards, e.g. '5H 5C 5S JD' (six to discard)."
    )
    starter = models.CharField(max_length=2, blank=True)
    crib = models.BooleanField(default=False)
    mode = models.CharField(max_length=16, choices=MODE_CHOICES, default=Mode.MIXED.value)
    focus = models.CharField(max_length=32, choices=PATTERN_CHOICES, blank=True, default="")
    holder = models.CharField(
        max_length=8,
        choices=HOLDER_CHOICES,
        blank=True,
        default="",
        help_text="Whose cards a realistic deal counts: the pone's, the dealer's or the crib.",
    )
    details = models.JSONField(default=dict, blank=True, help_text="The play, for the play.")
    dealt_at = models.DateTimeField(default=timezone.now)

    objects = OwnedQuerySet.as_manager()

    class Meta(PlayerOwned.Meta):
        indexes = (
            models.Index(fields=["user", "-dealt_at"], name="deal_user_recent"),
            models.Index(fields=["guest_key", "-dealt_at"], name="deal_guest_recent"),
            # A player's deals of games, for the progress page's counts in games.
            models.Index(fields=["user", "mode"], name="deal_user_mode"),
        )

    def __str__(self) -> str:
        if self.kind == Area.DISCARD.value and self.at_table:
            return f"{self.hand} as {self.table_seat.value} at {self.players}"
        if self.kind == Area.DISCARD.value:
            return f"{self.hand} as {self.holder}"
        if self.kind == Area.PLAY.value:
            return self.details.get("play", "")
        if self.kind == Area.LAY.value:
            return f"{self.hand} as {self.holder} after '{self.details.get('play', '')}'"
        return f"{self.hand} + {self.starter}{' (crib)' if self.crib else ''}"

    @property
    def area(self) -> Area:
        return Area(self.kind)

    @classmethod
    def from_cards(cls, hand, starter: Card, **fields) -> Deal:
        return cls(hand=format_cards(hand), starter=starter.code, **fields)

    @property
    def hand_cards(self) -> tuple[Card, ...]:
        return parse_cards(self.hand, count=4)

    @property
    def starter_card(self) -> Card:
        return parse_card(self.starter)

    @cached_property
    def show(self) -> ShowResult:
        return score_show(self.hand_cards, self.starter_card, crib=self.crib)

    @property
    def focus_pattern(self) -> Pattern | None:
        return Pattern.from_slug(self.focus)

    @property
    def what(self) -> str:
        return "crib" if self.crib else "hand"

    @property
    def holder_label(self) -> str:
        """Whose cards these are in a realistic deal ("the pone's hand"), else ""."""
        return Holder(self.holder).label if self.holder else ""

    @property
    def six(self) -> tuple[Card, ...]:
        """The six cards of a discard deal."""
        return parse_cards(self.hand, count=6)

    @property
    def role(self) -> Role:
        """The seat a discard deal is played from."""
        return Role(self.holder)

    @cached_property
    def discard_options(self) -> tuple[DiscardOption, ...]:
        """The 15 choices of a discard deal as the quiz grades them now (``CRIB_MODEL``)."""
        return self.discard_options_with(CRIB_MODEL)

    def discard_options_with(self, crib_model: CribModel) -> tuple[DiscardOption, ...]:
        """The 15 choices, the other player throwing to the crib by ``crib_model``."""
        return discard_options(self.six, self.role, crib_model)

    @property
    def players(self) -> int:
        """The table a discard or lay deal is dealt at: 2, or 3 or 4 (five dealt, one
        thrown)."""
        at_tables = (Area.DISCARD.value, Area.LAY.value)
        return int(self.details.get("players", 2)) if self.kind in at_tables else 2

    @property
    def at_table(self) -> bool:
        """A discard or lay deal at a table of three or four."""
        return self.players != 2

    @property
    def five(self) -> tuple[Card, ...]:
        """The five cards of a discard deal at a table of three or four."""
        return parse_cards(self.hand, count=5)

    @property
    def table_seat(self) -> Role:
        """The seat a discard or lay deal at three or four is played from."""
        return Role(self.details["seat"])

    @property
    def dealt(self) -> tuple[Card, ...]:
        """The cards of a discard deal to throw from: six, or five at three or four."""
        return self.five if self.at_table else self.six

    @property
    def seat_name(self) -> str:
        """A discard or lay deal's seat as a sentence says it after "the": "pone",
        "dealer's partner"."""
        if not self.at_table:
            return self.holder
        return {"partner": "dealer's partner"}.get(self.details["seat"], self.details["seat"])

    @property
    def owns_crib(self) -> bool:
        """The crib counts for the discard deal's seat: the dealer's, or at four the
        dealer's partner's too."""
        if self.at_table:
            return self.table_seat is not Role.OPPONENT
        return self.holder == Role.DEALER.value

    @property
    def crib_owner(self) -> str:
        """Whose crib a discard deal's throw goes to, as the seat says it: "your crib",
        "your team's crib" (the dealer's partner's), "the dealer's crib"."""
        if self.at_table and self.table_seat is Role.PARTNER:
            return "your team's crib"
        return "your crib" if self.owns_crib else "the dealer's crib"

    @cached_property
    def table_discard_options(self) -> tuple[DiscardOption, ...]:
        """The five choices of a discard deal at three or four, best first."""
        return discard_options(self.five, self.table_seat, players=self.players)

    @cached_property
    def play(self) -> PlayRecord:
        """The play of a play deal, counted by the engine."""
        return peg_play(self.details["play"], PLAYERS)

    @cached_property
    def lay_position(self) -> LayPosition:
        """The turn of a lay deal: the play so far, the cards held, the starter, the throw."""
        return LayPosition.read(
            self.details.get("play", ""),
            parse_cards(self.hand),
            self.starter_card,
            parse_cards(self.details.get("thrown", "")),
            self.players,
        )

    @property
    def position(self) -> tuple:
        """What the deal asks, whatever its mode, owner or time: two deals of one position
        ask the same question (the cards in any order)."""
        return (
            self.kind,
            tuple(sorted(self.hand.split())),
            self.starter,
            self.crib,
            self.holder,
            *(self.details.get(key) for key in POSITION_DETAILS),
        )

    def mark(self, answer: Answer) -> Marking:
        return mark_answer(self.show, answer)


class AttemptQuerySet(OwnedQuerySet):
    def recent_first(self):
        return self.order_by("-answered_at", "-id")


class Attempt(PlayerOwned):
    """A player's one answer to a deal, marked when it was given.

    The marks are stored as they were given (``marks`` and the ``pattern_marks`` rows), so
    an attempt's feedback stays what the player was told, whatever the marking does later.
    """

    deal = models.OneToOneField(Deal, on_delete=models.CASCADE, related_name="attempt")
    kind = models.CharField(
        max_length=8,
        choices=KIND_CHOICES,
        default=Area.SHOW.value,
        help_text="Copied from the deal for the progress queries.",
    )
    style = models.CharField(max_length=8, choices=STYLE_CHOICES)
    claimed = models.PositiveSmallIntegerField(help_text="The total the player gave.")
    fifteens = models.PositiveSmallIntegerField(null=True, blank=True)
    pairs = models.PositiveSmallIntegerField(null=True, blank=True)
    runs = models.PositiveSmallIntegerField(null=True, blank=True)
    flush = models.PositiveSmallIntegerField(null=True, blank=True)
    nobs = models.PositiveSmallIntegerField(null=True, blank=True)
    points = models.PositiveSmallIntegerField(help_text="What the cards score.")
    right = models.BooleanField()
    crib = models.BooleanField(help_text="Copied from the deal for the progress queries.")
    seconds = models.FloatField(help_text="Time from the deal to the answer.")
    answered_at = models.DateTimeField(default=timezone.now)
    marks = models.JSONField(
        default=dict,
        blank=True,
        help_text="The marks as given: per category, per card of a play, what explains a miss.",
    )
    loss = models.FloatField(
        null=True,
        blank=True,
        help_text="A discard's or a lay's expected points lost against the best choice.",
    )

    objects = AttemptQuerySet.as_manager()

    class Meta(PlayerOwned.Meta):
        constraints = (
            *PlayerOwned.Meta.constraints,
            models.CheckConstraint(
                condition=Q(style="total", fifteens__isnull=True)
                | Q(style="itemised", fifteens__isnull=False),
                name="attempt_itemised_has_items",
            ),
        )
        indexes = (
            # Covers the progress page's last attempts of a kind, in the order they were
            # answered (``id`` before the other columns, so no sort).
            models.Index(
                fields=["user", "kind", "answered_at", "id", "right", "seconds", "crib"],
                name="attempt_user_kind_time",
            ),
            # The median times of hands and of cribs, read at the middle of this index.
            models.Index(fields=["user", "kind", "crib", "seconds"], name="attempt_user_seconds"),
            # The last attempts of every kind: the weak spots over the recent ones.
            models.Index(fields=["user", "answered_at"], name="attempt_user_time"),
            models.Index(fields=["guest_key", "answered_at"], name="attempt_guest_time"),
        )

    def __str__(self) -> str:
        return f"{self.deal}: said {self.claimed}, scores {self.points}"

    @property
    def answer(self) -> Answer:
        if self.style == AnswerStyle.TOTAL.value:
            return Answer(total=self.claimed)
        return Answer.itemised({c: getattr(self, c.value) for c in Category})

    @property
    def what(self) -> str:
        return "crib" if self.crib else "hand"

    @property
    def category_marks(self) -> tuple[CategoryMark, ...]:
        """The itemised answer's marks as they were given (none for a total)."""
        return tuple(
            CategoryMark(Category(category), claimed, correct)
            for category, claimed, correct in self.marks.get("categories", ())
        )

    @property
    def explained(self) -> tuple[str, ...]:
        """What the player left out or added, where the marking could tell."""
        return tuple(self.marks.get("explained", ()))

    @property
    def nineteen(self) -> bool:
        """The player said 19, the table's word for a hand of nothing."""
        return bool(self.marks.get("nineteen"))

    @property
    def right_total(self) -> bool:
        return self.claimed == self.points or (self.nineteen and self.points == 0)

    @property
    def question(self) -> Question | None:
        """ "Which did you miss?", while the player has not answered or skipped it. Never
        for a right total: nothing was missed (answers marked before that rule may keep a
        question in their marks)."""
        asked = self.marks.get("question")
        if not asked or self.right_total:
            return None
        return Question(
            short=asked["short"],
            points=asked["points"],
            choices=tuple(
                Choice(tuple(Pattern(p) for p in choice["patterns"]), choice["what"])
                for choice in asked["choices"]
            ),
            among=tuple(Pattern(p) for p in asked["among"]),
        )

    @property
    def queue(self) -> list[dict]:
        """Where the answer's patterns stood in the review queue after it: pattern, due
        date, whether it is due again at once, and whether the answer moved it."""
        return [
            {
                **standing,
                "pattern": Pattern(standing["pattern"]),
                "due_at": datetime.fromisoformat(standing["due_at"]),
                # Answers stored under the Leitner boxes said box 1 for "due again now".
                "due_now": standing.get("due_now", standing.get("box") == 1),
            }
            for standing in self.marks.get("queue", ())
        ]

    @staticmethod
    def marks_of(marking: Marking) -> dict:
        """What of a marking is stored with the attempt, beside its pattern marks."""
        question = marking.question
        return {
            "categories": [
                [mark.category.value, mark.claimed, mark.correct] for mark in marking.categories
            ],
            "difference": marking.difference,
            "nineteen": marking.nineteen,
            "explained": list(marking.explained),
            "question": question and Attempt.question_marks(question),
        }

    @staticmethod
    def question_marks(question: Question) -> dict:
        """A "Which did you miss?" as the marks keep it (read back by ``question``)."""
        return {
            "short": question.short,
            "points": question.points,
            "choices": [
                {"patterns": [p.value for p in choice.patterns], "what": choice.what}
                for choice in question.choices
            ],
            "among": [p.value for p in question.among],
        }


class AttemptPatternQuerySet(OwnedQuerySet):
    def pattern_figures(self):
        """Per pattern, how many of these marks are known (``seen``) and how many of those
        missed it (``missed``)."""
        return (
            self.filter(missed__isnull=False)
            .values("pattern")
            .annotate(seen=models.Count("id"), missed=models.Count("id", filter=Q(missed=True)))
        )


class AttemptPattern(PlayerOwned):
    """A pattern in an attempted deal, and whether the answer missed it: None while that
    is not known (a wrong count nothing explains for certain, or a question unanswered).

    It names its attempt's owner too, so a player's accuracy per pattern reads one index
    instead of joining 10,000s of marks to their attempts."""

    attempt = models.ForeignKey(Attempt, on_delete=models.CASCADE, related_name="pattern_marks")
    pattern = models.CharField(max_length=32, choices=PATTERN_CHOICES)
    missed = models.BooleanField(null=True)

    objects = AttemptPatternQuerySet.as_manager()

    class Meta(PlayerOwned.Meta):
        constraints = (
            *PlayerOwned.Meta.constraints,
            models.UniqueConstraint(fields=["attempt", "pattern"], name="one_mark_per_pattern"),
        )
        indexes = (
            models.Index(fields=["attempt", "pattern", "missed"], name="attempt_marks"),
            # Cover the per-pattern accuracy of a player.
            models.Index(fields=["user", "pattern", "missed"], name="marks_user_pattern"),
            models.Index(fields=["guest_key", "pattern", "missed"], name="marks_guest_pattern"),
        )

    def __str__(self) -> str:
        return f"{self.pattern} {self.status}"

    @property
    def order(self) -> int:
        """Where the pattern comes in a count, for listing marks in counting order."""
        return self.pattern_enum.order

    @property
    def status(self) -> str:
        return {True: "missed", False: "right", None: "not known"}[self.missed]

    @property
    def pattern_enum(self) -> Pattern:
        return Pattern(self.pattern)


class ShowRecord(PlayerOwned):
    """A player's running figures in counting hands and cribs (attempts of kind show): how
    many, how many of them cribs, how many right, and the current and the best run of right
    answers, in the order the counts were saved, up to ``last``.

    Kept as each count is saved, under a lock on this row, so the progress page reads one
    row instead of every attempt; worked out again from the attempts when a guest's counts
    merge into an account, and when staff change or delete answers in the admin. It goes
    with ``last``: a player whose attempts are deleted has none.
    """

    last = models.ForeignKey(Attempt, on_delete=models.CASCADE, related_name="+")
    attempts = models.PositiveIntegerField(default=0)
    cribs = models.PositiveIntegerField(default=0)
    right = models.PositiveIntegerField(default=0)
    current_streak = models.PositiveIntegerField(default=0)
    best_streak = models.PositiveIntegerField(default=0)

    objects = OwnedQuerySet.as_manager()

    class Meta(PlayerOwned.Meta):
        constraints = (
            *PlayerOwned.Meta.constraints,
            *one_per_player(name="one_show_record_per_{owner}"),
        )

    def __str__(self) -> str:
        return f"{self.right} of {self.attempts} right, best run {self.best_streak}"

    @classmethod
    def worked_out(cls, owner: Owner) -> ShowRecord | None:
        """``owner``'s record as their counts give it, oldest first; not saved. None
        before their first count."""
        rows = list(
            Attempt.objects.owned_by(owner)
            .filter(kind=Area.SHOW.value)
            .order_by("pk")
            .values_list("pk", "right", "crib")
        )
        if not rows:
            return None
        rights = [right for _, right, _ in rows]
        current, best = streaks(rights)
        return cls(
            **owner.fields,
            last_id=rows[-1][0],
            attempts=len(rights),
            cribs=sum(crib for *_, crib in rows),
            right=sum(rights),
            current_streak=current,
            best_streak=best,
        )

    def add(self, attempt: Attempt) -> None:
        """Count ``attempt``, saved after ``last``."""
        self.attempts += 1
        self.cribs += attempt.crib
        self.right += attempt.right
        self.current_streak = self.current_streak + 1 if attempt.right else 0
        self.best_streak = max(self.best_streak, self.current_streak)
        self.last = attempt


class PatternRecordQuerySet(OwnedQuerySet):
    def count_marks(self, owner: Owner, marks: Mapping[Pattern, bool]) -> None:
        """Count into ``owner``'s records each pattern whose mark has become known, and
        whether it was missed (``marks``). Inside a transaction: the records counted into
        are locked, so two answers of the player at once are both counted."""
        if not marks:  # a card in the play that scored nothing: no pattern to count
            return
        records = {
            record.pattern: record
            for record in self.owned_by(owner)
            .select_for_update()
            .filter(pattern__in=[pattern.value for pattern in marks])
        }
        new = []
        for pattern, missed in marks.items():
            record = records.get(pattern.value)
            if record is None:
                record = PatternRecord(**owner.fields, pattern=pattern.value)
                new.append(record)
            record.seen += 1
            record.missed += missed
        self.bulk_update(records.values(), ["seen", "missed"])
        self.bulk_create(new)


class PatternRecord(PlayerOwned):
    """A player's running figures of one pattern: how many of their marks of it are known,
    and how many of those missed it.

    Kept as each mark becomes known (an answer saved, a "Which did you miss?" answered),
    so accuracy per pattern reads a row per pattern instead of every mark; worked out again
    from the marks when a guest's marks merge into an account, and when staff change or
    delete answers in the admin.
    """

    pattern = models.CharField(max_length=32, choices=PATTERN_CHOICES)
    seen = models.PositiveIntegerField(default=0)
    missed = models.PositiveIntegerField(default=0)

    objects = PatternRecordQuerySet.as_manager()

    class Meta(PlayerOwned.Meta):
        constraints = (
            *PlayerOwned.Meta.constraints,
            *one_per_player("pattern", name="one_pattern_record_per_{owner}"),
            models.CheckConstraint(
                condition=Q(missed__lte=models.F("seen")), name="pattern_record_missed_of_seen"
            ),
        )

    def __str__(self) -> str:
        return f"{self.pattern}: {self.missed} missed of {self.seen}"

    @classmethod
    def worked_out(cls, owner: Owner) -> list[PatternRecord]:
        """``owner``'s records as their marks give them; not saved."""
        rows = AttemptPattern.objects.owned_by(owner).pattern_figures()
        return [cls(**owner.fields, **row) for row in rows]


class ReviewItemQuerySet(OwnedQuerySet):
    def due(self, now):
        return self.filter(due_at__lte=now)


class ReviewItem(PlayerOwned):
    """A pattern a player has missed: a card that FSRS schedules (``domain.spacing``)."""

    STATES = tuple((state.value, state.name.lower()) for state in State)

    pattern = models.CharField(max_length=32, choices=PATTERN_CHOICES)
    due_at = models.DateTimeField(default=timezone.now)
    # FSRS's card: a new one (no stability, difficulty or last rating) is due at once.
    state = models.PositiveSmallIntegerField(choices=STATES, default=State.Learning.value)
    step = models.PositiveSmallIntegerField(null=True, blank=True, default=0)
    stability = models.FloatField(null=True, blank=True)
    difficulty = models.FloatField(null=True, blank=True)
    last_review = models.DateTimeField(null=True, blank=True)
    misses = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(default=timezone.now)

    objects = ReviewItemQuerySet.as_manager()

    class Meta(PlayerOwned.Meta):
        ordering = ("due_at", "pattern")
        constraints = (
            *PlayerOwned.Meta.constraints,
            models.CheckConstraint(
                condition=Q(state__gte=min(State), state__lte=max(State)),
                name="review_state_learning_review_relearning",
            ),
            *one_per_player("pattern", name="one_review_item_per_{owner}_pattern"),
        )
        indexes = (
            models.Index(fields=["user", "due_at"], name="review_user_due"),
            models.Index(fields=["guest_key", "due_at"], name="review_guest_due"),
        )

    def __str__(self) -> str:
        return f"{self.pattern} due {self.due_at:%Y-%m-%d %H:%M}"

    @property
    def pattern_enum(self) -> Pattern:
        return Pattern(self.pattern)

    @property
    def memory(self) -> Memory:
        return Memory(
            due_at=self.due_at,
            state=State(self.state),
            step=self.step,
            stability=self.stability,
            difficulty=self.difficulty,
            last_review=self.last_review,
        )

    @memory.setter
    def memory(self, memory: Memory) -> None:
        self.due_at, self.state, self.step = memory.due_at, memory.state.value, memory.step
        self.stability, self.difficulty = memory.stability, memory.difficulty
        self.last_review = memory.last_review

    def is_due(self, now) -> bool:
        return is_due(self.memory, now)
