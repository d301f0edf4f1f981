import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencyIcon } from '../../../components/currency-icon';
import { displayAvailable, type WalletBalance } from '../../../lib/balance/balance-map';
import { refreshWalletBalance, useWalletBalance } from '../../../lib/balance/wallet-balance';
import { showToast } from '../../../lib/toast-store';
import { encodeQr, qrDefaults, qrDots } from '../model/qr-code';
import { useWalletMember } from './wallet-context';

/** The member's balance in one currency (the current one when not given). */
export function useBalanceOf(currencyId?: number): WalletBalance | undefined {
  const { owner } = useWalletMember();
  const balances = useWalletBalance(owner).data;
  if (!balances) return undefined;
  const all = [...balances.values()];
  if (currencyId === undefined) return balances.get(owner.assetID) ?? all[0];
  return all.find((entry) => entry.currencyId === currencyId);
}

/** Available balance with a refresh icon, as the deposit and withdraw forms show it. */
export function BalanceLine({ currencyId, testId }: { currencyId?: number; testId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const balance = useBalanceOf(currencyId);
  return (
    <div className="wallet-balance-line">
      <span>{t('walletUi.balance.label')}</span>
      <strong data-testid={testId}>
        {balance ? `${displayAvailable(balance)} ${balance.currencyCode}` : '0.00'}
      </strong>
      <button
        type="button"
        className="wallet-link"
        onClick={() => void refreshWalletBalance(queryClient)}
        data-testid={`${testId}-refresh`}
        aria-label={t('walletUi.balance.refresh')}
        title={t('walletUi.balance.refresh')}
      >
        ↻
      </button>
    </div>
  );
}

/** A currency choice: its icon (SPEC §9) and its code, or the text given. */
export function CurrencyLabel({ code, children }: { code: string; children?: ReactNode }) {
  return (
    <span className="currency-label">
      <CurrencyIcon code={code} sizePx={16} />
      {children ?? code}
    </span>
  );
}

/** Copies text and says so with SPEC's copy-success toast. */
export function CopyButton({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Without clipboard access (an insecure origin), fall back to a selection copy.
      const area = document.createElement('textarea');
      area.value = text;
      document.body.append(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    showToast('success', t('walletUi.deposit.copied'));
  };
  return (
    <button type="button" className="wallet-copy" onClick={() => void copy()} data-testid={testId}>
      {t('walletUi.deposit.copy')}
    </button>
  );
}

/** A QR code as SVG squares (SPEC §9: margin 20, level M, 200 wide in components). */
export function QrImage({
  text,
  sizePx = qrDefaults.componentSizePx,
  dotScale = 1,
  testId,
}: {
  text: string;
  sizePx?: number;
  dotScale?: number;
  testId: string;
}) {
  const dots = useMemo(() => {
    const code = encodeQr(text, qrDefaults.level);
    return qrDots(code, { sizePx, marginPx: qrDefaults.marginPx, dotScale });
  }, [text, sizePx, dotScale]);
  return (
    <svg
      className="wallet-qr"
      width={sizePx}
      height={sizePx}
      viewBox={`0 0 ${sizePx} ${sizePx}`}
      role="img"
      aria-label={text}
      data-testid={testId}
      data-qr-text={text}
    >
      <rect width={sizePx} height={sizePx} fill="#fff" />
      <path
        fill="#000"
        d={dots.map((dot) => `M${dot.x} ${dot.y}h${dot.size}v${dot.size}h${-dot.size}z`).join('')}
      />
    </svg>
  );
}

/**
 * A row of chips choosing one of `options` (the wallet's types, currencies, ways, ranges).
 * `asTabs` marks a row that switches the panel below it (tabs); the others are toggle buttons.
 */
export function ChoiceChips<T extends string | number>({
  options,
  chosen,
  onChoose,
  label,
  testId,
  dataOf,
  asTabs = false,
}: {
  options: readonly T[];
  chosen: T | null | undefined;
  onChoose: (option: T) => void;
  label: (option: T) => ReactNode;
  testId: string | ((option: T) => string);
  /** Data attributes a chip carries besides its test id, for the tests that pick one. */
  dataOf?: (option: T) => Record<`data-${string}`, string | number>;
  asTabs?: boolean;
}) {
  return (
    <div className="wallet-chips" role={asTabs ? 'tablist' : undefined}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          {...(asTabs
            ? { role: 'tab', 'aria-selected': option === chosen }
            : { 'aria-pressed': option === chosen })}
          className={option === chosen ? 'wallet-chip is-active' : 'wallet-chip'}
          onClick={() => onChoose(option)}
          data-testid={typeof testId === 'string' ? testId : testId(option)}
          {...dataOf?.(option)}
        >
          {label(option)}
        </button>
      ))}
    </div>
  );
}
