import { css } from 'styled-system/css';
import { EARNINGS_ASSET_TYPES, EARNINGS_MAPPING_RULES } from '../../../shared/validation/content-owners';
import type { SelectOption } from '../../kit/fields';
import { useT } from '../../lib/i18n';
import type { EarningsMappingRule } from './content-owner';

export const assetTypeLabel = (type: string) => `content_owners.asset_types.${type}`;
export const ruleLabel = (rule: string) => `content_owners.rules.${rule}`;

export const RULE_OPTIONS: SelectOption[] = EARNINGS_MAPPING_RULES.map((rule) => ({ value: rule, label: ruleLabel(rule) }));

/** Asset types for one entry: those other entries already have are listed but not choosable (one entry per type). */
export function assetTypeOptions(entries: readonly EarningsMappingRule[], index: number): SelectOption[] {
  const taken = new Set(entries.filter((_, i) => i !== index).map((e) => e.asset_type));
  return EARNINGS_ASSET_TYPES.map((type) => ({ value: type, label: assetTypeLabel(type), disabled: taken.has(type) }));
}

const table = css({
  borderCollapse: 'collapse',
  w: '100%',
  maxW: '960px',
  fontSize: 'sm',
  '& th, & td': { textAlign: 'left', px: '2', py: '1.5', borderBottomWidth: '1px', borderColor: 'border', verticalAlign: 'middle' },
});
const caption = css({ textAlign: 'left', fontWeight: '600', fontSize: 'md', pb: '2', color: 'fg' });
const headCell = css({ color: 'fg.muted', fontWeight: '500', whiteSpace: 'nowrap' });
const chips = css({ display: 'flex', flexWrap: 'wrap', gap: '1', listStyle: 'none', m: 0, p: 0 });
const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  px: '2',
  h: '22px',
  borderRadius: 'sm',
  bg: 'bg.subtle',
  borderWidth: '1px',
  borderColor: 'border',
  fontSize: 'xs',
  color: 'fg',
});
const ordinal = css({ color: 'fg.muted', fontVariantNumeric: 'tabular-nums' });

/** The rules of each asset type as numbered chips, in the order allocation tries them (spec 1, 2.8). */
export function EarningsRulesTable({ entries }: { entries: readonly EarningsMappingRule[] }) {
  const t = useT();
  if (entries.length === 0) return <p className={css({ m: 0, color: 'fg.muted' })}>{t('content_owners.no_rules')}</p>;
  return (
    <table className={table}>
      <caption className={caption}>{t('content_owners.lists.earnings_mapping_rules')}</caption>
      <thead>
        <tr>
          <th scope="col" className={headCell}>
            {t('content_owners.fields.earnings_mapping_rules.asset_type')}
          </th>
          <th scope="col" className={headCell}>
            {t('content_owners.fields.earnings_mapping_rules.rules')}
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.asset_type}>
            <th scope="row" className={css({ fontWeight: '500', whiteSpace: 'nowrap' })}>
              {t(assetTypeLabel(entry.asset_type))}
            </th>
            <td>
              <ol className={chips} aria-label={t('content_owners.rules_of', { type: t(assetTypeLabel(entry.asset_type)) })}>
                {entry.rules.map((rule, i) => (
                  <li key={rule} className={chip}>
                    <span className={ordinal} aria-hidden="true">
                      {i + 1}.
                    </span>{' '}
                    {t(ruleLabel(rule))}
                  </li>
                ))}
              </ol>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
