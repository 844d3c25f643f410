"""Geometry for the progress charts, drawn as SVG by the templates. Pure: no Django.

The charts are small multiples sharing one x axis (the last attempts, oldest on the
left): accuracy as a line, time as columns. Accuracy per pattern is a bar per pattern.
Coordinates are in the SVG's viewBox units.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

WIDTH = 360
LEFT = 34
RIGHT = 8
TOP = 10
PLOT_HEIGHT = 100
BOTTOM = 22


@dataclass(frozen=True, slots=True)
class Tick:
    y: str
    label: str


@dataclass(frozen=True, slots=True)
class Column:
    x: str
    y: str
    width: str
    height: str
    right: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeChart:
    """The frame shared by the charts over the last attempts: size, ticks, end labels."""

    ticks: tuple[Tick, ...]
    width: int = WIDTH
    height: int = TOP + PLOT_HEIGHT + BOTTOM
    left: int = LEFT
    plot_right: int = WIDTH - RIGHT
    bottom: int = TOP + PLOT_HEIGHT
    first_label: str = ""
    last_label: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class LineChart(TimeChart):
    points: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ColumnChart(TimeChart):
    columns: tuple[Column, ...]


def _y(fraction: float) -> float:
    return round(TOP + PLOT_HEIGHT * (1 - fraction), 1)


def _n(value: float) -> str:
    """A coordinate as SVG text. Strings, because the template engine would localise
    every float it prints, and a chart has hundreds of them."""
    return f"{value:g}"


def line(
    fractions: Sequence[float], numbers: Sequence[int], tick_labels: Sequence[str]
) -> LineChart:
    """A line through values from 0 to 1 of the axis at each attempt, the axis labelled at
    0, half and the top; ``numbers`` label the x axis."""
    span = WIDTH - LEFT - RIGHT
    count = len(fractions)
    step = span / (count - 1) if count > 1 else 0
    points = " ".join(f"{round(LEFT + i * step, 1)},{_y(f)}" for i, f in enumerate(fractions))
    if count == 1:
        points += f" {WIDTH - RIGHT},{_n(_y(fractions[0]))}"
    ticks = tuple(Tick(_n(_y(f)), label) for f, label in zip((0, 0.5, 1), tick_labels, strict=True))
    return LineChart(
        points=points,
        ticks=ticks,
        first_label=f"#{numbers[0]}" if numbers else "",
        last_label=f"#{numbers[-1]}" if numbers else "",
    )


def accuracy_line(percents: Sequence[int], numbers: Sequence[int]) -> LineChart:
    """Rolling accuracy in percent at each attempt; ``numbers`` label the x axis."""
    return line([p / 100 for p in percents], numbers, ("0%", "50%", "100%"))


def loss_line(losses: Sequence[float], numbers: Sequence[int]) -> LineChart:
    """Rolling mean of the expected points lost per discard, on an axis of whole points."""
    top = max(1, math.ceil(max(losses, default=0)))
    return line([min(loss / top, 1) for loss in losses], numbers, ("0", f"{top / 2:g}", f"{top:g}"))


def nice_ceiling(value: float) -> int:
    """A round axis maximum at or above ``value``: 10, 20, 30, 60, 120…"""
    for step in (10, 20, 30, 60, 120, 300, 600, 1200, 3600):
        if value <= step:
            return step
    return int(value) + 1


def time_columns(
    seconds: Sequence[float], rights: Sequence[bool], numbers: Sequence[int]
) -> ColumnChart:
    """A column per attempt for the seconds it took; columns past the axis are capped."""
    span = WIDTH - LEFT - RIGHT
    count = len(seconds)
    slot = span / max(count, 1)
    ordered = sorted(seconds)
    # The axis fits nine answers in ten: one long break should not flatten the rest.
    top = nice_ceiling(ordered[int(0.9 * (count - 1))] if count else 10)
    columns = tuple(
        Column(
            x=_n(round(LEFT + i * slot + slot * 0.15, 2)),
            y=_n(_y(min(s / top, 1))),
            width=_n(round(max(slot * 0.7, 1), 2)),
            height=_n(round(PLOT_HEIGHT * min(s / top, 1), 1)),
            right=r,
        )
        for i, (s, r) in enumerate(zip(seconds, rights, strict=True))
    )
    ticks = tuple(
        Tick(_n(_y(f)), label) for f, label in ((0, "0 s"), (0.5, f"{top // 2} s"), (1, f"{top} s"))
    )
    return ColumnChart(
        columns=columns,
        ticks=ticks,
        first_label=f"#{numbers[0]}" if numbers else "",
        last_label=f"#{numbers[-1]}" if numbers else "",
    )


@dataclass(frozen=True, slots=True)
class Bar:
    label: str
    text: str
    y: int
    width: str
    text_y: int
    weak: bool


@dataclass(frozen=True, slots=True)
class BarChart:
    bars: tuple[Bar, ...]
    width: int
    height: int
    bar_left: int
    bar_span: int
    bar_height: int

    @property
    def description(self) -> str:
        """Every bar in words, for the chart's ``<desc>``."""
        return "; ".join(f"{bar.label}: {bar.text}" for bar in self.bars)


BAR_ROW = 40
BAR_HEIGHT = 12


def pattern_bars(rows: Sequence[tuple[str, int, int, int]]) -> BarChart:
    """One bar per (label, right, seen, percent): the label above, the bar below."""
    span = WIDTH - 4
    bars = tuple(
        Bar(
            label=label,
            text=f"{percent}% ({right} of {seen})",
            y=i * BAR_ROW + 18,
            width=_n(round(span * percent / 100, 1)),
            text_y=i * BAR_ROW + 14,
            weak=percent < 75,
        )
        for i, (label, right, seen, percent) in enumerate(rows)
    )
    return BarChart(
        bars=bars,
        width=WIDTH,
        height=max(len(rows) * BAR_ROW + 6, BAR_ROW),
        bar_left=2,
        bar_span=span,
        bar_height=BAR_HEIGHT,
    )
