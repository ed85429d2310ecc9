import { atom, useAtom, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { css } from 'styled-system/css';
import { useT } from '../lib/i18n';

export type SnackKind = 'success' | 'warning' | 'error';
interface Snack {
  id: number;
  kind: SnackKind;
  message: string;
}

export const SNACKBAR_TIMEOUT_MS = 4000;
const snacksAtom = atom<Snack[]>([]);
let nextId = 1;

/** Shows a message; errors stay until closed, the others leave after 4000 ms (spec 1, 8). */
export function useNotify() {
  const set = useSetAtom(snacksAtom);
  return useCallback(
    (kind: SnackKind, message: string) => {
      const id = nextId++;
      // The same message twice in a row (e.g. several 401s at once) shows once.
      set((list) => (list.some((s) => s.message === message && s.kind === kind) ? list : [...list, { id, kind, message }]));
      if (kind !== 'error') setTimeout(() => set((list) => list.filter((s) => s.id !== id)), SNACKBAR_TIMEOUT_MS);
    },
    [set],
  );
}

const tone: Record<SnackKind, string> = {
  success: css({ bg: 'success.bg', color: 'success', borderColor: 'success' }),
  warning: css({ bg: 'warning.bg', color: 'warning', borderColor: 'warning' }),
  error: css({ bg: 'danger.bg', color: 'danger', borderColor: 'danger' }),
};

/**
 * The snackbar stack. Messages are announced through live regions that exist before any message
 * arrives (a region added together with its text is not read by every screen reader).
 */
export function Snackbars() {
  const [snacks, setSnacks] = useAtom(snacksAtom);
  const t = useT();
  const close = (id: number) => setSnacks((list) => list.filter((s) => s.id !== id));
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Escape closes the newest error when nothing else is focused to take it (the page itself, or its
      // main area, where lost focus is handed: shell/focus.ts).
      const target = e.target as Element | null;
      if (e.key === 'Escape' && (target === document.body || target?.matches?.('main'))) setSnacks((list) => list.slice(0, -1));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [setSnacks]);
  const polite = snacks.filter((s) => s.kind !== 'error');
  const assertive = snacks.filter((s) => s.kind === 'error');
  const render = (s: Snack) => (
    <div key={s.id} className={`${css({ display: 'flex', alignItems: 'center', gap: '3', px: '3', py: '2', borderWidth: '1px', borderRadius: 'md', boxShadow: 'popover', minW: '280px', maxW: '480px' })} ${tone[s.kind]}`} data-kind={s.kind}>
      <span className={css({ flex: 1 })}>{s.message}</span>
      <button type="button" className={css({ cursor: 'pointer', px: '1', borderRadius: 'sm', _hover: { bg: 'bg.hover' } })} aria-label={t('shell.close_message')} onClick={() => close(s.id)}>
        ×
      </button>
    </div>
  );
  const stack = css({ position: 'fixed', bottom: '4', left: '50%', transform: 'translateX(-50%)', display: 'flex', flexDirection: 'column', gap: '2', zIndex: 1000 });
  return (
    <div className={stack}>
      <div role="status" aria-live="polite" className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        {polite.map(render)}
      </div>
      <div role="alert" aria-live="assertive" className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        {assertive.map(render)}
      </div>
    </div>
  );
}
