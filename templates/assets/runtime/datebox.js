/* GOV.UK's date input (dateStyle: boxes): day, month and year boxes that stand for one field. Its value is the
   date as YYYY-MM-DD (one or two digits, one or two, four; anything else "?", which the date check rejects), so
   validate.js checks it like any date and the group shows one error; the summary links to the day box. */
import { features } from "./page.js";

features.push(function (p) {
  var boxes = {}, readValue = p.readValue, writeValue = p.writeValue, controls = p.controls, focusTarget = p.focusTarget;
  p.inputs.forEach(function (f) { if (f.dateStyle === "boxes") boxes[f.id] = f; });
  function parts(id) { return ["day", "month", "year"].map(function (part) { return p.$("f-" + id + "-" + part); }); }
  p.controls = function (id) { return boxes[id] ? parts(id) : controls(id); };
  p.focusTarget = function (id) { return boxes[id] ? parts(id)[0] : focusTarget(id); };
  p.readValue = function (field) {
    if (!boxes[field.id]) return readValue(field);
    var v = parts(field.id).map(function (el) { return el.value.trim(); });
    if (!v.join("")) return "";
    if (!/^\d\d?$/.test(v[0]) || !/^\d\d?$/.test(v[1]) || !/^\d{4}$/.test(v[2])) return "?";
    return v[2] + "-" + v[1].padStart(2, "0") + "-" + v[0].padStart(2, "0");
  };
  p.writeValue = function (field, value) {
    if (!boxes[field.id]) return writeValue(field, value);
    var date = /^(\d{4})-(\d\d)-(\d\d)$/.exec(value || "") || ["", "", "", ""];
    parts(field.id).forEach(function (el, i) { el.value = i < 2 ? (date[3 - i] && String(+date[3 - i])) : date[1]; });
  };
  // errors.js checks the boxes as one field (their data-fg-date names it), as they change and when the group is left.
});
