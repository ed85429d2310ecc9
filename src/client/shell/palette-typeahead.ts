/**
 * The palette's code loads on first use. Keys typed between Ctrl+K and its first render would fall on
 * the page, so they are held here (capture phase, before any other handler) and handed to the palette
 * when it mounts: the text becomes its query, an Enter runs the first match, Escape closes it.
 */
export interface Typeahead {
  text: string;
  enter: boolean;
  cancel: boolean;
}

let held: Typeahead | null = null;

function onKeyDown(e: KeyboardEvent) {
  if (!held || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
  if (e.key === 'Escape') held.cancel = true;
  else if (held.enter || held.cancel) return;
  else if (e.key === 'Enter') held.enter = true;
  else if (e.key === 'Backspace') held.text = held.text.slice(0, -1);
  else if (e.key.length === 1) held.text += e.key;
  else return;
  e.preventDefault();
  e.stopPropagation();
}

/** Starts holding keys until the palette takes them. */
export function holdTypeahead(): void {
  if (held || typeof window === 'undefined') return;
  held = { text: '', enter: false, cancel: false };
  window.addEventListener('keydown', onKeyDown, true);
}

/** What was typed while the palette loaded; stops holding keys. */
export function takeTypeahead(): Typeahead {
  const taken = held ?? { text: '', enter: false, cancel: false };
  held = null;
  if (typeof window !== 'undefined') window.removeEventListener('keydown', onKeyDown, true);
  return taken;
}
