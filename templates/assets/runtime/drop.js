/* The drop rule of a list from a data source (`dropIf: {key, in}`): options.js leaves such entries out of a field's
   options, data.js out of a data page's tables and lists. */
/** Whether `dropIf` ({key, in}) leaves a list entry out: numbers compare as numbers, a missing key as null. */
export function dropped(rule, entry) {
  if (!rule || !entry || typeof entry !== "object") return false;
  var value = entry[rule.key] === undefined ? null : entry[rule.key];
  return (rule.in || []).some(function (candidate) { return candidate === value; });
}
