// session.js (#38): the signed-in page's check and its logout, reading only `spec.session`. The DOM is a small fake:
// the module needs children, attributes, hidden, insertBefore, remove and listeners.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkOutcome, checkSession, guardPage, logOut, wireLogout } from "../../templates/assets/runtime/session.js";

class FakeNode {
  constructor(tag) { this.tagName = tag.toUpperCase(); this.children = []; this.attributes = {}; this.hidden = false; this.textContent = ""; this.parentNode = null; this.listeners = {}; this.id = ""; this.className = ""; }
  setAttribute(name, value) { this.attributes[name] = String(value); }
  getAttribute(name) { return name in this.attributes ? this.attributes[name] : null; }
  removeAttribute(name) { delete this.attributes[name]; }
  appendChild(child) { return this.insertBefore(child, null); }
  insertBefore(child, before) {
    if (child.parentNode) child.remove();
    child.parentNode = this;
    const at = before ? this.children.indexOf(before) : -1;
    if (at < 0) this.children.push(child); else this.children.splice(at, 0, child);
    return child;
  }
  get firstChild() { return this.children[0] || null; }
  get nextSibling() { return this.parentNode ? this.parentNode.children[this.parentNode.children.indexOf(this) + 1] || null : null; }
  remove() { if (this.parentNode) { this.parentNode.children.splice(this.parentNode.children.indexOf(this), 1); this.parentNode = null; } }
  addEventListener(type, listener) { (this.listeners[type] = this.listeners[type] || []).push(listener); }
  dispatch(type, event) { (this.listeners[type] || []).forEach((listener) => listener(event)); }
  all() { return this.children.flatMap((child) => [child, ...child.all()]); }
  querySelector(selector) {
    return this.all().find((node) => selector.startsWith("#") ? node.id === selector.slice(1) : node.tagName === selector.toUpperCase()) || null;
  }
}
globalThis.document = { createElement: (tag) => new FakeNode(tag) };

const M = { checkingSession: "Checking that you are signed in…", sessionFailed: "We could not check that you are signed in.", retry: "Retry", logOutFailed: "You could not be logged out. Try again." };
const session = { check: { endpoint: "/api/me", credentials: "include" }, else: "/login/", logout: { endpoint: "/api/logout", credentials: "same-origin", goTo: "/login/" } };

/** A `main` with a heading, a form and an already hidden result panel. */
function page() {
  const main = new FakeNode("main");
  for (const tag of ["h1", "form", "section"]) main.appendChild(new FakeNode(tag));
  main.children[2].hidden = true;
  return main;
}

/** A fetch that answers each call with the next of `answers` (a status, or an Error to reject with), recording calls. */
function fetcher(...answers) {
  const calls = [];
  const fetch = (url, options) => {
    calls.push([url, options]);
    const answer = answers.shift();
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve({ status: answer, ok: answer >= 200 && answer < 300 });
  };
  return { fetch, calls };
}

test("a check's status: 2xx signed in, 401 and 403 signed out, anything else a failure", () => {
  assert.deepEqual([200, 204, 401, 403, 404, 500, 302].map(checkOutcome), ["ok", "ok", "signedOut", "signedOut", "failed", "failed", "failed"]);
});

test("the check asks the source with its credentials, and no answer is a failure", async () => {
  const { fetch, calls } = fetcher(401, new Error("offline"));
  assert.equal(await checkSession(session, fetch), "signedOut");
  assert.equal(await checkSession(session, fetch), "failed");
  assert.deepEqual(calls[0], ["/api/me", { headers: { Accept: "application/json" }, credentials: "include", cache: "no-store" }]);
});

test("the logout posts with its credentials", async () => {
  const { fetch, calls } = fetcher(200, 500);
  assert.equal(await logOut(session, fetch), true);
  assert.equal(await logOut(session, fetch), false);
  assert.deepEqual(calls[0], ["/api/logout", { method: "POST", headers: { Accept: "application/json" }, credentials: "same-origin" }]);
});

test("while checking the page shows only its heading and the checking note; a 401 leaves with location.replace and shows nothing", async () => {
  const main = page();
  const replaced = [];
  const { fetch } = fetcher(401);
  const pending = guardPage(main, session, M, { fetch, replace: (url) => replaced.push(url) });
  assert.deepEqual(main.children.map((c) => [c.tagName, c.hidden]), [["H1", false], ["P", false], ["FORM", true], ["SECTION", true]]);
  assert.equal(main.children[1].textContent, M.checkingSession);
  assert.equal(main.children[1].getAttribute("role"), "status");
  assert.equal(main.getAttribute("aria-busy"), "true");
  assert.equal(await pending, "signedOut");
  assert.deepEqual(replaced, ["/login/"]);
  assert.ok(main.children.filter((c) => c.tagName !== "P" && c.tagName !== "H1").every((c) => c.hidden));
});

test("a signed-in check shows the page as it was, the hidden panel still hidden", async () => {
  const main = page();
  const { fetch } = fetcher(200);
  assert.equal(await guardPage(main, session, M, { fetch, replace: () => assert.fail("no redirect") }), "ok");
  assert.deepEqual(main.children.map((c) => [c.tagName, c.hidden]), [["H1", false], ["FORM", false], ["SECTION", true]]);
  assert.equal(main.getAttribute("aria-busy"), null);
});

test("a failed check says so with Retry, still showing nothing; Retry checks again", async () => {
  const main = page();
  const { fetch, calls } = fetcher(503, 200);
  assert.equal(await guardPage(main, session, M, { fetch, replace: () => assert.fail("no redirect") }), "failed");
  const alert = main.children[1];
  assert.equal(main.children[0].tagName, "H1");
  assert.equal(alert.getAttribute("role"), "alert");
  assert.equal(alert.id, "fg-session-failed");
  assert.equal(alert.children[0].textContent, M.sessionFailed);
  const retry = alert.children[1];
  assert.equal([retry.tagName, retry.type, retry.textContent].join(" "), "BUTTON button Retry");
  assert.ok(main.children.slice(2).every((c) => c.hidden));
  retry.dispatch("click", {});
  assert.equal(main.querySelector("#fg-session-failed"), null);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(calls.length, 2);
  assert.deepEqual(main.children.map((c) => [c.tagName, c.hidden]), [["H1", false], ["FORM", false], ["SECTION", true]]);
});

test("the logout form posts instead of leaving, then goes to goTo; a refusal says so and keeps the person here", async () => {
  const form = new FakeNode("form");
  const button = form.appendChild(new FakeNode("button"));
  const assigned = [];
  const { fetch, calls } = fetcher(500, 200);
  wireLogout(form, session, M, { fetch, assign: (url) => assigned.push(url) });
  let prevented = 0;
  form.dispatch("submit", { preventDefault: () => { prevented += 1; } });
  assert.equal(button.disabled, true);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(assigned, []);
  assert.equal(button.disabled, false);
  const alert = form.querySelector("#fg-logout-failed");
  assert.equal(alert.children[0].textContent, M.logOutFailed);
  form.dispatch("submit", { preventDefault: () => { prevented += 1; } });
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(form.querySelector("#fg-logout-failed"), null);
  assert.deepEqual(assigned, ["/login/"]);
  assert.equal(prevented, 2);
  assert.equal(calls.length, 2);
});

test("nothing in the module reads or writes browser storage or document.cookie", async () => {
  const { readFileSync } = await import("node:fs");
  const source = readFileSync(new URL("../../templates/assets/runtime/session.js", import.meta.url), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  assert.doesNotMatch(source, /localStorage|sessionStorage|document\.cookie|indexedDB/);
});
