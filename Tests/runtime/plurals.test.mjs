// The built-in language tables' plural forms have exactly the categories Intl.PluralRules uses in the browser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";

const folder = new URL("../../templates/i18n/", import.meta.url);

test("every counted phrase has the page's Intl.PluralRules categories", () => {
  const files = readdirSync(folder).filter((name) => name.endsWith(".json")).sort();
  assert.equal(files.length, 12);
  for (const file of files) {
    const language = file.slice(0, -5);
    const table = JSON.parse(readFileSync(new URL(file, folder), "utf8"));
    const expected = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
    for (const base of ["days", "hours", "minutes"]) {
      const own = Object.keys(table).filter((key) => key.startsWith(base + ".")).map((key) => key.slice(base.length + 1)).sort();
      assert.deepEqual(own, expected, `${language} ${base}`);
    }
  }
});
