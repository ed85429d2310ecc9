import type { Lookup } from './lookups';
import type { Command } from './types';

export const tagsCommands: Command[] = [];
export const tagsLookups: Lookup[] = [];
