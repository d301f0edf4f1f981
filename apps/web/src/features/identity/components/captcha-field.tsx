import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field';

interface CaptchaFieldProps {
  /** The SVG data URL from /app/api/captcha/get, undefined while it loads. */
  image: string | undefined;
  value: string;
  onValueChange(value: string): void;
  onRefresh(): void;
  error?: string;
}

export function CaptchaField({ image, value, onValueChange, onRefresh, error }: CaptchaFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="captcha">
      <TextField
        label={t('loginPanel.captcha')}
        placeholder={t('loginPanel.captchaPlaceholder')}
        value={value}
        onValueChange={onValueChange}
        testId="captcha-input"
        autoComplete="off"
        maxLength={16}
        error={error}
      />
      <button
        type="button"
        className="captcha__image-button"
        onClick={onRefresh}
        title={t('loginPanel.captchaRefresh')}
      >
        {image ? (
          <img
            className="captcha__image"
            src={image}
            alt={t('loginPanel.captcha')}
            data-testid="captcha-image"
          />
        ) : (
          <span className="captcha__loading">{t('loginPanel.captchaLoading')}</span>
        )}
      </button>
    </div>
  );
}
