import pytest

from tests.factories import PASSWORD, UserFactory


@pytest.fixture
def guessme(db):
    """The account the log-in tests guess the password of."""
    return UserFactory(username="guessme", password=PASSWORD)
