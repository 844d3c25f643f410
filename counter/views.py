from django.http import HttpRequest, HttpResponse


def counter_page(request: HttpRequest) -> HttpResponse:
    return HttpResponse("Cribtrainer")
