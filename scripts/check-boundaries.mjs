// The boundary check (docs/boundaries.md): reads the source files, finds every import, and
// reports each one that crosses a wall ARCHITECTURE.md draws. None is tolerated.
//
//   node scripts/check-boundaries.mjs                  check; exit 1 on a new or a stale entry
//   node scripts/check-boundaries.mjs --root <dir>     check another tree (the check's own test)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const rules = {
  'module-entry':
    'a server module is imported only through its public entry (*.service.ts, *.module.ts, *.types.ts)',
  'module-cycle': 'no import cycle between server modules',
  'entry-reexport':
    "a module's public entry does not re-export, as a value, a repository, statement or SQL builder of a *.repository.ts or *.statement.ts file",
  'sql-location':
    'SQL (a value from drizzle-orm, a table of a schema) only in *.repository.ts, *.statement.ts, *.schema.ts or src/db/',
  'web-feature': 'a web feature imports no other feature',
  'web-layer':
    'web lib/ and components/ import no feature, app or console; the console and the member site import nothing of each other',
  'package-app': 'packages import nothing from apps',
};

/** The folders whose files the check reads, relative to the repository root. */
export const sourceRoots = ['apps/server/src', 'apps/web/src', 'packages'];

const sourceExtensions = ['.ts', '.tsx', '.mts', '.mjs', '.js'];
const server = 'apps/server/src/';
const serverModules = 'apps/server/src/modules/';
const web = 'apps/web/src/';
const webFeatures = 'apps/web/src/features/';
const webConsole = 'apps/web/src/console/';
const appPackages = ['@sb/server', '@sb/web'];
/** What the console's desks share: its API client, shell, components, texts and session. */
const consoleShared = ['api', 'app', 'components', 'i18n', 'session'];

const publicEntry = /\.(service|module|types)\.tsx?$/;
const sqlHome = /\.(repository|statement|schema)\.ts$/;
const testFile = /\.test\.tsx?$/;
/** Files of queries, whose values an entry must not hand on (rule `entry-reexport`). */
const queryFile = /\.(repository|statement)\.ts$/;
/**
 * Statement files whose values an entry may name: the ledger's hold steps, the debit gate in
 * statement form, which placement composes into its own one statement by design (docs/ledger.md,
 * The debit gate; docs/boundaries.md).
 */
const composedStatements = new Set([`${serverModules}ledger/hold.statement.ts`]);

/**
 * Every violation in a set of source files.
 * @param {Map<string, string>} files repository-relative POSIX path → source text
 * @returns {{ violations: Violation[], imports: number }}
 */
export function findViolations(files) {
  /** @type {Violation[]} */
  const violations = [];
  /** @type {ModuleEdge[]} */
  const moduleEdges = [];
  let importCount = 0;
  const paths = [...files.keys()].sort();
  for (const file of paths) {
    const source = files.get(file) ?? '';
    for (const found of findImports(source)) {
      importCount++;
      const target = resolveSpecifier(file, found.specifier, files);
      const at = { file, line: found.line };
      const report = (rule, targetKey, detail) =>
        violations.push({ ...at, rule, target: targetKey, detail });

      // a. a module's internals stay inside it
      if (file.startsWith(server) && !isServerExempt(file) && target?.startsWith(serverModules)) {
        const from = serverModuleOf(file);
        const to = serverModuleOf(target);
        if (to !== from && !publicEntry.test(target))
          report(
            'module-entry',
            target,
            `imports ${target}, internal to module ${to}; use its service, module or types file`,
          );
      }

      // b. module graph, for the cycle search below
      if (
        file.startsWith(serverModules) &&
        !testFile.test(file) &&
        target?.startsWith(serverModules)
      ) {
        const from = serverModuleOf(file);
        const to = serverModuleOf(target);
        if (from && to && from !== to) moduleEdges.push({ ...at, from, to });
      }

      // c. SQL lives in repositories, statements and schemas: a query needs drizzle's builders
      // (`sql`, `eq`, …) or a table object, so importing either as a value marks the file
      const buildsQueries =
        /^drizzle-orm(\/|$)/.test(found.specifier) ||
        target?.endsWith('.schema.ts') ||
        target === `${server}db/schema.ts`;
      if (
        buildsQueries &&
        !found.typeOnly &&
        file.startsWith(server) &&
        !testFile.test(file) &&
        !file.startsWith(`${server}db/`) &&
        !sqlHome.test(file)
      )
        report(
          'sql-location',
          target ?? found.specifier,
          `imports ${target ?? found.specifier} to build queries; queries belong in a *.repository.ts or *.statement.ts`,
        );

      // d. web features and layers
      if (file.startsWith(web) && target?.startsWith(web)) {
        const layerProblem = webLayerProblem(file, target);
        if (layerProblem) report(layerProblem.rule, target, layerProblem.detail);
      }

      // e. packages stand alone
      if (file.startsWith('packages/')) {
        const intoApps =
          target?.startsWith('apps/') ||
          appPackages.some(
            (name) => found.specifier === name || found.specifier.startsWith(`${name}/`),
          );
        if (intoApps)
          report(
            'package-app',
            target ?? found.specifier,
            `imports ${found.specifier} from an app`,
          );
      }
    }
  }
  for (const file of paths) {
    if (!file.startsWith(serverModules) || testFile.test(file) || !publicEntry.test(file)) continue;
    for (const found of findValueReexports(files.get(file) ?? '')) {
      const target = resolveSpecifier(file, found.specifier, files);
      if (!target || !queryFile.test(target) || composedStatements.has(target)) continue;
      if (found.name !== '*' && isErrorClass(files.get(target) ?? '', found.name)) continue;
      const what = found.name === '*' ? 'everything' : found.name;
      violations.push({
        file,
        line: found.line,
        rule: 'entry-reexport',
        target,
        detail: `the entry re-exports ${what} of ${target}; offer a service operation or a named interface instead`,
      });
    }
  }
  violations.push(...cycleViolations(moduleEdges));
  violations.sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.rule.localeCompare(b.rule),
  );
  return { violations, imports: importCount };
}

/** Tests, the command-line tools and the schema collector may reach into any module. */
function isServerExempt(file) {
  return (
    testFile.test(file) || file === `${server}db/schema.ts` || file.startsWith(`${server}cli/`)
  );
}

function serverModuleOf(path) {
  if (!path.startsWith(serverModules)) return undefined;
  return path.slice(serverModules.length).split('/')[0];
}

/**
 * The feature a web file belongs to: `features/<f>/` of the member site, or a desk of the
 * console (`console/<desk>/`, every folder but the console's shared ones).
 */
function webFeatureOf(path) {
  if (path.startsWith(webFeatures)) return path.slice(webFeatures.length).split('/')[0];
  if (!path.startsWith(webConsole)) return undefined;
  const [folder, ...rest] = path.slice(webConsole.length).split('/');
  if (rest.length === 0 || consoleShared.includes(folder)) return undefined;
  return `console/${folder}`;
}

/** The web's walls: console and site apart; features apart; lib and components below them. */
function webLayerProblem(file, target) {
  const fromConsole = file.startsWith(webConsole);
  const toConsole = target.startsWith(webConsole);
  if (fromConsole !== toConsole) {
    // The console shares the member site's lib and components, nothing else; the site nothing of
    // the console's.
    const shared = target.startsWith(`${web}lib/`) || target.startsWith(`${web}components/`);
    if (!(fromConsole && shared))
      return {
        rule: 'web-layer',
        detail: fromConsole
          ? `the console imports ${target} of the member site; only src/lib and src/components are shared`
          : `imports ${target} of the console into the member site`,
      };
  }
  const fromFeature = webFeatureOf(file);
  const toFeature = webFeatureOf(target);
  if (fromFeature && toFeature && fromFeature !== toFeature)
    return {
      rule: 'web-feature',
      detail: `feature ${fromFeature} imports ${target} of feature ${toFeature}; shared state and helpers belong in src/lib or src/components`,
    };
  const fromShared = file.startsWith(`${web}lib/`) || file.startsWith(`${web}components/`);
  const toAssembly =
    target.startsWith(webFeatures) ||
    target.startsWith(`${web}app/`) ||
    target === `${web}main.tsx`;
  if (fromShared && toAssembly)
    return {
      rule: 'web-layer',
      detail: `shared code imports ${target}; lib and components sit below the features and the app shell`,
    };
  return undefined;
}

/** One violation per import that lies on a cycle of the module graph (Tarjan's components). */
function cycleViolations(edges) {
  const graph = new Map();
  for (const edge of edges) {
    if (!graph.has(edge.from)) graph.set(edge.from, new Set());
    if (!graph.has(edge.to)) graph.set(edge.to, new Set());
    graph.get(edge.from).add(edge.to);
  }
  const component = new Map();
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const members = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        members.push(member);
      } while (member !== node);
      for (const m of members) component.set(m, node);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);

  // Within a strongly connected component every edge closes a cycle: its target reaches back.
  const pathBack = (from, to) => {
    const previous = new Map([[from, undefined]]);
    const queue = [from];
    while (queue.length > 0) {
      const node = queue.shift();
      if (node === to) break;
      for (const next of [...graph.get(node)].sort())
        if (!previous.has(next) && component.get(next) === component.get(from)) {
          previous.set(next, node);
          queue.push(next);
        }
    }
    const path = [];
    for (let node = to; node !== undefined; node = previous.get(node)) path.unshift(node);
    return path;
  };
  return edges
    .filter((edge) => component.get(edge.from) === component.get(edge.to))
    .map((edge) => ({
      file: edge.file,
      line: edge.line,
      rule: 'module-cycle',
      target: edge.to,
      detail: `module ${edge.from} imports module ${edge.to}, which leads back: ${[edge.from, ...pathBack(edge.to, edge.from)].join(' -> ')}`,
    }));
}

/**
 * The static imports, re-exports, dynamic imports and module mocks of a source file, with their
 * line and whether only types are imported (such an import leaves no code behind).
 * @param {string} source
 * @returns {{ specifier: string, line: number, typeOnly: boolean }[]}
 */
export function findImports(source) {
  const code = blankCommentsAndTemplates(source);
  const found = [];
  const lineAt = (offset) => {
    let line = 1;
    for (let i = source.indexOf('\n'); i !== -1 && i < offset; i = source.indexOf('\n', i + 1))
      line++;
    return line;
  };
  const add = (match, specifierGroup, typeOnly) => {
    const specifier = match[specifierGroup];
    const offset = match.index + match[0].lastIndexOf(specifier);
    found.push({ specifier, line: lineAt(offset), typeOnly });
  };
  for (const match of code.matchAll(
    /^[ \t]*import\s+([^;'"`]*?)\s*\bfrom\s*(['"])([^'"\n]+)\2/gm,
  )) {
    const clause = match[1].trim();
    if (!importClause.test(clause)) continue;
    add(match, 3, clauseIsTypeOnly(clause));
  }
  for (const match of code.matchAll(/^[ \t]*import\s*(['"])([^'"\n]+)\1/gm)) add(match, 2, false);
  for (const match of code.matchAll(
    /^[ \t]*export\s+(type\s+)?(\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(['"])([^'"\n]+)\3/gm,
  ))
    add(match, 4, match[1] !== undefined || clauseIsTypeOnly(match[2]));
  for (const match of code.matchAll(
    /(typeof\s+)?(?<![\w$.])import\s*\(\s*(['"])([^'"\n]+)\2\s*\)/g,
  ))
    add(match, 3, match[1] !== undefined);
  for (const match of code.matchAll(
    /\bvi\s*\.\s*(?:mock|doMock|importActual|importMock)\s*(?:<[^>]*>)?\(\s*(['"])([^'"\n]+)\1/g,
  ))
    add(match, 2, false);
  found.sort((a, b) => a.line - b.line);
  return found;
}

/**
 * The values a source file re-exports, by name, with the specifier they come from and the line:
 * `export { a, b as c } from '…'` and `export * from '…'` (name `*`), and `export { a }` of a
 * name the file imported as a value. Type-only names and statements are left out.
 * @param {string} source
 * @returns {{ name: string, specifier: string, line: number }[]}
 */
export function findValueReexports(source) {
  const code = blankCommentsAndTemplates(source);
  const lineAt = (offset) => source.slice(0, offset).split('\n').length;
  const valueNames = (list) =>
    list
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !/^type\s/.test(name))
      .map((name) => {
        const [imported, local] = name.split(/\s+as\s+/);
        return { imported: imported.trim(), local: (local ?? imported).trim() };
      });
  const found = [];
  for (const match of code.matchAll(
    /^[ \t]*export\s+(type\s+)?(\*(?:\s*as\s+[\w$]+)?|\{([^}]*)\})\s*from\s*(['"])([^'"\n]+)\4/gm,
  )) {
    if (match[1]) continue;
    const line = lineAt(match.index + match[0].lastIndexOf(match[5]));
    if (match[3] === undefined) found.push({ name: '*', specifier: match[5], line });
    else
      for (const { imported } of valueNames(match[3]))
        found.push({ name: imported, specifier: match[5], line });
  }
  /** Names imported as values, by their local name. */
  const imported = new Map();
  for (const match of code.matchAll(
    /^[ \t]*import\s+(?!type\s)(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*(['"])([^'"\n]+)\2/gm,
  ))
    for (const name of valueNames(match[1]))
      imported.set(name.local, { name: name.imported, specifier: match[3] });
  for (const match of code.matchAll(/^[ \t]*export\s+\{([^}]*)\}(?!\s*from\b)/gm))
    for (const name of valueNames(match[1])) {
      const origin = imported.get(name.imported);
      if (origin) found.push({ ...origin, line: lineAt(match.index) });
    }
  return found.sort((a, b) => a.line - b.line);
}

/** Whether `source` declares `name` as a class of errors (`class XError extends …Error`). */
function isErrorClass(source, name) {
  const escaped = name.replace(/[$]/g, '\\$');
  return new RegExp(`\\bclass\\s+${escaped}\\s+extends\\s+[\\w$.]*Error\\b`).test(source);
}

const importClause =
  /^(type\s+)?(?:[\w$]+(?:\s*,\s*(?:\*\s*as\s+[\w$]+|\{[^}]*\}))?|\*\s*as\s+[\w$]+|\{[^}]*\})$/;

function clauseIsTypeOnly(clause) {
  if (/^type\s/.test(clause)) return true;
  const braces = /^\{([^}]*)\}$/.exec(clause);
  if (!braces) return false;
  const names = braces[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => /^type\s/.test(name));
}

/**
 * The source with comments and template-literal text replaced by spaces (line breaks kept, so
 * offsets and lines stay), leaving the code and the quoted strings that name modules.
 */
export function blankCommentsAndTemplates(source) {
  const out = source.split('');
  const blank = (from, to) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  const templateDepths = [];
  let braces = 0;
  let previous = '';
  let previousWord = '';
  const regexMayStart = () =>
    previous === '' ||
    '(,=:[!&|?{};+-*%<>~^'.includes(previous) ||
    ['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'void', 'yield', 'await'].includes(
      previousWord,
    );
  // From just inside a template literal: its text up to the closing backtick or a `${`.
  const scanTemplate = (start) => {
    let j = start;
    while (j < source.length) {
      if (source[j] === '\\') j += 2;
      else if (source[j] === '`') {
        blank(start, j);
        return j + 1;
      } else if (source[j] === '$' && source[j + 1] === '{') {
        blank(start, j);
        templateDepths.push(braces);
        braces++;
        return j + 2;
      } else j++;
    }
    blank(start, source.length);
    return source.length;
  };
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    const d = source[i + 1];
    if (c === '/' && d === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && d === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < source.length && source[j] !== c && source[j] !== '\n')
        j += source[j] === '\\' ? 2 : 1;
      i = j + 1;
      previous = c;
      previousWord = '';
    } else if (c === '`') {
      i = scanTemplate(i + 1);
      previous = '`';
      previousWord = '';
    } else if (c === '/' && regexMayStart()) {
      let j = i + 1;
      let inClass = false;
      while (j < source.length && source[j] !== '\n') {
        if (source[j] === '\\') j++;
        else if (source[j] === '[') inClass = true;
        else if (source[j] === ']') inClass = false;
        else if (source[j] === '/' && !inClass) break;
        j++;
      }
      // No closing slash on the line: a division or a JSX closing tag, not a pattern.
      i = source[j] === '/' ? j + 1 : i + 1;
      previous = '/';
      previousWord = '';
    } else if (c === '}' && templateDepths.length > 0 && templateDepths.at(-1) === braces - 1) {
      templateDepths.pop();
      braces--;
      i = scanTemplate(i + 1);
      previous = '`';
      previousWord = '';
    } else {
      if (c === '{') braces++;
      else if (c === '}') braces--;
      if (/[\w$]/.test(c)) {
        previousWord = /[\w$]/.test(previous) ? previousWord + c : c;
        previous = c;
      } else if (!/\s/.test(c)) {
        previous = c;
        previousWord = '';
      }
      i++;
    }
  }
  return out.join('');
}

/**
 * The repository path an import names: a relative specifier resolved against its file, with the
 * extension the file set holds; undefined for a package.
 */
function resolveSpecifier(file, specifier, files) {
  if (!specifier.startsWith('.')) {
    const app = appPackages.find((name) => specifier === name || specifier.startsWith(`${name}/`));
    return app ? `apps/${app.slice('@sb/'.length)}${specifier.slice(app.length)}` : undefined;
  }
  const base = posix.normalize(posix.join(posix.dirname(file), specifier));
  const withoutJs = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [
    base,
    ...sourceExtensions.map((extension) => withoutJs + extension),
    ...sourceExtensions.map((extension) => `${base}/index${extension}`),
  ];
  return candidates.find((candidate) => files.has(candidate)) ?? base;
}

/** The source files under the roots, read into memory, keyed by repository-relative path. */
export function readSourceFiles(root) {
  const files = new Map();
  const walk = (directory) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'dist')
        continue;
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (sourceExtensions.some((extension) => entry.name.endsWith(extension)))
        files.set(relative(root, path).split(sep).join('/'), readFileSync(path, 'utf8'));
    }
  };
  for (const sourceRoot of sourceRoots)
    if (existsSync(join(root, sourceRoot))) walk(join(root, sourceRoot));
  return files;
}

function countBy(items, key) {
  const counts = new Map();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts]
    .sort()
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
}

function main(argv) {
  const rootAt = argv.indexOf('--root');
  const root = rootAt === -1 ? fileURLToPath(new URL('..', import.meta.url)) : argv[rootAt + 1];
  if (!root) throw new Error('--root needs a directory');
  const files = readSourceFiles(root);
  const { violations, imports } = findViolations(files);
  for (const violation of violations)
    console.error(`${violation.file}:${violation.line}  ${violation.rule}  ${violation.detail}`);
  for (const rule of new Set(violations.map((violation) => violation.rule)))
    console.error(`  ${rule}: ${rules[rule]}`);
  const summary = `${files.size} files, ${imports} imports`;
  if (violations.length > 0) {
    console.error(
      `boundaries: FAILED, ${violations.length} violations (${countBy(violations, (v) => v.rule)}); ${summary}. Rules: docs/boundaries.md`,
    );
    return 1;
  }
  console.log(`boundaries: OK, ${summary}`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  process.exitCode = main(process.argv.slice(2));

/**
 * @typedef {{ file: string, line: number, rule: keyof typeof rules, target: string, detail: string }} Violation
 * @typedef {{ file: string, line: number, from: string, to: string }} ModuleEdge
 */
