import type { Lookup } from './lookups';
import type { Command } from './types';

export const organizationsCommands: Command[] = [];
export const organizationsLookups: Lookup[] = [];
