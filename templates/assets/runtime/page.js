/* The form page: its spec, its controls, values read and written, and the rules applied to the fields.
   createPage() returns the object every other page module works on (its `state`, `current` and hooks change). */
import { states } from "./rules.js";
import { fieldMap, isChecked, isDisplayOnly, isFieldset, isGroup, isSingleCheckbox, items } from "./values.js";

/** What each optional module does to the page: functions of the page, run in the order the modules are joined. */
export var features = [];

/** A new element `name` with a class (when given) and text (when given). */
export function el(name, className, content) {
  var node = document.createElement(name);
  if (className) node.className = className;
  if (content !== undefined) node.textContent = content;
  return node;
}

/** The page of the form in this document, or null when there is none. */
export function createPage() {
  var specElement = $("fg-spec"), form = $("fg-form");
  if (!specElement || !form) return null;
  var spec = JSON.parse(specElement.textContent), byId = fieldMap(spec);
  var inputs = spec.fields.filter(function (f) { return !isDisplayOnly(f); });
  var summary = $("fg-error-summary");
  var p = {
    spec: spec, form: form, M: spec.messages, byId: byId, inputs: inputs,
    summary: summary, list: summary && summary.querySelector(".fg-error-list"),
    baseTitle: document.title, current: 0, submitButton: form.querySelector("[data-fg-submit]"),
    shown: {}, state: states(spec, {}),
    // Hooks the wizard and drafts replace when the page has them.
    showPage: function () {}, clearDraft: function () {},
    $: $, controls: controls, focusTarget: focusTarget, readValue: readValue, writeValue: writeValue,
    values: values, pageOf: pageOf, describe: describe, applyRules: applyRules,
    // The ids errors of these fields are shown under (repeat.js adds each item's fields).
    expand: function (ids) { return ids; },
    /** Says `text` to screen readers ("Pet 2 added") in the visually hidden live region. */
    announce: function (text) { var region = $("fg-announce"); if (region) region.textContent = text; },
  };
  form.noValidate = true;

  function $(id) { return document.getElementById(id); }
  function controls(id) { return Array.from(form.querySelectorAll("[name=\"" + id.replace(/["\\]/g, "\\$&") + "\"]")); }
  function focusTarget(id) { var field = byId[id]; return $(isFieldset(field) ? "f-" + id + "-0" : "f-" + id); }
  function readValue(field) {
    var els = controls(field.id), el = els[0], checked = els.filter(function (e) { return e.checked; }).map(function (e) { return e.value; });
    if (isSingleCheckbox(field)) return !!(el && el.checked);
    if (isGroup(field)) return checked;
    if (field.kind === "radioGroup") return checked[0] || "";
    if (!el) return "";
    return el.validity && el.validity.badInput ? "?" : el.value;
  }
  function writeValue(field, value) {
    controls(field.id).forEach(function (el) {
      if (el.type === "checkbox" || el.type === "radio") el.checked = isSingleCheckbox(field) ? isChecked(value) : items(value).indexOf(el.value) >= 0;
      else el.value = value === null || value === undefined ? "" : String(value);
    });
  }
  function values() {
    var all = {};
    inputs.forEach(function (f) { all[f.id] = p.readValue(f); });
    return all;
  }
  function pageOf(id) {
    id = id.split("[")[0];
    for (var i = 0; i < spec.pages.length; i++) if (spec.pages[i].fields.indexOf(id) >= 0) return i;
    return 0;
  }
  function describe(el, id, on) {
    var ids = (el.getAttribute("aria-describedby") || "").split(" ").filter(function (x) { return x && x !== id; });
    if (on) ids.push(id);
    if (ids.length) el.setAttribute("aria-describedby", ids.join(" ")); else el.removeAttribute("aria-describedby");
  }
  // Rules: show, hide, require and unrequire fields as values change.
  function applyRules() {
    p.state = states(spec, values());
    inputs.forEach(function (field) {
      var wrapper = $("fg-field-" + field.id), hide = p.state.hidden.has(field.id);
      if (wrapper) wrapper.hidden = hide;
      if (hide) p.showError(field.id, null);
      controls(field.id).forEach(function (el) {
        if (!isGroup(field)) el.required = p.state.required.has(field.id);
      });
    });
  }
  return p;
}
