/**
 * A record as the API answers it: the entity and its `lock_version`, which a client may send back with
 * an update to be told (409) when someone saved the record in between. Every answered record carries it:
 * list entries, a read, and the answers of create and update.
 */
export type Versioned<E> = E & { lock_version: number };
