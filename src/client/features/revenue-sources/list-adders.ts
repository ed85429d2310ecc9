/**
 * The add commands (registration, risk assessment, whitelisted group) live in the registry, the lists
 * in the form: the mounted form registers what adding to each of its lists does, a command asks for it.
 */
type Adder = () => void;
const adders = new Map<string, Adder>();

/** The form's adder for a list while it is mounted; answers the function that removes it. */
export function registerListAdder(list: string, add: Adder): () => void {
  adders.set(list, add);
  return () => {
    if (adders.get(list) === add) adders.delete(list);
  };
}

export function requestListAdd(list: string): void {
  adders.get(list)?.();
}
