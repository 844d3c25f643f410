from __future__ import annotations

from django.conf import settings
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST, require_safe

from counter.discards import Choice, DiscardHand, TableDiscardHand
from cribbage.cards import parse_card
from cribbage.discard import CribModel, hand_spread
from cribbage.pegging import MAX_TURN_POINTS
from cribbage.review import decision_class, is_error, verdict_mark
from cribbage.show import MAX_SHOW
from cribtrainer.htmx import HtmxHttpRequest, private_page, vary_on_htmx, wants_partial
from cribtrainer.throttle import WriteLimit

from .domain.charts import accuracy_line, loss_line, pattern_bars, time_columns
from .domain.dealing import Mode
from .domain.discards import DISCARD_PLAYERS
from .domain.lays import LayPosition
from .domain.marking import AnswerStyle, split_words
from .domain.patterns import Area, Category, Pattern
from .domain.play import claim_words
from .domain.reasons import lay_reason, throw_reason
from .forms import (
    CHOOSABLE_MODES,
    AnswerForm,
    DealForm,
    ExplainForm,
    LayForm,
    PlayClaimsForm,
    ThrowForm,
)
from .models import Attempt, Deal
from .owners import deal_moved, owner_of
from .progress import (
    discard_progress,
    first_due_pattern,
    last_attempts,
    miss_rates,
    other_sections,
    progress_of,
    review_queue,
)
from .services.answers import (
    attempt_explain,
    attempt_record,
    discard_record,
    lay_record,
    play_record,
)
from .services.dealing import deal_create

# The answer style last used, in a cookie of its own: the answer view writes no session,
# since an answer sent while the same browser logs in has its session deleted under it,
# and Django answers 400 to a request whose session it cannot save.
STYLE_COOKIE = "answer_style"
NEW_DEALS = WriteLimit("deal_new", "Too many hands dealt: take a breath, then deal again.")


# --- quizzes -------------------------------------------------------------------------


def chooser_context(request: HtmxHttpRequest, form: DealForm | None = None) -> dict:
    owner = owner_of(request)
    return {
        "form": form or DealForm(),
        "modes": CHOOSABLE_MODES,
        "pattern_mode": Mode.PATTERN,
        "patterns": list(Pattern),
        "discard_players": DISCARD_PLAYERS,
        "due": len(review_queue(owner, timezone.now()).due) if owner else 0,
    }


@require_safe
@private_page
def choose(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "quizzes/choose.html", chooser_context(request))


@require_POST
def deal_new(request: HtmxHttpRequest) -> HttpResponse:
    form = DealForm(request.POST)
    if not form.is_valid():
        return render(request, "quizzes/choose.html", chooser_context(request, form), status=400)
    if refused := NEW_DEALS.refused(request):
        return refused
    mode: Mode = form.cleaned_data["mode"]
    pattern: Pattern | None = form.cleaned_data["pattern"] if mode is Mode.PATTERN else None
    owner = owner_of(request, create=True)
    now = timezone.now()
    weights = None
    if mode is Mode.REVIEW:
        pattern = first_due_pattern(owner, now)
        if pattern is None:
            return redirect("quizzes:review")
    elif mode is Mode.WEAK_SPOTS:
        weights = miss_rates(owner)
    players = form.cleaned_data["players"]
    deal = deal_create(
        owner=owner, mode=mode, pattern=pattern, weights=weights, now=now, players=players
    )
    NEW_DEALS.count(request)
    return redirect("quizzes:deal", pk=deal.pk)


def owned_deal(request: HtmxHttpRequest, pk: int) -> Deal:
    """The player's deal; or, for a request the browser sent as a guest before it logged in,
    the guest's deal that has moved into the account meanwhile."""
    deal = Deal.objects.owned_by(owner_of(request)).filter(pk=pk).first()
    if deal is None and not request.user.is_authenticated:
        user = deal_moved(request, pk)
        # The guest's still, or the account's already: the log-in may be moving it now.
        mine = Q(user=user) | Q(user__isnull=True)
        deal = Deal.objects.filter(mine, pk=pk).first() if user else None
        if deal is not None:
            # This request's session is gone, and the browser has the account's by now:
            # Django would delete the cookie of an empty session, logging the browser out.
            request.COOKIES.pop(settings.SESSION_COOKIE_NAME, None)
    if deal is None:
        raise Http404("No such deal of yours.")
    return deal


def answer_style(request: HtmxHttpRequest) -> AnswerStyle:
    for asked in (request.GET.get("style"), request.COOKIES.get(STYLE_COOKIE)):
        try:
            return AnswerStyle(asked)
        except ValueError:
            continue
    return AnswerStyle.TOTAL


def feedback_context(deal: Deal, attempt: Attempt) -> dict:
    """The feedback as it was given: the marks stored with the attempt."""
    if deal.area is Area.DISCARD and deal.at_table:
        return table_discard_feedback_context(deal, attempt)
    if deal.area is Area.DISCARD:
        return discard_feedback_context(deal, attempt)
    if deal.area is Area.PLAY:
        return play_feedback_context(deal, attempt)
    if deal.area is Area.LAY:
        return lay_feedback_context(deal, attempt)
    marks = sorted(attempt.pattern_marks.all(), key=lambda mark: mark.order)
    difference = attempt.marks.get("difference", attempt.claimed - attempt.points)
    return {
        "deal": deal,
        "attempt": attempt,
        "show": deal.show,
        "marks": attempt.category_marks,
        "patterns": marks,
        "missed_any": any(mark.missed for mark in marks),
        "not_known": any(mark.missed is None for mark in marks),
        "short": max(-difference, 0),
        "over": max(difference, 0),
        "split": split_words(attempt.category_marks),
        # Kept before a right total stopped being asked about: nothing was missed.
        "question": None if attempt.right_total else attempt.question,
        "queue": attempt.queue,
    }


def verdict(klass: str) -> dict:
    """A graded decision's class and the mark beside it, by the review's one rule: ✗ only
    for an error (an inaccuracy or worse), so a "Good" is never marked wrong."""
    return {"class": klass, "mark": verdict_mark(klass), "error": is_error(klass)}


def discard_feedback_context(deal: Deal, attempt: Attempt) -> dict:
    """The choice graded as it was: the loss and mistakes stored; the table of the 15
    choices and the spreads are the engine's exact figures for the cards, with the crib
    model it was graded by (at random for throws graded before the quiz knew good players)."""
    crib_model = CribModel(attempt.marks.get("crib_model", CribModel.RANDOM.value))
    hand = DiscardHand(deal.six, deal.role, opponent=crib_model)
    return {
        **_throw_feedback(deal, attempt, deal.discard_options_with(crib_model), hand.query),
        "good_opponent": crib_model is CribModel.GOOD,
    }


def table_discard_feedback_context(deal: Deal, attempt: Attempt) -> dict:
    """The card thrown at a table of three or four graded as it was: the loss and mistakes
    stored; the five choices and the spreads are the engine's exact figures for the seat."""
    hand = TableDiscardHand(deal.five, players=deal.players, seat=deal.table_seat)
    return _throw_feedback(deal, attempt, deal.table_discard_options, hand.query)


def _throw_feedback(deal: Deal, attempt: Attempt, options, analysed: str) -> dict:
    """A throw's feedback from its choices, best first, and the analyser's query for it."""
    thrown = {parse_card(code) for code in attempt.marks["throw"]}
    chosen = next(option for option in options if set(option.throw) == thrown)
    marks = {mark.pattern_enum: mark.missed for mark in attempt.pattern_marks.all()}
    best = options[0]
    return {
        "deal": deal,
        "attempt": attempt,
        "reason": _throw_reason(deal, attempt, best, chosen),
        "choices": [Choice(option) for option in options],
        "chosen": chosen,
        "best": best,
        **verdict(decision_class(attempt.loss)),
        "analyser_url": f"{reverse('counter:discard')}?{analysed}",
        "mistakes": [Pattern(slug) for slug in attempt.marks.get("mistakes", ())],
        "avoided": [pattern for pattern, missed in marks.items() if missed is False],
        "spread": hand_spread(chosen.keep, chosen.throw),
        "best_spread": None if chosen is best else hand_spread(best.keep, best.throw),
        "queue": attempt.queue,
    }


def _throw_reason(deal: Deal, attempt: Attempt, best, chosen) -> str:
    return throw_reason(
        best, chosen, right=attempt.right, crib=deal.crib_owner, own_crib=deal.owns_crib
    )


def lay_turns(position: LayPosition) -> list[dict]:
    """The play so far, each turn with who made it named from the player's seat ("West",
    "North")."""
    seating = position.seating
    return [
        {
            "player": turn.player,
            "who": seating.name(turn.player).capitalize(),
            "is_go": turn.is_go,
            "card": turn.card,
            "count": turn.count,
        }
        for turn in position.play.turns
    ]


def lay_question_context(deal: Deal, form: LayForm | None) -> dict:
    """The turn to lay in: the play so far with the count, the cards held to tap."""
    position = deal.lay_position
    return {
        "deal": deal,
        "form": form or LayForm(position=position),
        "position": position,
        "turns": lay_turns(position),
        "series": position.play.series,
        "fitting": set(position.fitting),
    }


def lay_feedback_context(deal: Deal, attempt: Attempt) -> dict:
    """The card laid graded as it was: the values stored with the attempt, best first."""
    position = deal.lay_position
    laid = parse_card(attempt.marks["card"])
    best = parse_card(attempt.marks["best"])
    values = {int(rank): value for rank, value in attempt.marks["values"].items()}
    top = values[int(best.rank)]
    # One row a rank: cards of a rank are worth the same in the play.
    shown = {}
    for card in sorted(position.fitting, key=lambda fit: (fit not in (laid, best), fit)):
        shown.setdefault(card.rank, card)
    options = sorted(
        (
            {
                "card": card,
                "value": values[int(card.rank)],
                "loss": max(top - values[int(card.rank)], 0.0),
                "laid": card == laid,
                "best": card.rank == best.rank,
            }
            for card in shown.values()
        ),
        key=lambda row: (not row["best"], row["loss"], row["card"]),
    )
    marks = {mark.pattern_enum: mark.missed for mark in attempt.pattern_marks.all()}
    return {
        "deal": deal,
        "attempt": attempt,
        "position": position,
        "turns": lay_turns(position),
        "laid": laid,
        "best": best,
        "reason": lay_reason(position, laid, best, values),
        "options": options,
        **verdict(attempt.marks["class"]),
        "mistakes": [Pattern(slug) for slug in attempt.marks.get("mistakes", ())],
        "words": attempt.marks.get("words", ()),
        "avoided": [pattern for pattern, missed in marks.items() if missed is False],
        "queue": attempt.queue,
    }


def play_question_context(deal: Deal, form: PlayClaimsForm | None) -> dict:
    """The play up to the card to claim for: the cards laid so far (and the gos said right
    after the newest), the claims made for the earlier ones, no running count."""
    claims = form.cleaned_data["claims"] if form is not None and form.is_valid() else []
    record = deal.play
    step = len(claims)
    shown, laid = [], 0
    for turn in record.turns:
        if turn.card is not None:
            if laid > step:
                break
            laid += 1
        said = claims[laid - 1] if turn.card is not None and laid <= step else None
        shown.append({"turn": turn, "said": said, "new": turn.card is not None and laid > step})
    return {
        "deal": deal,
        "form": form,
        "shown": shown,
        "claims": claims,
        "step": step + 1,
        "cards": len(record.plays),
        "card": record.plays[step].card,
        # The same buttons for every card, so they give nothing away.
        "peg_buttons": range(MAX_TURN_POINTS + 1),
        "max_points": MAX_SHOW,
    }


def play_feedback_context(deal: Deal, attempt: Attempt) -> dict:
    """The play marked card by card as it was, with the running count now shown."""
    record = deal.play
    # A score claimed in a game has one claim, for the play's last move (a card, or the
    # go that ended a count): the play so far is shown, the claim beside it.
    game_claim = attempt.marks.get("claim")
    marks = iter(attempt.marks.get("cards") or [None] * len(record.plays))
    rows = []
    for turn in record.turns:
        mark = None if turn.is_go else next(marks)
        if mark is None:
            rows.append({"turn": turn})
            continue
        claimed, missed, explained = mark
        rows.append(
            {
                "turn": turn,
                "claimed": claimed,
                "right": claimed == turn.points,
                "missed": [Pattern(slug) for slug in missed],
                "explained": explained,
                "words": claim_words(turn.items, claimed, turn.count),
            }
        )
    return {
        "deal": deal,
        "attempt": attempt,
        "rows": rows,
        "totals": record.totals,
        "wrong": sum(1 for row in rows if "claimed" in row and not row["right"]),
        "cards": len(record.plays),
        "game_claim": game_claim
        and {
            "claimed": game_claim[0],
            "missed": [Pattern(slug) for slug in game_claim[1]],
            "explained": game_claim[2],
            "words": _game_claim_words(record, game_claim[0]),
        },
        "patterns": sorted(attempt.pattern_marks.all(), key=lambda mark: mark.order),
        "queue": attempt.queue,
    }


def _game_claim_words(record, claimed: int) -> str:
    """A game claim's words: for the card laid, or for the go (its point is the last
    card's, in the record)."""
    turn = record.turns[-1]
    if turn.is_go:
        turn = next(t for t in reversed(record.turns) if not t.is_go)
    return claim_words(turn.items, claimed, turn.count)


def question_context(request: HtmxHttpRequest, deal: Deal, form=None) -> dict:
    if deal.area is Area.DISCARD and deal.at_table:
        return {"deal": deal, "form": form or ThrowForm(six=deal.five, throws=1)}
    if deal.area is Area.DISCARD:
        return {"deal": deal, "form": form or ThrowForm(six=deal.six)}
    if deal.area is Area.LAY:
        return lay_question_context(deal, form)
    if deal.area is Area.PLAY:
        return play_question_context(deal, form)
    style = form.style if form is not None and form.style else answer_style(request)
    return {
        "deal": deal,
        "form": form or AnswerForm(),
        "style": style,
        "categories": list(Category),
        "max_points": MAX_SHOW,
    }


@require_safe
@vary_on_htmx
@private_page
def deal_page(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    deal = owned_deal(request, pk)
    attempt = Attempt.objects.filter(deal=deal).first()
    if attempt is None:
        context = question_context(request, deal)
    else:
        context = feedback_context(deal, attempt)
    template = "quizzes/deal.html"
    if wants_partial(request):
        template += "#quiz-card"
    return render(request, template, context)


@require_POST
@vary_on_htmx
@private_page
def explain(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The answer to "Which did you miss?": a choice, or skip."""
    deal = owned_deal(request, pk)
    attempt = get_object_or_404(Attempt, deal=deal)
    form = ExplainForm(request.POST, question=attempt.question)
    if form.is_valid():
        attempt = attempt_explain(
            attempt=attempt, choice=form.cleaned_data["choice"], now=timezone.now()
        )
    if wants_partial(request):
        context = {**feedback_context(deal, attempt), "explain_form": form}
        return render(request, "quizzes/deal.html#quiz-card", context)
    return redirect("quizzes:deal", pk=deal.pk)


def answer_form(deal: Deal, data):
    if deal.area is Area.DISCARD and deal.at_table:
        return ThrowForm(data, six=deal.five, throws=1)
    if deal.area is Area.DISCARD:
        return ThrowForm(data, six=deal.six)
    if deal.area is Area.LAY:
        return LayForm(data, position=deal.lay_position)
    if deal.area is Area.PLAY:
        return PlayClaimsForm(data, cards=len(deal.play.plays))
    return AnswerForm(data)


def record(deal: Deal, form) -> Attempt:
    now = timezone.now()
    if deal.area is Area.DISCARD:
        return discard_record(deal=deal, throw=form.cleaned_data["throw"], now=now)[0]
    if deal.area is Area.LAY:
        return lay_record(deal=deal, card=form.cleaned_data["card"], now=now)[0]
    if deal.area is Area.PLAY:
        return play_record(deal=deal, claims=form.cleaned_data["claims"], now=now)[0]
    return attempt_record(deal=deal, answer=form.answer, now=now)[0]


@require_POST
@vary_on_htmx
@private_page
def answer(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    deal = owned_deal(request, pk)
    form = answer_form(deal, request.POST)
    existing = Attempt.objects.filter(deal=deal).first()
    claiming = isinstance(form, PlayClaimsForm) and form.is_valid() and not form.complete
    if existing is None and claiming:
        # The next card of the play: nothing is saved until every card has its claim.
        template = "quizzes/deal.html" + ("#quiz-card" if wants_partial(request) else "")
        return render(request, template, question_context(request, deal, form))
    if existing is None:
        if not form.is_valid():
            template = "quizzes/deal.html"
            # htmx swaps only 2xx responses by default; a plain form post gets a 400.
            status = 200 if wants_partial(request) else 400
            if wants_partial(request):
                template += "#quiz-card"
            return render(request, template, question_context(request, deal, form), status=status)
        existing = record(deal, form)
    if wants_partial(request):
        response = render(request, "quizzes/deal.html#quiz-card", feedback_context(deal, existing))
    else:
        response = redirect("quizzes:deal", pk=deal.pk)
    if deal.area is Area.SHOW:
        remember_style(request, response, existing.style)
    return response


def remember_style(request: HtmxHttpRequest, response: HttpResponse, style: str) -> None:
    """Keep the answer style the player last used, for their next count."""
    if request.COOKIES.get(STYLE_COOKIE) != style:
        response.set_cookie(
            STYLE_COOKIE,
            style,
            max_age=365 * 24 * 3600,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )


# --- progress and review -------------------------------------------------------------


def next_step(progress, queue, practised: bool) -> dict:
    """The one thing to practise next, as the progress page leads with it."""
    if queue.due:
        return {"kind": "review", "items": queue.due}
    if progress.weak_spots:
        return {"kind": "weak", "stat": progress.weak_spots[0]}
    if not practised:
        return {"kind": "start"}
    return {"kind": "strong", "next_due": queue.next_due}


@require_safe
@private_page
def progress_page(request: HtmxHttpRequest) -> HttpResponse:
    owner = owner_of(request)
    now = timezone.now()
    progress = progress_of(owner)
    discards = discard_progress(owner)
    queue = review_queue(owner, now)
    recent = progress.recent
    numbers = [r.number for r in recent]
    context = {
        "progress": progress,
        "discards": discards,
        "sections": other_sections(owner),
        "queue": queue,
        "next": next_step(progress, queue, bool(progress.attempts or discards.decisions)),
        "last_attempts": last_attempts(owner),
        "now": now,
    }
    if recent:
        context["accuracy_chart"] = accuracy_line([r.rolling_percent for r in recent], numbers)
        context["time_chart"] = time_columns(
            [r.seconds for r in recent], [r.right for r in recent], numbers
        )
    if progress.patterns:
        context["pattern_chart"] = pattern_bars(
            [(s.pattern.label, s.right, s.seen, s.percent) for s in progress.patterns]
        )
    if discards.recent:
        context["loss_chart"] = loss_line(
            [r.rolling_loss for r in discards.recent], [r.number for r in discards.recent]
        )
    return render(request, "quizzes/progress.html", context)


@require_safe
@private_page
def review_page(request: HtmxHttpRequest) -> HttpResponse:
    owner = owner_of(request)
    now = timezone.now()
    return render(
        request,
        "quizzes/review.html",
        {
            "queue": review_queue(owner, now),
            "now": now,
        },
    )
