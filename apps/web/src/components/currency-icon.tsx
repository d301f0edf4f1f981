import aave from 'cryptocurrency-icons/svg/color/aave.svg?url&no-inline';
import avax from 'cryptocurrency-icons/svg/color/avax.svg?url&no-inline';
import bch from 'cryptocurrency-icons/svg/color/bch.svg?url&no-inline';
import bnb from 'cryptocurrency-icons/svg/color/bnb.svg?url&no-inline';
import btc from 'cryptocurrency-icons/svg/color/btc.svg?url&no-inline';
import cny from 'cryptocurrency-icons/svg/color/cny.svg?url&no-inline';
import dai from 'cryptocurrency-icons/svg/color/dai.svg?url&no-inline';
import dash from 'cryptocurrency-icons/svg/color/dash.svg?url&no-inline';
import doge from 'cryptocurrency-icons/svg/color/doge.svg?url&no-inline';
import etc from 'cryptocurrency-icons/svg/color/etc.svg?url&no-inline';
import eth from 'cryptocurrency-icons/svg/color/eth.svg?url&no-inline';
import generic from 'cryptocurrency-icons/svg/color/generic.svg?url&no-inline';
import ltc from 'cryptocurrency-icons/svg/color/ltc.svg?url&no-inline';
import matic from 'cryptocurrency-icons/svg/color/matic.svg?url&no-inline';
import sol from 'cryptocurrency-icons/svg/color/sol.svg?url&no-inline';
import trx from 'cryptocurrency-icons/svg/color/trx.svg?url&no-inline';
import uni from 'cryptocurrency-icons/svg/color/uni.svg?url&no-inline';
import usdc from 'cryptocurrency-icons/svg/color/usdc.svg?url&no-inline';
import usdt from 'cryptocurrency-icons/svg/color/usdt.svg?url&no-inline';
import wbtc from 'cryptocurrency-icons/svg/color/wbtc.svg?url&no-inline';
import xrp from 'cryptocurrency-icons/svg/color/xrp.svg?url&no-inline';
import xtz from 'cryptocurrency-icons/svg/color/xtz.svg?url&no-inline';
import arbitrum from './currency-icons/arbitrum.svg?url&no-inline';

/**
 * SPEC §9's currency icons, by upper-cased code. Each is a file of its own that the browser
 * fetches (and caches) when an icon is first drawn: none is inlined into the scripts.
 * Polygon's token was MATIC; its icon serves both names.
 */
const iconUrls: Readonly<Record<string, string>> = {
  AAVE: aave,
  ARB: arbitrum,
  ARBITRUM: arbitrum,
  AVAX: avax,
  BCH: bch,
  BNB: bnb,
  BTC: btc,
  CNY: cny,
  DAI: dai,
  DASH: dash,
  DOGE: doge,
  ETC: etc,
  ETH: eth,
  LTC: ltc,
  MATIC: matic,
  POLYGON: matic,
  POL: matic,
  SOL: sol,
  TRX: trx,
  UNI: uni,
  USDC: usdc,
  USDT: usdt,
  WBTC: wbtc,
  XRP: xrp,
  XTZ: xtz,
};

/** The network a token variant moves on (USDT-ERC20, USDT_TRC20), drawn as a badge. */
const networkIconUrls: Readonly<Record<string, string>> = { ERC20: eth, TRC20: trx };

/** The icon of a code: the coin's own, its network's badge for a variant, or the default. */
export function currencyIconOf(code: string): { url: string; networkUrl: string | null } {
  const [coin = '', network = ''] = code.trim().toUpperCase().split(/[-_ ]/);
  const url = iconUrls[coin] ?? iconUrls[code.trim().toUpperCase()];
  return { url: url ?? generic, networkUrl: url ? (networkIconUrls[network] ?? null) : null };
}

/**
 * A currency's icon beside its code (which the caller shows: the icon says nothing a reader
 * needs, so it is hidden from them). `sizePx` is the coin's diameter.
 */
export function CurrencyIcon({ code, sizePx = 20 }: { code: string; sizePx?: number }) {
  const { url, networkUrl } = currencyIconOf(code);
  return (
    <span
      className="currency-icon"
      style={{ width: sizePx, height: sizePx }}
      aria-hidden="true"
      data-testid="currency-icon"
      data-code={code}
      data-default={url === generic}
    >
      <img src={url} alt="" width={sizePx} height={sizePx} decoding="async" />
      {networkUrl ? (
        <img
          className="currency-icon__network"
          src={networkUrl}
          alt=""
          width={Math.round(sizePx / 2)}
          height={Math.round(sizePx / 2)}
          decoding="async"
        />
      ) : null}
    </span>
  );
}
