/**
 * The rules of a saved payout (withdrawal) account, SPEC §5 "Add account". Pure, so the add
 * form and the server refuse exactly the same input with the same words.
 *
 * An account's `type` is the merchant code of the withdrawal channel it is for (SPEC §2 add
 * account form): 0 bank card, 1 digital currency, 2 local bank, 3 and 5 digital address, 4 needs
 * no account, 6 and 7 Pix. The wire fields keep SPEC's names: `bankNo` holds the card number,
 * the wallet address or the Pix key; `name` the bank name; `extend1` the holder's CPF for Pix
 * keys that are not a tax document themselves.
 */

export const payoutAccountTypes = {
  bankCard: 0,
  digitalCurrency: 1,
  localBank: 2,
  digitalAddress: 3,
  /** Paid back along the route of the member's deposit, so no account is saved for it. */
  noAccount: 4,
  digitalAddressAlternate: 5,
  pixKey: 6,
  pixDocument: 7,
} as const;

/** SPEC §9: at most 3 saved payout accounts per type. */
export const maxPayoutAccountsPerType = 3;

/** SPEC §9 Pix-style account kinds, sent as `accountType`. Type 6 takes keys, type 7 documents. */
export const pixKeyKinds = ['PIX_PHONE', 'PIX_EMAIL', 'PIX_EVP'] as const;
export const pixDocumentKinds = ['PIX_CPF', 'PIX_CNPJ'] as const;
export type PixKind = (typeof pixKeyKinds)[number] | (typeof pixDocumentKinds)[number];

/**
 * An account number (card, address or Pix key) with only its ends shown: enough for a member or
 * an operator to tell accounts apart, too little for an onlooker to copy one. The member's lists
 * and the finance desk's queue show numbers this way.
 */
export function maskAccountNumber(accountNumber: string): string {
  const text = accountNumber.trim();
  if (text.length <= 4) return text;
  if (text.length <= 8) return `****${text.slice(-4)}`;
  return `${text.slice(0, 4)} **** ${text.slice(-4)}`;
}

/** SPEC §5 maximum lengths; the local bank form is tighter for card number and real name. */
export const payoutFieldMaxLength = {
  bankCard: 50,
  localBankCard: 30,
  realName: 50,
  localBankRealName: 30,
  phone: 14,
  walletAddress: 90,
  bankName: 50,
  /** An e-mail Pix key may be at most 77 characters (the Pix directory's own limit). */
  pixEmail: 77,
} as const;

/** Shortest accepted numbers, so a stray keystroke is not saved as an account. */
export const payoutFieldMinLength = { bankCard: 10, localBankCard: 6, phone: 6 } as const;

/** SPEC §5 wallet address rule of one group of coin outer ids. */
export interface WalletAddressRule {
  outerIds: readonly number[];
  /** The address starts with this text (case-sensitive); empty when any start is fine. */
  prefix: string;
  minLength: number;
  maxLength: number;
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** SPEC §5's table of address rules by the coin's outer id. */
export const walletAddressRules: readonly WalletAddressRule[] = [
  {
    outerIds: [1001, 1004, ...range(1007, 1015), ...range(1018, 1020)],
    prefix: '0x',
    minLength: 42,
    maxLength: 42,
  },
  { outerIds: [1002, 1005, 1016], prefix: 'T', minLength: 34, maxLength: 34 },
  { outerIds: [1006], prefix: 'r', minLength: 34, maxLength: 34 },
  { outerIds: [1022, 1023], prefix: '', minLength: 32, maxLength: 44 },
];

export function findWalletAddressRule(outerId: number): WalletAddressRule | undefined {
  return walletAddressRules.find((rule) => rule.outerIds.includes(outerId));
}

/** SPEC §5 input filters: addresses keep letters, digits, hyphen and underscore; phones digits. */
export const keepAddressCharacters = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '');
export const keepDigits = (text: string) => text.replace(/\D/g, '');

const addressCharacters = /^[A-Za-z0-9_-]+$/;
const digitsOnly = /^\d+$/;

/** Why an address fails, in words for the member; null when it is fine for the coin. */
export function describeWalletAddressProblem(outerId: number, address: string): string | null {
  if (address === '') return 'is required';
  if (address.length > payoutFieldMaxLength.walletAddress)
    return `must be at most ${payoutFieldMaxLength.walletAddress} characters`;
  if (!addressCharacters.test(address))
    return 'may hold only letters, digits, hyphen and underscore';
  const rule = findWalletAddressRule(outerId);
  if (!rule) return null;
  const length =
    rule.minLength === rule.maxLength
      ? `${rule.minLength}`
      : `${rule.minLength} to ${rule.maxLength}`;
  const shape = rule.prefix
    ? `must start with "${rule.prefix}" and be ${length} characters long`
    : `must be ${length} characters long`;
  if (!address.startsWith(rule.prefix)) return shape;
  if (address.length < rule.minLength || address.length > rule.maxLength) return shape;
  return null;
}

export function isValidWalletAddress(outerId: number, address: string): boolean {
  return describeWalletAddressProblem(outerId, address) === null;
}

/** Brazilian CPF (11 digits) or CNPJ (14 digits) with both check digits right. */
function hasValidCheckDigits(digits: string, firstWeights: number[]): boolean {
  if (!digitsOnly.test(digits) || /^(\d)\1*$/.test(digits)) return false;
  const checkDigit = (body: string, weights: number[]) => {
    const sum = weights.reduce((total, weight, index) => total + weight * Number(body[index]), 0);
    const remainder = sum % 11;
    return remainder < 2 ? 0 : 11 - remainder;
  };
  const bodyLength = firstWeights.length;
  const first = checkDigit(digits.slice(0, bodyLength), firstWeights);
  const secondWeights = [firstWeights[0] === 10 ? 11 : 6, ...firstWeights];
  const second = checkDigit(digits.slice(0, bodyLength + 1), secondWeights);
  return Number(digits[bodyLength]) === first && Number(digits[bodyLength + 1]) === second;
}

export function isValidCpf(text: string): boolean {
  return text.length === 11 && hasValidCheckDigits(text, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
}

export function isValidCnpj(text: string): boolean {
  return text.length === 14 && hasValidCheckDigits(text, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
}

/** Why a Pix key of this kind is wrong, or null when it is fine. */
export function describePixKeyProblem(kind: PixKind, key: string): string | null {
  switch (kind) {
    case 'PIX_PHONE':
      return /^55\d{10,11}$/.test(key)
        ? null
        : 'must be 55, the area code and the number: 12 or 13 digits';
    case 'PIX_EMAIL':
      if (key.length > payoutFieldMaxLength.pixEmail)
        return `must be at most ${payoutFieldMaxLength.pixEmail} characters`;
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(key) ? null : 'must be an e-mail address';
    case 'PIX_EVP':
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key)
        ? null
        : 'must be a random key of 36 characters (8-4-4-4-12 hexadecimal)';
    case 'PIX_CPF':
      return isValidCpf(key) ? null : 'must be a valid CPF of 11 digits';
    case 'PIX_CNPJ':
      return isValidCnpj(key) ? null : 'must be a valid CNPJ of 14 digits';
  }
}

export type PayoutAccountField =
  | 'bankNo'
  | 'realName'
  | 'mobile'
  | 'name'
  | 'accountType'
  | 'extend1';

/** A saved account's fields as the add form sends them; empty text means "not given". */
export interface PayoutAccountInput {
  /** The channel's merchant code. */
  type: number;
  /** The channel's coin outer id; only digital address types use it. */
  outerId: number;
  bankNo?: string | undefined;
  realName?: string | undefined;
  mobile?: string | undefined;
  name?: string | undefined;
  accountType?: string | undefined;
  extend1?: string | undefined;
}

export interface PayoutAccountIssue {
  field: PayoutAccountField;
  /** `walletAddress` failures get SPEC's own invalid-wallet-address message on the client. */
  kind: 'required' | 'notUsed' | 'tooLong' | 'tooShort' | 'characters' | 'walletAddress' | 'format';
  message: string;
}

/** The account as stored: every field trimmed, fields the type does not use are null. */
export interface PayoutAccountValues {
  bankNo: string;
  realName: string | null;
  mobile: string | null;
  name: string | null;
  accountType: PixKind | null;
  extend1: string | null;
  /** The wallet address of digital types, null for the others. */
  address: string | null;
  /**
   * What makes two accounts of a type the same: the number as stored (e-mail and random Pix keys
   * are stored in lower case), except that 0x addresses are compared without regard to case.
   */
  duplicateKey: string;
}

export type PayoutAccountCheck =
  | { ok: true; values: PayoutAccountValues }
  | { ok: false; issues: PayoutAccountIssue[] };

type FieldRule = (value: string) => Omit<PayoutAccountIssue, 'field'> | null;

const lengthRule =
  (min: number, max: number): FieldRule =>
  (value) => {
    if (value.length > max)
      return { kind: 'tooLong', message: `must be at most ${max} characters` };
    if (value.length < min)
      return { kind: 'tooShort', message: `must be at least ${min} characters` };
    return null;
  };

const digitsRule: FieldRule = (value) =>
  digitsOnly.test(value) ? null : { kind: 'characters', message: 'may hold only digits' };

/** Letters of any script, with the spaces, dots, apostrophes and hyphens names carry. */
const realNameRule: FieldRule = (value) =>
  /^\p{L}[\p{L}\p{M} .·'’-]*$/u.test(value)
    ? null
    : { kind: 'characters', message: 'must be a name: letters, spaces, dots and hyphens' };

const printableRule: FieldRule = (value) =>
  /^[^\p{Cc}]+$/u.test(value)
    ? null
    : { kind: 'characters', message: 'must not hold control characters' };

interface FieldSpec {
  isRequired: boolean;
  rules: FieldRule[];
}

const phoneSpec = (isRequired: boolean): FieldSpec => ({
  isRequired,
  rules: [digitsRule, lengthRule(payoutFieldMinLength.phone, payoutFieldMaxLength.phone)],
});
const realNameSpec = (max: number): FieldSpec => ({
  isRequired: true,
  rules: [lengthRule(1, max), realNameRule],
});
const bankNameSpec = (isRequired: boolean): FieldSpec => ({
  isRequired,
  rules: [lengthRule(1, payoutFieldMaxLength.bankName), printableRule],
});

/** The fields each type takes; a field missing here must be left empty for that type. */
function fieldSpecsOf(type: number): Partial<Record<PayoutAccountField, FieldSpec>> | null {
  switch (type) {
    case payoutAccountTypes.bankCard:
      return {
        bankNo: {
          isRequired: true,
          rules: [
            digitsRule,
            lengthRule(payoutFieldMinLength.bankCard, payoutFieldMaxLength.bankCard),
          ],
        },
        realName: realNameSpec(payoutFieldMaxLength.realName),
        mobile: phoneSpec(true),
        name: bankNameSpec(false),
      };
    case payoutAccountTypes.localBank:
      return {
        bankNo: {
          isRequired: true,
          rules: [
            digitsRule,
            lengthRule(payoutFieldMinLength.localBankCard, payoutFieldMaxLength.localBankCard),
          ],
        },
        realName: realNameSpec(payoutFieldMaxLength.localBankRealName),
        mobile: phoneSpec(false),
        name: bankNameSpec(true),
      };
    case payoutAccountTypes.digitalCurrency:
    case payoutAccountTypes.digitalAddress:
    case payoutAccountTypes.digitalAddressAlternate:
      // SPEC: a digital type needs only the address; `name` may label it.
      return { bankNo: { isRequired: true, rules: [] }, name: bankNameSpec(false) };
    case payoutAccountTypes.pixKey:
      return {
        accountType: { isRequired: true, rules: [] },
        bankNo: { isRequired: true, rules: [] },
        realName: realNameSpec(payoutFieldMaxLength.realName),
        extend1: { isRequired: true, rules: [] },
      };
    case payoutAccountTypes.pixDocument:
      return {
        accountType: { isRequired: true, rules: [] },
        bankNo: { isRequired: true, rules: [] },
        realName: realNameSpec(payoutFieldMaxLength.realName),
      };
    default:
      return null;
  }
}

/** Whether members save accounts of this type (every known type but 4). */
export function typeTakesPayoutAccount(type: number): boolean {
  return fieldSpecsOf(type) !== null;
}

export function isDigitalAddressType(type: number): boolean {
  return (
    type === payoutAccountTypes.digitalCurrency ||
    type === payoutAccountTypes.digitalAddress ||
    type === payoutAccountTypes.digitalAddressAlternate
  );
}

const allFields: PayoutAccountField[] = [
  'bankNo',
  'realName',
  'mobile',
  'name',
  'accountType',
  'extend1',
];

/** The rules that depend on more than one field: addresses by coin, Pix keys by kind. */
function typeSpecificIssue(
  input: PayoutAccountInput,
  text: Record<PayoutAccountField, string>,
): PayoutAccountIssue | null {
  if (isDigitalAddressType(input.type)) {
    const problem = describeWalletAddressProblem(input.outerId, text.bankNo);
    return problem ? { field: 'bankNo', kind: 'walletAddress', message: problem } : null;
  }
  const isPixKey = input.type === payoutAccountTypes.pixKey;
  if (isPixKey || input.type === payoutAccountTypes.pixDocument) {
    const kinds: readonly string[] = isPixKey ? pixKeyKinds : pixDocumentKinds;
    if (!kinds.includes(text.accountType))
      return {
        field: 'accountType',
        kind: 'format',
        message: `must be one of ${kinds.join(', ')}`,
      };
    const problem = describePixKeyProblem(text.accountType as PixKind, text.bankNo);
    if (problem) return { field: 'bankNo', kind: 'format', message: problem };
    if (isPixKey && !isValidCpf(text.extend1))
      return { field: 'extend1', kind: 'format', message: "must be the holder's CPF: 11 digits" };
  }
  return null;
}

/** 0x addresses are hexadecimal, where letter case is only a checksum. */
function duplicateKeyOf(type: number, bankNo: string): string {
  return isDigitalAddressType(type) && bankNo.startsWith('0x') ? bankNo.toLowerCase() : bankNo;
}

/**
 * Checks a new payout account against SPEC §5: the fields its type requires, character filters,
 * maximum lengths, the wallet address rule of the channel's coin, and the Pix key rules. Answers
 * every field's first problem, or the values to store.
 */
export function checkPayoutAccount(input: PayoutAccountInput): PayoutAccountCheck {
  const specs = fieldSpecsOf(input.type);
  if (!specs) throw new Error(`type ${input.type} takes no payout account`);
  const text = Object.fromEntries(
    allFields.map((field) => [field, (input[field] ?? '').trim()]),
  ) as Record<PayoutAccountField, string>;
  const issues: PayoutAccountIssue[] = [];
  for (const field of allFields) {
    const spec = specs[field];
    const value = text[field];
    if (!spec) {
      if (value !== '')
        issues.push({ field, kind: 'notUsed', message: 'is not used by this account type' });
      continue;
    }
    if (value === '') {
      if (spec.isRequired) issues.push({ field, kind: 'required', message: 'is required' });
      continue;
    }
    for (const rule of spec.rules) {
      const problem = rule(value);
      if (problem) {
        issues.push({ field, ...problem });
        break;
      }
    }
  }
  if (issues.length === 0) {
    const issue = typeSpecificIssue(input, text);
    if (issue) issues.push(issue);
  }
  if (issues.length > 0) return { ok: false, issues };

  const orNull = (value: string) => (value === '' ? null : value);
  const isLowerCaseKey = text.accountType === 'PIX_EMAIL' || text.accountType === 'PIX_EVP';
  const bankNo = isLowerCaseKey ? text.bankNo.toLowerCase() : text.bankNo;
  return {
    ok: true,
    values: {
      bankNo,
      realName: orNull(text.realName),
      mobile: orNull(text.mobile),
      name: orNull(text.name),
      accountType: orNull(text.accountType) as PixKind | null,
      extend1: orNull(text.extend1),
      address: isDigitalAddressType(input.type) ? bankNo : null,
      duplicateKey: duplicateKeyOf(input.type, bankNo),
    },
  };
}
