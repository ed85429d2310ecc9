import { css } from 'styled-system/css';
import { useT } from '../../lib/i18n';

const list = css({ display: 'inline-flex', gap: '1', flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 });
const chip = css({ px: '2', h: '20px', display: 'inline-flex', alignItems: 'center', borderRadius: 'full', bg: 'bg.subtle', borderWidth: '1px', borderColor: 'border', fontSize: 'xs' });

/** A payout's types (adsense, direct) as chips. */
export function PayoutTypes({ types }: { types: readonly string[] }) {
  const t = useT();
  return (
    <ul className={list} aria-label={t('payouts.fields.payout_types')}>
      {types.map((type) => (
        <li key={type} className={chip}>
          {t(`payouts.payout_types.${type}`)}
        </li>
      ))}
    </ul>
  );
}
