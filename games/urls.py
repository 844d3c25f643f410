from django.urls import path

from . import views

app_name = "games"

urlpatterns = [
    path("", views.games_page, name="games"),
    path("new/", views.game_new, name="new"),
    path("<int:pk>/", views.game_page, name="game"),
    path("<int:pk>/move/", views.move, name="move"),
    path("<int:pk>/delete/", views.game_delete, name="delete"),
]
