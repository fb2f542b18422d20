import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { UserResponse } from '@store/contracts';
import { updateProfile, useProfile } from '../../api/users.js';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { queryKeys } from '../../lib/query-client.js';
import { usePageTitle } from '../../lib/page-title.js';
import { MyOrders } from './my-orders.js';
import { AddressBook } from './address-book.js';
import { AccountFields } from './account-fields.js';
import { SignOutEverywhere } from './sign-out-everywhere.js';
import { useAccountForm } from './use-account-form.js';
import { getUserInfo, setCredentials, useUserInfo } from '../../stores/user-store.js';
import {
  confirmError,
  emailError,
  nameError,
  newPasswordError,
  type AccountField,
} from '../../lib/account-validation.js';

/** Keeps the stored user in step with the server, keeping its expiry (and pincode, if the server has none). */
function storeUser(next: UserResponse): void {
  const current = getUserInfo();
  if (current) setCredentials(next, current.expirationTime);
}

/**
 * /profile (signed-in group): name, email and a new password, and the address book under them;
 * beside them, the shopper's orders.
 */
export function ProfilePage() {
  usePageTitle('User Profile', 'Your Phoolwala Gifts account: name, email address and password.');
  const user = useUserInfo();
  const queryClient = useQueryClient();
  // Asking the server also proves the session is alive: a 401 here logs out.
  const profile = useProfile();
  const [values, setValues] = useState({
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    confirmPassword: '',
    currentPassword: '',
  });
  const edited = useRef(false);
  const form = useAccountForm();

  // The server's answer wins: into the form (unless the shopper is typing) and the stored user.
  useEffect(() => {
    const fresh = profile.data;
    if (!fresh) return;
    storeUser(fresh);
    if (!edited.current) setValues((v) => ({ ...v, name: fresh.name, email: fresh.email }));
  }, [profile.data]);

  function saved(updated: UserResponse): void {
    storeUser(updated);
    queryClient.setQueryData([...queryKeys.users, 'profile'], updated);
    edited.current = false;
    form.reset();
    setValues({ name: updated.name, email: updated.email, password: '', confirmPassword: '', currentPassword: '' });
    toast.success('Profile updated successfully');
  }

  const change = (field: AccountField) => (e: { target: { value: string } }) => {
    edited.current = true;
    setValues((v) => ({ ...v, [field]: e.target.value }));
    form.clearField(field);
  };

  // The server asks for proof of a new email or password; the field shows as soon as one is typed.
  const askCurrentPassword = values.password !== '' || values.email.trim() !== (user?.email ?? values.email.trim());

  function submit(e: FormEvent) {
    e.preventDefault();
    if (form.pending) return;
    const { name, email, password, confirmPassword, currentPassword } = values;
    const valid = form.check({
      name: nameError(name),
      email: emailError(email),
      password: password ? newPasswordError(password) : undefined,
      confirmPassword: confirmError(password, confirmPassword),
    });
    if (!valid) return;
    // The password goes only when one is typed: empty means keep the current one. An empty current
    // password is left for the server to judge: an account that only signs in with Google has none.
    const input = {
      name: name.trim(),
      email: email.trim(),
      ...(password ? { password } : {}),
      ...(askCurrentPassword && currentPassword ? { currentPassword } : {}),
    };
    void form.send(() => updateProfile(input), saved);
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:py-10">
      {/*
        Profile and address book side by side on wide screens, 'My Orders' below them across the
        whole width: beside them, next to the category sidebar, its table had no room at 1280 px.
      */}
      <div className="flex flex-col gap-10">
        <div className="grid items-start gap-10 lg:grid-cols-2 lg:gap-8">
          <section aria-labelledby="profile-heading" className="flex w-full max-w-md flex-col gap-5 lg:max-w-none">
            <div>
              <h1 id="profile-heading" className="text-2xl font-bold text-neutral-900 md:text-3xl">
                User Profile
              </h1>
              <p className="mt-1.5 text-sm text-neutral-600">
                Change your name or email address, or set a new password.
              </p>
            </div>
            {form.alert ? <Alert>{form.alert}</Alert> : null}
            <form
              ref={form.formRef}
              onSubmit={submit}
              noValidate
              aria-label="User Profile"
              aria-busy={form.pending}
              className="flex flex-col gap-4 rounded-xl border border-neutral-200 bg-neutral-50 p-5"
            >
              <AccountFields
                values={values}
                errors={form.errors}
                change={change}
                passwordHint="Leave blank to keep your current password. At least 8 characters."
                currentPasswordHint={
                  askCurrentPassword
                    ? 'Needed to change your email or password. Only ever signed in with Google? Leave it blank.'
                    : undefined
                }
              />
              <Button type="submit" size="lg" disabled={form.pending} className="mt-1 w-full">
                {form.pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
                Update
              </Button>
            </form>
            <SignOutEverywhere />
          </section>
          <AddressBook />
        </div>
        <MyOrders />
      </div>
    </div>
  );
}
