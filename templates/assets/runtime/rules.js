/* Rules: which fields are hidden and which required, given the values (FieldStates in Swift computes the same);
   journey.js adds the pages visited when the form branches. */
import { decimal, fieldMap, isChecked, isEmpty, isGroup, isSingleCheckbox, items, text } from "./values.js";

export function holds(rule, value, field) {
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
/** The rules' hidden and required sets, fields in `skipped` counting as empty. */
export function ruleStates(spec, values, byId, skipped) {
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
export function same(a, b) { return a.size === b.size && Array.from(a).every(function (id) { return b.has(id); }); }
/** Set by journey.js on pages that branch, end at exit pages or have pages that may skip themselves. */
export var journeys = { walk: null };
/** Which fields the rules (and the journey) hide, which are required, and the pages visited (`path`, `exit`). */
export function states(spec, values) {
  var byId = fieldMap(spec), rules = ruleStates(spec, values, byId, new Set());
  if (journeys.walk) return journeys.walk(spec, values, byId, rules);
  return { hidden: rules.hidden, required: rules.required, path: spec.pages.map(function (page, n) { return n; }), exit: -1 };
}
