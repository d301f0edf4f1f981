import { siteGameSwitches, siteGameSwitchesSet } from '@sb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { callConsole } from '../api/console-api';
import { GameSwitchField, useProductsText } from '../components/game-switch-field';
import { gameSwitchBits, gameSwitchNames } from '../components/game-switches';
import { ErrorNote, Field, Notice, TextInput, useConsoleText } from '../components/ui';

const defaultKey = ['siteGameSwitches'] as const;

type Switches = { casinoSw: number; lotterySw: number };

/**
 * The site default of the casino and lottery switches (admins): what members without a setting
 * of their own see, a checkbox per product, saved together with a reason.
 */
export function SiteGameSwitches() {
  const { t } = useConsoleText();
  const productsText = useProductsText();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: defaultKey,
    queryFn: () => callConsole(siteGameSwitches, {}),
  });
  const [draft, setDraft] = useState<Switches | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (current.data && draft === null)
      setDraft({ casinoSw: current.data.casinoSw, lotterySw: current.data.lotterySw });
  }, [current.data, draft]);
  const save = useMutation({
    mutationFn: (sent: Switches) =>
      callConsole(siteGameSwitchesSet, {
        casinoSw: sent.casinoSw & gameSwitchBits.casinoSw,
        lotterySw: sent.lotterySw & gameSwitchBits.lotterySw,
        reason: reason.trim(),
      }),
    onSuccess: (answer) => {
      setDraft(answer);
      setReason('');
      return queryClient.invalidateQueries({ queryKey: defaultKey });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    if (!reason.trim()) return setProblem(t('common.reasonRequired'));
    setProblem(null);
    save.mutate(draft);
  };
  return (
    <section className="console-section" data-testid="site-game-switches">
      <h2>{t('gameSwitches.siteTitle')}</h2>
      <p className="console-hint">{t('gameSwitches.siteHint')}</p>
      <ErrorNote error={current.error} testId="site-game-switches-load-error" />
      {draft ? (
        <form className="console-form" onSubmit={submit}>
          {gameSwitchNames.map((name) => (
            <GameSwitchField
              key={name}
              name={name}
              value={draft[name]}
              testId={`site-game-switch-${name}`}
              onValue={(value) => setDraft({ ...draft, [name]: value })}
            />
          ))}
          <p className="console-hint" data-testid="site-game-switches-shown">
            {t('gameSwitches.siteShown', { list: productsText(draft) })}
          </p>
          <Field label={t('common.reason')}>
            <TextInput
              maxLength={200}
              value={reason}
              testId="site-game-switches-reason"
              onValue={setReason}
            />
          </Field>
          {problem ? (
            <p className="console-error" data-testid="site-game-switches-problem">
              {problem}
            </p>
          ) : null}
          <div className="console-row">
            <button
              type="submit"
              className="console-button"
              disabled={save.isPending}
              data-testid="site-game-switches-save"
            >
              {t('gameSwitches.save')}
            </button>
          </div>
          <Notice
            text={save.isSuccess ? t('gameSwitches.siteSaved') : null}
            testId="site-game-switches-result"
          />
          <ErrorNote error={save.error} testId="site-game-switches-error" />
        </form>
      ) : null}
    </section>
  );
}
