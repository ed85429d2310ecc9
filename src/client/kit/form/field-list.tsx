import { useEffect, useRef, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { errorText, useT } from '../../lib/i18n';
import { fieldStyles } from '../fields/styles';
import { useForm } from './form-context';
import { joinPath, withoutIndices } from './paths';

export interface FieldListItem<Item> {
  /** The item's path, for its fields' names: `${path}.email`. */
  path: string;
  index: number;
  value: Item;
}

export interface FieldListProps<Item> {
  /** Path of the list in the form values, e.g. `managing_directors`. */
  name: string;
  /**
   * Translation key of the list's title (default `${resource}.lists.<last segment of name>`: `lists.emails` for
   * `contacts.0.emails`); item fields default to `${resource}.fields.<name without indices>.<field>`.
   */
  label?: string;
  /** Translation key of one item's title, with `{n}` (default `form.list.item`). */
  itemLabel?: string;
  /** A new, empty item. */
  newItem(): Item;
  /** The fields of one item. */
  children(item: FieldListItem<Item>): ReactNode;
  /** Fewest items (remove is disabled at this count) and most items (add is disabled). */
  min?: number;
  max?: number;
  /** Offer move up / move down (default true). */
  reorderable?: boolean;
  disabled?: boolean;
  /**
   * 'cards' (default): each item a framed group. 'rows': one compact row per item, the way a grid edits
   * rows (vendor shares: vendor + percentage), with the list's own rule (total 100) shown above the rows.
   */
  layout?: 'cards' | 'rows';
}

const listStyle = css({ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: '2' });
const itemStyle = css({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: '3',
  alignItems: 'start',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'md',
  bg: 'bg.surface',
  m: 0,
  minW: 0,
});
const rowStyle = css({ display: 'grid', gridTemplateColumns: '1fr auto', gap: '2', alignItems: 'end', m: 0, p: 0, border: 'none', minW: 0 });
const rowFields = css({ display: 'grid', gridAutoFlow: 'column', gridAutoColumns: 'minmax(0, 1fr)', gap: '2' });
const itemLegend = css({ fontSize: 'xs', fontWeight: '600', color: 'fg.muted', px: '1' });
const itemFields = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: '3' });
const itemActions = css({ display: 'flex', gap: '1', pt: '4' });
const outer = css({ border: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '2', minW: 0 });
const legendStyle = css({ fontWeight: '600', display: 'flex', alignItems: 'center', gap: '2', p: 0, mb: '1' });
const countStyle = css({ fontSize: 'xs', px: '1.5', borderRadius: 'sm', bg: 'bg.subtle', color: 'fg.muted', fontWeight: '400' });

let keySeed = 0;
const newKey = () => `item-${++keySeed}`;

/**
 * A repeatable group of fields (managing directors, signers, earnings-mapping rules): add, remove and
 * reorder with buttons (keyboard: each item has Move up / Move down / Remove), nested fields named
 * `${path}.<field>`, nested errors on them, and a list-level error (`too_few`, signers missing) above.
 * The item count shows in the legend; a tab shows it with `count: name`.
 */
export function FieldList<Item>({ name, label, itemLabel = 'form.list.item', newItem, children, min = 0, max, reorderable = true, disabled, layout = 'cards' }: FieldListProps<Item>) {
  const rows = layout === 'rows';
  const t = useT();
  const form = useForm();
  const raw = form.getValue(name);
  const items = (Array.isArray(raw) ? raw : []) as Item[];
  const keys = useRef<string[]>([]);
  if (keys.current.length !== items.length) keys.current = items.map((_, i) => keys.current[i] ?? newKey());
  const root = useRef<HTMLFieldSetElement>(null);
  const focusNext = useRef<{ key?: string; selector: string } | null>(null);

  useEffect(() => {
    const next = focusNext.current;
    if (!next || !root.current) return;
    focusNext.current = null;
    const scope = next.key ? root.current.querySelector(`[data-item-key="${next.key}"]`) : root.current;
    const target =
      scope?.querySelector<HTMLElement>(`${next.selector}:not(:disabled)`) ??
      scope?.querySelector<HTMLElement>('button:not(:disabled)') ??
      root.current.querySelector<HTMLElement>('[data-list-add]');
    target?.focus();
  });

  const add = () => {
    const key = newKey();
    keys.current = [...keys.current, key];
    focusNext.current = { key, selector: 'input, select, textarea, [role="combobox"]' };
    form.insertItem(name, newItem());
  };
  const remove = (index: number) => {
    keys.current = keys.current.filter((_, i) => i !== index);
    const stays = keys.current[index] ?? keys.current[index - 1];
    focusNext.current = stays ? { key: stays, selector: 'input, select, textarea, [role="combobox"]' } : { selector: '[data-list-add]' };
    form.removeItem(name, index);
  };
  const move = (index: number, to: number) => {
    const k = [...keys.current];
    const [moved] = k.splice(index, 1);
    k.splice(to, 0, moved);
    keys.current = k;
    focusNext.current = { key: moved, selector: to < index ? '[data-move="up"]' : '[data-move="down"]' };
    form.moveItem(name, index, to);
  };

  const listError = form.errorFor(name);
  const errorId = `${name}-list-error`;
  // A nested list (`contacts.0.emails`) is titled by its own name (`lists.emails`): `lists.contacts` is the parent's title.
  const title = t(label ?? `${form.options.resource}.lists.${withoutIndices(name).split('.').pop()}`);
  return (
    <fieldset ref={root} className={outer} aria-describedby={listError ? errorId : undefined} data-list={name}>
      <legend className={legendStyle}>
        {title}
        <span className={countStyle} aria-hidden="true">
          {items.length}
        </span>
      </legend>
      {listError && (
        <div id={errorId} className={fieldStyles.error}>
          {errorText(t, listError)}
        </div>
      )}
      {items.length === 0 && <p className={css({ m: 0, color: 'fg.muted' })}>{t('form.list.empty')}</p>}
      <ol className={listStyle} aria-label={title}>
        {items.map((value, index) => {
          const n = index + 1;
          return (
            <li key={keys.current[index]} data-item-key={keys.current[index]}>
              <fieldset className={rows ? rowStyle : itemStyle}>
                <legend className={rows ? 'sr-only' : itemLegend}>{t(itemLabel, { n })}</legend>
                <div className={rows ? rowFields : itemFields}>{children({ path: joinPath(name, index), index, value })}</div>
                <div className={rows ? css({ display: 'flex', gap: '1' }) : itemActions}>
                  {reorderable && (
                    <>
                      <button type="button" data-move="up" className={button({ variant: 'ghost', size: 'sm' })} disabled={disabled || index === 0} onClick={() => move(index, index - 1)} aria-label={t('form.list.move_up', { n })}>
                        ↑
                      </button>
                      <button type="button" data-move="down" className={button({ variant: 'ghost', size: 'sm' })} disabled={disabled || index === items.length - 1} onClick={() => move(index, index + 1)} aria-label={t('form.list.move_down', { n })}>
                        ↓
                      </button>
                    </>
                  )}
                  <button type="button" className={button({ variant: 'ghost', size: 'sm' })} disabled={disabled || items.length <= min} onClick={() => remove(index)} aria-label={t('form.list.remove', { n })}>
                    ✕
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div>
        <button type="button" data-list-add="" className={button({ size: 'sm' })} disabled={disabled || (max !== undefined && items.length >= max)} onClick={add}>
          {t('form.list.add')}
        </button>
      </div>
    </fieldset>
  );
}
