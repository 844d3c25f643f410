"""What a player does in a browser, for the account tests: answer as a guest, log in,
sign up, come through a proxy from one IPv6 network."""

from quizzes.models import Deal

NEW_PASSWORD = "a-pair-royal-is-six"


def guest_answers(client, totals=("29",)):
    """Deal and answer as a guest; returns the deals."""
    deals = []
    for total in totals:
        response = client.post("/quiz/new/", {"mode": "hand"})
        deal = Deal.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))
        client.post(f"/quiz/{deal.pk}/answer/", {"total": total})
        deals.append(deal)
    return deals


def log_in(client, password, username="guessme", **headers):
    return client.post(
        "/accounts/login/", {"username": username, "password": password}, headers=headers
    )


def sign_up(client, username="muggins", email="", password=NEW_PASSWORD, **fields):
    data = {"username": username, "email": email, "password1": password, "password2": password}
    return client.post("/accounts/signup/", {**data, **fields})


def in_one_64(n: int) -> dict:
    """The n-th address of one IPv6 /64, as the proxy in front says it."""
    return {"X-Forwarded-For": f"2001:db8:1:2:{n:x}:{n:x}:0:1"}
