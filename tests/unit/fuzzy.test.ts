import { describe, expect, it } from 'vitest';
import { fuzzyScore } from '../../src/client/lib/fuzzy';

describe('palette ranking', () => {
  it('ranks the exact title, then prefixes (shorter first), then substrings, then scattered hits', () => {
    const titles = ['Edit the New FAQ section', 'New FAQ section', 'New FAQ', 'Nice web FAQs'];
    const ranked = [...titles].sort((a, b) => fuzzyScore(b, 'new faq') - fuzzyScore(a, 'new faq'));
    expect(ranked).toEqual(['New FAQ', 'New FAQ section', 'Edit the New FAQ section', 'Nice web FAQs']);
    expect(fuzzyScore('Banks', 'xyz')).toBe(0);
  });
});
