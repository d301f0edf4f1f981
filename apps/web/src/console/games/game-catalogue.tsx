import { type CallOutput, deskGameList, deskGameProviderSet, deskGameSet } from '@sb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callConsole } from '../api/console-api';
import { canAct } from '../app/desks';
import { type CardColumn, CardTable } from '../components/card-table';
import { ErrorNote, Notice, ReasonAction, useConsoleText } from '../components/ui';
import { useSessionStore } from '../session/session-store';
import { boundsMoney, type DeskGame, type GameSettings, percentOfBps } from './game-draft';
import { GameEditForm } from './game-edit-form';
import { inLanguage } from './in-language';

type DeskProvider = CallOutput<typeof deskGameList>['providers'][number];

export const catalogueKey = ['deskGames'] as const;

/** What a change asks of the server: a provider or a game on or off, or a game's settings. */
type CatalogueChange =
  | { kind: 'provider'; provider: DeskProvider; enabled: boolean; reason: string }
  | { kind: 'switch'; game: DeskGame; enabled: boolean; reason: string }
  | { kind: 'settings'; game: DeskGame; settings: GameSettings; reason: string };

function sendChange(change: CatalogueChange) {
  if (change.kind === 'provider')
    return callConsole(deskGameProviderSet, {
      provider: change.provider.provider,
      enabled: change.enabled,
      reason: change.reason,
    });
  const fields = change.kind === 'switch' ? { enabled: change.enabled } : change.settings;
  return callConsole(deskGameSet, { gameId: change.game.gameId, ...fields, reason: change.reason });
}

/**
 * The games desk's catalogue: the providers with their wallet mode, and every game with its
 * settings, on or off. Traders turn either on or off and change a game's settings, each with a
 * reason the server keeps in the audit log; the other roles read.
 */
export function GameCatalogue() {
  const { t, language } = useConsoleText();
  const queryClient = useQueryClient();
  const roles = useSessionStore((state) => state.session?.operator.roles ?? []);
  const canChange = canAct(roles, 'trader');
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const catalogue = useQuery({
    queryKey: [...catalogueKey, language],
    queryFn: () => callConsole(deskGameList, inLanguage({}, language)),
  });
  const change = useMutation({
    mutationFn: sendChange,
    onMutate: () => setNotice(null),
    onSuccess: (_answer, sent) => {
      if (sent.kind === 'settings') setEditing(null);
      const name = sent.kind === 'provider' ? sent.provider.name : sent.game.name;
      setNotice(
        sent.kind === 'settings'
          ? t('games.catalogue.saved', { name })
          : t(sent.enabled ? 'games.turnedOn' : 'games.turnedOff', { name }),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKey }),
  });
  const stateText = (enabled: boolean) => (enabled ? t('games.on') : t('games.off'));
  const switchAction = (testId: string, enabled: boolean, onConfirm: (reason: string) => void) =>
    canChange ? (
      <ReasonAction
        label={enabled ? t('games.turnOff') : t('games.turnOn')}
        testId={testId}
        isDanger={enabled}
        isBusy={change.isPending}
        onConfirm={onConfirm}
      />
    ) : null;
  const providerColumns: CardColumn<DeskProvider>[] = [
    { id: 'name', label: t('games.providers.provider'), cell: (provider) => provider.name },
    {
      id: 'walletMode',
      label: t('games.providers.walletMode'),
      cell: (provider) => t(`games.walletModes.${provider.walletMode}`),
    },
    {
      id: 'state',
      label: t('games.state'),
      cell: (provider) => stateText(provider.enabled),
      cellTestId: (provider) => `game-provider-state-${provider.provider}`,
    },
  ];
  if (canChange)
    providerColumns.push({
      id: 'actions',
      label: t('common.actions'),
      cell: (provider) =>
        switchAction(`game-provider-switch-${provider.provider}`, provider.enabled, (reason) =>
          change.mutate({ kind: 'provider', provider, enabled: !provider.enabled, reason }),
        ),
    });
  const gameColumns: CardColumn<DeskGame>[] = [
    { id: 'provider', label: t('games.providers.provider'), cell: (game) => game.providerName },
    {
      id: 'product',
      label: t('games.product'),
      cell: (game) => t(`games.products.${game.product}`),
    },
    { id: 'name', label: t('games.catalogue.name'), cell: (game) => game.name },
    {
      id: 'state',
      label: t('games.state'),
      cellTestId: (game) => `game-state-${game.gameId}`,
      cell: (game) => (
        <span>
          {stateText(game.enabled)}
          {game.providerEnabled ? null : (
            <span className="console-tag console-tag--danger">
              {t('games.catalogue.providerOff')}
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'houseEdge',
      label: t('games.houseEdge'),
      cellTestId: (game) => `game-edge-${game.gameId}`,
      cell: (game) => `${percentOfBps(game.houseEdgeBps)} %`,
    },
    {
      id: 'minStake',
      label: t('games.catalogue.minStake'),
      cell: (game) => boundsMoney(game.minStake),
    },
    {
      id: 'maxStake',
      label: t('games.catalogue.maxStake'),
      cell: (game) => boundsMoney(game.maxStake),
    },
    {
      id: 'maxPayout',
      label: t('games.catalogue.maxPayout'),
      cell: (game) => boundsMoney(game.maxPayout),
    },
  ];
  if (canChange)
    gameColumns.push({
      id: 'actions',
      label: t('common.actions'),
      cell: (game) => (
        <span className="console-row">
          <button
            type="button"
            className="console-button console-button--quiet"
            data-testid={`game-edit-${game.gameId}`}
            onClick={() => {
              setNotice(null);
              setEditing(game.gameId);
            }}
          >
            {t('games.catalogue.edit')}
          </button>
          {switchAction(`game-switch-${game.gameId}`, game.enabled, (reason) =>
            change.mutate({ kind: 'switch', game, enabled: !game.enabled, reason }),
          )}
        </span>
      ),
    });
  const games = catalogue.data?.games ?? [];
  const edited = games.find((game) => game.gameId === editing);
  return (
    <section className="console-section" data-testid="game-catalogue">
      <h2>{t('games.providers.title')}</h2>
      <p className="console-hint">{t('games.providers.hint')}</p>
      <Notice text={notice} testId="game-catalogue-result" />
      <ErrorNote error={change.error} testId="game-catalogue-action-error" />
      <ErrorNote error={catalogue.error} testId="game-catalogue-error" />
      {catalogue.data ? (
        <>
          <CardTable
            columns={providerColumns}
            rows={catalogue.data.providers}
            rowKey={(provider) => provider.provider}
            rowTestId={(provider) => `game-provider-${provider.provider}`}
            rowAttributes={(provider) => ({ 'data-enabled': String(provider.enabled) })}
            testId="game-providers"
            empty={<p data-testid="game-providers-none">{t('games.providers.none')}</p>}
          />
          <h2>{t('games.catalogue.title')}</h2>
          <p className="console-hint">{t('games.catalogue.hint')}</p>
          {edited ? (
            <GameEditForm
              // A fresh form per game, so one game's typing never shows under another's name.
              key={edited.gameId}
              game={edited}
              isBusy={change.isPending}
              onSave={(settings, reason) =>
                change.mutate({ kind: 'settings', game: edited, settings, reason })
              }
              onCancel={() => setEditing(null)}
            />
          ) : null}
          <CardTable
            columns={gameColumns}
            rows={games}
            rowKey={(game) => game.gameId}
            rowTestId={(game) => `game-${game.gameId}`}
            rowAttributes={(game) => ({ 'data-enabled': String(game.enabled) })}
            testId="games"
            empty={<p data-testid="games-none">{t('games.catalogue.none')}</p>}
          />
        </>
      ) : null}
    </section>
  );
}
