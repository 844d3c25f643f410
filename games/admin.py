from django.contrib import admin

from .models import Game, GameAction, Match, PractisedDecision, Scoreboard, ScoreboardChange


class GameActionInline(admin.TabularInline):
    model = GameAction
    extra = 0
    readonly_fields = ("number", "seat", "action", "at")
    can_delete = False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "level", "counting", "human_score", "computer_score", "winner")
    list_filter = ("level", "counting", "winner")
    search_fields = ("user__username",)
    raw_id_fields = ("user", "match")
    date_hierarchy = "started_at"
    inlines = (GameActionInline,)


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "length", "level", "human_points", "computer_points", "winner")
    list_filter = ("length", "level", "winner")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
    date_hierarchy = "started_at"


@admin.register(GameAction)
class GameActionAdmin(admin.ModelAdmin):
    list_display = ("game", "number", "seat", "at")
    raw_id_fields = ("game",)


@admin.register(PractisedDecision)
class PractisedDecisionAdmin(admin.ModelAdmin):
    list_display = ("game", "deal", "index", "quiz")
    raw_id_fields = ("game", "quiz")


class ScoreboardChangeInline(admin.TabularInline):
    model = ScoreboardChange
    extra = 0
    readonly_fields = ("version", "action", "undone", "undo_key", "at")
    can_delete = False


@admin.register(Scoreboard)
class ScoreboardAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "code", "__str__", "version", "over", "updated_at")
    list_filter = ("over", "length", "muggins")
    search_fields = ("user__username", "code")
    raw_id_fields = ("user",)
    # The token is the follow link's secret: shown, never edited (a new one would strand
    # the phones following).
    readonly_fields = ("token", "code", "version")
    date_hierarchy = "started_at"
    inlines = (ScoreboardChangeInline,)


@admin.register(ScoreboardChange)
class ScoreboardChangeAdmin(admin.ModelAdmin):
    list_display = ("board", "version", "undone", "at")
    raw_id_fields = ("board",)
