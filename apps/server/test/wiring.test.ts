import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as contract from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { readSourceFiles } from '../../../scripts/check-boundaries.mjs';
import {
  callsOutsideRegistry,
  contractCallNames,
  findWiringProblems,
  registryCallNames,
} from '../../../scripts/check-wiring.mjs';
import { createTestApp } from './test-app';

/**
 * The wiring check (ARCHITECTURE.md, "Adding a product line"): a module is wired in app.ts, its
 * tables collected in src/db/schema.ts and its calls in the contract's `allCalls`, the list the
 * OpenAPI document and the fuzz and authorization suites walk.
 */
const modules = 'apps/server/src/modules';

/** A tree with one small product line, wired in every list. */
const dice: Record<string, string> = {
  'apps/server/src/app.ts': [
    "import { registerCall } from './http/register-call';",
    "import { healthCheck } from '@sb/contract';",
    "import { registerDiceModule } from './modules/dice/dice.module';",
    'registerCall(app, authenticate, healthCheck, async () => ({}));',
    'registerDiceModule(context, { audit });',
  ].join('\n'),
  'apps/server/src/db/schema.ts':
    "/** Every module's tables. */\n\nexport * from '../modules/dice/dice.schema';\n",
  [`${modules}/dice/dice.schema.ts`]:
    "import { pgTable, serial } from 'drizzle-orm/pg-core';\nexport const diceRolls = pgTable('dice_rolls', { id: serial('id') });\n",
  [`${modules}/dice/dice.module.ts`]:
    "import type { ModuleContext } from '../../module-context';\nimport { registerDiceRoutes } from './dice.routes';\nexport function registerDiceModule(context: ModuleContext) {}\n",
  [`${modules}/dice/dice.routes.ts`]: [
    "import { type CallDefinition, diceRoll } from '@sb/contract';",
    "import { registerCall } from '../../http/register-call';",
    'export function registerDiceRoutes() {',
    '  registerCall(app, authenticate, diceRoll, (input) => dice.roll(input));',
    '}',
  ].join('\n'),
  'packages/contract/src/dice.ts': [
    "import { defineCall } from './call';",
    'export const diceRoll = defineCall({ path: "/app/api/dice/roll" });',
    '// export const diceCalls = [diceRoll, diceUnroll];',
    'export const diceCalls = [diceRoll] as const;',
  ].join('\n'),
  'packages/contract/src/system.ts':
    "import { defineCall } from './call';\nexport const healthCheck = defineCall({ path: '/health' });\n",
  'packages/contract/src/registry.ts': [
    "import type { CallDefinition } from './call';",
    "import { diceCalls } from './dice';",
    '/** Every call of the API. */',
    'export const allCalls: readonly CallDefinition[] = [',
    '  ...diceCalls,',
    '];',
  ].join('\n'),
};

function check(overrides: Record<string, string | null> = {}) {
  const files = new Map(Object.entries(dice));
  for (const [path, text] of Object.entries(overrides)) {
    if (text === null) files.delete(path);
    else files.set(path, text);
  }
  return findWiringProblems(files).problems.map(({ module, rule }) => `${module} ${rule}`);
}

describe('wiring check on a small tree', () => {
  it('passes a module wired in app.ts, the schema and the registry', () => {
    expect(check()).toEqual([]);
  });

  it('refuses a module app.ts does not wire, naming it', () => {
    const app = dice['apps/server/src/app.ts'] ?? '';
    expect(
      check({
        'apps/server/src/app.ts': app
          .split('\n')
          .filter((line) => !line.includes('dice'))
          .join('\n'),
      }),
    ).toEqual(['dice module-wiring']);
    // A type import registers nothing.
    expect(
      check({
        'apps/server/src/app.ts': app.replace(
          'import { registerDiceModule }',
          'import type { registerDiceModule }',
        ),
      }),
    ).toEqual(['dice module-wiring']);
  });

  it('counts a module built by the module file of a wired one (payments by deposits)', () => {
    expect(
      check({
        [`${modules}/dice/dice.module.ts`]:
          "import { createPrng } from '../prng/prng.module';\nexport function registerDiceModule() {}\n",
        [`${modules}/prng/prng.module.ts`]: 'export function createPrng() {}\n',
      }),
    ).toEqual([]);
  });

  it('refuses a module whose tables src/db/schema.ts does not collect, naming it', () => {
    expect(check({ 'apps/server/src/db/schema.ts': "/** Every module's tables. */\n" })).toEqual([
      'dice module-schema',
    ]);
    expect(
      check({
        [`${modules}/dice/dice-history.ts`]:
          "import { pgTable } from 'drizzle-orm/pg-core';\nexport const history = pgTable('dice_history', {});\n",
      }),
    ).toEqual(['dice table-location']);
  });

  it('refuses a module binding a call the registry does not list, naming it', () => {
    const registry = dice['packages/contract/src/registry.ts'] ?? '';
    expect(
      check({ 'packages/contract/src/registry.ts': registry.replace('  ...diceCalls,\n', '') }),
    ).toEqual(['dice module-calls']);
    // The call is in its file's list, but the list is not the one the registry spreads.
    expect(
      check({
        'packages/contract/src/dice.ts': (dice['packages/contract/src/dice.ts'] ?? '').replace(
          'export const diceCalls = [diceRoll] as const;',
          'export const diceCalls = [] as const;',
        ),
      }),
    ).toEqual(['dice module-calls']);
  });

  it('refuses a registered call that no module binds', () => {
    expect(
      check({
        [`${modules}/dice/dice.routes.ts`]: "import { diceRoll } from '@sb/contract';\n",
      }),
    ).toEqual(['(contract) call-unbound']);
  });

  it('reads calls bound through a namespace import and a local helper', () => {
    expect(
      check({
        [`${modules}/dice/dice.routes.ts`]: [
          "import * as calls from '@sb/contract';",
          "import { registerCall } from '../../http/register-call';",
          'const register = (definition, handler) => registerCall(app, authenticate, definition, handler);',
          'register(calls.diceRoll, (input) => dice.roll(input));',
        ].join('\n'),
      }),
    ).toEqual([]);
  });
});

describe('wiring check on this repository', () => {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const files = readSourceFiles(root);

  it('finds every module wired, its tables collected and its calls registered', () => {
    const { problems, modules: found } = findWiringProblems(files);
    expect(problems).toEqual([]);
    expect(found).toContain('orders');
    expect(found.length).toBeGreaterThanOrEqual(17);
  });

  it("reads the registry as the contract's allCalls, which the fuzz and authorization suites walk", () => {
    const byName = contract as unknown as Record<string, contract.CallDefinition>;
    const names = [...registryCallNames(files)];
    expect(names.map((name) => byName[name])).toEqual(
      expect.arrayContaining([...contract.allCalls]),
    );
    expect(names.length).toBe(contract.allCalls.length);
    // Every call the contract defines is registered, but the health probe app.ts binds itself.
    const defined = [...contractCallNames(files)].filter(
      (name) => !callsOutsideRegistry.includes(name),
    );
    expect(defined.sort()).toEqual(names.sort());
  });

  it('finds the server answering at every path of allCalls, as the suites that walk it expect', async () => {
    const testApp = await createTestApp();
    try {
      const missing = contract.allCalls.filter(
        (call) =>
          !(call.methods ?? ['POST']).every((method) =>
            testApp.app.hasRoute({ method, url: call.path }),
          ),
      );
      expect(missing.map((call) => call.path)).toEqual([]);
      expect(testApp.app.hasRoute({ method: 'POST', url: '/app/api/no/such/call' })).toBe(false);
    } finally {
      await testApp.close();
    }
  });

  it('prints one OK line from the command line', async () => {
    const script = fileURLToPath(new URL('../../../scripts/check-wiring.mjs', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [script, '--root', root]);
    expect(stdout).toMatch(/^wiring: OK, \d+ modules$/m);
  });
});
