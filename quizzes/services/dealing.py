"""Dealing: a quiz for a mode or a pattern, and a quiz of a position from a game's review."""

from __future__ import annotations

from datetime import datetime

from cribbage.cards import format_cards
from cribbage.computer import greedy_lay

from ..domain.dealing import Mode, deal_quiz_hand, pick_weak_spot, system_random
from ..domain.discards import deal_discard, deal_table_discard
from ..domain.lays import LayPosition, deal_lay, notation
from ..domain.patterns import Area, Pattern
from ..domain.play import deal_play
from ..models import AttemptPattern, Deal
from ..owners import Owner


def deal_create(
    *,
    owner: Owner,
    mode: Mode,
    now: datetime,
    pattern: Pattern | None = None,
    weights: dict[Pattern, float] | None = None,
    players: int = 2,
) -> Deal:
    """Deal for ``mode``: a hand or crib to count, a discard, or a play. A pattern (the one
    asked for, due for review, or drawn from the weak spots) decides which, by its area.
    The discard and lay quizzes (``Mode.DISCARD``, ``Mode.LAY``) deal for a table of
    ``players``: five cards and a seat at three or four, or a turn of its play."""
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
            position = deal_lay(system_random, pattern=focus, players=players)[0]
        row = lay_deal(position, focus=focus.value if focus else "", **fields)
    elif area is Area.DISCARD and mode is Mode.DISCARD and players != 2:
        five, seat, _ = deal_table_discard(system_random, players)
        row = Deal(
            kind=area.value,
            hand=format_cards(five),
            details={"players": players, "seat": seat.value},
            **fields,
        )
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


def lay_deal(position: LayPosition, **fields) -> Deal:
    """An unsaved lay deal of ``position`` (at three or four its table and seat kept as a
    discard deal's are)."""
    two = position.players == 2
    table = {} if two else {"players": position.players, "seat": position.role.value}
    return Deal(
        kind=Area.LAY.value,
        hand=format_cards(position.held),
        starter=position.starter.code,
        holder=position.role.value if two else "",
        **{
            **fields,
            "details": {
                "play": notation(position.play),
                "thrown": format_cards(position.thrown),
                **table,
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


def practice_create(*, owner: Owner, now: datetime, **details) -> Deal:
    """A quiz of a position from a game's review: ``six`` and ``role`` make a discard quiz
    of that six and seat (``five``, ``players`` and a ``Role`` ``seat``, at three or
    four); ``position`` (a ``LayPosition``) a lay quiz of that turn;
    ``play`` (``crib peg --players 2`` notation) a play quiz."""
    fields = {**owner.fields, "mode": Mode.MIXED.value, "dealt_at": now}
    if "position" in details:
        row = lay_deal(details["position"], **fields)
    elif "play" in details:
        row = Deal(kind=Area.PLAY.value, details={"play": details["play"]}, **fields)
    elif "five" in details:  # a throw at three or four: the table and the seat
        row = Deal(
            kind=Area.DISCARD.value,
            hand=format_cards(details["five"]),
            details={"players": details["players"], "seat": details["seat"].value},
            **fields,
        )
    else:
        row = Deal(
            kind=Area.DISCARD.value,
            hand=format_cards(details["six"]),
            holder=details["role"].value,
            **fields,
        )
    row.save()
    return row
