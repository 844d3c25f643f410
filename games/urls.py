from django.urls import path

from . import review_views, views

app_name = "games"

urlpatterns = [
    path("", views.games_page, name="games"),
    path("new/", views.game_new, name="new"),
    path("<int:pk>/", views.game_page, name="game"),
    path("<int:pk>/move/", views.move, name="move"),
    path("<int:pk>/delete/", views.game_delete, name="delete"),
    path("match/<int:pk>/next/", views.match_next, name="match_next"),
    path("<int:pk>/review/", review_views.review_page, name="review"),
    path("<int:pk>/review.json", review_views.review_data, name="review_json"),
    path("<int:pk>/review/practise/", review_views.practise, name="practise"),
    path("<int:pk>/state.json", review_views.state_download, name="state"),
    path("<int:pk>/which/<int:attempt>/", review_views.which, name="which"),
]
