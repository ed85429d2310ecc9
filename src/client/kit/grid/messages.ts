import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { errorText, hasTranslation, translationsAtom, useT } from '../../lib/i18n';
import { splitMessageKey } from '../../../shared/validation/message-key';

/**
 * Text of a validation message key. The spec's keys (`blank`, `invalid`, ...) live under `form_errors`
 * (shared with the form kit, phrased to follow a label: "can't be blank"). A key with a dot is a full
 * translation key.
 */
export function useMessageText(): (key: string) => string {
  const t = useT();
  const tree = useAtomValue(translationsAtom);
  return useCallback(
    (key: string) => {
      if (key.includes('.')) return t(key);
      return hasTranslation(tree, `form_errors.${splitMessageKey(key).key}`) ? errorText(t, key) : key;
    },
    [t, tree],
  );
}

/** The first message for `field` in a 422 body (`{field: ['blank']}`, nested objects allowed), else any first. */
export function firstFieldError(errors: unknown, field: string): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const own = (errors as Record<string, unknown>)[field];
  if (Array.isArray(own) && own.length) return String(own[0]);
  const any = (value: unknown): string | undefined => {
    if (Array.isArray(value)) return value.length ? String(value[0]) : undefined;
    if (value && typeof value === 'object') for (const v of Object.values(value)) {
      const found = any(v);
      if (found) return found;
    }
    return undefined;
  };
  return any(errors);
}
