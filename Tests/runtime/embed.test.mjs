// Both ends of an embedded form (#40): the page's `frame` module, which answers only its parent window at an origin
// of `embed.origins`, and the host page's embed.js, which takes heights only from the form's origin and frame.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";

/** A window whose listeners the test calls by hand, and what it posted. */
function fakeWindow(parent) {
  const listeners = {};
  return {
    parent, listeners,
    addEventListener(type, listener) { (listeners[type] = listeners[type] || []).push(listener); },
    dispatch(type, event) { (listeners[type] || []).forEach((listener) => listener(event)); },
  };
}

test("the form page posts its height only after a hello from its parent at an allowed origin, and only to that origin", async () => {
  const posted = [];
  const parent = { postMessage(message, origin) { posted.push([message, origin]); } };
  const window = fakeWindow(parent);
  let height = 480.2;
  const observers = [];
  globalThis.window = window;
  globalThis.document = {
    querySelector: (selector) => selector === 'meta[name="formgen-frame-ancestors"]'
      ? { getAttribute: () => "http://127.0.0.1:8001 https://www.example.org" } : null,
    documentElement: { getBoundingClientRect: () => ({ height }), classList: { names: [], add(name) { this.names.push(name); } } },
    body: {},
  };
  globalThis.ResizeObserver = class { constructor(callback) { observers.push(callback); } observe() {} };
  const { features } = await import("../../templates/assets/runtime/page.js");
  await import("../../templates/assets/runtime/frame.js");
  features[features.length - 1]({});
  const other = {};
  window.dispatch("message", { source: other, origin: "https://www.example.org", data: { formgen: "hello" } });
  window.dispatch("message", { source: parent, origin: "https://evil.example.org", data: { formgen: "hello" } });
  window.dispatch("message", { source: parent, origin: "https://www.example.org", data: { formgen: "height" } });
  window.dispatch("message", { source: parent, origin: "https://www.example.org", data: null });
  observers[0]();
  assert.deepEqual(posted, [], "nothing before a valid hello");
  assert.deepEqual(document.documentElement.classList.names, [], "the page keeps its header and footer until then");
  window.dispatch("message", { source: parent, origin: "https://www.example.org", data: { formgen: "hello" } });
  assert.deepEqual(posted, [[{ formgen: "height", height: 481 }, "https://www.example.org"]]);
  assert.deepEqual(document.documentElement.classList.names, ["fg-framed"]);
  observers[0]();
  assert.equal(posted.length, 1, "an unchanged height is not posted again");
  height = 730;
  observers[0]();
  assert.deepEqual(posted[1], [{ formgen: "height", height: 730 }, "https://www.example.org"]);
  delete globalThis.window;
  delete globalThis.document;
  delete globalThis.ResizeObserver;
});

/** Runs embed.js on a host page with one holder element; returns the frame it made and the window's listeners. */
function runEmbed(attributes) {
  const window = fakeWindow(null);
  const frame = { style: {}, listeners: {}, contentWindow: { posted: [], postMessage(message, origin) { this.posted.push([message, origin]); } },
                  addEventListener(type, listener) { this.listeners[type] = listener; } };
  const holder = { children: [], getAttribute: (name) => attributes[name] ?? null, querySelector: () => null,
                   appendChild(child) { this.children.push(child); } };
  const document = { baseURI: "https://www.example.org/contact.html", querySelectorAll: () => [holder],
                     createElement: (name) => { assert.equal(name, "iframe"); return frame; } };
  vm.runInNewContext(readFileSync(new URL("../../templates/assets/embed.js", import.meta.url), "utf8"),
                     { window, document, URL, Number, Math, parseInt, Array });
  return { window, frame, holder };
}

test("embed.js inserts a titled frame and takes heights only from the form's origin and frame", () => {
  const { window, frame, holder } = runEmbed({ "data-formgen-form": "https://forms.example.org/contact/", "data-title": "Contact us" });
  assert.equal(holder.children[0], frame);
  assert.equal(frame.src, "https://forms.example.org/contact/");
  assert.equal(frame.title, "Contact us");
  assert.match(frame.style.cssText, /height:600px/);
  frame.listeners.load();
  assert.equal(JSON.stringify(frame.contentWindow.posted), JSON.stringify([[{ formgen: "hello" }, "https://forms.example.org"]]));
  const send = (event) => window.dispatch("message", event);
  send({ origin: "https://evil.example.org", source: frame.contentWindow, data: { formgen: "height", height: 900 } });
  send({ origin: "https://forms.example.org", source: {}, data: { formgen: "height", height: 900 } });
  send({ origin: "https://forms.example.org", source: frame.contentWindow, data: { formgen: "other", height: 900 } });
  send({ origin: "https://forms.example.org", source: frame.contentWindow, data: null });
  send({ origin: "https://forms.example.org", source: frame.contentWindow, data: { formgen: "height", height: 1e9 } });
  assert.equal(frame.style.height, undefined);
  send({ origin: "https://forms.example.org", source: frame.contentWindow, data: { formgen: "height", height: 812.4 } });
  assert.equal(frame.style.height, "813px");
});

test("embed.js names an untitled frame and resolves a relative address against the host page", () => {
  const { frame } = runEmbed({ "data-formgen-form": "/forms/contact/" });
  assert.equal(frame.title, "Form");
  assert.equal(frame.src, "https://www.example.org/forms/contact/");
});
