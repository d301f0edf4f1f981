import { deskMemberGameSwitches, type MemberGameSwitches as Switches } from '@sb/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { callConsole } from '../api/console-api';
import { GameSwitchField, useProductsText } from '../components/game-switch-field';
import {
  draftOfOwn,
  gameSwitchNames,
  type MemberSwitchesDraft,
  memberSwitchesInput,
} from '../components/game-switches';
import { ErrorNote, Field, Notice, TextInput, useConsoleText } from '../components/ui';

/**
 * A member's casino and lottery switches (SPEC §6): each follows the site default or is the
 * member's own, a checkbox per product; both are saved together with a reason. The form starts
 * from what the member's detail answered, and shows what the member has and sees: as read, then
 * as the server kept it after a save.
 */
export function MemberGameSwitches({ userId, current }: { userId: number; current: Switches }) {
  const { t } = useConsoleText();
  const productsText = useProductsText();
  const [draft, setDraft] = useState<MemberSwitchesDraft>(() => draftOfOwn(current.own));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<Switches | null>(null);
  const shown = saved ?? current;
  const save = useMutation({
    mutationFn: (sent: MemberSwitchesDraft) =>
      callConsole(deskMemberGameSwitches, memberSwitchesInput(userId, sent, reason.trim())),
    onMutate: () => setSaved(null),
    onSuccess: (answer) => {
      setSaved(answer);
      setDraft(draftOfOwn(answer.own));
      setReason('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setProblem(t('common.reasonRequired'));
    setProblem(null);
    save.mutate(draft);
  };
  const ownText = (value: number | null, name: 'casinoSw' | 'lotterySw') =>
    value === null
      ? t('gameSwitches.followsNow')
      : productsText({ casinoSw: 0, lotterySw: 0, [name]: value });
  return (
    <form className="console-form" data-testid="member-game-switches" onSubmit={submit}>
      <p className="console-hint">{t('gameSwitches.memberHint')}</p>
      {gameSwitchNames.map((name) => {
        const one = draft[name];
        return (
          <GameSwitchField
            key={name}
            name={name}
            value={one.follows ? 0 : one.value}
            follows={one.follows}
            testId={`member-game-switch-${name}`}
            onFollows={(follows) =>
              setDraft({
                ...draft,
                [name]: follows ? { follows: true } : { follows: false, value: 0 },
              })
            }
            onValue={(value) => setDraft({ ...draft, [name]: { follows: false, value } })}
          />
        );
      })}
      <Field label={t('common.reason')}>
        <TextInput
          maxLength={200}
          value={reason}
          testId="member-game-switches-reason"
          onValue={setReason}
        />
      </Field>
      {problem ? (
        <p className="console-error" data-testid="member-game-switches-problem">
          {problem}
        </p>
      ) : null}
      <div className="console-row">
        <button
          type="submit"
          className="console-button"
          disabled={save.isPending}
          data-testid="member-game-switches-save"
        >
          {t('gameSwitches.save')}
        </button>
      </div>
      <ErrorNote error={save.error} testId="member-game-switches-error" />
      {saved ? (
        <Notice text={t('gameSwitches.memberSaved')} testId="member-game-switches-result" />
      ) : null}
      <dl className="console-facts" data-testid="member-game-switches-saved">
        {gameSwitchNames.map((name) => (
          <div key={name} className="console-contents">
            <dt>{t(`gameSwitches.${name}`)}</dt>
            <dd data-testid={`member-game-switches-own-${name}`}>
              {ownText(shown.own[name], name)}
            </dd>
          </div>
        ))}
        <dt>{t('gameSwitches.effective')}</dt>
        <dd data-testid="member-game-switches-effective">{productsText(shown.effective)}</dd>
      </dl>
    </form>
  );
}
