import { Command as Cmdk } from 'cmdk';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { css } from 'styled-system/css';
import { allLookups, type LookupHit } from '../../../commands/lookups';
import { allCommands, availability, hotkeysOf, isHidden } from '../../../commands/registry';
import type { Availability, Command } from '../../../commands/types';
import { hasAnyRole } from '../../shared/roles';
import { useCommands } from '../commands/context';
import { bestScore } from '../lib/fuzzy';
import { useT } from '../lib/i18n';
import { Hotkey } from './kbd';
import { takeTypeahead } from './palette-typeahead';

const RECENT_KEY = 'remit.palette.recent';
const RECENT_MAX = 5;
// Skips keys that come in a burst. Each lookup is bounded and a new key aborts the running ones, so the
// pause need not spare the server more: at 80 ms it took most of the 100 ms from key to rows (issue 27).
const LOOKUP_PAUSE_MS = 40;
// Lookups running at once: a dozen at once (one per area) made the last kinds wait for all (issue 27).
const LOOKUPS_AT_ONCE = 3;
// Opening renders a screenful of commands and the rest in the next frame: all of them (over a hundred with
// their key caps) at once kept the palette from showing and its input from taking keys for two or three frames.
const FIRST_ITEMS = 24;

function recentIds(): string[] {
  try {
    return JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}

function remember(id: string) {
  localStorage.setItem(RECENT_KEY, JSON.stringify([id, ...recentIds().filter((r) => r !== id)].slice(0, RECENT_MAX)));
}

interface Entry {
  command: Command;
  availability: Availability;
  title: string;
  group: string;
  score: number;
}

export const overlay = css({ position: 'fixed', inset: 0, bg: 'overlay', display: 'flex', justifyContent: 'center', alignItems: 'flex-start', pt: '12vh', zIndex: 900 });
export const modalBox = css({ w: 'min(640px, 92vw)', bg: 'bg.surface', borderRadius: 'lg', boxShadow: 'popover', borderWidth: '1px', borderColor: 'border', outline: 'none', overflow: 'hidden' });
const itemStyle = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  h: '32px',
  cursor: 'pointer',
  borderRadius: 'sm',
  '&[data-selected=true]': { bg: 'bg.selected' },
  '&[data-disabled=true]': { color: 'fg.subtle', cursor: 'not-allowed' },
});
const groupStyle = css({
  '& [cmdk-group-heading]': { px: '3', pt: '2', pb: '1', fontSize: 'xs', fontWeight: '600', color: 'fg.subtle', textTransform: 'uppercase', letterSpacing: '0.05em' },
});

/**
 * The command palette (Ctrl/Cmd+K): the commands valid here, grouped, with their hotkeys; fuzzy
 * search; recent commands first; disabled ones say why. With two or more characters it also finds
 * records through the areas' lookups. An accessible modal dialog; the result count is announced.
 */
export function Palette({ open, onClose, roles }: { open: boolean; onClose: () => void; roles: readonly string[] }) {
  const t = useT();
  const commands = useCommands();
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<{ lookup: string; title: string; hit: LookupHit; href: string }[]>([]);
  const ctx = commands.context();
  const input = useRef<HTMLInputElement>(null);
  const [pendingEnter, setPendingEnter] = useState(false);
  const [complete, setComplete] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => startTransition(() => setComplete(true)));
    return () => cancelAnimationFrame(frame);
  }, []);

  // Keys typed while the palette's code was loading: the text is the query, Enter runs the first match.
  useEffect(() => {
    const typed = takeTypeahead();
    if (typed.cancel) onClose();
    else {
      if (typed.text) setQuery(typed.text);
      if (typed.enter) setPendingEnter(true);
    }
    // Once, when the palette first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!pendingEnter) return;
    // cmdk selects the first match a frame or two after the query renders: Enter once it has.
    let frame = 0;
    let frames = 0;
    const enterWhenSelected = () => {
      const el = input.current;
      const first = el?.closest('[cmdk-root]')?.querySelector('[cmdk-item]');
      if (el && first?.getAttribute('aria-selected') === 'true') {
        setPendingEnter(false);
        el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
      } else if (frames++ < 120) frame = requestAnimationFrame(enterWhenSelected);
      else setPendingEnter(false);
    };
    frame = requestAnimationFrame(enterWhenSelected);
    return () => cancelAnimationFrame(frame);
  }, [pendingEnter]);

  // The answers of this opening by lookup and text: deleting a character, or typing it again, shows
  // them without asking the server again (the palette used to send every area's lookup after each pause).
  const answers = useRef(new Map<string, LookupHit[]>());
  useEffect(() => {
    if (!open) {
      setQuery('');
      setHits([]);
      answers.current.clear();
    }
  }, [open]);

  // Record lookups: after a short pause, in their order (the kinds of a million records first), a few at a
  // time so that the first ones do not share the server with every area's; each group shows as soon as its
  // answer arrives, and a changed query aborts the requests still running and asks no more.
  useEffect(() => {
    setHits([]);
    const text = query.trim();
    if (text.length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const lookups = allLookups().filter((l) => hasAnyRole(roles, l.roles ?? []));
      const order = new Map(lookups.map((l, i) => [l.id, i]));
      let next = 0;
      const ask = (): void => {
        const l = lookups[next++];
        if (!l || controller.signal.aborted) return;
        const key = `${l.id}\n${text}`;
        const known = answers.current.get(key);
        (known ? Promise.resolve(known) : l.search(text, controller.signal))
          .then((found) => {
            if (controller.signal.aborted) return;
            answers.current.set(key, found);
            if (found.length === 0) return;
            const mine = found.slice(0, 5).map((hit) => ({ lookup: l.id, title: t(l.title), hit, href: l.href(hit) }));
            setHits((prev) => [...prev, ...mine].sort((a, b) => order.get(a.lookup)! - order.get(b.lookup)!));
          })
          .catch(() => undefined)
          .finally(ask);
      };
      for (let i = 0; i < LOOKUPS_AT_ONCE; i++) ask();
    }, LOOKUP_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, roles, t]);

  const entries: Entry[] = useMemo(() => {
    const list: Entry[] = [];
    for (const command of allCommands()) {
      if (command.id === 'shell.palette') continue;
      // Row commands belong to row menus, except those that also act on the record this page shows.
      if (command.scope?.kind === 'row' && !(command.scope.onRecordPage && ctx.entity?.resource === command.scope.resource)) continue;
      const a = availability(command, ctx);
      if (isHidden(a)) continue;
      const title = t(command.title);
      const score = bestScore([title, ...(command.keywords ?? [])], query);
      if (score > 0) list.push({ command, availability: a, title, group: t(command.group), score });
    }
    return list;
  }, [ctx, query, t]);

  const recent = query ? [] : recentIds().map((id) => entries.find((e) => e.command.id === id)).filter((e): e is Entry => Boolean(e));
  const recentSet = new Set(recent.map((e) => e.command.id));
  const groups = new Map<string, Entry[]>();
  const sorted = [...entries].sort((a, b) => b.score - a.score || Number('reason' in a.availability) - Number('reason' in b.availability));
  for (const e of sorted) {
    if (recentSet.has(e.command.id)) continue;
    groups.set(e.group, [...(groups.get(e.group) ?? []), e]);
  }
  const count = entries.length + hits.length;
  // A screenful on the first frame (FIRST_ITEMS), in the order shown: the recent ones, then the groups.
  let left = complete ? Infinity : FIRST_ITEMS;
  const recentShown = recent.slice(0, left);
  left -= recentShown.length;
  const groupsShown: [string, Entry[]][] = [];
  for (const [group, list] of groups) {
    if (left <= 0) break;
    groupsShown.push([group, list.slice(0, left)]);
    left -= list.length;
  }

  const runEntry = (e: Entry) => {
    if ('reason' in e.availability) return;
    remember(e.command.id);
    onClose();
    // After the palette has gone: while it is open the page behind is inert, so a page the command
    // opens in the same render could not take the focus (a form's first field).
    setTimeout(() => void e.command.run(ctx), 0);
  };

  const renderEntry = (e: Entry, prefix: string) => {
    const reason = 'reason' in e.availability ? t(e.availability.reason) : undefined;
    return (
      <Cmdk.Item key={`${prefix}${e.command.id}`} value={`${prefix}${e.command.id}`} disabled={Boolean(reason)} onSelect={() => runEntry(e)} className={itemStyle}>
        <span className={css({ flex: 1 })}>
          {e.title}
          {reason && <span className={css({ ml: '2', fontSize: 'xs', color: 'fg.subtle' })}>— {reason}</span>}
        </span>
        {hotkeysOf(e.command).slice(0, 2).map((hk) => (
          <Hotkey key={hk} hotkey={hk} then={t('help.then')} />
        ))}
      </Cmdk.Item>
    );
  };

  return (
    <ModalOverlay isOpen={open} onOpenChange={(o) => !o && onClose()} isDismissable className={overlay}>
      <Modal className={modalBox}>
        <Dialog aria-label={t('palette.title')} data-focus-owner="modal" className={css({ outline: 'none' })}>
          <Cmdk label={t('palette.title')} shouldFilter={false} loop className={css({ display: 'flex', flexDirection: 'column' })}>
            <Cmdk.Input
              ref={input}
              autoFocus
              value={query}
              onValueChange={setQuery}
              placeholder={t('palette.placeholder')}
              className={css({ h: '44px', px: '4', fontSize: 'md', borderBottomWidth: '1px', borderColor: 'border', outline: 'none', bg: 'transparent', color: 'fg' })}
            />
            <Cmdk.List className={css({ maxH: '60vh', overflowY: 'auto', p: '1' })}>
              <Cmdk.Empty className={css({ px: '3', py: '4', color: 'fg.muted' })}>{t('palette.no_results')}</Cmdk.Empty>
              {recentShown.length > 0 && (
                <Cmdk.Group heading={t('palette.recent')} className={groupStyle}>
                  {recentShown.map((e) => renderEntry(e, 'recent:'))}
                </Cmdk.Group>
              )}
              {groupsShown.map(([group, list]) => (
                <Cmdk.Group key={group} heading={group} className={groupStyle}>
                  {list.map((e) => renderEntry(e, ''))}
                </Cmdk.Group>
              ))}
              {hits.length > 0 && (
                <Cmdk.Group heading={t('palette.records')} className={groupStyle}>
                  {hits.map(({ lookup, title, hit, href }) => (
                    <Cmdk.Item
                      key={`${lookup}:${hit.id}`}
                      value={`record:${lookup}:${hit.id}`}
                      onSelect={() => {
                        onClose();
                        setTimeout(() => ctx.navigate(href), 0);
                      }}
                      className={itemStyle}
                    >
                      <span className={css({ flex: 1 })}>
                        {hit.label}
                        {hit.detail && <span className={css({ ml: '2', color: 'fg.subtle', fontSize: 'xs' })}>{hit.detail}</span>}
                      </span>
                      <span className={css({ fontSize: 'xs', color: 'fg.subtle' })}>{title}</span>
                    </Cmdk.Item>
                  ))}
                </Cmdk.Group>
              )}
            </Cmdk.List>
          </Cmdk>
          <div role="status" aria-live="polite" className="sr-only">
            {open ? (count === 0 ? t('palette.no_results') : t('palette.results', { count })) : ''}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
