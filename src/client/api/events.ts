/**
 * What the API layer tells the shell: the shell shows the snackbars and clears the session; the fetch
 * wrapper stays free of React.
 */
export type ApiEvent =
  | { kind: 'unauthorized' }
  | { kind: 'forbidden' }
  | { kind: 'network'; message: string };

type Listener = (event: ApiEvent) => void;
const listeners = new Set<Listener>();

export function onApiEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitApiEvent(event: ApiEvent): void {
  for (const l of listeners) l(event);
}
