/* Scales (type: scale): radios for the whole numbers from `min` to `max`, drawn as a row of large targets with the end
   labels tied to the group. The spec gives a scale a number field's type and its checks as validations (a whole number,
   `minValue`, `maxValue`), so validate.js checks and cleans it as any number; this module reads the chosen radio,
   focuses the first and puts the group's message on the fieldset. Joined only on pages with a scale. */
import { features } from "./page.js";

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
