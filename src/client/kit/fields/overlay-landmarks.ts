/**
 * Popups that react-aria portals to the end of <body> sit outside every landmark (axe `region`): the
 * popup element becomes a labelled region of its own. react-aria's Popover takes no role prop; the
 * element is ours once mounted.
 */
export function labelledRegion(name: { label?: string; labelledBy?: string }) {
  return (el: HTMLElement | null) => {
    if (!el) return;
    el.setAttribute('role', 'region');
    if (name.labelledBy) el.setAttribute('aria-labelledby', name.labelledBy);
    else if (name.label) el.setAttribute('aria-label', name.label);
  };
}

/**
 * react-aria's combo box hides everything but the input and its list from assistive technology
 * (`aria-hidden`) while the list is open, although the list is not modal: the page's heading goes
 * and its buttons and fields stay focusable inside hidden content (axe `aria-hidden-focus`), and a
 * screen reader user loses the form around the field. Called just before react-aria's effect looks
 * (children's effects run first), this marks the application's top element as a top layer, which
 * react-aria keeps visible; the mark goes again right after (react-aria remembers what it spared),
 * so clicks on the page still count as outside the list.
 */
export function keepPageVisible(inside: Element | null): void {
  const top = inside?.closest('body > *');
  if (!(top instanceof HTMLElement) || top.dataset.reactAriaTopLayer !== undefined) return;
  top.dataset.reactAriaTopLayer = '';
  queueMicrotask(() => delete top.dataset.reactAriaTopLayer);
}
