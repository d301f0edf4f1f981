import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { findImports, findViolations } from '../../../scripts/check-boundaries.mjs';

/** The boundary check (docs/boundaries.md) on small trees of files held in memory. */
function check(files: Record<string, string>) {
  return findViolations(new Map(Object.entries(files))).violations.map(
    ({ file, line, rule, target }) => ({ file, line, rule, target }),
  );
}

const modules = 'apps/server/src/modules';

describe('boundary check: server modules', () => {
  it("refuses an import of another module's repository, with the file, line and rule", () => {
    const violations = check({
      [`${modules}/ledger/ledger.repository.ts`]: 'export const rows = 1;\n',
      [`${modules}/orders/orders.service.ts`]:
        "import { x } from '../../http/envelope';\nimport { rows } from '../ledger/ledger.repository';\n",
    });
    expect(violations).toEqual([
      {
        file: `${modules}/orders/orders.service.ts`,
        line: 2,
        rule: 'module-entry',
        target: `${modules}/ledger/ledger.repository.ts`,
      },
    ]);
  });

  it("refuses a type import of another module's internal file, from a module and from outside", () => {
    const violations = check({
      [`${modules}/ledger/hold-steps.ts`]: 'export type Step = 1;\n',
      [`${modules}/ledger/ledger.schema.ts`]: 'export type Account = 1;\n',
      [`${modules}/orders/placement.ts`]: "import type { Step } from '../ledger/hold-steps';\n",
      'apps/server/src/realtime/watch.ts':
        "import {\n  type Account,\n} from '../modules/ledger/ledger.schema';\n",
    });
    expect(violations.map(({ file, line, rule }) => `${file}:${line} ${rule}`)).toEqual([
      'apps/server/src/modules/orders/placement.ts:1 module-entry',
      'apps/server/src/realtime/watch.ts:3 module-entry',
    ]);
  });

  it('lets a module be reached through its service, module and types files, and tests anywhere', () => {
    expect(
      check({
        [`${modules}/ledger/ledger.service.ts`]: 'export const ledger = 1;\n',
        [`${modules}/ledger/ledger.module.ts`]: 'export const register = 1;\n',
        [`${modules}/ledger/ledger.types.ts`]: 'export type Entry = 1;\n',
        [`${modules}/ledger/ledger.repository.ts`]: 'export const rows = 1;\n',
        [`${modules}/orders/orders.service.ts`]: [
          "import { ledger } from '../ledger/ledger.service';",
          "import type { Entry } from '../ledger/ledger.types';",
          "import { register } from '../ledger/ledger.module';",
          "import { rows } from './orders.repository';",
        ].join('\n'),
        [`${modules}/orders/orders.repository.ts`]: 'export const rows = 1;\n',
        [`${modules}/orders/orders.test.ts`]:
          "import { rows } from '../ledger/ledger.repository';\n",
        'apps/server/src/db/schema.ts': "export * from '../modules/ledger/ledger.repository';\n",
        'apps/server/src/cli/ledger-check.ts':
          "import { rows } from '../modules/ledger/ledger.repository';\n",
      }),
    ).toEqual([]);
  });

  it('refuses a cycle between modules, at every import on it', () => {
    const violations = check({
      [`${modules}/loans/loans.service.ts`]: "import { w } from '../wallet/wallet.service';\n",
      [`${modules}/wallet/wallet.service.ts`]:
        "// the balance\nimport type { L } from '../loans/loans.service';\n",
      [`${modules}/orders/orders.service.ts`]: "import { w } from '../wallet/wallet.service';\n",
    });
    expect(violations).toEqual([
      {
        file: `${modules}/loans/loans.service.ts`,
        line: 1,
        rule: 'module-cycle',
        target: 'wallet',
      },
      {
        file: `${modules}/wallet/wallet.service.ts`,
        line: 2,
        rule: 'module-cycle',
        target: 'loans',
      },
    ]);
  });

  it('refuses SQL builders and tables outside repositories, statements, schemas and src/db', () => {
    const violations = check({
      [`${modules}/orders/orders.service.ts`]:
        "import type { SQL } from 'drizzle-orm';\nimport { type Column, eq } from 'drizzle-orm';\n",
      [`${modules}/orders/order-exposure.ts`]: "import { sql } from 'drizzle-orm/sql';\n",
      [`${modules}/orders/orders.repository.ts`]: "import { eq } from 'drizzle-orm';\n",
      [`${modules}/orders/placement.statement.ts`]: "import { sql } from 'drizzle-orm';\n",
      [`${modules}/orders/orders.schema.ts`]: "import { pgTable } from 'drizzle-orm/pg-core';\n",
      'apps/server/src/db/statement.ts': "import { sql } from 'drizzle-orm';\n",
      [`${modules}/orders/types-only.ts`]: "import { type SQL } from 'drizzle-orm';\n",
      [`${modules}/orders/order-writer.ts`]:
        "import type { Order } from './orders.schema';\nimport { orders } from './orders.schema';\n",
    });
    expect(violations).toEqual([
      {
        file: `${modules}/orders/order-exposure.ts`,
        line: 1,
        rule: 'sql-location',
        target: 'drizzle-orm/sql',
      },
      {
        file: `${modules}/orders/order-writer.ts`,
        line: 2,
        rule: 'sql-location',
        target: `${modules}/orders/orders.schema.ts`,
      },
      {
        file: `${modules}/orders/orders.service.ts`,
        line: 2,
        rule: 'sql-location',
        target: 'drizzle-orm',
      },
    ]);
  });
});

describe('boundary check: web', () => {
  const web = 'apps/web/src';
  it("refuses an entry re-exporting a repository's or a statement's values, not their types", () => {
    const violations = check({
      [`${modules}/orders/order-figures.repository.ts`]:
        'export function createFigures() {}\nexport interface FigureRow {}\n',
      [`${modules}/orders/settlements.repository.ts`]: 'export const settlementQueries = 1;\n',
      [`${modules}/orders/placement.statement.ts`]: 'export const placementSql = 1;\n',
      [`${modules}/orders/batch.statement.ts`]:
        'export class BatchTakenError extends Error {}\nexport const batch = 1;\n',
      [`${modules}/orders/leg-names.ts`]: 'export const legNames = 1;\n',
      [`${modules}/orders/orders.service.ts`]: [
        "export { createFigures as createStats, type FigureRow } from './order-figures.repository';",
        "export type { FigureRow as Row } from './order-figures.repository';",
        "export * from './settlements.repository';",
        "export { BatchTakenError } from './batch.statement';",
        "export { legNames } from './leg-names';",
        "import { placementSql } from './placement.statement';",
        'export { placementSql };',
      ].join('\n'),
      [`${modules}/orders/orders.types.ts`]:
        "export type { FigureRow } from './order-figures.repository';\n",
      [`${modules}/orders/orders.module.ts`]: "export { batch } from './batch.statement';\n",
      // Not an entry: a repository may hand on its neighbour's queries to its own module.
      [`${modules}/orders/orders.repository.ts`]:
        "export { settlementQueries } from './settlements.repository';\n",
      [`${modules}/order-stats/order-stats.service.ts`]:
        "export { createStats } from '../orders/orders.service';\n",
    });
    expect(
      violations.map(({ file, line, rule, target }) => `${file}:${line} ${rule} ${target}`),
    ).toEqual([
      `${modules}/orders/orders.module.ts:1 entry-reexport ${modules}/orders/batch.statement.ts`,
      `${modules}/orders/orders.service.ts:1 entry-reexport ${modules}/orders/order-figures.repository.ts`,
      `${modules}/orders/orders.service.ts:3 entry-reexport ${modules}/orders/settlements.repository.ts`,
      `${modules}/orders/orders.service.ts:7 entry-reexport ${modules}/orders/placement.statement.ts`,
    ]);
    // The ledger's hold steps are composed into placement's statement by design.
    expect(
      check({
        [`${modules}/ledger/hold.statement.ts`]: 'export const holdSteps = 1;\n',
        [`${modules}/ledger/ledger.service.ts`]: "export { holdSteps } from './hold.statement';\n",
      }),
    ).toEqual([]);
  });

  it('refuses a feature importing another feature, and a console desk another desk', () => {
    const violations = check({
      [`${web}/features/identity/store/session-store.ts`]: 'export const s = 1;\n',
      [`${web}/features/sports/api/match-list.ts`]:
        "import { s } from '../../identity/store/session-store';\n",
      [`${web}/console/finance/finance-desk.tsx`]: 'export const d = 1;\n',
      [`${web}/console/trading/trading-desk.tsx`]:
        "const desk = await import('../finance/finance-desk');\n",
    });
    expect(violations).toEqual([
      {
        file: `${web}/console/trading/trading-desk.tsx`,
        line: 1,
        rule: 'web-feature',
        target: `${web}/console/finance/finance-desk.tsx`,
      },
      {
        file: `${web}/features/sports/api/match-list.ts`,
        line: 1,
        rule: 'web-feature',
        target: `${web}/features/identity/store/session-store.ts`,
      },
    ]);
  });

  it('keeps lib and components below the features, and the console and the site apart', () => {
    const violations = check({
      [`${web}/features/wallet/wallet.tsx`]: 'export const w = 1;\n',
      [`${web}/lib/balance.ts`]: "import { w } from '../features/wallet/wallet';\n",
      [`${web}/console/session/session-store.ts`]: 'export const s = 1;\n',
      [`${web}/app/shell.tsx`]: "import { s } from '../console/session/session-store';\n",
      [`${web}/console/app/console-app.tsx`]: "import { w } from '../../features/wallet/wallet';\n",
    });
    expect(violations.map(({ file, rule }) => `${file} ${rule}`)).toEqual([
      `${web}/app/shell.tsx web-layer`,
      `${web}/console/app/console-app.tsx web-layer`,
      `${web}/lib/balance.ts web-layer`,
    ]);
  });

  it('lets features use lib and components, the shell use features, and the console use lib', () => {
    expect(
      check({
        [`${web}/lib/session/session-store.ts`]: 'export const s = 1;\n',
        [`${web}/components/modal.tsx`]: 'export const m = 1;\n',
        [`${web}/features/sports/board.tsx`]:
          "import { s } from '../../lib/session/session-store';\nimport { m } from '../../components/modal';\nimport { b } from './board-model';\n",
        [`${web}/features/sports/board-model.ts`]: 'export const b = 1;\n',
        [`${web}/app/index-page.tsx`]: "import { b } from '../features/sports/board';\n",
        [`${web}/console/trading/desk.tsx`]:
          "import { m } from '../../components/modal';\nimport { api } from '../api/console-api';\n",
        [`${web}/console/api/console-api.ts`]: 'export const api = 1;\n',
      }),
    ).toEqual([]);
  });
});

describe('boundary check: packages', () => {
  it('refuses a package importing an app, by path or by name', () => {
    const violations = check({
      'apps/server/src/config.ts': 'export const c = 1;\n',
      'packages/domain/src/odds.ts':
        "import { c } from '../../../apps/server/src/config';\nexport * from '@sb/web/src/lib/site';\nimport { z } from 'zod';\n",
    });
    expect(violations).toEqual([
      {
        file: 'packages/domain/src/odds.ts',
        line: 1,
        rule: 'package-app',
        target: 'apps/server/src/config.ts',
      },
      {
        file: 'packages/domain/src/odds.ts',
        line: 2,
        rule: 'package-app',
        target: 'apps/web/src/lib/site',
      },
    ]);
  });
});

describe('boundary check: reading imports', () => {
  it('finds static, re-exported, dynamic and mocked imports, and no import in comments or templates', () => {
    const source = [
      "import { a } from './a';",
      "// import { b } from './b';",
      '/* import { c } from "./c"; */',
      'const text = `',
      // A template's text spans lines; the interpolation is code again, and the text after it.
      "import { d } from './d'; $" + "{await import('./d2')}",
      "import { d3 } from './d3';`;",
      "import type { E } from './e';",
      "export { f } from './f';",
      "export type { G } from './g';",
      "const h = await import('./h');",
      "type I = typeof import('./i');",
      "vi.mock('./j');",
      "import './k.css';",
      'import {',
      '  l,',
      '  type M,',
      "} from './l';",
      "const pattern = /'\\/\\/ import x from '/;",
    ].join('\n');
    expect(findImports(source)).toEqual([
      { specifier: './a', line: 1, typeOnly: false },
      { specifier: './d2', line: 5, typeOnly: false },
      { specifier: './e', line: 7, typeOnly: true },
      { specifier: './f', line: 8, typeOnly: false },
      { specifier: './g', line: 9, typeOnly: true },
      { specifier: './h', line: 10, typeOnly: false },
      { specifier: './i', line: 11, typeOnly: true },
      { specifier: './j', line: 12, typeOnly: false },
      { specifier: './k.css', line: 13, typeOnly: false },
      { specifier: './l', line: 17, typeOnly: false },
    ]);
  });
});

describe('boundary check: command line', () => {
  const script = fileURLToPath(new URL('../../../scripts/check-boundaries.mjs', import.meta.url));
  const run = (root: string) =>
    promisify(execFile)(process.execPath, [script, '--root', root]).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
  const tree = (files: Record<string, string>) => {
    const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  };

  it("exits 1 naming the file, line and rule when a module imports another's repository", async () => {
    const root = tree({
      [`${modules}/ledger/ledger.repository.ts`]: 'export const rows = 1;\n',
      [`${modules}/orders/orders.service.ts`]:
        "import { rows } from '../ledger/ledger.repository';\n",
    });
    try {
      const result = await run(root);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`${modules}/orders/orders.service.ts:1  module-entry  `);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('prints one OK line with the counts on a clean tree', async () => {
    const root = tree({
      [`${modules}/ledger/ledger.service.ts`]: 'export const ledger = 1;\n',
      [`${modules}/orders/orders.service.ts`]:
        "import { ledger } from '../ledger/ledger.service';\n",
    });
    try {
      const result = await run(root);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^boundaries: OK, 2 files, 1 imports$/m);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
