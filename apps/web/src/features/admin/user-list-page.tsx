import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AdminUser } from '@store/contracts';
import { errorMessage } from '../../lib/api.js';
import { cn } from '../../lib/cn.js';
import { queryKeys } from '../../lib/query-client.js';
import { usePageTitle } from '../../lib/page-title.js';
import { deleteUser, useAdminUsers } from './admin-api.js';
import {
  AdminPage,
  AdminTable,
  cellClasses,
  Cross,
  Loading,
  LoadFailed,
  RowActions,
  ShortId,
  Th,
  Tick,
} from './admin-page.js';

/** /admin/userlist: every account. Admin accounts can be neither edited nor deleted here (ADR 012). */
export function UserListPage() {
  usePageTitle('Users');
  const users = useAdminUsers();
  return (
    <AdminPage title="Users">
      {users.isPending ? (
        <Loading what="users" />
      ) : users.isError ? (
        <LoadFailed error={users.error} />
      ) : (
        <AdminTable
          label="Users"
          head={
            <>
              <Th>ID</Th>
              <Th>NAME</Th>
              <Th>EMAIL</Th>
              <Th>ADMIN</Th>
              <Th hidden>Actions</Th>
            </>
          }
        >
          {users.data.map((u) => (
            <UserRow key={u._id} user={u} />
          ))}
        </AdminTable>
      )}
    </AdminPage>
  );
}

function UserRow({ user: u }: { user: AdminUser }) {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);

  async function remove() {
    if (deleting || !window.confirm('Are you sure')) return;
    setDeleting(true);
    try {
      const { message } = await deleteUser(u._id);
      toast.success(message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.users });
    } catch (err) {
      toast.error(errorMessage(err));
      setDeleting(false);
    }
  }

  return (
    <tr>
      <td className={cellClasses}>
        <ShortId id={u._id} />
      </td>
      <td className={cellClasses}>{u.name}</td>
      <td className={cellClasses}>
        <a href={`mailto:${u.email}`} className="text-brand-700 underline-offset-2 hover:underline">
          {u.email}
        </a>
      </td>
      <td className={cellClasses}>{u.isAdmin ? <Tick label="Admin" /> : <Cross label="Not an admin" />}</td>
      <td className={cn(cellClasses, 'min-w-24')}>
        {u.isAdmin ? null : (
          <RowActions name={u.name} editTo={`/admin/user/${u._id}/edit`} deleting={deleting} onDelete={remove} />
        )}
      </td>
    </tr>
  );
}
