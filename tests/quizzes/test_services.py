import random
from datetime import timedelta

import pytest
from django.db import IntegrityError
from django.utils import timezone

from cribbage.cards import DECK, format_cards
from quizzes.domain.dealing import Mode
from quizzes.domain.marking import Answer
from quizzes.domain.patterns import Category, Pattern
from quizzes.domain.streaks import streaks
from quizzes.models import Attempt, AttemptPattern, Deal, PatternRecord, ReviewItem, ShowRecord
from quizzes.owners import Owner
from quizzes.services import (
    attempt_explain,
    attempt_record,
    attempts_merge,
    deal_create,
    discard_record,
    guests_purge,
    lay_record,
    play_record,
)
from tests.factories import (
    AttemptFactory,
    DealFactory,
    DiscardDealFactory,
    PlayDealFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db


def test_deal_create_saves_a_pattern_deal_for_its_owner():
    user = UserFactory()
    deal = deal_create(
        owner=Owner(user=user), mode=Mode.PATTERN, pattern=Pattern.TRIPLE_RUN, now=timezone.now()
    )
    deal.refresh_from_db()
    assert deal.user == user
    assert deal.focus == "triple-run"
    assert deal.focus_pattern is Pattern.TRIPLE_RUN


def test_a_deal_must_have_exactly_one_owner():
    with pytest.raises(IntegrityError):
        DealFactory(user=None, guest_key="")


def test_a_deal_cannot_have_two_owners():
    with pytest.raises(IntegrityError):
        DealFactory(guest_key="someone")


def test_attempt_record_marks_and_saves_the_patterns():
    now = timezone.now()
    deal = DealFactory(dealt_at=now - timedelta(seconds=12))
    attempt, created = attempt_record(deal=deal, answer=Answer(total=28), now=now)
    assert created
    assert (attempt.claimed, attempt.points, attempt.right) == (28, 29, False)
    assert attempt.seconds == pytest.approx(12)
    # One short on the 29 hand: only nobs explains it, and the rest was counted right.
    marks = dict(AttemptPattern.objects.filter(attempt=attempt).values_list("pattern", "missed"))
    assert marks == {
        "fifteen-2": False,
        "fifteen-3": False,
        "double-pair-royal": False,
        "nobs": True,
    }
    assert attempt.explained == ("one for his nobs",)
    assert list(ReviewItem.objects.filter(user=deal.user).values_list("pattern", flat=True)) == [
        "nobs"
    ]
    (standing,) = attempt.queue
    assert (standing["pattern"], standing["box"], standing["moved"]) == (Pattern.NOBS, 1, True)


def queued(user) -> set[str]:
    return set(ReviewItem.objects.filter(user=user).values_list("pattern", flat=True))


def test_over_claiming_a_crib_four_flush_queues_only_that_rule():
    deal = DealFactory(hand="2H 4H 6H 8H", starter="KC", crib=True)
    total = deal.show.total
    attempt, _ = attempt_record(deal=deal, answer=Answer(total=total + 4), now=timezone.now())
    assert not attempt.right
    assert queued(deal.user) == {"crib-four-flush"}
    marks = dict(attempt.pattern_marks.values_list("pattern", "missed"))
    assert marks["crib-four-flush"] is True
    assert all(missed is False for pattern, missed in marks.items() if pattern != "crib-four-flush")


def test_a_miss_several_things_explain_asks_and_queues_only_the_answer():
    # 4-4-5-6 + 9: fifteens 6 (two of three cards, one of two) and a double run 8. Two short
    # could be either fifteen, or the pair inside the double run.
    deal = DealFactory(hand="4C 6D 5D 4S", starter="9C")
    now = timezone.now()
    attempt, _ = attempt_record(deal=deal, answer=Answer(total=12), now=now)
    assert queued(deal.user) == set()
    assert set(attempt.pattern_marks.values_list("missed", flat=True)) == {None}
    question = attempt.question
    assert question.short and question.points == 2
    whats = [choice.what for choice in question.choices]
    assert "the pair of fours in the double run of three" in whats
    pair = whats.index("the pair of fours in the double run of three")

    attempt = attempt_explain(attempt=attempt, choice=pair, now=now)
    assert attempt.question is None
    assert queued(deal.user) == {"double-run"}
    marks = dict(attempt.pattern_marks.values_list("pattern", "missed"))
    assert marks == {"fifteen-2": False, "fifteen-3": False, "double-run": True}
    # Answered once: another answer changes nothing.
    attempt_explain(attempt=attempt, choice=0, now=now)
    assert queued(deal.user) == {"double-run"}


def test_skipping_the_question_records_nothing():
    deal = DealFactory(hand="4C 6D 5D 4S", starter="9C")
    attempt, _ = attempt_record(deal=deal, answer=Answer(total=12), now=timezone.now())
    attempt = attempt_explain(attempt=attempt, choice=None, now=timezone.now())
    assert attempt.question is None
    assert queued(deal.user) == set()
    assert set(attempt.pattern_marks.values_list("missed", flat=True)) == {None}


def test_a_miss_nothing_explains_stays_out_of_the_queue():
    deal = DealFactory(hand="4C 6D 5D 4S", starter="9C")  # 14
    attempt, _ = attempt_record(deal=deal, answer=Answer(total=3), now=timezone.now())
    assert attempt.question is None and attempt.explained == ()
    assert queued(deal.user) == set()


def test_nineteen_is_right_for_a_hand_of_nothing_only():
    nothing = DealFactory(hand="2C 4D 6S 8H", starter="KC")
    attempt, _ = attempt_record(deal=nothing, answer=Answer(total=19), now=timezone.now())
    assert attempt.right and attempt.nineteen
    something = DealFactory(hand="2C 3D 6S 8H", starter="9C")  # 6-9: fifteen 2
    attempt, _ = attempt_record(deal=something, answer=Answer(total=19), now=timezone.now())
    assert not attempt.right
    assert attempt.explained == ("a fifteen of two cards: 6♠ 9♣",)


def test_a_second_answer_to_a_deal_returns_the_first():
    deal = DealFactory()
    first, _ = attempt_record(deal=deal, answer=Answer(total=29), now=timezone.now())
    again, created = attempt_record(deal=deal, answer=Answer(total=3), now=timezone.now())
    assert not created
    assert again.pk == first.pk
    assert again.claimed == 29
    assert Attempt.objects.count() == 1


def test_the_database_refuses_a_second_attempt_at_a_deal():
    attempt = AttemptFactory()
    with pytest.raises(IntegrityError):
        AttemptFactory(deal=attempt.deal)


def test_an_itemised_attempt_keeps_its_items():
    deal = DealFactory(hand="3C 4D 4H 5S", starter="KC")
    answer = Answer.itemised({Category.FIFTEENS: 2, Category.PAIRS: 2, Category.RUNS: 3})
    attempt, _ = attempt_record(deal=deal, answer=answer, now=timezone.now())
    assert (attempt.style, attempt.fifteens, attempt.runs, attempt.claimed) == ("itemised", 2, 3, 7)
    assert attempt.answer == answer
    missed = AttemptPattern.objects.filter(attempt=attempt, missed=True)
    assert list(missed.values_list("pattern", flat=True)) == ["double-run"]


@pytest.mark.parametrize(
    "split",
    [
        {Category.FIFTEENS: 6, Category.RUNS: 8},
        {Category.FIFTEENS: 6, Category.PAIRS: 2, Category.RUNS: 6},
    ],
)
def test_a_double_run_may_be_counted_with_its_pair_or_under_pairs(split):
    deal = DealFactory(hand="4C 6D 5D 4S", starter="9C")
    attempt, _ = attempt_record(deal=deal, answer=Answer.itemised(split), now=timezone.now())
    assert attempt.right
    assert set(attempt.pattern_marks.values_list("missed", flat=True)) == {False}


def test_answering_a_due_pattern_right_moves_it_up_a_box():
    now = timezone.now()
    user = UserFactory()
    item = ReviewItem.objects.create(user=user, pattern="double-run", box=1, due_at=now)
    deal = DealFactory(user=user, hand="3C 4D 4H 5S", starter="KC")
    attempt_record(deal=deal, answer=Answer(total=10), now=now)
    item.refresh_from_db()
    assert item.box == 2
    assert item.due_at == now + timedelta(days=1)


def test_merge_moves_a_guests_attempts_and_queue_without_duplicates():
    now = timezone.now()
    user = UserFactory()
    ReviewItem.objects.create(user=user, pattern="nobs", box=3, due_at=now + timedelta(days=2))
    guest_deal = DealFactory(user=None, guest_key="guest-1")
    attempt_record(deal=guest_deal, answer=Answer(total=2), now=now)
    other_guest = AttemptFactory(deal=DealFactory(user=None, guest_key="guest-2"))

    assert attempts_merge(from_session="guest-1", to_user=user) == 1
    assert attempts_merge(from_session="guest-1", to_user=user) == 0

    assert list(Attempt.objects.filter(user=user)) == [guest_deal.attempt]
    assert Deal.objects.get(pk=guest_deal.pk).user == user
    assert Attempt.objects.get(pk=other_guest.pk).guest_key == "guest-2"
    items = ReviewItem.objects.filter(user=user)
    assert items.count() == 4
    nobs = items.get(pattern="nobs")
    assert (nobs.box, nobs.due_at, nobs.misses) == (1, now, 1)
    assert not ReviewItem.objects.filter(guest_key="guest-1").exists()


def test_an_answer_to_a_deal_that_moved_meanwhile_goes_to_the_account():
    user = UserFactory()
    found = DealFactory(user=None, guest_key="guest-1")  # as the answer's request found it
    attempts_merge(from_session="guest-1", to_user=user)  # the same browser logged in
    attempt, created = attempt_record(deal=found, answer=Answer(total=2), now=timezone.now())
    assert created
    assert (attempt.user, attempt.guest_key) == (user, "")
    assert ReviewItem.objects.filter(user=user).exists()
    assert not ReviewItem.objects.filter(user__isnull=True).exists()
    assert not Attempt.objects.filter(user__isnull=True).exists()


def show_figures(owner: Owner) -> tuple[int, int, int, int, int]:
    record = ShowRecord.objects.owned_by(owner).get()
    return (record.attempts, record.cribs, record.right, record.current_streak, record.best_streak)


def count(deal: Deal, right: bool, now) -> Attempt:
    """Answer the 29 hand of ``DealFactory``, rightly or one short."""
    return attempt_record(deal=deal, answer=Answer(total=29 if right else 28), now=now)[0]


def test_the_show_record_keeps_up_with_every_count_saved():
    user = UserFactory()
    owner = Owner(user=user)
    rng = random.Random(18)
    now = timezone.now()
    rights, cribs = [], 0
    for n in range(40):
        rights.append(rng.random() < 0.7)
        crib = rng.random() < 0.3
        cribs += crib
        count(DealFactory(user=user, crib=crib), rights[-1], now + timedelta(seconds=n))
        assert show_figures(owner) == (len(rights), cribs, sum(rights), *streaks(rights))
    # A throw is not a count: the record does not move.
    discard = DiscardDealFactory(user=user)
    discard_record(deal=discard, throw=discard.six[:2], now=now + timedelta(minutes=1))
    assert show_figures(owner) == (40, cribs, sum(rights), *streaks(rights))
    worked_out = ShowRecord.worked_out(owner)
    assert show_figures(owner) == (
        worked_out.attempts,
        worked_out.cribs,
        worked_out.right,
        worked_out.current_streak,
        worked_out.best_streak,
    )
    assert ShowRecord.objects.get().last == Attempt.objects.filter(kind="show").latest("pk")


def test_a_merge_works_the_record_out_again_from_both_histories_in_saved_order():
    now = timezone.now()
    user = UserFactory()
    count(DealFactory(user=user), True, now)
    count(DealFactory(user=user), True, now)
    guest_deal = DealFactory(user=None, guest_key="guest-1")
    count(guest_deal, False, now)
    count(DealFactory(user=user), True, now)
    assert show_figures(Owner(guest_key="guest-1")) == (1, 0, 0, 0, 0)

    attempts_merge(from_session="guest-1", to_user=user)

    # Right, right, the guest's miss, right.
    assert show_figures(Owner(user=user)) == (4, 0, 3, 1, 2)
    assert not ShowRecord.objects.filter(guest_key="guest-1").exists()
    moved = AttemptPattern.objects.filter(attempt__deal=guest_deal)
    assert moved.exists()
    assert set(moved.values_list("user", "guest_key")) == {(user.pk, "")}


def test_a_purged_guest_leaves_no_record():
    old = timezone.now() - timedelta(days=30)
    count(DealFactory(user=None, guest_key="gone", dealt_at=old), True, old)
    assert ShowRecord.objects.filter(guest_key="gone").exists()
    guests_purge(inactive_for=timedelta(days=7), now=timezone.now())
    assert not ShowRecord.objects.exists()
    assert not AttemptPattern.objects.exists()


def pattern_figures(owner: Owner) -> dict[str, tuple[int, int]]:
    """The player's pattern records as kept: seen and missed, by pattern."""
    records = PatternRecord.objects.owned_by(owner)
    return {r.pattern: (r.seen, r.missed) for r in records}


def marks_counted(owner: Owner) -> dict[str, tuple[int, int]]:
    """Seen and missed per pattern, counted from every known mark of the player."""
    marks = AttemptPattern.objects.owned_by(owner).exclude(missed=None)
    figures = {}
    for pattern, missed in marks.values_list("pattern", "missed"):
        seen, misses = figures.get(pattern, (0, 0))
        figures[pattern] = (seen + 1, misses + missed)
    return figures


def answer_something(owner: Owner, rng: random.Random, now) -> None:
    """One answer of any kind, as a player might give it: a count (a total or itemised,
    right or not, with "Which did you miss?" answered or skipped), a play, a throw, a lay."""
    kind = rng.choice(["count", "count", "count", "itemised", "play", "throw", "lay"])
    if kind in ("count", "itemised"):
        five = rng.sample(DECK, 5)
        deal = DealFactory(
            **owner.fields,
            hand=format_cards(five[:4]),
            starter=five[4].code,
            crib=rng.random() < 0.3,
        )
        total = max(deal.show.total + rng.choice([0, 0, -2, -4, 2, 3]), 0)
        items = None
        if kind == "itemised":
            items = {c: rng.choice([0, 2, 4]) for c in Category}
        attempt, _ = attempt_record(deal=deal, answer=Answer(total=total, points=items), now=now)
        question = attempt.question
        if question is not None:
            choice = rng.choice([None, *range(len(question.choices))])
            attempt_explain(attempt=attempt, choice=choice, now=now)
    elif kind == "play":
        deal = PlayDealFactory(**owner.fields)
        play_record(deal=deal, claims=[rng.choice([0, 0, 2]) for _ in deal.play.plays], now=now)
    elif kind == "throw":
        deal = DiscardDealFactory(**owner.fields)
        discard_record(deal=deal, throw=tuple(rng.sample(deal.six, 2)), now=now)
    else:
        deal = deal_create(owner=owner, mode=Mode.LAY, now=now)
        lay_record(deal=deal, card=rng.choice(deal.lay_position.fitting), now=now)


@pytest.fixture
def rng(monkeypatch):
    """A seeded random that the services deal lay positions from too: the same deals and
    answers each run."""
    seeded = random.Random(18)
    monkeypatch.setattr("quizzes.services.system_random", seeded)
    return seeded


def test_the_pattern_records_keep_up_with_every_mark_made_known(rng):
    owner = Owner(user=UserFactory())
    now = timezone.now()
    for n in range(60):
        answer_something(owner, rng, now + timedelta(seconds=n))
        assert pattern_figures(owner) == marks_counted(owner)
    assert len(pattern_figures(owner)) >= 10
    assert any(missed for _, missed in pattern_figures(owner).values())


def test_an_explained_miss_counts_the_marks_it_settles_once():
    deal = DealFactory(hand="4C 6D 5D 4S", starter="9C")
    owner = deal.owner
    now = timezone.now()
    attempt, _ = attempt_record(deal=deal, answer=Answer(total=12), now=now)
    assert pattern_figures(owner) == {}
    pair = [c.what for c in attempt.question.choices].index(
        "the pair of fours in the double run of three"
    )
    attempt_explain(attempt=attempt, choice=pair, now=now)
    settled = {"fifteen-2": (1, 0), "fifteen-3": (1, 0), "double-run": (1, 1)}
    assert pattern_figures(owner) == settled
    attempt_explain(attempt=attempt, choice=0, now=now)
    assert pattern_figures(owner) == settled


def test_a_merge_adds_the_guests_pattern_figures_to_the_accounts(rng):
    now = timezone.now()
    user = UserFactory()
    guest = Owner(guest_key="guest-1")
    for _ in range(12):
        answer_something(Owner(user=user), rng, now)
        answer_something(guest, rng, now)
    mine, theirs = pattern_figures(Owner(user=user)), pattern_figures(guest)
    assert theirs

    attempts_merge(from_session="guest-1", to_user=user)

    merged = pattern_figures(Owner(user=user))
    for pattern in {*mine, *theirs}:
        seen, missed = zip(mine.get(pattern, (0, 0)), theirs.get(pattern, (0, 0)), strict=True)
        assert merged[pattern] == (sum(seen), sum(missed))
    assert not PatternRecord.objects.filter(user__isnull=True).exists()


def test_a_purged_guest_leaves_no_pattern_figures_and_an_active_one_keeps_theirs():
    old = timezone.now() - timedelta(days=30)
    count(DealFactory(user=None, guest_key="gone", dealt_at=old), False, old)
    count(DealFactory(user=None, guest_key="here"), False, timezone.now())
    assert pattern_figures(Owner(guest_key="gone"))
    kept = pattern_figures(Owner(guest_key="here"))

    guests_purge(inactive_for=timedelta(days=7), now=timezone.now())

    assert not PatternRecord.objects.filter(guest_key="gone").exists()
    assert pattern_figures(Owner(guest_key="here")) == kept
