/* Errors: inline messages tied to their controls, the error summary, and checks as the user types and leaves fields. */
import { dateWords } from "./dates.js";
import { el } from "./page.js";
import { validate } from "./validate.js";
import { isDisplayOnly, isEmpty, isFieldset } from "./values.js";

/** Adds showError, renderSummary, runChecks and pageFieldIds to the page, and checks fields as they change. */
export function addErrors(p) {
  var spec = p.spec, M = p.M, byId = p.byId, form = p.form, shown = p.shown, $ = p.$;
  var summary = p.summary, list = p.list, rendered = "";
  function showError(id, message) {
    var field = byId[id], error = $("f-" + id + "-error"), wrapper = $("fg-field-" + id);
    if (!field || !error) return;
    // A date in a date field's message as the page writes dates ("1 January 1900", not 1900-01-01).
    if (message && field.type === "date") message = message.replace(/\b\d{4}-\d{2}-\d{2}\b/g, function (iso) { return dateWords(iso, spec.lang); });
    if (message) {
      error.textContent = "";
      error.appendChild(el("span", "fg-vh", M.errorPrefix + " "));
      error.appendChild(document.createTextNode(p.inlineText(id, message)));
      shown[id] = message;
    } else {
      delete shown[id];
    }
    error.hidden = !message;
    if (wrapper) wrapper.classList.toggle("fg-field-error", !!message);
    var group = isFieldset(field) || field.dateStyle || field.kind === "repeat";
    p.describe(group ? $("f-" + id) : p.controls(id)[0] || error, error.id, !!message);
    p.controls(id).forEach(function (el) { if (message) el.setAttribute("aria-invalid", "true"); else el.removeAttribute("aria-invalid"); });
  }
  function renderSummary(focus, extra) {
    if (!summary) return;
    var ids = p.expand(p.inputs.map(function (f) { return f.id; })).filter(function (id) { return shown[id]; });
    var key = JSON.stringify([ids.map(function (id) { return shown[id]; }), extra]);
    if (key === rendered && !focus) return;
    rendered = key;
    list.textContent = "";
    ids.forEach(function (id) {
      var link = list.appendChild(el("li")).appendChild(el("a", "", shown[id]));
      link.href = "#" + p.focusTarget(id).id;
      link.addEventListener("click", function (event) {
        event.preventDefault();
        if (p.pageOf(id) !== p.current) p.showPage(p.pageOf(id), false);
        var wrapper = $("fg-field-" + id);
        if (wrapper) wrapper.scrollIntoView();
        p.focusTarget(id).focus();
      });
    });
    // `extra`: a message, or several (one item each), that names no field of the page.
    [].concat(extra || []).forEach(function (text) {
      list.appendChild(el("li", "", text));
    });
    var any = ids.length > 0 || !!extra;
    summary.hidden = !any;
    document.title = (any ? M.errorTitlePrefix : "") + p.baseTitle;
    if (any && focus) summary.focus();
  }
  function runChecks(ids) {
    var result = validate(spec, p.values(), new Date()), ok = true;
    p.expand(ids).forEach(function (id) {
      var message = p.state.hidden.has(id) ? null : result.errors[id] || null;
      if (message) ok = false;
      showError(id, message);
    });
    return { ok: ok, data: result.data };
  }
  function pageFieldIds(index) {
    return spec.pages[index].fields.filter(function (id) { return byId[id] && !isDisplayOnly(byId[id]); });
  }
  /** The message under a field: as the summary says it, unless a module words it for its place (repeat.js). */
  p.inlineText = function (id, message) { return message; };
  p.showError = showError;
  p.renderSummary = renderSummary;
  p.runChecks = runChecks;
  p.pageFieldIds = pageFieldIds;

  /** The field a control answers: a date box's date (datebox.js), else the control's name. */
  function owner(control) { return control.dataset && control.dataset.fgDate || control.name; }
  function onChange(event) {
    p.applyRules();
    var id = owner(event.target);
    if (id && shown[id]) { runChecks([id]); renderSummary(); }
  }
  form.addEventListener("input", onChange);
  form.addEventListener("change", onChange);
  form.addEventListener("focusout", function (event) {
    var id = owner(event.target), field = byId[id], next = event.relatedTarget;
    // Moving to a button or the summary: that click validates; showing a message now would shift the button away.
    if (next && next.closest && next.closest("button, #fg-error-summary")) return;
    // Moving within the field's group (radios, checkboxes, date boxes) is not leaving it.
    if (!field || next && form.contains(next) && owner(next) === id) return;
    if (!isEmpty(p.readValue(field), field) || shown[id]) runChecks([id]);
    if (!summary.hidden) renderSummary();
  });
}
