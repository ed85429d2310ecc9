import { navigationCommands } from './navigation';
import { registerCommands } from './registry';
import { shellCommands } from './shell';

let registered = false;

/** Registers every area's commands once. An area adds its list here. */
export function registerAllCommands(): void {
  if (registered) return;
  registered = true;
  registerCommands([...navigationCommands, ...shellCommands]);
}
