import pytest

from tests.factories import AttemptFactory, DealFactory

pytestmark = pytest.mark.django_db

# "Which did you miss?" as the marks kept it, for 2 points among fifteens and pairs.
ASKED = {
    "short": 2,
    "points": 2,
    "choices": [{"patterns": ["fifteen-2"], "what": "a fifteen"}],
    "among": ["fifteen-2"],
}


def test_a_short_claim_keeps_its_question_until_answered(player):
    deal = DealFactory(user=player, hand="5H 5C 6D JS", starter="QH")
    attempt = AttemptFactory(deal=deal, claimed=deal.show.total - 2, marks={"question": ASKED})
    assert attempt.question.short == 2


def test_a_right_total_marked_before_the_rule_asks_nothing(player):
    # An itemised claim with the total right was asked "Which did you miss?" before the
    # marking stopped asking it: the answer saved then still asks nothing.
    deal = DealFactory(user=player, hand="5H 5C 6D JS", starter="QH")
    attempt = AttemptFactory(deal=deal, marks={"question": ASKED})
    assert attempt.right_total
    assert attempt.question is None
