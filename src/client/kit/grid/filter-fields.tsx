import { useId } from 'react';
import { css } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import { useT } from '../../lib/i18n';
import { AutocompleteField, DateField, DecimalField, MonthField, MultiSelectField, TextField } from '../fields';
import type { FilterValue } from '../list-state';
import type { FilterField, LookupSource, RangeValue } from './filters';

/**
 * One field of the filter popover, by kind. The inputs are the form kit's fields used standalone
 * (value / onChange), so a date reads dd.MM.yyyy with a calendar, a month refuses the future and a
 * lookup searches after 500 ms exactly as in forms. Values keep the filter's own shape: strings, lists,
 * `{gteq, lteq}` ranges.
 */
export interface FilterFieldProps {
  field: FilterField;
  value: FilterValue | undefined;
  onChange(value: FilterValue | undefined): void;
  /** Translated problem of the whole field (a reversed range), shown under it. */
  problem?: string;
}

/** Up to this many options a multi-choice shows as checkboxes (quicker); more get a searchable chip box. */
const CHECKBOX_LIMIT = 8;

const group = css({ display: 'flex', flexDirection: 'column', gap: '1', border: 'none', p: 0, m: 0, minW: 0 });
// the same label look as the form kit's fields beside them
const legend = css({ fontSize: 'sm', fontWeight: '500', color: 'fg', p: 0, mb: '1' });
const rangeLegend = css({ fontSize: 'sm', fontWeight: '600', color: 'fg', p: 0, mb: '1' });
const pair = css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '2', alignItems: 'start' });
const checks = css({ display: 'flex', flexDirection: 'column', gap: '1', py: '0.5' });
const check = css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg', cursor: 'pointer', '& input': { accentColor: 'accent' } });
const problemText = css({ fontSize: 'xs', color: 'danger' });
const selectBox = css({ display: 'flex', flexDirection: 'column', gap: '1' });

const str = (value: FilterValue | undefined) => (typeof value === 'string' ? value : '');
const orUndefined = (value: string | null | undefined) => (value === null || value === undefined || value === '' ? undefined : value);

export function FilterFieldInput({ field, value, onChange, problem }: FilterFieldProps) {
  const t = useT();
  const id = useId();
  const problemId = `${id}-problem`;

  switch (field.kind) {
    case 'text':
      return <TextField label={field.label} disabled={field.disabled} value={str(value)} onChange={(v) => onChange(orUndefined(v))} />;

    case 'select':
    case 'boolean': {
      // A native select with "Any" first: in a filter the empty choice means "do not filter".
      const options = field.kind === 'boolean' ? [{ value: 'true', label: 'grid.filter.yes' }, { value: 'false', label: 'grid.filter.no' }] : field.options;
      return (
        <div className={selectBox}>
          <label htmlFor={id} className={legend}>
            {t(field.label)}
          </label>
          <select id={id} className={input()} disabled={field.disabled} value={str(value)} onChange={(e) => onChange(orUndefined(e.target.value))}>
            <option value="">{t('grid.filter.any')}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {t(o.label)}
              </option>
            ))}
          </select>
        </div>
      );
    }

    case 'multi': {
      const chosen = Array.isArray(value) ? value : [];
      const set = (next: string[]) => onChange(next.length ? next : undefined);
      if (field.options.length > CHECKBOX_LIMIT) return <MultiSelectField label={field.label} disabled={field.disabled} options={field.options} value={chosen} onChange={set} />;
      return (
        <fieldset className={group} disabled={field.disabled}>
          <legend className={legend}>{t(field.label)}</legend>
          <div className={checks}>
            {field.options.map((o) => (
              <label key={o.value} className={check}>
                <input
                  type="checkbox"
                  checked={chosen.includes(o.value)}
                  onChange={() => set(chosen.includes(o.value) ? chosen.filter((c) => c !== o.value) : [...chosen, o.value])}
                />
                {t(o.label)}
              </label>
            ))}
          </div>
        </fieldset>
      );
    }

    case 'date-range':
    case 'amount-range': {
      const range = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as RangeValue;
      const set = (bound: 'gteq' | 'lteq', v: string) => {
        const next = { ...range, [bound]: orUndefined(v) };
        onChange(next.gteq || next.lteq ? (next as FilterValue) : undefined);
      };
      const Input = field.kind === 'date-range' ? DateField : DecimalField;
      return (
        <fieldset className={group} aria-describedby={problem ? problemId : undefined}>
          <legend className={rangeLegend}>{t(field.label)}</legend>
          <div className={pair}>
            <Input label="grid.filter.from" value={range.gteq ?? ''} onChange={(v) => set('gteq', v)} />
            <Input label="grid.filter.to" value={range.lteq ?? ''} onChange={(v) => set('lteq', v)} />
          </div>
          {problem && (
            <span id={problemId} className={problemText}>
              {problem}
            </span>
          )}
        </fieldset>
      );
    }

    case 'month':
      return <MonthField label={field.label} disabled={field.disabled} value={str(value)} onChange={(v) => onChange(orUndefined(v))} />;

    case 'lookup':
      if (field.multiple) {
        const chosen = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
        return <MultiLookupFilter field={field} source={field.lookup} value={chosen} onChange={(next) => onChange(next.length ? next : undefined)} />;
      }
      return <LookupFilter field={field} source={field.lookup} value={orUndefined(str(value))} onChange={onChange} />;
  }
}

/** Labels of looked-up values seen in this session, so a reopened popover shows a name, not an id. */
const lookupLabels = new Map<string, string>();

const idOfEntry = (source: LookupSource, entry: unknown) => (source.idOf ? source.idOf(entry) : String((entry as { id: unknown }).id));
const cacheKey = (source: LookupSource, id: string) => `${source.path}#${id}`;

/** Several looked-up values as chips (the payments' vendors); chosen ones keep their names across openings. */
function MultiLookupFilter({ field, source, value, onChange }: { field: FilterField; source: LookupSource; value: string[]; onChange(v: string[]): void }) {
  return (
    <MultiSelectField
      label={field.label}
      disabled={field.disabled}
      translate={false}
      options={value.map((id) => ({ value: id, label: lookupLabels.get(cacheKey(source, id)) ?? id }))}
      lookup={{
        path: source.path,
        labelOf: (entry) => {
          const label = source.labelOf(entry);
          lookupLabels.set(cacheKey(source, idOfEntry(source, entry)), label);
          return label;
        },
        valueOf: (entry) => idOfEntry(source, entry),
      }}
      value={value}
      onChange={onChange}
    />
  );
}

function LookupFilter({ field, source, value, onChange }: { field: FilterField; source: LookupSource; value?: string; onChange(v: string | undefined): void }) {
  const idOf = (entry: unknown) => (source.idOf ? source.idOf(entry) : String((entry as { id: unknown }).id));
  const cacheKey = (id: string) => `${source.path}#${id}`;
  return (
    <AutocompleteField<unknown, string>
      label={field.label}
      disabled={field.disabled}
      path={source.path}
      labelOf={(entry) => {
        const label = source.labelOf(entry);
        lookupLabels.set(cacheKey(idOf(entry)), label);
        return label;
      }}
      valueOf={idOf}
      selectedLabel={value ? (lookupLabels.get(cacheKey(value)) ?? value) : undefined}
      value={value ?? null}
      onChange={(v) => onChange(orUndefined(v))}
    />
  );
}
