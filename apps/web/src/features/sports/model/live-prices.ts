import type { MarketOption, MatchWire, SocketMatch } from '@sb/contract';

/**
 * The detail panel's match as last read, with every option the live socket also holds taken
 * from the socket (price and status as of its last change). The read decides which lines are
 * shown (the socket may hold only the list's rows, until the detail's own snapshot arrives);
 * lines that come or go reach the panel with its next read.
 */
export function withLivePrices(read: MatchWire, live: SocketMatch | null | undefined): MatchWire {
  if (!live) return read;
  const liveOptions = new Map<string, MarketOption>();
  for (const lines of Object.values(live.z))
    for (const options of Object.values(lines))
      for (const option of options) liveOptions.set(option.oi, option);
  // A list view's snapshot has no tracker: the detail's own read has it until the socket's does.
  const lt = live.lt ?? read.lt;
  const tracked = lt ? { lt } : {};
  if (liveOptions.size === 0) return { ...read, ev: live.ev, g: live.g, ...tracked };
  const z: MatchWire['z'] = {};
  for (const [playId, lines] of Object.entries(read.z)) {
    const merged: MatchWire['z'][string] = {};
    for (const [specifiers, options] of Object.entries(lines))
      merged[specifiers] = options.map((option) => liveOptions.get(option.oi) ?? option);
    z[playId] = merged;
  }
  return { ...read, ev: live.ev, g: live.g, z, ...tracked };
}
