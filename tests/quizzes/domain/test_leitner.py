from datetime import UTC, datetime, timedelta

from quizzes.domain.leitner import BOX_INTERVALS, TOP_BOX, Slot, after_answer, is_due


class Clock:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)

    def advance(self, **delta):
        self.now += timedelta(**delta)
        return self.now


def test_the_intervals_grow_one_three_seven_twenty_one_days():
    assert [BOX_INTERVALS[b].days for b in range(2, TOP_BOX + 1)] == [1, 3, 7, 21]


def test_a_missed_pattern_enters_box_one_due_at_once():
    clock = Clock()
    slot = after_answer(None, right=False, now=clock.now)
    assert slot == Slot(1, clock.now)
    assert is_due(slot, clock.now)


def test_a_right_answer_to_a_pattern_not_in_the_queue_keeps_it_out():
    assert after_answer(None, right=True, now=Clock().now) is None


def test_right_answers_when_due_climb_the_boxes_with_growing_waits():
    clock = Clock()
    slot = after_answer(None, right=False, now=clock.now)
    waits = []
    for _ in range(TOP_BOX - 1):
        slot = after_answer(slot, right=True, now=clock.now)
        waits.append(slot.due_at - clock.now)
        assert not is_due(slot, clock.now)
        clock.now = slot.due_at
    assert slot.box == TOP_BOX
    assert [w.days for w in waits] == [1, 3, 7, 21]


def test_the_top_box_stays_the_top_box():
    clock = Clock()
    slot = Slot(TOP_BOX, clock.now)
    slot = after_answer(slot, right=True, now=clock.now)
    assert slot == Slot(TOP_BOX, clock.now + timedelta(days=21))


def test_a_miss_sends_it_back_to_box_one_from_any_box():
    clock = Clock()
    slot = Slot(4, clock.now + timedelta(days=5))
    clock.advance(days=1)
    assert after_answer(slot, right=False, now=clock.now) == Slot(1, clock.now)


def test_a_right_answer_before_it_is_due_changes_nothing():
    clock = Clock()
    slot = Slot(3, clock.now + timedelta(days=3))
    clock.advance(days=2, hours=23)
    assert after_answer(slot, right=True, now=clock.now) == slot
    clock.advance(hours=1)
    assert after_answer(slot, right=True, now=clock.now).box == 4
