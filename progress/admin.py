from django.contrib import admin

from .models import ReviewItem


@admin.register(ReviewItem)
class ReviewItemAdmin(admin.ModelAdmin):
    list_display = ("pattern", "user", "box", "due_at", "misses", "updated_at")
    list_filter = ("pattern", "box")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
