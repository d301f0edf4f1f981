import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast-store';
import { setWithdrawPassword } from '../api/withdraw-calls';
import {
  advanceSetPassword,
  isCompletePassword,
  type PadKey,
  padKeyOfKeyboard,
  pressPadKey,
  type SetPasswordStep,
  withdrawPasswordLength,
} from '../model/password-pad';
import { useWalletMember } from './wallet-context';

const padDigits = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
/** One name per password position, as stable keys for the dots. */
const dotNames = Array.from(
  { length: withdrawPasswordLength },
  (_, position) => `dot${position + 1}`,
);

/** Six dots and the keypad; keyboard digits and Backspace work too, except while typing in a field. */
function PadBody(props: { entry: string; onKey(key: PadKey): void }) {
  const { t } = useTranslation();
  const { onKey } = props;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement) return;
      const key = padKeyOfKeyboard(event.key);
      if (!key) return;
      event.preventDefault();
      onKey(key);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onKey]);

  const keyButton = (label: string, key: PadKey, testId: string) => (
    <button
      key={testId + label}
      type="button"
      className="wallet-pad__key"
      onClick={() => onKey(key)}
      data-testid={testId}
      data-key={label}
    >
      {label}
    </button>
  );
  return (
    <>
      <div className="wallet-pad__dots" data-testid="pwd-dots" data-filled={props.entry.length}>
        {dotNames.map((name, position) => (
          <span
            key={name}
            className={
              position < props.entry.length ? 'wallet-pad__dot is-filled' : 'wallet-pad__dot'
            }
          />
        ))}
      </div>
      <div className="wallet-pad__keys">
        {padDigits.map((digit) => keyButton(digit, { kind: 'digit', digit }, 'pwd-key'))}
        {keyButton(t('walletUi.pad.clear'), { kind: 'clear' }, 'pwd-clear')}
        {keyButton('0', { kind: 'digit', digit: '0' }, 'pwd-key')}
        {keyButton(t('walletUi.pad.delete'), { kind: 'delete' }, 'pwd-delete')}
      </div>
    </>
  );
}

function PadFrame(props: { title: string; children: ReactNode; testId: string }) {
  return (
    <div className="modal-backdrop wallet-pad-backdrop">
      <div
        className="modal wallet-pad"
        role="dialog"
        aria-modal="true"
        aria-label={props.title}
        data-testid={props.testId}
      >
        <header className="modal__header">
          <h2 className="modal__title" data-testid="pwd-title">
            {props.title}
          </h2>
        </header>
        <div className="modal__body">{props.children}</div>
      </div>
    </div>
  );
}

/** SPEC §2 withdrawal-password pop-up for a withdrawal: confirm once six digits are in. */
export function PasswordPad({
  onConfirm,
  onCancel,
}: {
  onConfirm(password: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [entry, setEntry] = useState('');
  return (
    <PadFrame title={t('walletUi.pad.title')} testId="pwd-pad">
      <PadBody entry={entry} onKey={(key) => setEntry((current) => pressPadKey(current, key))} />
      <div className="wallet-actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={onCancel}
          data-testid="pwd-cancel"
        >
          {t('walletUi.pad.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={!isCompletePassword(entry)}
          onClick={() => onConfirm(entry)}
          data-testid="pwd-confirm"
        >
          {t('walletUi.pad.confirm')}
        </button>
      </div>
    </PadFrame>
  );
}

/**
 * SPEC §4 two-step setting in the pop-up: the first six digits, then the same again; a mismatch
 * says so and starts over. The login password the server asks for is typed above the pad.
 */
export function SetPasswordPad({ onDone, onCancel }: { onDone(): void; onCancel(): void }) {
  const { t } = useTranslation();
  const { onWithdrawPasswordSet } = useWalletMember();
  const [step, setStep] = useState<SetPasswordStep>({ step: 'first' });
  const [entry, setEntry] = useState('');
  const [loginPassword, setLoginPassword] = useState('');
  const [isSaving, setSaving] = useState(false);

  const confirm = async () => {
    const next = advanceSetPassword(step, entry);
    setEntry('');
    if (next.step === 'mismatch') {
      showToast('error', t('walletUi.pad.mismatch'));
      setStep({ step: 'first' });
      return;
    }
    if (next.step !== 'done') {
      setStep(next);
      return;
    }
    setSaving(true);
    try {
      await setWithdrawPassword(loginPassword, next.password);
      onWithdrawPasswordSet();
      showToast('success', t('walletUi.pad.saved'));
      onDone();
    } catch {
      // The server's message is shown; the member may try again from the first step.
      setStep({ step: 'first' });
      setSaving(false);
    }
  };

  const isConfirmStep = step.step === 'confirm';
  return (
    <PadFrame
      title={isConfirmStep ? t('walletUi.pad.confirmTitle') : t('walletUi.pad.setTitle')}
      testId="pwd-set-pad"
    >
      {isConfirmStep ? (
        <div className="field">
          <label className="field__label" htmlFor="pwd-login">
            {t('walletUi.pad.loginPassword')}
          </label>
          <input
            id="pwd-login"
            type="password"
            className="field__input"
            autoComplete="current-password"
            value={loginPassword}
            onChange={(event) => setLoginPassword(event.target.value)}
            data-testid="pwd-login"
          />
        </div>
      ) : null}
      <PadBody entry={entry} onKey={(key) => setEntry((current) => pressPadKey(current, key))} />
      <div className="wallet-actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={onCancel}
          data-testid="pwd-cancel"
        >
          {t('walletUi.pad.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={
            !isCompletePassword(entry) || isSaving || (isConfirmStep && loginPassword === '')
          }
          onClick={() => void confirm()}
          data-testid="pwd-confirm"
        >
          {t('walletUi.pad.confirm')}
        </button>
      </div>
    </PadFrame>
  );
}
