// Switching role reloads the whole app, so the "<role> was selected" notice (spec section 8) is
// handed across the reload in sessionStorage and shown once by the page that loads next.
const ROLE_SWITCH_NOTICE_KEY = 'flowsight.roleSwitchNotice';

export function rememberRoleSwitch(roleDescription: string): void {
  try {
    window.sessionStorage.setItem(ROLE_SWITCH_NOTICE_KEY, roleDescription);
  } catch {
    // Storage unavailable: the switch still happens, only the notice is lost.
  }
}

export function peekRoleSwitch(): string | null {
  try {
    return window.sessionStorage.getItem(ROLE_SWITCH_NOTICE_KEY);
  } catch {
    return null;
  }
}

export function forgetRoleSwitch(): void {
  try {
    window.sessionStorage.removeItem(ROLE_SWITCH_NOTICE_KEY);
  } catch {
    // Nothing was kept.
  }
}
