from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from fsrs import Card, Rating

from quizzes.domain.spacing import SCHEDULER, Memory, State, after_answer, chance_right, is_due


class Clock:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)

    def advance(self, **delta):
        self.now += timedelta(**delta)
        return self.now


def test_a_missed_pattern_is_a_card_rated_again_and_due_at_once():
    clock = Clock()
    memory = after_answer(None, right=False, now=clock.now)
    expected, _ = SCHEDULER.review_card(Card(card_id=0, due=clock.now), Rating.Again, clock.now)
    assert memory == Memory.of(expected)
    assert memory.due_at == clock.now
    assert is_due(memory, clock.now)
    assert memory.last_review == clock.now


def test_a_right_answer_to_a_pattern_not_in_the_queue_keeps_it_out():
    assert after_answer(None, right=True, now=Clock().now) is None


def test_a_right_answer_while_due_is_rated_good_and_fsrs_sets_the_next_date():
    clock = Clock()
    memory = after_answer(None, right=False, now=clock.now)
    waits = []
    for _ in range(5):
        card, _ = SCHEDULER.review_card(memory.card(), Rating.Good, clock.now)
        memory = after_answer(memory, right=True, now=clock.now)
        assert memory == Memory.of(card)
        assert memory.state == State.Review
        waits.append((memory.due_at - clock.now).days)
        assert not is_due(memory, clock.now)
        clock.now = memory.due_at
    # Each wait longer than the last: a day at first, then weeks.
    assert waits[0] == 1
    assert waits == sorted(set(waits))
    assert waits[-1] > 21


def test_a_miss_is_rated_again_from_any_state_and_due_at_once():
    clock = Clock()
    memory = Memory(
        due_at=clock.now + timedelta(days=5),
        state=State.Review,
        step=None,
        stability=7.0,
        difficulty=5.0,
        last_review=clock.now - timedelta(days=2),
    )
    clock.advance(days=1)
    card, _ = SCHEDULER.review_card(memory.card(), Rating.Again, clock.now)
    missed = after_answer(memory, right=False, now=clock.now)
    assert missed == Memory.of(card)
    assert missed.state == State.Relearning
    assert missed.due_at == clock.now
    assert missed.stability < memory.stability
    assert missed.difficulty > memory.difficulty


def test_a_right_answer_before_it_is_due_changes_nothing():
    clock = Clock()
    memory = after_answer(None, right=False, now=clock.now)
    memory = after_answer(memory, right=True, now=clock.now)
    clock.now = memory.due_at - timedelta(minutes=1)
    assert after_answer(memory, right=True, now=clock.now) == memory
    clock.advance(minutes=1)
    assert after_answer(memory, right=True, now=clock.now).due_at > memory.due_at


def test_the_chance_right_is_fsrs_retrievability_and_falls_to_ninety_percent_when_due():
    clock = Clock()
    memory = after_answer(None, right=False, now=clock.now)
    memory = after_answer(memory, right=True, now=clock.now)
    memory = after_answer(memory, right=True, now=clock.advance(days=1))
    assert chance_right(memory, clock.now) == 1
    chances = [chance_right(memory, clock.now + timedelta(days=d)) for d in range(8)]
    assert chances == sorted(chances, reverse=True)
    assert chance_right(memory, memory.due_at) == SCHEDULER.get_card_retrievability(
        memory.card(), memory.due_at
    )
    assert 0.85 < chance_right(memory, memory.due_at) < 0.95


def test_a_card_never_rated_has_no_chance_yet():
    assert chance_right(Memory(due_at=Clock().now), Clock().now) == 0


def test_a_time_in_another_zone_is_taken_as_the_same_moment():
    clock = Clock()
    paris = clock.now.astimezone(ZoneInfo("Europe/Paris"))
    assert after_answer(None, right=False, now=paris) == after_answer(
        None, right=False, now=clock.now
    )


def missed(times: int, clock: Clock) -> Memory:
    """A pattern missed ``times`` in a row, a minute apart."""
    memory = None
    for _ in range(times):
        memory = after_answer(memory, right=False, now=clock.advance(minutes=1))
    return memory


def test_a_pattern_missed_more_often_and_longer_ago_has_the_lower_chance_the_same_day():
    clock = Clock()
    often = missed(10, clock)
    clock.advance(hours=2)
    once = missed(1, clock)
    clock.advance(minutes=5)
    # The fsrs package reads whole days: every pattern rated today is at 100% to it.
    assert SCHEDULER.get_card_retrievability(often.card(), clock.now) == 1
    assert SCHEDULER.get_card_retrievability(once.card(), clock.now) == 1
    assert chance_right(often, clock.now) < chance_right(once, clock.now) < 1
    assert chance_right(often, clock.now) < 0.6
    # Just rated, the chance is full; it falls from then on.
    assert chance_right(once, once.last_review) == 1
