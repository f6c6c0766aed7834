/* Signed-in pages (`spec.session`, see SessionSpec): reads that one key and nothing of the form, so a data page can use
   it too (a data page writes it as `#fg-session-spec`). `check`: on load the page hides its content but its heading
   (showing "Checking that you are signed in…") and asks the check source with its credentials; 401 or 403 sends the
   person to `else` (location.replace), 2xx shows the page, anything else shows an alert with Retry. `logout`: the `form[data-fg-logout]` (a real post without JavaScript) posts with
   its credentials, then goes to `goTo`. The session is an HttpOnly cookie the API sets: nothing here reads or keeps a
   token. */
import { el } from "./page.js";

/** What a check's answer status means: "ok" (2xx), "signedOut" (401, 403), else "failed". */
export function checkOutcome(status) {
  if (status >= 200 && status < 300) return "ok";
  return status === 401 || status === 403 ? "signedOut" : "failed";
}

/** Asks the check source; resolves to checkOutcome's word ("failed" when no answer came). */
export function checkSession(session, fetcher) {
  return fetcher(session.check.endpoint, { headers: { Accept: "application/json" }, credentials: session.check.credentials, cache: "no-store" })
    .then(function (response) { return checkOutcome(response.status); }, function () { return "failed"; });
}

/** Posts the logout; resolves to whether the API answered 2xx. */
export function logOut(session, fetcher) {
  return fetcher(session.logout.endpoint, { method: "POST", headers: { Accept: "application/json" }, credentials: session.logout.credentials })
    .then(function (response) { return response.ok; }, function () { return false; });
}

/** An alert (`role=alert`) with `text` and a Retry button that removes it and runs `again`. */
function sessionAlert(id, text, M, again) {
  var alert = el("div", "fg-alert");
  alert.id = id;
  alert.setAttribute("role", "alert");
  alert.appendChild(el("p", "", text));
  var retry = el("button", "fg-button fg-button-secondary", M.retry);
  retry.type = "button";
  retry.addEventListener("click", function () { alert.remove(); again(); });
  alert.appendChild(retry);
  return alert;
}

/** Hides `main`'s shown content but its heading (the page's static title) while the check runs, then shows it,
    leaves, or says the check failed. `env`: {fetch, replace} (the page's fetch and location.replace; tests pass their own). */
export function guardPage(main, session, M, env) {
  var hidden = Array.from(main.children).filter(function (child) { return !child.hidden && child.tagName !== "SCRIPT" && child.tagName !== "H1"; });
  var heading = Array.from(main.children).filter(function (child) { return child.tagName === "H1"; })[0];
  var note = el("p", "fg-loading fg-session-check", M.checkingSession);
  note.id = "fg-session-check";
  note.setAttribute("role", "status");
  function run() {
    hidden.forEach(function (child) { child.hidden = true; });
    main.setAttribute("aria-busy", "true");
    main.insertBefore(note, heading ? heading.nextSibling : main.firstChild);
    return checkSession(session, env.fetch).then(function (outcome) {
      if (outcome === "signedOut") { env.replace(session.else); return outcome; }
      note.remove();
      main.removeAttribute("aria-busy");
      if (outcome === "ok") hidden.forEach(function (child) { child.hidden = false; });
      else main.insertBefore(sessionAlert("fg-session-failed", M.sessionFailed, M, run), heading ? heading.nextSibling : main.firstChild);
      return outcome;
    });
  }
  return run();
}

/** Posts the logout form's request instead of leaving the page, then goes to `goTo`; a failure says so, with Retry. */
export function wireLogout(form, session, M, env) {
  var button = form.querySelector("button");
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var old = form.querySelector("#fg-logout-failed");
    if (old) old.remove();
    if (button) button.disabled = true;
    logOut(session, env.fetch).then(function (ok) {
      if (ok) { env.assign(session.logout.goTo); return; }
      if (button) button.disabled = false;
      form.appendChild(sessionAlert("fg-logout-failed", M.logOutFailed, M, function () { form.requestSubmit ? form.requestSubmit() : form.submit(); }));
    });
  });
}

function startSession() {
  var specElement = document.getElementById("fg-spec") || document.getElementById("fg-session-spec");
  var spec = specElement ? JSON.parse(specElement.textContent) : null;
  var session = spec && spec.session, M = (spec && spec.messages) || {};
  if (!session) return;
  var env = { fetch: fetch.bind(window), replace: function (url) { location.replace(url); }, assign: function (url) { location.assign(url); } };
  var form = document.querySelector("form[data-fg-logout]");
  if (session.logout && form) wireLogout(form, session, M, env);
  if (session.check) guardPage(document.getElementById("main") || document.body, session, M, env);
}
if (typeof document !== "undefined") startSession();
