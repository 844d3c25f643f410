import pytest


def seed_games(monkeypatch) -> None:
    """Games dealt from a known seed (a game's own is random), so each test is the same."""
    seeds = iter(f"review-{n}" for n in range(100))
    monkeypatch.setattr("games.services.secrets.token_hex", lambda _: next(seeds))


@pytest.fixture
def seeded(monkeypatch):
    """Games dealt from a known seed (a game's own is random), so each test is the same."""
    seed_games(monkeypatch)
