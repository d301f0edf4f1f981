import { operatorLogin, operatorUsernameSchema } from '@sb/contract';
import { hashPasswordForWire } from '@sb/domain';
import { type FormEvent, useState } from 'react';
import { callConsole, serverTimeToLocal } from '../api/console-api';
import { OperatorApiError } from '../api/operator-api';
import { ErrorNote, Field, TextInput, useConsoleText } from '../components/ui';
import { useSessionStore } from '../session/session-store';
import { isTotpComplete, normalizeTotpInput, shouldSubmitTotp } from './totp-entry';

/** Codes after which the password may be what was wrong, so the operator types it again. */
const credentialCodes = new Set([6001, 6006]);

/**
 * Sign-in in two steps: user name and password, then the authenticator code. The server takes
 * all three in one call (so nothing says which part was wrong); the split only lets the operator
 * open the authenticator app once the first part is typed, and sends the moment the sixth digit
 * is in.
 */
export function LoginPage() {
  const { t } = useConsoleText();
  const endReason = useSessionStore((state) => state.endReason);
  const signIn = useSessionStore((state) => state.signIn);
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [isBusy, setIsBusy] = useState(false);

  const continueToCode = (event: FormEvent) => {
    event.preventDefault();
    if (!operatorUsernameSchema.safeParse(username).success) {
      setProblem(t('login.usernameInvalid'));
      return;
    }
    if (!password) {
      setProblem(t('login.passwordRequired'));
      return;
    }
    setProblem(null);
    setError(null);
    setTotp('');
    setStep('totp');
  };

  const send = async (code: string) => {
    if (isBusy) return;
    if (!isTotpComplete(code)) {
      setProblem(t('login.totpIncomplete'));
      return;
    }
    setProblem(null);
    setError(null);
    setIsBusy(true);
    try {
      const session = await callConsole(operatorLogin, {
        username,
        password: hashPasswordForWire(password),
        totp: code,
      });
      // The session's end is kept on this browser's clock, which the timers compare against.
      signIn({
        ...session,
        expiresAt: serverTimeToLocal(session.expiresAt),
        lastActivityAt: Date.now(),
      });
    } catch (failure) {
      setError(failure);
      setTotp('');
      if (failure instanceof OperatorApiError && credentialCodes.has(failure.code)) {
        setPassword('');
        setStep('password');
      }
    } finally {
      setIsBusy(false);
    }
  };

  const changeTotp = (raw: string) => {
    const next = normalizeTotpInput(raw);
    const previous = totp;
    setTotp(next);
    if (shouldSubmitTotp(previous, next)) void send(next);
  };

  return (
    <main className="console-login" data-testid="console-login">
      <h1>{t('login.title')}</h1>
      {endReason && !error ? (
        <p className="console-notice" data-testid="login-ended">
          {t(`login.ended.${endReason}`)}
        </p>
      ) : null}
      <ErrorNote error={error} testId="login-error" />
      {step === 'password' ? (
        <form className="console-form" onSubmit={continueToCode}>
          <Field label={t('login.username')}>
            <TextInput
              autoComplete="username"
              value={username}
              testId="login-username"
              onValue={setUsername}
            />
          </Field>
          <Field label={t('login.password')}>
            <TextInput
              type="password"
              autoComplete="current-password"
              value={password}
              testId="login-password"
              onValue={setPassword}
            />
          </Field>
          {problem ? <p className="console-error">{problem}</p> : null}
          <button type="submit" className="console-button" data-testid="login-continue">
            {t('login.continue')}
          </button>
        </form>
      ) : (
        <form
          className="console-form"
          onSubmit={(event) => {
            event.preventDefault();
            void send(totp);
          }}
        >
          <Field label={t('login.totp')}>
            <TextInput
              className="console-input--code"
              inputMode="numeric"
              autoComplete="one-time-code"
              // Focus goes to the code field: it is the only thing to do on this step.
              autoFocus
              value={totp}
              testId="login-totp"
              onValue={changeTotp}
            />
          </Field>
          <p className="console-hint">{t('login.totpHint')}</p>
          {problem ? <p className="console-error">{problem}</p> : null}
          <div className="console-row">
            <button
              type="button"
              className="console-button console-button--quiet"
              data-testid="login-back"
              onClick={() => setStep('password')}
            >
              {t('login.back')}
            </button>
            <button
              type="submit"
              className="console-button"
              disabled={isBusy}
              data-testid="login-submit"
            >
              {isBusy ? t('login.signingIn') : t('login.signIn')}
            </button>
          </div>
        </form>
      )}
    </main>
  );
}
