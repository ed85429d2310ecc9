import { useRef } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { AutocompleteField } from '../../../kit/fields';
import { useForm, type ResourceFormApi } from '../../../kit/form';
import { useT } from '../../../lib/i18n';
import type { SourceValues } from './contract-values';

const listStyle = css({ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: '1' });
const itemStyle = css({ display: 'flex', alignItems: 'center', gap: '2', px: '2', py: '1', borderWidth: '1px', borderColor: 'border', borderRadius: 'md' });

export const sourceLabel = (s: SourceValues) => (s.name ? `${s.name} (${s.reference_id})` : s.reference_id);

/**
 * Revenue sources of a contract or an amendment (spec 2, 5: at least one): added through the source
 * lookup (a source already listed cannot be chosen again), removed with each one's button.
 */
export function SourcesField({ idsPath = 'revenue_source_ids', listPath = 'revenue_sources', disabled }: { idsPath?: string; listPath?: string; disabled?: boolean }) {
  const t = useT();
  const form = useForm() as unknown as ResourceFormApi<Record<string, SourceValues[] | number[]>>;
  const sources = (form.getValue(listPath) ?? []) as SourceValues[];
  const listRef = useRef<HTMLUListElement>(null);
  const set = (next: SourceValues[]) => {
    form.setValues((v) => ({ ...v, [listPath]: next, [idsPath]: next.map((s) => s.id) }));
    form.touch(idsPath);
  };
  const remove = (index: number) => {
    set(sources.filter((_, i) => i !== index));
    // The focus goes to the next source's button, else back to the search.
    requestAnimationFrame(() => {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button');
      const next = buttons?.[Math.min(index, (buttons?.length ?? 1) - 1)];
      (next ?? listRef.current?.closest('[role=tabpanel]')?.querySelector<HTMLElement>('input'))?.focus();
    });
  };
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <AutocompleteField<SourceValues, number>
        label="contract_form.fields.revenue_source_ids"
        path="/api/revenue_sources/lookup"
        value={null}
        onChange={() => undefined}
        error={form.errorFor(idsPath)}
        labelOf={sourceLabel}
        noteOf={(s) => (s.type ? t(`contract_form.source_types.${s.type}`) : undefined)}
        valueOf={(s) => s.id}
        disabledOf={(s) => sources.some((x) => x.id === s.id)}
        placeholder="contract_form.sources.search"
        disabled={disabled}
        clearOnPick
        onPick={(s) => set([...sources, { id: s.id, name: s.name, reference_id: s.reference_id, type: s.type }])}
      />
      {sources.length === 0 ? (
        <p className={css({ m: 0, color: 'fg.muted' })}>{t('contract_form.sources.empty')}</p>
      ) : (
        <ul ref={listRef} className={listStyle} aria-label={t('contract_form.sources.chosen', { count: sources.length })}>
          {sources.map((s, i) => (
            <li key={s.id} className={itemStyle}>
              <span className={css({ flex: 1 })}>{sourceLabel(s)}</span>
              <button type="button" className={button({ variant: 'ghost', size: 'sm' })} disabled={disabled} onClick={() => remove(i)} aria-label={t('contract_form.sources.remove', { name: sourceLabel(s) })}>
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
