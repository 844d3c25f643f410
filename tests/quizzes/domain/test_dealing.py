import random
from collections import Counter

import pytest

from cribbage.cards import DECK
from cribbage.discard import CribModel, Role, discard_options
from cribbage.show import score_show, show_total
from quizzes.domain import dealing
from quizzes.domain.dealing import (
    BIG_HAND,
    Holder,
    Mode,
    deal_quiz_hand,
    deal_realistic,
    deal_with_pattern,
    rank_patterns,
)
from quizzes.domain.patterns import Area, Pattern, patterns_of


def dealt_patterns(dealt):
    return patterns_of(score_show(dealt.hand, dealt.starter, crib=dealt.crib))


def distinct(dealt):
    return len({*dealt.hand, dealt.starter}) == 5


@pytest.mark.parametrize("pattern", [p for p in Pattern if p.area is Area.SHOW])
def test_every_pattern_of_the_show_can_be_dealt(pattern):
    rng = random.Random(pattern.value)
    for _ in range(50):
        dealt = deal_with_pattern(pattern, rng=rng)
        assert distinct(dealt)
        assert pattern in dealt_patterns(dealt)
        assert dealt.focus is pattern


def test_rank_patterns_of_some_rank_multisets():
    assert rank_patterns((5, 5, 5, 5, 11)) == {
        Pattern.FIFTEEN_OF_TWO,
        Pattern.FIFTEEN_OF_THREE,
        Pattern.DOUBLE_PAIR_ROYAL,
    }
    # 3-3-4-5 makes fifteen; the two pairs score inside the double-double run.
    assert rank_patterns((3, 3, 4, 4, 5)) == {Pattern.DOUBLE_DOUBLE_RUN, Pattern.FIFTEEN_OF_FOUR}
    assert rank_patterns((1, 2, 3, 4, 5)) == {Pattern.FIFTEEN_OF_FIVE, Pattern.RUN_OF_FIVE}


def test_a_pattern_deal_is_not_always_the_same_hand():
    rng = random.Random(1)
    hands = {deal_with_pattern(Pattern.DOUBLE_PAIR_ROYAL, rng=rng).hand for _ in range(30)}
    assert len(hands) > 10


def test_hand_and_crib_modes_say_which_they_deal():
    rng = random.Random(2)
    assert not any(deal_quiz_hand(Mode.HAND, rng=rng).crib for _ in range(50))
    assert all(deal_quiz_hand(Mode.CRIB, rng=rng).crib for _ in range(50))


def test_mixed_mode_deals_some_cribs_and_more_hands():
    # 600 realistic deals (each a discard analysis or two): a third are cribs, and 150-250
    # is over four standard deviations (11.5) either side of 200.
    rng = random.Random(3)
    cribs = sum(deal_quiz_hand(Mode.MIXED, rng=rng).crib for _ in range(600))
    assert 150 < cribs < 250


def test_big_hands_score_twelve_or_more():
    rng = random.Random(4)
    for _ in range(30):
        dealt = deal_quiz_hand(Mode.BIG, rng=rng)
        assert show_total(dealt.hand, dealt.starter, dealt.crib) >= BIG_HAND


def test_weak_spots_deal_patterns_in_proportion_to_their_miss_rate():
    rng = random.Random(5)
    weights = {Pattern.PAIR_ROYAL: 0.75, Pattern.RUN_OF_FIVE: 0.25, Pattern.NOBS: 0.0}
    focus = Counter(
        deal_quiz_hand(Mode.WEAK_SPOTS, weights=weights, rng=rng).focus for _ in range(2000)
    )
    assert set(focus) == {Pattern.PAIR_ROYAL, Pattern.RUN_OF_FIVE}
    assert 1350 < focus[Pattern.PAIR_ROYAL] < 1650


def test_weak_spots_with_nothing_missed_deal_like_mixed():
    dealt = deal_quiz_hand(Mode.WEAK_SPOTS, weights={}, rng=random.Random(6))
    assert dealt.focus is None
    assert distinct(dealt)


def test_pattern_and_review_modes_need_a_pattern():
    with pytest.raises(ValueError, match="needs a pattern"):
        deal_quiz_hand(Mode.PATTERN)
    assert Pattern.NOBS in dealt_patterns(deal_quiz_hand(Mode.REVIEW, pattern=Pattern.NOBS))


def test_the_default_randomness_is_the_system_source():
    assert isinstance(dealing.system_random, random.SystemRandom)


def test_a_pattern_of_the_play_or_the_discard_is_not_dealt_as_a_hand():
    with pytest.raises(ValueError, match="not counted in a hand"):
        deal_with_pattern(Pattern.PLAY_GO)


def test_realistic_deals_keep_the_engines_best_four_for_the_seat():
    rng = random.Random(11)
    for crib in (False, True):
        dealt = deal_realistic(crib=crib, rng=rng)
        assert dealt.crib is crib
        assert distinct(dealt)
        assert dealt.holder in ((Holder.CRIB,) if crib else (Holder.PONE, Holder.DEALER))


def test_realistic_cribs_are_the_throws_of_players_who_expect_a_good_opponent():
    """The crib dealt is both players' best throws with the good crib model; some deals
    throw otherwise with the random model, and the realistic deal does not."""
    differ = 0
    for seed in range(40):
        cards = random.Random(seed).sample(DECK, 13)
        crib = deal_realistic(crib=True, rng=random.Random(seed))
        thrown = {
            model: {
                *discard_options(cards[:6], Role.PONE, model)[0].throw,
                *discard_options(cards[6:12], Role.DEALER, model)[0].throw,
            }
            for model in CribModel
        }
        assert set(crib.hand) == thrown[CribModel.GOOD]
        assert crib.starter is cards[12]
        differ += thrown[CribModel.GOOD] != thrown[CribModel.RANDOM]
    assert differ > 0


def test_mixed_hand_and_crib_modes_deal_realistically_and_random_mode_does_not():
    rng = random.Random(12)
    assert deal_quiz_hand(Mode.MIXED, rng=rng).holder is not None
    assert deal_quiz_hand(Mode.HAND, rng=rng).holder in (Holder.PONE, Holder.DEALER)
    assert deal_quiz_hand(Mode.CRIB, rng=rng).holder is Holder.CRIB
    assert deal_quiz_hand(Mode.RANDOM, rng=rng).holder is None
