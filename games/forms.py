from __future__ import annotations

from django import forms

from cribbage.cards import CardError, parse_card
from cribbage.computer import Level
from cribbage.game import Action, Claim, Counting, Discard, Go, Lay
from cribbage.match_score import MATCH_LENGTHS, games_needed
from cribbage.pegging import MAX_TURN_POINTS
from quizzes.domain.marking import NINETEEN
from quizzes.forms import AnswerForm

from .models import HUMAN, LEVEL_CHOICES

LEVEL_WORDS = {
    Level.GREEDY.value: "takes the most points it can see",
    Level.CLASSIC.value: "throws and pegs by the book",
    Level.STRONG.value: "weighs every throw and thinks ahead in the play",
}
"""What each level does, in a line after its name on the new-game page."""


def level_choices() -> list[tuple[str, str]]:
    """Every level the computer plays (``Level``), easiest first, named once: "Easy: takes
    the most points it can see"."""
    return [
        (value, f"{label}: {LEVEL_WORDS[value]}" if value in LEVEL_WORDS else label)
        for value, label in LEVEL_CHOICES
    ]


def players_field(labels: tuple[str, str, str], **options) -> forms.TypedChoiceField:
    """Two, three or four at the table, as radio buttons labelled ``labels``."""
    return forms.TypedChoiceField(
        label="Players",
        choices=list(zip((2, 3, 4), labels, strict=True)),
        coerce=int,
        initial=2,
        widget=forms.RadioSelect,
        error_messages={
            "invalid_choice": "There is no game of “%(value)s” players: play 2, 3 or 4."
        },
        **options,
    )


def match_length_field(*, wins: bool = False, **options) -> forms.TypedChoiceField:
    """A game or a match of 3, 5 or 7; with ``wins``, each match named with the games that
    win it (where the page does not say them)."""

    def name(n: int) -> str:
        if n == 1:
            return "One game"
        return f"A match of {n}: the first to win {games_needed(n)}" if wins else f"A match of {n}"

    return forms.TypedChoiceField(
        label="Play",
        choices=[(n, name(n)) for n in MATCH_LENGTHS],
        coerce=int,
        initial=1,
        widget=forms.RadioSelect,
        error_messages={
            "invalid_choice": "There is no match of “%(value)s” games: play 1, 3, 5 or 7."
        },
        **options,
    )


class NewGameForm(forms.Form):
    # What a match of each length takes to win, for the note under the choices.
    match_wins = tuple((length, games_needed(length)) for length in MATCH_LENGTHS if length > 1)

    level = forms.ChoiceField(
        label="The computer plays",
        choices=level_choices,
        initial=Level.STRONG.value,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": "There is no level called “%(value)s”."},
    )
    counting = forms.ChoiceField(
        label="Counting",
        choices=[
            (Counting.MANUAL.value, "I count my own scores (muggins: what I miss, it takes)"),
            (Counting.AUTOMATIC.value, "Count for me"),
        ],
        initial=Counting.MANUAL.value,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": "There is no counting called “%(value)s”."},
    )
    hints = forms.BooleanField(
        label="Hints: the best throw and card to lay, and why (never a count)",
        required=False,
    )
    match = match_length_field(required=False, empty_value=1)
    players = players_field(
        (
            "Two: you against the computer",
            "Three: you against two computers",
            "Four: you and a computer partner (North) against two",
        ),
        required=False,
        empty_value=2,
    )


ACTIONS = ("discard", "lay", "go", "claim", "next", "hint", "resign")


class MoveForm(forms.Form):
    """One move of the player's: ``action`` with what it needs (``throw`` two cards,
    ``card``, or a claim: ``total`` or the itemised fields), made at move number ``move``.
    A card may come with ``peg``, the points said as it is laid: its claim."""

    move = forms.IntegerField(min_value=0, error_messages={"invalid": "That move is unknown."})
    action = forms.ChoiceField(
        choices=[(action, action) for action in ACTIONS],
        error_messages={"invalid_choice": "There is no move called “%(value)s”."},
    )
    throw = forms.MultipleChoiceField(required=False)
    card = forms.CharField(required=False, max_length=4)
    peg = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_TURN_POINTS,
        error_messages={
            key: f"Say what your card pegs as a number from 0 to {MAX_TURN_POINTS}."
            for key in ("invalid", "min_value", "max_value")
        },
    )

    def __init__(self, data=None, *, hand=(), show_claim: bool = False, throw_each: int = 2):
        super().__init__(data)
        self.throw_each = throw_each
        self.fields["throw"].choices = [(card.code, card.label) for card in hand]
        self.fields["throw"].error_messages["invalid_choice"] = "“%(value)s” is not in your hand."
        self.show_claim = show_claim
        self.answer_form = AnswerForm(data) if data is not None else AnswerForm()

    def clean(self):
        data = super().clean()
        action = data.get("action")
        if action == "discard" and "throw" not in self.errors:
            throw = data.get("throw") or []
            if len(set(throw)) != self.throw_each:
                wanted = "two cards" if self.throw_each == 2 else "one card"
                raise forms.ValidationError(
                    f"Throw {wanted} to the crib: you chose {len(set(throw))}."
                )
        elif action == "lay":
            try:
                data["card"] = parse_card(data.get("card") or "")
            except CardError as error:
                raise forms.ValidationError(f"Lay a card from your hand: {error}.") from None
        elif action == "claim":
            if not self.answer_form.is_valid():
                errors = [e for field in self.answer_form.errors.values() for e in field]
                raise forms.ValidationError(errors[0])
            if self.answer_form.answer.points is not None and not self.show_claim:
                raise forms.ValidationError("Claim the play's points as a total.")
        return data

    @property
    def engine_action(self) -> Action:
        data = self.cleaned_data
        action = data["action"]
        if action == "discard":
            return Discard(HUMAN, tuple(parse_card(code) for code in sorted(set(data["throw"]))))
        if action == "lay":
            return Lay(HUMAN, data["card"])
        if action == "go":
            return Go(HUMAN)
        answer = self.answer_form.answer
        # 19 is the table's word for nothing: a claim of nothing.
        total = 0 if answer.points is None and answer.total == NINETEEN else answer.total
        return Claim(HUMAN, total)

    @property
    def pegged(self) -> int | None:
        """The points said with a card laid, when the move is one and they were said."""
        if self.cleaned_data["action"] == "lay":
            return self.cleaned_data.get("peg")
        return None

    @property
    def answer(self):
        """The itemised claim, when the move is one."""
        if self.cleaned_data["action"] == "claim":
            return self.answer_form.answer
        return None


class PractiseForm(forms.Form):
    """ "Practise this" on a reviewed decision: ``pick`` is its deal's number and its
    index among the deal's decisions, "3:5"."""

    pick = forms.RegexField(regex=r"^\d{1,3}:\d{1,3}$")

    def chosen(self, review: dict) -> tuple[int, dict] | None:
        """The deal number and the reviewed decision picked, when it is the player's
        discard or a lay they chose (not a forced one); else None."""
        number, index = (int(part) for part in self.cleaned_data["pick"].split(":"))
        deal = next((d for d in review["deals"] if d["number"] == number), None)
        if deal is None or index >= len(deal["decisions"]):
            return None
        chosen = deal["decisions"][index]
        if chosen["player"] != "you" or chosen["kind"] not in ("discard", "lay"):
            return None
        if chosen["class"] == "forced":
            return None
        return number, chosen
