/* Submitted values: trimming, numbers, lists, and what kind of control a field is. */
var DECIMAL = /^-?(\d+(\.\d+)?|\.\d+)([eE][+-]?\d+)?$/;

export function decimal(text) { return DECIMAL.test(text) ? Number(text) : null; }
export function text(value) {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return String(value);
  return "";
}
export function items(value) {
  if (Array.isArray(value)) return value.map(text).filter(Boolean);
  var one = text(value);
  return value !== null && typeof value !== "object" && one ? [one] : [];
}
export function isChecked(value) { return value === true || value === "true"; }
/* What a field is comes from the spec's `kind` (FieldKind in Swift decides it once): input, textarea, select,
   radioGroup, checkboxGroup, checkbox or display. */
export function isGroup(field) { return field.kind === "checkboxGroup"; }
export function isSingleCheckbox(field) { return field.kind === "checkbox"; }
export function isDisplayOnly(field) { return field.kind === "display"; }
/** Radio buttons or checkboxes in a fieldset: focus and errors go to the group. */
export function isFieldset(field) { return field.kind === "radioGroup" || field.kind === "checkboxGroup"; }
export function isEmpty(value, field) {
  if (isSingleCheckbox(field)) return !isChecked(value);
  if (isGroup(field)) return items(value).length === 0;
  if (field.kind === "repeat" || field.kind === "file") return ![].concat(value || []).length;
  return text(value) === "";
}
/** A message template with `{key}` placeholders filled in. */
export function format(template, replacements) {
  var output = template || "";
  Object.keys(replacements).sort().forEach(function (key) {
    output = output.split("{" + key + "}").join(replacements[key]);
  });
  return output;
}
/** A counted message in the page's language: `messages[key + "." + category]` by `Intl.PluralRules` (`tooLong.few`),
    else its `other` form, else `messages[key]`. */
export function plural(messages, key, count, lang) {
  var category = "other";
  try { category = new Intl.PluralRules(lang).select(count); } catch (error) { category = "other"; }
  return messages[key + "." + category] || messages[key + ".other"] || messages[key];
}
/** The spec's fields by id (the first of a duplicated id wins); an item's spec adds the outer fields its rules test. */
export function fieldMap(spec) {
  var map = {};
  spec.fields.concat(spec.outer || []).forEach(function (f) { if (!map[f.id]) map[f.id] = f; });
  return map;
}
