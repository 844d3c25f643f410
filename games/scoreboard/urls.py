from django.urls import path

from . import views

app_name = "scoreboard"

# A board's address holds its secret token (the follow link), not a row's id.
urlpatterns = [
    path("", views.start_page, name="start"),
    path("new/", views.new, name="new"),
    path("join/", views.join, name="join"),
    path("<slug:token>/", views.board_page, name="board"),
    path("<slug:token>/peg/", views.peg, name="peg"),
    path("<slug:token>/count/", views.count, name="count"),
    path("<slug:token>/undo/", views.undo, name="undo"),
    path("<slug:token>/next/", views.next_, name="next"),
    path("<slug:token>/stats/", views.stats, name="stats"),
]
