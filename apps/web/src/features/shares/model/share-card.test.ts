import { orderStatus, type Share, type SharePrivacy } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { texts } from '../shares-i18n.en';
import { type CardNaming, shareCardLines } from './share-card';

/** The English texts of the share page with i18next's `{{name}}` filled in; other keys as keys. */
function t(key: string, values: Record<string, unknown> = {}): string {
  const [namespace, name] = key.split('.');
  const text =
    namespace === 'sharePage' ? texts.sharePage[name as keyof typeof texts.sharePage] : key;
  return (text ?? key).replace(/\{\{(\w+)\}\}/g, (_, field: string) => String(values[field]));
}

const naming: CardNaming = {
  t,
  marketName: () => '1X2',
  selectionName: (leg) => leg.optName,
};

/** A settled, won single as the server answers it at each privacy level. */
function shareOf(privacy: SharePrivacy, isSettled = true): Share {
  const isAll = privacy === 'all';
  return {
    code: 'ABCDEFGHJK',
    link: '/#/share/ABCDEFGHJK',
    status: isSettled ? orderStatus.settled : orderStatus.accepted,
    copies: 3,
    legNames: [{ leagueName: 'League', home: 'Arsenal', away: 'Chelsea', optName: 'Arsenal' }],
    placed: {
      v: 1,
      code: 'ABCDEFGHJK',
      privacy,
      tipster: privacy === 'anonymous' ? null : { id: 7, name: 'ab***z' },
      comment: 'Home side unbeaten in five.',
      betType: 0,
      odds: 21_000,
      currencyCode: 'CNY',
      scale: 2,
      stake: isAll ? 1_000 : null,
      potentialPayout: isAll ? 2_100 : null,
      placedAt: 1_768_000_000_000,
      sharedAt: 1_768_000_060_000,
      legs: [
        {
          optId: 'o1',
          gameId: 11,
          sportId: 1,
          leagueId: 2,
          leagueName: 'League',
          home: 'Arsenal',
          away: 'Chelsea',
          playId: 3,
          specifiers: '',
          outcomeId: '1',
          optName: 'Arsenal',
          odds: 21_000,
          kickOff: 1_768_003_600_000,
        },
      ],
    },
    settled: isSettled
      ? {
          status: orderStatus.settled,
          outcome: 'won',
          legResults: ['won'],
          payout: isAll ? 2_100 : null,
          settledAt: 1_768_010_000_000,
        }
      : null,
  };
}

const textsOf = (share: Share) =>
  shareCardLines(share, naming, 'https://sb.example').map((line) =>
    line.value === undefined ? line.text : `${line.text} = ${line.value}`,
  );

describe('the share card', () => {
  it("names the legs in the reader's language, as the answer's legNames give them", () => {
    const share = {
      ...shareOf('all'),
      legNames: [{ leagueName: '联赛', home: '阿森纳', away: '切尔西', optName: '阿森纳' }],
    };
    const texts = textsOf(share);
    expect(texts).toContain('阿森纳 v 切尔西');
    expect(texts.some((text) => text.includes('1X2: 阿森纳 @ 2.10'))).toBe(true);
    expect(texts).not.toContain('Arsenal v Chelsea');
  });

  it('shows everything of a share with every detail: the name and the amounts', () => {
    expect(textsOf(shareOf('all'))).toEqual([
      'Single',
      'Shared by ab***z',
      'Arsenal v Chelsea',
      '1X2: Arsenal @ 2.10 · legs.resultWon',
      'Odds = 2.10',
      'Stake = 10.00 CNY',
      'Returned = 21.00 CNY',
      'Won',
      'Code ABCDEFGHJK',
      'https://sb.example/#/share/ABCDEFGHJK',
    ]);
  });

  it('shows the name but no amount of a share without amounts', () => {
    expect(textsOf(shareOf('no_amounts'))).toEqual([
      'Single',
      'Shared by ab***z',
      'Arsenal v Chelsea',
      '1X2: Arsenal @ 2.10 · legs.resultWon',
      'Odds = 2.10',
      'Won',
      'Code ABCDEFGHJK',
      'https://sb.example/#/share/ABCDEFGHJK',
    ]);
  });

  it('names nobody and shows no amount on an anonymous share', () => {
    const lines = textsOf(shareOf('anonymous'));
    expect(lines).toEqual([
      'Single',
      'Shared anonymously',
      'Arsenal v Chelsea',
      '1X2: Arsenal @ 2.10 · legs.resultWon',
      'Odds = 2.10',
      'Won',
      'Code ABCDEFGHJK',
      'https://sb.example/#/share/ABCDEFGHJK',
    ]);
    expect(lines.join('\n')).not.toContain('ab***z');
  });

  it('shows the return to come and the status while the bet is open', () => {
    const lines = textsOf(shareOf('all', false));
    expect(lines).toContain('To return = 21.00 CNY');
    expect(lines).toContain('1X2: Arsenal @ 2.10');
    expect(lines).toContain('Open');
    expect(lines.some((line) => line.startsWith('Returned'))).toBe(false);
  });
});
