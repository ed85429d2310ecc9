import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import { api } from '../../../api/client';
import { useT } from '../../../lib/i18n';
import { routePath } from '../../../route-table';

interface SourceConflict {
  contract_id: number;
  reference_ids: string[];
}

const box = css({ display: 'flex', flexDirection: 'column', gap: '1', p: '3', borderWidth: '1px', borderColor: 'warning', bg: 'warning.bg', color: 'fg', borderRadius: 'md' });

/**
 * Warns before submit when a chosen source is on another contract for a day of this term (DOMAIN
 * "Allocation": one contract per source and day), naming each contract: its approval would be refused.
 * Asked of the server (`/api/contracts/source_conflicts`) a moment after the sources or dates change.
 */
export function SourceConflictsWarning({ contractId, sourceIds, startDate, endDate }: { contractId: string | null; sourceIds: number[]; startDate: string; endDate: string }) {
  const t = useT();
  const [conflicts, setConflicts] = useState<SourceConflict[]>([]);
  const key = sourceIds.join(',');
  useEffect(() => {
    if (key === '' || !/^\d{4}-\d{2}-\d{2}$/.test(startDate)) {
      setConflicts([]);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      api
        .get<{ conflicts: SourceConflict[] }>('/api/contracts/source_conflicts', { revenue_source_ids: key, start_date: startDate, end_date: /^\d{4}-\d{2}-\d{2}$/.test(endDate) ? endDate : '', contract_id: contractId ?? '' }, { signal: abort.signal })
        .then((answer) => setConflicts(answer.conflicts))
        // A half-typed date or a lost connection: no warning; the approval checks again.
        .catch(() => !abort.signal.aborted && setConflicts([]));
    }, 250);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [key, startDate, endDate, contractId]);
  return (
    <div role="status">
      {conflicts.length > 0 && (
        <div className={box}>
          <p className={css({ m: 0, fontWeight: 'semibold' })}>{t('contract_form.source_conflicts.title')}</p>
          <ul className={css({ m: 0, pl: '5' })}>
            {conflicts.map((c) => (
              <li key={c.contract_id}>
                <Link href={routePath('contracts.show', { id: c.contract_id })}>{t('contract_form.source_conflicts.contract', { id: c.contract_id })}</Link>
                {`: ${c.reference_ids.join(', ')}`}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
