import { languages } from '@sb/contract';
import { parseLanguage } from '@sb/domain';
import { useTranslation } from 'react-i18next';
import { applyLanguage } from '../lib/i18n/i18n';
import { languageNames } from '../lib/i18n/resources';

/** The language picker; the server copy of the choice is synced by the identity feature. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <label className="language-select">
      <span className="visually-hidden">{t('header.language')}</span>
      <select
        className="language-select__input"
        data-testid="lang-select"
        value={parseLanguage(i18n.language)}
        onChange={(event) => applyLanguage(parseLanguage(event.target.value))}
      >
        {languages.map((language) => (
          <option key={language} value={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
