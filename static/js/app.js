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

  // The card picker (counter/picks.py, Picks.with_pick), applied here so that taps show at once
  // and quick taps never race: each request carries every place's cards, not one tap. A form
  // marked data-picker holds one hidden input[data-place] per place, in filling order, and the
  // place being filled in input[name=fill] ("" for the first place with room).
  function placesOf(form) {
    return Array.prototype.map.call(form.querySelectorAll("input[data-place]"), function (input) {
      return { input: input, key: input.name, size: Number(input.getAttribute("data-size")), cards: codes(input.value) };
    });
  }

  function hasRoom(place) {
    return place.cards.length < place.size;
  }

  function fillingFrom(places, key) {
    var start = 0;
    for (var i = 0; i < places.length; i++) if (places[i].key === key) start = i;
    for (var step = 0; step < places.length; step++) {
      var n = (start + step) % places.length;
      if (hasRoom(places[n])) return n;
    }
    return -1;
  }

  function nextWithRoom(places, after) {
    for (var step = 1; step < places.length; step++) {
      var n = (after + step) % places.length;
      if (hasRoom(places[n])) return places[n].key;
    }
    return "";
  }

  function pick(form, code) {
    var places = placesOf(form);
    var fill = form.elements.fill;
    var removed = false;
    for (var i = 0; i < places.length && !removed; i++) {
      var at = places[i].cards.indexOf(code);
      if (at >= 0) {
        places[i].cards.splice(at, 1);
        fill.value = places[i].key; // the next card goes where this one was
        removed = true;
      }
    }
    if (!removed) {
      var n = fillingFrom(places, fill.value);
      if (n < 0) return false;
      places[n].cards.push(code);
      fill.value = hasRoom(places[n]) ? places[n].key : nextWithRoom(places, n);
    }
    setPlaces(form, places);
    var button = document.getElementById("pick-" + code);
    if (button) button.setAttribute("aria-pressed", String(!removed));
    return true;
  }

  function clearPlaces(form, key) {
    var places = placesOf(form);
    places.forEach(function (place) {
      if (!key || place.key === key) place.cards = [];
    });
    form.elements.fill.value = key;
    setPlaces(form, places);
  }

  function setPlaces(form, places) {
    places.forEach(function (place) {
      place.input.value = place.cards.join(",");
    });
    var text = form.elements.cards;
    if (text && form.elements.hand && form.elements.starter) {
      // The counter's text field shows the cards as CountForm reads them back (Entry.text).
      var hand = codes(form.elements.hand.value);
      var starter = form.elements.starter.value;
      var before = hand.length === 4 ? " " : hand.length ? " + " : "+ ";
      text.value = hand.join(" ") + (starter ? before + starter : "");
    }
  }

  function recount(form) {
    var values = {};
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken") values[name] = value; // a GET: no token in its address
    });
    var target = form.getAttribute("hx-target");
    htmx
      .ajax("GET", form.action, { source: target, target: target, swap: "outerHTML", values: values })
      .catch(function () {}); // aborted by a newer recount, which carries the newer cards
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[name=pick], button[name=clear], button[name=place]");
    var form = button && button.form;
    if (!form || !form.hasAttribute("data-picker") || !window.htmx) return;
    event.preventDefault();
    if (button.name === "clear") {
      var keys = placesOf(form).map(function (place) {
        return place.key;
      });
      clearPlaces(form, keys.indexOf(button.value) >= 0 ? button.value : "");
    } else if (button.name === "place") form.elements.fill.value = button.value;
    else if (!pick(form, button.value)) return;
    recount(form);
  });

  // Space presses a button when the key comes up, and a count arriving in between replaces
  // the button (focus moves to the new one), so the key was lost: the pickers' buttons take
  // Space as it goes down, as they take Enter.
  document.addEventListener("keydown", function (event) {
    if (event.key !== " " || event.repeat || !window.htmx) return;
    var button = event.target.closest && event.target.closest("button");
    var form = button && button.form;
    if (!form || !(form.hasAttribute("data-picker") || form.hasAttribute("data-play"))) return;
    event.preventDefault();
    button.click();
  });

  // The pegging counter (counter/forms.py, PlayForm): a tap lays a card, says go or takes the
  // last back in the form's play field at once, so quick taps never race, then recounts.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[name=pick], button[name=go], button[name=undo], button[name=clear]");
    var form = button && button.form;
    if (!form || !form.hasAttribute("data-play") || !window.htmx) return;
    event.preventDefault();
    var said = codes(form.elements.play.value);
    if (button.name === "clear") said = [];
    else if (button.name === "undo") said.pop();
    else if (button.name === "go") said.push("go");
    else if (said[said.length - 1] === button.value) said.pop();
    else said.push(button.value);
    form.elements.play.value = said.join(",");
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

  // The game's tab title follows the score, swap after swap (#table carries it).
  document.addEventListener("htmx:afterSwap", function () {
    var table = document.getElementById("table");
    var title = table && table.getAttribute("data-title");
    if (title) document.title = title;
  });

  // The header's menu (a details element) closes on Escape or a tap elsewhere.
  function closeMenus(except) {
    document.querySelectorAll("details.menu[open]").forEach(function (menu) {
      if (menu !== except) menu.open = false;
    });
  }
  document.addEventListener("click", function (event) {
    closeMenus(event.target.closest && event.target.closest("details.menu"));
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var open = document.querySelector("details.menu[open]");
    if (!open) return;
    open.open = false;
    open.querySelector("summary").focus();
  });

  // The game: the second card ticked to throw throws the two, one tap less a deal (without
  // this file, or to change a card first, "Throw these two" sends them).
  document.addEventListener("change", function (event) {
    var box = event.target;
    var form = box.closest && box.closest("form[data-throw-on-two]");
    if (!form || !box.checked || !box.classList.contains("throw-box")) return;
    if (form.querySelectorAll(".throw-box:checked").length === 2) form.requestSubmit();
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

  // The discard analyser: a keep chosen from the table belongs to its six cards, so a tap that
  // changes them drops it. This runs first (capture), before the picker above sends the six.
  document.addEventListener(
    "click",
    function (event) {
      var button = event.target.closest && event.target.closest("button[name=pick], button[name=clear]");
      var chosen = button && button.form && button.form.querySelector("input[data-chosen-keep]");
      if (chosen) chosen.value = "";
    },
    true
  );
})();
