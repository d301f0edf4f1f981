import type { LegResult, Share } from '@sb/contract';
import { formatDisplayAmount, fromOddsUnits } from '@sb/domain';
import { legResultTextKeys, matchNameOf, type NamedLeg } from '../../../lib/bet-naming/leg-naming';
import { namedLegsOf, statusTextOf } from '../components/share-parts';

/**
 * What the share's card image says, line by line, top to bottom: the bet's kind, who shared it
 * (or that it was shared anonymously), each leg (match, then market, selection, odds and its
 * result once settled), the odds, the amounts the privacy kept, the status or result, and the
 * code with the share's link. Only the frozen document is read: what the privacy level hides is
 * not in it, so it cannot reach the picture.
 */
export type CardLineKind =
  | 'title'
  | 'tipster'
  | 'match'
  | 'selection'
  | 'fact'
  | 'result'
  | 'code'
  | 'link';

export interface CardLine {
  kind: CardLineKind;
  text: string;
  /** A fact's value, drawn at the right end of its line. */
  value?: string;
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The words of the card in the page's language (`useLegNaming` and `t` on the page). */
export interface CardNaming {
  t: Translate;
  marketName(leg: Pick<NamedLeg, 'playId' | 'specifiers'> & { sportId: number }): string;
  selectionName(leg: NamedLeg): string;
}

const oddsText = (units: number) => fromOddsUnits(units).toFixed(2);

/** The card's lines; `origin` is the site's address the link is made absolute with. */
export function shareCardLines(share: Share, naming: CardNaming, origin: string): CardLine[] {
  const { t } = naming;
  const { placed, settled } = share;
  const money = (minor: number) =>
    `${formatDisplayAmount(minor, placed.scale)} ${placed.currencyCode}`;
  const lines: CardLine[] = [
    {
      kind: 'title',
      text:
        placed.legs.length > 1
          ? t('sharePage.parlay', { count: placed.legs.length })
          : t('sharePage.single'),
    },
    {
      kind: 'tipster',
      text: placed.tipster
        ? t('sharePage.sharedBy', { name: placed.tipster.name })
        : t('sharePage.anonymous'),
    },
  ];
  namedLegsOf(share).forEach((leg, index) => {
    const result = (settled?.legResults[index] ?? null) as LegResult | null;
    const pick = `${naming.marketName(leg)}: ${naming.selectionName(leg)} @ ${oddsText(leg.odds)}`;
    lines.push({ kind: 'match', text: matchNameOf(leg) });
    lines.push({
      kind: 'selection',
      text: result ? `${pick} · ${t(legResultTextKeys[result])}` : pick,
    });
  });
  lines.push({
    kind: 'fact',
    text: t(placed.legs.length > 1 ? 'sharePage.combinedOdds' : 'sharePage.odds'),
    value: oddsText(placed.odds),
  });
  if (placed.stake !== null)
    lines.push({ kind: 'fact', text: t('sharePage.stake'), value: money(placed.stake) });
  if (placed.potentialPayout !== null && !settled)
    lines.push({
      kind: 'fact',
      text: t('sharePage.toReturn'),
      value: money(placed.potentialPayout),
    });
  if (settled && settled.payout !== null)
    lines.push({ kind: 'fact', text: t('sharePage.returned'), value: money(settled.payout) });
  lines.push({ kind: 'result', text: statusTextOf(share, t) });
  lines.push({ kind: 'code', text: t('sharePage.cardCode', { code: share.code }) });
  lines.push({ kind: 'link', text: `${origin}/#/share/${share.code}` });
  return lines;
}
