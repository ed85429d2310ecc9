import { hasAnyRole } from '../src/shared/roles';
import type { Availability, Command, CommandContext } from './types';

const commands = new Map<string, Command>();

/** Registers commands; an id registered twice is a programming error. */
export function registerCommands(list: Command[]): void {
  for (const c of list) {
    if (commands.has(c.id)) throw new Error(`command ${c.id} registered twice`);
    commands.set(c.id, c);
  }
}

export function getCommand(id: string): Command | undefined {
  return commands.get(id);
}

export function allCommands(): Command[] {
  return [...commands.values()];
}

/** Whether a command is shown and enabled for this context: roles first, then its own rule. */
export function availability(command: Command, ctx: CommandContext): Availability {
  if (command.roles && !hasAnyRole(ctx.roles, command.roles)) return { hidden: true };
  return command.when ? command.when(ctx) : { enabled: true };
}

export function isEnabled(a: Availability): a is { enabled: true } {
  return 'enabled' in a && a.enabled;
}

export function isHidden(a: Availability): boolean {
  return 'hidden' in a;
}

/** Commands of a resource's row menu or bulk toolbar. */
export function scopedCommands(resource: string, kind: 'row' | 'bulk' | 'page'): Command[] {
  return allCommands().filter((c) => c.scope?.resource === resource && c.scope.kind === kind);
}

/** Runs a command by id if it is available here; answers whether it ran. */
export async function runCommand(id: string, ctx: CommandContext): Promise<boolean> {
  const command = commands.get(id);
  if (!command || !isEnabled(availability(command, ctx))) return false;
  await command.run(ctx);
  return true;
}

/** For tests: start from an empty registry. */
export function clearCommands(): void {
  commands.clear();
}

export function hotkeysOf(command: Command): readonly string[] {
  return command.hotkey === undefined ? [] : typeof command.hotkey === 'string' ? [command.hotkey] : command.hotkey;
}
