/* Read-only fields, filled in for the person (from a data source or the config): a required one left empty is missing,
   and none is checked further. Joined only into pages with one (RuntimeScript.hasReadOnly). */
import { readOnly } from "./validate.js";
import { format, isEmpty } from "./values.js";

readOnly.check = function (field, values, state, errors) {
  if (state.required.has(field.id) && isEmpty(values[field.id], field)) errors[field.id] = format((field.messages || {}).required, {});
};
