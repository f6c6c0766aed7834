/* Submission: checks the whole form, then sends it to the action (or shows the cleaned data when there is none). */
/** Sends the page's form and wires its submit event (every page has one). */
export function addSubmission(p) {
  var spec = p.spec, M = p.M, form = p.form, status = p.status, submitButton = p.submitButton, inputs = p.inputs;
  function send(data) {
    var submit = spec.submit, body, headers = { Accept: "application/json" };
    if (submit.encoding === "form") {
      body = new URLSearchParams();
      Object.keys(data).forEach(function (key) {
        [].concat(data[key]).forEach(function (item) { body.append(key, String(item)); });
      });
    } else {
      body = JSON.stringify(data);
      headers["Content-Type"] = "application/json";
    }
    status.textContent = M.sending;
    submitButton.disabled = true;
    fetch(submit.action, { method: (submit.method || "post").toUpperCase(), headers: headers, body: body, credentials: "same-origin" })
      .then(function (response) {
        return response.text().then(function (raw) {
          var answer = null;
          try { answer = raw ? JSON.parse(raw) : null; } catch (error) { answer = null; }
          return { response: response, answer: answer };
        });
      })
      .then(function (reply) {
        submitButton.disabled = false;
        status.textContent = "";
        if (reply.response.ok) {
          p.clearDraft();
          if (submit.redirect) { location.assign(submit.redirect); return; }
          form.hidden = true;
          status.textContent = submit.successMessage || M.sent;
          status.setAttribute("tabindex", "-1");
          status.focus();
          return;
        }
        var errors = reply.response.status === 422 && reply.answer && reply.answer.errors;
        if (errors && typeof errors === "object") {
          var first = null;
          Object.keys(errors).forEach(function (id) {
            if (!p.byId[id] || typeof errors[id] !== "string") return;
            p.showError(id, errors[id]);
            if (first === null) first = id;
          });
          if (first !== null && p.pages.length > 1) p.showPage(p.pageOf(first), false);
          p.renderSummary(first === null ? M.sendFailed : null, true);
          return;
        }
        p.renderSummary(M.sendFailed, true);
      })
      .catch(function () {
        submitButton.disabled = false;
        status.textContent = "";
        p.renderSummary(M.sendFailed, true);
      });
  }
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    p.applyRules();
    var check = p.runChecks(inputs.map(function (f) { return f.id; }));
    if (!check.ok) {
      var firstBad = inputs.filter(function (f) { return p.shown[f.id]; })[0];
      if (p.pages.length > 1 && firstBad && p.pageOf(firstBad.id) !== p.current) p.showPage(p.pageOf(firstBad.id), false);
      p.renderSummary(null, true);
      return;
    }
    p.renderSummary(null, false);
    if (spec.submit.action) { send(check.data); return; }
    p.clearDraft();
    var result = p.$("fg-result");
    result.querySelector(".fg-result-json").textContent = JSON.stringify(check.data, null, 2);
    result.hidden = false;
    p.$("fg-result-title").focus();
  });
}
