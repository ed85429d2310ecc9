import { describe, expect, it } from 'vitest';
import { MAX_NAMED, statementName } from '../../src/server/db/prepared.js';

describe('statementName', () => {
  it('names the same text alike, different texts differently, within PostgreSQL’s 63 bytes', () => {
    const a = statementName('SELECT $1');
    expect(a).toBe(statementName('SELECT $1'));
    expect(a).not.toBe(statementName('SELECT $1 + 1'));
    expect(a!.length).toBeLessThanOrEqual(63);
  });

  it('names at most MAX_NAMED texts in a process, and still the ones it named', () => {
    for (let i = 0; i < MAX_NAMED; i++) statementName(`SELECT $1 + ${i}`);
    expect(statementName('SELECT $1 + never named before')).toBeUndefined();
    expect(statementName('SELECT $1')).toBeDefined();
  });
});
