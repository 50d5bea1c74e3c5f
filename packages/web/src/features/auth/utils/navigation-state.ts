// What one sign-in page hands the next through history state (never through the address bar):
// the MFA challenge, the email a reset link went to, and a notice to show on arrival.

export type NoticeKey = 'auth.register.success' | 'messages.passwordChanged';

function field(state: unknown, name: string): unknown {
  return typeof state === 'object' && state !== null && name in state
    ? (state as Record<string, unknown>)[name]
    : undefined;
}

function text(state: unknown, name: string): string | null {
  const value = field(state, name);
  return typeof value === 'string' && value !== '' ? value : null;
}

export function readMfaToken(state: unknown): string | null {
  return text(state, 'mfaToken');
}

export function readEmail(state: unknown): string | null {
  return text(state, 'email');
}

const noticeKeys: readonly NoticeKey[] = ['auth.register.success', 'messages.passwordChanged'];

export function readNotice(state: unknown): NoticeKey | null {
  const notice = text(state, 'notice');
  return noticeKeys.find((key) => key === notice) ?? null;
}
