import { type PartnerSettings, partnerList, partnerSet } from '@sb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { callConsole } from '../api/console-api';
import { parseIntegerList } from '../components/money';
import {
  ErrorNote,
  Field,
  FormActions,
  Notice,
  TextInput,
  useConsoleText,
  useFormatTime,
} from '../components/ui';

const partnersKey = ['partners'] as const;

/** One partner's settings as a form; every field is sent, with a reason. */
function PartnerForm({
  partner,
  onSaved,
  onCancel,
}: {
  partner: PartnerSettings;
  onSaved(text: string): void;
  onCancel(): void;
}) {
  const { t } = useConsoleText();
  const [name, setName] = useState(partner.name ?? '');
  const [isEnabled, setIsEnabled] = useState(partner.isEnabled);
  const [defaultIsShow, setDefaultIsShow] = useState(partner.defaultIsShow);
  const [leagueText, setLeagueText] = useState(partner.defaultLeagueIds.join(', '));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (defaultLeagueIds: number[]) =>
      callConsole(partnerSet, {
        channel: partner.channel,
        name: name.trim() || null,
        isEnabled,
        defaultIsShow,
        defaultLeagueIds,
        reason: reason.trim(),
      }),
    onSuccess: (answer) =>
      onSaved(
        answer.applied
          ? t('site.partners.saved', { channel: answer.channel })
          : t('common.notChanged'),
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const leagues = parseIntegerList(leagueText);
    if (!leagues || leagues.some((league) => league === 0) || leagues.length > 500)
      return setProblem(t('site.partners.leaguesInvalid'));
    if (!reason.trim()) return setProblem(t('common.reasonRequired'));
    setProblem(null);
    save.mutate(leagues);
  };
  const testId = `partner-form`;
  return (
    <form className="console-form" onSubmit={submit} data-testid={testId}>
      <h3>{t('site.partners.editTitle', { channel: partner.channel })}</h3>
      <Field label={t('site.partners.name')}>
        <TextInput maxLength={64} value={name} testId={`${testId}-name`} onValue={setName} />
      </Field>
      <label className="console-row">
        <input
          type="checkbox"
          checked={isEnabled}
          data-testid={`${testId}-enabled`}
          onChange={(event) => setIsEnabled(event.target.checked)}
        />
        {t('site.partners.isEnabled')}
      </label>
      <label className="console-row">
        <input
          type="checkbox"
          checked={defaultIsShow}
          data-testid={`${testId}-is-show`}
          onChange={(event) => setDefaultIsShow(event.target.checked)}
        />
        {t('site.partners.defaultIsShow')}
      </label>
      <Field label={t('site.partners.defaultLeagueIds')}>
        <TextInput value={leagueText} testId={`${testId}-leagues`} onValue={setLeagueText} />
        <span className="console-hint">{t('site.partners.leaguesHint')}</span>
      </Field>
      <Field label={t('common.reason')}>
        <TextInput maxLength={200} value={reason} testId={`${testId}-reason`} onValue={setReason} />
      </Field>
      {problem ? (
        <p className="console-error" data-testid={`${testId}-problem`}>
          {problem}
        </p>
      ) : null}
      <FormActions
        submitLabel={t('site.partners.save')}
        submitTestId={`${testId}-save`}
        cancelTestId={`${testId}-cancel`}
        isBusy={save.isPending}
        onCancel={onCancel}
      />
      <ErrorNote error={save.error} testId={`${testId}-error`} />
    </form>
  );
}

/**
 * The partners configured on the server (their secrets stay in configuration): whether each may
 * sign players in, and what its new players start with. Support reads; admins change.
 */
export function Partners({ canEdit }: { canEdit: boolean }) {
  const { t } = useConsoleText();
  const formatTime = useFormatTime();
  const queryClient = useQueryClient();
  const partners = useQuery({ queryKey: partnersKey, queryFn: () => callConsole(partnerList, {}) });
  const [editing, setEditing] = useState<PartnerSettings | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const onOff = (value: boolean) => (value ? t('site.partners.on') : t('site.partners.off'));
  return (
    <section className="console-section">
      <h2>{t('site.partners.title')}</h2>
      <p className="console-hint">{t('site.partners.hint')}</p>
      <Notice text={notice} testId="partners-result" />
      <ErrorNote error={partners.error} testId="partners-error" />
      {partners.data?.records.length === 0 ? (
        <p data-testid="partners-none">{t('site.partners.none')}</p>
      ) : null}
      {partners.data && partners.data.records.length > 0 ? (
        <table className="console-table" data-testid="partners">
          <thead>
            <tr>
              <th>{t('site.partners.channel')}</th>
              <th>{t('site.partners.name')}</th>
              <th>{t('site.partners.isEnabled')}</th>
              <th>{t('site.partners.defaultIsShow')}</th>
              <th>{t('site.partners.defaultLeagueIds')}</th>
              <th>{t('site.partners.players')}</th>
              <th>{t('site.content.updated')}</th>
              {canEdit ? <th>{t('common.actions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {partners.data.records.map((partner) => (
              <tr key={partner.channel} data-testid={`partner-${partner.channel}`}>
                <td>{partner.channel}</td>
                <td>{partner.name ?? '—'}</td>
                <td data-testid={`partner-${partner.channel}-enabled`}>
                  {onOff(partner.isEnabled)}
                </td>
                <td>{onOff(partner.defaultIsShow)}</td>
                <td>
                  {partner.defaultLeagueIds.length === 0
                    ? t('site.partners.allLeagues')
                    : partner.defaultLeagueIds.join(', ')}
                </td>
                <td>{partner.players}</td>
                <td>
                  {partner.updatedAt === null
                    ? t('site.partners.defaults')
                    : `#${partner.updatedBy} ${formatTime(partner.updatedAt)}`}
                </td>
                {canEdit ? (
                  <td>
                    <button
                      type="button"
                      className="console-button console-button--quiet"
                      data-testid={`partner-${partner.channel}-edit`}
                      onClick={() => {
                        setNotice(null);
                        setEditing(partner);
                      }}
                    >
                      {t('site.content.edit')}
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {editing ? (
        <PartnerForm
          key={editing.channel}
          partner={editing}
          onCancel={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setNotice(text);
            void queryClient.invalidateQueries({ queryKey: partnersKey });
          }}
        />
      ) : null}
    </section>
  );
}
