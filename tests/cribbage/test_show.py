import random
from collections import Counter
from itertools import combinations_with_replacement, permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribbage.cards import DECK, Card, CardError, Suit, card, parse_cards
from cribbage.show import (
    ShowKind,
    ShowNote,
    _rank_items,
    _rank_points,
    rank_points,
    score_show,
    show_total,
)

from .reference import reference_total
from .strategies import deals


def count(text, crib=False):
    cards = parse_cards(text, count=5)
    return score_show(cards[:4], cards[4], crib=crib)


def kinds(result):
    return Counter(item.kind for item in result.items)


def codes(cards):
    return sorted(c.code for c in cards)


def test_the_29_hand():
    result = count("5H 5C 5S JD 5D")
    assert result.total == 29
    assert kinds(result) == {ShowKind.FIFTEEN: 8, ShowKind.PAIR: 6, ShowKind.NOBS: 1}
    assert [item.cards for item in result.items_of(ShowKind.NOBS)] == [(card("JD"),)]
    assert result.announce.endswith(
        "a double pair royal is twenty-eight and one for his nobs makes twenty-nine"
    )


def test_28_without_nobs():
    result = count("5H 5C 5S JC 5D")
    assert result.total == 28
    assert ShowKind.NOBS not in kinds(result)


def test_24_double_double_run():
    result = count("4H 4C 5S 5D 6H")
    assert result.total == 24
    assert kinds(result) == {ShowKind.FIFTEEN: 4, ShowKind.PAIR: 2, ShowKind.RUN: 4}
    assert [group.name for group in result.groups][-1] == "double-double run of three"


def test_triple_run():
    result = count("3H 3C 3S 4D 5H")
    assert kinds(result)[ShowKind.RUN] == 3
    assert kinds(result)[ShowKind.PAIR] == 3
    assert result.points_of(ShowKind.RUN) == 9
    assert result.total == 21
    assert (
        result.announce == "fifteen two, fifteen four, fifteen six and a triple run is twenty-one"
    )
    (triple,) = (group for group in result.groups if group.kind is ShowKind.RUN)
    assert (triple.key, triple.name, triple.points) == ("triple-run", "triple run of three", 15)
    assert triple.parts == (("three runs of three", 9), ("a pair royal of threes", 6))


def test_double_run_is_two_run_items_and_announced_as_players_say_it():
    result = count("5H 5C 6S 7D KH")
    runs = result.items_of(ShowKind.RUN)
    assert sorted(codes(item.cards) for item in runs) == [["5C", "6S", "7D"], ["5H", "6S", "7D"]]
    assert result.total == 12
    assert result.announce == "fifteen two, fifteen four and a double run is twelve"


def test_a_multiple_run_takes_in_its_pairs_as_players_count_it():
    result = count("4C 6D 5D 4S 9C")
    assert sorted((g.key, g.points) for g in result.groups) == [
        ("double-run", 8),
        ("fifteen-2", 2),
        ("fifteen-3", 2),
        ("fifteen-3", 2),
    ]
    double = result.groups[-1]
    assert double.pair_points == 2
    assert double.parts == (("two runs of three", 6), ("a pair of fours", 2))
    assert result.announce == "fifteen two, fifteen four, fifteen six and a double run is fourteen"
    # The items stay atomic: two runs and a pair.
    assert (result.points_of(ShowKind.RUN), result.points_of(ShowKind.PAIR)) == (6, 2)


@pytest.mark.parametrize(
    ("cards", "name", "points", "said"),
    [
        ("3H 4C 4S 5D KH", "double run of three", 8, "and a double run is ten"),
        ("3H 4C 5S 6D 6C", "double run of four", 10, "and a double run of four is sixteen"),
        ("3H 3C 3S 4D 5H", "triple run of three", 15, "and a triple run is twenty-one"),
        ("4H 4C 5S 5D 6H", "double-double run of three", 16, "and a double-double run is 24"),
    ],
)
def test_multiple_runs_score_with_their_pairs(cards, name, points, said):
    result = count(cards)
    (run,) = (group for group in result.groups if group.kind is ShowKind.RUN)
    assert (run.name, run.points) == (name, points)
    assert not any(group.kind is ShowKind.PAIR for group in result.groups)
    assert result.announce.endswith(said.replace("24", "twenty-four"))


def test_every_fifteen_is_its_own_item_with_its_cards():
    result = count("7H 8C 7S 8D KH")
    fifteens = sorted(codes(item.cards) for item in result.items_of(ShowKind.FIFTEEN))
    assert fifteens == [["7H", "8C"], ["7H", "8D"], ["7S", "8C"], ["7S", "8D"]]


def test_hand_flush_of_four_and_five():
    assert count("2H 4H 6H 8H TS").points_of(ShowKind.FLUSH) == 4
    assert count("2H 4H 6H 8H TH").points_of(ShowKind.FLUSH) == 5
    four = count("2H 4H 6H 8H TS").items_of(ShowKind.FLUSH)[0]
    assert codes(four.cards) == ["2H", "4H", "6H", "8H"]


def test_crib_flush_needs_the_starter():
    four_in_crib = count("2H 4H 6H 8H TS", crib=True)
    assert four_in_crib.total == 0
    assert four_in_crib.notes == (ShowNote.CRIB_FOUR_FLUSH,)
    assert count("2H 4H 6H 8H TH", crib=True).points_of(ShowKind.FLUSH) == 5


def test_three_suited_hand_cards_and_a_suited_starter_are_no_flush():
    result = count("2H 4H 6H 8S TH")
    assert result.points_of(ShowKind.FLUSH) == 0
    assert ShowNote.STARTER_IS_NOT_A_FOURTH_SUITED_CARD in result.notes


def test_nobs_is_the_jack_in_hand_of_the_starters_suit():
    assert count("JH 2C 7S 9D 4H").points_of(ShowKind.NOBS) == 1
    assert count("JH 2C 7S 9D 4S").points_of(ShowKind.NOBS) == 0


def test_a_jack_starter_is_heels_never_part_of_the_count():
    result = count("2C 7S 9D 4H JH")
    assert result.heels
    assert ShowNote.HEELS in result.notes
    assert result.points_of(ShowKind.NOBS) == 0
    assert result.total == 2  # the fifteen 2-4-9; the jack adds nothing
    assert not count("JH 2C 7S 9D 4H").heels


def test_queen_king_ace_is_no_run():
    assert count("QH KC AS 7D 9C").points_of(ShowKind.RUN) == 0


def test_only_the_longest_runs_count():
    result = count("3H 4C 5S 6D 9C")
    assert [len(item.cards) for item in result.items_of(ShowKind.RUN)] == [4]
    assert count("AH 2C 3S 4D 5C").items_of(ShowKind.RUN)[0].points == 5
    double_four = count("3H 4C 5S 6D 6C").items_of(ShowKind.RUN)
    assert [item.points for item in double_four] == [4, 4]


def test_a_hand_with_nothing_is_a_nineteen():
    result = count("2C 4D 6S 8H KC")
    assert result.total == 0
    assert result.items == ()
    assert "nineteen" in result.announce


def test_announce_counts_two_pairs():
    result = count("9H 9C 3S 3D KC")
    assert result.announce == "fifteen two, fifteen four, a pair is six and another pair is eight"


def test_flush_and_nobs_are_said_as_players_say_them():
    assert (
        count("2H 6H 9H QH 3C").announce
        == "fifteen two, fifteen four and four for the flush makes eight"
    )
    assert count("2H 4H 6H 8H TH").announce == "five for the flush"
    assert (
        count("JH 4C 6S 9D 2H").announce
        == "fifteen two, fifteen four and one for his nobs makes five"
    )


def test_group_names():
    assert [g.name for g in count("8H 8C 8S 8D KC").groups if g.kind is ShowKind.PAIR] == [
        "double pair royal"
    ]
    assert [g.name for g in count("8H 8C 8S AD KC").groups if g.kind is ShowKind.PAIR] == [
        "pair royal"
    ]
    assert [g.name for g in count("AH 2C 3S 4D 5C").groups] == [
        "fifteen",
        "run of five",
    ]


def test_score_show_rejects_a_bad_deal():
    with pytest.raises(CardError, match="appears twice"):
        score_show(parse_cards("5H 5C 5S JD"), card("5H"))
    with pytest.raises(CardError, match="4 cards, got 3"):
        score_show(parse_cards("5H 5C 5S"), card("5D"))


def test_rank_points():
    assert rank_points([5, 5, 5, 5, 11]) == 28
    assert rank_points([1, 2, 3, 4, 5]) == 7


# --- properties ------------------------------------------------------------------------


@given(deals, st.booleans())
def test_itemised_score_only_and_reference_agree(five, crib):
    hand, starter = five[:4], five[4]
    result = score_show(hand, starter, crib)
    assert result.total == sum(item.points for item in result.items)
    assert result.total == show_total(hand, starter, crib) == reference_total(hand, starter, crib)


@given(deals, st.booleans())
def test_the_groups_share_out_every_item_once(five, crib):
    result = score_show(five[:4], five[4], crib)
    grouped = [item for group in result.groups for item in group.items]
    assert sorted(map(id, grouped)) == sorted(map(id, result.items))
    assert sum(group.points for group in result.groups) == result.total
    for group in result.groups:
        assert sum(points for _, points in group.parts) in (0, group.points)


@given(deals, st.booleans(), st.permutations(list(Suit)), st.randoms(use_true_random=False))
def test_count_is_unchanged_by_reordering_or_renaming_suits(five, crib, suits, rng):
    hand, starter = five[:4], five[4]
    expected = score_show(hand, starter, crib).total
    shuffled = list(hand)
    rng.shuffle(shuffled)
    assert score_show(shuffled, starter, crib).total == expected
    rename = dict(zip(Suit, suits, strict=True))
    renamed = [Card(c.rank, rename[c.suit]) for c in five]
    assert score_show(renamed[:4], renamed[4], crib).total == expected


@given(deals, st.booleans())
def test_totals_are_never_impossible(five, crib):
    total = show_total(five[:4], five[4], crib)
    assert 0 <= total <= 29
    assert total not in {19, 25, 26, 27}


def test_itemised_and_score_only_agree_on_a_million_deal_sample_of_every_kind():
    rng = random.Random(20261130)
    for _ in range(20_000):
        five = rng.sample(DECK, 5)
        for crib in (False, True):
            assert score_show(five[:4], five[4], crib).total == reference_total(
                five[:4], five[4], crib
            )


def test_every_ordering_of_the_29_hand_counts_29():
    cards = parse_cards("5H 5C 5S JD")
    for order in permutations(cards):
        assert show_total(order, card("5D")) == 29


def test_the_points_of_every_rank_multiset_are_those_of_its_items_listed():
    """The quick count the computer uses agrees with the count shown item by item, for
    every multiset of up to five ranks a deck can give."""
    for size in range(6):
        for ranks in combinations_with_replacement(range(1, 14), size):
            if any(ranks.count(rank) > 4 for rank in ranks):
                continue
            assert _rank_points(ranks) == sum(item[2] for item in _rank_items(ranks)), ranks
