/* formgen: the filter box of a long list of links (a country flow's countries). The page lists every link without
   JavaScript; with it, the box shows, and typing keeps the items whose text (or code) holds what is typed, letters
   compared without case or accents, and says how many are shown in a visually hidden status. */
(function () {
  "use strict";
  var box = document.getElementById("fg-filter"), input = document.getElementById("fg-filter-input");
  var list = document.getElementById("fg-filter-list"), status = document.getElementById("fg-filter-status");
  if (!box || !input || !list || !status) return;
  var items = Array.prototype.slice.call(list.children);
  function fold(text) { return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/\s+/g, " ").trim(); }
  var texts = items.map(function (item) { return fold(item.textContent + " " + (item.getAttribute("data-code") || "")); });
  box.hidden = false;
  input.addEventListener("input", function () {
    var query = fold(input.value), shown = 0;
    items.forEach(function (item, index) {
      var match = texts[index].indexOf(query) >= 0;
      item.hidden = !match;
      if (match) shown++;
    });
    status.textContent = box.getAttribute("data-shown").replace("{count}", String(shown));
  });
})();
