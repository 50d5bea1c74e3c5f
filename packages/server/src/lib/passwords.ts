// Password hashing with argon2id at OWASP's minimum cost (m = 19 MiB, t = 2, p = 1).
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id: the enum is ambient const, which isolated modules cannot read. */
const ARGON2ID = 2 satisfies Algorithm.Argon2id;

export const passwordHashParameters = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, passwordHashParameters);

// Verifying against this for unknown users makes their answer take as long as a real check.
let decoy: Promise<string> | undefined;

export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    decoy ??= hashPassword('decoy-password-never-matches');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
