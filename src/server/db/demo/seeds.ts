import type { DemoSeed } from './index.js';
import { demoPortal } from './portal.js';
import { demoReferenceData } from './reference.js';
import { demoUsers } from './users.js';

/** The demo data set, in order. An area adds its seed here. */
export const seeds: DemoSeed[] = [demoUsers, demoReferenceData, demoPortal];
