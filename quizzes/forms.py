from __future__ import annotations

from django import forms

from cribbage.cards import Card, parse_card
from cribbage.rules import MAX_COUNT
from cribbage.show import MAX_SHOW

from .domain.dealing import Mode
from .domain.discards import DISCARD_PLAYERS
from .domain.lays import LayPosition
from .domain.marking import Answer, AnswerStyle, Question
from .domain.patterns import Category, Pattern

CHOOSABLE_MODES = [m for m in Mode if m not in (Mode.REVIEW, Mode.GAME)]


def _points_field(label: str, *, required: bool = False) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=required,
        min_value=0,
        max_value=MAX_SHOW,
        error_messages={
            "required": f"{label}: enter the points, a whole number from 0 to {MAX_SHOW}.",
            "invalid": f"{label}: enter a whole number of points, like 4.",
            "min_value": f"{label}: points can't be negative.",
            "max_value": f"{label}: no hand or crib scores more than {MAX_SHOW}.",
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0, "max": MAX_SHOW}),
    )


class DealForm(forms.Form):
    """Which kind of hand to deal next. Review deals come from the review page."""

    mode = forms.ChoiceField(
        choices=[(m.value, m.label) for m in Mode if m is not Mode.GAME],
        required=False,
        error_messages={"invalid_choice": "There is no quiz mode called “%(value)s”."},
    )
    pattern = forms.ChoiceField(
        choices=[("", "Choose a pattern")] + [(p.value, p.label) for p in Pattern],
        required=False,
        error_messages={"invalid_choice": "There is no pattern called “%(value)s”."},
    )
    players = forms.ChoiceField(
        label="Players at the table",
        choices=[(str(n), f"{n} players") for n in DISCARD_PLAYERS],
        required=False,
        error_messages={
            "invalid_choice": "There is no table of “%(value)s” players: the discard and lay "
            "quizzes are for 2, 3 or 4."
        },
    )

    def clean(self):
        data = super().clean()
        mode = Mode.from_slug(data.get("mode") or Mode.MIXED.value)
        data["mode"] = mode
        data["pattern"] = Pattern.from_slug(data.get("pattern") or "")
        if mode is Mode.PATTERN and data["pattern"] is None and "pattern" not in self.errors:
            self.add_error("pattern", "Choose the pattern to focus on.")
        players = int(data.get("players") or 2)
        data["players"] = players
        at_tables = (Mode.DISCARD, Mode.LAY)
        if players != 2 and mode not in at_tables and "players" not in self.errors:
            self.add_error(
                "players",
                f"A table of {players} is for the discard and lay quizzes: choose Discarding "
                "or The card to lay, or 2 players.",
            )
        return data


class AnswerForm(forms.Form):
    """A count: the field ``total`` alone, or points per category (blank counts as 0)."""

    total = _points_field("Total")
    fifteens = _points_field("Fifteens")
    pairs = _points_field("Pairs")
    runs = _points_field("Runs")
    flush = _points_field("Flush")
    nobs = _points_field("Nobs")

    ITEMISED = tuple(c.value for c in Category)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Only the chosen style's fields are checked: a stray itemised field beside a
        # total would otherwise fail with an error the total-style page does not show.
        if self.style is AnswerStyle.TOTAL:
            for name in self.ITEMISED:
                del self.fields[name]
        elif self.style is AnswerStyle.ITEMISED:
            del self.fields["total"]

    @property
    def itemised_fields(self) -> list:
        """The bound fields of an itemised answer, in counting order."""
        return [self[name] for name in self.ITEMISED if name in self.fields]

    @property
    def style(self) -> AnswerStyle | None:
        """The style the submitted fields are in; None before anything is submitted."""
        if "total" in self.data:
            return AnswerStyle.TOTAL
        if any(name in self.data for name in self.ITEMISED):
            return AnswerStyle.ITEMISED
        return None

    def clean(self):
        data = super().clean()
        if self.style is AnswerStyle.TOTAL:
            if data.get("total") is None and "total" not in self.errors:
                self.add_error("total", self.fields["total"].error_messages["required"])
        elif self.style is AnswerStyle.ITEMISED:
            if not self.errors and all(data.get(name) is None for name in self.ITEMISED):
                raise forms.ValidationError(
                    "Enter the points for each item you counted: 0 in any box for a hand "
                    "of nothing."
                )
        elif self.style is None:
            raise forms.ValidationError(
                "Enter your count: a total, or the points for fifteens, pairs, runs, flush "
                "and nobs."
            )
        return data

    @property
    def answer(self) -> Answer:
        data = self.cleaned_data
        if self.style is AnswerStyle.TOTAL:
            return Answer(total=data["total"])
        return Answer.itemised({c: data.get(c.value) or 0 for c in Category})


class ExplainForm(forms.Form):
    """Which explanation of a wrong count was the player's: ``choice``, or ``skip``."""

    choice = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    skip = forms.CharField(required=False, max_length=5)

    def __init__(self, *args, question: Question | None, **kwargs):
        super().__init__(*args, **kwargs)
        choices = question.choices if question else ()
        self.fields["choice"].choices = [(n, choice.what) for n, choice in enumerate(choices)]
        self.fields["choice"].error_messages["invalid_choice"] = (
            "That is not one of the explanations offered: choose one, or skip."
        )

    def clean(self):
        data = super().clean()
        if data.get("skip"):
            data["choice"] = None
        elif data.get("choice") is None and "choice" not in self.errors:
            raise forms.ValidationError("Choose what you missed, or skip the question.")
        return data


class ThrowForm(forms.Form):
    """The two cards thrown to the crib from a discard deal's six; or, at a table of three
    or four (``throws=1``), the one card thrown from five."""

    throw = forms.MultipleChoiceField(
        label="Throw two to the crib",
        error_messages={
            "required": "Choose the two cards to throw to the crib.",
            "invalid_choice": "“%(value)s” is not one of your six cards.",
        },
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, six: tuple[Card, ...], throws: int = 2, **kwargs):
        super().__init__(*args, **kwargs)
        self.six = six
        self.throws = throws
        field = self.fields["throw"]
        field.choices = [(card.code, card.label) for card in six]
        if throws == 1:
            field.label = "Throw one to the crib"
            field.error_messages = {
                "required": "Choose the card to throw to the crib.",
                "invalid_choice": "“%(value)s” is not one of your five cards.",
            }

    def clean_throw(self) -> tuple[Card, ...]:
        codes = self.cleaned_data["throw"]
        if self.throws == 1 and len(set(codes)) != 1:
            raise forms.ValidationError(
                f"At a table of three or four you throw one card to the crib: you chose "
                f"{len(set(codes))}."
            )
        if len(set(codes)) != self.throws:
            raise forms.ValidationError(
                f"Throw two cards to the crib: you chose {len(set(codes))}."
            )
        return tuple(parse_card(code) for code in sorted(set(codes)))

    @property
    def thrown(self) -> set[str]:
        """The cards ticked, for showing them still ticked beside an error."""
        return set(self.data.getlist("throw")) if hasattr(self.data, "getlist") else set()


class PlayClaimsForm(forms.Form):
    """The points claimed for each card of a play so far, one ``claim`` per card in the
    order laid: the page carries the earlier claims along as the cards are revealed."""

    def __init__(self, data=None, *, cards: int):
        super().__init__(data)
        self.cards = cards

    @property
    def raw_claims(self) -> list[str]:
        return self.data.getlist("claim") if hasattr(self.data, "getlist") else []

    def clean(self):
        claims = []
        for number, text in enumerate(self.raw_claims[: self.cards], start=1):
            text = text.strip()
            if not text.isdecimal() or not text.isascii() or int(text) > MAX_SHOW:
                raise forms.ValidationError(
                    f"Card {number}: enter the points it pegs, a whole number from 0 to "
                    f"{MAX_SHOW} (0 for nothing)."
                )
            claims.append(int(text))
        if not claims:
            raise forms.ValidationError("Enter the points the card pegs, 0 for nothing.")
        return {"claims": claims}

    @property
    def complete(self) -> bool:
        """Every card has its claim: the play can be marked."""
        return self.is_valid() and len(self.cleaned_data["claims"]) == self.cards


class LayForm(forms.Form):
    """The card laid in a lay deal: ``card``, one of the cards held that fits the count."""

    card = forms.ChoiceField(
        label="The card to lay",
        error_messages={
            "required": "Choose the card to lay.",
            "invalid_choice": "“%(value)s” is not one of the cards in your hand.",
        },
    )

    def __init__(self, *args, position: LayPosition, **kwargs):
        super().__init__(*args, **kwargs)
        self.position = position
        self.fields["card"].choices = [(card.code, card.label) for card in position.held]

    def clean_card(self) -> Card:
        card = parse_card(self.cleaned_data["card"])
        made = self.position.count + card.value
        if made > MAX_COUNT:
            raise forms.ValidationError(
                f"The {card.label} would take the count to {made}, past {MAX_COUNT}: "
                "lay a card that fits."
            )
        return card
