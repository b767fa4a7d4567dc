import { Trash2 } from 'lucide-react';
import { ConfirmButton } from './confirm-dialog';
import { useNotice } from './notice-dialog';

const DELETED_AUTO_CLOSE_MS = 1500;

/**
 * A row's Delete, asked first ('Are you sure?' with `question`): the confirming answer runs `remove`,
 * then a notice says 'Deleted!' with `deleted` (closing by itself), or `failed` when it threw.
 */
export function DeleteButton({
  label,
  question,
  remove,
  deleted,
  failed,
}: {
  /** The button's accessible name: what it deletes. */
  label: string;
  question: string;
  remove: () => Promise<unknown>;
  deleted: string;
  failed: { title: string; text: string };
}) {
  const notice = useNotice();
  const confirmed = async () => {
    try {
      await remove();
      notice({ title: 'Deleted!', text: deleted, tone: 'success', autoCloseMs: DELETED_AUTO_CLOSE_MS });
    } catch {
      notice({ ...failed, tone: 'error' });
    }
  };
  return (
    <ConfirmButton
      size="sm"
      variant="outline"
      aria-label={label}
      confirm={{ text: question, confirmLabel: 'Yes, delete it!' }}
      onConfirm={() => void confirmed()}
    >
      <Trash2 aria-hidden="true" />
      Delete
    </ConfirmButton>
  );
}
