import { css } from 'styled-system/css';
import { CONTRACT_TYPES } from '../../../shared/validation/organizations';
import { TextField } from '../../kit/fields';
import { useFieldValue } from '../../kit/form';
import { useT } from '../../lib/i18n';
import type { WbsCode } from './organization';

const table = css({
  borderCollapse: 'collapse',
  w: '100%',
  fontSize: 'sm',
  '& th, & td': { borderBottomWidth: '1px', borderColor: 'border', px: '2', py: '1', textAlign: 'left', verticalAlign: 'top' },
  '& thead th': { color: 'fg.muted', fontWeight: '600', fontSize: 'xs', whiteSpace: 'nowrap' },
  // text cells line up with the middle of the inputs beside them
  '& tbody th, & tbody td:first-of-type': { fontWeight: '400', whiteSpace: 'nowrap', pt: '2.5' },
  '& tbody th': { fontWeight: '600' },
});
/** The field's own label stays for assistive technology only: the row headers say it visibly. */
const cellField = css({ '& label': { srOnly: true } });

/**
 * The WBS matrix: 15 rows (contract types adsense, drm, exclusive_artist × revenue share types direct,
 * ecommerce, indirect, red, shorts), one required template each — a dense table with one input per row,
 * grouped by contract type.
 */
export function WbsCodes() {
  const t = useT();
  const rows = useFieldValue<WbsCode[]>('wbs_codes') ?? [];
  return (
    <table className={table} aria-label={t('organizations.tabs.wbs_codes')}>
      <thead>
        <tr>
          <th scope="col">{t('organizations.wbs.contract_type')}</th>
          <th scope="col">{t('organizations.wbs.revenue_share_type')}</th>
          <th scope="col" className={css({ w: '100%' })}>
            {t('organizations.wbs.template')}
          </th>
        </tr>
      </thead>
      {CONTRACT_TYPES.map((type) => {
        const contract = t(`organizations.contract_types.${type}`);
        const group = rows.map((row, index) => ({ row, index })).filter(({ row }) => row.contract_type === type);
        return (
          <tbody key={type}>
            {group.map(({ row, index }, i) => {
              const share = t(`organizations.revenue_share_types.${row.revenue_share_type}`);
              return (
                <tr key={row.revenue_share_type}>
                  {i === 0 && (
                    <th scope="rowgroup" rowSpan={group.length}>
                      {contract}
                    </th>
                  )}
                  <td>{share}</td>
                  <td>
                    {/* the label is a translated text already (a missing key shows as it is) */}
                    <TextField name={`wbs_codes.${index}.template`} label={t('organizations.wbs.template_of', { contract, share })} className={cellField} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        );
      })}
    </table>
  );
}
