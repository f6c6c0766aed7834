/* Search in long lists: a select with `search` becomes the accessible autocomplete (GOV.UK's accessible-autocomplete
   over a <select>): a combobox input whose typing filters a listbox of the select's options (by label and by the
   synonyms an option carries in `data-fg-synonyms`), arrow keys move through the results, Enter chooses, Escape closes,
   and the number of results is said politely. The select stays in the page (`#f-ID`), hidden, and holds the value sent;
   the box is `#f-ID-search`, which the label, the error summary's link and the focus go to. Without JavaScript the
   select is all there is. Options a data source fills in later (`optionsFrom`) are searched too. */
import { features, el } from "./page.js";
import { format, isEmpty, plural } from "./values.js";

/** Text compared without case, accents or repeated spaces. */
export function fold(value) {
  return String(value).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** The options of a select, ready to search: {value, label, keys: [folded label, folded synonyms…]}; the empty choice left out. */
export function searchEntries(options) {
  var entries = [];
  for (var i = 0; i < options.length; i++) {
    var option = options[i], synonyms = option.getAttribute ? option.getAttribute("data-fg-synonyms") : option.synonyms;
    if (option.value === "") continue;
    var keys = [fold(option.label || option.text)].concat((Array.isArray(synonyms) ? synonyms : (synonyms || "").split("|")).filter(Boolean).map(fold));
    entries.push({ value: option.value, label: option.label || option.text, keys: keys });
  }
  return entries;
}

/** The entries matching `query`, best first: the label starting with it, then a word of the label, then a synonym
    (or its word), then the text anywhere; the list's order within each. All entries for an empty query. */
export function filterEntries(entries, query) {
  var q = fold(query);
  if (!q) return entries.slice();
  var ranked = [[], [], [], []];
  for (var i = 0; i < entries.length; i++) {
    var keys = entries[i].keys, best = 4;
    for (var k = 0; k < keys.length && best > 0; k++) {
      var at = keys[k].indexOf(q);
      if (at < 0) continue;
      var rank = at === 0 ? (k === 0 ? 0 : 2) : keys[k].indexOf(" " + q) >= 0 ? (k === 0 ? 1 : 2) : 3;
      if (rank < best) best = rank;
    }
    if (best < 4) ranked[best].push(entries[i]);
  }
  return ranked[0].concat(ranked[1], ranked[2], ranked[3]);
}

features.push(function (p) {
  p.inputs.forEach(function (field) {
    var select = p.$("f-" + field.id);
    if (!field.search || !select || select.tagName !== "SELECT") return;
    var id = select.id + "-search", listId = select.id + "-listbox", entries = null, known = -1, results = [], active = -1, timer = 0;
    var box = el("div", "fg-search"), input = el("input", "fg-input fg-search-input"), list = el("ul", "fg-search-list");
    var hint = el("span", "fg-vh", p.M.searchHint), label = document.querySelector("label[for=\"" + select.id + "\"]");
    input.id = id;
    if (label) label.htmlFor = id;
    input.type = "text";
    hint.id = select.id + "-search-hint";
    list.id = listId;
    list.hidden = true;
    list.setAttribute("role", "listbox");
    [["role", "combobox"], ["aria-autocomplete", "list"], ["aria-expanded", "false"], ["aria-controls", listId],
     ["autocomplete", "off"], ["spellcheck", "false"]].forEach(function (pair) { input.setAttribute(pair[0], pair[1]); });
    select.hidden = true;
    select.tabIndex = -1;
    // One listener for the list's options (mousedown kept from taking the focus out of the box).
    list.addEventListener("mousedown", function (event) { event.preventDefault(); });
    list.addEventListener("click", function (event) {
      var item = event.target.closest ? event.target.closest(".fg-search-option") : null;
      if (item) choose(results[Array.prototype.indexOf.call(list.children, item)]);
    });
    box.appendChild(input);
    box.appendChild(list);
    box.appendChild(hint);
    select.parentNode.insertBefore(box, select);
    mirror();
    show();

    /** The select's entries, each with its list item made once (a keystroke then only moves items). */
    function all() {
      if (select.options.length !== known) {
        entries = searchEntries(select.options);
        known = select.options.length;
        entries.forEach(function (entry, index) {
          var item = entry.item = el("li", "fg-search-option", entry.label);
          item.id = select.id + "-option-" + index;
          item.setAttribute("role", "option");
          item.setAttribute("aria-selected", "false");
        });
      }
      return entries;
    }
    /** The select's value as the input's text, and the select's error state and description on the input. */
    function show() {
      var chosen = select.selectedIndex > 0 ? select.options[select.selectedIndex] : null;
      input.value = chosen ? chosen.label || chosen.text : "";
    }
    function mirror() {
      var described = (select.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
      input.setAttribute("aria-describedby", described.concat(hint.id).join(" "));
      if (select.getAttribute("aria-invalid")) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
    }
    function open(query) {
      close();
      results = filterEntries(all(), query);
      active = -1;
      list.textContent = "";
      var fragment = document.createDocumentFragment();
      results.forEach(function (entry) { fragment.appendChild(entry.item); });
      if (!results.length) fragment.appendChild(el("li", "fg-search-none", p.M.searchNone));
      list.appendChild(fragment);
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
      input.removeAttribute("aria-activedescendant");
      clearTimeout(timer);
      var said = results.length ? format(plural(p.M, "searchResults", results.length, p.spec.lang), { value: String(results.length) }) : p.M.searchNone;
      timer = setTimeout(function () { p.announce(said); }, 500);
    }
    function close() {
      if (results[active]) results[active].item.setAttribute("aria-selected", "false");
      list.hidden = true;
      active = -1;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
    }
    function move(to) {
      if (!results.length) return;
      if (results[active]) results[active].item.setAttribute("aria-selected", "false");
      active = (to + results.length) % results.length;
      var item = results[active].item;
      item.setAttribute("aria-selected", "true");
      input.setAttribute("aria-activedescendant", item.id);
      item.scrollIntoView({ block: "nearest" });
    }
    /** Sets the select to `entry` (null: no choice) and tells the page, as a change of the select would. */
    function choose(entry) {
      var value = entry ? entry.value : "";
      close();
      input.value = entry ? entry.label : "";
      if (select.value === value) return;
      select.value = value;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    }
    // The page's own checks follow the select, not each key typed here.
    input.addEventListener("input", function (event) { event.stopPropagation(); open(input.value); });
    input.addEventListener("keydown", function (event) {
      var isOpen = !list.hidden;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        if (!isOpen) open(input.value === (select.selectedIndex > 0 ? select.options[select.selectedIndex].label : "") ? "" : input.value);
        move(event.key === "ArrowDown" ? active + 1 : active < 0 ? -1 : active - 1);
      } else if (event.key === "Enter" && isOpen) {
        event.preventDefault();
        if (active >= 0) choose(results[active]);
        else if (results.length === 1) choose(results[0]);
      } else if (event.key === "Escape" && isOpen) {
        event.preventDefault();
        close();
      }
    });
    input.addEventListener("blur", function () {
      var typed = fold(input.value), match = null;
      all().forEach(function (entry) { if (!match && entry.keys[0] === typed) match = entry; });
      close();
      if (match || !typed) choose(match);
      else if (select.value !== "") { select.value = ""; select.dispatchEvent(new Event("change", { bubbles: true })); }
      if (!isEmpty(p.readValue(field), field) || p.shown[field.id] || typed) { p.runChecks([field.id]); p.renderSummary(); }
    });
    // Errors and written values land on the select: the input shows them too.
    new MutationObserver(mirror).observe(select, { attributes: true, attributeFilter: ["aria-invalid", "aria-describedby"] });
    var write = p.writeValue, target = p.focusTarget;
    p.focusTarget = function (targetId) { return targetId === field.id ? input : target(targetId); };
    p.writeValue = function (f, value) { write(f, value); if (f.id === field.id) show(); };
  });
});
