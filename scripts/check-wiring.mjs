// The wiring check (ARCHITECTURE.md, "Adding a product line"): every server module is reached
// from app.ts, its tables are collected in src/db/schema.ts, and every call it binds with
// registerCall is in the contract's registry (`allCalls`), which the OpenAPI document, the fuzz
// and the authorization suites walk. A module left out of one of these lists would work in part
// and be missed by the checks that read the list; this names it.
//
//   node scripts/check-wiring.mjs                  check; exit 1 naming each module left out
//   node scripts/check-wiring.mjs --root <dir>     check another tree
import { fileURLToPath } from 'node:url';
import { blankCommentsAndTemplates, readSourceFiles } from './check-boundaries.mjs';

export const rules = {
  'module-wiring':
    'app.ts imports the module (its *.module.ts, or the service of a module without one), or a module file app.ts wires does',
  'module-schema':
    "every *.schema.ts of a module is collected in src/db/schema.ts (export * from '…')",
  'table-location': 'tables (pgTable) are declared only in *.schema.ts files',
  'module-calls':
    'every contract call a module binds with registerCall is in allCalls (packages/contract/src/registry.ts)',
  'call-unbound': 'every call of allCalls is bound by some module',
};

export const paths = {
  modules: 'apps/server/src/modules/',
  app: 'apps/server/src/app.ts',
  schema: 'apps/server/src/db/schema.ts',
  contract: 'packages/contract/src/',
  registry: 'packages/contract/src/registry.ts',
};

/**
 * Calls the contract defines that app.ts binds itself and that stay out of `allCalls`: the
 * health probe, which answers before any module and which the suites do not drive.
 */
export const callsOutsideRegistry = ['healthCheck'];

const testFile = /\.test\.tsx?$/;

/**
 * The imports of a source: specifier, named imports (each with whether it is a type), the
 * namespace name of `import * as`, and whether the whole statement is `import type`.
 * @param {string} source
 */
export function readImports(source) {
  const code = blankCommentsAndTemplates(source);
  /** @type {{ specifier: string, names: { name: string, typeOnly: boolean }[], namespace?: string, typeOnly: boolean }[]} */
  const found = [];
  const statement =
    /(?:^|[;\n])\s*(?:import|export)\s+(type\s+)?(?:\*\s+as\s+(\w+)|\*|\{([^}]*)\}|(\w+))?\s*(?:from\s*)?['"]([^'"]+)['"]/g;
  for (const match of code.matchAll(statement)) {
    const [, typeWord, namespace, list, , specifier] = match;
    const names = (list ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const isType = part.startsWith('type ');
        const name = part
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]
          .trim();
        return { name, typeOnly: Boolean(typeWord) || isType };
      });
    found.push({ specifier, names, namespace, typeOnly: Boolean(typeWord) });
  }
  return found;
}

/** The module a repository path lies in, or undefined. */
function moduleOf(path) {
  if (!path.startsWith(paths.modules)) return undefined;
  const rest = path.slice(paths.modules.length).split('/');
  return rest.length > 1 ? rest[0] : undefined;
}

/** A relative specifier resolved against the importing file, without an extension. */
function resolve(from, specifier) {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The module a value import of `file` reaches, or undefined. */
function importedModules(file, source) {
  const reached = [];
  for (const found of readImports(source)) {
    if (!found.specifier.startsWith('.')) continue;
    const isValue =
      !found.typeOnly &&
      (found.namespace !== undefined ||
        found.names.length === 0 ||
        found.names.some((name) => !name.typeOnly));
    const target = moduleOf(`${resolve(file, found.specifier)}.ts`);
    if (isValue && target) reached.push({ module: target, path: resolve(file, found.specifier) });
  }
  return reached;
}

/**
 * The names of the calls in `allCalls`: the registry's entries (`...xCalls` spreads or single
 * calls), each list read from the contract file the registry imports it from.
 * @param {Map<string, string>} files
 */
export function registryCallNames(files) {
  const registry = files.get(paths.registry);
  if (registry === undefined) throw new Error(`${paths.registry} not found`);
  const code = blankCommentsAndTemplates(registry);
  const fileOfName = new Map();
  for (const found of readImports(code))
    for (const { name } of found.names)
      fileOfName.set(name, `${resolve(paths.registry, found.specifier)}.ts`);
  const body = code.match(/allCalls[^=]*=\s*\[([\s\S]*?)\]/)?.[1];
  if (body === undefined) throw new Error(`${paths.registry} declares no allCalls list`);
  const names = new Set();
  for (const entry of body.split(',').map((part) => part.trim())) {
    if (!entry) continue;
    const name = entry.replace(/^\.\.\./, '');
    if (!entry.startsWith('...')) {
      names.add(name);
      continue;
    }
    const listFile = files.get(fileOfName.get(name) ?? '');
    const list = listFile
      ? blankCommentsAndTemplates(listFile).match(
          new RegExp(`export const ${name}\\b[^=]*=\\s*\\[([^\\]]*)\\]`),
        )?.[1]
      : undefined;
    if (list === undefined) throw new Error(`${paths.registry}: cannot read the list ${name}`);
    for (const call of list.split(',').map((part) => part.trim())) if (call) names.add(call);
  }
  return names;
}

/** The names of every call the contract defines (`export const x = defineCall(`). */
export function contractCallNames(files) {
  const names = new Set();
  for (const [path, source] of files) {
    if (!path.startsWith(paths.contract) || testFile.test(path)) continue;
    for (const match of blankCommentsAndTemplates(source).matchAll(
      /export const (\w+)\s*=\s*defineCall\s*\(/g,
    ))
      names.add(match[1]);
  }
  return names;
}

/** The contract calls a file names, if it binds calls with registerCall. */
function boundCallNames(source, callNames) {
  const code = blankCommentsAndTemplates(source);
  if (!/\bregisterCall\s*[(<]/.test(code)) return [];
  const bound = new Set();
  for (const found of readImports(code)) {
    if (found.specifier !== '@sb/contract' || found.typeOnly) continue;
    for (const { name, typeOnly } of found.names)
      if (!typeOnly && callNames.has(name)) bound.add(name);
    if (found.namespace)
      for (const use of code.matchAll(new RegExp(`\\b${found.namespace}\\.(\\w+)`, 'g')))
        if (callNames.has(use[1])) bound.add(use[1]);
  }
  return [...bound];
}

/**
 * Every wiring problem of a tree of files.
 * @param {Map<string, string>} files repository-relative POSIX path → source text
 * @returns {{ problems: Problem[], modules: string[] }}
 */
export function findWiringProblems(files) {
  /** @type {Problem[]} */
  const problems = [];
  const report = (module, rule, detail) => problems.push({ module, rule, detail });
  const modules = [...new Set([...files.keys()].map(moduleOf).filter(Boolean))].sort();
  const moduleFiles = (module) =>
    [...files.keys()].filter((path) => moduleOf(path) === module && !testFile.test(path)).sort();

  // 1. Wired: reached by a value import from app.ts, directly or through the module files of the
  // modules it wires (the payment provider is built by deposits' module file).
  const app = files.get(paths.app) ?? '';
  const wired = new Set(importedModules(paths.app, app).map((found) => found.module));
  for (let grew = true; grew; ) {
    grew = false;
    for (const module of [...wired])
      for (const path of moduleFiles(module).filter((file) => file.endsWith('.module.ts')))
        for (const found of importedModules(path, files.get(path) ?? ''))
          if (!wired.has(found.module)) {
            wired.add(found.module);
            grew = true;
          }
  }
  for (const module of modules)
    if (!wired.has(module))
      report(
        module,
        'module-wiring',
        `module ${module} is not wired: app.ts imports nothing of it (register it there, with what it uses as arguments)`,
      );

  // 2. Tables: each schema file collected in src/db/schema.ts; no table anywhere else.
  const schema = files.get(paths.schema) ?? '';
  const collected = new Set(
    readImports(schema)
      .filter((found) => found.specifier.startsWith('.'))
      .map((found) => `${resolve(paths.schema, found.specifier)}.ts`),
  );
  for (const module of modules)
    for (const path of moduleFiles(module)) {
      if (path.endsWith('.schema.ts') && !collected.has(path))
        report(
          module,
          'module-schema',
          `module ${module}: ${path} is not collected in ${paths.schema} (add export * from '../modules/${path.slice(paths.modules.length).replace(/\.ts$/, '')}')`,
        );
      if (
        !path.endsWith('.schema.ts') &&
        /\bpgTable\s*\(/.test(blankCommentsAndTemplates(files.get(path) ?? ''))
      )
        report(
          module,
          'table-location',
          `module ${module}: ${path} declares a table outside a *.schema.ts`,
        );
    }

  // 3. Calls: what each module binds is in the registry, and every registered call is bound.
  const callNames = contractCallNames(files);
  const registered = registryCallNames(files);
  const boundAnywhere = new Set(boundCallNames(app, callNames));
  for (const module of modules)
    for (const path of moduleFiles(module))
      for (const name of boundCallNames(files.get(path) ?? '', callNames)) {
        boundAnywhere.add(name);
        if (!registered.has(name) && !callsOutsideRegistry.includes(name))
          report(
            module,
            'module-calls',
            `module ${module}: ${path} binds ${name}, which is not in allCalls (${paths.registry})`,
          );
      }
  for (const name of [...registered].sort())
    if (!boundAnywhere.has(name))
      report('(contract)', 'call-unbound', `${name} is in allCalls but no module binds it`);

  problems.sort((a, b) => a.module.localeCompare(b.module) || a.detail.localeCompare(b.detail));
  return { problems, modules };
}

function main(argv) {
  const rootAt = argv.indexOf('--root');
  const root = rootAt === -1 ? fileURLToPath(new URL('..', import.meta.url)) : argv[rootAt + 1];
  if (!root) throw new Error('--root needs a directory');
  const { problems, modules } = findWiringProblems(readSourceFiles(root));
  for (const problem of problems)
    console.error(`${problem.module}  ${problem.rule}  ${problem.detail}`);
  for (const rule of new Set(problems.map((problem) => problem.rule)))
    console.error(`  ${rule}: ${rules[rule]}`);
  if (problems.length > 0) {
    console.error(`wiring: FAILED, ${problems.length} problems; ${modules.length} modules`);
    return 1;
  }
  console.log(`wiring: OK, ${modules.length} modules`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  process.exitCode = main(process.argv.slice(2));

/**
 * @typedef {{ module: string, rule: keyof typeof rules, detail: string }} Problem
 */
