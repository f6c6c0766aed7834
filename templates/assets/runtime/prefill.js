/* Data sources: one request per source; prefilled values set as text (fields stay read-only), options appended. */
import { features } from "./page.js";

features.push(function (p) {
  var M = p.M, byId = p.byId, form = p.form, $ = p.$, failed = {};
  /** Whether a source that fills a required field failed: the form must not be sent without its values. */
  p.prefillFailed = function () { return Object.keys(failed).length > 0; };
  p.retryPrefill = function () {
    Object.keys(failed).forEach(function (id) {
      var alert = $("fg-source-" + id);
      if (alert) alert.remove();
      loadSource(failed[id]);
    });
  };
  function loadSource(source) {
    delete failed[source.id];
    var targets = source.fields.filter(function (id) { return byId[id]; });
    var optionFields = p.inputs.filter(function (f) { return f.optionsFrom && f.optionsFrom.dataSource === source.id; });
    var alert = $("fg-source-" + source.id);
    targets.forEach(function (id) {
      var wrapper = $("fg-field-" + id), hint = document.createElement("p");
      hint.className = "fg-loading";
      hint.id = "f-" + id + "-loading";
      hint.textContent = M.loading;
      wrapper.setAttribute("aria-busy", "true");
      wrapper.appendChild(hint);
      p.controls(id).forEach(function (el) { p.describe(el, hint.id, true); });
    });
    function done() {
      targets.forEach(function (id) {
        var hint = $("f-" + id + "-loading");
        $("fg-field-" + id).removeAttribute("aria-busy");
        p.controls(id).forEach(function (el) { p.describe(el, "f-" + id + "-loading", false); });
        if (hint) hint.remove();
      });
    }
    fetch(source.endpoint, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.json();
      })
      .then(function (body) {
        done();
        if (alert) alert.remove();
        fillOptions(optionFields, body);
        if (body && typeof body === "object" && !Array.isArray(body)) {
          targets.forEach(function (id) {
            var value = body[id];
            if (value !== undefined && value !== null && typeof value !== "object") p.writeValue(byId[id], value);
          });
        }
        p.applyRules();
      })
      .catch(function () {
        done();
        if (targets.some(function (id) { return byId[id].required; }) || optionFields.some(function (f) { return f.required; })) failed[source.id] = source;
        if (alert) return;
        alert = document.createElement("div");
        alert.className = "fg-alert";
        alert.id = "fg-source-" + source.id;
        alert.setAttribute("role", "alert");
        var message = document.createElement("p"), retry = document.createElement("button");
        message.textContent = M.loadFailed;
        retry.type = "button";
        retry.className = "fg-button fg-button-secondary";
        retry.textContent = M.retry;
        retry.addEventListener("click", function () { alert.remove(); loadSource(source); });
        alert.appendChild(message);
        alert.appendChild(retry);
        var anchor = $("fg-field-" + (targets[0] || (optionFields[0] || {}).id));
        (anchor ? anchor.parentNode : form).insertBefore(alert, anchor || form.firstChild);
      });
  }
  function fillOptions(fields, body) {
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
  }
  p.spec.dataSources.forEach(loadSource);
});

/** Whether `dropIf` ({key, in}) leaves a list entry out: numbers compare as numbers, a missing key as null. */
export function dropped(rule, entry) {
  if (!rule || !entry || typeof entry !== "object") return false;
  var value = entry[rule.key] === undefined ? null : entry[rule.key];
  return (rule.in || []).some(function (candidate) { return candidate === value; });
}
