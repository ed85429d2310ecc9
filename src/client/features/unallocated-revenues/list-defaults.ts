import type { ListDefaults } from '../../kit/list-state';

/** The first of the current month, `yyyy-MM-01` (spec 3, 2.5: the filter's default month). */
export function firstOfThisMonth(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-01`;
}

/** The list's defaults; the month is taken when the screen or the export command asks, so it follows the calendar. */
export function unallocatedDefaults(): ListDefaults {
  return { sort_by: 'id', sort_direction: 'asc', filter: { month: firstOfThisMonth() } };
}
