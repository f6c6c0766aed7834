/* Rules: which fields are hidden and which required, given the values. */
import { decimal, fieldMap, isChecked, isEmpty, isGroup, isSingleCheckbox, items, text } from "./values.js";

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
/** Which fields the rules hide and which are required, settled over repeated passes. */
export function states(spec, values) {
  var byId = fieldMap(spec), configured = spec.fields.filter(function (f) { return f.required; }).map(function (f) { return f.id; });
  var hidden = new Set(), required = new Set(configured);
  for (var pass = 0; pass <= spec.rules.length; pass++) {
    var next = new Set();
    required = new Set(configured);
    spec.rules.forEach(function (rule) {
      var value = hidden.has(rule.field) ? undefined : values[rule.field];
      var action = holds(rule, value, byId[rule.field]) ? rule.action : rule.otherwise;
      rule.targets.forEach(function (target) {
        if (action === "show") next.delete(target);
        else if (action === "hide") next.add(target);
        else if (action === "require") required.add(target);
        else if (action === "unrequire") required.delete(target);
      });
    });
    var settled = next.size === hidden.size && Array.from(next).every(function (id) { return hidden.has(id); });
    hidden = next;
    if (settled) break;
  }
  return { hidden: hidden, required: required };
}
