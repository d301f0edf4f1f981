// Fails when the Drizzle schema has changes that no committed migration holds: generates into a
// scratch copy of the migrations folder and looks for anything new.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';

const committed = 'apps/server/drizzle';
// drizzle-kit takes --out relative to the working directory, so the scratch copy lives inside it.
const scratch = 'node_modules/.cache/migrations-check';
rmSync(scratch, { recursive: true, force: true });
try {
  cpSync(committed, scratch, { recursive: true });
  execFileSync(
    'npx',
    [
      'drizzle-kit',
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      'apps/server/src/db/schema.ts',
      '--out',
      scratch,
    ],
    { stdio: 'pipe' },
  );
  if (!existsSync(`${scratch}/meta/_journal.json`))
    throw new Error('drizzle-kit generate did not run');
  const before = readdirSync(committed).length;
  const after = readdirSync(scratch).length;
  if (after !== before) {
    console.error(
      'The database schema has changes without a migration: run `npm run db:generate` and commit it.',
    );
    process.exit(1);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
