import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.cards import DECK
from cribbage.pegging import PegItem, PegKind, peg_play, read_play
from quizzes.domain.patterns import Pattern
from quizzes.domain.play import claim_words, deal_play, mark_claim, mark_play, pattern_of, play_out

P = Pattern
# The seed's two-player play: Bob (pone) pegs 3, Alice (dealer) 6.
BOB_AND_ALICE = "TC 5D 7S 6H go 2C go 6D 4H 4S"


def lowest(hand, state, seen):
    return min(hand, key=lambda card: (card.value, card.index))


def test_right_claims_mark_every_pattern_right():
    record = peg_play(BOB_AND_ALICE, 2)
    claims = [turn.points for turn in record.plays]
    marking = mark_play(record, claims)
    assert marking.right
    assert marking.missed == frozenset() and marking.unknown == frozenset()
    assert set(marking.patterns) == {
        P.PLAY_FIFTEEN,
        P.PLAY_RUN_OF_THREE,
        P.PLAY_GO,
        P.PLAY_PAIR,
        P.PLAY_LAST_CARD,
    }
    assert (marking.claimed, marking.points) == (9, 9)


def test_a_card_short_by_one_item_misses_that_item():
    record = peg_play(BOB_AND_ALICE, 2)
    claims = [turn.points for turn in record.plays]
    claims[-1] = 2  # the last 4: pair 2 + last card 1, claimed 2
    marking = mark_play(record, claims)
    assert not marking.right
    assert marking.missed == {P.PLAY_LAST_CARD}
    assert marking.cards[-1].explained == "the last card"
    assert marking.settled()[P.PLAY_PAIR] is False


def test_a_go_claimed_on_31_is_named():
    record = peg_play("KH QC 5D 6S", 2)  # 31 for two
    marking = mark_play(record, [0, 0, 0, 3])
    assert marking.missed == {P.PLAY_GO}
    assert "on 31" in marking.cards[-1].explained


def test_a_pair_across_a_new_count_is_named():
    record = peg_play("KH QC 5D 6S 6C", 2)  # 31, then a six leads a new count
    marking = mark_play(record, [0, 0, 0, 2, 2])
    assert marking.missed == {P.PLAY_PAIR}


def test_a_wrong_claim_nothing_explains_marks_nothing():
    record = peg_play("6D 4C 5H", 2)  # the five: fifteen 2 + run 3
    marking = mark_play(record, [0, 0, 4])
    assert marking.missed == frozenset()
    assert marking.unknown == {P.PLAY_FIFTEEN, P.PLAY_RUN_OF_THREE}
    assert P.PLAY_FIFTEEN not in marking.settled()


def test_a_claim_for_each_card():
    with pytest.raises(ValueError, match="a claim for each of the 3 cards"):
        mark_play(peg_play("6D 4C 5H", 2), [0, 0])


def test_patterns_of_the_plays_items():
    record = peg_play("5S 5D 5C", 2)
    assert [pattern_of(item) for item in record.plays[2].items] == [
        P.PLAY_FIFTEEN,
        P.PLAY_PAIR_ROYAL,
    ]


def test_a_dealt_play_is_a_whole_legal_play_of_kept_hands():
    rng = random.Random(4)
    play, (pone, dealer) = deal_play(rng, lowest)
    record, error = read_play(play, 2)
    assert error is None and record.is_over
    assert {turn.card for turn in record.plays if turn.player == 0} == set(pone)
    assert {turn.card for turn in record.plays if turn.player == 1} == set(dealer)


def test_a_play_dealt_for_a_pattern_scores_it():
    rng = random.Random(5)
    play, _ = deal_play(rng, lowest, pattern=P.PLAY_PAIR, tries=100)
    record = peg_play(play, 2)
    assert any(pattern_of(item) is P.PLAY_PAIR for turn in record.plays for item in turn.items)


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False), st.data())
def test_marks_agree_with_the_claims(rng, data):
    cards = rng.sample(DECK, 8)
    record = play_out((cards[:4], cards[4:]), lowest)
    claims = [
        data.draw(st.integers(min_value=0, max_value=turn.points + 3)) for turn in record.plays
    ]
    marking = mark_play(record, claims)
    assert marking.right == (claims == [turn.points for turn in record.plays])
    assert marking.missed <= set(marking.patterns)
    assert not (marking.missed & marking.unknown)
    for mark in marking.cards:
        if mark.right:
            assert mark.missed == ()


def test_claim_words_say_what_a_wrong_claim_missed_or_added():
    pair, fifteen = PegItem(PegKind.PAIR, 2), PegItem(PegKind.FIFTEEN, 2)
    assert claim_words([pair], 1, 12) == "1 short: the pair is 2"
    assert claim_words([], 2, 14) == "over by 2: no fifteen, the count is 14"
    assert claim_words([], 2, 29) == "over by 2: no thirty-one, the count is 29"
    assert claim_words([], 1, 9) == "over by 1: nothing scores, the count is 9"
    assert claim_words([fifteen, pair], 6, 15) == (
        "over by 2: the fifteen is 2 and the pair is 2, the count is 15"
    )
    assert claim_words([pair], 2, 12) == ""


def test_a_claim_several_items_explain_asks_which_and_one_nothing_explains_too():
    pair, fifteen = PegItem(PegKind.PAIR, 2), PegItem(PegKind.FIFTEEN, 2)
    mark = mark_claim([fifteen, pair], 2)
    assert mark.unknown and mark.question is not None
    assert [c.patterns for c in mark.question.choices] == [
        (Pattern.PLAY_FIFTEEN,),
        (Pattern.PLAY_PAIR,),
    ]
    # 1 short of a pair: no item is 1 point, so the question names the items scored.
    odd = mark_claim([pair], 1)
    assert odd.unknown and [c.what for c in odd.question.choices] == ["the pair"]
    assert mark_claim([pair], 0).question is None  # certain: the pair
