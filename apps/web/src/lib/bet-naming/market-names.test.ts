import { encodeOptionId } from '@sb/domain';
import { describe, expect, it } from 'vitest';
import { loadTranslation } from '../i18n/resources';
import { marketNamesWith } from './market-names';

const translations = { en: await loadTranslation('en'), zh: await loadTranslation('zh') };

/** `t` over one language's texts, with i18next's `{{name}}` interpolation. */
function translator(language: keyof typeof translations) {
  return (key: string, options: Record<string, unknown> = {}) => {
    const text = key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        translations[language],
      );
    if (typeof text !== 'string') throw new Error(`no text for ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ''));
  };
}

function option(playId: number, specifiers: string, outcomeId: string, n = '', h = '') {
  return {
    oi: encodeOptionId({ eventId: 7, playId, specifiers, outcomeId }),
    md: playId,
    h,
    n,
  };
}

describe('market names on the member site', () => {
  const en = marketNamesWith(translator('en'));
  const zh = marketNamesWith(translator('zh'));

  it('names plays per sport, with their period and unit', () => {
    expect(en.play(1, 5)).toBe('1st Half Total Goals');
    expect(en.play(3, 4)).toBe('1st Set Games Handicap');
    expect(en.play(3, 16)).toBe('Set Handicap');
    expect(en.play(2, 2)).toBe('Total Points');
    expect(en.play(31, 9)).toBe('Number of Maps');
    expect(en.play(1, 400)).toBe('Market 400');
    expect(zh.play(3, 4)).toBe('第一盘让局');
    expect(zh.play(1, 5)).toBe('上半场总进球数');
  });

  it('names football’s new markets and the puck line as people say them, in en and zh', () => {
    expect(en.play(1, 20)).toBe('Both Teams to Score');
    expect(en.play(1, 21)).toBe('Double Chance');
    expect(en.play(1, 22)).toBe('Draw No Bet');
    expect(en.play(1, 23)).toBe('Home Total Goals');
    expect(en.play(1, 24)).toBe('Away Total Goals');
    expect(en.play(1, 25)).toBe('Half Time / Full Time');
    expect(en.play(1, 26, 'goalnr=2')).toBe('Next Goal (2)');
    expect(en.play(1, 27)).toBe('Total Cards');
    expect(en.play(5, 30)).toBe('Puck Line');
    expect(zh.play(1, 20)).toBe('双方均进球');
    expect(zh.play(1, 21)).toBe('双重机会');
    expect(zh.play(1, 22)).toBe('平局退款');
    expect(zh.play(1, 25)).toBe('半场/全场');
    expect(zh.play(1, 26, 'goalnr=2')).toBe('第2个进球');
    expect(zh.play(1, 27)).toBe('罚牌大小');
    expect(en.outcome(1, option(20, '', 'yes'))).toBe('Yes');
    expect(zh.outcome(1, option(20, '', 'no'))).toBe('否');
    expect(en.outcome(1, option(21, '', 'home_draw'))).toBe('Home or Draw');
    expect(zh.outcome(1, option(21, '', 'draw_away'))).toBe('和局或客队');
    expect(en.outcome(1, option(25, '', 'home/draw'))).toBe('Home / Draw');
    expect(en.outcome(1, option(25, '', 'home/draw'), true)).toBe('1/X');
    expect(zh.outcome(1, option(25, '', 'away/away'))).toBe('客/客');
    // The goal number names the market, never the outcome.
    expect(en.outcome(1, option(26, 'goalnr=2', 'home'))).toBe('Home');
    expect(en.outcome(1, option(26, 'goalnr=2', 'none'))).toBe('No Goal');
    expect(zh.outcome(1, option(26, 'goalnr=2', 'none'))).toBe('无进球');
    expect(en.outcome(1, option(27, 'total=3.5', 'over', '3.5'))).toBe('Over 3.5');
    expect(en.group(1, 'cards', [27])).toBe('Cards');
    expect(zh.group(1, 'cards', [27])).toBe('罚牌');
  });

  it('names outcomes in full, and in the board short form', () => {
    const home = option(1, 'hcp=-0.25', 'home', '-0.25');
    expect(en.outcome(1, home)).toBe('Home -0.25');
    expect(en.outcome(1, home, true)).toBe('H -0.25');
    expect(zh.outcome(1, home)).toBe('主队 -0.25');
    expect(en.outcome(1, option(3, '', 'draw'), true)).toBe('X');
    expect(en.outcome(1, option(3, '', 'away'), true)).toBe('2');
    expect(en.outcome(1, option(2, 'total=2.5', 'over', '2.5'))).toBe('Over 2.5');
    expect(en.outcome(1, option(10, '', 'home_3+'))).toBe('Home by 3+');
    expect(zh.outcome(1, option(10, '', 'away_2'))).toBe('客队净胜2');
    expect(en.outcome(1, option(8, '', '2:1'))).toBe('2-1');
    expect(en.outcome(1, option(8, '', 'other'))).toBe('Any other score');
    expect(en.outcome(1, option(9, '', '6+'))).toBe('6+');
  });

  it('keeps a runner’s full name, and names the periods group by its sport', () => {
    const runner = option(21000, '', '10101', '', 'Castleford Wanderers');
    expect(en.outcome(1000, runner, true)).toBe('Castleford Wanderers');
    expect(en.group(3, 'periods', [4, 5])).toBe('Sets');
    expect(en.group(2, 'periods', [4, 5, 40, 41, 42, 43])).toBe('Halves / Quarters');
    expect(zh.group(2, 'periods', [4, 40])).toBe('半场/单节');
    expect(en.group(5, 'periods', [4])).toBe('Periods');
    expect(zh.group(1, 'specials', [8])).toBe('特别投注');
  });

  it('names the quarter, half, team, game and map markets as people say them', () => {
    expect(en.play(2, 40, 'quarternr=2|hcp=-1.5')).toBe('2nd Quarter Spread');
    expect(zh.play(2, 40, 'quarternr=2|hcp=-1.5')).toBe('第二节让分');
    expect(en.play(2, 41, 'quarternr=4|total=52.5')).toBe('4th Quarter Total Points');
    expect(zh.play(2, 41, 'quarternr=4|total=52.5')).toBe('第四节总分');
    expect(en.play(2, 42, 'hcp=-2.5')).toBe('2nd Half Spread');
    expect(zh.play(2, 43, 'total=104.5')).toBe('下半场总分');
    expect(en.play(2, 44, 'total=104.5')).toBe('Home Total Points');
    expect(zh.play(2, 45, 'total=99.5')).toBe('客队总分');
    expect(en.play(3, 8)).toBe('Set Betting');
    expect(zh.play(3, 8)).toBe('正确盘分');
    expect(en.play(3, 1, 'hcp=-2.5')).toBe('Game Handicap');
    expect(zh.play(3, 1, 'hcp=-2.5')).toBe('让局');
    expect(en.play(3, 46, 'setnr=2|gamenr=5')).toBe('Next Game (5)');
    expect(zh.play(3, 46, 'setnr=2|gamenr=5')).toBe('下一局（第5局）');
    expect(en.play(31, 11)).toBe('Map 1 Winner');
    expect(en.play(31, 48, 'mapnr=2')).toBe('Map 2 Winner');
    expect(zh.play(31, 48, 'mapnr=2')).toBe('第二张地图独赢');
    expect(en.play(31, 49, 'mapnr=3|hcp=-3.5')).toBe('Map 3 Rounds Handicap');
    expect(zh.play(31, 49, 'mapnr=3|hcp=-3.5')).toBe('第三张地图让回合');
    expect(en.play(31, 16, 'hcp=-1.5')).toBe('Map Handicap');
    expect(en.outcome(2, option(40, 'quarternr=2|hcp=-1.5', 'away', '+1.5'))).toBe('Away +1.5');
  });
});
