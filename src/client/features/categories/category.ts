/** `depth` dashes before the name: how lists and pickers show the tree (spec 1, 2.7). */
export function treeIndent(depth: number): string {
  return depth > 0 ? `${'—'.repeat(depth)} ` : '';
}
