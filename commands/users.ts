import type { Lookup } from './lookups';
import type { Command } from './types';

export const usersCommands: Command[] = [];
export const usersLookups: Lookup[] = [];
