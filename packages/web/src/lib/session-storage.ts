// The signed-in session kept in the browser: the bearer token the API client sends and the role
// the user is acting as. Sign-in writes them, sign-out clears them.
import { readStoredValue, removeStoredValue, writeStoredValue } from './browser-storage';

export const SERVICE_TOKEN_KEY = 'serviceToken';
export const USER_ACTIVE_ROLE_KEY = 'userActiveRole';

export function getServiceToken(): string | null {
  const token = readStoredValue(SERVICE_TOKEN_KEY);
  return token === null || token === '' ? null : token;
}

export function setServiceToken(token: string): void {
  writeStoredValue(SERVICE_TOKEN_KEY, token);
}

export function getUserActiveRole(): string | null {
  return readStoredValue(USER_ACTIVE_ROLE_KEY);
}

export function setUserActiveRole(role: string): void {
  writeStoredValue(USER_ACTIVE_ROLE_KEY, role);
}

export function clearSession(): void {
  removeStoredValue(SERVICE_TOKEN_KEY);
  removeStoredValue(USER_ACTIVE_ROLE_KEY);
}
