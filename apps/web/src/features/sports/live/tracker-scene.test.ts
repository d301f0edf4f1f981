import { describe, expect, it } from 'vitest';
import { courtEnd, sceneOf, surfaceOf } from './tracker-scene';

describe('the tracker scene', () => {
  it('draws each sport on its own surface, none for sports without live data', () => {
    expect(surfaceOf(1)).toBe('pitch');
    expect(surfaceOf(10000001)).toBe('pitch');
    expect(surfaceOf(2)).toBe('court');
    expect(surfaceOf(3)).toBe('tennis');
    expect(surfaceOf(5)).toBe('rink');
    expect(surfaceOf(4)).toBe('volleyball');
    expect(surfaceOf(20)).toBe('table');
    expect(surfaceOf(23)).toBe('badminton');
    expect(surfaceOf(31)).toBe('rounds');
    expect(surfaceOf(1000)).toBeNull();
  });

  it('puts a play at the end the side attacks: home to the right, away to the left', () => {
    const homeGoal = sceneOf('pitch', { n: 1, k: 'goal', s: 1, m: 600 });
    expect(homeGoal.ball).toEqual({ x: 100, y: 30 });
    expect(homeGoal.zone).toEqual({ x: 83, width: 17 });
    const awayAttack = sceneOf('pitch', { n: 2, k: 'attack', s: 2, m: 600 });
    expect(awayAttack.zone).toEqual({ x: 30, width: 20 });
    expect(awayAttack.ball?.x).toBe(38);
    // On the rink the goal stands on its goal line, inside the boards.
    expect(sceneOf('rink', { n: 1, k: 'goal', s: 1, m: 600 }).ball).toEqual({ x: 94, y: 30 });
    const wide = sceneOf('pitch', { n: 3, k: 'shot_off_target', s: 1, m: 600 });
    expect(wide.ball?.x).toBe(100);
    expect(Math.abs((wide.ball?.y ?? 30) - 30)).toBeGreaterThan(4);
  });

  it('shows a card in the centre, a basket at the hoop and a tennis point in the far court', () => {
    expect(sceneOf('pitch', { n: 4, k: 'red_card', s: 2, m: 60 })).toMatchObject({
      card: 'red',
      ball: null,
    });
    const three = sceneOf('court', { n: 5, k: 'three_pointer', s: 2, m: 60 });
    expect(three.ball).toEqual({ x: 5.5, y: 30 });
    expect(three.path?.[0].x).toBe(27);
    const point = sceneOf('tennis', { n: 6, k: 'point', s: 1, m: 0 });
    expect(point.ball?.x).toBeGreaterThan(50);
  });

  it('lands a rally sport point in the loser court and puts the next server behind its end', () => {
    for (const surface of ['volleyball', 'table', 'badminton'] as const) {
      const home = sceneOf(surface, { n: 7, k: 'point', s: 1, m: 0 }, 1);
      // Home plays on the left: its point lands in the right half, inside the court.
      expect(home.ball?.x).toBeGreaterThan(50);
      expect(home.ball?.x).toBeLessThan(100 - courtEnd[surface]);
      expect(home.zone).toEqual({ x: 50, width: 50 });
      expect(home.serve?.x).toBeLessThan(courtEnd[surface]);
      const away = sceneOf(surface, { n: 8, k: 'set_point', s: 2, m: 0 }, 2);
      expect(away.ball?.x).toBeLessThan(50);
      expect(away.ball?.x).toBeGreaterThan(courtEnd[surface]);
      expect(away.serve?.x).toBeGreaterThan(100 - courtEnd[surface]);
    }
    // A service error stops in the net on the server side; the point and serve go over.
    const error = sceneOf('volleyball', { n: 3, k: 'service_error', s: 1, m: 0 }, 2);
    expect(error.ball?.x).toBeGreaterThan(46);
    expect(error.ball?.x).toBeLessThan(50);
    expect(error.path?.[0].x).toBeLessThan(courtEnd.volleyball);
    expect(error.serve?.x).toBeGreaterThan(100 - courtEnd.volleyball);
    // A timeout lights the calling side's half and has no ball.
    expect(sceneOf('table', { n: 4, k: 'timeout', s: 2, m: 0 }, 1)).toMatchObject({
      zone: { x: 50, width: 50 },
      ball: null,
    });
    // Esports draws its round board, not a scene.
    expect(sceneOf('rounds', { n: 9, k: 'round_won', s: 1, m: 0 }).ball).toBeNull();
  });
});
