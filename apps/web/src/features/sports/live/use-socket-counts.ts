import type { MatchWire } from '@sb/contract';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { tabCounts } from '../model/socket-counts';
import { liveStore, sportCountsStore } from './match-socket';

/** The list is read again at most this often because of what the socket said. */
const rereadGapMs = 3_000;

interface SocketCountsOptions {
  /** The counts of the last list answer, by sport. */
  listCounts: ReadonlyMap<number, number>;
  /** When that answer arrived (epoch ms). */
  listReadAtMs: number;
  /** The matches of that answer (the current type and sport). */
  listed: readonly MatchWire[];
  type: number;
  /** The sport whose list is shown. */
  sportId: number;
  /** False while the rows on screen are not the list's (a search), so their news is not counted. */
  isActive: boolean;
  /** The list is being read (or only a previous answer stands in for it): no second read. */
  isReading: boolean;
  /** Reads the list again. */
  reread(): void;
}

/**
 * The sport tabs' counts as the match socket moves them (SPEC §2, §4): the socket's `counts`
 * event, which counts every match of the book (new ones too), and between two of them what the
 * followed matches said (arrivals, kick-offs, ends). When the shown sport's count is not the
 * list's any more, the list is read again (at most every 3 s, and once per piece of news) so its
 * rows follow. docs/web-matches.md says more.
 */
export function useSocketCounts(options: SocketCountsOptions): ReadonlyMap<number, number> {
  const { listCounts, listReadAtMs, listed, type, sportId, isActive, isReading, reread } = options;
  const [rosterVersion, setRosterVersion] = useState(0);
  useEffect(() => liveStore.subscribeRoster(() => setRosterVersion((version) => version + 1)), []);
  const heard = useSyncExternalStore(sportCountsStore.subscribe, sportCountsStore.current);

  const counts = useMemo(() => {
    // Read when the roster moved: the news is outside React, the version says it changed.
    void rosterVersion;
    if (!isActive) return listCounts;
    return tabCounts({
      listCounts,
      listReadAtMs,
      listed,
      news: liveStore.news(),
      heard,
      type,
      nowMs: Date.now(),
    });
  }, [listCounts, listReadAtMs, listed, type, isActive, heard, rosterVersion]);

  const lastRead = useRef({ atMs: 0, news: '' });
  const shown = counts.get(sportId) ?? 0;
  const listedCount = listCounts.get(sportId) ?? 0;
  useEffect(() => {
    // Each piece of news asks for one read; the answer replaces the counts it moved.
    const news = shown === listedCount ? '' : `${type}:${sportId}:${shown}`;
    if (isReading || news === '' || news === lastRead.current.news) return;
    const waitMs = Math.max(0, lastRead.current.atMs + rereadGapMs - Date.now());
    const timer = setTimeout(() => {
      lastRead.current = { atMs: Date.now(), news };
      reread();
    }, waitMs);
    return () => clearTimeout(timer);
  }, [shown, listedCount, type, sportId, isReading, reread]);

  return counts;
}
