import { languages } from '@sb/contract';
import { parseLanguage } from '@sb/domain';
import { useTranslation } from 'react-i18next';
import { applyLanguage } from '../lib/i18n/i18n';
import { languageNames } from '../lib/i18n/resources';

interface LanguageSelectProps {
  /** Whether "Language" shows beside the picker (in a menu) or only to screen readers. */
  isLabelShown?: boolean;
  testId?: string;
}

/** The language picker; the server copy of the choice is synced by the identity feature. */
export function LanguageSelect({
  isLabelShown = false,
  testId = 'lang-select',
}: LanguageSelectProps) {
  const { t, i18n } = useTranslation();
  return (
    <label className="language-select">
      <span className={isLabelShown ? 'language-select__label' : 'visually-hidden'}>
        {t('header.language')}
      </span>
      <select
        className="language-select__input"
        data-testid={testId}
        value={parseLanguage(i18n.language)}
        onChange={(event) => void applyLanguage(parseLanguage(event.target.value))}
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
