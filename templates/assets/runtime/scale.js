/* Scales (type: scale): radios for the whole numbers from `min` to `max`, drawn as a row of large targets with the end
   labels tied to the group. The value is a number. For validate.js: a scale's check (a whole number within its bounds)
   and its cleaned value; Scale.swift is the same in Swift. Joined only on pages with a scale. */
import { features } from "./page.js";
import { lists } from "./validate.js";
import { format, text } from "./values.js";

/** A scale's answer as its whole number within `min`…`max`, else null. */
export function scaleNumber(value, scale) {
  var t = text(value), n = Number(t);
  return /^-?\d{1,12}$/.test(t) && n >= scale.min && n <= scale.max ? n : null;
}

lists.scale = {
  check: function (spec, field, values, state) {
    var errors = {}, M = field.messages || {}, value = values[field.id];
    if (text(value) === "") { if (state.required.has(field.id)) errors[field.id] = format(M.required, {}); }
    else if (scaleNumber(value, field.scale) === null) errors[field.id] = format(M.scale, {});
    return errors;
  },
  clean: function (spec, field, value) {
    var n = scaleNumber(value, field.scale);
    return n !== null ? n : text(value) || null;
  },
};

features.push(function (p) {
  var baseRead = p.readValue, baseFocus = p.focusTarget, baseDescribe = p.describe;
  function isScale(id) { return p.byId[id] && p.byId[id].kind === "scale"; }
  p.readValue = function (field) {
    if (field.kind !== "scale") return baseRead(field);
    var chosen = p.controls(field.id).filter(function (e) { return e.checked; })[0];
    return chosen ? chosen.value : "";
  };
  p.focusTarget = function (id) { return isScale(id) ? p.$("f-" + id + "-0") : baseFocus(id); };
  /** A scale's message describes its group, as a radio group's does. */
  p.describe = function (target, id, on) {
    var owner = /^f-(.*)-error$/.exec(id);
    baseDescribe(owner && isScale(owner[1]) ? p.$("f-" + owner[1]) : target, id, on);
  };
});
