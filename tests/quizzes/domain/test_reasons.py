from cribbage.cards import card, parse_cards
from cribbage.discard import discard_options
from cribbage.seating import Role
from quizzes.domain.lays import LayPosition, grade_lay
from quizzes.domain.reasons import lay_reason, throw_reason


def test_the_best_throw_is_said_by_what_the_keep_counts_and_what_the_crib_gets():
    options = discard_options(parse_cards("5H 5D JS 4C KD 9S"), Role.DEALER)
    best = options[0]
    said = throw_reason(best, best, right=True, crib="your crib", own_crib=True)
    assert said.startswith("The four you keep count ")
    assert f"{best.hand_ev:.1f} on average with the starter" in said
    assert f"your crib {best.crib_ev:.1f} on average." in said


def test_a_worse_throw_is_said_against_the_best_in_points_of_the_hand_and_the_crib():
    options = discard_options(parse_cards("5H 5D JS 4C KD 9S"), Role.PONE)
    best, worst = options[0], options[-1]
    said = throw_reason(best, worst, right=False, crib="the dealer's crib", own_crib=False)
    throw = " and ".join(card.short_label for card in best.throw)
    assert said.startswith(f"Throwing {throw} was best: the four it keeps ")
    gap = best.hand_ev - worst.hand_ev
    assert f"{abs(gap):.1f} {'more' if gap > 0 else 'less'} than yours" in said
    assert "the dealer's crib" in said and said.endswith(" yours.")
    assert said.count(". ") == 0


def test_a_card_laid_is_said_by_why_the_best_is_best_and_what_yours_loses():
    # The dealer on the pone's nine, holding 8 K 4 4: the eight opens a run.
    position = LayPosition.read("9D", parse_cards("8C KS 4H 4D"), card("QH"), parse_cards("2S 3S"))
    grade = grade_lay(position, card("8C"))
    said = lay_reason(position, card("8C"), grade.best_card, grade.values)
    assert said.startswith(f"Lay the {grade.best_card.short_label}: ")
    gap = grade.values[int(grade.best_card.rank)] - grade.values[8]
    assert "the 8 would give the opponent a run of three" in said
    assert said.endswith(f"; your 8♣ pegs {gap:.1f} less over the rest of the play, on average.")
    assert "the computer" not in said


def test_the_best_card_laid_is_said_by_why():
    position = LayPosition.read("9D", parse_cards("8C KS 4H 4D"), card("QH"), parse_cards("2S 3S"))
    best = grade_lay(position, card("8C")).best_card
    grade = grade_lay(position, best)
    said = lay_reason(position, best, best, grade.values)
    assert said.startswith(f"The {best.short_label} is the card: ") and said.endswith(".")
