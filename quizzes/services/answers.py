"""Recording an answer: a count, a throw, a lay or a play marked and saved once with its
patterns, the player's figures and the review queue, and the answer to "Which did you
miss?"."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from hashlib import blake2b
from typing import TypeVar

from django.db import IntegrityError, connection, transaction

from cribbage.cards import Card

from ..domain.discards import grade_discard, grade_table_discard
from ..domain.lays import grade_lay, mistake_words
from ..domain.marking import Answer, AnswerStyle, Marking
from ..domain.patterns import Area, Category, Pattern
from ..domain.play import mark_play
from ..models import Attempt, AttemptPattern, Deal, PatternRecord, ShowRecord
from ..owners import Owner
from .records import show_record_rebuild
from .review_queue import review_queue_update

Recorded = TypeVar("Recorded")


RECORD_TRIES = 3


def attempt_record(*, deal: Deal, answer: Answer, now: datetime) -> tuple[Attempt, bool]:
    """Mark and save the answer to a deal, with its patterns and the review queue.

    A deal is answered once: a repeated submit gets the first attempt back and
    ``created`` False, whatever it claimed.
    """
    return _recorded_once(_attempt_create, deal, answer, now)


def _answered(deal: Deal) -> tuple[Deal, Attempt | None]:
    """The deal locked and read again, and its attempt if it has one already.

    Called inside the transaction that records an answer: a guest's deal may have moved
    into an account since the request found it (attempts_merge locks it too), and the
    attempt and the review queue go to whoever owns the deal now.
    """
    deal = Deal.objects.select_for_update().get(pk=deal.pk)
    return deal, Attempt.objects.filter(deal=deal).first()


def _attempt_create(deal: Deal, answer: Answer, now: datetime) -> tuple[Attempt, bool]:
    with transaction.atomic():
        deal, existing = _answered(deal)
        if existing is not None:
            return existing, False
        marking = deal.mark(answer)
        itemised = answer.points or {}
        attempt = attempt_save(
            deal,
            marking.patterns,
            settled_marks(marking),
            now,
            style=answer.style.value,
            claimed=answer.total,
            **{c.value: itemised.get(c) for c in Category},
            points=deal.show.total,
            right=marking.right,
            crib=deal.crib,
            marks=Attempt.marks_of(marking),
        )
    return attempt, True


def attempt_save(
    deal: Deal,
    patterns: Iterable[Pattern],
    settled: Mapping[Pattern, bool],
    now: datetime,
    **fields,
) -> Attempt:
    """Save an answer to ``deal`` (``fields`` say what was answered and how it scored) with
    the marks of its ``patterns`` (``settled``: the known ones, missed or not), and move
    the review queue; the attempt keeps where its patterns then stood in the queue. The
    known marks go into the player's ``PatternRecord``s, and a count (of kind show) into
    their ``ShowRecord``."""
    owner = deal.owner
    show = deal.kind == Area.SHOW.value
    _player_lock(owner)
    record = ShowRecord.objects.owned_by(owner).select_for_update().first() if show else None
    attempt = Attempt.objects.create(
        deal=deal,
        **owner.fields,
        kind=deal.kind,
        seconds=max((now - deal.dealt_at).total_seconds(), 0.0),
        answered_at=now,
        **fields,
    )
    AttemptPattern.objects.bulk_create(
        AttemptPattern(attempt=attempt, **owner.fields, pattern=p.value, missed=settled.get(p))
        for p in patterns
    )
    PatternRecord.objects.count_marks(owner, settled)
    if record is not None:
        record.add(attempt)
        record.save()
    elif show:
        show_record_rebuild(owner=owner)
    queue = review_queue_update(owner=owner, marks=settled, now=now)
    if queue:
        attempt.marks = {**attempt.marks, "queue": queue}
        attempt.save(update_fields=["marks"])
    return attempt


def _player_lock(owner: Owner) -> None:
    """Hold the player's lock until the transaction ends, before their figures (the show
    record, the pattern records, the review queue) are read to be changed: answers of one
    player at once are saved one after the other, their counts in the order of their ids
    (the order show_record_rebuild reads them in), even a first one, with no record yet to
    lock. SQLite needs none: a transaction takes the one write lock as it begins."""
    if connection.vendor != "postgresql":
        return
    name = f"user:{owner.user.pk}" if owner.user is not None else f"guest:{owner.guest_key}"
    key = int.from_bytes(blake2b(name.encode(), digest_size=8).digest(), "big", signed=True)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key])


def _recorded_once(create: Callable[..., Recorded], *args) -> Recorded:
    """``create(*args)``, once more if another request got in first: the same deal answered
    twice at once (theirs stands, and the next try returns it), or another answer of the
    same player adding the same pattern to the review queue or to the pattern records (it
    is there for the next try)."""
    for _ in range(RECORD_TRIES - 1):
        try:
            return create(*args)
        except IntegrityError:
            continue
    return create(*args)


def discard_record(*, deal: Deal, throw: tuple[Card, ...], now: datetime) -> tuple[Attempt, bool]:
    """Grade and save the two cards thrown from a discard deal (the one, at three or four),
    with the mistakes it offered and made and the review queue. Answered once, like a
    count."""
    return _recorded_once(_discard_create, deal, throw, now)


def _discard_create(deal: Deal, throw: tuple[Card, ...], now: datetime) -> tuple[Attempt, bool]:
    with transaction.atomic():
        deal, existing = _answered(deal)
        if existing is not None:
            return existing, False
        if deal.at_table:
            grade = grade_table_discard(
                deal.five, deal.players, deal.table_seat, throw, deal.table_discard_options
            )
        else:
            grade = grade_discard(deal.six, deal.role, throw, deal.discard_options)
        attempt = _decision_save(
            deal,
            grade,
            now,
            {
                "throw": [card.code for card in grade.chosen.throw],
                "rank": grade.rank,
                "hand_loss": grade.hand_loss,
                "crib_loss": grade.crib_loss,
                "mistakes": [p.value for p in grade.mistakes],
                "crib_model": grade.crib_model.value,
            },
        )
    return attempt, True


def _decision_save(deal: Deal, grade, now: datetime, marks: dict) -> Attempt:
    """A throw or a lay saved as its attempt: no points claimed, right when it was the
    best, the mistakes it offered (``grade.tempting``) marked missed when it made them."""
    return attempt_save(
        deal,
        grade.tempting,
        {pattern: pattern in grade.mistakes for pattern in grade.tempting},
        now,
        style=AnswerStyle.TOTAL.value,
        claimed=0,
        points=0,
        right=grade.is_best,
        crib=False,
        loss=grade.loss,
        marks=marks,
    )


def lay_record(
    *, deal: Deal, card: Card, now: datetime, values: Mapping[int, float] | None = None
) -> tuple[Attempt, bool]:
    """Grade and save the card laid in a lay deal (``values``: the search's, when made
    already), with the mistakes it offered and made and the review queue. Answered once."""
    return _recorded_once(_lay_create, deal, card, now, values)


def _lay_create(deal: Deal, card: Card, now: datetime, values) -> tuple[Attempt, bool]:
    with transaction.atomic():
        deal, existing = _answered(deal)
        if existing is not None:
            return existing, False
        grade = grade_lay(deal.lay_position, card, values)
        attempt = _decision_save(
            deal,
            grade,
            now,
            {
                "card": card.code,
                "best": grade.best_card.code,
                "values": {str(rank): value for rank, value in grade.values.items()},
                "class": grade.klass,
                "mistakes": [p.value for p in grade.mistakes],
                "words": [
                    mistake_words(grade.position, card, grade.best_card, p) for p in grade.mistakes
                ],
            },
        )
    return attempt, True


def play_record(*, deal: Deal, claims: list[int], now: datetime) -> tuple[Attempt, bool]:
    """Mark and save the points claimed for each card of a play deal, with the review
    queue. Answered once, like a count."""
    return _recorded_once(_play_create, deal, claims, now)


def _play_create(deal: Deal, claims: list[int], now: datetime) -> tuple[Attempt, bool]:
    with transaction.atomic():
        deal, existing = _answered(deal)
        if existing is not None:
            return existing, False
        marking = mark_play(deal.play, claims)
        attempt = attempt_save(
            deal,
            marking.patterns,
            marking.settled(),
            now,
            style=AnswerStyle.TOTAL.value,
            claimed=marking.claimed,
            points=marking.points,
            right=marking.right,
            crib=False,
            marks={
                "cards": [
                    [mark.claimed, [p.value for p in mark.missed], mark.explained]
                    for mark in marking.cards
                ]
            },
        )
    return attempt, True


def settled_marks(marking: Marking) -> dict[Pattern, bool]:
    """Each pattern whose mark is known, and whether it was missed."""
    return {p: marking.was_missed(p) for p in marking.patterns if marking.is_known(p)}


def attempt_explain(*, attempt: Attempt, choice: int | None, now: datetime) -> Attempt:
    """The player's answer to "Which did you miss?": ``choice`` is the index of the
    explanation that was theirs, None to skip the question. Answered once: a repeat, or
    an answer to a question no longer asked, changes nothing."""
    return _recorded_once(_attempt_explain, attempt, choice, now)


def _attempt_explain(attempt: Attempt, choice: int | None, now: datetime) -> Attempt:
    with transaction.atomic():
        attempt = Attempt.objects.select_for_update().get(pk=attempt.pk)
        question = attempt.question
        if question is None:
            return attempt
        if choice is None:
            attempt.marks = {**attempt.marks, "question": None, "skipped": True}
            attempt.save(update_fields=["marks"])
            return attempt
        _player_lock(attempt.owner)
        chosen = question.choices[choice]
        settled = {p: p in chosen.patterns for p in question.among}
        marks = attempt.pattern_marks.filter(missed=None)
        known = {
            pattern: missed
            for pattern, missed in settled.items()
            if marks.filter(pattern=pattern.value).update(missed=missed)
        }
        PatternRecord.objects.count_marks(attempt.owner, known)
        queue = review_queue_update(owner=attempt.owner, marks=settled, now=now)
        attempt.marks = {
            **attempt.marks,
            "question": None,
            "explained": [*attempt.explained, chosen.what],
            "answer": chosen.what,  # the player's own, as the game's review shows it
            # An over-claim of an item not there records no pattern: nothing is queued.
            "queued": bool(chosen.patterns),
            "queue": [*attempt.marks.get("queue", ()), *queue],
        }
        attempt.save(update_fields=["marks"])
    return attempt
