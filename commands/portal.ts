import type { Lookup } from './lookups';
import type { Command } from './types';

export const portalCommands: Command[] = [];
export const portalLookups: Lookup[] = [];
