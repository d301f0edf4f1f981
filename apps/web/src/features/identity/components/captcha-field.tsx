import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field';
import { captchaCheckStateOf, useCaptchaCheck } from '../api/captcha-check';

interface CaptchaFieldProps {
  /** The captcha being answered, undefined while it loads. */
  captchaId: string | undefined;
  /** The SVG data URL from /app/api/captcha/get, undefined while it loads. */
  image: string | undefined;
  value: string;
  onValueChange(value: string): void;
  onRefresh(): void;
  error?: string;
}

const checkTextKeys = {
  checking: 'loginPanel.captchaChecking',
  right: 'loginPanel.captchaRight',
  wrong: 'loginPanel.captchaWrong',
} as const;

/**
 * The captcha image and its answer. Once all four characters are typed the answer is checked
 * with the server (which does not use the captcha up), and the field says whether it is right
 * before the login is sent.
 */
export function CaptchaField(props: CaptchaFieldProps) {
  const { captchaId, image, value, onValueChange, onRefresh, error } = props;
  const { t } = useTranslation();
  const checkState = captchaCheckStateOf(useCaptchaCheck(captchaId, value), value);
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
      <p
        className={`captcha__check captcha__check--${checkState}`}
        aria-live="polite"
        data-testid="captcha-check"
        data-state={checkState}
      >
        {checkState === 'idle' ? '' : t(checkTextKeys[checkState])}
      </p>
    </div>
  );
}
