/**
 * The names of pay types, withdrawal channels and Pix kinds in the page's language. The server's
 * `payTypeName` is its own record, in English; the screens name a way by its code instead
 * (`payType`, `accountType`), and a code they do not know by its type, which every language
 * names, so no English reaches a Chinese page.
 */

/** The translate function of react-i18next, as far as these names need it. */
export type Translate = (key: string, options?: { defaultValue?: string }) => string;

/** A deposit way of types 2, 3, 4, 6 and 7 (coins and conversions are named by their codes). */
export function depositWayName(
  t: Translate,
  way: { payType: string; merchantCode: number },
): string {
  return t(`walletUi.depositWays.${way.payType}`, {
    defaultValue: t(`walletUi.depositTypes.${way.merchantCode}`),
  });
}

/** A withdrawal channel, or a saved account's channel. */
export function withdrawChannelName(
  t: Translate,
  channel: { payType?: string | undefined; merchantCode: number },
): string {
  const typeName = t(`walletUi.withdrawTypes.${channel.merchantCode}`);
  return channel.payType
    ? t(`walletUi.withdrawChannels.${channel.payType}`, { defaultValue: typeName })
    : typeName;
}

/** A Pix key or document kind (SPEC §9: PIX_PHONE, PIX_EMAIL, PIX_EVP, PIX_CPF, PIX_CNPJ). */
export function pixKindName(t: Translate, kind: string): string {
  return t(`walletUi.pixKinds.${kind}`, { defaultValue: kind });
}

/**
 * How a saved account is named in a list or dropdown beside its masked number: the bank's name
 * (or the member's label for an address) when saved, else its Pix kind, else its channel.
 */
export function payoutAccountLabel(
  t: Translate,
  account: { name: string | null; accountType: string | null; merchantCode: number },
  channel?: { payType: string } | null,
): string {
  if (account.name) return account.name;
  if (account.accountType) return pixKindName(t, account.accountType);
  return withdrawChannelName(t, { payType: channel?.payType, merchantCode: account.merchantCode });
}
