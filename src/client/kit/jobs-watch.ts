import { useEffect, useRef, useState } from 'react';
import type { JobsStatus } from '../../shared/entities/jobs-status';
import { api } from '../api/client';

/** How often a screen asks whether its record's jobs still run, only while they run (issue 24, item 6). */
export const JOBS_STATUS_MS = 500;

/** Jobs an action just started, per status path, until a status read says they ended. */
const started = new Map<string, string[]>();
const listeners = new Set<() => void>();

/**
 * Called by the action that sent jobs (an upload, an allocation, a publish), once its answer arrived:
 * the screen of `statusPath` watches them even when they ended before any read said they ran.
 */
export function jobsStarted(statusPath: string, kinds: readonly string[]): void {
  started.set(statusPath, [...new Set([...(started.get(statusPath) ?? []), ...kinds])]);
  listeners.forEach((l) => l());
}

/**
 * While jobs run (`runningKinds`, what the record says runs) or an action said it started some, asks
 * `statusPath` (a cheap `JobsStatus` read) every 500 ms whether they still run; when they ended it calls
 * `onEnded` (re-read the record and what the jobs changed), so the screen learns of the end within a
 * second instead of at its 10 s re-read. Answers what ended, for the page's live region ("Done:
 * import."), until the next job runs; null before any ended on this screen.
 */
export function useJobsWatch(statusPath: string, runningKinds: readonly string[], onEnded: () => void): string[] | null {
  const ended = useRef(onEnded);
  ended.current = onEnded;
  const [scheduled, setScheduled] = useState<string[]>(() => started.get(statusPath) ?? []);
  useEffect(() => {
    const listener = () => setScheduled(started.get(statusPath) ?? []);
    listener();
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, [statusPath]);

  const running = runningKinds.length > 0;
  const active = running || scheduled.length > 0;
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const status = await api.get<JobsStatus>(statusPath);
        if (stopped) return;
        if (!status.jobs_pending) {
          started.delete(statusPath);
          setScheduled([]);
          // The re-read answers nothing running, which ends this loop (it asks again while the record still says running).
          ended.current();
        }
      } catch {
        // A failed read: the next one asks again.
      }
      if (!stopped) timer = setTimeout(() => void tick(), JOBS_STATUS_MS);
    };
    timer = setTimeout(() => void tick(), JOBS_STATUS_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [statusPath, active]);

  // What ran while active, said once nothing runs any more.
  const [note, setNote] = useState<string[] | null>(null);
  const seen = useRef<string[]>([]);
  const runningKey = runningKinds.join(',');
  const scheduledKey = scheduled.join(',');
  useEffect(() => {
    if (active) {
      seen.current = [...new Set([...seen.current, ...runningKinds, ...scheduled])];
      setNote(null);
    } else if (seen.current.length > 0) {
      setNote(seen.current);
      seen.current = [];
    }
  }, [active, runningKey, scheduledKey]); // eslint-disable-line react-hooks/exhaustive-deps
  return note;
}
