import random
import sys
import threading

import pytest

from cribbage import search
from cribbage.cards import DECK
from cribbage.computer import lay_values
from cribbage.pegging import PlayState


def positions(count):
    """Turns in the play of random deals: the hand to lay from, the play, the player and
    what they have seen."""
    found = []
    for index in range(count):
        rng = random.Random(index)
        deck = list(DECK)
        rng.shuffle(deck)
        hands = (deck[:4], deck[4:8])
        state = PlayState.start(2)
        for _ in range(rng.randrange(3)):
            held = [card for card in hands[state.to_play] if card not in _laid(state)]
            fitting = state.playable(held)
            state = state.lay(fitting[0])[0] if fitting else state.say_go()[0]
        me = state.to_play
        held = [card for card in hands[me] if card not in _laid(state)]
        if state.playable(held):
            seen = (*hands[me], *deck[8:11], *_laid(state))
            found.append((held, state, me, seen))
    return found


def _laid(state):
    return [turn.card for turn in state.turns if turn.card is not None]


def _values(turns):
    return [lay_values(held, state, me, seen) for held, state, me, seen in turns]


def test_each_thread_has_its_own_memory():
    mine = search.memory()
    theirs = []
    thread = threading.Thread(target=lambda: theirs.append(search.memory()))
    thread.start()
    thread.join()
    assert search.memory() is mine
    assert theirs[0] is not mine


def test_two_searches_at_once_in_threads_give_the_serial_answers(monkeypatch):
    turns = positions(24)
    search.forget()
    serial = _values(turns)
    # Small tables are cleared between searches all the time, and threads switch often:
    # with one memory shared, one thread's clearing broke the other's search midway.
    monkeypatch.setattr(search, "MEMORY_LIMIT", 500)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    answers: dict[int, list] = {}
    errors = []

    def run(index):
        try:
            answers[index] = _values(turns[index % 2 :] + turns[: index % 2])
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    try:
        threads = [threading.Thread(target=run, args=(index,)) for index in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert not errors
    assert answers[0] == serial
    assert answers[1] == serial[1:] + serial[:1]


@pytest.mark.parametrize("forget_first", [False, True])
def test_a_forgotten_memory_gives_the_same_values(forget_first):
    turns = positions(6)
    before = _values(turns)
    if forget_first:
        search.forget()
    assert _values(turns) == before
