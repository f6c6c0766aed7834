/* The runtime's pure functions (no DOM) as globalThis.Formgen, for the console and custom scripts.
   Modules add theirs: validate.js the validation core, mask.js applyMask. */
export var Formgen = {};
globalThis.Formgen = Formgen;
