from cribbage.cards import card, parse_cards
from cribbage.muggins import play_claim_said, show_claim_said
from cribbage.pegging import PegItem, PegKind
from cribbage.show import score_show


def test_a_fifteen_left_unpegged_is_said_with_its_card_and_who_took_it():
    said = play_claim_said(
        card("2D"), (PegItem(PegKind.FIFTEEN, 2),), 0, count=15, opponent="the computer"
    )
    assert said == ("Your 2♦ made fifteen — 2. You pegged 0: the computer takes the 2 (muggins).")


def test_a_claim_in_the_play_short_of_two_items_and_one_over():
    items = (PegItem(PegKind.FIFTEEN, 2), PegItem(PegKind.PAIR, 2))
    assert play_claim_said(card("5C"), items, 2, opponent="the computer") == (
        "Your 5♣ made fifteen and a pair — 4. You pegged 2: the computer takes the 2 (muggins)."
    )
    assert play_claim_said(card("7H"), (), 2, count=14) == (
        "Your 7♥ made nothing: the count is 14. You claimed 2: 2 too many, corrected to 0."
    )


def test_the_go_and_the_last_card_in_the_play():
    go = play_claim_said(card("9S"), (PegItem(PegKind.GO, 1),), 0, go=True, opponent="X")
    assert go == (
        "The go is yours, your 9♠ the last card laid: one for the go — 1. "
        "You pegged 0: X takes the 1 (muggins)."
    )
    last = (PegItem(PegKind.PAIR, 2), PegItem(PegKind.LAST_CARD, 1))
    assert play_claim_said(card("9S"), last, 3).startswith(
        "Your 9♠ made a pair and one for last — 3."
    )


def test_a_short_hand_count_and_an_over_claimed_crib():
    hand = score_show(parse_cards("5H 6D 6C 7S"), card("9D"))
    assert show_claim_said(hand, 10, opponent="the computer") == (
        "Your hand is 12: fifteen two, fifteen four and a double run is twelve. "
        "You claimed 10: the computer takes 2 (muggins)."
    )
    crib = score_show(parse_cards("9H TD JC QS"), card("2D"), crib=True)
    assert show_claim_said(crib, 6) == (
        "Your crib is 4: a run of four is four. You claimed 6: 2 too many, corrected to 4."
    )


def test_a_claim_for_a_hand_of_nothing_is_corrected():
    hand = score_show(parse_cards("2H 4D 8C QS"), card("KD"))
    assert show_claim_said(hand, 2) == (
        "Your hand scores nothing: nineteen, as players say. "
        "You claimed 2: 2 too many, corrected to 0."
    )
