import type { EventInfo, LiveTracker, MatchWire, PlayKind } from '@sb/contract';
import { useTranslation } from 'react-i18next';
import {
  courtEnd,
  isNetSurface,
  type NetSurface,
  type Scene,
  type Surface,
  sceneHeight,
  sceneOf,
  sceneWidth,
  surfaceOf,
} from './tracker-scene';
import './live.css';

/** The text of a play: an esports set point is a map point. */
const playKeyOf = (surface: Surface, kind: PlayKind) =>
  `liveTracker.play.${surface === 'rounds' && kind === 'set_point' ? 'map_point' : kind}`;

/**
 * The live match tracker: the sport's surface drawn in the page with the latest play on it, what
 * it was, and the match's statistics (esports: a board of the map's rounds). Shown only for a
 * live match whose feed sends live data.
 */
export function MatchTracker({ match }: { match: MatchWire }) {
  const { t } = useTranslation();
  const surface = surfaceOf(match.a);
  const tracker = match.lt;
  // A race's tracker holds its running order, which its broadcast draws: it has no play.
  const play = tracker?.p;
  if (match.g !== 1 || !tracker || !play || !surface) return null;
  const team = play.s === 1 ? match.o : match.r;
  const minute = play.m > 0 && surface !== 'tennis' ? `${Math.floor(play.m / 60) + 1}'` : null;
  return (
    <details
      className={`tracker tracker--${play.s === 1 ? 'home' : 'away'}`}
      data-testid="match-tracker"
      open
    >
      <summary className="tracker__title">{t('liveTracker.title')}</summary>
      <div className="tracker__teams">
        <span className="tracker__team tracker__team--home">{match.o}</span>
        <span className="tracker__team tracker__team--away">{match.r}</span>
      </div>
      <svg
        className="tracker__field"
        viewBox={`0 0 ${sceneWidth} ${sceneHeight}`}
        role="img"
        aria-label={t(playKeyOf(surface, play.k))}
      >
        {surface === 'rounds' ? (
          <RoundBoard event={match.ev} play={play} />
        ) : (
          <>
            <SurfaceLines surface={surface} />
            <PlayMarks key={play.n} scene={sceneOf(surface, play, match.ev.sv)} n={play.n} />
          </>
        )}
      </svg>
      <p
        className={`tracker__play tracker__play--${play.k}`}
        data-testid="tracker-play"
        data-play-kind={play.k}
        data-play-n={play.n}
        aria-live="polite"
      >
        <strong className="tracker__play-kind">{t(playKeyOf(surface, play.k))}</strong>
        <span className="tracker__play-team">{team}</span>
        {minute ? <span className="tracker__play-minute">{minute}</span> : null}
      </p>
      {match.ev.sv ? (
        <p className="tracker__serving" data-testid="tracker-serving">
          {t('liveTracker.serving')}: {match.ev.sv === 1 ? match.o : match.r}
        </p>
      ) : null}
      <TrackerStats stats={tracker.st ?? []} />
    </details>
  );
}

function TrackerStats({ stats }: { stats: NonNullable<LiveTracker['st']> }) {
  const { t } = useTranslation();
  if (stats.length === 0) return null;
  return (
    <ul className="tracker__stats" data-testid="tracker-stats" aria-label={t('liveTracker.stats')}>
      {stats.map((stat) => {
        const total = stat.h + stat.a;
        const homeShare = total === 0 ? 50 : (100 * stat.h) / total;
        const unit = stat.k === 'possession' ? '%' : '';
        return (
          <li className="tracker-stat" key={stat.k} data-testid="tracker-stat" data-stat={stat.k}>
            <span className="tracker-stat__home">
              {stat.h}
              {unit}
            </span>
            <span className="tracker-stat__name">{t(`liveTracker.stat.${stat.k}`)}</span>
            <span className="tracker-stat__away">
              {stat.a}
              {unit}
            </span>
            <span className="tracker-stat__bar" aria-hidden="true">
              <span className="tracker-stat__bar-home" style={{ width: `${homeShare}%` }} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** The latest play: the zone it lights, the ball's path and the ball (or a card). */
function PlayMarks({ scene, n }: { scene: Scene; n: number }) {
  return (
    <g className="tracker__marks" data-testid="tracker-marks" data-play-n={n}>
      {scene.zone ? (
        <rect
          className="tracker__zone"
          x={scene.zone.x}
          y={0}
          width={scene.zone.width}
          height={sceneHeight}
        />
      ) : null}
      {scene.path ? (
        <line
          className="tracker__path"
          x1={scene.path[0].x}
          y1={scene.path[0].y}
          x2={scene.path[1].x}
          y2={scene.path[1].y}
        />
      ) : null}
      {scene.ball ? (
        <circle className="tracker__ball" cx={scene.ball.x} cy={scene.ball.y} r={1.8} />
      ) : null}
      {scene.serve ? (
        <circle
          className="tracker__server"
          data-testid="tracker-server"
          cx={scene.serve.x}
          cy={scene.serve.y}
          r={2.2}
        />
      ) : null}
      {scene.card ? (
        <rect
          className={`tracker__card tracker__card--${scene.card}`}
          x={sceneWidth / 2 - 3}
          y={sceneHeight / 2 - 4.5}
          width={6}
          height={9}
          rx={0.8}
        />
      ) : null}
    </g>
  );
}

/**
 * Esports: the rounds each side has won on the map being played, one pip a round (thirteen win
 * a map, more in overtime); the round just won is marked.
 */
function RoundBoard({ event, play }: { event: EventInfo; play: NonNullable<LiveTracker['p']> }) {
  const rounds = event.gp ?? { h: 0, a: 0 };
  const slots = Math.max(13, rounds.h, rounds.a);
  const step = 88 / slots;
  const numbers = Array.from({ length: slots }, (_, i) => i + 1);
  const rows = [
    { side: 1, won: rounds.h, y: 20 },
    { side: 2, won: rounds.a, y: 40 },
  ];
  const roundWon = play.k === 'round_won' || play.k === 'pistol_round' || play.k.endsWith('_point');
  return (
    <g className="tracker__surface tracker__surface--rounds" data-testid="round-board">
      <rect className="tracker__ground" x={0} y={0} width={sceneWidth} height={sceneHeight} />
      <line className="tracker__line" x1={6} y1={30} x2={94} y2={30} />
      {rows.map((row) =>
        numbers.map((round) => {
          const last = roundWon && row.side === play.s && round === row.won;
          const state = round <= row.won ? (last ? 'last' : 'won') : 'open';
          return (
            <circle
              key={`${row.side}:${round}`}
              className={`tracker__round tracker__round--${row.side === 1 ? 'home' : 'away'} tracker__round--${state}`}
              data-round={state}
              cx={6 + step * (round - 0.5)}
              cy={row.y}
              r={Math.min(2.6, step / 2.4)}
            />
          );
        }),
      )}
    </g>
  );
}

/** A net sport's court from above: its lines, the net across the middle. */
function NetCourt({ surface }: { surface: NetSurface }) {
  const w = sceneWidth;
  const h = sceneHeight;
  const end = courtEnd[surface];
  const top = surface === 'volleyball' ? 8 : 10;
  const length = w - 2 * end;
  const width = h - 2 * top;
  // Volleyball's attack lines are 3 m from the net on an 18 m court; badminton's short service
  // lines 1.98 m on 13.4 m, its doubles long service lines 0.76 m from the back.
  const shortService = (length * 1.98) / 13.4;
  const inner =
    surface === 'volleyball'
      ? [(length * 3) / 18]
      : surface === 'badminton'
        ? [shortService, length / 2 - (length * 0.76) / 13.4]
        : [];
  return (
    <g className={`tracker__surface tracker__surface--${surface}`}>
      <rect className="tracker__ground" x={0} y={0} width={w} height={h} />
      <rect className="tracker__court" x={end} y={top} width={length} height={width} />
      <rect className="tracker__line" x={end} y={top} width={length} height={width} />
      {inner.flatMap((fromNet) => [
        <line
          key={`l${fromNet}`}
          className="tracker__line"
          x1={w / 2 - fromNet}
          y1={top}
          x2={w / 2 - fromNet}
          y2={h - top}
        />,
        <line
          key={`r${fromNet}`}
          className="tracker__line"
          x1={w / 2 + fromNet}
          y1={top}
          x2={w / 2 + fromNet}
          y2={h - top}
        />,
      ])}
      {surface === 'table' ? (
        <line className="tracker__line" x1={end} y1={h / 2} x2={w - end} y2={h / 2} />
      ) : null}
      {surface === 'badminton' ? (
        <>
          <line
            className="tracker__line"
            x1={end}
            y1={h / 2}
            x2={w / 2 - shortService}
            y2={h / 2}
          />
          <line
            className="tracker__line"
            x1={w / 2 + shortService}
            y1={h / 2}
            x2={w - end}
            y2={h / 2}
          />
          <line className="tracker__line" x1={end} y1={top + 3} x2={w - end} y2={top + 3} />
          <line className="tracker__line" x1={end} y1={h - top - 3} x2={w - end} y2={h - top - 3} />
        </>
      ) : null}
      <line className="tracker__net" x1={w / 2} y1={top - 3} x2={w / 2} y2={h - top + 3} />
    </g>
  );
}

/** Each surface's markings, in the 100 × 60 box. */
function SurfaceLines({ surface }: { surface: Surface }) {
  const w = sceneWidth;
  const h = sceneHeight;
  if (isNetSurface(surface)) return <NetCourt surface={surface} />;
  if (surface === 'tennis') {
    return (
      <g className={`tracker__surface tracker__surface--${surface}`}>
        <rect className="tracker__ground" x={0} y={0} width={w} height={h} />
        <rect className="tracker__line" x={4} y={6} width={w - 8} height={h - 12} />
        <line className="tracker__line" x1={4} y1={12} x2={w - 4} y2={12} />
        <line className="tracker__line" x1={4} y1={h - 12} x2={w - 4} y2={h - 12} />
        <line className="tracker__line" x1={27} y1={12} x2={27} y2={h - 12} />
        <line className="tracker__line" x1={w - 27} y1={12} x2={w - 27} y2={h - 12} />
        <line className="tracker__line" x1={27} y1={h / 2} x2={w - 27} y2={h / 2} />
        <line className="tracker__net" x1={w / 2} y1={3} x2={w / 2} y2={h - 3} />
      </g>
    );
  }
  if (surface === 'court') {
    return (
      <g className={`tracker__surface tracker__surface--${surface}`}>
        <rect className="tracker__ground" x={0} y={0} width={w} height={h} />
        <rect className="tracker__line" x={1} y={1} width={w - 2} height={h - 2} />
        <line className="tracker__line" x1={w / 2} y1={1} x2={w / 2} y2={h - 1} />
        <circle className="tracker__line" cx={w / 2} cy={h / 2} r={6} />
        {[0, 1].map((end) => {
          const x = end === 0 ? 1 : w - 1;
          const inward = end === 0 ? 1 : -1;
          return (
            <g key={end}>
              <rect
                className="tracker__line"
                x={end === 0 ? 1 : w - 20}
                y={h / 2 - 8}
                width={19}
                height={16}
              />
              <path
                className="tracker__line"
                d={`M ${x} 4 H ${x + inward * 10} A 26 26 0 0 ${end === 0 ? 1 : 0} ${x + inward * 10} ${h - 4} H ${x}`}
              />
              <circle className="tracker__hoop" cx={x + inward * 4.5} cy={h / 2} r={1.5} />
            </g>
          );
        })}
      </g>
    );
  }
  const isRink = surface === 'rink';
  return (
    <g className={`tracker__surface tracker__surface--${surface}`}>
      <rect className="tracker__ground" x={0} y={0} width={w} height={h} rx={isRink ? 14 : 0} />
      <rect
        className="tracker__line"
        x={1}
        y={1}
        width={w - 2}
        height={h - 2}
        rx={isRink ? 13 : 0}
      />
      <line className="tracker__line" x1={w / 2} y1={1} x2={w / 2} y2={h - 1} />
      <circle className="tracker__line" cx={w / 2} cy={h / 2} r={isRink ? 5 : 8} />
      {isRink ? (
        <>
          <line className="tracker__line tracker__line--blue" x1={35} y1={1} x2={35} y2={h - 1} />
          <line className="tracker__line tracker__line--blue" x1={65} y1={1} x2={65} y2={h - 1} />
          <line className="tracker__line" x1={6} y1={6} x2={6} y2={h - 6} />
          <line className="tracker__line" x1={w - 6} y1={6} x2={w - 6} y2={h - 6} />
        </>
      ) : (
        <>
          <rect className="tracker__line" x={1} y={h / 2 - 16} width={16} height={32} />
          <rect className="tracker__line" x={w - 17} y={h / 2 - 16} width={16} height={32} />
          <rect className="tracker__line" x={1} y={h / 2 - 7} width={6} height={14} />
          <rect className="tracker__line" x={w - 7} y={h / 2 - 7} width={6} height={14} />
          <rect className="tracker__goal" x={0} y={h / 2 - 4} width={1} height={8} />
          <rect className="tracker__goal" x={w - 1} y={h / 2 - 4} width={1} height={8} />
        </>
      )}
    </g>
  );
}
