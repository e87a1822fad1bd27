// The one Node API of the wrappers (node-facade.js), declared here so that the TypeScript check
// does not load Node's types for the modules that run everywhere.
declare module 'node:module' {
  export function createRequire(path: string | URL): (id: string) => unknown;
}
