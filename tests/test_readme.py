"""README.md: players first, with the phone pictures the browser tests take."""

import re
from pathlib import Path

from tests.browser import README_SHOTS, SCREENSHOTS

README = Path(__file__).resolve().parents[1] / "README.md"


def test_make_run_and_make_test_come_first():
    text = README.read_text(encoding="utf-8")
    first_block = text[text.index("```sh") : text.index("```", text.index("```sh") + 5)]
    assert "make run" in first_block and "make test" in first_block
    assert text.index("```sh") < text.index("\n## ")


def test_the_players_part_comes_before_the_operators():
    headings = re.findall(r"^## (.+)$", README.read_text(encoding="utf-8"), re.M)
    players = ["At the table: count a hand", "At the table: count the round", "Practise"]
    operators = ["Make targets", "Configuration", "Deploying"]
    where = {
        name: next(n for n, h in enumerate(headings) if h.startswith(name))
        for name in [*players, *operators]
    }
    assert max(where[name] for name in players) < min(where[name] for name in operators)


def test_every_picture_is_one_the_browser_tests_take_and_is_committed():
    shown = re.findall(r'src="tests/screenshots/([^"]+)\.png"', README.read_text(encoding="utf-8"))
    assert set(shown) == README_SHOTS
    for name in shown:
        assert (SCREENSHOTS / f"{name}.png").is_file(), name


def test_every_link_to_a_file_of_the_project_finds_it():
    for page in [README, *sorted((README.parent / "docs").glob("*.md"))]:
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            assert (page.parent / target).is_file(), f"{page.name}: {target}"
