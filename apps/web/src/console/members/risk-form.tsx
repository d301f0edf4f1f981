import { type CallInput, type MemberRisk, memberRiskSet } from '@sb/contract';
import { findCurrencyById } from '@sb/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { callConsole } from '../api/console-api';
import { formatMoney, parseIntegerList, parseMoneyInput } from '../components/money';
import { ErrorNote, Field, Notice, TextInput, useConsoleText } from '../components/ui';

interface RiskFormProps {
  userId: number;
  /** The member's currency: the review threshold is an amount in it. */
  currencyId: number;
  risk: MemberRisk;
  /** Only traders change risk settings; others see them read-only. */
  canEdit: boolean;
}

/** A whole number from 0 to `max` typed in a field, or null. */
function parseLevel(text: string, max: number): number | null {
  if (!/^\d{1,2}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value <= max ? value : null;
}

/** The member's risk settings (SPEC §6) as a form; every change needs a reason for the audit log. */
export function RiskForm({ userId, currencyId, risk, canEdit }: RiskFormProps) {
  const { t } = useConsoleText();
  const queryClient = useQueryClient();
  const scale = findCurrencyById(currencyId)?.scale ?? 2;
  const [riskAmount, setRiskAmount] = useState(formatMoney(risk.riskAmount, scale));
  const [riskLevel, setRiskLevel] = useState(String(risk.riskLevel));
  const [playerOdds, setPlayerOdds] = useState(String(risk.playerOdds));
  const [oddsConfig, setOddsConfig] = useState(risk.oddsConfig.join(', '));
  const [leagueIds, setLeagueIds] = useState(risk.leagueIds.join(', '));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (input: Omit<CallInput<typeof memberRiskSet>, 'userId'>) =>
      callConsole(memberRiskSet, { userId, ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member', userId] }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseMoneyInput(riskAmount, scale);
    const level = parseLevel(riskLevel, 9);
    const odds = parseLevel(playerOdds, 9);
    const margins = parseIntegerList(oddsConfig);
    const leagues = parseIntegerList(leagueIds);
    if (amount === null || level === null || odds === null) {
      setProblem(t('members.detail.numberInvalid'));
    } else if (!margins || margins.length > 5 || margins.some((margin) => margin > 5_000)) {
      setProblem(t('members.detail.listInvalid'));
    } else if (!leagues || leagues.some((league) => league === 0)) {
      setProblem(t('members.detail.listInvalid'));
    } else if (!reason.trim()) {
      setProblem(t('common.reasonRequired'));
    } else {
      setProblem(null);
      save.mutate({
        riskAmount: amount,
        riskLevel: level,
        playerOdds: odds,
        oddsConfig: margins,
        leagueIds: leagues,
        reason: reason.trim(),
      });
    }
  };

  const input = (value: string, onChange: (next: string) => void, testId: string) => (
    <TextInput value={value} readOnly={!canEdit} testId={testId} onValue={onChange} />
  );
  return (
    <form className="console-form" onSubmit={submit} data-testid="risk-form">
      <Field label={t('members.detail.riskAmount')}>
        {input(riskAmount, setRiskAmount, 'risk-amount')}
      </Field>
      <Field label={t('members.detail.riskLevel')}>
        {input(riskLevel, setRiskLevel, 'risk-level')}
      </Field>
      <Field label={t('members.detail.playerOdds')}>
        {input(playerOdds, setPlayerOdds, 'risk-player-odds')}
      </Field>
      <Field label={t('members.detail.oddsConfig')}>
        {input(oddsConfig, setOddsConfig, 'risk-odds-config')}
      </Field>
      <Field label={t('members.detail.leagueIds')}>
        {input(leagueIds, setLeagueIds, 'risk-league-ids')}
      </Field>
      {canEdit ? (
        <>
          <Field label={t('common.reason')}>{input(reason, setReason, 'risk-reason')}</Field>
          {problem ? <p className="console-error">{problem}</p> : null}
          <button
            type="submit"
            className="console-button"
            disabled={save.isPending}
            data-testid="risk-save"
          >
            {t('members.detail.saveRisk')}
          </button>
          <Notice
            text={save.isSuccess ? t('members.detail.riskSaved') : null}
            testId="risk-result"
          />
          <ErrorNote error={save.error} testId="risk-error" />
        </>
      ) : null}
    </form>
  );
}
