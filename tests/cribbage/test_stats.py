from itertools import combinations

import pytest

from cribbage.cards import DECK
from cribbage.show import show_total
from cribbage.stats import DEALS, show_distribution

# The published distribution of hand scores over all 12,994,800 deals.
PUBLISHED_HAND_COUNTS = (
    1009008, 99792, 2813796, 505008, 2855676, 697508, 1800268, 751324, 1137236, 361224,
    388740, 51680, 317340, 19656, 90100, 9168, 58248, 11196, 2708, 0,
    8068, 2496, 444, 356, 3680, 0, 0, 0, 76, 4,
)  # fmt: skip


def test_hand_distribution_matches_the_published_table():
    distribution = show_distribution(crib=False)
    assert distribution.deals == DEALS == 12_994_800
    assert distribution.counts == PUBLISHED_HAND_COUNTS
    assert distribution.mean == pytest.approx(4.769152, abs=1e-6)


def test_crib_rules_only_lose_four_card_flushes():
    hand = show_distribution(crib=False)
    crib = show_distribution(crib=True)
    assert crib.deals == DEALS
    assert crib.mean < hand.mean
    assert crib.counts[29] == 4 and crib.counts[28] == 76
    for impossible in (19, 25, 26, 27):
        assert crib.counts[impossible] == 0


@pytest.mark.slow
@pytest.mark.parametrize("crib", [False, True])
def test_distribution_matches_counting_every_deal_one_by_one(crib):
    counts = [0] * 30
    for five in combinations(DECK, 5):
        for i, starter in enumerate(five):
            counts[show_total(five[:i] + five[i + 1 :], starter, crib)] += 1
    assert tuple(counts) == show_distribution(crib=crib).counts
