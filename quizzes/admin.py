from django.contrib import admin

from .models import Attempt, AttemptPattern, Deal, PatternRecord, ReviewItem, ShowRecord
from .services.records import records_rebuild


class KeepsRecords:
    """For rows the players' figures are kept from (``ShowRecord``, ``PatternRecord``): when
    staff change or delete some, the figures of their players are worked out again."""

    def save_model(self, request, obj, form, change):
        owners = {type(obj).objects.get(pk=obj.pk).owner} if change else set()
        super().save_model(request, obj, form, change)
        self.records_rebuild(owners | {obj.owner})

    def delete_model(self, request, obj):
        owner = obj.owner
        super().delete_model(request, obj)
        self.records_rebuild({owner})

    def delete_queryset(self, request, queryset):
        owners = {row.owner for row in queryset.select_related("user")}
        super().delete_queryset(request, queryset)
        self.records_rebuild(owners)

    @staticmethod
    def records_rebuild(owners) -> None:
        for owner in owners:
            records_rebuild(owner=owner)


class AttemptPatternInline(admin.TabularInline):
    model = AttemptPattern
    extra = 0
    readonly_fields = ("pattern", "missed")
    can_delete = False


@admin.register(Deal)
class DealAdmin(KeepsRecords, admin.ModelAdmin):
    list_display = ("id", "hand", "starter", "crib", "mode", "focus", "user", "dealt_at")
    list_filter = ("crib", "mode")
    search_fields = ("user__username", "hand")
    raw_id_fields = ("user",)
    date_hierarchy = "dealt_at"


@admin.register(Attempt)
class AttemptAdmin(KeepsRecords, admin.ModelAdmin):
    list_display = ("id", "deal", "user", "style", "claimed", "points", "right", "answered_at")
    list_filter = ("right", "style", "crib")
    search_fields = ("user__username",)
    raw_id_fields = ("deal", "user")
    date_hierarchy = "answered_at"
    inlines = (AttemptPatternInline,)


@admin.register(AttemptPattern)
class AttemptPatternAdmin(KeepsRecords, admin.ModelAdmin):
    list_display = ("attempt", "pattern", "missed")
    list_filter = ("pattern", "missed")
    raw_id_fields = ("attempt", "user")


@admin.register(ReviewItem)
class ReviewItemAdmin(admin.ModelAdmin):
    list_display = ("pattern", "user", "due_at", "state", "stability", "misses", "updated_at")
    list_filter = ("pattern", "state")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)


@admin.register(ShowRecord)
class ShowRecordAdmin(admin.ModelAdmin):
    """Figures kept from the attempts as they are saved: to read, not to edit."""

    list_display = (
        "user",
        "guest_key",
        "attempts",
        "cribs",
        "right",
        "current_streak",
        "best_streak",
    )
    search_fields = ("user__username",)
    readonly_fields = (
        "user",
        "guest_key",
        "last",
        "attempts",
        "cribs",
        "right",
        "current_streak",
        "best_streak",
    )

    def has_add_permission(self, request):
        return False


@admin.register(PatternRecord)
class PatternRecordAdmin(admin.ModelAdmin):
    """Figures kept from the marks as they become known: to read, not to edit."""

    list_display = ("pattern", "user", "guest_key", "seen", "missed")
    list_filter = ("pattern",)
    search_fields = ("user__username",)
    readonly_fields = ("user", "guest_key", "pattern", "seen", "missed")

    def has_add_permission(self, request):
        return False
