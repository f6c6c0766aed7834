/* Date bounds relative to today (`-18y`, `+30d`, `-1y6m`) for bounds.js: joined only into pages whose date rules have
   one (RuntimeScript.hasOffsetBound), and on every preview page, so that Formgen.resolveBound is whole. */
import { offsets } from "./bounds.js";
import { daysIn } from "./dates.js";

/** `date` moved by whole years and months (a day past the month's end becomes its last day), then by days. */
function shift(date, years, months, days) {
  var total = date[0] * 12 + date[1] - 1 + years * 12 + months, y = Math.floor(total / 12), m = total - y * 12 + 1;
  var day = new Date(0);
  day.setUTCFullYear(y, m - 1, Math.min(date[2], daysIn(y, m)) + days);
  return [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
}
/** A trimmed bound such as `-1y6m` resolved against today, or null when it is not one. */
offsets.resolve = function (bound, today) {
  var sign = 1, rest = bound, parts = { y: 0, m: 0, d: 0 }, match, seen = false;
  if (rest[0] === "-" || rest[0] === "+") { sign = rest[0] === "-" ? -1 : 1; rest = rest.slice(1); }
  var unit = /^(\d+)([ymd])/;
  while ((match = unit.exec(rest))) { parts[match[2]] = sign * +match[1]; rest = rest.slice(match[0].length); seen = true; }
  return seen && rest === "" ? shift(today, parts.y, parts.m, parts.d) : null;
};
