import pytest
from hypothesis import given
from hypothesis import strategies as st

from counter.cribbage.cards import DECK, CardError, parse_cards
from counter.cribbage.pegging import PeggingError, PegKind, peg_sequence, score_play


def scored(series_text, card_text):
    series = parse_cards(series_text) if series_text else ()
    (card,) = parse_cards(card_text)
    return {item.kind: item.points for item in score_play(series, card)}


def test_fifteen_and_thirty_one_score_two():
    assert scored("8H", "7C") == {PegKind.FIFTEEN: 2}
    assert scored("KH QC 5D", "6S") == {PegKind.THIRTY_ONE: 2}


def test_pairs_count_back_from_the_card_laid():
    assert scored("7H", "7C") == {PegKind.PAIR: 2}
    assert scored("7H 7C", "7D") == {PegKind.PAIR: 6}
    assert scored("2H 2C 2D", "2S") == {PegKind.PAIR: 12}
    assert scored("7H 7C 8D", "7S") == {}


def test_thirty_one_for_two_with_a_pair():
    assert scored("KH QC 4D 4S", "3C") == {PegKind.THIRTY_ONE: 2}
    assert scored("KH KC 3D 4S", "4C") == {PegKind.THIRTY_ONE: 2, PegKind.PAIR: 2}


def test_runs_in_any_order():
    assert scored("6H 4C", "5D") == {PegKind.FIFTEEN: 2, PegKind.RUN: 3}
    assert scored("3H 5C 6D", "4S") == {PegKind.RUN: 4}
    assert scored("KH 2C 4D 3S", "AC") == {PegKind.RUN: 4}


def test_a_repeated_rank_breaks_the_run():
    assert scored("2H 3C 3D", "4S") == {}
    assert scored("2H 3C 4D 3S", "5S") == {PegKind.RUN: 3}


def test_a_run_of_seven():
    assert scored("AH 2C 3D 4S 5C 6C", "7S") == {PegKind.RUN: 7}
    assert scored("7H 6C 5D 4S 3C 2C", "AS") == {PegKind.RUN: 7}


def test_a_card_may_not_take_the_count_past_31():
    with pytest.raises(PeggingError, match="5H would make the count 35"):
        score_play(parse_cards("KH QH JH"), parse_cards("5H")[0])


def test_go_point_goes_to_the_last_card_and_resets_the_count():
    plays = peg_sequence("KH QC 9D go 5S 5C".split())
    assert [(p.card.code, p.count, p.points) for p in plays] == [
        ("KH", 10, 0),
        ("QC", 20, 0),
        ("9D", 29, 1),
        ("5S", 5, 0),
        ("5C", 10, 2),
    ]
    assert plays[2].items[-1].kind is PegKind.GO


def test_cards_of_an_old_series_no_longer_combine():
    plays = peg_sequence("KH QC 5D go 5S".split())
    assert plays[-1].points == 0  # 5S does not pair the 5D laid before the go


def test_thirty_one_resets_by_itself_and_scores_no_go():
    plays = peg_sequence("KH QC JD AS 5C".split())
    assert [item.kind for item in plays[3].items] == [PegKind.THIRTY_ONE]
    assert plays[3].points == 2
    assert plays[4].count == 5


def test_go_with_no_card_laid_since_the_reset_is_an_error():
    with pytest.raises(PeggingError, match="'go' with no card laid"):
        peg_sequence(["go"])
    with pytest.raises(PeggingError, match="'go' with no card laid"):
        peg_sequence("KH QC JD AS go".split())
    with pytest.raises(PeggingError, match="'go' with no card laid"):
        peg_sequence("KH go go".split())


def test_a_card_laid_twice_is_an_error():
    with pytest.raises(CardError, match="5H appears twice"):
        peg_sequence("5H go 5H".split())


@given(st.permutations(DECK))
def test_any_play_scores_within_the_rules(deck):
    series = []
    for card in deck[:12]:
        if sum(c.value for c in series) + card.value > 31:
            series = []
        items = score_play(series, card)
        for item in items:
            if item.kind is PegKind.RUN:
                assert 3 <= item.points <= 7
            if item.kind is PegKind.PAIR:
                assert item.points in (2, 6, 12)
        series.append(card)
        assert sum(c.value for c in series) <= 31
