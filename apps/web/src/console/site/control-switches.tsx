import { siteSwitches, siteSwitchesSet } from '@sb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { callConsole } from '../api/console-api';
import { ErrorNote, Field, Notice, TextInput, useConsoleText } from '../components/ui';

const switchesKey = ['controlSwitches'] as const;

/**
 * SPEC §4's control switches: one checkbox per switch the server knows, with what it hides,
 * saved together with a reason (the call replaces the whole list).
 */
export function ControlSwitches() {
  const { t } = useConsoleText();
  const queryClient = useQueryClient();
  const switches = useQuery({
    queryKey: switchesKey,
    queryFn: () => callConsole(siteSwitches, {}),
  });
  const [chosen, setChosen] = useState<ReadonlySet<number> | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (switches.data && chosen === null) setChosen(new Set(switches.data.controlSwitches));
  }, [switches.data, chosen]);
  const save = useMutation({
    mutationFn: (controlSwitches: number[]) =>
      callConsole(siteSwitchesSet, { controlSwitches, reason: reason.trim() }),
    onSuccess: (answer) => {
      setChosen(new Set(answer.controlSwitches));
      setReason('');
      return queryClient.invalidateQueries({ queryKey: switchesKey });
    },
  });
  const toggle = (value: number, isOn: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (isOn) next.add(value);
      else next.delete(value);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    if (!reason.trim()) return setProblem(t('common.reasonRequired'));
    setProblem(null);
    save.mutate([...chosen].sort((a, b) => a - b));
  };
  const savedText = () => {
    if (!save.data) return null;
    if (!save.data.applied) return t('common.notChanged');
    const list = save.data.controlSwitches.join(', ') || t('site.none');
    return t('site.saved', { list });
  };
  return (
    <section className="console-section">
      <h2>{t('site.title')}</h2>
      <p className="console-hint">{t('site.hint')}</p>
      <ErrorNote error={switches.error} testId="switches-load-error" />
      {switches.data && chosen ? (
        <form className="console-form" onSubmit={submit}>
          <table className="console-table" data-testid="switches">
            <thead>
              <tr>
                <th>{t('site.on')}</th>
                <th>{t('site.switch')}</th>
                <th>{t('site.hides')}</th>
              </tr>
            </thead>
            <tbody>
              {switches.data.known.map((value) => (
                <tr key={value}>
                  <td>
                    <input
                      type="checkbox"
                      id={`switch-${value}`}
                      checked={chosen.has(value)}
                      data-testid={`switch-${value}`}
                      onChange={(event) => toggle(value, event.target.checked)}
                    />
                  </td>
                  <td>
                    <label htmlFor={`switch-${value}`}>{value}</label>
                  </td>
                  <td>
                    {t(`site.meanings.${value}`, {
                      defaultValue: t('site.unknownSwitch', { value }),
                    })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Field label={t('common.reason')}>
            <TextInput
              maxLength={200}
              value={reason}
              testId="switches-reason"
              onValue={setReason}
            />
          </Field>
          {problem ? (
            <p className="console-error" data-testid="switches-problem">
              {problem}
            </p>
          ) : null}
          <button
            type="submit"
            className="console-button"
            disabled={save.isPending}
            data-testid="switches-save"
          >
            {t('site.save')}
          </button>
          <Notice text={savedText()} testId="switches-result" />
          <ErrorNote error={save.error} testId="switches-error" />
        </form>
      ) : null}
    </section>
  );
}
