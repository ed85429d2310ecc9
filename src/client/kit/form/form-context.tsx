import { createContext, useContext } from 'react';
import type { FormValues, ResourceFormApi } from './use-resource-form';

const FormContext = createContext<ResourceFormApi | null>(null);

export const FormProvider = FormContext.Provider;

/** The surrounding form, or null when a field is used on its own (a filter popover). */
export function useOptionalForm(): ResourceFormApi | null {
  return useContext(FormContext);
}

export function useForm<V extends FormValues = FormValues>(): ResourceFormApi<V> {
  const form = useContext(FormContext);
  if (!form) throw new Error('useForm outside <ResourceForm>');
  return form as unknown as ResourceFormApi<V>;
}

/** A field's value by path, for screens that show or enable parts depending on other fields. */
export function useFieldValue<T = unknown>(path: string): T {
  return useForm().getValue(path) as T;
}

/**
 * The start of the form's sticky footer, where tab navigation (Back, Next) is rendered: content that
 * scrolls under the footer never has buttons of its own pinned beneath it, and the DOM order stays
 * content, Back, Next, footer actions, Save.
 */
const FooterSlotContext = createContext<HTMLElement | null>(null);
export const FooterSlotProvider = FooterSlotContext.Provider;
export function useFooterSlot(): HTMLElement | null {
  return useContext(FooterSlotContext);
}
