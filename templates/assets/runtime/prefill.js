/* Data sources: one request per source; prefilled values set as text (fields stay read-only); options.js appends
   the options of `optionsFrom` fields from the same answers. A source that fails, or answers without a required
   field it fills, says so where its fields are, with Retry, and keeps the form from being sent. */
import { dateWords } from "./dates.js";
import { el, features } from "./page.js";
import { addRetry, retryButton } from "./retry.js";
import { getJSON } from "./source.js";
import { isEmpty } from "./values.js";

features.push(function (p) {
  var M = p.M, byId = p.byId, form = p.form, $ = p.$, failed = {}, read = p.readValue;
  /** A prefilled date (a text box) shows in the page's words, as "Check your answers" does; its value stays YYYY-MM-DD. */
  function prefill(field, value) {
    var box = field.type === "date" ? $("f-" + field.id) : null;
    if (!box || box.type !== "text") return p.writeValue(field, value);
    box.setAttribute("data-fg-value", String(value));
    box.value = dateWords(String(value), document.documentElement.lang);
  }
  p.readValue = function (field) {
    var box = field.type === "date" && field.readOnly ? $("f-" + field.id) : null;
    return box && box.hasAttribute("data-fg-value") ? box.getAttribute("data-fg-value") : read(field);
  };
  /** Whether the form must not be sent yet: a source failed or left out a required field. Then the summary says so
      (that source's messages), with Retry, which loads every failed source again. */
  p.blocked = function () {
    var ids = Object.keys(failed);
    if (!ids.length) return false;
    p.renderSummary(true, failed[ids[0]].messages);
    addRetry(p, function () {
      Object.keys(failed).forEach(function (id) {
        var alert = $("fg-source-" + id);
        if (alert) alert.remove();
        loadSource(failed[id].source);
      });
    });
    return true;
  };
  /** The alert before the source's first field: each message in a paragraph, then Retry. */
  function showAlert(source, messages, anchorId) {
    var alert = $("fg-source-" + source.id);
    if (alert) alert.remove();
    alert = el("div", "fg-alert");
    alert.id = "fg-source-" + source.id;
    alert.setAttribute("role", "alert");
    messages.forEach(function (text) { alert.appendChild(el("p", "", text)); });
    alert.appendChild(retryButton(p, function () { alert.remove(); loadSource(source); }));
    var anchor = $("fg-field-" + anchorId);
    (anchor ? anchor.parentNode : form).insertBefore(alert, anchor || form.firstChild);
  }
  function loadSource(source) {
    delete failed[source.id];
    var targets = source.fields.filter(function (id) { return byId[id]; });
    var optionFields = p.inputs.filter(function (f) { return f.optionsFrom && f.optionsFrom.dataSource === source.id; });
    targets.forEach(function (id) {
      var wrapper = $("fg-field-" + id), hint = el("p", "fg-loading", M.loading);
      hint.id = "f-" + id + "-loading";
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
    getJSON(source)
      .then(function (body) {
        done();
        var alert = $("fg-source-" + source.id);
        if (alert) alert.remove();
        if (p.fillOptions) p.fillOptions(optionFields, body);
        if (body && typeof body === "object" && !Array.isArray(body)) {
          targets.forEach(function (id) {
            var value = body[id];
            if (value !== undefined && value !== null && typeof value !== "object") prefill(byId[id], value);
          });
        }
        p.applyRules();
        // A required field the answer left out (null, absent, blank): the person cannot fill it in, so say so.
        var missing = targets.filter(function (id) {
          return p.state.required.has(id) && !p.state.hidden.has(id) && isEmpty(p.readValue(byId[id]), byId[id]);
        });
        targets.forEach(function (id) { if (p.shown[id] && missing.indexOf(id) < 0) p.showError(id, null); });
        if (!missing.length) return;
        var messages = missing.map(function (id) { return (byId[id].messages || {}).required || M.loadFailed; });
        failed[source.id] = { source: source, messages: messages };
        showAlert(source, messages, missing[0]);
      })
      .catch(function () {
        done();
        // A list of options alone names the field it could not fill; a source of details says "some of your details".
        var message = targets.length || !optionFields.length ? M.loadFailed : (optionFields[0].messages || {}).loadFailed || M.loadFailed;
        if (targets.some(function (id) { return byId[id].required; }) || optionFields.some(function (f) { return f.required; })) {
          failed[source.id] = { source: source, messages: [message] };
        }
        if ($("fg-source-" + source.id)) return;
        showAlert(source, [message], targets[0] || (optionFields[0] || {}).id);
      });
  }
  p.spec.dataSources.forEach(loadSource);
});
