import type { MatchWire } from '@sb/contract';

/** SPEC §9: the head-to-head window is 800 by 600 px and gets its title after 800 ms. */
export const headToHeadWindow = { width: 800, height: 600, titleDelayMs: 800 } as const;

/**
 * Opens the head-to-head statistics of a match in a window of its own. The feed carries no
 * history between teams, so the window shows what the book knows: teams, league, kick-off and
 * the score by period. The title is set once the new document has settled (SPEC §9).
 */
export function openHeadToHead(match: MatchWire, title: string): Window | null {
  const { width, height, titleDelayMs } = headToHeadWindow;
  const opened = window.open('', `h2h-${match.b}`, `popup,width=${width},height=${height}`);
  if (!opened) return null;
  const document = opened.document;
  document.body.replaceChildren();
  const heading = document.createElement('h1');
  heading.textContent = match.r ? `${match.o} v ${match.r}` : match.o;
  const league = document.createElement('p');
  league.textContent = match.ln;
  const table = document.createElement('table');
  const periods = [1, 2, 3, 4, 5] as const;
  for (const [name, side] of [
    [match.o, 'h'],
    [match.r, 'a'],
  ] as const) {
    if (!name) continue;
    const row = table.insertRow();
    row.insertCell().textContent = name;
    for (const period of periods)
      row.insertCell().textContent = String(match.ev[`${side}${period}`]);
    row.insertCell().textContent = String(side === 'h' ? match.ev.hs : match.ev.as);
  }
  document.body.append(heading, league, table);
  setTimeout(() => {
    if (!opened.closed) opened.document.title = title;
  }, titleDelayMs);
  return opened;
}
