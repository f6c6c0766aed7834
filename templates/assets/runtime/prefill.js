/* Data sources: one request per source; prefilled values set as text (fields stay read-only); options.js appends
   the options of `optionsFrom` fields from the same answers. */
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
        if (p.fillOptions) p.fillOptions(optionFields, body);
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
  p.spec.dataSources.forEach(loadSource);
});
