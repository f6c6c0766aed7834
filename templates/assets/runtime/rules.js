/* Rules and the journey: which fields are hidden and which required, and which pages are visited, given the values
   (FieldStates and Journey in Swift compute the same). */
import { decimal, fieldMap, isChecked, isDisplayOnly, isEmpty, isGroup, isSingleCheckbox, items, text } from "./values.js";

function holds(rule, value, field) {
  var texts = !field ? [text(value)] : isGroup(field) ? items(value) : isSingleCheckbox(field) ? [String(isChecked(value))] : [text(value)];
  var empty = field ? isEmpty(value, field) : texts.every(function (t) { return t === ""; });
  var first = rule.values.length ? rule.values[0] : "";
  switch (rule.condition) {
    case "equals": return texts.indexOf(first) >= 0;
    case "notEquals": return texts.indexOf(first) < 0;
    case "in": return texts.some(function (t) { return rule.values.indexOf(t) >= 0; });
    case "notIn": return !texts.some(function (t) { return rule.values.indexOf(t) >= 0; });
    case "empty": return empty;
    case "notEmpty": return !empty;
    case "greaterThan": case "lessThan":
      var number = texts.length === 1 ? decimal(texts[0]) : null, limit = decimal(first);
      if (number === null || limit === null) return false;
      return rule.condition === "greaterThan" ? number > limit : number < limit;
  }
  return false;
}
/** The pages visited: { path: [page indexes], exit: index of the exit page it ends on, or -1 }. */
export function journey(spec, values, hidden, byId) {
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
function ruleStates(spec, values, byId, skipped) {
  var configured = spec.fields.filter(function (f) { return f.required; }).map(function (f) { return f.id; });
  var hidden = new Set(), required = new Set(configured);
  for (var pass = 0; pass <= spec.rules.length; pass++) {
    var next = new Set();
    required = new Set(configured);
    spec.rules.forEach(function (rule) {
      var value = hidden.has(rule.field) || skipped.has(rule.field) ? undefined : values[rule.field];
      var action = holds(rule, value, byId[rule.field]) ? rule.action : rule.otherwise;
      rule.targets.forEach(function (target) {
        if (action === "show") next.delete(target);
        else if (action === "hide") next.add(target);
        else if (action === "require") required.add(target);
        else if (action === "unrequire") required.delete(target);
      });
    });
    var settled = same(next, hidden);
    hidden = next;
    if (settled) break;
  }
  return { hidden: hidden, required: required };
}
function same(a, b) { return a.size === b.size && Array.from(a).every(function (id) { return b.has(id); }); }
/** Which fields the rules and the journey hide, which are required, and the journey (`path`, `exit`). */
export function states(spec, values) {
  var byId = fieldMap(spec), skipped = new Set(), rules = ruleStates(spec, values, byId, skipped);
  var walk = journey(spec, values, rules.hidden, byId);
  for (var round = 0; round < Math.max(spec.pages.length, 1); round++) {
    var now = new Set();
    spec.pages.forEach(function (page, n) { if (walk.path.indexOf(n) < 0) page.fields.forEach(function (id) { now.add(id); }); });
    if (same(now, skipped)) break;
    skipped = now;
    rules = ruleStates(spec, values, byId, skipped);
    walk = journey(spec, values, rules.hidden, byId);
  }
  skipped.forEach(function (id) { rules.hidden.add(id); });
  return { hidden: rules.hidden, required: rules.required, path: walk.path, exit: walk.exit };
}
