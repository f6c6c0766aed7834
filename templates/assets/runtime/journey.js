/* The journey: which pages are visited (branches, exit pages, pages whose every field is hidden), and every field on a
   page not visited hidden. Journey and FieldStates in Swift compute the same; the build joins this module only for
   forms whose journey is not simply every page in order. */
import { holds, same } from "./conditions.js";
import { features } from "./page.js";
import { journeys, ruleStates } from "./rules.js";
import { isDisplayOnly } from "./values.js";

/** The pages visited: { path: [page indexes], exit: index of the exit page it ends on, or -1 }. */
function journey(spec, values, hidden, byId) {
  var pages = spec.pages, index = {}, path = [], seen = new Set(), i = 0;
  pages.forEach(function (page, n) { if (page.id && !(page.id in index)) index[page.id] = n; });
  function following(n) { n++; while (n < pages.length && pages[n].exit) n++; return n; }
  while (i < pages.length) {
    var page = pages[i], inputs = page.fields.filter(function (id) { return byId[id] && !isDisplayOnly(byId[id]); });
    if (pages.length > 1 && !page.exit && inputs.length && inputs.every(function (id) { return hidden.has(id); })) { i = following(i); continue; }
    path.push(i);
    if (page.exit) return { path: path, exit: i };
    page.fields.forEach(function (id) { seen.add(id); });
    var target = following(i), branches = page.next || [];
    for (var b = 0; b < branches.length; b++) {
      var branch = branches[b], value = hidden.has(branch.field) || !seen.has(branch.field) ? undefined : values[branch.field];
      if (holds(branch, value, byId[branch.field])) {
        if (branch.goTo === "review") target = pages.length;
        else if (branch.goTo in index && index[branch.goTo] > i) target = index[branch.goTo];
        break;
      }
    }
    i = target;
  }
  return { path: path, exit: -1 };
}
journeys.walk = function (spec, values, byId, rules) {
  var skipped = new Set(), walk = journey(spec, values, rules.hidden, byId);
  for (var round = 0; round < Math.max(spec.pages.length, 1); round++) {
    var now = new Set();
    spec.pages.forEach(function (page, n) { if (walk.path.indexOf(n) < 0) page.fields.forEach(function (id) { now.add(id); }); });
    if (same(now, skipped)) break;
    skipped = now;
    rules = ruleStates(spec, values, byId, skipped);
    walk = journey(spec, values, rules.hidden, byId);
  }
  skipped.forEach(function (id) { rules.hidden.add(id); });
  // A journey that ends on an exit page cannot be sent: validate() reports the page, under its id (or page-N).
  var exit = spec.pages[walk.exit], ended = {};
  if (exit) ended[exit.id || "page-" + (walk.exit + 1)] = exit.title || exit.id || "page " + (walk.exit + 1);
  return { hidden: rules.hidden, required: rules.required, path: walk.path, exit: walk.exit, ended: ended };
};

// The notes that tell a page without JavaScript which pages to skip (JourneyNotes.swift: only on forms with branches,
// which join this module): the wizard shows only the pages the journey visits.
features.push(function (p) {
  p.form.querySelectorAll("[data-fg-note]").forEach(function (note) { note.hidden = true; });
});
