import { css } from 'styled-system/css';
import { useKeyCaps } from '../lib/key-caps';

const kbd = css({ fontFamily: 'mono', fontSize: 'xs', px: '1', minW: '18px', textAlign: 'center', borderWidth: '1px', borderColor: 'border.strong', borderBottomWidth: '2px', borderRadius: 'sm', bg: 'bg.subtle', color: 'fg.muted' });

/** A hotkey as keycaps in the user's language (Strg in German); `then` between the keys of a sequence. */
export function Hotkey({ hotkey, then }: { hotkey: string; then: string }) {
  const keys = useKeyCaps()(hotkey);
  const sequence = hotkey.includes(' ');
  return (
    <span className={css({ display: 'inline-flex', gap: '1', alignItems: 'center' })}>
      {keys.map((k, i) => (
        <span key={i} className={css({ display: 'inline-flex', gap: '1', alignItems: 'center' })}>
          {i > 0 && sequence && <span className={css({ fontSize: 'xs', color: 'fg.subtle' })}>{then}</span>}
          <kbd className={kbd}>{k}</kbd>
        </span>
      ))}
    </span>
  );
}
