/* Validation: a field's first failing check, the cleaned submission, and validate() over a whole form.
   `formgen validate` implements the same semantics in Swift (Tests/vectors/validation.json holds both to it). */
import { Formgen } from "./api.js";
import { iso, parseDate, todayUTC } from "./dates.js";
import { states } from "./rules.js";
import { choosesFromList, decimal, fieldMap, format, isChecked, isChoice, isDisplayOnly, isEmpty, isGroup, isSingleCheckbox, items, text } from "./values.js";

var EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
var regexCache = {};
/** Checks other modules add by rule name (bounds.js: the date and age rules), called like failure(). */
export var ruleChecks = Object.create(null);

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
    case "minValue": case "maxValue":
      if (limit === null) return null;
      var number = decimal(value);
      if (number === null) return shown;
      return (rule.rule === "minValue" ? number >= limit : number <= limit) ? null : shown;
    case "mask": return matchesMask(value, shown) ? null : shown;
    case "equalsField":
      return value === (hidden.has(shown) ? "" : text(values[shown])) ? null : shown;
  }
  return ruleChecks[rule.rule] ? ruleChecks[rule.rule](rule, value, limit, shown, today) : null;
}
/** The message of a field's first failing check, or null. */
export function checkField(spec, field, values, state, today) {
  var value = values[field.id], messages = spec.messages;
  var find = function (name) { return field.validations.filter(function (r) { return r.rule === name; })[0]; };
  var say = function (template, shown) {
    var replacements = { label: field.label, value: shown === undefined ? "" : shown };
    var equals = find("equalsField");
    if (equals) {
      var other = fieldMap(spec)[ruleText(equals)];
      replacements.other = other ? other.label : ruleText(equals);
    }
    return format(template, replacements);
  };
  if (isEmpty(value, field)) {
    if (!state.required.has(field.id)) return null;
    return field.requiredMessage || say(messages[isChoice(field) ? "requiredChoice" : "required"]);
  }
  var t = text(value);
  if (field.type === "number" && decimal(t) === null) return say(messages.number);
  if (field.type === "date" && !parseDate(t)) return say(messages.date);
  if (choosesFromList(field) && field.options && !field.optionsFrom) {
    var allowed = field.options.map(function (o) { return o.value; });
    var chosen = isGroup(field) ? items(value) : [t];
    if (!chosen.every(function (c) { return allowed.indexOf(c) >= 0; })) return say(messages.option);
  }
  /* The length cap (the first maxLength, else 10,000) first: a long value never reaches a backtracking regex; then the mask. */
  var rules = [find("maxLength") || { rule: "maxLength", value: 1e4 }].concat(
    field.mask ? { rule: "mask", value: field.mask, message: (find("mask") || {}).message } : [], field.validations);
  for (var i = 0; i < rules.length; i++) {
    var rule = rules[i], shown = failure(rule, t, values, state.hidden, today);
    if (shown !== null) return rule.message || say(messages[rule.rule], shown);
  }
  return null;
}
/** The cleaned submission. */
export function clean(spec, values, hidden) {
  var data = {};
  spec.fields.forEach(function (field) {
    if (isDisplayOnly(field) || hidden.has(field.id) || field.id in data) return;
    var value = values[field.id];
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
  var state = states(spec, values), today = todayUTC(now), errors = {};
  spec.fields.forEach(function (field) {
    if (isDisplayOnly(field) || field.readOnly || state.hidden.has(field.id) || field.id in errors) return;
    var message = checkField(spec, field, values, state, today);
    if (message !== null) errors[field.id] = message;
  });
  return { errors: errors, hidden: Array.from(state.hidden).sort(), required: state.required, data: clean(spec, values, state.hidden) };
}

Formgen.validate = validate;
Formgen.states = states;
Formgen.checkField = checkField;
Formgen.clean = clean;
Formgen.matchesMask = matchesMask;
Formgen.parseDate = parseDate;
Formgen.iso = iso;
Formgen.decimal = decimal;
