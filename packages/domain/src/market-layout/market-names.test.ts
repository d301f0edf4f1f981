import { describe, expect, it } from 'vitest';
import {
  goalNumberOf,
  isRunnerPlay,
  lineOf,
  marketFamilyOf,
  outcomeNameOf,
  playNameOf,
  scopeOf,
} from './market-names';

describe('market names', () => {
  it('names a play after its sport: tennis has a match winner, never a 1X2 or a half', () => {
    expect(playNameOf(1, 3)).toEqual({ key: 'fullTimeResult', group: 'main' });
    expect(playNameOf(3, 3)).toEqual({ key: 'matchWinner', group: 'main' });
    expect(playNameOf(3, 16)).toEqual({
      key: 'periodHandicap',
      group: 'handicap',
      period: 'tennisSet',
    });
    expect(playNameOf(3, 2)).toEqual({ key: 'total', group: 'totals', unit: 'games' });
    expect(playNameOf(3, 4)).toMatchObject({ period: 'tennisSet', unit: 'games' });
    expect(playNameOf(2, 3).key).toBe('moneyLine');
    expect(playNameOf(2, 1).key).toBe('spread');
    expect(playNameOf(2, 2)).toMatchObject({ key: 'total', unit: 'points' });
    expect(playNameOf(31, 5)).toMatchObject({ period: 'map', unit: 'rounds' });
  });

  it('tells football corners from the ice hockey winner that shares its play id', () => {
    expect(playNameOf(1, 7)).toEqual({ key: 'totalCorners', group: 'corners' });
    expect(playNameOf(5, 7)).toEqual({ key: 'winnerInclOvertimePenalties', group: 'main' });
    expect(playNameOf(5, 11)).toMatchObject({ group: 'periods', period: 'period' });
    expect(playNameOf(2, 7)).toMatchObject({ group: 'periods', period: 'quarter' });
  });

  it('names virtual sports like their real ones, and races and outrights their own way', () => {
    expect(marketFamilyOf(10000001)).toBe('football');
    expect(marketFamilyOf(10000002)).toBe('basketball');
    expect(playNameOf(10000005, 3).key).toBe('raceWinner');
    expect(playNameOf(1000, 21001).key).toBe('winnerWithoutFavourite');
  });

  it('puts a play it does not know among the specials', () => {
    expect(playNameOf(1, 400)).toEqual({ key: 'other', group: 'specials' });
    expect(marketFamilyOf(77)).toBe('football');
  });

  it('names outcomes as people say them, never as their keys', () => {
    expect(outcomeNameOf(1, 1, 'home')).toEqual({ kind: 'home', value: '' });
    expect(outcomeNameOf(1, 2, 'under')).toEqual({ kind: 'under', value: '' });
    expect(outcomeNameOf(1, 10, 'home_2')).toEqual({ kind: 'homeBy', value: '2' });
    expect(outcomeNameOf(1, 10, 'away_3+')).toEqual({ kind: 'awayBy', value: '3+' });
    expect(outcomeNameOf(2, 10, 'home_6-10')).toEqual({ kind: 'homeBy', value: '6-10' });
    expect(outcomeNameOf(1, 8, '2:1')).toEqual({ kind: 'score', value: '2-1' });
    expect(outcomeNameOf(1, 8, 'other')).toEqual({ kind: 'otherScore', value: '' });
    expect(outcomeNameOf(1, 9, '3')).toEqual({ kind: 'count', value: '3' });
    expect(outcomeNameOf(1, 9, '6+')).toEqual({ kind: 'count', value: '6+' });
  });

  it('leaves runners to the names the feed gives them', () => {
    expect(outcomeNameOf(1000, 21000, '3')).toEqual({ kind: 'runner', value: '' });
    expect(outcomeNameOf(10000005, 3, '10101')).toEqual({ kind: 'runner', value: '' });
    // A race's over/under on the winning number is an ordinary total.
    expect(outcomeNameOf(10000005, 2, 'over')).toEqual({ kind: 'over', value: '' });
    expect(isRunnerPlay(10000005, 3)).toBe(true);
    expect(isRunnerPlay(1, 3)).toBe(false);
  });

  it('numbers the part of the match a scoped play is about from its specifiers', () => {
    expect(playNameOf(2, 40, 'quarternr=2|hcp=-1.5')).toEqual({
      key: 'periodSpread',
      group: 'periods',
      period: 'quarter',
      nth: { period: 'quarter', number: 2 },
    });
    expect(playNameOf(2, 43)).toMatchObject({ key: 'periodTotal', nth: { number: 2 } });
    expect(playNameOf(2, 44)).toEqual({ key: 'homeTotal', group: 'totals', unit: 'points' });
    expect(playNameOf(3, 46, 'setnr=2|gamenr=5')).toMatchObject({
      key: 'nextGame',
      group: 'main',
      game: 5,
      nth: { period: 'tennisSet', number: 2 },
    });
    expect(playNameOf(3, 8).key).toBe('setBetting');
    expect(playNameOf(3, 1).key).toBe('gameHandicap');
    expect(playNameOf(31, 48, 'mapnr=3')).toMatchObject({
      key: 'periodWinner',
      nth: { period: 'map', number: 3 },
    });
    // The first map's plays read as map 1, the match's map handicap stays play 16.
    expect(playNameOf(31, 11)).toMatchObject({ key: 'periodWinner', nth: { number: 1 } });
    expect(playNameOf(31, 16)).toMatchObject({ key: 'periodHandicap', period: 'map' });
    // Ids of one sport's block mean nothing in another's.
    expect(playNameOf(1, 40).key).toBe('other');
  });

  it('reads the line after the part of the match, and the part without the line', () => {
    expect(lineOf('quarternr=2|hcp=-1.5', 'away')).toBe('+1.5');
    expect(lineOf('mapnr=2|total=22.5', 'over')).toBe('22.5');
    expect(lineOf('setnr=1|gamenr=5', 'home')).toBe('');
    expect(lineOf('hcp=-0.25', 'home')).toBe('-0.25');
    expect(scopeOf('quarternr=2|hcp=-1.5')).toBe('quarternr=2');
    expect(scopeOf('total=2.5')).toBe('');
  });

  it('names football’s plays 20-27 and the puck line, never for the other sport', () => {
    expect(playNameOf(1, 20)).toEqual({ key: 'bothTeamsToScore', group: 'main' });
    expect(playNameOf(1, 21).key).toBe('doubleChance');
    expect(playNameOf(1, 22).key).toBe('drawNoBet');
    expect(playNameOf(1, 23)).toEqual({ key: 'homeTotal', group: 'totals', unit: 'goals' });
    expect(playNameOf(1, 24).key).toBe('awayTotal');
    expect(playNameOf(1, 25)).toEqual({ key: 'halfTimeFullTime', group: 'specials' });
    expect(playNameOf(1, 26).key).toBe('nextGoal');
    expect(playNameOf(1, 27)).toEqual({ key: 'totalCards', group: 'cards' });
    expect(playNameOf(5, 30)).toEqual({ key: 'puckLine', group: 'main' });
    expect(playNameOf(5, 20).key).toBe('other');
    expect(playNameOf(1, 30).key).toBe('other');
    // Ice hockey's regulation 1X2 is play 3, named for regular time.
    expect(playNameOf(5, 3).key).toBe('regularTimeResult');
  });

  it('names the new football outcomes, and reads the goal number as no line', () => {
    expect(outcomeNameOf(1, 20, 'yes')).toEqual({ kind: 'yes', value: '' });
    expect(outcomeNameOf(1, 20, 'no')).toEqual({ kind: 'no', value: '' });
    expect(outcomeNameOf(1, 21, 'home_draw')).toEqual({ kind: 'homeOrDraw', value: '' });
    expect(outcomeNameOf(1, 21, 'home_away')).toEqual({ kind: 'homeOrAway', value: '' });
    expect(outcomeNameOf(1, 21, 'draw_away')).toEqual({ kind: 'drawOrAway', value: '' });
    expect(outcomeNameOf(1, 25, 'home/draw')).toEqual({
      kind: 'halfTimeFullTime',
      value: 'home/draw',
    });
    expect(outcomeNameOf(1, 26, 'none')).toEqual({ kind: 'noGoal', value: '' });
    expect(goalNumberOf('goalnr=2')).toBe('2');
    expect(goalNumberOf('total=2.5')).toBe('');
    expect(lineOf('goalnr=2', 'home')).toBe('');
    expect(lineOf('total=3.5', 'over')).toBe('3.5');
    expect(lineOf('hcp=-1.5', 'away')).toBe('+1.5');
  });
});
