import type { Lookup } from './lookups';
import type { Command } from './types';

export const categoriesCommands: Command[] = [];
export const categoriesLookups: Lookup[] = [];
