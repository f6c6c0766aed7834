/* Sending: posts the answers to the form's action; every refusal reaches the person in words (422 errors onto
   fields, else the form's own text for the status, the server's message, or one by status class, with Retry
   after a failure that trying again can fix). The build joins it only for forms with an action. */
import { features } from "./page.js";
import { addRetry } from "./retry.js";

/** Formspree's shape, `{"errors": [{"field": "email", "message": "…"}]}`, as field → message (the first per field). */
export function listedErrors(answer) {
  var errors = {};
  (answer && Array.isArray(answer.errors) ? answer.errors : []).forEach(function (e) {
    if (e && typeof e.field === "string" && typeof e.message === "string" && !(e.field in errors)) errors[e.field] = e.message;
  });
  return errors;
}

/** The words of an answer that refused: its `message`, `error` or `detail`, or its listed errors joined; else "". */
export function answerWords(answer) {
  if (!answer || typeof answer !== "object") return "";
  var said = [answer.message, answer.error, answer.detail].filter(function (t) { return typeof t === "string" && t.trim(); })[0];
  if (said) return said;
  var listed = Array.isArray(answer.errors) ? answer.errors.map(function (e) { return e && typeof e.message === "string" ? e.message : typeof e === "string" ? e : ""; }).filter(Boolean) : [];
  return listed.join(" ");
}

features.push(function (p) {
  var spec = p.spec, M = p.M, form = p.form, status = p.$("fg-status"), submitButton = p.submitButton, opened = Date.now(), keys = new WeakMap();
  // A form without an action (a page joining every module) shows its answers instead (submit.js).
  if (spec.submit.action) p.send = send;
  /** The answers as the provider reads them: its extra fields, `_replyto`, the honeypot as typed, and for formgen
      collect with a time trap the whole seconds the page was open (`fg-elapsed`). */
  function withProviderFields(answers) {
    var submit = spec.submit, data = {}, trap = p.$("fg-hp");
    Object.keys(answers).forEach(function (key) { data[key] = answers[key]; });
    Object.keys(submit.extra || {}).forEach(function (key) { data[key] = submit.extra[key]; });
    if (submit.replyTo && typeof answers[submit.replyTo] === "string") data._replyto = answers[submit.replyTo];
    if (submit.honeypot) data[submit.honeypot] = trap ? trap.value : "";
    if (submit.provider === "collect" && submit.minSeconds) data["fg-elapsed"] = Math.floor((Date.now() - opened) / 1000);
    return data;
  }
  /** One key per set of answers, sent again with a retry of the same answers, so formgen collect stores it once. */
  function keyOf(answers) {
    if (!keys.has(answers)) keys.set(answers, Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 12));
    return keys.get(answers);
  }
  function send(answers) {
    var submit = spec.submit, body, headers = { Accept: "application/json" }, data = withProviderFields(answers);
    if (submit.provider === "collect") headers["Idempotency-Key"] = keyOf(answers);
    if (submit.minSeconds && Date.now() - opened < submit.minSeconds * 1000) { fail(M.tooFast, null); return; }
    if (p.formData) {
      body = p.formData(data);
    } else if (submit.encoding === "form") {
      body = new URLSearchParams();
      Object.keys(data).forEach(function (key) {
        [].concat(data[key]).forEach(function (item) { body.append(key, String(item)); });
      });
    } else {
      body = JSON.stringify(data);
      headers["Content-Type"] = "application/json";
    }
    status.textContent = M.sending;
    p.announce(M.sending);
    submitButton.disabled = true;
    fetch(submit.action, { method: (submit.method || "post").toUpperCase(), headers: headers, body: body, credentials: submit.credentials || "same-origin" })
      .then(function (response) {
        return response.text().then(function (raw) {
          var answer = null;
          try { answer = raw ? JSON.parse(raw) : null; } catch (error) { answer = null; }
          return { response: response, answer: answer };
        });
      })
      .then(function (reply) {
        done();
        if (reply.response.ok) {
          p.clearDraft();
          if (submit.redirect) { location.assign(submit.redirect); return; }
          form.hidden = true;
          // Shown and focused (so read out), not a live region: live regions stay visually hidden (#fg-announce).
          status.textContent = submit.successMessage || M.sent;
          status.focus();
          return;
        }
        var code = reply.response.status, errors = code === 422 && reply.answer && reply.answer.errors;
        if (errors && typeof errors === "object" && !Array.isArray(errors) && onFields(errors)) return;
        if (code < 500 && onFields(listedErrors(reply.answer))) return;
        fail(serverMessage(code, reply.answer), code >= 500 || code === 408 || code === 429 ? answers : null);
      })
      .catch(function () { done(); fail(M.sendFailed, answers); });
    function done() { submitButton.disabled = false; status.textContent = ""; }
  }
  /** Field errors onto their fields and the summary; false when none names a field of the form. */
  function onFields(errors) {
    var first = null;
    Object.keys(errors || {}).forEach(function (id) {
      if (!p.byId[id] || typeof errors[id] !== "string") return;
      p.showError(id, errors[id]);
      if (first === null) first = id;
    });
    if (first === null) return false;
    p.showPage(p.pageOf(first), false);
    p.renderSummary(true);
    return true;
  }
  /** What a refused submission says: the form's own text for the status, else the server's words, else by class. */
  function serverMessage(code, answer) {
    var own = (spec.submit.messages || {})[String(code)];
    return own || answerWords(answer) || (code >= 500 ? M.sendFailed : M.rejected);
  }
  /** Shows a failure in the error summary, with a Retry button that resends `again` when given. */
  function fail(message, again) {
    p.renderSummary(true, message);
    if (again) addRetry(p, function () { send(again); });
  }
});
