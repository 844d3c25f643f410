"""The games of a database made before the squash keep their figures and skill.

The database is the one the removed migrations left (tests/migrating.py): its games were
stored as before games 0005, then games 0005-0008 filled each game's figures from its state
and moved the skill figures of its review into a column of their own.
"""

import pytest

from games.models import Game
from games.progress import FIGURES, game_figures
from games.review import skill_figures
from tests.migrating import has_old_chain, migrate, old_chain_database

pytestmark = [has_old_chain, pytest.mark.django_db(transaction=True)]


def test_the_migration_fills_the_figures_of_the_games_there_are():
    old_chain_database()
    migrate()
    games = list(Game.objects.order_by("pk"))
    assert [game.is_over for game in games] == [True, True, False]
    for game in games:
        assert Game.objects.filter(pk=game.pk).values(*FIGURES).get() == game_figures(game.engine)
    played = game_figures(games[0].engine)
    assert played["pone_deals"] + played["dealer_deals"] > 0


def test_the_migrations_keep_the_skill_of_the_reviews_there_are():
    old_chain_database()
    migrate()
    skills = []
    for game in Game.objects.order_by("pk"):
        figures = skill_figures(game.review.get("deals", []))
        assert game.skill == (figures and {"evaluation": game.review["evaluation"], **figures})
        assert "skill" not in game.review
        skills.append(game.skill is not None)
    assert skills == [True, True, False]
