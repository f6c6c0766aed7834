/* Date bounds and ages: the minDate, maxDate, minAge and maxAge checks (joined only into pages that have them). */
import { Formgen } from "./api.js";
import { daysIn, iso, parseDate } from "./dates.js";
import { ruleChecks } from "./validate.js";

function dayNumber(date) {
  var y = date[1] <= 2 ? date[0] - 1 : date[0], era = Math.floor(y / 400), yoe = y - era * 400;
  var doy = Math.floor((153 * (date[1] + (date[1] > 2 ? -3 : 9)) + 2) / 5) + date[2] - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}
function fromDayNumber(n) {
  var z = n + 719468, era = Math.floor(z / 146097), doe = z - era * 146097;
  var yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  var doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100)), mp = Math.floor((5 * doy + 2) / 153);
  var m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, doy - Math.floor((153 * mp + 2) / 5) + 1];
}
function shift(date, years, months, days) {
  var total = date[0] * 12 + date[1] - 1 + years * 12 + months, y = Math.floor(total / 12), m = total - y * 12 + 1;
  return fromDayNumber(dayNumber([y, m, Math.min(date[2], daysIn(y, m))]) + days);
}
export function compareDates(a, b) { return dayNumber(a) - dayNumber(b); }
/** A date bound (`2024-01-31`, `today`, `-18y`, `+30d`, `-1y6m`) resolved against today. */
export function resolveBound(bound, today) {
  bound = String(bound).trim();
  if (bound === "today") return today;
  var fixed = /^(\d{4})-(\d{2})-(\d{2})$/.exec(bound);
  if (fixed) return +fixed[2] >= 1 && +fixed[2] <= 12 && +fixed[3] >= 1 && +fixed[3] <= 31 ? [+fixed[1], +fixed[2], +fixed[3]] : null;
  var sign = 1, rest = bound, parts = { y: 0, m: 0, d: 0 }, match, seen = false;
  if (rest[0] === "-" || rest[0] === "+") { sign = rest[0] === "-" ? -1 : 1; rest = rest.slice(1); }
  var unit = /^(\d+)([ymd])/;
  while ((match = unit.exec(rest))) { parts[match[2]] = sign * +match[1]; rest = rest.slice(match[0].length); seen = true; }
  return seen && rest === "" ? shift(today, parts.y, parts.m, parts.d) : null;
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
Formgen.resolveBound = resolveBound;
