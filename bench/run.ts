import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchBetPlacement } from './bet-placement.bench';
import { benchCommunity } from './community.bench';
import { benchEnvelopeRush } from './envelope-rush.bench';
import { benchFanout } from './fanout.bench';
import { benchFirstPage } from './first-page.bench';
import { benchGameDice } from './game-dice.bench';
import { benchMatchList } from './match-list.bench';
import { benchOddsFps } from './odds-fps.bench';
import { type BenchResult, renderReport } from './report';
import { benchSettlement } from './settlement.bench';
import { benchStartup } from './startup.bench';
import { benchWalletTransfer } from './wallet-transfer.bench';

/**
 * `npm run bench`: runs every benchmark one after another (so they do not compete for the two
 * cores) and writes the figures to docs/performance.md. `npm run bench -- fanout` runs only the
 * benchmarks whose function name contains one of the words given (any case, hyphens and
 * underscores left out, so `envelope-rush` names benchEnvelopeRush), and writes no report. A
 * benchmark that measures several calls over one seeded world answers a section for each.
 */
const allBenches: (() => Promise<BenchResult | BenchResult[]>)[] = [
  benchMatchList,
  benchFanout,
  benchWalletTransfer,
  benchBetPlacement,
  benchGameDice,
  benchSettlement,
  benchEnvelopeRush,
  benchCommunity,
  benchFirstPage,
  benchOddsFps,
  benchStartup,
];
const squashed = (text: string) => text.toLowerCase().replace(/[-_]/g, '');
const wanted = process.argv.slice(2).map(squashed);
const benches = wanted.length
  ? allBenches.filter((bench) => wanted.some((word) => squashed(bench.name).includes(word)))
  : allBenches;
if (benches.length === 0) {
  const names = allBenches.map((bench) => bench.name.replace(/^bench/, '')).join(', ');
  console.error(`No benchmark is named by ${process.argv.slice(2).join(' ')}; there are ${names}.`);
  process.exit(1);
}

const startedAt = new Date();
const results: BenchResult[] = [];
for (const bench of benches) {
  for (const result of [await bench()].flat()) {
    console.log(`${result.name}: ${result.isMet ? 'met' : 'NOT met'}`, result.figures);
    results.push(result);
  }
}
if (wanted.length) process.exit(0);
const reportPath = fileURLToPath(new URL('../docs/performance.md', import.meta.url));
writeFileSync(reportPath, renderReport(results, startedAt));
// The page is committed, so it is written in the house format that `npm run check` expects.
execFileSync('npx', ['biome', 'format', '--write', reportPath], { stdio: 'ignore' });
console.log('wrote docs/performance.md');
