import type { MatchWire } from '@sb/contract';
import { useTranslation } from 'react-i18next';
import { hasRecord, useHeadToHead } from '../api/head-to-head';
import { openHeadToHead } from '../model/head-to-head';

/** Opens the match's head-to-head page; offered only when the book keeps a past of its sides. */
export function HeadToHeadButton({ match }: { match: MatchWire }) {
  const { t } = useTranslation();
  const record = useHeadToHead(match.b, match.a);
  if (!hasRecord(record.data)) return null;
  return (
    <button
      type="button"
      className="button button--secondary match-detail__tool"
      data-testid="head-to-head"
      onClick={() => openHeadToHead(match)}
    >
      {t('sportsBoard.headToHead')}
    </button>
  );
}
