// The scoreboard (templates/games/scoreboard.html): the screen kept awake while a game is on
// the board, the tab's title kept with the score, and a poll's answer that is older than the board shown not drawn over it. The
// board works without this file: the page is plain forms, and Refresh shows the other phone's.
(function () {
  "use strict";

  // The Wake Lock API, where the browser has it (a secure page, the tab in view): the lock
  // goes when the tab is hidden or the phone locks, so it is asked for again on return.
  var lock = null;

  function wanted() {
    return !!document.querySelector("[data-wake-lock]");
  }

  function showStatus() {
    var status = document.querySelector("[data-wake-lock-status]");
    if (status) status.hidden = !lock;
  }

  function keepAwake() {
    if (!("wakeLock" in navigator) || lock || document.visibilityState !== "visible" || !wanted()) return;
    navigator.wakeLock.request("screen").then(
      function (sentinel) {
        lock = sentinel;
        sentinel.addEventListener("release", function () {
          lock = null;
          showStatus();
        });
        showStatus();
      },
      function () {} // refused (battery saver, a policy): the screen sleeps as it would
    );
  }

  function letSleep() {
    if (lock && !wanted()) lock.release();
  }

  document.addEventListener("DOMContentLoaded", keepAwake);
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("htmx:afterSettle", function () {
    letSleep(); // the game is over: nothing more to peg
    keepAwake();
    showStatus();
    var state = document.getElementById("board-state"); // the tab's title follows the score
    if (state && state.getAttribute("data-title")) document.title = state.getAttribute("data-title");
  });

  // A poll sent before this phone's own entry may come back after it, with the board as it
  // was: the version it carries says so, and it is dropped (the next poll brings the board).
  function version(text) {
    var found = /data-version="(\d+)"/.exec(text || "");
    return found ? Number(found[1]) : null;
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var shown = document.getElementById("board-state");
    if (!shown || !event.detail.xhr || !event.detail.shouldSwap) return;
    var incoming = version(event.detail.serverResponse);
    var current = Number(shown.getAttribute("data-version"));
    if (incoming !== null && incoming < current) event.detail.shouldSwap = false;
  });
})();
