// The built-in language tables' plural forms have exactly the categories Intl.PluralRules uses in the browser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";

const folder = new URL("../../templates/i18n/", import.meta.url);
const vectors = JSON.parse(readFileSync(new URL("../vectors/validation.json", import.meta.url), "utf8"));
// The messages that speak of a number of things (MessagesTests.countedKeys in Swift).
const COUNTED = ["countCharsHint", "countCharsLeft", "countCharsOver", "countWordsHint", "countWordsLeft", "countWordsOver", "days", "fileCount",
  "hours", "maxAge", "maxItems", "maxLength", "maxWords", "minAge", "minItems", "minLength", "minutes", "searchResults", "tooLong"];

test("Intl.PluralRules gives the categories the shared vectors list (Swift's PluralRules is held to the same)", () => {
  assert.deepEqual(Object.keys(vectors.plurals).sort(), ["ar", "de", "en", "fr", "nl", "pl"]);
  for (const [language, categories] of Object.entries(vectors.plurals)) {
    const rules = new Intl.PluralRules(language);
    assert.ok(Object.keys(categories).length >= 20);
    for (const [number, expected] of Object.entries(categories)) assert.equal(rules.select(Number(number)), expected, `${language} ${number}`);
  }
});

test("a table's counted messages are plural forms only, each key with every form", () => {
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".json"))) {
    const table = JSON.parse(readFileSync(new URL(file, folder), "utf8"));
    for (const base of COUNTED) assert.ok(!(base in table), `${file}: ${base} is a single text`);
  }
});

test("every counted phrase has the page's Intl.PluralRules categories", () => {
  const files = readdirSync(folder).filter((name) => name.endsWith(".json")).sort();
  assert.equal(files.length, 12);
  for (const file of files) {
    const language = file.slice(0, -5);
    const table = JSON.parse(readFileSync(new URL(file, folder), "utf8"));
    const expected = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
    for (const base of COUNTED) {
      const own = Object.keys(table).filter((key) => key.startsWith(base + ".")).map((key) => key.slice(base.length + 1)).sort();
      assert.deepEqual(own, expected, `${language} ${base}`);
    }
  }
});

test("the runtime picks a counted message's form with the page's Intl.PluralRules", async () => {
  const { plural, format } = await import("../../templates/assets/runtime/values.js");
  const table = (language) => JSON.parse(readFileSync(new URL(`${language}.json`, folder), "utf8"));
  const say = (language, n) => format(plural(table(language), "tooLong", n, language), { value: String(n) });
  assert.equal(say("en", 1), "This answer must be 1 character or fewer");
  assert.equal(say("en", 10000), "This answer must be 10000 characters or fewer");
  assert.equal(say("pl", 3), "Ta odpowiedź może mieć najwyżej 3 znaki");
  assert.equal(say("pl", 10000), "Ta odpowiedź może mieć najwyżej 10000 znaków");
  assert.equal(say("ar", 2), "يجب ألا تزيد هذه الإجابة على حرفين");
  assert.equal(say("uk", 21), "Ця відповідь має містити не більше 21 символу");
  assert.equal(plural({ tooLong: "plain" }, "tooLong", 5, "en"), "plain");
});
