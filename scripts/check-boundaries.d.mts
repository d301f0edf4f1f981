// Types of check-boundaries.mjs for the TypeScript code that calls it (its test).

export type Rule =
  | 'module-entry'
  | 'module-cycle'
  | 'sql-location'
  | 'web-feature'
  | 'web-layer'
  | 'package-app';

export interface Violation {
  file: string;
  line: number;
  rule: Rule;
  /** What it is about: the file imported, the module on the cycle, or the package. */
  target: string;
  detail: string;
}

export interface FoundImport {
  specifier: string;
  line: number;
  typeOnly: boolean;
}

export const rules: Record<Rule, string>;
export const sourceRoots: string[];

export function findViolations(files: Map<string, string>): {
  violations: Violation[];
  imports: number;
};
export function findImports(source: string): FoundImport[];
export function blankCommentsAndTemplates(source: string): string;
export function readSourceFiles(root: string): Map<string, string>;
