/* Validation: a field's first failing check, the cleaned submission, and validate() over a whole form.
   `formgen validate` implements the same semantics in Swift (Tests/vectors/validation.json holds both to it). */
import { iso, parseDate, todayUTC } from "./dates.js";
import { states } from "./rules.js";
import { decimal, format, isChecked, isDisplayOnly, isEmpty, isGroup, isSingleCheckbox, items, plural, text } from "./values.js";

var EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
var regexCache = {};
/** Checks other modules add by rule name (bounds.js: the date and age rules; compare.js: minValue, maxValue and
    equalsField), called like failure(). */
export var ruleChecks = Object.create(null);
/** Checks and cleaning of fields whose value is a list of items or an object, by kind (repeat.js: `repeat`, grid.js:
    `grid`); a list's check may add the keys of its items' hidden fields to `state.hidden`, which `clean` then leaves out. */
export var lists = Object.create(null);
/** The check that an answer chosen from a list is one of its options (chosen.js, on pages with such a field). */
export var choices = { allowed: null };
/** The check of a read-only field (readonly.js, on pages with one). */
export var readOnly = { check: null };

export function matchesMask(value, mask) {
  var chars = Array.from(value), shape = Array.from(mask);
  return chars.length === shape.length && chars.every(function (c, i) {
    var digit = c >= "0" && c <= "9", letter = /^[A-Za-z]$/.test(c);
    return shape[i] === "#" ? digit : shape[i] === "A" ? letter : shape[i] === "*" ? digit || letter : c === shape[i];
  });
}
function search(pattern, value) {
  if (!(pattern in regexCache)) {
    try { regexCache[pattern] = new RegExp(pattern, "u"); } catch (error) { regexCache[pattern] = null; }
  }
  return regexCache[pattern] ? regexCache[pattern].test(value) : true;
}
function ruleText(rule) { return rule.value === undefined || rule.value === null ? "" : String(rule.value); }
/** null when the rule passes, else the text that stands for {value} in its message. */
function failure(rule, value, values, hidden, today) {
  var limit = typeof rule.value === "number" ? rule.value : decimal(ruleText(rule)), shown = ruleText(rule);
  switch (rule.rule) {
    case "regex": return search(shown, value) ? null : shown;
    case "email": return EMAIL.test(value) ? null : "";
    case "minLength": case "maxLength":
      if (limit === null) return null;
      var length = Array.from(value).length;
      return (rule.rule === "minLength" ? length >= limit : length <= limit) ? null : shown;
    case "mask": return matchesMask(value, shown) ? null : shown;
  }
  return ruleChecks[rule.rule] ? ruleChecks[rule.rule](rule, value, limit, shown, today, values, hidden) : null;
}
/** The message of a field's first failing check, or null. Messages come resolved in the spec; `{value}`
    stands for the value that failed. A value longer than maxLength (or 10,000) fails before any regex runs. */
export function checkField(spec, field, values, state, today) {
  var value = values[field.id], M = field.messages || {};
  var say = function (message, shown) { return format(message, { value: shown === undefined ? "" : shown }); };
  if (isEmpty(value, field)) return state.required.has(field.id) ? say(M.required) : null;
  var t = text(value);
  if (field.type === "number" && decimal(t) === null) return say(M.number);
  if (field.type === "date" && !parseDate(t)) return say(M.date);
  if (choices.allowed && !choices.allowed(field, value)) return say(M.option);
  var rules = field.validations || [], longest = rules.filter(function (r) { return r.rule === "maxLength"; })[0];
  var cap = longest && typeof longest.value === "number" ? longest.value : 10000;
  if (Array.from(t).length > cap) return say(longest ? longest.message : plural(spec.messages, "tooLong", cap, spec.lang), String(cap));
  if (field.mask && !matchesMask(t, field.mask)) return say(M.mask);
  for (var i = 0; i < rules.length; i++) {
    var rule = rules[i], shown = failure(rule, t, values, state.hidden, today);
    if (shown !== null) return say(rule.message, shown);
  }
  return null;
}
/** The cleaned submission. */
export function clean(spec, values, hidden) {
  var data = {};
  spec.fields.forEach(function (field) {
    if (isDisplayOnly(field) || hidden.has(field.id) || field.id in data) return;
    var value = values[field.id], list = lists[field.kind];
    if (list) { if ((list = list.clean(spec, field, value, hidden))) data[field.id] = list; return; }
    if (isSingleCheckbox(field)) { data[field.id] = isChecked(value); return; }
    if (isGroup(field)) { if (items(value).length) data[field.id] = items(value); return; }
    var t = text(value);
    if (t === "") return;
    data[field.id] = field.type === "number" && decimal(t) !== null ? decimal(t) : t;
  });
  return data;
}
/** Validates a submission: { errors: {id: message}, hidden: [ids], data }. `now`: a Date or "YYYY-MM-DD". */
export function validate(spec, values, now) {
  // Only a journey (journey.js) can end on an exit page, which is then the first error.
  var state = states(spec, values), today = todayUTC(now), errors = Object.assign({}, state.ended);
  spec.fields.forEach(function (field) {
    if (isDisplayOnly(field) || state.hidden.has(field.id) || field.id in errors) return;
    // A read-only field is filled in for the person: readonly.js's, joined on the pages that have one.
    if (field.readOnly && readOnly.check) return readOnly.check(field, values, state, errors);
    if (lists[field.kind]) return Object.assign(errors, lists[field.kind].check(spec, field, values, state, now));
    var message = checkField(spec, field, values, state, today);
    if (message !== null) errors[field.id] = message;
  });
  return { errors: errors, hidden: Array.from(state.hidden).sort(), required: state.required, data: clean(spec, values, state.hidden) };
}
