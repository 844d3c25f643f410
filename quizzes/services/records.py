"""The figures kept from a player's answers, worked out again from all of them: their
``ShowRecord`` of counts and their ``PatternRecord``s of marks."""

from __future__ import annotations

from django.db import transaction

from ..models import PatternRecord, ShowRecord
from ..owners import Owner


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
