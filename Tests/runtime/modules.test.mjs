// The runtime's modules share one scope once the build joins them: no two may declare the same top-level name,
// and each stays within the join's import/export grammar (RuntimeModule.swift).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { runtimeFolder } from "./load-runtime.mjs";

const modules = readdirSync(runtimeFolder).filter((name) => name.endsWith(".js")).sort();

test("no two modules declare the same top-level name", () => {
  const owner = {};
  for (const name of modules) {
    const source = readFileSync(new URL(name, runtimeFolder), "utf8");
    for (const match of source.matchAll(/^(?:export )?(?:function|var|let|const|class) ([A-Za-z_$][\w$]*)/gm)) {
      assert.equal(owner[match[1]], undefined, `${match[1]} is declared by ${owner[match[1]]} and ${name}`);
      owner[match[1]] = name;
    }
  }
  assert.ok(Object.keys(owner).length > 40);
});

test("every import and export line is one the join understands", () => {
  for (const name of modules) {
    const lines = readFileSync(new URL(name, runtimeFolder), "utf8").split("\n");
    lines.forEach((line, index) => {
      if (!/^(import|export)(?![\w$])/.test(line)) return;
      assert.match(line, /^(import \{ [\w$]+(, [\w$]+)* \} from "\.\/[a-z][a-z0-9-]*\.js";|import "\.\/[a-z][a-z0-9-]*\.js";|export (function|var|let|const|class) .*)$/,
        `${name}:${index + 1}`);
    });
  }
});

test("no source module is over 400 lines", () => {
  for (const name of modules) {
    assert.ok(readFileSync(new URL(name, runtimeFolder), "utf8").split("\n").length <= 400, name);
  }
});

// StyleSheet.swift keeps a `[readonly]` rule only on pages that name `readonly`: the property `readOnly` of an element
// set by a module would not count.
test("no module sets an element's readOnly property", () => {
  for (const name of modules) {
    assert.doesNotMatch(readFileSync(new URL(name, runtimeFolder), "utf8"), /\.readOnly\s*=[^=]/, name);
  }
});
