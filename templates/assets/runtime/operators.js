/* The rule conditions in, notIn, greaterThan and lessThan (a rule's or a journey branch's), for conditions.js: joined
   only into pages where one has such a condition (RuntimeScript.usesOperators); equals, notEquals, empty and notEmpty
   are conditions.js's own. Conditions.swift in FormgenRuntime computes the same. */
import { operators } from "./conditions.js";
import { decimal } from "./values.js";

/** Whether one of the answer's texts is one of the rule's values. */
function isIn(rule, texts) { return texts.some(function (t) { return rule.values.indexOf(t) >= 0; }); }
/** A single number against the rule's first value; never when either is not a number. */
function compareNumber(rule, texts) {
  var number = texts.length === 1 ? decimal(texts[0]) : null, limit = decimal(rule.values.length ? rule.values[0] : "");
  if (number === null || limit === null) return false;
  return rule.condition === "greaterThan" ? number > limit : number < limit;
}
operators.in = isIn;
operators.notIn = function (rule, texts) { return !isIn(rule, texts); };
operators.greaterThan = compareNumber;
operators.lessThan = compareNumber;
