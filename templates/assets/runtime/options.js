/* Options from a data source (`optionsFrom`): the entries of the source's answer become the field's options or
   choices, `dropIf` leaving some out; a draft's answer waiting for them is put back. Joined only for such fields. */
import { dropped } from "./drop.js";
import { features } from "./page.js";

features.push(function (p) {
  var $ = p.$;
  p.fillOptions = function (fields, body) {
    var entries = Array.isArray(body) ? body : body && typeof body === "object" ? Object.keys(body).map(function (k) { return body[k]; }).filter(Array.isArray)[0] : null;
    if (!entries) return;
    fields.forEach(function (field) {
      var select = field.kind === "select" ? $("f-" + field.id) : null, group = select ? null : $("f-" + field.id);
      var box = group && (group.querySelector(".fg-choice-list") || group), index = 0;
      entries.forEach(function (entry) {
        var value = entry && typeof entry === "object" ? entry[field.optionsFrom.valueKey] : null;
        if ((typeof value !== "string" && typeof value !== "number") || String(value).trim() === "") return;
        if (dropped(field.optionsFrom.dropIf, entry)) return;
        var label = entry[field.optionsFrom.labelKey];
        label = typeof label === "string" || typeof label === "number" ? String(label) : String(value);
        if (select) {
          var option = document.createElement("option");
          option.value = String(value);
          option.textContent = label;
          select.appendChild(option);
          return;
        }
        var row = document.createElement("div"), input = document.createElement("input"), text = document.createElement("label");
        row.className = "fg-choice";
        input.className = "fg-choice-input";
        input.type = field.kind === "checkboxGroup" ? "checkbox" : "radio";
        input.name = field.id;
        input.id = "f-" + field.id + "-" + index++;
        input.value = String(value);
        text.className = "fg-choice-label";
        text.htmlFor = input.id;
        text.textContent = label;
        row.appendChild(input);
        row.appendChild(text);
        box.appendChild(row);
      });
      var pending = p.pendingDraft || {};
      if (field.id in pending) {
        p.writeValue(field, pending[field.id]);
        delete pending[field.id];
      }
    });
  };
});
