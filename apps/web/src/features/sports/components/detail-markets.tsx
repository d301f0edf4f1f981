import type { SocketMatch } from '@sb/contract';
import {
  columnsFor,
  decodeOptionId,
  isRunnerPlay,
  type MarketGroup,
  marketGroups,
  playNameOf,
  scopeOf,
  sortPlayIds,
} from '@sb/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteSwitchesStore } from '../../../lib/app-init/site-init';
import { useMarketNames } from '../../../lib/bet-naming/market-names';
import type { PriceMove } from '../live/live-store';
import { sideBandPlaces } from '../model/side-bands';
import { optionContextOf, sortedLines } from './market-lines';
import { OddsOption } from './odds-option';
import './markets.css';

interface DetailMarketsProps {
  match: Pick<SocketMatch, 'a' | 'b' | 'g' | 'l' | 'ln' | 'o' | 'r' | 'z'>;
  moves: ReadonlyMap<string, PriceMove> | undefined;
}

/** The match's plays by group, groups in their fixed order and plays in display order. */
function groupPlays(sportId: number, playIds: readonly number[]) {
  const byGroup = new Map<MarketGroup, number[]>();
  for (const playId of sortPlayIds(sportId, playIds)) {
    const group = playNameOf(sportId, playId).group;
    byGroup.set(group, [...(byGroup.get(group) ?? []), playId]);
  }
  return marketGroups.flatMap((group) => {
    const plays = byGroup.get(group);
    return plays ? [{ group, plays }] : [];
  });
}

/**
 * Every market of a match in the detail, grouped (main, handicap, totals, periods, corners,
 * specials) under a bar that stays on top while they scroll: a chip shows one group or all, a
 * group's heading folds it away. Every line of a play is shown, each outcome named in full.
 */
export function DetailMarkets({ match, moves }: DetailMarketsProps) {
  const { t } = useTranslation();
  const names = useMarketNames();
  const hidden = useSiteSwitchesStore((state) => state.visibility.hiddenPlays(match.a));
  const [chosen, setChosen] = useState<MarketGroup | 'all'>('all');
  const [folded, setFolded] = useState<ReadonlySet<MarketGroup>>(new Set());
  const groups = groupPlays(
    match.a,
    Object.keys(match.z)
      .map(Number)
      // A market whose every outcome the score has ruled out has nothing left to list.
      .filter((playId) => !hidden.has(playId) && sortedLines(match.a, match.z[playId]).length > 0),
  );
  // A group chosen earlier may have gone (its markets closed): then every group shows.
  const shown = groups.filter((entry) => chosen === 'all' || entry.group === chosen);
  const visible = shown.length > 0 ? shown : groups;
  const chips: { id: MarketGroup | 'all'; label: string }[] = [
    { id: 'all', label: t('sportsMarkets.group.all') },
    ...groups.map((entry) => ({
      id: entry.group,
      label: names.group(match.a, entry.group, entry.plays),
    })),
  ];

  function toggleFold(group: MarketGroup) {
    setFolded((current) => {
      const next = new Set(current);
      if (!next.delete(group)) next.add(group);
      return next;
    });
  }

  return (
    <section className="detail-markets" data-testid="detail-markets">
      {groups.length > 1 ? (
        <nav
          className="detail-markets__bar"
          data-testid="market-group-bar"
          aria-label={t('sportsMarkets.groupBar')}
        >
          {/* The chips scroll inside the bar, so their fading edges leave the bar's cover whole. */}
          <div className="detail-markets__chips scroll-row" data-testid="market-group-chips">
            {chips.map((chip) => (
              <button
                key={chip.id}
                type="button"
                className="detail-markets__chip"
                data-testid="market-group-chip"
                data-group={chip.id}
                aria-pressed={chip.id === (shown.length > 0 ? chosen : 'all')}
                onClick={() => setChosen(chip.id)}
              >
                {chip.label}
              </button>
            ))}
          </div>
        </nav>
      ) : null}
      {visible.map(({ group, plays }) => {
        const isOpen = !folded.has(group);
        const bodyId = `market-group-${match.b}-${group}`;
        return (
          <section
            key={group}
            className="market-group"
            data-testid="market-group"
            data-group={group}
          >
            <h3 className="market-group__heading">
              <button
                type="button"
                className="market-group__toggle"
                data-testid="market-group-toggle"
                aria-expanded={isOpen}
                aria-controls={bodyId}
                onClick={() => toggleFold(group)}
              >
                <span>{names.group(match.a, group, plays)}</span>
                <span className="market-group__chevron" aria-hidden="true" />
              </button>
            </h3>
            {isOpen ? (
              <div id={bodyId} className="market-group__body">
                {plays.map((playId) => (
                  <DetailMarket key={playId} match={match} playId={playId} moves={moves} />
                ))}
              </div>
            ) : null}
          </section>
        );
      })}
    </section>
  );
}

interface DetailMarketProps {
  match: DetailMarketsProps['match'];
  playId: number;
  moves: ReadonlyMap<string, PriceMove> | undefined;
}

/**
 * One play: its name, then every line's options in the play's columns, a line to a row. A
 * winning-margin play is laid out by side instead, so each home band sits beside the same away
 * band at every width.
 */
function DetailMarket({ match, playId, moves }: DetailMarketProps) {
  const lines = sortedLines(match.a, match.z[String(playId)]);
  // A play offered per quarter, map or game shows each part as a market of its own.
  const parts = new Map<string, typeof lines>();
  for (const line of lines) {
    const part = scopeOf(line[0]);
    parts.set(part, [...(parts.get(part) ?? []), line]);
  }
  return (
    <>
      {[...parts].map(([part, partLines]) => (
        <DetailMarketPart
          key={part}
          match={match}
          playId={playId}
          lines={partLines}
          moves={moves}
        />
      ))}
    </>
  );
}

/** One part of a play (all of it for most plays): its name and every line's options. */
function DetailMarketPart({
  match,
  playId,
  lines,
  moves,
}: DetailMarketProps & { lines: ReturnType<typeof sortedLines> }) {
  const names = useMarketNames();
  const marketName = names.play(match.a, playId, lines[0]?.[0] ?? '');
  const widest = Math.max(0, ...lines.map(([, options]) => options.length));
  const [onlyLine] = lines;
  const places =
    lines.length === 1 && onlyLine
      ? sideBandPlaces(
          onlyLine[1].map((option) => decodeOptionId(option.oi)?.outcomeId ?? option.oi),
        )
      : null;
  // Runners' full names need the room of two columns, whatever the board's layout.
  const columns = places ? 'sides' : isRunnerPlay(match.a, playId) ? 2 : columnsFor(playId, widest);
  return (
    <div
      className="detail-market"
      data-testid="detail-market"
      data-play={playId}
      data-part={scopeOf(lines[0]?.[0] ?? '') || undefined}
    >
      <h4 className="detail-market__name" data-testid="detail-market-name">
        {marketName}
      </h4>
      <div className="detail-market__options" data-columns={columns}>
        {lines.flatMap(([specifiers, options]) => {
          // A line's own name where its specifiers say which market it is (the next goal's).
          const context = optionContextOf(
            match,
            specifiers,
            names.play(match.a, playId, specifiers),
          );
          return options.map((option, index) => (
            <OddsOption
              key={option.oi}
              option={option}
              context={context}
              move={moves?.get(option.oi)}
              place={places?.[index]}
            />
          ));
        })}
      </div>
    </div>
  );
}
