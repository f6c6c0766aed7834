/* Calendar dates as [year, month, day], date bounds and ages, all in UTC. */
function daysIn(y, m) { return [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]; }
export function parseDate(value) {
  var match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  var y = +match[1], m = +match[2], d = +match[3];
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m) ? [y, m, d] : null;
}
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
export function iso(date) {
  return String(date[0]).padStart(4, "0") + "-" + String(date[1]).padStart(2, "0") + "-" + String(date[2]).padStart(2, "0");
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
/** Today as [y, m, d] in UTC; `now` is a Date or "YYYY-MM-DD" (anything else: the clock). */
export function todayUTC(now) {
  var date = now instanceof Date ? now : new Date();
  return typeof now === "string" ? parseDate(now) : [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}
