import { betType } from '@sb/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSportOptions } from '../api/records-api';
import {
  betTypeOptions,
  type RecordsFilter,
  statusOptionsOf,
  statusTextKeys,
} from '../model/records-filter';

/** A choice of the filter header; the empty value means all. */
function FilterSelect(props: {
  label: string;
  allLabel: string;
  value: number | null;
  options: { value: number; label: string }[];
  onChange(value: number | null): void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="records-filter__field">
      <label className="records-filter__label" htmlFor={id}>
        {props.label}
      </label>
      <select
        id={id}
        className="field__input records-filter__select"
        value={props.value === null ? '' : String(props.value)}
        onChange={(event) =>
          props.onChange(event.target.value === '' ? null : Number(event.target.value))
        }
        data-testid={props.testId}
      >
        <option value="">{props.allLabel}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * SPEC §2 the records page's filter header: sport, status and bet type. The sports are those
 * the server offers, in its names for the site's language.
 */
export function RecordsFilterHeader(props: {
  tab: 'settled' | 'open';
  filter: RecordsFilter;
  onChange(filter: RecordsFilter): void;
}) {
  const { t } = useTranslation();
  const sports = useSportOptions().data ?? [];
  const { filter, onChange } = props;
  return (
    <fieldset className="records-filter" data-testid="records-filter">
      <legend className="records-filter__legend">{t('records.filterTitle')}</legend>
      <FilterSelect
        label={t('records.filterSport')}
        allLabel={t('records.allSports')}
        value={filter.sportId}
        options={sports.map((sport) => ({ value: sport.sportId, label: sport.name }))}
        onChange={(sportId) => onChange({ ...filter, sportId })}
        testId="records-filter-sport"
      />
      <FilterSelect
        label={t('records.filterStatus')}
        allLabel={t('records.allStatuses')}
        value={filter.status}
        options={statusOptionsOf(props.tab).map((status) => ({
          value: status,
          label: t(statusTextKeys[status] ?? 'records.statusPending'),
        }))}
        onChange={(status) => onChange({ ...filter, status })}
        testId="records-filter-status"
      />
      <FilterSelect
        label={t('records.filterBetType')}
        allLabel={t('records.allBetTypes')}
        value={filter.betType}
        options={betTypeOptions.map((value) => ({
          value,
          label: value === betType.single ? t('records.single') : t('records.parlayType'),
        }))}
        onChange={(betType) => onChange({ ...filter, betType })}
        testId="records-filter-bet-type"
      />
    </fieldset>
  );
}
