import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe-core on rendered markup. Colour contrast needs real layout (jsdom has none): the browser
 * tests check it; everything else (roles, names, ARIA relations) is checked here.
 */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(results.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}
