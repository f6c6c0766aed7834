/* Choices: "None of these" (an exclusive checkbox clears the others, and another clears it, announced) and
   "Other, please specify" (the text field revealed under Other, aria-expanded on a checkbox option; "Other: Ferret" in
   "Check your answers"). Joined only into pages with an exclusive option or an `other` field. */
import { Formgen } from "./api.js";
import { todayUTC } from "./dates.js";
import { features } from "./page.js";
import { checkField, lists } from "./validate.js";
import { format, items } from "./values.js";

// The pure functions hang on Formgen rather than being top-level names: every top-level name of the runtime shares
// one pool of short names, so a new one would lengthen names on pages that never join this module.
/** The value of a checkbox group's exclusive option, or null. */
Formgen.exclusiveOf = function (field) {
  var option = (field.options || []).filter(function (o) { return o.exclusive; })[0];
  return option ? option.value : null;
};
/** Whether chosen items hold the exclusive option together with another. */
Formgen.mixesExclusive = function (field, value) {
  var only = Formgen.exclusiveOf(field), chosen = items(value);
  return only !== null && chosen.length > 1 && chosen.indexOf(only) >= 0;
};
/** The answer "Check your answers" shows for a field with Other chosen: its options' labels, Other's as "Other: Ferret". */
Formgen.otherAnswer = function (field, value, typed) {
  return items(value).map(function (chosen) {
    var option = (field.options || []).filter(function (o) { return o.value === chosen; })[0], label = option ? option.label : chosen;
    return chosen === "other" && typed ? label + ": " + typed : label;
  }).join(", ");
};
/** Checkbox groups: the ordinary checks, then "None of these" with another option refused (`exclusive`). */
lists.checkboxGroup = {
  check: function (spec, field, values, state, now) {
    var errors = {}, message = checkField(spec, field, values, state, todayUTC(now));
    if (message === null && Formgen.mixesExclusive(field, values[field.id])) message = (field.messages || {}).exclusive;
    if (message !== null) errors[field.id] = message;
    return errors;
  },
  clean: function (spec, field, value) { return items(value).length ? items(value) : null; },
};

features.push(function (p) {
  var companions = {};
  p.spec.fields.forEach(function (field) {
    if (field.other) {
      companions[field.other] = field;
      // "Only if you chose Other" guides a page without JavaScript; here the text field shows only then.
      var hint = p.$("f-" + field.other + "-hint"), input = p.$("f-" + field.other);
      if (hint) hint.hidden = true;
      if (hint && input) p.describe(input, hint.id, false);
    }
    var only = field.kind === "checkboxGroup" ? Formgen.exclusiveOf(field) : null;
    if (only === null) return;
    // Ticking "None of these" clears the rest, ticking another clears it; screen readers hear what was cleared.
    p.controls(field.id).forEach(function (box) {
      box.addEventListener("change", function () {
        if (!box.checked) return;
        var cleared = p.controls(field.id).filter(function (other) {
          return other !== box && other.checked && (box.value === only || other.value === only);
        });
        cleared.forEach(function (other) { other.checked = false; });
        if (cleared.length) {
          p.announce(format(p.M.choicesCleared, { value: cleared.map(function (other) { return other.labels[0].textContent; }).join(", ") }));
        }
      });
    });
  });
  // GOV.UK's conditional reveal: a checkbox that reveals a field says whether it is expanded (ARIA allows
  // aria-expanded on a checkbox, not on a radio, whose reveal keeps aria-controls alone).
  function expand() {
    p.form.querySelectorAll("input[type=checkbox][aria-controls^=\"fg-reveal-\"]").forEach(function (input) {
      input.setAttribute("aria-expanded", input.checked ? "true" : "false");
    });
  }
  p.form.addEventListener("change", expand);
  expand();
  // "Check your answers": Other with the text typed ("Other: Ferret"), the text field no row of its own.
  if (p.reviewRow) {
    var row = p.reviewRow;
    p.reviewRow = function (list, field, value, page, hiddenLabel) {
      if (companions[field.id]) return;
      row(list, field, value, page, hiddenLabel);
      var typed = field.other && items(value).indexOf("other") >= 0 ? p.readValue(p.byId[field.other]).trim() : "";
      var shown = list.lastChild && list.lastChild.querySelector(".fg-summary-value");
      if (typed && shown) shown.textContent = Formgen.otherAnswer(field, value, typed);
    };
  }
});
