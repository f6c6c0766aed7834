/* formgen runtime, the entry: runs last and wires the page. The build joins only the modules a page's spec uses
   (see templates/README.md); each optional page module (journey, datebox, chosen, wizard, choice, mask, count, search, repeat, grid, scale,
   files, multipart, drafts, prefill, options, send, ready, frame) adds itself to `features`; session.js (`spec.session`) runs on its own,
   chosen.js its option check to `choices`, readonly.js its check to `readOnly`, bounds.js and compare.js their checks to `ruleChecks` (offsets.js the bounds relative to today), conditions.js the rules to `conditional` (operators.js its conditions beyond equals, notEquals, empty and notEmpty); expose.js (preview pages only) sets
   globalThis.Formgen. */
import { addErrors } from "./errors.js";
import { createPage, features } from "./page.js";
import { addSubmission } from "./submit.js";
import "./conditions.js";
import "./operators.js";
import "./bounds.js";
import "./offsets.js";
import "./compare.js";
import "./journey.js";
import "./datebox.js";
import "./chosen.js";
import "./readonly.js";
import "./wizard.js";
import "./choice.js";
import "./mask.js";
import "./count.js";
import "./search.js";
import "./repeat.js";
import "./grid.js";
import "./scale.js";
import "./files.js";
import "./filetypes.js";
import "./multipart.js";
import "./drafts.js";
import "./prefill.js";
import "./options.js";
import "./send.js";
import "./ready.js";
import "./expose.js";
import "./frame.js";
import "./session.js";

function start() {
  var p = createPage();
  if (!p) return;
  addErrors(p);
  features.forEach(function (feature) { feature(p); });
  addSubmission(p);
  p.applyRules();
}
if (typeof document !== "undefined") start();
