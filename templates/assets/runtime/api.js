/* The runtime's pure functions (no DOM) as one object: expose.js makes it globalThis.Formgen on the pages
   `formgen serve` previews, for the console; mask.js and choice.js add their own where they are joined. */
export var Formgen = {};
