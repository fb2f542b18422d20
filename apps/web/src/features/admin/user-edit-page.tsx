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

function UserForm({ user: loaded }: { user: AdminUser }) {
  // The account as the form was filled from it: its version goes with the save, whatever a refetch brings meanwhile.
  const [user] = useState(loaded);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [isAdmin, setIsAdmin] = useState(user.isAdmin);
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
      const fields = fieldErrorsOfApiError(err);
      setErrors({ name: fields.name, email: fields.email });
      setAsking(false);
      toast.error(errorMessage(err));
      setPending(false);
      focusField(formRef.current, fields.name ? 'name' : fields.email ? 'email' : undefined);
    }
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
      <Button type="submit" size="lg" disabled={pending} className="mt-1 w-full">
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
