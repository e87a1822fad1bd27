// The functions each entry exports, from their one list (pkg-template/js/functions.js, checked
// against the published declarations by the TypeScript check). The browser tests copy that file
// next to cases.mjs under this name.
export { ENTRY_FUNCTIONS, FULL_ONLY_FUNCTIONS, RULES_FUNCTIONS } from '../../../pkg-template/js/functions.js';
