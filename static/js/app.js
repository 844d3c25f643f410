// Cribtrainer's enhancements. Every page works without this file: every action is a plain form.
(function () {
  "use strict";

  function say(text) {
    var status = document.getElementById("status");
    if (status) status.textContent = text;
  }

  function codes(value) {
    return value ? value.split(",") : [];
  }

  // The rule of CountForm's pick (counter/forms.py, Deal.with_pick), applied here so that taps
  // show at once and quick taps never race: each request carries the whole deal, not one tap.
  function pick(form, code) {
    var hand = codes(form.elements.hand.value);
    var starter = form.elements.starter.value;
    var at = hand.indexOf(code);
    if (at >= 0) hand.splice(at, 1);
    else if (code === starter) starter = "";
    else if (hand.length < 4) hand.push(code);
    else if (!starter) starter = code;
    else return false;
    setDeal(form, hand, starter);
    var button = document.getElementById("pick-" + code);
    if (button) button.setAttribute("aria-pressed", String(hand.indexOf(code) >= 0 || code === starter));
    return true;
  }

  function setDeal(form, hand, starter) {
    form.elements.hand.value = hand.join(",");
    form.elements.starter.value = starter;
    form.elements.cards.value = hand.concat(starter ? [starter] : []).join(" ");
  }

  function recount(form) {
    var values = {};
    new FormData(form).forEach(function (value, name) {
      values[name] = value;
    });
    htmx
      .ajax("GET", form.action, { source: "#count", target: "#count", swap: "outerHTML", values: values })
      .catch(function () {}); // aborted by a newer recount, which carries the newer deal
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[name=pick], button[name=clear]");
    var form = button && button.form;
    if (!form || form.id !== "counter-form" || !window.htmx) return;
    event.preventDefault();
    if (button.name === "clear") setDeal(form, [], "");
    else if (!pick(form, button.value)) return;
    recount(form);
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-copy]");
    if (!button) return;
    var url = button.getAttribute("data-copy");
    var copied = navigator.clipboard ? navigator.clipboard.writeText(url) : Promise.reject();
    copied.then(
      function () {
        button.textContent = "Copied";
        say("Link copied.");
      },
      function () {
        window.prompt("Copy this link:", url);
      }
    );
  });

  // A new count appearing above the picker must not land out of sight on a small screen.
  var hadBreakdown = false;
  document.addEventListener("htmx:beforeSwap", function () {
    hadBreakdown = !!document.getElementById("breakdown");
  });
  document.addEventListener("htmx:afterSwap", function () {
    var breakdown = document.getElementById("breakdown");
    if (!breakdown || hadBreakdown) return;
    var top = breakdown.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight * 0.7) breakdown.scrollIntoView({ block: "start" });
  });

  // Quizzes: "N" deals the next hand from the feedback; the itemised answer shows its total.
  function typing(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  document.addEventListener("keydown", function (event) {
    if (event.key !== "n" && event.key !== "N") return;
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    var next = document.querySelector("[data-next-hand]");
    if (next) {
      event.preventDefault();
      next.click();
    }
  });

  function updateTotal() {
    var output = document.getElementById("itemised-total");
    if (!output) return;
    var total = 0;
    document.querySelectorAll("[data-itemised]").forEach(function (input) {
      var value = parseInt(input.value, 10);
      if (!isNaN(value) && value > 0) total += value;
    });
    output.textContent = String(total);
  }

  document.addEventListener("input", function (event) {
    if (event.target.matches && event.target.matches("[data-itemised]")) updateTotal();
  });
  document.addEventListener("DOMContentLoaded", updateTotal);
  document.addEventListener("htmx:afterSwap", updateTotal);

  function reveal(root) {
    var buttons = root.querySelectorAll ? root.querySelectorAll("button[data-copy][hidden]") : [];
    for (var i = 0; i < buttons.length; i++) buttons[i].hidden = false;
  }
  document.addEventListener("DOMContentLoaded", function () {
    reveal(document);
    if (window.htmx) htmx.onLoad(reveal);
  });

  // A request sent in the background that fails says so in the page's alert region; htmx
  // swaps nothing on an error, so the form keeps what the player typed.
  function problemFor(status) {
    if (status === 0) return "Cribtrainer could not be reached: check your connection, then send it again. What you typed is still here.";
    if (status === 403) return "This page is out of date (you logged in or out in another tab), so it was not sent. Reload the page and try again.";
    if (status === 404) return "That is not yours any more: you logged out or changed accounts in another tab. Reload the page and try again.";
    if (status === 429) return "Too many tries: wait a few minutes, then send it again. What you typed is still here.";
    if (status >= 500) return "Something went wrong on our side, and nothing was saved. Send it again in a moment: what you typed is still here.";
    return "That could not be sent (error " + status + "). Reload the page and try again.";
  }

  function showProblem(text) {
    var region = document.getElementById("request-problem");
    if (region) region.textContent = text;
  }

  document.addEventListener("htmx:responseError", function (event) {
    showProblem(problemFor(event.detail.xhr.status));
  });
  document.addEventListener("htmx:sendError", function () {
    showProblem(problemFor(0));
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful) showProblem("");
  });
})();
