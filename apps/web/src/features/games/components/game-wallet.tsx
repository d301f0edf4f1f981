import type { Game } from '@sb/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import type { WalletBalance } from '../../../lib/balance/balance-map';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { failureTextOf, refreshAfterMoney, wasAnswered } from '../api/game-calls';
import { transferIntoGame, withdrawAllGames } from '../api/money-calls';
import { moneyText } from '../model/money-text';
import { minorOfText } from '../model/stake-text';

/**
 * The money beside a game: the main balance, the game's provider balance, the transfer dialog
 * (main → provider through `/game/play`) and "withdraw all" (every provider back to main). Each
 * money call keeps its idempotency key until the server answers, so a press after a lost answer
 * asks for the same movement and never moves the money twice.
 */
export function GameWallet({
  game,
  main,
  gameBalance,
}: {
  game: Game;
  main: WalletBalance | undefined;
  gameBalance: number;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isTransferOpen, setTransferOpen] = useState(false);
  const withdrawKey = useRef(newIdempotencyKey());
  const [isWithdrawing, setWithdrawing] = useState(false);
  const [note, setNote] = useState<{ text: string; isError: boolean } | null>(null);
  const scale = main?.scale ?? 2;
  const currency = main?.currencyCode ?? '';

  const withdrawAll = async () => {
    setWithdrawing(true);
    setNote(null);
    try {
      const answer = await withdrawAllGames({ currencyId: main?.currencyId }, withdrawKey.current);
      withdrawKey.current = newIdempotencyKey();
      setNote({
        text:
          answer.total > 0
            ? t('games.wallet.withdrawn', { amount: moneyText(answer.total, scale, currency) })
            : t('games.wallet.nothingToWithdraw'),
        isError: false,
      });
    } catch (error) {
      if (wasAnswered(error)) withdrawKey.current = newIdempotencyKey();
      setNote({ text: failureTextOf(error, t), isError: true });
    } finally {
      setWithdrawing(false);
      refreshAfterMoney(queryClient);
    }
  };

  return (
    <section className="game-wallet" data-testid="game-wallet">
      <dl className="game-wallet__figures">
        <div>
          <dt>{t('games.wallet.main')}</dt>
          <dd data-testid="game-main-balance">
            {main ? moneyText(main.available, scale, currency) : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('games.wallet.game')}</dt>
          <dd data-testid="game-balance" data-amount={gameBalance}>
            {moneyText(gameBalance, scale, currency)}
          </dd>
        </div>
      </dl>
      <div className="game-wallet__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setNote(null);
            setTransferOpen(true);
          }}
          data-testid="game-transfer-open"
        >
          {t('games.wallet.transfer')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={isWithdrawing}
          onClick={() => void withdrawAll()}
          data-testid="game-withdraw-all"
        >
          {t('games.wallet.withdrawAll')}
        </button>
      </div>
      {note ? (
        <p
          className={note.isError ? 'games-error' : 'games-ok'}
          role={note.isError ? 'alert' : 'status'}
          data-testid="game-wallet-note"
        >
          {note.text}
        </p>
      ) : null}
      {isTransferOpen ? (
        <TransferDialog
          game={game}
          main={main}
          gameBalance={gameBalance}
          onDone={(text) => setNote({ text, isError: false })}
          onClose={() => setTransferOpen(false)}
        />
      ) : null}
    </section>
  );
}

function TransferDialog({
  game,
  main,
  gameBalance,
  onDone,
  onClose,
}: {
  game: Game;
  main: WalletBalance | undefined;
  gameBalance: number;
  onDone(text: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = useRef(newIdempotencyKey());
  const [text, setText] = useState('');
  const [isSending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const scale = main?.scale ?? 2;
  const currency = main?.currencyCode ?? '';
  const amount = minorOfText(text, scale);
  const problem =
    text.trim() === ''
      ? null
      : amount === null
        ? t('games.transfer.invalidAmount', { scale })
        : amount === 0
          ? t('games.transfer.zero')
          : main && amount > main.available
            ? t('games.transfer.overBalance')
            : null;

  const send = async () => {
    if (amount === null || amount <= 0 || problem) return;
    setSending(true);
    setFailure(null);
    try {
      const answer = await transferIntoGame(
        { gameId: game.gameId, amount, currencyId: main?.currencyId },
        key.current,
      );
      onDone(t('games.transfer.done', { amount: moneyText(answer.transferred, scale, currency) }));
      onClose();
    } catch (error) {
      if (wasAnswered(error)) key.current = newIdempotencyKey();
      setFailure(failureTextOf(error, t));
    } finally {
      setSending(false);
      refreshAfterMoney(queryClient);
    }
  };

  return (
    <Modal title={t('games.transfer.title')} onClose={onClose} testId="game-transfer">
      <form
        className="game-transfer"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <dl className="game-wallet__figures">
          <div>
            <dt>{t('games.wallet.main')}</dt>
            <dd data-testid="game-transfer-main">
              {main ? moneyText(main.available, scale, currency) : '—'}
            </dd>
          </div>
          <div>
            <dt>{t('games.wallet.game')}</dt>
            <dd data-testid="game-transfer-game">{moneyText(gameBalance, scale, currency)}</dd>
          </div>
        </dl>
        <label className="games-field">
          <span>
            {t('games.transfer.amount')} ({currency})
          </span>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              key.current = newIdempotencyKey();
            }}
            data-testid="game-transfer-amount"
          />
        </label>
        {problem ? <p className="games-error">{problem}</p> : null}
        {failure ? (
          <p className="games-error" role="alert" data-testid="game-transfer-failure">
            {failure}
          </p>
        ) : null}
        <div className="game-transfer__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('games.transfer.close')}
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={isSending || amount === null || amount <= 0 || problem !== null}
            data-testid="game-transfer-submit"
          >
            {isSending ? t('games.transfer.sending') : t('games.transfer.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
