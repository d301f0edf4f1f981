import { isOddsStyle, OddsStyle } from '@sb/domain';
import { useTranslation } from 'react-i18next';
import { useOddsStyleStore } from '../model/odds-style-store';

const styleKeys = {
  [OddsStyle.Decimal]: 'decimal',
  [OddsStyle.HongKong]: 'hongKong',
  [OddsStyle.Malay]: 'malay',
  [OddsStyle.Indonesian]: 'indonesian',
  [OddsStyle.American]: 'american',
} as const;

/** The odds display style picker (SPEC §9 odds types 0–4). */
export function OddsStyleSelect({ onChange }: { onChange(style: OddsStyle): void }) {
  const { t } = useTranslation();
  const style = useOddsStyleStore((state) => state.style);
  return (
    <label className="odds-style">
      <span className="odds-style__label">{t('sportsOdds.style')}</span>
      <select
        data-testid="odds-style"
        value={style}
        onChange={(event) => {
          const next = Number(event.target.value);
          if (isOddsStyle(next)) onChange(next);
        }}
      >
        {Object.entries(styleKeys).map(([value, key]) => (
          <option key={value} value={value}>
            {t(`sportsOdds.${key}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
