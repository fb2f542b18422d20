import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';
import { LoaderCircle, Pencil, Trash2 } from 'lucide-react';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { errorMessage } from '../../lib/api.js';

/**
 * A row's Edit link and Delete button, named after the row so each is told apart by a screen
 * reader. Delete asks first, then refreshes the list under `listKey`; the button spins meanwhile
 * and comes back only when the deletion failed (on success the row goes).
 */
export function RowActions({
  name,
  editTo,
  remove,
  listKey,
}: {
  name: string;
  editTo: string;
  remove: () => Promise<{ message: string }>;
  listKey: QueryKey;
}) {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);

  async function onDelete() {
    if (deleting || !window.confirm('Are you sure')) return;
    setDeleting(true);
    try {
      const { message } = await remove();
      toast.success(message);
      await queryClient.invalidateQueries({ queryKey: listKey });
    } catch (err) {
      toast.error(errorMessage(err));
      setDeleting(false);
    }
  }

  return (
    <span className="flex items-center gap-1">
      <Link to={editTo} aria-label={`Edit ${name}`} title="Edit" className={buttonClasses('ghost', 'icon')}>
        <Pencil className="size-4" aria-hidden="true" />
      </Link>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${name}`}
        title="Delete"
        disabled={deleting}
        onClick={onDelete}
        className="text-red-700 hover:bg-red-50"
      >
        {deleting ? (
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <Trash2 className="size-4" aria-hidden="true" />
        )}
      </Button>
    </span>
  );
}
