import {
  type SitePost,
  sitePostKindFields,
  sitePostKinds,
  sitePostLanguages,
  sitePostLimits,
  sitePostSave,
} from '@sb/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { callConsole } from '../api/console-api';
import {
  ErrorNote,
  Field,
  FormActions,
  SelectInput,
  TextInput,
  useConsoleText,
} from '../components/ui';
import { type PostDraft, type PostInput, postInputOf } from './post-draft';

interface PostEditorProps {
  initial: PostDraft;
  onSaved(post: SitePost & { applied: boolean }): void;
  onCancel(): void;
}

/** The operator's time zone, named so the window's times are not misread. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A post's editor: the fields its kind shows, the window in the operator's own time zone, and a
 * reason for the audit log. A saved post keeps its kind; the version read goes with the save, so
 * a colleague's change in between is refused instead of overwritten.
 */
export function PostEditor({ initial, onSaved, onCancel }: PostEditorProps) {
  const { t } = useConsoleText();
  const [draft, setDraft] = useState(initial);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (input: PostInput) => callConsole(sitePostSave, input),
    onSuccess: onSaved,
  });
  const fields = sitePostKindFields[draft.kind];
  const change = <K extends keyof PostDraft>(key: K, value: PostDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const answer = postInputOf(draft, reason);
    if ('problem' in answer) return setProblem(t(`site.content.problems.${answer.problem}`));
    setProblem(null);
    save.mutate(answer.input);
  };
  const text = (key: 'title' | 'imageUrl' | 'linkUrl' | 'matchId' | 'sortWeight', max: number) => (
    <TextInput
      maxLength={max}
      value={draft[key]}
      testId={`post-${key}`}
      onValue={(value) => change(key, value)}
    />
  );
  const area = (key: 'body' | 'rules', max: number) => (
    <textarea
      className="console-input"
      rows={key === 'body' ? 6 : 3}
      maxLength={max}
      value={draft[key]}
      data-testid={`post-${key}`}
      onChange={(event) => change(key, event.target.value)}
    />
  );
  const time = (key: 'startsAt' | 'endsAt') => (
    <input
      type="datetime-local"
      className="console-input"
      value={draft[key]}
      data-testid={`post-${key}`}
      onChange={(event) => change(key, event.target.value)}
    />
  );
  return (
    <form className="console-form" onSubmit={submit} data-testid="post-editor">
      <h3>
        {draft.id === undefined
          ? t('site.content.editor.createTitle')
          : t('site.content.editor.editTitle', { id: draft.id, version: draft.version })}
      </h3>
      <div className="console-row">
        <Field label={t('site.content.kind')}>
          <SelectInput
            value={draft.kind}
            disabled={draft.id !== undefined}
            testId="post-kind"
            choices={sitePostKinds.map((kind) => ({
              value: kind,
              label: t(`site.content.kinds.${kind}`),
            }))}
            onValue={(kind) => change('kind', kind)}
          />
        </Field>
        <Field label={t('site.content.language')}>
          <SelectInput
            value={draft.language}
            testId="post-language"
            choices={sitePostLanguages.map((language) => ({
              value: language,
              label: t(`site.content.languages.${language}`),
            }))}
            onValue={(language) => change('language', language)}
          />
        </Field>
      </div>
      <Field
        label={
          draft.kind === 'notice'
            ? t('site.content.editor.noticeText')
            : t('site.content.editor.heading')
        }
      >
        {text('title', sitePostLimits.title)}
      </Field>
      {fields.body ? (
        <Field label={t('site.content.editor.body')}>{area('body', sitePostLimits.body)}</Field>
      ) : null}
      {fields.imageUrl ? (
        <Field label={t('site.content.editor.imageUrl')}>
          {text('imageUrl', sitePostLimits.url)}
          <span className="console-hint">{t('site.content.editor.imageHint')}</span>
        </Field>
      ) : null}
      {fields.link ? (
        <div className="console-row">
          <Field label={t('site.content.editor.linkUrl')}>
            {text('linkUrl', sitePostLimits.url)}
            <span className="console-hint">{t('site.content.editor.linkHint')}</span>
          </Field>
          <Field label={t('site.content.editor.matchId')}>{text('matchId', 16)}</Field>
        </div>
      ) : null}
      {fields.rules ? (
        <Field label={t('site.content.editor.rules')}>{area('rules', sitePostLimits.rules)}</Field>
      ) : null}
      <div className="console-row">
        <Field label={t('site.content.editor.startsAt')}>{time('startsAt')}</Field>
        <Field label={t('site.content.editor.endsAt')}>{time('endsAt')}</Field>
        <Field label={t('site.content.sortWeight')}>{text('sortWeight', 6)}</Field>
      </div>
      <span className="console-hint">{t('site.content.editor.timeZone', { zone: timeZone })}</span>
      <label className="console-row">
        <input
          type="checkbox"
          checked={draft.isPublished}
          data-testid="post-published"
          onChange={(event) => change('isPublished', event.target.checked)}
        />
        {t('site.content.editor.isPublished')}
      </label>
      <Field label={t('common.reason')}>
        <TextInput maxLength={200} value={reason} testId="post-reason" onValue={setReason} />
      </Field>
      {problem ? (
        <p className="console-error" data-testid="post-problem">
          {problem}
        </p>
      ) : null}
      <FormActions
        submitLabel={t('site.content.editor.save')}
        submitTestId="post-save"
        cancelTestId="post-cancel"
        isBusy={save.isPending}
        onCancel={onCancel}
      />
      <ErrorNote error={save.error} testId="post-error" />
    </form>
  );
}
