/* Rules: which fields are hidden and which required, given the values (FieldStates in Swift computes the same).
   A form without rules leaves conditions.js out: every configured field is then required and none hidden;
   journey.js adds the pages visited when the form branches. */
import { fieldMap } from "./values.js";

/** Set by conditions.js, joined on pages whose form has rules: the rules' hidden and required sets. */
export var conditional = { states: null };
/** The rules' hidden and required sets, fields in `skipped` counting as empty. */
export function ruleStates(spec, values, byId, skipped) {
  var configured = spec.fields.filter(function (f) { return f.required; }).map(function (f) { return f.id; });
  if (conditional.states) return conditional.states(spec, values, byId, skipped, configured);
  return { hidden: new Set(), required: new Set(configured) };
}
/** Set by journey.js on pages that branch, end at exit pages or have pages that may skip themselves. */
export var journeys = { walk: null };
/** Which fields the rules (and the journey) hide, which are required, and the pages visited (`path`, `exit`; journey.js
    adds `ended`, the error of an exit page the journey ends on). */
export function states(spec, values) {
  var byId = fieldMap(spec), rules = ruleStates(spec, values, byId, new Set());
  if (journeys.walk) return journeys.walk(spec, values, byId, rules);
  return { hidden: rules.hidden, required: rules.required, path: spec.pages.map(function (page, n) { return n; }), exit: -1 };
}
