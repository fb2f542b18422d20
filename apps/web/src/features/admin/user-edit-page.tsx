import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminUser } from '@store/contracts';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { Field } from '../../components/ui/field.js';
import { errorMessage } from '../../lib/api.js';
import { queryKeys } from '../../lib/query-client.js';
import { usePageTitle } from '../../lib/page-title.js';
import { emailError, fieldErrorsOfApiError, focusField, nameError } from '../../lib/account-validation.js';
import { recheckField, type FieldMessages } from '../../lib/field-errors.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { updateUser, useAdminUser } from './admin-api.js';
import { AdminPage, Loading } from './admin-page.js';
import { LoadError } from '../../components/ui/load-error.js';
import { Checkbox } from './form-controls.js';
import { ConflictReview, conflictRows, reapply, staleCurrent, type FieldSpec } from './stale-edit.js';

/** /admin/user/:id/edit: name, email and admin rights of a shopper's account; making them an admin is confirmed first. */
export function UserEditPage() {
  usePageTitle('Edit User');
  const { id = '' } = useParams();
  const user = useAdminUser(id);
  return (
    <AdminPage title="Edit User" back="/admin/userlist" narrow>
      {user.isPending ? (
        <Loading what="the user" rows={3} />
      ) : user.isError ? (
        <LoadError what="this user" load={user} />
      ) : (
        <UserForm key={user.data._id} user={user.data} />
      )}
    </AdminPage>
  );
}

interface UserFormState {
  name: string;
  email: string;
  isAdmin: boolean;
}

/** The form's fields as a stale save's conflict view names them. */
const USER_FIELDS: readonly FieldSpec<UserFormState>[] = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email Address' },
  { key: 'isAdmin', label: 'Is Admin' },
];
const formOf = ({ name, email, isAdmin }: AdminUser): UserFormState => ({ name, email, isAdmin });

function UserForm({ user: loaded }: { user: AdminUser }) {
  // The account the form stands on: its version goes with the save, whatever a refetch brings
  // meanwhile; after a stale save, the account as it is now.
  const [user, setUser] = useState(loaded);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [isAdmin, setIsAdmin] = useState(user.isAdmin);
  const [conflict, setConflict] = useState<{ current: AdminUser; message: string } | null>(null);
  const [errors, setErrors] = useState<FieldMessages<'name' | 'email'>>({});
  const [pending, setPending] = useState(false);
  // Making someone an admin waits for this confirmation.
  const [asking, setAsking] = useState(false);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    const found = { name: nameError(name), email: emailError(email) };
    setErrors(found);
    const first = found.name ? 'name' : found.email ? 'email' : undefined;
    if (first) {
      toast.error(found[first]!);
      focusField(formRef.current, first);
      return;
    }
    if (isAdmin && !user.isAdmin) setAsking(true);
    else void save();
  }

  async function save() {
    setPending(true);
    try {
      await updateUser(user._id, {
        userId: user._id,
        version: user.version,
        name: name.trim(),
        email: email.trim(),
        isAdmin,
      });
      toast.success('user updated successfully');
      await queryClient.invalidateQueries({ queryKey: queryKeys.users });
      await navigate('/admin/userlist');
    } catch (err) {
      const current = staleCurrent<AdminUser>(err);
      if (current) {
        setConflict({ current, message: errorMessage(err) });
        setAsking(false);
        setPending(false);
        return;
      }
      const fields = fieldErrorsOfApiError(err);
      setErrors({ name: fields.name, email: fields.email });
      setAsking(false);
      toast.error(errorMessage(err));
      setPending(false);
      focusField(formRef.current, fields.name ? 'name' : fields.email ? 'email' : undefined);
    }
  }

  /** Goes on from the account as it is now: with the admin's own changes on top, or without them. */
  function resolve(keepMine: boolean) {
    if (!conflict) return;
    const now = formOf(conflict.current);
    const next = keepMine ? reapply(USER_FIELDS, formOf(user), now, { name, email, isAdmin }) : now;
    setName(next.name);
    setEmail(next.email);
    setIsAdmin(next.isAdmin);
    setUser(conflict.current);
    setConflict(null);
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label="Edit User"
      aria-busy={pending}
      className="flex flex-col gap-4 rounded-xl border border-neutral-200 bg-neutral-50 p-5"
    >
      {conflict ? (
        <ConflictReview
          title={conflict.message}
          rows={conflictRows(USER_FIELDS, formOf(user), formOf(conflict.current), { name, email, isAdmin })}
          onReapply={() => resolve(true)}
          onDiscard={() => resolve(false)}
        />
      ) : null}
      {user.isAdmin ? (
        <Alert tone="info" role="status">
          Admin users cannot be edited.
        </Alert>
      ) : null}
      <Field
        label="Name"
        name="name"
        autoComplete="off"
        value={name}
        error={errors.name}
        onChange={(e) => {
          setName(e.target.value);
          setErrors((x) => recheckField(x, 'name', nameError(e.target.value)));
        }}
      />
      <Field
        label="Email Address"
        name="email"
        type="email"
        autoComplete="off"
        inputMode="email"
        value={email}
        error={errors.email}
        onChange={(e) => {
          setEmail(e.target.value);
          setErrors((x) => recheckField(x, 'email', emailError(e.target.value)));
        }}
      />
      <Checkbox label="Is Admin" checked={isAdmin} onCheckedChange={setIsAdmin} />
      <Button type="submit" size="lg" disabled={pending || conflict !== null} className="mt-1 w-full">
        {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
        Update
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Make ${name.trim()} an admin?`}
        description={
          <>
            {name.trim()} ({email.trim()}) will manage products, orders and users, and can take other admins’ rights
            away. Another admin can undo this from the Users list.
          </>
        }
        confirmLabel="Make admin"
        pending={pending}
        onConfirm={() => void save()}
      />
    </form>
  );
}
