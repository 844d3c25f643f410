// Quiz page helpers, all optional: the pages work without them.
// "N" deals the next hand from the feedback; the itemised answer shows its running total.
(function () {
  "use strict";

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
})();
