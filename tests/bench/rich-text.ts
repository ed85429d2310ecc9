import { performance } from 'node:perf_hooks';
import sanitize from 'sanitize-html';
import { sanitizeHtml } from '../../src/server/lib/sanitize-html';

/**
 * `npm run bench -- --rich-text`: the rich-text normaliser over a long body (40,000 formatted words,
 * about 0.7 MB) against sanitize-html alone with the same tags allowed: the canonical shape on top of it
 * must stay linear, a small multiple of the library's own pass. The median of 5 runs each.
 */
export function richTextBench(row: (name: string, ours: string, base: string) => void): void {
  const body = '<p>' + '<strong>word </strong><em>word</em> '.repeat(20_000) + '</p>';
  const median = (f: () => unknown) => {
    const times = Array.from({ length: 5 }, () => {
      const t0 = performance.now();
      f();
      return performance.now() - t0;
    }).sort((a, b) => a - b);
    return times[2]!;
  };
  const ours = median(() => sanitizeHtml(body));
  const base = median(() => sanitize(body, { allowedTags: ['p', 'strong', 'em'] }));
  row('rich text, 0.7 MB body', `${ours.toFixed(0)} ms (${(ours / base).toFixed(1)}x)`, `${base.toFixed(0)} ms`);
}
