import type { LiveTracker, PlayKind } from '@sb/contract';

/** A net sport's court (volleyball, table tennis, badminton), drawn from the side. */
export type NetSurface = 'volleyball' | 'table' | 'badminton';

/** The playing surface a sport's tracker draws; esports has a board of the map's rounds. */
export type Surface = 'pitch' | 'rink' | 'court' | 'tennis' | NetSurface | 'rounds';

const surfaces: Record<number, Surface> = {
  1: 'pitch',
  2: 'court',
  3: 'tennis',
  4: 'volleyball',
  5: 'rink',
  20: 'table',
  23: 'badminton',
  31: 'rounds',
  10000001: 'pitch',
  10000002: 'court',
};

export function surfaceOf(sportId: number): Surface | null {
  return surfaces[sportId] ?? null;
}

/** Every surface is drawn in a 100 × 60 box; home attacks to the right, away to the left. */
export const sceneWidth = 100;
export const sceneHeight = 60;

export interface Point {
  x: number;
  y: number;
}

/**
 * Where the latest play happened, as the tracker draws it: the zone of the surface it lights (the
 * attacking side's half, its final third, a box), the ball, and the line the ball went along.
 */
export interface Scene {
  zone: { x: number; width: number } | null;
  ball: Point | null;
  /** From where the play began to where the ball went (shots, baskets). */
  path: [Point, Point] | null;
  /** A card shown in the centre circle. */
  card: 'yellow' | 'red' | null;
  /** Net sports: where the side serving next stands. */
  serve: Point | null;
}

/** A spread of heights that differs from play to play, so repeated plays do not overlap. */
const laneOf = (n: number) => 18 + ((n * 7) % 25);

/** The x of a point `depth` units from the goal a side attacks (0 is the goal line). */
function towardGoal(side: number, depth: number): number {
  return side === 1 ? sceneWidth - depth : depth;
}

function zoneTo(side: number, from: number, to: number): Scene['zone'] {
  const a = towardGoal(side, from);
  const b = towardGoal(side, to);
  return { x: Math.min(a, b), width: Math.abs(a - b) };
}

const centre = { x: sceneWidth / 2, y: sceneHeight / 2 };
const none: Scene = { zone: null, ball: null, path: null, card: null, serve: null };

/**
 * Football and ice hockey: attacks light the half or final third, shots fly at the goal (on the
 * goal line: the pitch's end, the rink's line 6 units in).
 */
function goalScene(kind: PlayKind, side: number, n: number, goalLine: number): Scene {
  const y = laneOf(n);
  const goal = { x: towardGoal(side, goalLine), y: centre.y };
  switch (kind) {
    case 'attack':
      return { ...none, zone: zoneTo(side, 50, 30), ball: { x: towardGoal(side, 38), y } };
    case 'dangerous_attack':
      return { ...none, zone: zoneTo(side, 30, 0), ball: { x: towardGoal(side, 20), y } };
    case 'shot_on_target':
    case 'goal': {
      const from = { x: towardGoal(side, 18), y };
      return { ...none, zone: zoneTo(side, 17, 0), ball: goal, path: [from, goal] };
    }
    case 'shot_off_target': {
      const from = { x: towardGoal(side, 20), y };
      const wide = { x: goal.x, y: y < centre.y ? 12 : sceneHeight - 12 };
      return { ...none, zone: zoneTo(side, 17, 0), ball: wide, path: [from, wide] };
    }
    case 'corner':
      return {
        ...none,
        zone: zoneTo(side, 17, 0),
        ball: { x: towardGoal(side, 2), y: n % 2 ? 2 : sceneHeight - 2 },
      };
    case 'penalty':
      return { ...none, zone: zoneTo(side, 17, 0), ball: { x: towardGoal(side, 11), y: centre.y } };
    case 'yellow_card':
    case 'red_card':
      return { ...none, card: kind === 'red_card' ? 'red' : 'yellow' };
    default:
      return none;
  }
}

/** Basketball: the basket the side attacks, and the spot the points came from. */
function courtScene(kind: PlayKind, side: number, n: number): Scene {
  const basket = { x: towardGoal(side, 5.5), y: centre.y };
  const y = laneOf(n);
  const from =
    kind === 'free_throw'
      ? { x: towardGoal(side, 19), y: centre.y }
      : kind === 'three_pointer'
        ? { x: towardGoal(side, 27), y }
        : { x: towardGoal(side, 14), y: centre.y + ((n % 3) - 1) * 8 };
  return { ...none, zone: zoneTo(side, 19, 0), ball: basket, path: [from, basket] };
}

/** Tennis: home plays on the left; a point won lands in the other player's court. */
function tennisScene(kind: PlayKind, side: number, n: number): Scene {
  const bounce =
    kind === 'ace'
      ? { x: towardGoal(side, 36), y: n % 2 ? 22 : 38 }
      : { x: towardGoal(side, 8 + (n % 4) * 6), y: laneOf(n) };
  const from = { x: towardGoal(-side, 4), y: centre.y + ((n % 3) - 1) * 10 };
  return { ...none, zone: zoneTo(side, 50, 0), ball: bounce, path: [from, bounce] };
}

/** How far in from the box's ends each net sport's court (or table) ends. */
export const courtEnd: Record<NetSurface, number> = { volleyball: 7, table: 12, badminton: 6 };

/**
 * Volleyball, table tennis, badminton: home plays on the left. A point won (and a set or match
 * point reached) lands in the other side's court, an ace in its service area; a service error
 * (the side is the server's) stops in the net on the server's side; a timeout lights the calling
 * side's half. The side serving next stands behind its end.
 */
function netScene(
  surface: NetSurface,
  kind: PlayKind,
  side: number,
  n: number,
  sv?: number,
): Scene {
  const end = courtEnd[surface];
  const half = sceneWidth / 2 - end;
  const serving = sv === 1 ? 1 : sv === 2 ? -1 : 0;
  const serve = serving ? { x: towardGoal(-serving, end - 2.5), y: n % 2 ? 24 : 36 } : null;
  const hitter = { x: towardGoal(-side, end + half * 0.3), y: centre.y + ((n % 3) - 1) * 8 };
  switch (kind) {
    case 'timeout':
      return { ...none, zone: zoneTo(-side, sceneWidth / 2, 0), serve };
    case 'service_error': {
      const server = { x: towardGoal(-side, end - 1), y: n % 2 ? 24 : 36 };
      const net = { x: towardGoal(side, sceneWidth / 2 + 1.5), y: laneOf(n) };
      return {
        ...none,
        zone: zoneTo(-side, sceneWidth / 2, 0),
        ball: net,
        path: [server, net],
        serve,
      };
    }
    case 'ace': {
      const server = { x: towardGoal(-side, end - 1), y: n % 2 ? 24 : 36 };
      const bounce = { x: towardGoal(side, end + half * 0.55), y: n % 2 ? 38 : 22 };
      return {
        ...none,
        zone: zoneTo(side, sceneWidth / 2, 0),
        ball: bounce,
        path: [server, bounce],
        serve,
      };
    }
    default: {
      const bounce = { x: towardGoal(side, end + half * (0.15 + 0.2 * (n % 4))), y: laneOf(n) };
      return {
        ...none,
        zone: zoneTo(side, sceneWidth / 2, 0),
        ball: bounce,
        path: [hitter, bounce],
        serve,
      };
    }
  }
}

/** Which net surface a surface is, if it is one. */
export function isNetSurface(surface: Surface): surface is NetSurface {
  return surface in courtEnd;
}

/** `sv` is the side serving next (1 home, 2 away), for the net sports. */
export function sceneOf(surface: Surface, play: NonNullable<LiveTracker['p']>, sv?: number): Scene {
  const side = play.s === 1 ? 1 : -1;
  if (isNetSurface(surface)) return netScene(surface, play.k, side, play.n, sv);
  if (surface === 'rounds') return none;
  if (surface === 'court') return courtScene(play.k, side, play.n);
  if (surface === 'tennis') return tennisScene(play.k, side, play.n);
  return goalScene(play.k, side, play.n, surface === 'rink' ? 6 : 0);
}
