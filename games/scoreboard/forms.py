"""The scoreboard's forms: a new game's players and settings, an entry by number, a count
checked from its cards (the counter's picker), an undo, the next deal or game, and the
code a second phone follows by. Each says what is wrong in words; the rules themselves are
the engine's (``cribbage.scoreboard``), which the views ask."""

from __future__ import annotations

from django import forms

from counter.entry import Entry
from counter.forms import PicksForm
from cribbage.cards import Card, CardError, read_typed
from cribbage.scoreboard import (
    NAME_LENGTH,
    Action,
    Checked,
    Count,
    NextDeal,
    NextGame,
    Peg,
    ScoreError,
    What,
    first_dealer_by_cut,
)
from cribbage.show import MAX_SHOW
from quizzes.domain.marking import NINETEEN

from ..forms import match_length_field, players_field

MOST_PLAYERS = 4
KEY_LENGTH = 32
CUT = "cut"
"""The first dealer chosen by the cards each player cut."""
FIXED = (What.GO, What.LAST, What.THIRTY_ONE, What.HEELS)
"""What always pegs the same, in one tap."""
BY_NUMBER = (What.PLAY, What.HAND, What.CRIB, What.MUGGINS)
"""What pegs the number tapped."""


def _key_field() -> forms.CharField:
    # Tells a double tap (the same key again) from a new entry; empty for a plain repeat.
    return forms.CharField(required=False, max_length=KEY_LENGTH)


def _number(label: str, *, low: int = 0, high: int | None = None, required: bool = True):
    messages = {
        "required": f"Say the {label}.",
        "invalid": f"The {label} is a whole number.",
        "min_value": f"The {label} is {low} or more.",
    }
    if high is not None:
        messages["max_value"] = f"The {label} is {high} at most."
    return forms.IntegerField(
        min_value=low, max_value=high, required=required, error_messages=messages
    )


def first_error(form: forms.Form) -> str:
    """The form's first problem, in words."""
    for errors in form.errors.values():
        return errors[0]
    return ""


class NewScoreboardForm(forms.Form):
    """Two to four players named in turn order round the table (at four, partners sit
    opposite), who deals first (chosen, or by the cards cut), muggins, one game or a match,
    and which player is the one keeping the board, for their progress."""

    players = players_field(
        ("Two", "Three", "Four: partners sit opposite, players 1 and 3 against 2 and 4")
    )
    dealer = forms.ChoiceField(
        label="Deals first",
        choices=[
            *((str(n), f"Player {n}") for n in range(1, MOST_PLAYERS + 1)),
            (CUT, "The lowest card cut (enter each player's cut)"),
        ],
        initial="1",
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": "Choose who deals first: a player, or by the cut."},
    )
    muggins = forms.BooleanField(
        label="Muggins: points a player misses in a count, the next opponent may take",
        required=False,
    )
    length = match_length_field(wins=True)
    me = forms.ChoiceField(
        label="You are",
        choices=[
            *((str(n), f"Player {n}") for n in range(1, MOST_PLAYERS + 1)),
            ("", "Only keeping the score"),
        ],
        initial="1",
        required=False,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": "Choose which player you are, or none."},
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for n in range(1, MOST_PLAYERS + 1):
            self.fields[f"name_{n}"] = forms.CharField(
                label=f"Player {n}", required=False, max_length=NAME_LENGTH * 2
            )
            self.fields[f"cut_{n}"] = forms.CharField(
                label=f"Player {n} cut", required=False, max_length=8
            )
        self.first_dealer = 0

    def name_fields(self):
        return [self[f"name_{n}"] for n in range(1, MOST_PLAYERS + 1)]

    def cut_fields(self):
        return [self[f"cut_{n}"] for n in range(1, MOST_PLAYERS + 1)]

    def clean(self) -> dict:
        data = super().clean()
        if self.errors:
            return data
        players = data["players"]
        names = [data[f"name_{n}"] for n in range(1, players + 1)]
        data["names"] = names
        if data["dealer"] == CUT:
            self.first_dealer = self._cut(data, names)
        else:
            self.first_dealer = int(data["dealer"]) - 1
            if self.first_dealer >= players:
                raise forms.ValidationError(
                    f"Player {self.first_dealer + 1} deals first, at a table of {players}: "
                    f"choose one of the {players}."
                )
        me = data["me"]
        data["me"] = int(me) - 1 if me else None
        if data["me"] is not None and data["me"] >= players:
            raise forms.ValidationError(
                f"You are player {me}, at a table of {players}: choose one of the {players}, "
                "or none."
            )
        return data

    def _cut(self, data: dict, names: list[str]) -> int:
        cuts: list[Card] = []
        for n, name in enumerate(names, start=1):
            text = data[f"cut_{n}"].strip()
            who = name.strip() or f"player {n}"
            if not text:
                raise forms.ValidationError(f"Enter the card {who} cut, or choose who deals first.")
            try:
                card = read_typed(text)
            except CardError as error:
                raise forms.ValidationError(f"{who}'s cut: {error}.") from None
            if len(card) != 1:
                raise forms.ValidationError(f"{who}'s cut is one card, not “{text}”.")
            cuts.append(card[0])
        try:
            return first_dealer_by_cut(cuts, [name.strip() or "?" for name in names])
        except ScoreError as error:
            raise forms.ValidationError(str(error)) from None


class PegForm(forms.Form):
    """Points pegged in one tap: ``seat`` pegs ``points`` for ``what`` (the play, a hand,
    the crib or muggins), or ``fixed`` (a go, the last card, 31, heels) its own points."""

    seat = _number("player")
    what = forms.ChoiceField(
        required=False,
        choices=[(what.value, what.value) for what in BY_NUMBER],
        error_messages={
            "invalid_choice": "Points are pegged for the play, a hand, the crib "
            "or muggins, not “%(value)s”."
        },
    )
    points = _number("points", high=MAX_SHOW, required=False)
    fixed = forms.ChoiceField(
        required=False,
        choices=[(what.value, what.value) for what in FIXED],
        error_messages={"invalid_choice": "“%(value)s” is not a go, the last card, 31 or heels."},
    )
    key = _key_field()

    def clean(self) -> dict:
        data = super().clean()
        if self.errors:
            return data
        if data["fixed"]:
            what = What(data["fixed"])
            assert what.fixed is not None
            data["action"] = Peg(data["seat"], what, what.fixed, data["key"])
            return data
        if data["points"] is None:
            raise forms.ValidationError("Tap the points to peg.")
        if not data["what"]:
            raise forms.ValidationError(
                "Say what the points are for: the play, a hand or the crib."
            )
        data["action"] = Peg(data["seat"], What(data["what"]), data["points"], data["key"])
        return data

    @property
    def action(self) -> Action:
        return self.cleaned_data["action"]


class CheckForm(PicksForm):
    """A hand or the crib checked from its cards: the four and the starter (the counter's
    picker, ``counter.entry.Entry``), whose count it is (``seat``, ``crib``), what the
    player said it was (``said``, none to count it for them; 19 is what players call a
    hand of nothing), and, sent with the button that pegs it, ``peg``: the right count, or
    what was said with the rest taken by muggins."""

    picks_class = Entry
    full_hint = "The four and the starter are in: tap a card to take it out first."

    seat = _number("player", required=False)
    crib = forms.CharField(required=False, max_length=5)
    said = _number("count said", high=MAX_SHOW, required=False)
    peg = forms.ChoiceField(
        required=False,
        choices=[("right", "right"), ("muggins", "muggins")],
        error_messages={"invalid_choice": "Peg the right count, or take muggins."},
    )
    key = _key_field()

    @classmethod
    def start(cls, data: dict) -> Entry:
        return Entry(
            crib=data.get("crib", "").strip().lower() in {"1", "on", "true", "yes"},
            fill=data.get("fill", ""),
        )

    @property
    def entry(self) -> Entry:
        return self.picks

    @property
    def said_points(self) -> int | None:
        """What the player said, a nineteen read as the nothing it means."""
        said = self.cleaned_data.get("said") if self.is_bound and not self.errors else None
        return 0 if said == NINETEEN else said

    def checked(self) -> Checked | None:
        """The count to check, once its four cards and starter are in (``ScoreError``
        when the cards cannot be one); None before."""
        entry = self.entry
        if not entry.complete:
            return None
        assert entry.starter is not None
        return Checked(entry.hand, entry.starter, entry.crib, self.said_points)

    def count(self, seat: int) -> Count:
        """The count to peg, as the button sent says."""
        checked = self.checked()
        if checked is None:
            raise ScoreError(f"{self.entry.prompt} Then peg the count.")
        muggins = self.cleaned_data["peg"] == "muggins"
        return Count(seat, checked, muggins, self.cleaned_data["key"])


class UndoForm(forms.Form):
    """Undo the last entry, as the page showed it at version ``seen``."""

    seen = _number("board's version")
    key = _key_field()


class NextForm(forms.Form):
    """The deal passed on without its crib (``deal``, the one the page showed), or the
    match's next game (after game ``game``)."""

    next = forms.ChoiceField(
        choices=[("deal", "deal"), ("game", "game")],
        error_messages={"invalid_choice": "Next is the next deal or the next game."},
    )
    deal = _number("deal", low=1, required=False)
    game = _number("game", low=1, required=False)
    key = _key_field()

    @property
    def action(self) -> Action:
        data = self.cleaned_data
        if data["next"] == "deal":
            return NextDeal(data["deal"], data["key"])
        return NextGame(data["game"], data["key"])


class JoinForm(forms.Form):
    """The short code a second phone follows a game by."""

    code = forms.CharField(
        label="The game's code",
        max_length=16,
        error_messages={"required": "Type the code the other phone shows."},
    )

    def clean_code(self) -> str:
        return "".join(self.cleaned_data["code"].split()).upper()
