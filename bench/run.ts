import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchFanout } from './fanout.bench';
import { benchMatchList } from './match-list.bench';
import { type BenchResult, renderReport } from './report';
import { benchWalletTransfer } from './wallet-transfer.bench';

/**
 * `npm run bench`: runs every benchmark one after another (so they do not compete for the two
 * cores) and writes the figures to docs/performance.md.
 */
const benches: (() => Promise<BenchResult>)[] = [benchMatchList, benchFanout, benchWalletTransfer];

const startedAt = new Date();
const results: BenchResult[] = [];
for (const bench of benches) {
  const result = await bench();
  console.log(`${result.name}: ${result.isMet ? 'met' : 'NOT met'}`, result.figures);
  results.push(result);
}
const reportPath = fileURLToPath(new URL('../docs/performance.md', import.meta.url));
writeFileSync(reportPath, renderReport(results, startedAt));
// The page is committed, so it is written in the house format that `npm run check` expects.
execFileSync('npx', ['biome', 'format', '--write', reportPath], { stdio: 'ignore' });
console.log('wrote docs/performance.md');
