import { type Adjustment, adjustmentCreate, adjustmentStatus } from '@sb/contract';
import { currencies, findCurrencyById } from '@sb/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { callConsole } from '../api/console-api';
import { createKeyKeeper, withIdempotencyKey } from '../api/idempotency';
import {
  currencyChoices,
  formatSignedMoney,
  parseMoneyInput,
  parsePositiveId,
} from '../components/money';
import { ErrorNote, Field, Notice, SelectInput, TextInput, useConsoleText } from '../components/ui';

type Direction = 'credit' | 'debit';
interface AdjustmentRequest {
  userId: number;
  currencyId: number;
  amount: number;
  scale: number;
  reason: string;
}

/** What the create call answered, in words: applied at once, or waiting for a second operator. */
function useCreatedText() {
  const { t } = useConsoleText();
  return (created: Adjustment) => {
    const values = {
      id: created.id,
      userId: created.userId,
      amount: formatSignedMoney(created.amount, created.scale),
      currency: findCurrencyById(created.currencyId)?.currencyCode ?? created.currencyId,
    };
    return created.status === adjustmentStatus.applied
      ? t('finance.adjustments.applied', values)
      : t('finance.adjustments.waiting', values);
  };
}

/**
 * Credits or debits a member's main balance with a reason. The member ID comes from the
 * address (`?userId=`) when the member's page sent the operator here.
 */
export function AdjustmentForm() {
  const { t } = useConsoleText();
  const queryClient = useQueryClient();
  const createdText = useCreatedText();
  const [searchParams] = useSearchParams();
  const [userIdText, setUserIdText] = useState(searchParams.get('userId') ?? '');
  const [currencyId, setCurrencyId] = useState(currencies[0]?.currencyId ?? 1);
  const [direction, setDirection] = useState<Direction>('credit');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const keys = useRef(createKeyKeeper()).current;
  const scale = findCurrencyById(currencyId)?.scale ?? 2;
  const create = useMutation({
    mutationFn: (request: AdjustmentRequest) => {
      // The reason is left out of the request's identity: a retry with a reworded reason must
      // not move the money a second time.
      const key = keys.keyFor(`${request.userId}|${request.currencyId}|${request.amount}`);
      return callConsole(
        adjustmentCreate,
        withIdempotencyKey<typeof adjustmentCreate>(request, key),
      );
    },
    onSuccess: (created) => {
      keys.reset();
      setAmountText('');
      setReason('');
      void queryClient.invalidateQueries({ queryKey: ['member', created.userId] });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['adjustments'] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const userId = parsePositiveId(userIdText);
    const magnitude = parseMoneyInput(amountText, scale);
    if (!userId) setProblem(t('finance.accounts.userIdInvalid'));
    else if (!magnitude) setProblem(t('finance.adjustments.amountInvalid', { scale }));
    else if (!reason.trim()) setProblem(t('common.reasonRequired'));
    else {
      setProblem(null);
      const amount = direction === 'credit' ? magnitude : -magnitude;
      create.mutate({ userId, currencyId, amount, scale, reason: reason.trim() });
    }
  };
  return (
    <form className="console-form console-section" onSubmit={submit}>
      <h2>{t('finance.adjustments.createTitle')}</h2>
      <p className="console-hint">{t('finance.adjustments.createHint')}</p>
      <Field label={t('common.userId')}>
        <TextInput
          inputMode="numeric"
          value={userIdText}
          testId="adjust-user-id"
          onValue={setUserIdText}
        />
      </Field>
      <div className="console-row">
        <Field label={t('common.currency')}>
          <SelectInput
            value={currencyId}
            testId="adjust-currency"
            choices={currencyChoices(currencies)}
            onValue={setCurrencyId}
          />
        </Field>
        <Field label={t('finance.adjustments.direction')}>
          <SelectInput<Direction>
            value={direction}
            testId="adjust-direction"
            choices={[
              { value: 'credit', label: t('finance.adjustments.credit') },
              { value: 'debit', label: t('finance.adjustments.debit') },
            ]}
            onValue={setDirection}
          />
        </Field>
        <Field label={t('common.amount')}>
          <TextInput
            inputMode="decimal"
            value={amountText}
            testId="adjust-amount"
            onValue={setAmountText}
          />
        </Field>
      </div>
      <Field label={t('common.reason')}>
        <TextInput maxLength={200} value={reason} testId="adjust-reason" onValue={setReason} />
      </Field>
      {problem ? (
        <p className="console-error" data-testid="adjust-problem">
          {problem}
        </p>
      ) : null}
      <button
        type="submit"
        className="console-button"
        disabled={create.isPending}
        data-testid="adjust-submit"
      >
        {t('finance.adjustments.submit')}
      </button>
      <Notice text={create.data ? createdText(create.data) : null} testId="adjust-result" />
      <ErrorNote error={create.error} testId="adjust-error" />
    </form>
  );
}
