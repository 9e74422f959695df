import { formatWhen } from '../format-when.ts';

/** " · edited" after a post's or comment's time when its author changed it (the time of the edit on hover). */
export function EditedMark({ editedAt }: { editedAt?: string | undefined }) {
  if (!editedAt) return null;
  return (
    <span title={`Edited ${formatWhen(editedAt)}`} data-testid="edited-mark">
      {' '}
      · edited
    </span>
  );
}
