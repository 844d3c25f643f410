"""The records only the games app uses: a count, a throw, a lay or a score in the play
claimed in a game against the computer, kept like a quiz's answer so that progress, the
weak spots and the review queue see it."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from django.db import transaction

from cribbage.cards import Card, format_cards
from cribbage.discard import Role
from cribbage.pegging import PegItem

from ..domain.dealing import Mode
from ..domain.lays import LayPosition
from ..domain.marking import Answer, AnswerStyle, pattern_question
from ..domain.patterns import Area, in_counting_order
from ..domain.play import OverClaim, mark_claim
from ..models import Attempt, Deal
from ..owners import Owner
from .answers import attempt_record, attempt_save, discard_record, lay_record
from .dealing import lay_deal


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
    deal = lay_deal(
        position, mode=Mode.GAME.value, details=source, dealt_at=dealt_at, **owner.fields
    )
    deal.save()
    return lay_record(deal=deal, card=card, now=now, values=values)[0]


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


def game_table_discard_record(
    *,
    owner: Owner,
    five: tuple[Card, ...],
    players: int,
    seat: Role,
    throw: tuple[Card],
    source: dict,
    dealt_at: datetime,
    now: datetime,
) -> Attempt:
    """The card thrown of five in a game of three or four, graded and kept like the
    discard quiz's at that table (``details`` name the table and the seat, as the quiz's
    deal does)."""
    deal = Deal.objects.create(
        kind=Area.DISCARD.value,
        hand=format_cards(five),
        mode=Mode.GAME.value,
        details={**source, "players": players, "seat": seat.value},
        dealt_at=dealt_at,
        **owner.fields,
    )
    return discard_record(deal=deal, throw=throw, now=now)[0]


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
        return attempt_save(
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
