import { css } from 'styled-system/css';
import { hasTranslation, translationsAtom, useT } from '../../lib/i18n';
import { useAtomValue } from 'jotai';
import { changeLines, valueText } from '../../kit/change-diff';

const table = css({
  borderCollapse: 'collapse',
  w: '100%',
  fontSize: 'sm',
  '& th, & td': { borderBottomWidth: '1px', borderColor: 'border', px: '2', py: '1', textAlign: 'left', verticalAlign: 'top', overflowWrap: 'anywhere' },
  '& thead th': { color: 'fg.muted', fontWeight: '600', fontSize: 'xs' },
  '& del': { color: 'danger', textDecorationThickness: '1px' },
  '& ins': { color: 'success', textDecoration: 'none', fontWeight: '500' },
});
const muted = css({ color: 'fg.muted' });

/**
 * A change set as a table: field, before (struck) and after. Field names read from `vendors.fields`
 * without list positions (`contacts.0.emails.1.email` → "Contacts 1 › E-mails 2 › E-mail").
 */
export function ChangeDiffTable({ changes, label }: { changes: unknown; label: string }) {
  const t = useT();
  const tree = useAtomValue(translationsAtom);
  const lines = changeLines(changes);
  const fieldName = (path: string) => {
    const plain = path.replace(/\.\d+/g, '');
    const key = `vendors.fields.${plain}`;
    if (hasTranslation(tree, key)) return `${t(key)}${/\.\d+/.test(path) ? ` (${path.match(/\d+/g)!.map((n) => Number(n) + 1).join('.')})` : ''}`;
    return path;
  };
  const yesNo = (b: boolean) => t(b ? 'grid.yes' : 'grid.no');
  if (lines.length === 0) return <p className={muted}>{t('vendors.no_changes')}</p>;
  return (
    <table className={table} aria-label={t(label)}>
      <thead>
        <tr>
          <th scope="col">{t('vendors.diff.field')}</th>
          <th scope="col">{t('vendors.diff.before')}</th>
          <th scope="col">{t('vendors.diff.after')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => {
          const before = valueText(line.before, yesNo);
          const after = valueText(line.after, yesNo);
          return (
            <tr key={line.path}>
              <th scope="row">{fieldName(line.path)}</th>
              <td>{before ? <del>{before}</del> : <span className={muted}>{t('grid.none')}</span>}</td>
              <td>{after ? <ins>{after}</ins> : <span className={muted}>{t('grid.none')}</span>}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
