// Types of check-wiring.mjs for the TypeScript code that calls it (its test).

export type Rule =
  | 'module-wiring'
  | 'module-schema'
  | 'table-location'
  | 'module-calls'
  | 'call-unbound';

export interface Problem {
  /** The module left out, or `(contract)` for a registered call no module binds. */
  module: string;
  rule: Rule;
  detail: string;
}

export const rules: Record<Rule, string>;
export const paths: {
  modules: string;
  app: string;
  schema: string;
  contract: string;
  registry: string;
};
export const callsOutsideRegistry: string[];

export function findWiringProblems(files: Map<string, string>): {
  problems: Problem[];
  modules: string[];
};
export function registryCallNames(files: Map<string, string>): Set<string>;
export function contractCallNames(files: Map<string, string>): Set<string>;
export function readImports(source: string): {
  specifier: string;
  names: { name: string; typeOnly: boolean }[];
  namespace?: string;
  typeOnly: boolean;
}[];
