"""Writes that span models: dealing a hand, recording an answer with its review queue,
moving a guest's practice into an account, and deleting an account."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from hashlib import blake2b
from typing import TypeVar

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib import messages
from django.db import IntegrityError, connection, transaction
from django.db.models import Exists, OuterRef

from cribbage.cards import Card, format_cards
from cribbage.computer import greedy_lay
from cribbage.discard import Role
from cribbage.pegging import PegItem
from cribtrainer.models import PlayerSession
from cribtrainer.sessions import sessions_end

from .domain.dealing import Mode, deal_quiz_hand, pick_weak_spot, system_random
from .domain.discards import deal_discard, grade_discard
from .domain.lays import LayPosition, deal_lay, grade_lay, mistake_words, notation
from .domain.leitner import after_answer
from .domain.marking import Answer, AnswerStyle, Marking, pattern_question
from .domain.patterns import Area, Category, Pattern, in_counting_order
from .domain.play import OverClaim, deal_play, mark_claim, mark_play
from .models import Attempt, AttemptPattern, Deal, PatternRecord, ReviewItem, ShowRecord
from .owners import GUEST_KEY, Owner, guest_notice_withdraw
from .signals import guest_merged


def deal_create(
    *,
    owner: Owner,
    mode: Mode,
    now: datetime,
    pattern: Pattern | None = None,
    weights: dict[Pattern, float] | None = None,
) -> Deal:
    """Deal for ``mode``: a hand or crib to count, a discard, or a play. A pattern (the one
    asked for, due for review, or drawn from the weak spots) decides which, by its area."""
    focus = pick_weak_spot(weights or {}) if mode is Mode.WEAK_SPOTS else pattern
    area = focus.area if focus else _MODE_AREAS.get(mode, Area.SHOW)
    fields = {**owner.fields, "mode": mode.value, "dealt_at": now}
    if area is Area.PLAY:
        # Both players lay as the computer's greedy level does: the most points now, else a
        # card that gives nothing away.
        play, (pone, dealer) = deal_play(system_random, greedy_lay, pattern=focus)
        row = Deal(
            kind=area.value,
            details={"play": play, "pone": format_cards(pone), "dealer": format_cards(dealer)},
            focus=focus.value if focus else "",
            **fields,
        )
    elif area is Area.LAY:
        position = _missed_lay(owner, focus) if focus and mode is Mode.REVIEW else None
        if position is None:
            position = deal_lay(system_random, pattern=focus)[0]
        row = _lay_deal(position, focus=focus.value if focus else "", **fields)
    elif area is Area.DISCARD:
        six, role, _ = deal_discard(system_random, pattern=focus)
        row = Deal(
            kind=area.value,
            hand=format_cards(six),
            holder=role.value,
            focus=focus.value if focus else "",
            **fields,
        )
    else:
        dealt = deal_quiz_hand(mode, pattern=focus, weights=weights)
        row = Deal.from_cards(
            dealt.hand,
            dealt.starter,
            crib=dealt.crib,
            focus=dealt.focus.value if dealt.focus else "",
            holder=dealt.holder.value if dealt.holder else "",
            **fields,
        )
    row.save()
    return row


_MODE_AREAS = {Mode.PEGGING: Area.PLAY, Mode.DISCARD: Area.DISCARD, Mode.LAY: Area.LAY}


def _lay_deal(position: LayPosition, **fields) -> Deal:
    """An unsaved lay deal of ``position``."""
    return Deal(
        kind=Area.LAY.value,
        hand=format_cards(position.held),
        starter=position.starter.code,
        holder=position.role.value,
        **{
            **fields,
            "details": {
                "play": notation(position.play),
                "thrown": format_cards(position.thrown),
                **fields.get("details", {}),
            },
        },
    )


def _missed_lay(owner: Owner, pattern: Pattern) -> LayPosition | None:
    """The position of the player's last lay that marked ``pattern`` (a game's or a
    quiz's), when it missed it: dealt again, it tempts the pattern for certain, so the
    answer marks it. Once answered right, review deals fresh positions instead."""
    mark = (
        AttemptPattern.objects.filter(
            **{f"attempt__{key}": value for key, value in owner.lookup.items()},
            attempt__kind=Area.LAY.value,
            pattern=pattern.value,
            missed__isnull=False,
        )
        .select_related("attempt__deal")
        .order_by("-attempt__answered_at", "-attempt__pk")
        .first()
    )
    return mark.attempt.deal.lay_position if mark and mark.missed else None


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
        attempt = _attempt_save(
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


def _attempt_save(
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


def show_record_rebuild(*, owner: Owner) -> ShowRecord | None:
    """Work a player's ``ShowRecord`` out again from all their counts: for their first
    count, and when a guest's counts merge into an account. None before any count."""
    ShowRecord.objects.owned_by(owner).delete()
    record = ShowRecord.worked_out(owner)
    if record is not None:
        record.save()
    return record


def pattern_records_rebuild(*, owner: Owner) -> None:
    """Work a player's ``PatternRecord``s out again from all their marks."""
    PatternRecord.objects.owned_by(owner).delete()
    PatternRecord.objects.bulk_create(PatternRecord.worked_out(owner))


def records_rebuild(*, owner: Owner) -> None:
    """Work out again all the figures kept from a player's answers (their ``ShowRecord``
    and ``PatternRecord``s): when a guest's answers merge into an account, or staff change
    or delete answers."""
    with transaction.atomic():
        show_record_rebuild(owner=owner)
        pattern_records_rebuild(owner=owner)


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


def discard_record(*, deal: Deal, throw: tuple[Card, Card], now: datetime) -> tuple[Attempt, bool]:
    """Grade and save the two cards thrown from a discard deal, with the mistakes it offered
    and made and the review queue. Answered once, like a count."""
    return _recorded_once(_discard_create, deal, throw, now)


def _discard_create(deal: Deal, throw: tuple[Card, Card], now: datetime) -> tuple[Attempt, bool]:
    with transaction.atomic():
        deal, existing = _answered(deal)
        if existing is not None:
            return existing, False
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
    return _attempt_save(
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


def game_lay_record(
    *,
    owner: Owner,
    position: LayPosition,
    card: Card,
    values: Mapping[int, float],
    source: dict,
    dealt_at: datetime,
    now: datetime,
) -> Attempt:
    """A card laid in a game against the computer, graded and kept like a lay quiz's (the
    mistakes it offered and made, the review queue), by the values the game review's
    search gave it; ``source`` names the game and deal."""
    deal = _lay_deal(
        position, mode=Mode.GAME.value, details=source, dealt_at=dealt_at, **owner.fields
    )
    deal.save()
    return lay_record(deal=deal, card=card, now=now, values=values)[0]


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
        attempt = _attempt_save(
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


def game_count_record(
    *,
    owner: Owner,
    hand: tuple[Card, ...],
    starter: Card,
    crib: bool,
    answer: Answer,
    dealt_at: datetime,
    now: datetime,
    source: dict | None = None,
) -> Attempt:
    """A count claimed in a game against the computer, marked and kept like a quiz's, so
    progress, the weak spots and the review queue see it; ``source`` names the game and
    deal (``{"game": pk, "deal": number}``). A wrong total that nothing explains for
    certain gets its "Which did you miss?" (``Attempt.question``), the deal summary asks."""
    deal = Deal.from_cards(
        hand,
        starter,
        **owner.fields,
        crib=crib,
        mode=Mode.GAME.value,
        details=source or {},
        dealt_at=dealt_at,
    )
    deal.save()
    attempt = attempt_record(deal=deal, answer=answer, now=now)[0]
    unknown = [mark.pattern_enum for mark in attempt.pattern_marks.filter(missed=None)]
    if attempt.right_total or attempt.question is not None or not unknown:
        return attempt
    # A miss in a game is always queued or asked: with no explanation to offer, the player
    # says which pattern it was, of those not known.
    question = pattern_question(deal.show, attempt.claimed - attempt.points, unknown)
    if question is not None:
        attempt.marks = {**attempt.marks, "question": Attempt.question_marks(question)}
        attempt.save(update_fields=["marks"])
    return attempt


def game_discard_record(
    *,
    owner: Owner,
    six: tuple[Card, ...],
    role: Role,
    throw: tuple[Card, Card],
    source: dict,
    dealt_at: datetime,
    now: datetime,
) -> Attempt:
    """Two cards thrown in a game against the computer, graded and kept like a discard
    quiz's (the mistakes it offered and made, the review queue); ``source`` names the game
    and deal."""
    deal = Deal.objects.create(
        kind=Area.DISCARD.value,
        hand=format_cards(six),
        holder=role.value,
        mode=Mode.GAME.value,
        details=source,
        dealt_at=dealt_at,
        **owner.fields,
    )
    return discard_record(deal=deal, throw=throw, now=now)[0]


def practice_create(*, owner: Owner, now: datetime, **details) -> Deal:
    """A quiz of a position from a game's review: ``six`` and ``role`` make a discard quiz
    of that six and seat; ``position`` (a ``LayPosition``) a lay quiz of that turn;
    ``play`` (``crib peg --players 2`` notation) a play quiz."""
    fields = {**owner.fields, "mode": Mode.MIXED.value, "dealt_at": now}
    if "position" in details:
        row = _lay_deal(details["position"], **fields)
    elif "play" in details:
        row = Deal(kind=Area.PLAY.value, details={"play": details["play"]}, **fields)
    else:
        row = Deal(
            kind=Area.DISCARD.value,
            hand=format_cards(details["six"]),
            holder=details["role"].value,
            **fields,
        )
    row.save()
    return row


def game_play_record(
    *,
    owner: Owner,
    play: str,
    items: tuple[PegItem, ...],
    claimed: int,
    slips: tuple[OverClaim, ...],
    dealt_at: datetime,
    now: datetime,
    source: dict | None = None,
) -> Attempt:
    """A score in the play claimed in a game against the computer (``play`` is the play up
    to the move claimed for, in notation), marked and kept like a play quiz's card."""
    mark = mark_claim(items, claimed, slips)
    points = sum(item.points for item in items)
    with transaction.atomic():
        deal = Deal.objects.create(
            kind=Area.PLAY.value,
            details={"play": play, **(source or {})},
            mode=Mode.GAME.value,
            dealt_at=dealt_at,
            **owner.fields,
        )
        return _attempt_save(
            deal,
            in_counting_order(mark.patterns),
            {p: p in mark.missed for p in mark.patterns if p not in mark.unknown},
            now,
            style=AnswerStyle.TOTAL.value,
            claimed=claimed,
            points=points,
            right=claimed == points,
            crib=False,
            marks={
                "claim": [claimed, [p.value for p in mark.missed], mark.explained],
                "question": mark.question and Attempt.question_marks(mark.question),
            },
        )


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
            "queue": [*attempt.marks.get("queue", ()), *queue],
        }
        attempt.save(update_fields=["marks"])
    return attempt


def review_queue_update(
    *, owner: Owner, marks: Mapping[Pattern, bool], now: datetime
) -> list[dict]:
    """Move each pattern through the Leitner boxes: ``marks`` says, of each pattern whose
    mark is known, whether it was missed. Patterns not known stay where they are.

    Returns where each of these patterns now stands in the queue, for the feedback:
    ``{"pattern", "box", "due_at", "moved"}`` (an ISO date), for those in the queue.
    """
    standing = []
    with transaction.atomic():
        items = {
            item.pattern: item
            # Locked, so two answers of one player at once move a box one after the other.
            for item in ReviewItem.objects.owned_by(owner)
            .select_for_update()
            .filter(pattern__in=[p.value for p in marks])
        }
        for pattern, missed in marks.items():
            item = items.get(pattern.value)
            slot = after_answer(item.slot if item else None, right=not missed, now=now)
            if slot is None:
                continue
            moved = item is None or slot != item.slot or missed
            if moved:
                item = item or ReviewItem(**owner.fields, pattern=pattern.value)
                item.box, item.due_at, item.updated_at = slot.box, slot.due_at, now
                item.misses += missed
                item.save()
            standing.append(
                {
                    "pattern": pattern.value,
                    "box": slot.box,
                    "due_at": slot.due_at.isoformat(),
                    "moved": moved,
                }
            )
    return standing


def attempts_merge(*, from_session: str, to_user) -> int:
    """Move a guest's deals, attempts and review queue into an account.

    Rows are moved, not copied, so merging twice changes nothing the second time. Where
    both have the same pattern in the queue, the one nearer box 1 is kept: the player
    has missed it most recently there. Returns how many attempts moved.
    """
    if not from_session:
        return 0
    guest = Owner(guest_key=from_session)
    with transaction.atomic():
        # The guest's deals locked first, as attempt_record locks the deal it answers: an
        # answer recorded at the same moment is either moved here or made for the account.
        deals = list(Deal.objects.owned_by(guest).select_for_update().values_list("pk", flat=True))
        Deal.objects.filter(pk__in=deals).update(user=to_user, guest_key="")
        moved = Attempt.objects.owned_by(guest).update(user=to_user, guest_key="")
        AttemptPattern.objects.owned_by(guest).update(user=to_user, guest_key="")
        records_rebuild(owner=guest)
        records_rebuild(owner=Owner(user=to_user))
        theirs = {item.pattern: item for item in ReviewItem.objects.filter(user=to_user)}
        for item in ReviewItem.objects.owned_by(guest):
            kept = theirs.get(item.pattern)
            if kept is not None:
                slot = min(kept.slot, item.slot, key=lambda s: (s.box, s.due_at))
                kept.box, kept.due_at = slot.box, slot.due_at
                kept.misses += item.misses
                kept.updated_at = max(kept.updated_at, item.updated_at)
                kept.save()
                item.delete()
            else:
                item.user, item.guest_key = to_user, ""
                item.save()
        guest_merged.send(sender=Owner, user=to_user, guest_key=from_session)
    return moved


def guest_attempts_claim(sender, request, user, **kwargs) -> None:
    """On log-in or sign-up, bring the browser session's guest attempts along and tell the
    player how many came."""
    if request is None or not hasattr(request, "session"):
        return
    guest_notice_withdraw(request)
    key = request.session.pop(GUEST_KEY, "")
    moved = attempts_merge(from_session=key, to_user=user)
    if moved:
        hands = "hand" if moved == 1 else "hands"
        messages.success(
            request,
            f"{moved} {hands} you practised as a guest moved into your account.",
            fail_silently=True,
        )


@dataclass(frozen=True)
class GuestRows:
    """A kind of row kept for guests: its name in the purge's report, its model (with
    ``user`` and ``guest_key``), and its field saying when the guest last used it."""

    name: str
    model: type
    used_at: str

    def rows(self):
        return self.model.objects.filter(user__isnull=True)

    def used_since(self, since: datetime):
        return self.rows().filter(**{f"{self.used_at}__gte": since}).values("guest_key")


_GUEST_ROWS = [
    GuestRows("deals", Deal, "dealt_at"),
    GuestRows("attempts", Attempt, "answered_at"),
    GuestRows("review items", ReviewItem, "updated_at"),
]


def register_guest_rows(name: str, model: type, used_at: str) -> None:
    """For an app above this one keeping guests' rows of its own (a game): a guest's
    latest use of them keeps the guest, and ``guests_purge`` deletes them with the guest."""
    if all(kind.name != name for kind in _GUEST_ROWS):
        _GUEST_ROWS.append(GuestRows(name, model, used_at))


@dataclass(frozen=True)
class Purged:
    """What a purge of inactive guests removed (or would remove): how many guests, how many
    rows of each kind (deals, attempts, review items, and each registered kind such as
    games), and how many expired sessions."""

    guests: int
    rows: dict[str, int]
    expired_sessions: int

    @property
    def deals(self) -> int:
        return self.rows["deals"]

    @property
    def attempts(self) -> int:
        return self.rows["attempts"]

    @property
    def review_items(self) -> int:
        return self.rows["review items"]


def guests_purge(*, inactive_for: timedelta, now: datetime, dry_run: bool = False) -> Purged:
    """Delete the guests who have done nothing for ``inactive_for`` (dealt, answered,
    reviewed, moved in a game: their latest activity of any kind), with all their rows, and
    every expired session: all of it in one transaction, or nothing.

    A guest is known only by the key in their browser's session, which expires long before
    (two weeks after their last change, by default): their rows could never be claimed
    again by anyone.
    """
    since = now - inactive_for

    def stale(kind: GuestRows):
        rows = kind.rows()
        for other in _GUEST_ROWS:
            rows = rows.exclude(guest_key__in=other.used_since(since))
        return rows

    with transaction.atomic():
        doomed = [(kind.name, stale(kind)) for kind in _GUEST_ROWS]
        sessions = PlayerSession.objects.filter(expire_date__lt=now)
        guests = set()
        for _, rows in doomed:
            guests |= set(rows.values_list("guest_key", flat=True).distinct())
        purged = Purged(
            guests=len(guests),
            rows={name: rows.count() for name, rows in doomed},
            expired_sessions=sessions.count(),
        )
        if not dry_run:
            # Deals first: their attempts and marks go with them, counted above.
            for _, rows in doomed:
                rows.delete()
            # The figures of a guest's patterns go with the last of the guest's marks.
            guest_marks = AttemptPattern.objects.filter(
                user__isnull=True, guest_key=OuterRef("guest_key")
            )
            PatternRecord.objects.filter(~Exists(guest_marks), user__isnull=True).delete()
            sessions.delete()
    return purged


def account_delete(*, user) -> None:
    """Delete an account and every row that names the player: their deals, attempts and
    review queue (by cascade), django-axes' records of their log-ins and failed log-ins
    (username, addresses, browsers, times), and their sessions on every device: all of it
    or, if anything fails, none. The sessions are found by the account stored with each
    (cribtrainer.sessions), so no other player's is read or locked."""
    username = user.get_username()
    with transaction.atomic():
        sessions_end(user.pk)
        for model in (AccessAttempt, AccessLog, AccessFailureLog):
            model.objects.filter(username=username).delete()
        user.delete()
