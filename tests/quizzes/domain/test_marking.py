from hypothesis import example, given
from hypothesis import strategies as st

from cribbage.cards import parse_card, parse_cards
from cribbage.show import ShowKind, score_show
from quizzes.domain.marking import (
    Answer,
    AnswerStyle,
    explanations,
    mark_answer,
    over_claim_slips,
    pattern_question,
    shortfall_slips,
)
from quizzes.domain.patterns import Category, Pattern, patterns_of
from tests.cribbage.strategies import deals

P = Pattern


def show(text: str, crib: bool = False):
    cards = parse_cards(text)
    return score_show(cards[:4], cards[4], crib=crib)


def itemised(**points):
    return Answer.itemised({Category(name): value for name, value in points.items()})


# --- totals ---------------------------------------------------------------------------------


def test_a_right_total_misses_nothing():
    marking = mark_answer(show("5H 5C 5S JD 5D"), Answer(total=29))
    assert marking.right
    assert (marking.missed, marking.unknown) == (frozenset(), frozenset())


def test_a_wrong_total_one_thing_explains_marks_only_that():
    marking = mark_answer(show("5H 5C 5S JD 5D"), Answer(total=28))
    assert not marking.right
    assert marking.missed == {P.NOBS}
    assert marking.unknown == frozenset()
    assert marking.explained == ("one for his nobs",)
    assert marking.difference == -1


def test_when_several_explanations_fit_the_player_is_asked():
    result = show("4C 6D 5D 4S 9C")  # fifteens 6, a double run 8: 14
    marking = mark_answer(result, Answer(total=12))
    assert marking.missed == frozenset()
    assert marking.unknown == frozenset(patterns_of(result))
    question = marking.question
    assert question.prompt == "Which did you miss? You left out 2 points."
    assert {choice.patterns for choice in question.choices} == {
        (P.FIFTEEN_OF_TWO,),
        (P.FIFTEEN_OF_THREE,),
        (P.DOUBLE_RUN,),
    }
    pair = next(n for n, c in enumerate(question.choices) if c.patterns == (P.DOUBLE_RUN,))
    answered = marking.answered(pair)
    assert answered.missed == {P.DOUBLE_RUN}
    assert answered.unknown == frozenset()
    assert answered.question is None


def test_a_miss_nothing_explains_marks_nothing():
    marking = mark_answer(show("4C 6D 5D 4S 9C"), Answer(total=3))
    assert (marking.missed, marking.question, marking.explained) == (frozenset(), None, ())
    assert marking.unknown == frozenset(patterns_of(show("4C 6D 5D 4S 9C")))


def test_over_claiming_a_crib_four_flush_by_four_is_that_rule():
    result = show("2H 4H 6H 8H KC", crib=True)
    marking = mark_answer(result, Answer(total=result.total + 4))
    assert marking.missed == {P.CRIB_FOUR_FLUSH}
    assert marking.difference == 4


def test_known_over_claims_are_recognised():
    cases = [
        ("2H 4H 6H 8S TH", 4, P.THREE_SUITED_AND_STARTER),  # three suited and the starter
        ("2H 4D 6C 8S JC", 1, P.HEELS),  # nobs for the jack turned up
        ("2H 4D 6C 8S JC", 2, P.HEELS),  # heels in the count
        ("3H 4C 4S 5D KH", 2, P.DOUBLE_RUN),  # the pair again beside the double run
        ("3H 4C 5S 6D KH", 2, P.RUN_OF_FOUR),  # a run of four as two runs of three
    ]
    for cards, over, pattern in cases:
        result = show(cards)
        marking = mark_answer(result, Answer(total=result.total + over))
        assert marking.missed == {pattern}, cards


def test_nineteen_is_a_hand_of_nothing():
    nothing = mark_answer(show("2C 4D 6S 8H KC"), Answer(total=19))
    assert nothing.right and nothing.nineteen
    something = mark_answer(show("2C 3D 6S 8H 9C"), Answer(total=19))
    assert not something.right
    assert something.difference == -2  # read as 0: the fifteen 6-9 left out
    assert something.missed == {P.FIFTEEN_OF_TWO}


# --- itemised ---------------------------------------------------------------------------------


def test_a_double_run_counted_with_its_pair_or_under_pairs_is_right():
    result = show("4C 6D 5D 4S 9C")
    assert mark_answer(result, itemised(fifteens=6, runs=8)).right
    assert mark_answer(result, itemised(fifteens=6, pairs=2, runs=6)).right


def test_a_right_total_with_a_wrong_split_is_wrong_but_says_the_total_is_right():
    result = show("4C 6D 5D 4S 9C")
    marking = mark_answer(result, itemised(fifteens=4, runs=10))
    assert not marking.right
    assert marking.right_total
    wrong = {mark.category for mark in marking.categories if not mark.right}
    assert wrong == {Category.FIFTEENS, Category.RUNS}
    assert P.DOUBLE_RUN in marking.missed  # the pair counted again


def test_a_right_total_split_wrongly_asks_nothing_about_points_missed():
    # Three fifteens (6) and a pair (2): a fifteen's 2 points said under pairs instead.
    result = show("2C 2D 6H 7S 9D")
    marking = mark_answer(result, itemised(fifteens=4, pairs=4))
    assert not marking.right
    assert marking.right_total
    assert marking.question is None
    assert marking.split == ("fifteens 6, not 4", "pairs 2, not 4")
    # A wrong total split among several fifteens is still asked about.
    short = mark_answer(result, itemised(fifteens=4, pairs=2))
    assert short.question.prompt == "Which did you miss? You left out 2 points."


def test_itemised_answer_misses_only_the_categories_it_got_wrong():
    # 3-4-4-5 + K: fifteens 2, and a double run 8 (its pair under runs or pairs).
    result = show("3C 4D 4H 5S KC")
    marking = mark_answer(result, itemised(fifteens=2, pairs=2, runs=3))
    assert not marking.right
    assert marking.missed == {P.DOUBLE_RUN}
    runs = next(m for m in marking.categories if m.category is Category.RUNS)
    assert (runs.claimed, runs.correct, runs.missed, runs.over_claimed) == (3, 6, 3, 0)


def test_over_claiming_a_crib_four_flush_misses_that_rule():
    result = show("2H 4H 6H 8H KC", crib=True)
    marking = mark_answer(result, itemised(fifteens=2, flush=4))
    assert marking.missed == {P.CRIB_FOUR_FLUSH}
    flush = next(m for m in marking.categories if m.category is Category.FLUSH)
    assert flush.over_claimed == 4


def test_claiming_nobs_for_a_jack_starter_misses_heels():
    marking = mark_answer(show("2H 4D 6C 8S JC"), itemised(nobs=1))
    assert marking.missed == {P.HEELS}


def test_itemised_answer_totals_its_parts():
    answer = Answer.itemised({Category.FIFTEENS: 6, Category.NOBS: 1})
    assert answer.total == 7
    assert answer.points[Category.RUNS] == 0


def test_an_answer_knows_its_style():
    assert Answer(total=4).style is AnswerStyle.TOTAL
    assert Answer.itemised({}).style is AnswerStyle.ITEMISED
    assert AnswerStyle.TOTAL.other is AnswerStyle.ITEMISED


# --- properties ---------------------------------------------------------------------------


@given(deals, st.booleans(), st.data())
def test_leaving_out_one_group_is_found(five, crib, data):
    """Leave out any one scoring group: the marking names its pattern for certain, or offers
    it among the choices; it never blames a pattern the count does not have."""
    result = score_show(five[:4], five[4], crib)
    if not result.groups:
        return
    group = data.draw(st.sampled_from(result.groups))
    marking = mark_answer(result, Answer(total=result.total - group.points))
    pattern = Pattern(group.key)
    assert marking.missed <= set(patterns_of(result))
    if marking.question is None:
        assert pattern in marking.missed
    else:
        assert any(pattern in choice.patterns for choice in marking.question.choices)


@given(deals, st.booleans(), st.integers(min_value=-29, max_value=29))
def test_every_explanation_adds_up_to_the_difference(five, crib, difference):
    result = score_show(five[:4], five[4], crib)
    slips = shortfall_slips(result) if difference < 0 else over_claim_slips(result)
    for found in explanations(slips, abs(difference)):
        assert sum(slip.points for slip in found) == abs(difference)
        assert len({slip.group for slip in found}) == len(found)


KIND_CATEGORY = {
    ShowKind.FIFTEEN: Category.FIFTEENS,
    ShowKind.PAIR: Category.PAIRS,
    ShowKind.RUN: Category.RUNS,
    ShowKind.FLUSH: Category.FLUSH,
    ShowKind.NOBS: Category.NOBS,
}


@given(deals, st.booleans())
@example(parse_cards("4C 6D 5D 4S 9C"), False)  # a double run of three
@example(parse_cards("3C 3D 4H 4S 5C"), True)  # a double-double run
@example(parse_cards("4H 4C 4S 5D 6C"), False)  # a triple run
@example(parse_cards("AH 2H 3H 4H 4C"), False)  # a double run of four, with the flush
@example(parse_cards("2C 4D 6H 8S TC"), False)  # nothing: 19
def test_a_right_count_is_marked_right_whichever_way_its_pairs_are_split(five, crib):
    """Built from the atomic items (as `crib count --json` lists them), not the marking's
    own tables: the right total, and the right items with a multiple run's pairs under
    pairs or under runs, are always right and blame nothing."""
    result = score_show(five[:4], five[4], crib)
    under_pairs = dict.fromkeys(Category, 0)
    for item in result.items:
        under_pairs[KIND_CATEGORY[item.kind]] += item.points
    run_ranks = {
        card.rank for item in result.items if item.kind is ShowKind.RUN for card in item.cards
    }
    multiple_run = sum(item.kind is ShowKind.RUN for item in result.items) > 1
    inside_runs = sum(
        item.points
        for item in result.items
        if item.kind is ShowKind.PAIR and multiple_run and item.cards[0].rank in run_ranks
    )
    under_runs = {
        **under_pairs,
        Category.PAIRS: under_pairs[Category.PAIRS] - inside_runs,
        Category.RUNS: under_pairs[Category.RUNS] + inside_runs,
    }
    answers = [
        Answer(total=result.total),
        Answer.itemised(under_pairs),
        Answer.itemised(under_runs),
    ]
    if result.total == 0:
        answers.append(Answer(total=19))
    for answer in answers:
        marking = mark_answer(result, answer)
        assert marking.right, answer
        assert (marking.missed, marking.question) == (frozenset(), None)


def test_a_pattern_question_names_each_pattern_of_the_count():
    result = score_show(parse_cards("5H 5C JD 4S"), parse_card("6D"))
    question = pattern_question(result, -3)
    assert question.short and question.points == 3
    assert [c.patterns[0] for c in question.choices] == list(
        p for p in patterns_of(result) if p.scores
    )
    assert question.among == tuple(c.patterns[0] for c in question.choices)
    assert pattern_question(result, 0) is None


# --- "Which did you count wrongly?": what an over-claim added -------------------------------


def test_an_over_claim_is_asked_about_the_item_that_is_not_there_first():
    result = show("3C 3D 9H KS AD")  # a fifteen of three cards and a pair: 4
    marking = mark_answer(result, Answer(total=6))
    assert (marking.question, marking.explained) == (None, ())
    question = pattern_question(result, 2, marking.unknown)
    assert question.prompt == "Which did you count wrongly? You added 2 points too many."
    assert [choice.what for choice in question.choices] == [
        "a fifteen that is not there",
        "a pair that is not there",
        "too much for the fifteen of three cards",
        "too much for the pair",
    ]
    # An item not there records nothing missed: the answer settles the count's patterns.
    assert [choice.patterns for choice in question.choices[:2]] == [(), ()]
    assert set(question.among) == {P.FIFTEEN_OF_THREE, P.PAIR}


def test_an_itemised_over_claim_is_asked_about_the_items_the_player_typed():
    result = show("2C 2D 6H 7S 9D")  # fifteens 6 (one of two cards, two of three), a pair
    marking = mark_answer(result, itemised(fifteens=8, pairs=2))
    question = pattern_question(result, 2, marking.unknown, marking.categories)
    assert question.choices[0].what == "fifteens 8: the cards have 6"
    assert question.choices[0].patterns == ()
    flush = pattern_question(
        result,
        4,
        marking.unknown,
        mark_answer(result, itemised(fifteens=6, pairs=2, flush=4)).categories,
    )
    assert flush.choices[0].what == "flush 4: the cards have none"


def test_a_hand_of_nothing_over_claimed_is_asked_what_was_not_there():
    result = show("2H 4C 8D TS KD")
    question = pattern_question(result, 3)
    assert [choice.what for choice in question.choices] == ["a run of three that is not there"]
    assert question.among == ()
    assert [c.what for c in pattern_question(result, 7).choices] == [
        "7 points for items that are not there"
    ]


# Each item a count can claim that the cards do not hold, by the points it adds.
NOT_THERE_POINTS = {
    "a fifteen": 2,
    **{
        f"{word} fifteens": 2 * n
        for n, word in enumerate(("two", "three", "four", "five", "six", "seven", "eight"), 2)
    },
    "a pair": 2,
    "two pairs": 4,
    "a pair royal": 6,
    "a double pair royal": 12,
    "a run of three": 3,
    "a run of four": 4,
    "a run of five": 5,
    "a flush of four": 4,
    "a flush of five": 5,
    "one for his nobs": 1,
}


@given(deals, st.integers(min_value=1, max_value=29), st.booleans())
@example(parse_cards("3C 3D 9H KS AD"), 2, False)  # the issue's: a pair and a fifteen
@example(parse_cards("2H 4C 8D TS KD"), 2, False)  # a hand of nothing
@example(parse_cards("5H 5C 5S JD 5D"), 1, False)  # 29: nothing more to add but a point
def test_every_over_claim_of_a_total_asked_offers_the_items_not_there(cards, over, crib):
    """Whatever the cards and however much the total adds, when the marking cannot say
    what was added, the question offers first each item of one kind not in the cards that
    adds just that much (at least one choice naming points not there), each choice worth
    the points added."""
    result = score_show(cards[:4], cards[4], crib=crib)
    marking = mark_answer(result, Answer(total=result.total + over))
    if marking.explained or marking.question is not None:
        return  # the marking knows, or asks among the over-claims players are known for
    question = pattern_question(result, over, marking.unknown)
    assert question is not None and not question.short and question.points == over
    added = [choice for choice in question.choices if not choice.patterns]
    assert added and question.choices[: len(added)] == tuple(added)
    for choice in added:
        item = choice.what.removesuffix(" that is not there").removesuffix(" that are not there")
        assert NOT_THERE_POINTS.get(item, over if item == f"{over} points for items" else 0) == over
    assert len(question.choices) <= 4


@given(deals, st.lists(st.integers(min_value=0, max_value=12), min_size=5, max_size=5))
def test_every_itemised_over_claim_asked_offers_the_items_typed_over(cards, typed):
    """An itemised answer over the count, when the marking cannot say what was added, is
    asked about each item typed over what the cards score, in the player's figures."""
    result = score_show(cards[:4], cards[4])
    answer = Answer.itemised(dict(zip(Category, typed, strict=True)))
    marking = mark_answer(result, answer)
    if marking.difference <= 0 or marking.explained or marking.question is not None:
        return
    question = pattern_question(result, marking.difference, marking.unknown, marking.categories)
    over = [mark for mark in marking.categories if mark.over_claimed]
    assert over
    said = [choice.what for choice in question.choices if not choice.patterns]
    assert (
        said
        == [
            f"{mark.category.value} {mark.claimed}: the cards have {mark.correct or 'none'}"
            for mark in over
        ][: len(said)]
    )
    assert said
