from django.contrib import admin

from .models import Attempt, AttemptPattern, Deal, ReviewItem, ShowRecord


class AttemptPatternInline(admin.TabularInline):
    model = AttemptPattern
    extra = 0
    readonly_fields = ("pattern", "missed")
    can_delete = False


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):
    list_display = ("id", "hand", "starter", "crib", "mode", "focus", "user", "dealt_at")
    list_filter = ("crib", "mode")
    search_fields = ("user__username", "hand")
    raw_id_fields = ("user",)
    date_hierarchy = "dealt_at"


@admin.register(Attempt)
class AttemptAdmin(admin.ModelAdmin):
    list_display = ("id", "deal", "user", "style", "claimed", "points", "right", "answered_at")
    list_filter = ("right", "style", "crib")
    search_fields = ("user__username",)
    raw_id_fields = ("deal", "user")
    date_hierarchy = "answered_at"
    inlines = (AttemptPatternInline,)


@admin.register(AttemptPattern)
class AttemptPatternAdmin(admin.ModelAdmin):
    list_display = ("attempt", "pattern", "missed")
    list_filter = ("pattern", "missed")
    raw_id_fields = ("attempt", "user")


@admin.register(ReviewItem)
class ReviewItemAdmin(admin.ModelAdmin):
    list_display = ("pattern", "user", "box", "due_at", "misses", "updated_at")
    list_filter = ("pattern", "box")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)


@admin.register(ShowRecord)
class ShowRecordAdmin(admin.ModelAdmin):
    """Figures kept from the attempts as they are saved: to read, not to edit."""

    list_display = ("user", "guest_key", "attempts", "right", "current_streak", "best_streak")
    search_fields = ("user__username",)
    readonly_fields = (
        "user",
        "guest_key",
        "last",
        "attempts",
        "right",
        "current_streak",
        "best_streak",
    )

    def has_add_permission(self, request):
        return False
