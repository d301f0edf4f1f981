import { useState } from 'react';
import { Field, ReasonAction, TextInput, useConsoleText } from '../components/ui';
import {
  boundsInCurrencies,
  type DeskGame,
  draftOfGame,
  type GameDraft,
  type GameDraftProblem,
  type GameSettings,
  gameSettingsChanges,
} from './game-draft';

const amountFields = ['minStake', 'maxStake', 'maxPayout'] as const;

/**
 * A game's house edge, stake bounds and most payout, saved with a reason. The new edge counts
 * from the next round: rounds already played keep the edge they were played at, which the form
 * says beside it.
 */
export function GameEditForm({
  game,
  isBusy,
  onSave,
  onCancel,
}: {
  game: DeskGame;
  isBusy: boolean;
  onSave(settings: GameSettings, reason: string): void;
  onCancel(): void;
}) {
  const { t } = useConsoleText();
  const [draft, setDraft] = useState<GameDraft>(() => draftOfGame(game));
  const [problem, setProblem] = useState<GameDraftProblem | null>(null);
  const change = (key: keyof GameDraft, text: string) => setDraft({ ...draft, [key]: text });
  const save = (reason: string) => {
    const checked = gameSettingsChanges(game, draft);
    if ('problem' in checked) return setProblem(checked.problem);
    setProblem(null);
    onSave(checked.changes, reason);
  };
  return (
    <div className="console-form" data-testid="game-edit">
      <h3>{t('games.edit.title', { name: game.name })}</h3>
      <div className="console-row">
        <Field label={t('games.edit.houseEdge')}>
          <TextInput
            className="console-input--short"
            inputMode="decimal"
            value={draft.houseEdge}
            testId="game-edit-houseEdge"
            onValue={(text) => change('houseEdge', text)}
          />
        </Field>
        {amountFields.map((key) => (
          <Field key={key} label={t(`games.edit.${key}`)}>
            <TextInput
              inputMode="decimal"
              value={draft[key]}
              testId={`game-edit-${key}`}
              onValue={(text) => change(key, text)}
            />
          </Field>
        ))}
      </div>
      <p className="console-hint" data-testid="game-edit-bounds-note">
        {t('games.bounds.note', {
          examples: boundsInCurrencies(game.maxStake).join(t('common.listSeparator')),
        })}
      </p>
      <p className="console-hint" data-testid="game-edit-edge-note">
        {t('games.edit.edgeNote', { edge: draftOfGame(game).houseEdge })}
      </p>
      {problem ? (
        <p className="console-error" data-testid="game-edit-problem">
          {t(`games.edit.problems.${problem}`)}
        </p>
      ) : null}
      <div className="console-row">
        <ReasonAction
          label={t('games.edit.save')}
          testId="game-edit-save"
          isBusy={isBusy}
          onConfirm={save}
        />
        <button
          type="button"
          className="console-button console-button--quiet"
          data-testid="game-edit-cancel"
          onClick={onCancel}
        >
          {t('games.edit.close')}
        </button>
      </div>
    </div>
  );
}
