import { type GameProduct, gameProductAllowed, gameProducts } from '@sb/contract';
import { type GameSwitchName, hasProduct, productsOfSwitch, withProduct } from './game-switches';
import { useConsoleText } from './ui';

/**
 * One games switch (casino or lottery) as a checkbox per product it turns on; with `follows`,
 * first a checkbox to follow the site default, which leaves the products' boxes unused while
 * ticked. Test ids: `${testId}-follows`, `${testId}-<product>`.
 */
export function GameSwitchField({
  name,
  value,
  follows,
  testId,
  onValue,
  onFollows,
}: {
  name: GameSwitchName;
  value: number;
  follows?: boolean;
  testId: string;
  onValue(value: number): void;
  onFollows?(follows: boolean): void;
}) {
  const { t } = useConsoleText();
  return (
    <fieldset className="console-switch" data-testid={testId}>
      <legend>{t(`gameSwitches.${name}`)}</legend>
      {onFollows ? (
        <label className="console-switch__follows">
          <input
            type="checkbox"
            checked={follows ?? false}
            data-testid={`${testId}-follows`}
            onChange={(event) => onFollows(event.target.checked)}
          />
          {t('gameSwitches.follows')}
        </label>
      ) : null}
      {productsOfSwitch(name).map(({ product }) => (
        <label key={product}>
          <input
            type="checkbox"
            disabled={follows === true}
            checked={follows !== true && hasProduct(value, product)}
            data-testid={`${testId}-${product}`}
            onChange={(event) => onValue(withProduct(value, product, event.target.checked))}
          />
          {t(`games.products.${product}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** The products a pair of switch values lets a member see, in words ("no games product"). */
export function useProductsText() {
  const { t } = useConsoleText();
  return (switches: { casinoSw: number; lotterySw: number }) => {
    const allowed: GameProduct[] = gameProducts.filter((product) =>
      gameProductAllowed(product, switches),
    );
    return allowed.length === 0
      ? t('gameSwitches.nothing')
      : allowed.map((product) => t(`games.products.${product}`)).join(t('common.listSeparator'));
  };
}
