import { type MatchWire, matchRoomName, type RunnerPlace } from '@sb/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatchDetails } from '../api/match-details';
import { useMatchParams } from '../hooks/use-match-params';
import { MatchClock } from '../live/match-clock';
import { followDetail } from '../live/match-socket';
import { useLiveMatch } from '../live/use-live-match';
import { useMatchSocketConnection } from '../live/use-match-socket-connection';
import {
  type BroadcastScene,
  broadcastPhaseOf,
  broadcastSceneOf,
  placesOf,
  raceDistance,
  scorerBetween,
} from '../model/broadcast';
import { withLivePrices } from '../model/live-prices';
import './virtual-broadcast.css';

/** How long a goal or a basket stays called on screen. */
const callOutMs = 2_500;
/** The play of a race's winner market, whose options are the runners. */
const raceWinnerPlay = '3';
/** Silks come in this many colours, by saddle number. */
const silkColours = 8;

/**
 * The rendered broadcast of a virtual event, the video the book offers for its virtual sports
 * (docs/matches.md, Live streams): the scene of the sport with the event's own score, clock and
 * runners, moved by the game socket as the simulated event goes.
 */
export function VirtualBroadcastPage() {
  const { t } = useTranslation();
  const { sportId, matchId } = useMatchParams();
  const scene = broadcastSceneOf(sportId);
  useMatchSocketConnection();
  const details = useMatchDetails(matchId, sportId);
  const live = useLiveMatch(matchId);
  const room = matchRoomName(sportId, matchId);
  useEffect(() => {
    followDetail(room);
    return () => followDetail(null);
  }, [room]);
  const read = details.data;
  const match = read ? withLivePrices(read, live?.match) : undefined;
  const title = match ? (match.r ? `${match.o} v ${match.r}` : match.o) : '';
  useEffect(() => {
    if (title) document.title = t('matchWatch.broadcast.title', { title });
  }, [title, t]);

  if (!scene || details.isError)
    return (
      <main className="broadcast" data-testid="broadcast">
        <p className="broadcast__status" role="status" data-testid="broadcast-unavailable">
          {t('matchWatch.broadcast.unavailable')}
        </p>
      </main>
    );
  if (!match)
    return (
      <main className="broadcast" data-testid="broadcast" aria-busy="true">
        <p className="broadcast__status">{t('matchWatch.loading')}</p>
      </main>
    );
  return (
    <main className="broadcast" data-testid="broadcast" data-scene={scene}>
      {scene === 'track' ? <RaceScene match={match} /> : <ScoreScene match={match} scene={scene} />}
    </main>
  );
}

/** What the banner says of the event's phase: a countdown, the clock, or the end. */
function PhaseLine({ match, scene }: { match: MatchWire; scene: BroadcastScene }) {
  const { t } = useTranslation();
  const phase = broadcastPhaseOf(match);
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (phase !== 'before') return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [phase]);
  if (phase === 'before')
    return (
      <span data-testid="broadcast-phase" data-phase={phase}>
        {t('matchWatch.broadcast.startsIn', {
          seconds: Math.max(0, Math.ceil((match.t - now) / 1_000)),
        })}
      </span>
    );
  if (phase === 'finished')
    return (
      <span data-testid="broadcast-phase" data-phase={phase}>
        {t('matchWatch.broadcast.finished')}
      </span>
    );
  return (
    <span data-testid="broadcast-phase" data-phase={phase} className="broadcast__clock">
      {scene === 'track' ? t('matchWatch.broadcast.underway') : <MatchClock event={match.ev} />}
    </span>
  );
}

/** Football on a pitch, basketball on a court: the score, the clock, each goal called. */
function ScoreScene({ match, scene }: { match: MatchWire; scene: 'pitch' | 'court' }) {
  const { t } = useTranslation();
  const { hs, as: awayScore } = match.ev;
  const lastScore = useRef<{ hs: number; as: number } | undefined>(undefined);
  const [callOut, setCallOut] = useState<{ side: 'home' | 'away'; text: string } | null>(null);
  useEffect(() => {
    const before = lastScore.current;
    const after = { hs, as: awayScore };
    lastScore.current = after;
    const scorer = scorerBetween(before, after);
    if (!scorer || !before) return;
    const points = scorer === 'home' ? hs - before.hs : awayScore - before.as;
    setCallOut({
      side: scorer,
      text: scene === 'pitch' ? t('matchWatch.broadcast.goal') : `+${points}`,
    });
    const timer = setTimeout(() => setCallOut(null), callOutMs);
    return () => clearTimeout(timer);
  }, [hs, awayScore, scene, t]);
  return (
    <>
      <header className="broadcast__board" data-testid="broadcast-board">
        <span className="broadcast__team broadcast__team--home">{match.o}</span>
        <span className="broadcast__score" data-testid="broadcast-score">
          {hs}-{awayScore}
        </span>
        <span className="broadcast__team">{match.r}</span>
        <span className="broadcast__phase">
          <PhaseLine match={match} scene={scene} />
        </span>
      </header>
      <div className="broadcast__stage">
        {scene === 'pitch' ? <Pitch scorer={callOut?.side ?? null} /> : <Court />}
        {callOut ? (
          <p
            className={`broadcast__callout broadcast__callout--${callOut.side}`}
            data-testid="broadcast-callout"
            role="status"
          >
            {callOut.text}
          </p>
        ) : null}
      </div>
    </>
  );
}

/** A pitch; the ball rests on the centre spot and sits in the net of a side that has just scored. */
function Pitch({ scorer }: { scorer: 'home' | 'away' | null }) {
  // The home side attacks to the right.
  const ballX = scorer === 'home' ? 103 : scorer === 'away' ? 2 : 52.5;
  return (
    <svg className="broadcast__scene" viewBox="-2 -2 109 72" role="img" aria-hidden="true">
      <rect x="-2" y="-2" width="109" height="72" className="broadcast__grass" />
      <g className="broadcast__lines">
        <rect x="0" y="0" width="105" height="68" />
        <line x1="52.5" y1="0" x2="52.5" y2="68" />
        <circle cx="52.5" cy="34" r="9.15" />
        <rect x="0" y="13.85" width="16.5" height="40.3" />
        <rect x="88.5" y="13.85" width="16.5" height="40.3" />
        <rect x="0" y="24.85" width="5.5" height="18.3" />
        <rect x="99.5" y="24.85" width="5.5" height="18.3" />
        <rect x="-1.5" y="30.34" width="1.5" height="7.32" />
        <rect x="105" y="30.34" width="1.5" height="7.32" />
      </g>
      <circle className="broadcast__ball" cx={ballX} cy="34" r="1.2" />
    </svg>
  );
}

function Court() {
  return (
    <svg className="broadcast__scene" viewBox="-1 -1 30 17" role="img" aria-hidden="true">
      <rect x="-1" y="-1" width="30" height="17" className="broadcast__floor" />
      <g className="broadcast__lines">
        <rect x="0" y="0" width="28" height="15" />
        <line x1="14" y1="0" x2="14" y2="15" />
        <circle cx="14" cy="7.5" r="1.8" />
        <rect x="0" y="5.05" width="5.8" height="4.9" />
        <rect x="22.2" y="5.05" width="5.8" height="4.9" />
        <path d="M0 0.9 H3 A6.75 6.75 0 0 1 3 14.1 H0" />
        <path d="M28 0.9 H25 A6.75 6.75 0 0 0 25 14.1 H28" />
      </g>
      <circle className="broadcast__hoop" cx="1.6" cy="7.5" r="0.45" />
      <circle className="broadcast__hoop" cx="26.4" cy="7.5" r="0.45" />
    </svg>
  );
}

/**
 * A race: the field on an oval and the runners with their prices until the off; from the off,
 * each runner where the feed's running order puts it and the order itself, and at the post the
 * finishing order. Without a running order (a feed that sends none) the pack runs as one.
 */
function RaceScene({ match }: { match: MatchWire }) {
  const { t } = useTranslation();
  const phase = broadcastPhaseOf(match);
  // The winner market closes at the off and takes the field's names with it: the field seen
  // before is kept for the race itself.
  const offered = Object.values(match.z[raceWinnerPlay] ?? {}).flat();
  const field = useRef(offered);
  if (offered.length > 0) field.current = offered;
  const runners = field.current;
  const order = match.lt?.ro;
  return (
    <>
      <header className="broadcast__board" data-testid="broadcast-board">
        <span className="broadcast__team broadcast__team--home">{match.o}</span>
        <span className="broadcast__phase">
          <PhaseLine match={match} scene="track" />
        </span>
      </header>
      <div className="broadcast__stage">
        <svg className="broadcast__scene" viewBox="0 0 100 100" role="img" aria-hidden="true">
          <rect width="100" height="100" className="broadcast__grass" />
          <circle cx="50" cy="50" r="40" className="broadcast__track" />
          <line x1="50" y1="4" x2="50" y2="16" className="broadcast__post" />
          {order ? (
            <g data-testid="broadcast-track">
              {/* In saddle order, never reordered: a node moved in the page would jump to its
                  new place rather than run there. */}
              {[...order]
                .sort((a, b) => a.n - b.n)
                .map((runner) => (
                  <RunnerOnTrack key={runner.i} runner={runner} />
                ))}
            </g>
          ) : (
            <g
              className={`broadcast__field${phase === 'live' ? ' broadcast__field--running' : ''}`}
            >
              {runners.map((runner, lane) => (
                <circle
                  key={runner.oi}
                  className="broadcast__runner"
                  data-lane={lane % silkColours}
                  cx={50 - 1.2 * (lane % 3)}
                  cy={6 + 1.8 * lane}
                  r="1.4"
                />
              ))}
            </g>
          )}
        </svg>
      </div>
      {order ? (
        <RunningOrderList order={order} isFinal={phase === 'finished'} />
      ) : (
        <section className="broadcast__runners" aria-label={t('matchWatch.broadcast.runners')}>
          <ol>
            {runners.map((runner, lane) => (
              <li key={runner.oi} data-testid="broadcast-runner">
                <span className="broadcast__silk" data-lane={lane % silkColours}>
                  {lane + 1}
                </span>
                <span className="broadcast__runner-name">{runner.h}</span>
                <span className="broadcast__price">{runner.o > 0 ? runner.o.toFixed(2) : '—'}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}

/**
 * A runner on the oval, clockwise from the post as far round as it has run, in a lane of its own
 * by saddle number. It moves by turning about the centre, so it keeps to the track between two
 * readings.
 */
function RunnerOnTrack({ runner }: { runner: RunnerPlace }) {
  const lane = runner.n - 1;
  const turn = (360 * Math.min(runner.d, raceDistance)) / raceDistance;
  return (
    <g
      className="broadcast__runner-at"
      style={{ transform: `rotate(${turn}deg)` }}
      data-testid="broadcast-runner-at"
      data-runner-id={runner.i}
      data-progress={runner.d}
    >
      <circle
        className="broadcast__runner"
        data-lane={lane % silkColours}
        cx="50"
        cy={50 - 35 - 1.5 * (lane % silkColours)}
        r="1.6"
      />
    </g>
  );
}

/** The running order, leader first (place, saddle number, name); at the post, the result. */
function RunningOrderList({ order, isFinal }: { order: RunnerPlace[]; isFinal: boolean }) {
  const { t } = useTranslation();
  const places = placesOf(order);
  const title = t(
    isFinal ? 'matchWatch.broadcast.finishOrder' : 'matchWatch.broadcast.runningOrder',
  );
  return (
    <section
      className="broadcast__runners broadcast__runners--order"
      aria-label={title}
      data-testid="broadcast-order"
      data-final={isFinal}
    >
      <h2 className="broadcast__runners-title">{title}</h2>
      <ol>
        {order.map((runner, i) => (
          <li
            key={runner.i}
            data-testid="broadcast-runner"
            data-runner-id={runner.i}
            data-place={places[i]}
          >
            <span className="broadcast__place">{places[i]}</span>
            <span className="broadcast__silk" data-lane={(runner.n - 1) % silkColours}>
              {runner.n}
            </span>
            <span className="broadcast__runner-name">{runner.h}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
