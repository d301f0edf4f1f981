import { cpus, totalmem } from 'node:os';

/** One benchmark's outcome: its figures, the target it is held to, and whether it met it. */
export interface BenchResult {
  name: string;
  /** What was compared with what, in a sentence. */
  method: string;
  figures: Record<string, string>;
  target: string;
  isMet: boolean;
}

/** The Markdown page `npm run bench` writes to docs/performance.md. */
export function renderReport(results: BenchResult[], startedAt: Date): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const lines = [
    '# Performance',
    '',
    'Written by `npm run bench`; every figure below comes from its last run. Each benchmark runs',
    'the product and a peer on the same machine in the same run, so the ratio is what counts.',
    'What profiling found, and why a figure moved, is kept in docs/performance-findings.md.',
    '',
    `- Run: ${startedAt.toISOString()}`,
    `- Machine: ${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    '',
  ];
  for (const result of results) {
    lines.push(`## ${result.name}`, '', result.method, '', '| figure | value |', '|---|---|');
    for (const [figure, value] of Object.entries(result.figures))
      lines.push(`| ${figure} | ${value} |`);
    lines.push('', `Target: ${result.target} — **${result.isMet ? 'met' : 'NOT met'}**.`, '');
  }
  return `${lines.join('\n')}\n`;
}
