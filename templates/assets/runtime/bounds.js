/* Date bounds and ages: the minDate, maxDate, minAge and maxAge checks (joined only into pages that have them). A bound
   relative to today (`-18y`) is offsets.js's, joined only where a date rule has one. */
import { iso, parseDate } from "./dates.js";
import { ruleChecks } from "./validate.js";

/** Set by offsets.js: a bound relative to today resolved, or null when it is not one. */
export var offsets = { resolve: null };
/** Negative, zero or positive as date `a` is before, on or after date `b`. */
export function compareDates(a, b) { return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]; }
/** A date bound (`2024-01-31`, `today`, `-18y`, `+30d`, `-1y6m`) resolved against today. */
export function resolveBound(bound, today) {
  bound = String(bound).trim();
  if (bound === "today") return today;
  var fixed = /^(\d{4})-(\d{2})-(\d{2})$/.exec(bound);
  if (fixed) return +fixed[2] >= 1 && +fixed[2] <= 12 && +fixed[3] >= 1 && +fixed[3] <= 31 ? [+fixed[1], +fixed[2], +fixed[3]] : null;
  return offsets.resolve ? offsets.resolve(bound, today) : null;
}
export function fullYears(born, today) {
  return today[0] - born[0] - (today[1] < born[1] || (today[1] === born[1] && today[2] < born[2]) ? 1 : 0);
}

// Each check: null when the rule passes, else the text that stands for {value} in its message.
function checkDate(rule, value, limit, shown, today) {
  var bound = resolveBound(shown, today);
  if (!bound) return null;
  var date = parseDate(value);
  if (!date) return iso(bound);
  return (rule.rule === "minDate" ? compareDates(date, bound) >= 0 : compareDates(date, bound) <= 0) ? null : iso(bound);
}
function checkAge(rule, value, limit, shown, today) {
  if (limit === null) return null;
  var born = parseDate(value);
  if (!born) return shown;
  var years = fullYears(born, today);
  return (rule.rule === "minAge" ? years >= limit : years <= limit) ? null : shown;
}
ruleChecks.minDate = checkDate;
ruleChecks.maxDate = checkDate;
ruleChecks.minAge = checkAge;
ruleChecks.maxAge = checkAge;
