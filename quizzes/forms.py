from __future__ import annotations

from django import forms

from .dealing import Mode
from .patterns import Answer, Category, Pattern

MAX_POINTS = 29
CHOOSABLE_MODES = [m for m in Mode if m is not Mode.REVIEW]


def _points_field(label: str, *, required: bool = False) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=required,
        min_value=0,
        max_value=MAX_POINTS,
        error_messages={
            "required": f"{label}: enter the points, a whole number from 0 to {MAX_POINTS}.",
            "invalid": f"{label}: enter a whole number of points, like 4.",
            "min_value": f"{label}: points can't be negative.",
            "max_value": f"{label}: no hand or crib scores more than {MAX_POINTS}.",
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0, "max": MAX_POINTS}),
    )


class DealForm(forms.Form):
    """Which kind of hand to deal next. Review deals come from the review page."""

    mode = forms.ChoiceField(
        choices=[(m.value, m.label) for m in Mode],
        required=False,
        error_messages={"invalid_choice": "There is no quiz mode called “%(value)s”."},
    )
    pattern = forms.ChoiceField(
        choices=[("", "Choose a pattern")] + [(p.value, p.label) for p in Pattern],
        required=False,
        error_messages={"invalid_choice": "There is no pattern called “%(value)s”."},
    )

    def clean(self):
        data = super().clean()
        mode = Mode.from_slug(data.get("mode") or Mode.MIXED.value)
        data["mode"] = mode
        data["pattern"] = Pattern.from_slug(data.get("pattern") or "")
        if mode is Mode.PATTERN and data["pattern"] is None and "pattern" not in self.errors:
            self.add_error("pattern", "Choose the pattern to focus on.")
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
        if self.style == "total":
            for name in self.ITEMISED:
                del self.fields[name]
        elif self.style == "itemised":
            del self.fields["total"]

    @property
    def style(self) -> str:
        if "total" in self.data:
            return "total"
        if any(name in self.data for name in self.ITEMISED):
            return "itemised"
        return ""

    def clean(self):
        data = super().clean()
        if self.style == "total":
            if data.get("total") is None and "total" not in self.errors:
                self.add_error("total", self.fields["total"].error_messages["required"])
        elif not self.style:
            raise forms.ValidationError(
                "Enter your count: a total, or the points for fifteens, pairs, runs, flush "
                "and nobs."
            )
        return data

    @property
    def answer(self) -> Answer:
        data = self.cleaned_data
        if self.style == "total":
            return Answer(total=data["total"])
        return Answer.itemised({c: data.get(c.value) or 0 for c in Category})
