"""The CSV export of a player's attempts."""

import csv
import io

import pytest
from django.contrib.auth import get_user_model

from tests.accounts.players import guest_answers
from tests.factories import AttemptFactory, DealFactory, UserFactory

pytestmark = pytest.mark.django_db
User = get_user_model()


def test_csv_export_has_one_row_per_attempt_of_the_player_only(client):
    user = UserFactory()
    client.force_login(user)
    deal = DealFactory(user=user, hand="3C 4D 4H 5S", starter="KC")
    client.post(f"/quiz/{deal.pk}/answer/", {"fifteens": "2", "pairs": "2", "runs": "3"})
    AttemptFactory()
    response = client.get("/accounts/attempts.csv")
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == 1
    row = rows[0]
    assert (row["hand"], row["starter"], row["counted_as"]) == ("3C 4D 4H 5S", "KC", "hand")
    assert (row["style"], row["claimed"], row["points"], row["right"]) == (
        "itemised",
        "7",
        "10",
        "no",
    )
    assert (row["runs"], row["flush"]) == ("3", "0")
    assert row["missed_patterns"] == "double-run"


def test_a_guest_can_export_their_attempts_too(client):
    guest_answers(client, ["3"])
    rows = list(csv.reader(io.StringIO(client.get("/accounts/attempts.csv").content.decode())))
    assert len(rows) == 2
