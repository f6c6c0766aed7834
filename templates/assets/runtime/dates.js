/* Calendar dates as [year, month, day], in UTC (date bounds and ages: bounds.js). */
/** The days in month `m` of year `y` (day 0 of the next month is this month's last; setUTCFullYear takes years 0-99 as they are). */
export function daysIn(y, m) {
  var last = new Date(0);
  last.setUTCFullYear(y, m, 0);
  return last.getUTCDate();
}
export function parseDate(value) {
  var match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  var y = +match[1], m = +match[2], d = +match[3];
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m) ? [y, m, d] : null;
}
export function iso(date) {
  return date.map(function (n, i) { return String(n).padStart(i ? 2 : 4, "0"); }).join("-");
}
/** Today as [y, m, d] in UTC; `now` is a Date or "YYYY-MM-DD" (anything else: the clock). */
export function todayUTC(now) {
  var date = now instanceof Date ? now : new Date();
  return typeof now === "string" ? parseDate(now) : [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}
/** An ISO date as the page's language writes it ("15 March 1985", "27. März 1990"), as "Check your answers" and
    error messages show it; any other text as it is. */
export function dateWords(value, lang) {
  var date = parseDate(value);
  if (!date) return value;
  try {
    return new Intl.DateTimeFormat(lang, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(Date.UTC(date[0], date[1] - 1, date[2]));
  } catch (error) { return value; }
}
