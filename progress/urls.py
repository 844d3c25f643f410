from django.urls import path

from . import views

app_name = "progress"

urlpatterns = [
    path("", views.progress_page, name="progress"),
    path("review/", views.review_page, name="review"),
]
