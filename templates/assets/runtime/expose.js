/* globalThis.Formgen: the runtime's pure functions (no DOM) for the console, joined on the pages `formgen serve`
   previews (with bounds and offsets, so that resolveBound is whole; mask.js adds applyMask where it is joined); a built site's pages leave it out. */
import { Formgen } from "./api.js";
import { resolveBound } from "./bounds.js";
import { iso, parseDate } from "./dates.js";
import { states } from "./rules.js";
import { checkField, clean, matchesMask, validate } from "./validate.js";
import { decimal } from "./values.js";

Formgen.validate = validate;
Formgen.states = states;
Formgen.checkField = checkField;
Formgen.clean = clean;
Formgen.matchesMask = matchesMask;
Formgen.parseDate = parseDate;
Formgen.iso = iso;
Formgen.resolveBound = resolveBound;
Formgen.decimal = decimal;
globalThis.Formgen = Formgen;
