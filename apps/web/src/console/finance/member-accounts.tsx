import { loanLimitSet, loansSwitch, withdrawUnlock } from '@sb/contract';
import { findCurrencyById } from '@sb/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { callConsole } from '../api/console-api';
import { canAct } from '../app/desks';
import {
  currencyChoices,
  formatMoney,
  parseMoneyInput,
  parsePositiveId,
  realCurrencies,
} from '../components/money';
import { ErrorNote, Field, Notice, SelectInput, TextInput, useConsoleText } from '../components/ui';
import { useSessionStore } from '../session/session-store';

/** Currencies a member can owe in: the demo currency is play money and takes no loans. */

function UnlockForm() {
  const { t } = useConsoleText();
  const [userIdText, setUserIdText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const unlock = useMutation({
    mutationFn: (userId: number) => callConsole(withdrawUnlock, { userId }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const userId = parsePositiveId(userIdText);
    setProblem(userId ? null : t('finance.accounts.userIdInvalid'));
    if (userId) unlock.mutate(userId);
  };
  const result = unlock.data
    ? t(unlock.data.wasLocked ? 'finance.accounts.unlocked' : 'finance.accounts.wasNotLocked', {
        userId: unlock.variables,
      })
    : null;
  return (
    <form className="console-form console-section" onSubmit={submit}>
      <h2>{t('finance.accounts.unlockTitle')}</h2>
      <Field label={t('common.userId')}>
        <TextInput
          inputMode="numeric"
          value={userIdText}
          testId="unlock-user-id"
          onValue={setUserIdText}
        />
      </Field>
      {problem ? <p className="console-error">{problem}</p> : null}
      <button type="submit" className="console-button" data-testid="unlock-submit">
        {t('finance.accounts.unlock')}
      </button>
      <Notice text={result} testId="unlock-result" />
      <ErrorNote error={unlock.error} testId="unlock-error" />
    </form>
  );
}

function LoanLimitForm() {
  const { t } = useConsoleText();
  const [userIdText, setUserIdText] = useState('');
  const [currencyId, setCurrencyId] = useState(realCurrencies[0]?.currencyId ?? 1);
  const [limitText, setLimitText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const currency = findCurrencyById(currencyId);
  const scale = currency?.scale ?? 2;
  const setLimit = useMutation({
    mutationFn: (input: { userId: number; currencyId: number; limit: number }) =>
      callConsole(loanLimitSet, input),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const userId = parsePositiveId(userIdText);
    const limit = parseMoneyInput(limitText, scale);
    if (!userId) setProblem(t('finance.accounts.userIdInvalid'));
    else if (limit === null) setProblem(t('finance.accounts.amountInvalid', { scale }));
    else {
      setProblem(null);
      setLimit.mutate({ userId, currencyId, limit });
    }
  };
  const answered = setLimit.data;
  const answeredScale = answered ? (findCurrencyById(answered.currencyId)?.scale ?? 2) : 2;
  const result = answered
    ? t('finance.accounts.limitSet', {
        userId: answered.userId,
        limit: formatMoney(answered.creditLimit, answeredScale),
        outstanding: formatMoney(answered.outstanding, answeredScale),
        currency: findCurrencyById(answered.currencyId)?.currencyCode ?? answered.currencyId,
      })
    : null;
  return (
    <form className="console-form console-section" onSubmit={submit}>
      <h2>{t('finance.accounts.limitTitle')}</h2>
      <Field label={t('common.userId')}>
        <TextInput
          inputMode="numeric"
          value={userIdText}
          testId="limit-user-id"
          onValue={setUserIdText}
        />
      </Field>
      <Field label={t('common.currency')}>
        <SelectInput
          value={currencyId}
          testId="limit-currency"
          choices={currencyChoices(realCurrencies)}
          onValue={setCurrencyId}
        />
      </Field>
      <Field label={t('finance.accounts.limit')}>
        <TextInput
          inputMode="decimal"
          value={limitText}
          testId="limit-amount"
          onValue={setLimitText}
        />
      </Field>
      {problem ? <p className="console-error">{problem}</p> : null}
      <button type="submit" className="console-button" data-testid="limit-submit">
        {t('finance.accounts.setLimit')}
      </button>
      <Notice text={result} testId="limit-result" />
      <ErrorNote error={setLimit.error} testId="limit-error" />
    </form>
  );
}

/** The site-wide lending switch. There is no call to read it, so the answer of the last change shows. */
function LoansSwitch() {
  const { t } = useConsoleText();
  const flip = useMutation({
    mutationFn: (enabled: boolean) => callConsole(loansSwitch, { enabled }),
  });
  return (
    <section className="console-section">
      <h2>{t('finance.accounts.loansTitle')}</h2>
      <div className="console-row">
        <button
          type="button"
          className="console-button"
          disabled={flip.isPending}
          data-testid="loans-on"
          onClick={() => flip.mutate(true)}
        >
          {t('finance.accounts.loansOn')}
        </button>
        <button
          type="button"
          className="console-button console-button--danger"
          disabled={flip.isPending}
          data-testid="loans-off"
          onClick={() => flip.mutate(false)}
        >
          {t('finance.accounts.loansOff')}
        </button>
      </div>
      <Notice
        text={
          flip.data
            ? t('finance.accounts.loansState', {
                state: t(flip.data.enabled ? 'finance.accounts.on' : 'finance.accounts.off'),
              })
            : null
        }
        testId="loans-result"
      />
      <ErrorNote error={flip.error} testId="loans-error" />
    </section>
  );
}

/** Per-member money settings a finance operator changes, and the admin's lending switch. */
export function MemberAccounts() {
  const roles = useSessionStore((state) => state.session?.operator.roles ?? []);
  return (
    <>
      <UnlockForm />
      <LoanLimitForm />
      {canAct(roles, 'admin') ? <LoansSwitch /> : null}
    </>
  );
}
