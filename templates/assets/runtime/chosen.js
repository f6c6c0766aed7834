/* Answers chosen from a list of options (a select, radios, checkboxes): the check that each is one of the field's
   options, for validate.js, and their labels in "Check your answers", for wizard.js. Joined only into pages with such
   a field (RuntimeScript.choosesFromList); without one, no answer is chosen from a list. */
import { features } from "./page.js";
import { choices } from "./validate.js";
import { isGroup, items, text } from "./values.js";

/** Whether every value chosen is one of the field's written options (always, for a field without written options or
    with options from a data source; a grid's columns are `lists`', checked before this). */
choices.allowed = function (field, value) {
  if (!field.options || field.optionsFrom) return true;
  var allowed = field.options.map(function (o) { return o.value; });
  return (isGroup(field) ? items(value) : [text(value)]).every(function (c) { return allowed.indexOf(c) >= 0; });
};

features.push(function (p) {
  /** The answer's option labels, joined by ", " (a select's chosen text when its options came from a data source). */
  p.optionLabels = function (field, value) {
    return (isGroup(field) ? items(value) : [text(value)]).map(function (v) {
      var option = (field.options || []).filter(function (o) { return o.value === v; })[0];
      if (option) return option.label;
      var select = p.controls(field.id)[0];
      return select && select.selectedIndex > 0 ? select.options[select.selectedIndex].text : v;
    }).join(", ");
  };
});
