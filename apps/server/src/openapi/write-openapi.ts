import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from './build-openapi';

/** Writes docs/openapi.json, or with --check fails when the committed copy has drifted. */
const target = fileURLToPath(new URL('../../../../docs/openapi.json', import.meta.url));
const generated = `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {}
  if (committed !== generated) {
    console.error(
      'docs/openapi.json is out of date: run `npm run openapi:generate` and commit it.',
    );
    process.exit(1);
  }
} else {
  writeFileSync(target, generated);
}
