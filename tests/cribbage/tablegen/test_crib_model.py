"""The crib model's settling worked out again: a sample of the last round's throws, as
``make tables`` throws them, against the shipped files; and the settling itself."""

from collections import Counter

import pytest

from cribbage import data
from cribbage.cards import format_cards, parse_cards
from cribbage.crib_model import CLASSES, FILE, ThrowOdds, throw_class
from cribbage.tablegen.crib_model import DEALS, SEED, THROWS_FILE, best_throw, deal_sixes, settle

ODDS = data.rows(FILE)
THROWS = data.rows(THROWS_FILE)


def counted(column):
    return ThrowOdds.counted({row[0]: int(row[column]) for row in ODDS})


@pytest.mark.parametrize("deal", [0, 1, DEALS // 2, DEALS - 1])
def test_a_sample_of_deals_thrown_again_is_the_shipped_last_round(deal):
    """Each seat throws against the other's odds of the round before the last."""
    dealer_six, pone_six = deal_sixes(deal + 1, SEED)[deal]
    dealer_before, pone_before = counted(3), counted(4)
    assert THROWS[deal] == [
        str(deal),
        format_cards(best_throw(dealer_six, True, pone_before)),
        format_cards(best_throw(pone_six, False, dealer_before)),
    ]


def test_the_settled_odds_are_the_last_rounds_throws_counted():
    assert [row[0] for row in ODDS] == list(CLASSES)
    assert [int(row[0]) for row in THROWS] == list(range(DEALS))
    for column, seat in ((1, 1), (2, 2)):
        thrown = Counter(throw_class(*parse_cards(row[seat])) for row in THROWS)
        assert {row[0]: int(row[column]) for row in ODDS} == {n: thrown[n] for n in CLASSES}
    for column in (3, 4):
        assert sum(int(row[column]) for row in ODDS) == DEALS


def test_the_settling_is_the_same_on_one_process_or_two():
    assert settle(deals=40, rounds=2, workers=1) == settle(deals=40, rounds=2, workers=2)


@pytest.mark.slow
def test_the_iteration_settles():
    """From the random model, each round moves the crib values less, to within the
    sampling of a small run: far less than the first round moved them."""
    history = settle(deals=300, rounds=5, workers=1)
    first, *later = history
    assert first.changed == 600
    assert later[0].changed < 600 / 10
    assert max(r.moved for r in later[1:]) < first.moved / 5
    assert all(r.changed <= 600 * 0.03 for r in later[1:])
