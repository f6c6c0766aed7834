// How the runtime reads a provider's refusal (pure functions, no DOM).
import { test } from "node:test";
import assert from "node:assert/strict";
import { answerWords, listedErrors } from "../../templates/assets/runtime/send.js";

test("Formspree's error list lands on the fields it names, the first message per field", () => {
  const answer = { error: "Validation errors", errors: [
    { field: "email", code: "TYPE_EMAIL", message: "should be an email" },
    { field: "email", message: "second message is ignored" },
    { field: "name", message: "is required" },
    { code: "EMPTY", message: "form is empty" },
    { field: 7, message: "not a field name" },
  ] };
  assert.deepEqual(listedErrors(answer), { email: "should be an email", name: "is required" });
});

test("answers without a list give no field errors", () => {
  for (const answer of [null, "text", { errors: "x" }, { errors: { email: "x" } }, {}]) assert.deepEqual(listedErrors(answer), {});
});

test("the server's words: message, else error, else detail, else the listed messages", () => {
  assert.equal(answerWords({ message: "invalid login credential", error: "x" }), "invalid login credential");
  assert.equal(answerWords({ error: "conflict" }), "conflict");
  assert.equal(answerWords({ detail: "Not allowed" }), "Not allowed");
  assert.equal(answerWords({ errors: [{ message: "form is empty" }, "spam"] }), "form is empty spam");
  assert.equal(answerWords({ message: "   ", errors: [] }), "");
  assert.equal(answerWords(null), "");
});
