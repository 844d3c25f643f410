import random

import pytest


@pytest.fixture
def rng(monkeypatch):
    """A seeded random that the services deal lay positions from too: the same deals and
    answers each run."""
    seeded = random.Random(18)
    monkeypatch.setattr("quizzes.services.dealing.system_random", seeded)
    return seeded
