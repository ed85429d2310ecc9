import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { ApiError } from '../../api/client';
import { useT } from '../../lib/i18n';
import { firstFieldError, useMessageText } from './messages';
import { editorError, editorInput } from './styles';
import { checkCellValue, initialCellValue, normaliseCellValue } from './cell-values';
import type { Column } from './types';

/**
 * The inline editor of one cell. Enter saves, Escape cancels, Tab / Shift+Tab save and move to the
 * next / previous editable cell. A validation or server error keeps the editor open with the message
 * attached (aria-invalid + aria-describedby). Every key stops here (`data-focus-owner`, stopPropagation):
 * typing `j` or `g` in a cell must not move the grid or fire a global hotkey.
 */
export type EditOutcome = 'saved' | 'cancel' | 'next' | 'prev' | 'blur';

interface CellEditorProps<T> {
  row: T;
  column: Column<T>;
  /** Ids of the column header and the row header: together they name the editor. */
  labelledBy: string;
  onDone(outcome: EditOutcome): void;
}

export function CellEditor<T>({ row, column, labelledBy, onDone }: CellEditorProps<T>) {
  const edit = column.editable!;
  const t = useT();
  const messageOf = useMessageText();
  const messageText = (key: string) => t('grid.cell_error', { label: t(column.header), message: messageOf(key) });
  const initial = useRef(initialCellValue(column, row)).current;
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const finished = useRef(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement | HTMLSelectElement>(null);
  const errorId = useId();

  useEffect(() => {
    const el = input.current;
    el?.focus();
    if (el instanceof HTMLInputElement && el.type === 'text') el.select();
  }, []);

  const finish = (outcome: EditOutcome) => {
    finished.current = true;
    onDone(outcome);
  };

  const save = async (outcome: EditOutcome) => {
    if (busy.current || finished.current) return;
    const next = normaliseCellValue(edit.type, value);
    if (next === normaliseCellValue(edit.type, initial)) return finish(outcome === 'saved' ? 'cancel' : outcome);
    const problem = checkCellValue(edit, next) ?? edit.validate?.(next, row);
    if (problem) {
      setError(messageText(problem));
      input.current?.focus();
      return;
    }
    busy.current = true;
    setSaving(true);
    try {
      const result = await edit.commit(row, next);
      const serverError = result ? firstFieldError(result, edit.field ?? column.id) : undefined;
      if (serverError) {
        setError(messageText(serverError));
        return;
      }
      finish(outcome);
    } catch (e) {
      const fieldError = e instanceof ApiError ? firstFieldError(e.errors, edit.field ?? column.id) : undefined;
      setError(fieldError ? messageText(fieldError) : t('grid.save_failed', { message: (e as Error).message }));
    } finally {
      busy.current = false;
      if (!finished.current) {
        setSaving(false);
        // the input was read-only while saving; keep the keyboard where it was
        queueMicrotask(() => input.current?.focus());
      }
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      finish('cancel');
    } else if (e.key === 'Enter') {
      e.preventDefault();
      void save('saved');
    } else if (e.key === 'Tab') {
      e.preventDefault();
      void save(e.shiftKey ? 'prev' : 'next');
    }
  };

  const common = {
    className: editorInput,
    'data-align': column.align,
    'aria-labelledby': labelledBy,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-busy': saving || undefined,
    value,
    onKeyDown,
    onBlur: (e: FocusEvent) => {
      if (finished.current || busy.current || wrapper.current?.contains(e.relatedTarget as Node)) return;
      if (normaliseCellValue(edit.type, value) === normaliseCellValue(edit.type, initial)) finish('blur');
      else void save('blur');
    },
  };

  return (
    <div ref={wrapper} data-cell-editor="" data-focus-owner="" style={{ width: '100%', position: 'relative' }}>
      {edit.type === 'select' ? (
        <select {...common} ref={input as RefObject<HTMLSelectElement>} disabled={saving} onChange={(e) => (setValue(e.target.value), setError(undefined))}>
          {!edit.required && <option value="">{t('grid.none')}</option>}
          {edit.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.label)}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          ref={input as RefObject<HTMLInputElement>}
          type={edit.type === 'date' ? 'date' : 'text'}
          inputMode={edit.type === 'decimal' ? 'decimal' : edit.type === 'integer' ? 'numeric' : undefined}
          readOnly={saving}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => (setValue(e.target.value), setError(undefined))}
        />
      )}
      {error && (
        <div id={errorId} className={editorError} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
