/* Rules that compare an answer with a number (minValue, maxValue) or with another field's answer (equalsField), for
   validate.js: joined only into pages whose fields have one (RuntimeScript.comparesAnswers). */
import { ruleChecks } from "./validate.js";
import { decimal, text } from "./values.js";

// Each check: null when the rule passes, else the text that stands for {value} in its message.
function checkValue(rule, value, limit, shown) {
  if (limit === null) return null;
  var number = decimal(value);
  if (number === null) return shown;
  return (rule.rule === "minValue" ? number >= limit : number <= limit) ? null : shown;
}
ruleChecks.minValue = checkValue;
ruleChecks.maxValue = checkValue;
ruleChecks.equalsField = function (rule, value, limit, shown, today, values, hidden) {
  return value === (hidden.has(shown) ? "" : text(values[shown])) ? null : shown;
};
