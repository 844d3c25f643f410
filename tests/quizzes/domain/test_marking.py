from counter.cribbage.cards import parse_cards
from counter.cribbage.show import score_show
from quizzes.domain.marking import Answer, AnswerStyle, mark_answer
from quizzes.domain.patterns import Category, Pattern, patterns_of


def show(text: str, crib: bool = False):
    cards = parse_cards(text)
    return score_show(cards[:4], cards[4], crib=crib)


def test_a_right_total_misses_nothing():
    marking = mark_answer(show("5H 5C 5S JD 5D"), Answer(total=29))
    assert marking.right
    assert marking.missed == frozenset()


def test_a_wrong_total_misses_every_pattern():
    result = show("5H 5C 5S JD 5D")
    marking = mark_answer(result, Answer(total=28))
    assert not marking.right
    assert marking.missed == frozenset(patterns_of(result))


def test_itemised_answer_misses_only_the_categories_it_got_wrong():
    # 3-4-4-5 + K: fifteens 2, pairs 2, runs 6.
    result = show("3C 4D 4H 5S KC")
    answer = Answer.itemised({Category.FIFTEENS: 2, Category.PAIRS: 2, Category.RUNS: 3})
    marking = mark_answer(result, answer)
    assert not marking.right
    assert marking.missed == {Pattern.DOUBLE_RUN}
    runs = next(m for m in marking.categories if m.category is Category.RUNS)
    assert (runs.claimed, runs.correct, runs.missed, runs.over_claimed) == (3, 6, 3, 0)


def test_over_claiming_a_crib_four_flush_misses_that_rule():
    result = show("2H 4H 6H 8H KC", crib=True)
    marking = mark_answer(result, Answer.itemised({Category.FIFTEENS: 2, Category.FLUSH: 4}))
    assert marking.missed == {Pattern.CRIB_FOUR_FLUSH}
    flush = next(m for m in marking.categories if m.category is Category.FLUSH)
    assert flush.over_claimed == 4


def test_claiming_nobs_for_a_jack_starter_misses_heels():
    result = show("2H 4D 6C 8S JC")
    marking = mark_answer(result, Answer.itemised({Category.NOBS: 2}))
    assert marking.missed == {Pattern.HEELS}


def test_itemised_answer_totals_its_parts():
    answer = Answer.itemised({Category.FIFTEENS: 6, Category.NOBS: 1})
    assert answer.total == 7
    assert answer.points[Category.RUNS] == 0


def test_an_answer_knows_its_style():
    assert Answer(total=4).style is AnswerStyle.TOTAL
    assert Answer.itemised({}).style is AnswerStyle.ITEMISED
    assert AnswerStyle.TOTAL.other is AnswerStyle.ITEMISED
