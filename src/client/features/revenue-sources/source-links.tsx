import { css } from 'styled-system/css';
import { Link } from 'wouter';
import { useT } from '../../lib/i18n';

const list = css({ display: 'flex', flexWrap: 'wrap', gap: '2', m: 0, p: 0, listStyle: 'none' });
const link = css({ color: 'accent', textDecoration: 'underline', textUnderlineOffset: '2px', _hover: { color: 'accent.hover' } });

/** Links to the contracts paying out on a source (spec 3, 2.4: /contracts/{id}/show). */
export function ContractLinks({ ids }: { ids: readonly number[] }) {
  const t = useT();
  if (ids.length === 0) return null;
  return (
    <ul className={list}>
      {ids.map((id) => (
        <li key={id}>
          <Link href={`/contracts/${id}/show`} className={link}>
            {t('revenue_sources.contract_link', { id })}
          </Link>
        </li>
      ))}
    </ul>
  );
}
