from django.urls import path

from . import views

app_name = "quizzes"

urlpatterns = [
    path("", views.choose, name="choose"),
    path("new/", views.deal_new, name="new"),
    path("<int:pk>/", views.deal_page, name="deal"),
    path("<int:pk>/answer/", views.answer, name="answer"),
]
