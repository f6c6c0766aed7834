/* Conditions: whether a rule's condition holds for its field's value, and the rules applied in passes until the hidden
   fields settle (a field hidden in the previous pass counting as empty). Conditions.swift in FormgenRuntime computes
   the same. The build joins this module only for forms with rules (the form's, a repeating section's) or a journey. */
import { conditional } from "./rules.js";
import { isChecked, isEmpty, isGroup, isSingleCheckbox, items, text } from "./values.js";

/** The conditions other than equals, notEquals, empty and notEmpty by name (operators.js: in, notIn, greaterThan,
    lessThan, joined where a rule or branch has one), each a function of the rule and the answer's texts. */
export var operators = Object.create(null);
/** Whether a rule's condition (or a journey branch's) holds for its field's value. */
export function holds(rule, value, field) {
  var texts = !field ? [text(value)] : isGroup(field) ? items(value) : isSingleCheckbox(field) ? [String(isChecked(value))] : [text(value)];
  var empty = field ? isEmpty(value, field) : texts.every(function (t) { return t === ""; });
  var first = rule.values.length ? rule.values[0] : "";
  switch (rule.condition) {
    case "equals": return texts.indexOf(first) >= 0;
    case "notEquals": return texts.indexOf(first) < 0;
    case "empty": return empty;
    case "notEmpty": return !empty;
  }
  return !!operators[rule.condition] && operators[rule.condition](rule, texts);
}
/** Whether two sets hold the same ids. */
export function same(a, b) { return a.size === b.size && Array.from(a).every(function (id) { return b.has(id); }); }
conditional.states = function (spec, values, byId, skipped, configured) {
  // A spec without rules (a journey's) leaves `rules` out.
  var hidden = new Set(), required = new Set(configured), rules = spec.rules || [];
  for (var pass = 0; pass <= rules.length; pass++) {
    var next = new Set();
    required = new Set(configured);
    rules.forEach(function (rule) {
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
};
