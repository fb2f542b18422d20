import { useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  ClientConfig,
  ForgotPasswordInput,
  LoginInput,
  ProfileUpdate,
  RegisterInput,
  ResetPasswordInput,
  SavedAddress,
  SavedAddressInput,
  SignInCodeRequest,
  UserResponse,
} from '@store/contracts';
import { apiFetch } from '../lib/api.js';
import { queryKeys } from '../lib/query-client.js';

export function login(input: LoginInput): Promise<UserResponse> {
  return apiFetch<UserResponse>('/api/users/auth', { method: 'POST', body: input });
}

/** Google Identity Services hands over an ID token; the server checks it and signs the user in. */
export function loginWithGoogle(credential: string): Promise<UserResponse> {
  return apiFetch<UserResponse>('/api/users/auth/callback', { method: 'POST', body: { credential } });
}

export function register(input: RegisterInput): Promise<UserResponse> {
  return apiFetch<UserResponse>('/api/users', { method: 'POST', body: input });
}

/** Answers the same whether or not the email has an account; the link, if any, goes by email. */
export function forgotPassword(input: ForgotPasswordInput): Promise<{ message: string }> {
  return apiFetch<{ message: string }>('/api/users/forgot-password', { method: 'POST', body: input });
}

/** Answers the same whether or not an account has the email or mobile; the code, if any, goes there. */
export function requestSignInCode(target: SignInCodeRequest): Promise<{ message: string }> {
  return apiFetch<{ message: string }>('/api/users/otp/request', { method: 'POST', body: target });
}

/** Signs in with the code sent to the email or mobile, as login does. */
export function signInWithCode(target: SignInCodeRequest, code: string): Promise<UserResponse> {
  return apiFetch<UserResponse>('/api/users/otp/verify', { method: 'POST', body: { ...target, code } });
}

/** Sets a new password with an emailed link's token; the server signs the shopper in, as login does. */
export function resetPassword(input: ResetPasswordInput): Promise<UserResponse> {
  return apiFetch<UserResponse>('/api/users/reset-password', { method: 'POST', body: input });
}

/** Ends every session of the signed-in account, this one too, and spends its reset links. */
export function logoutEverywhere(): Promise<{ message: string }> {
  return apiFetch<{ message: string }>('/api/users/logout-everywhere', { method: 'POST' });
}

export function updateProfile(input: ProfileUpdate): Promise<UserResponse> {
  return apiFetch<UserResponse>('/api/users/profile', { method: 'PUT', body: input });
}

/** The signed-in user as the server knows them; a 401 here means the session is gone (and logs out). */
export function useProfile() {
  return useQuery({
    queryKey: [...queryKeys.users, 'profile'],
    queryFn: ({ signal }) => apiFetch<UserResponse>('/api/users/profile', { signal }),
  });
}

/** `GET /api/config`, kept for the whole visit; usable by useQuery and by queryClient.fetchQuery. */
export const clientConfigQuery = {
  queryKey: queryKeys.config,
  queryFn: ({ signal }: { signal?: AbortSignal }) => apiFetch<ClientConfig>('/api/config', { signal }),
  staleTime: Infinity,
  retry: false,
} as const;

/**
 * The server's settings for the web app (`GET /api/config`): Google sign-in only with a client id,
 * and which checkout Pay Now opens (Razorpay's or the simulated one).
 */
export function useClientConfig() {
  return useQuery(clientConfigQuery);
}

/**
 * The server writes the same settings into every page it sends; taking them from there spares
 * the request and lets the first render show the demo banner instead of pushing the page down
 * when the answer arrives. Without them (the dev server's page) `GET /api/config` answers.
 */
export function seedClientConfig(queryClient: QueryClient, doc: Document = document): void {
  const text = doc.getElementById('client-config')?.textContent;
  if (!text) return;
  try {
    const config = JSON.parse(text) as ClientConfig;
    if (typeof config.demo === 'boolean') queryClient.setQueryData(clientConfigQuery.queryKey, config);
  } catch {
    // An unreadable block is no worse than none: the request answers instead.
  }
}

const savedAddressesKey = [...queryKeys.users, 'addresses'] as const;

/** The signed-in shopper's address book, newest use first. */
/** The signed-in shopper's address book; a guest at checkout has none to ask for. */
export function useSavedAddresses({ enabled = true } = {}) {
  return useQuery({
    queryKey: savedAddressesKey,
    queryFn: ({ signal }) => apiFetch<SavedAddress[]>('/api/users/addresses', { signal }),
    enabled,
  });
}

export function updateSavedAddress(id: string, input: SavedAddressInput): Promise<SavedAddress> {
  return apiFetch<SavedAddress>(`/api/users/addresses/${id}`, { method: 'PUT', body: input });
}

export function removeSavedAddress(id: string): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(`/api/users/addresses/${id}`, { method: 'DELETE' });
}

/** Shows the book as the server has it now, after a change. */
export function refreshSavedAddresses(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: savedAddressesKey });
}
