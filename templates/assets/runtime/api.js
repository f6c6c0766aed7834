/* The runtime's pure functions (no DOM) as one object: expose.js makes it globalThis.Formgen on the pages
   `formgen serve` previews, for the console. bounds.js adds resolveBound, mask.js applyMask, where they are joined. */
export var Formgen = {};
