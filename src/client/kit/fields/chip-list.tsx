import { Button, Tag, TagGroup, TagList } from 'react-aria-components';
import { useT } from '../../lib/i18n';
import { fieldStyles } from './styles';

export interface Chip {
  id: string;
  label: string;
  /** Marked as wrong (a server error on this entry). */
  invalid?: boolean;
}

export interface ChipListProps {
  /** Translated name of the group ('Roles: chosen'). */
  label: string;
  chips: Chip[];
  onRemove(ids: string[]): void;
  disabled?: boolean;
}

/**
 * Chosen values as chips (react-aria TagGroup): arrow keys move between chips, Delete or Backspace
 * removes the focused one, each chip also has a remove button (named 'Remove <chip>'). A focus owner for the shell's hotkeys.
 */
export function ChipList({ label, chips, onRemove, disabled }: ChipListProps) {
  const t = useT();
  if (chips.length === 0) return null;
  return (
    <TagGroup aria-label={label} onRemove={disabled ? undefined : (keys) => onRemove([...keys].map(String))} data-focus-owner="">
      <TagList className={fieldStyles.chips}>
        {chips.map((chip) => (
          <Tag key={chip.id} id={chip.id} textValue={chip.label} className={fieldStyles.chip} data-invalid={chip.invalid ? '' : undefined}>
            <span>{chip.label}</span>
            {!disabled && (
              <Button slot="remove" className={fieldStyles.chipRemove} aria-label={t('form.chips.remove')}>
                <span aria-hidden="true">✕</span>
              </Button>
            )}
          </Tag>
        ))}
      </TagList>
    </TagGroup>
  );
}
