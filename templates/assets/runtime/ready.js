/* `enableWhen: complete`: the submit button says it is not ready (aria-disabled, never disabled) until every
   shown required field has a value; pressing it early still shows what is missing. Joined only for such forms. */
import { features } from "./page.js";
import { isEmpty } from "./values.js";

features.push(function (p) {
  var submitButton = p.submitButton;
  function markReadiness() {
    var values = p.values(), ready = p.inputs.every(function (f) {
      return !p.state.required.has(f.id) || p.state.hidden.has(f.id) || !isEmpty(values[f.id], f);
    });
    if (ready) submitButton.removeAttribute("aria-disabled"); else submitButton.setAttribute("aria-disabled", "true");
  }
  p.form.addEventListener("input", markReadiness);
  p.form.addEventListener("change", markReadiness);
  p.applyRules();
  markReadiness();
});
