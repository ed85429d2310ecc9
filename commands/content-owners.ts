import type { Lookup } from './lookups';
import type { Command } from './types';

export const contentOwnersCommands: Command[] = [];
export const contentOwnersLookups: Lookup[] = [];
