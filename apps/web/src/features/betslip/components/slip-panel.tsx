import { acceptOddsChoice } from '@sb/contract';
import { formatDisplayAmount, isRiskFlagged } from '@sb/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../../../lib/app-init/app-config';
import { slipLegOf } from '../../../lib/bet-naming/leg-naming';
import { useLegNaming } from '../../../lib/bet-naming/use-leg-naming';
import { freeBetReturnMinor } from '../../../lib/free-bets/free-bet-order';
import { useSessionStore } from '../../../lib/session/session-store';
import {
  combinedOdds,
  parlayProblemOf,
  parseStakeMinor,
  returnIfAllWinMinor,
  type SlipMode,
  type StakeProblem,
} from '../../../lib/slip/slip-rules';
import { type AcceptOdds, useSlipStore } from '../../../lib/slip/slip-store';
import { fetchLiveOptions } from '../api/match-leg-list';
import type { SlipStakeLimit } from '../api/order-amount-limit';
import { usePlaceBets } from '../hooks/use-place-bets';
import { useSlipFreeBets } from '../hooks/use-slip-free-bets';
import { parlayProblemTextKeys, stakeProblemTextKeys } from '../i18n';
import { isBelowFreeBetOdds } from '../model/free-bet-choice';
import { FreeBetChoice } from './free-bet-choice';
import { PlacementReceipt } from './placement-receipt';
import { SlipItems } from './slip-items';

/** Quick stakes in major units of the member's currency, added to what is typed. */
export const quickStakes = [10, 50, 100, 500] as const;

const modes: SlipMode[] = ['single', 'parlay'];

const acceptOddsOptions: { value: AcceptOdds; textKey: string }[] = [
  { value: acceptOddsChoice.anyChange, textKey: 'slip.acceptAny' },
  { value: acceptOddsChoice.onlyBetter, textKey: 'slip.acceptBetter' },
  { value: acceptOddsChoice.none, textKey: 'slip.acceptNone' },
];

function ModeSwitch() {
  const { t } = useTranslation();
  const mode = useSlipStore((state) => state.mode);
  const setMode = useSlipStore((state) => state.setMode);
  return (
    <fieldset className="slip-mode" data-testid="slip-mode" data-mode={mode}>
      {modes.map((candidate) => (
        <button
          key={candidate}
          type="button"
          className={candidate === mode ? 'slip-mode__button is-active' : 'slip-mode__button'}
          aria-pressed={candidate === mode}
          onClick={() => setMode(candidate)}
          data-testid={`slip-mode-${candidate}`}
        >
          {t(candidate === 'single' ? 'slip.modeSingle' : 'slip.modeParlay')}
        </button>
      ))}
    </fieldset>
  );
}

/** Adds a quick amount to the stake typed so far, in major units. */
function addQuickStake(stakeText: string, amount: number, scale: number): string {
  const current = parseStakeMinor(stakeText, scale) ?? 0;
  const total = current + amount * 10 ** scale;
  return formatDisplayAmount(total, scale).replaceAll(',', '');
}

/**
 * SPEC §4: when the slip is opened again its live items are read afresh (getlegList); an option
 * open again is refreshed and stays selected, a closed one shows a blank.
 */
function useRefreshLiveItemsOnOpen(): void {
  useEffect(() => {
    const { selections, refreshOption } = useSlipStore.getState();
    if (!selections.some((selection) => selection.isLive)) return;
    fetchLiveOptions(selections).then(
      (options) => {
        for (const option of options) refreshOption(option.oi, option);
      },
      // A failed refresh leaves the items as they were; placing checks the prices anyway.
      () => {},
    );
  }, []);
}

/**
 * The member's stake range for the slip (SPEC §7 amount/limit), and what is wrong with the stake
 * typed (not an amount, outside the range, more than the balance): said beside the stake field as
 * it is typed, before anything is placed.
 */
function StakeNotes({
  limit,
  problem,
  scale,
}: {
  limit: SlipStakeLimit | undefined;
  problem: StakeProblem | null;
  scale: number;
}) {
  const { t } = useTranslation();
  const money = (minor: number) => formatDisplayAmount(minor, limit?.scale ?? scale);
  const bound = problem === 'belowMin' ? limit?.minStake : limit?.maxStake;
  return (
    <>
      {limit ? (
        <p
          className="slip-stake__line"
          data-testid="stake-limits"
          data-min={limit.minStake}
          data-max={limit.maxStake}
        >
          {t('slip.stakeLimits', { min: money(limit.minStake), max: money(limit.maxStake) })}
        </p>
      ) : null}
      {problem ? (
        <p
          id="stake-problem"
          className="notice slip-stake__problem"
          role="alert"
          data-testid="stake-problem"
          data-kind={problem}
        >
          {t(stakeProblemTextKeys[problem], { amount: money(bound ?? 0), scale })}
        </p>
      ) : null}
    </>
  );
}

/** Says what the latest pick replaced: a slip takes one price per match and market (SPEC §5). */
function ReplacementNote() {
  const { t } = useTranslation();
  const replacement = useSlipStore((state) => state.replacement);
  const naming = useLegNaming();
  if (!replacement) return null;
  return (
    <p className="slip-note" role="status" data-testid="slip-replaced">
      {t('slip.replaced', {
        previous: replacement.previous
          .map((selection) => naming.selectionName(slipLegOf(selection)))
          .join(', '),
        current: naming.selectionName(slipLegOf(replacement.current)),
      })}
    </p>
  );
}

/** A parlay's price as the book will strike it: the product of the legs, rounded down. */
function SlipCombinedOdds() {
  const { t } = useTranslation();
  const selections = useSlipStore((state) => state.selections);
  const mode = useSlipStore((state) => state.mode);
  if (mode !== 'parlay' || selections.length < 2) return null;
  const odds = combinedOdds(selections.map((selection) => selection.odds));
  return (
    <p className="slip-stake__line" data-testid="slip-combined-odds" data-odds={odds}>
      <span>{t('legs.combinedOdds')}</span>
      <strong>{odds.toFixed(2)}</strong>
    </p>
  );
}

/**
 * SPEC §5 risk check: a stake at or above the member's `riskAmount` (with the app
 * configuration's `precision` decimals) is marked on the order for the book's review; the slip
 * says so before the member places it. The bet is not refused (docs/betting.md, Risk amount).
 */
function RiskNotice({ stakeMinor, scale }: { stakeMinor: number | null; scale: number }) {
  const { t } = useTranslation();
  const riskAmount = useSessionStore((state) => state.userInfo?.riskAmount ?? 0);
  if (stakeMinor === null) return null;
  const { precision } = appConfig();
  if (!isRiskFlagged({ amountMinor: stakeMinor, scale, riskAmount, precision })) return null;
  return (
    <p className="notice" data-testid="risk-notice">
      {t('slip.riskStake')}
    </p>
  );
}

/** The slip of a signed-in member: selections, mode, stake, odds-change choice, placing. */
export function SlipPanel({ isDemo }: { isDemo: boolean }) {
  const { t } = useTranslation();
  useRefreshLiveItemsOnOpen();
  const [stakeText, setStakeText] = useState('');
  const selections = useSlipStore((state) => state.selections);
  const mode = useSlipStore((state) => state.mode);
  const acceptOdds = useSlipStore((state) => state.acceptOdds);
  const setAcceptOdds = useSlipStore((state) => state.setAcceptOdds);
  const clear = useSlipStore((state) => state.clear);
  const [freeBetId, setFreeBetId] = useState<number | null>(null);
  const freeBets = useSlipFreeBets(freeBetId);
  const freeBet = freeBets.chosen;
  const {
    placeBets,
    isPlacing,
    balance,
    session,
    stakeLimit,
    stakeProblem,
    stakeText: betStake,
  } = usePlaceBets(stakeText, freeBet);
  const isMember = (session?.memberId ?? 0) > 0;

  const scale = balance?.scale ?? 2;
  // With a free bet chosen its amount is the stake, shown in the field and locked there.
  const stakeMinor = parseStakeMinor(betStake, scale);
  const legOdds = selections.map((selection) => selection.odds);
  const isBelowFreeBetOddsNow = freeBet !== null && isBelowFreeBetOdds(freeBet, legOdds);
  const betCount = mode === 'parlay' ? 1 : selections.length;
  const problem = mode === 'parlay' && selections.length > 0 ? parlayProblemOf(selections) : null;
  const returnMinor =
    stakeMinor === null
      ? 0
      : mode === 'parlay'
        ? returnIfAllWinMinor(
            stakeMinor,
            selections.map((s) => s.odds),
          )
        : selections.reduce((sum, s) => sum + returnIfAllWinMinor(stakeMinor, [s.odds]), 0);
  // A free bet's win pays the return without the stake.
  const shownReturn =
    freeBet && stakeMinor !== null ? freeBetReturnMinor(stakeMinor, returnMinor) : returnMinor;

  return (
    <div className="slip-panel">
      <ModeSwitch />
      <SlipItems />
      <ReplacementNote />
      {problem ? (
        <p className="notice" data-testid="slip-problem">
          {t(parlayProblemTextKeys[problem])}
        </p>
      ) : null}
      {selections.length > 0 ? (
        <button type="button" className="link-button" onClick={clear} data-testid="slip-clear">
          {t('slip.clear')}
        </button>
      ) : null}
      {isDemo ? <p className="notice">{t('slip.demo')}</p> : null}
      {!isMember && selections.length > 0 ? (
        <p className="slip-note" data-testid="slip-visitor-kept">
          {t('slip.visitorKept')}
        </p>
      ) : null}
      <div className="slip-stake">
        {isMember ? (
          <FreeBetChoice
            offered={freeBets.offered}
            slot={freeBets.slot}
            chosen={freeBet}
            legOdds={legOdds}
            onChoose={setFreeBetId}
          />
        ) : null}
        <label className="field">
          <span className="field__label">
            {freeBet
              ? t('freeBetOrder.stake')
              : mode === 'single' && selections.length > 1
                ? t('slip.stakePerBet')
                : t('slip.stake')}
          </span>
          <input
            className="field__input"
            inputMode="decimal"
            value={betStake}
            onChange={(event) => setStakeText(event.target.value)}
            readOnly={freeBet !== null}
            data-free-bet={freeBet?.id ?? ''}
            aria-invalid={stakeProblem !== null}
            aria-describedby={stakeProblem ? 'stake-problem' : undefined}
            data-testid="stake-input"
          />
        </label>
        <StakeNotes limit={stakeLimit} problem={stakeProblem} scale={scale} />
        <RiskNotice stakeMinor={stakeMinor} scale={scale} />
        <div className="slip-stake__quick">
          {quickStakes.map((amount) => (
            <button
              key={amount}
              type="button"
              className="button button--ghost"
              disabled={freeBet !== null}
              onClick={() => setStakeText(addQuickStake(stakeText, amount, scale))}
              data-testid="stake-quick"
              data-amount={amount}
            >
              +{amount}
            </button>
          ))}
        </div>
        {balance ? (
          <p className="slip-stake__line">
            <span>{t('slip.available')}</span>
            <strong data-testid="slip-available">
              {formatDisplayAmount(balance.available, balance.scale)} {balance.currencyCode}
            </strong>
          </p>
        ) : null}
        {balance && balance.bonusAmount > 0 && freeBet === null ? (
          <p className="slip-stake__line">
            <span>{t('slip.bonusAvailable')}</span>
            <strong data-testid="slip-bonus-available">
              {formatDisplayAmount(balance.bonusAmount, balance.scale)} {balance.currencyCode}
            </strong>
          </p>
        ) : null}
        {stakeMinor !== null && betCount > 1 ? (
          <p className="slip-stake__line">
            <span>{t('slip.totalStake')}</span>
            <strong data-testid="slip-total-stake">
              {formatDisplayAmount(stakeMinor * betCount, scale)}
            </strong>
          </p>
        ) : null}
        <SlipCombinedOdds />
        <p className="slip-stake__line">
          <span>{t(freeBet ? 'slip.freeBetReturn' : 'slip.potentialReturn')}</span>
          <strong data-testid="slip-return" data-free-bet={freeBet !== null}>
            {formatDisplayAmount(shownReturn, scale)}
          </strong>
        </p>
      </div>
      <label className="field">
        <span className="field__label">{t('slip.acceptOdds')}</span>
        <select
          className="field__input"
          value={acceptOdds}
          onChange={(event) => setAcceptOdds(Number(event.target.value) as AcceptOdds)}
          data-testid="accept-odds"
        >
          {acceptOddsOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {t(option.textKey)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button button--primary button--block"
        disabled={
          isMember &&
          (isPlacing ||
            selections.length === 0 ||
            stakeMinor === null ||
            stakeProblem !== null ||
            isBelowFreeBetOddsNow)
        }
        onClick={() => void placeBets()}
        data-testid="place-bet"
        data-placing={isPlacing}
      >
        {isMember ? (isPlacing ? t('slip.placing') : t('slip.placeBet')) : t('slip.loginToBet')}
      </button>
      <PlacementReceipt />
    </div>
  );
}
