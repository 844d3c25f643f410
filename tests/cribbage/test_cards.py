import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribbage.cards import (
    DECK,
    Card,
    CardError,
    Rank,
    Suit,
    card,
    format_cards,
    parse_card,
    parse_cards,
    read_typed,
    split_tokens,
)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("5H", "5H"),
        ("5h", "5H"),
        ("10H", "TH"),
        ("TH", "TH"),
        ("th", "TH"),
        ("5♥", "5H"),
        ("J♦", "JD"),
        ("jd", "JD"),
        ("a♠", "AS"),
        ("K♣", "KC"),
        ("10♡", "TH"),
        ("Q♥️", "QH"),  # emoji presentation selector after the suit
    ],
)
def test_parse_card_accepts_the_notations_players_type(text, code):
    assert parse_card(text).code == code


NOT_A_CARD = [
    ("1H", "'1H' is not a card: ranks are A 2-10 J Q K"),
    ("11S", "'11S' is not a card: ranks are A 2-10 J Q K"),
    ("5X", "'5X' is not a card: suits are C D H S (or ♣ ♦ ♥ ♠)"),
    ("H", "'H' is not a card: write a rank and a suit, like 5H or J♦"),
    ("5", "'5' is not a card"),
]
NOT_CARDS_TYPED = [
    ("5h 5c 5x jd", "'5x' is not a card: suits are C D H S (or ♣ ♦ ♥ ♠)"),
    ("5h5c5x", "'5x' is not a card: suits are"),
    ("zz", "'zz' is not a card: ranks are A (or 1), 2-9, 10 (or T or 0), J, Q, K"),
    ("5h 11s", "'11s' is not a card: ranks are"),
    ("12h", "'12h' is not a card: ranks are"),
    ("5h5", "'5' is not a card: write a rank and a suit"),
    ("10", "'10' is not a card: write a rank and a suit"),
    ("hello", "'hello' is not a card: ranks are"),
]


@pytest.mark.parametrize(
    ("read", "text", "message"),
    [(parse_card, *bad) for bad in NOT_A_CARD] + [(read_typed, *bad) for bad in NOT_CARDS_TYPED],
)
def test_parse_card_and_read_typed_name_the_piece_that_is_not_a_card(read, text, message):
    with pytest.raises(CardError) as raised:
        read(text)
    assert str(raised.value).startswith(message)


def test_error_for_a_huge_or_unprintable_token_stays_short_and_printable():
    with pytest.raises(CardError) as raised:
        parse_card("\x00" + "9" * 10_000 + "H")
    message = str(raised.value)
    assert len(message) < 100
    assert message.isprintable()


def test_parse_cards_splits_on_spaces_and_commas():
    cards = parse_cards("5h, 5c 5s,JD ,  5d")
    assert format_cards(cards) == "5H 5C 5S JD 5D"
    assert parse_cards(["5h,5c", "5s"]) == (card("5H"), card("5C"), card("5S"))


def test_parse_cards_rejects_duplicates_whatever_the_spelling():
    with pytest.raises(CardError, match="5H appears twice"):
        parse_cards("5H 6C 5♥")


def test_parse_cards_rejects_the_wrong_number_of_cards():
    with pytest.raises(CardError, match="expected 5 cards, got 4"):
        parse_cards("5H 5C 5S JD", count=5)
    with pytest.raises(CardError, match="expected 5 cards, got 6"):
        parse_cards("5H 5C 5S JD 5D 6D", count=5)


def test_the_deck_holds_52_distinct_cards_in_rank_then_suit_order():
    assert len(DECK) == len(set(DECK)) == 52
    assert list(DECK) == sorted(DECK)
    assert [c.index for c in DECK] == list(range(52))
    assert DECK[0].code == "AC" and DECK[-1].code == "KS"


def test_cards_are_interned_immutable_values():
    five = card("5H")
    assert Card(Rank.FIVE, Suit.HEARTS) is five
    assert Card(5, "H") is five
    assert pickle.loads(pickle.dumps(five)) is five
    assert copy.deepcopy(five) is five
    with pytest.raises(AttributeError):
        five.rank = Rank.SIX


def test_card_labels():
    ten = card("TH")
    assert (str(ten), repr(ten), ten.short_label, ten.label) == (
        "TH",
        "Card('TH')",
        "10♥",
        "ten of hearts",
    )
    assert card("QS").value == 10 and card("AC").value == 1 and card("9D").value == 9
    assert ten.suit.is_red and not card("QS").suit.is_red


# --- read_typed: the forgiving reading of typed cards ---------------------------------

RANK_SPELLINGS = {
    Rank.ACE: ["A", "a", "1"],
    Rank.TEN: ["10", "T", "t", "0"],
    **{rank: [rank.letter, rank.letter.lower()] for rank in Rank if rank.letter.isalpha()},
    **{rank: [rank.letter] for rank in Rank if rank.letter.isdigit() and rank is not Rank.TEN},
}
SUIT_SPELLINGS = {
    Suit.CLUBS: ["C", "c", "♣", "♧"],
    Suit.DIAMONDS: ["D", "d", "♦", "♢"],
    Suit.HEARTS: ["H", "h", "♥", "♡", "♥\ufe0f"],
    Suit.SPADES: ["S", "s", "♠", "♤"],
}


@st.composite
def typed_cards(draw) -> tuple[list[Card], str]:
    """Distinct cards, each spelt any way a player may, run together or apart."""
    cards = draw(st.lists(st.sampled_from(DECK), min_size=1, max_size=8, unique=True))
    text = draw(st.sampled_from(["", " ", "  "]))
    for each in cards:
        text += draw(st.sampled_from(RANK_SPELLINGS[each.rank]))
        text += draw(st.sampled_from(SUIT_SPELLINGS[each.suit]))
        text += draw(st.sampled_from(["", "", " ", ",", ", ", " ,", "\t"]))
    return cards, text


@given(typed_cards())
def test_read_typed_reads_every_spelling_run_together_or_apart(case):
    cards, text = case
    assert list(read_typed(text)) == cards


@given(st.lists(st.sampled_from(DECK), max_size=6, unique=True))
def test_read_typed_reads_the_canonical_and_printed_forms(cards):
    assert read_typed(format_cards(cards)) == tuple(cards)
    assert read_typed("".join(c.short_label for c in cards)) == tuple(cards)


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("5h5c5sjd5d", "5H 5C 5S JD 5D"),
        ("1h 1c", "AH AC"),
        ("10h0sTd", "TH TS TD"),
        ("10♥,j♦ , Q♠️", "TH JD QS"),
        ("", ""),
        (" , ", ""),
    ],
)
def test_read_typed_examples(text, codes):
    assert format_cards(read_typed(text)) == codes


@given(st.text(max_size=40))
def test_read_typed_reads_cards_or_names_a_short_printable_piece(text):
    try:
        read_typed(text)
    except CardError as error:
        message = str(error)
        assert message.isprintable()
        assert len(message) < 120


def test_the_strict_parser_still_refuses_1_for_an_ace():
    with pytest.raises(CardError, match="ranks are A 2-10 J Q K"):
        parse_card("1H")
    assert read_typed("1H") == (card("AH"),)


@pytest.mark.parametrize("text", ["5❤", "5❤️", "5 h", "5 H", "5 ♥", " 5  h "])
def test_the_five_of_hearts_however_a_phone_types_it(text):
    assert read_typed(text) == (card("5H"),)
    assert parse_cards(text) == (card("5H"),)


def test_a_rank_and_suit_typed_apart_stay_one_card_among_others():
    assert read_typed("5 h 5c 10 d, j s") == tuple(card(c) for c in ("5H", "5C", "TD", "JS"))
    assert split_tokens("5h go 5 c go") == ["5h", "go", "5c", "go"]
    with pytest.raises(CardError, match="'5' is not a card"):
        read_typed("5 5h")  # a rank alone before a card is not joined to it
