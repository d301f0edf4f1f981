import type { WithdrawChannel } from '@sb/contract';
import {
  checkPayoutAccount,
  isDigitalAddressType,
  keepAddressCharacters,
  keepDigits,
  type PayoutAccountField,
  type PayoutAccountIssue,
  payoutAccountTypes,
  payoutFieldMaxLength,
  pixDocumentKinds,
  pixKeyKinds,
} from '@sb/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field';
import { showToast } from '../../../lib/toast-store';
import { addPayoutAccount, refreshPayoutAccounts } from '../api/withdraw-calls';
import { pixKindName, withdrawChannelName } from '../model/pay-method-names';

type Values = Record<PayoutAccountField, string>;

interface FieldSpec {
  field: PayoutAccountField;
  label: string;
  maxLength: number;
  /** SPEC §5 input filters: addresses keep letters, digits, - and _; phones and cards digits. */
  filter?: (text: string) => string;
  isRequired: boolean;
}

/** The form's fields for a type, with SPEC §5's lengths and filters. */
function fieldsOf(type: number, t: (key: string) => string): FieldSpec[] {
  const max = payoutFieldMaxLength;
  const label = (key: string) => t(`walletUi.accounts.${key}`);
  if (isDigitalAddressType(type)) {
    return [
      {
        field: 'bankNo',
        label: label('address'),
        maxLength: max.walletAddress,
        filter: keepAddressCharacters,
        isRequired: true,
      },
      { field: 'name', label: label('label'), maxLength: max.bankName, isRequired: false },
    ];
  }
  switch (type) {
    case payoutAccountTypes.bankCard:
      return [
        {
          field: 'bankNo',
          label: label('bankCardNo'),
          maxLength: max.bankCard,
          filter: keepDigits,
          isRequired: true,
        },
        { field: 'realName', label: label('realName'), maxLength: max.realName, isRequired: true },
        {
          field: 'mobile',
          label: label('mobile'),
          maxLength: max.phone,
          filter: keepDigits,
          isRequired: true,
        },
        { field: 'name', label: label('bankName'), maxLength: max.bankName, isRequired: false },
      ];
    case payoutAccountTypes.localBank:
      return [
        {
          field: 'bankNo',
          label: label('bankCardNo'),
          maxLength: max.localBankCard,
          filter: keepDigits,
          isRequired: true,
        },
        {
          field: 'realName',
          label: label('realName'),
          maxLength: max.localBankRealName,
          isRequired: true,
        },
        { field: 'name', label: label('bankName'), maxLength: max.bankName, isRequired: true },
        {
          field: 'mobile',
          label: label('mobile'),
          maxLength: max.phone,
          filter: keepDigits,
          isRequired: false,
        },
      ];
    case payoutAccountTypes.pixKey:
      return [
        { field: 'bankNo', label: label('pixKey'), maxLength: max.pixEmail, isRequired: true },
        { field: 'realName', label: label('realName'), maxLength: max.realName, isRequired: true },
        {
          field: 'extend1',
          label: label('holderCpf'),
          maxLength: 11,
          filter: keepDigits,
          isRequired: true,
        },
      ];
    default:
      return [
        {
          field: 'bankNo',
          label: label('pixDocument'),
          maxLength: 14,
          filter: keepDigits,
          isRequired: true,
        },
        { field: 'realName', label: label('realName'), maxLength: max.realName, isRequired: true },
      ];
  }
}

function issueText(issue: PayoutAccountIssue, t: (key: string) => string): string {
  if (issue.kind === 'walletAddress') return t('walletUi.accounts.invalidAddress');
  const key = { required: 'required', tooLong: 'tooLong', tooShort: 'tooShort' }[
    issue.kind as string
  ];
  return key
    ? t(`walletUi.accounts.${key}`)
    : `${t('walletUi.accounts.invalid')}: ${issue.message}`;
}

/** SPEC §2 add withdrawal account form, checked by the rules the server applies. */
export function AddAccountForm({
  channel,
  onClose,
}: {
  channel: WithdrawChannel;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const type = channel.merchantCode;
  const pixKinds: readonly string[] =
    type === payoutAccountTypes.pixKey
      ? pixKeyKinds
      : type === payoutAccountTypes.pixDocument
        ? pixDocumentKinds
        : [];
  const [values, setValues] = useState<Values>({
    bankNo: '',
    realName: '',
    mobile: '',
    name: '',
    accountType: pixKinds[0] ?? '',
    extend1: '',
  });
  const [issues, setIssues] = useState<PayoutAccountIssue[]>([]);
  const [isSaving, setSaving] = useState(false);
  const fields = fieldsOf(type, t);
  const isFilled = fields.every((spec) => !spec.isRequired || values[spec.field].trim() !== '');

  const change = (spec: FieldSpec, text: string) => {
    const filtered = (spec.filter ? spec.filter(text) : text).slice(0, spec.maxLength);
    setValues((current) => ({ ...current, [spec.field]: filtered }));
    setIssues((current) => current.filter((issue) => issue.field !== spec.field));
  };

  const submit = async () => {
    const check = checkPayoutAccount({ type, outerId: channel.outerId, ...values });
    if (!check.ok) {
      setIssues(check.issues);
      return;
    }
    setSaving(true);
    try {
      const stored = check.values;
      await addPayoutAccount({
        type,
        channelId: channel.channelId,
        payTypeId: channel.payTypeId,
        payTypeName: channel.payTypeName,
        bankNo: stored.bankNo,
        ...(stored.realName ? { realName: stored.realName } : {}),
        ...(stored.mobile ? { mobile: stored.mobile } : {}),
        ...(stored.name ? { name: stored.name } : {}),
        ...(stored.accountType ? { accountType: stored.accountType } : {}),
        ...(stored.extend1 ? { extend1: stored.extend1 } : {}),
      });
      showToast('success', t('walletUi.accounts.added'));
      await refreshPayoutAccounts(queryClient);
      onClose();
    } catch {
      setSaving(false);
    }
  };

  const typeName = withdrawChannelName(t, { merchantCode: type });
  return (
    <div className="wallet-form" data-testid="account-form" data-merchant-code={type}>
      <button
        type="button"
        className="wallet-link"
        onClick={onClose}
        data-testid="account-form-back"
      >
        ‹ {t('walletUi.accounts.back')}
      </button>
      <h3 className="wallet-subtitle">{t('walletUi.accounts.addTitle', { type: typeName })}</h3>
      {pixKinds.length > 0 ? (
        <div className="field">
          <label className="field__label" htmlFor="account-pix-kind">
            {t('walletUi.accounts.pixKind')}
          </label>
          <select
            id="account-pix-kind"
            className="field__input"
            value={values.accountType}
            onChange={(event) =>
              setValues((current) => ({ ...current, accountType: event.target.value }))
            }
            data-testid="account-field-accountType"
          >
            {pixKinds.map((kind) => (
              <option key={kind} value={kind}>
                {pixKindName(t, kind)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {fields.map((spec) => {
        const issue = issues.find((entry) => entry.field === spec.field);
        return (
          <TextField
            key={spec.field}
            label={spec.label}
            value={values[spec.field]}
            maxLength={spec.maxLength}
            onValueChange={(text) => change(spec, text)}
            testId={`account-field-${spec.field}`}
            {...(issue ? { error: issueText(issue, t) } : {})}
          />
        );
      })}
      <button
        type="button"
        className="button button--primary wallet-submit"
        disabled={!isFilled || isSaving}
        onClick={() => void submit()}
        data-testid="account-submit"
      >
        {t('walletUi.accounts.confirmAdd')}
      </button>
    </div>
  );
}
