import { useTranslation } from 'react-i18next';
import './partner-badge.css';

/** Marks a partner's player in the header (SPEC §6: channelType other than a1). */
export function PartnerBadge({ channel }: { channel: string | null }) {
  const { t } = useTranslation();
  return (
    <span
      className="badge badge--partner"
      title={channel ? t('partner.badgeTitle', { channel }) : undefined}
      data-testid="partner-badge"
    >
      {t('partner.badge')}
    </span>
  );
}
